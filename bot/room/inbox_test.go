package room

import (
	"context"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// A table whose inbox is full answers "busy" at once: the caller (an
// adapter's handler) never blocks on a slow table.
func TestFullInboxAnswersBusyAtOnce(t *testing.T) {
	r := &Room{metrics: bot.NewMetrics()}
	tb := &table{d: &tableDeps{metrics: r.metrics}, inbox: make(chan request, 2)}
	tb.inbox <- request{}
	tb.inbox <- request{}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	// A blocked caller would get the context's timeout, not "busy".
	_, err := tb.do(ctx, request{cmd: bot.Command{Name: "call"}})
	if bot.ErrorCode(err) != bot.EBusy || err.(*bot.Error).Key != bot.KeyBusy {
		t.Fatalf("full inbox: %v, want busy", err)
	}
	if r.metrics.Busy.Load() != 1 {
		t.Fatalf("busy counted %d times", r.metrics.Busy.Load())
	}
}
