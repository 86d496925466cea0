package telegram

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// client is the HTTP client tgbotapi calls through. tgbotapi builds its
// requests without a context, so the client gives each one the adapter's
// context (Ctrl-C cancels a long poll at once) and a deadline, and it
// removes the token from every error: tgbotapi's requests carry the token
// in their URL, and net/http puts the URL in its errors.
type client struct {
	ctx     context.Context
	http    *http.Client
	token   string
	timeout time.Duration
}

func (c *client) Do(req *http.Request) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(c.ctx, c.timeout)
	resp, err := c.http.Do(req.WithContext(ctx))
	if err != nil {
		cancel()
		return nil, c.redact(err)
	}
	resp.Body = &cancelBody{ReadCloser: resp.Body, cancel: cancel}
	return resp, nil
}

// redact returns err without the token: a *url.Error gets the URL without
// its path (which holds the token) and the method name.
func (c *client) redact(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		u := ue.URL
		if p, perr := url.Parse(u); perr == nil {
			method := p.Path[strings.LastIndex(p.Path, "/")+1:]
			u = p.Scheme + "://" + p.Host + "/…/" + method
		}
		inner := ue.Err
		if c.token != "" && strings.Contains(inner.Error(), c.token) {
			inner = errors.New(strings.ReplaceAll(inner.Error(), c.token, "<token>"))
		}
		return &url.Error{Op: ue.Op, URL: u, Err: inner}
	}
	if c.token != "" && strings.Contains(err.Error(), c.token) {
		return errors.New(strings.ReplaceAll(err.Error(), c.token, "<token>"))
	}
	return err
}

// cancelBody releases the request's context when the body is closed.
type cancelBody struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b *cancelBody) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}
