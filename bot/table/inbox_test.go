package table

import (
	"context"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// A table whose inbox is full answers "busy" at once: the caller (an
// adapter's handler) never blocks on a slow table.
func TestFullInboxAnswersBusyAtOnce(t *testing.T) {
	metrics := bot.NewMetrics()
	tb := &Table{Deps: &Deps{Metrics: metrics}, Inbox: make(chan *Request, 2)}
	tb.Inbox <- &Request{}
	tb.Inbox <- &Request{}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	// A blocked caller would get the context's timeout, not "busy".
	_, err := tb.Do(ctx, Request{Cmd: bot.Command{Name: "call"}})
	if bot.ErrorCode(err) != bot.EBusy || err.(*bot.Error).Key != bot.KeyBusy {
		t.Fatalf("full inbox: %v, want busy", err)
	}
	if metrics.Busy.Load() != 1 {
		t.Fatalf("busy counted %d times", metrics.Busy.Load())
	}
}
