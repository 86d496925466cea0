// Package platform holds what the chat adapters share about talking to
// their platform: whether it can be reached (logged once per change),
// waiting that honours a context, running an adapter's outbox, and
// logging a panic recovered from a handler.
package platform

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/outbox"
)

// Status remembers whether a platform can be reached and logs it going
// away and coming back, once per change. Its zero value needs Name and Log.
type Status struct {
	Name string // "Telegram", "Discord"
	Log  *slog.Logger

	mu   sync.Mutex
	down bool
}

// Set records a call's outcome: up after a call that reached the platform,
// down (with why) after one that did not.
func (s *Status) Set(up bool, err error) {
	s.mu.Lock()
	changed := s.down == up
	s.down = !up
	s.mu.Unlock()
	if !changed {
		return
	}
	if up {
		s.Log.Info(s.Name + " is reachable")
	} else {
		s.Log.Warn(s.Name+" is unreachable; retrying with backoff", "err", err)
	}
}

// Sleep waits d; it reports false when ctx ended first.
func Sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// RunOutbox delivers o's messages until ctx ends, logging a message it
// could not deliver; the channel is closed when it has stopped.
func RunOutbox(ctx context.Context, o *outbox.Outbox, log *slog.Logger) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		err := o.Run(ctx, func(m bot.Outgoing, err error) {
			log.Warn("message not delivered", "to", m.To.String(), "key", m.Key, "err", err)
		})
		if ctx.Err() == nil {
			log.Error("outbox stopped", "err", err)
		}
	}()
	return done
}

// PanicMessage is the log message of a panic recovered from the handling
// of an update or an interaction (tests and fuzz targets look for it).
const PanicMessage = "recovered from a panic while handling an update"

// LogPanic logs v, a panic recovered from a handler, at error level with
// the stack and attrs (the update or interaction id). secret (the bot's
// token) is cut out of the panic's text: a panic value may be an error
// holding a request URL.
func LogPanic(log *slog.Logger, v any, secret string, attrs ...any) {
	text := fmt.Sprint(v)
	stack := string(debug.Stack())
	if secret != "" {
		text = strings.ReplaceAll(text, secret, "<token>")
		stack = strings.ReplaceAll(stack, secret, "<token>")
	}
	log.Error(PanicMessage, append(attrs, "panic", text, "stack", stack)...)
}
