package room_test

import (
	"context"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// crashAtHandEnd wraps the store: the first write that ends a hand is
// stored, then the process "dies" before anything else happens (the
// write does not return until the room closes).
type crashAtHandEnd struct {
	bot.Storage
	stored chan struct{}
	done   bool
}

func (c *crashAtHandEnd) CommitTables(ctx context.Context, ws []*bot.TableWrite) error {
	ends := false
	for _, w := range ws {
		ends = ends || w.EndHand
	}
	if !ends || c.done {
		return c.Storage.CommitTables(ctx, ws)
	}
	c.done = true
	if err := c.Storage.CommitTables(ctx, ws); err != nil {
		return err
	}
	close(c.stored)
	<-ctx.Done()
	return ctx.Err()
}

// summaries counts the summaries of hand n the group was sent.
func (h *harness) summaries(n string) int {
	k := 0
	for _, m := range h.rec.all() {
		if v, ok := m.Body.(bot.View); ok && v.Kind == bot.ViewSummary && !m.To.Private() && strings.Contains(v.Text, "Hand "+n+" at ") {
			k++
		}
	}
	return k
}

// A hand's end is stored, and the room stops before its summary is sent
// (a crash): the restart sends it, once; a later restart does not send it
// again, nor does a restart after a summary sent as usual.
func TestASummaryNotSentBeforeACrashIsSentOnceAfterTheRestart(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	c := &crashAtHandEnd{Storage: h.store, stored: make(chan struct{})}
	h.room.Close()
	h.reopenWith(c)
	who := h.toAct()
	name, args, _ := bot.ParseCommand("/fold")
	answered := make(chan struct{})
	room := h.room
	go func() {
		defer close(answered)
		_, _ = room.Handle(context.Background(), bot.Command{Platform: "console", Chat: "group", User: who, UserName: who, Name: name, Args: args})
	}()
	<-c.stored
	room.Close() // the crash: the hand's end is stored, nothing shown
	<-answered
	h.room = nil
	if n := h.summaries("1"); n != 0 {
		t.Fatalf("hand 1's summary sent %d times before the crash", n)
	}
	h.restart()
	if n := h.summaries("1"); n != 1 {
		t.Fatalf("after the restart hand 1's summary was sent %d times, want once", n)
	}
	h.restart()
	if n := h.summaries("1"); n != 0 {
		t.Fatalf("a second restart sent hand 1's summary again (%d)", n)
	}
	h.playToEnd(40) // hand 2, its summary sent as usual
	if n := h.summaries("2"); n != 1 {
		t.Fatalf("hand 2's summary sent %d times", n)
	}
	h.restart()
	if n := h.summaries("2"); n != 0 {
		t.Fatalf("a restart sent hand 2's summary, sent before, again (%d)", n)
	}
	h.checkBooks()
}
