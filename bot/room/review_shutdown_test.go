package room_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// armedHang is a store whose group commits, once armed, wait until their
// context ends: a write in flight when the room closes.
type armedHang struct {
	bot.Storage
	armed   atomic.Bool
	entered chan struct{}
}

func (s *armedHang) CommitTables(ctx context.Context, ws []*bot.TableWrite) error {
	if !s.armed.Load() {
		return s.Storage.CommitTables(ctx, ws)
	}
	select {
	case s.entered <- struct{}{}:
	default:
	}
	<-ctx.Done()
	return ctx.Err()
}

// A fast fold whose write the room's closing cuts short was not stored:
// the player must not be told it was done (nor the pool given the entry
// back), as when the write is lost.
func TestFastFoldCutShortByClosingIsNotReportedDone(t *testing.T) {
	h := startSixHanded(t, 12)
	h.room.Close()
	hs := &armedHang{Storage: h.store, entered: make(chan struct{}, 1)}
	h.reopenWith(hs)
	var label string
	for l := range poolTables(h.room.PoolEntries(1)) {
		label = l
		break
	}
	_, sb, _ := h.blinds(tableID(label))
	if sb == "" {
		t.Fatalf("no small blind at %s", label)
	}
	hs.armed.Store(true)
	type result struct {
		r   bot.Reply
		err error
	}
	done := make(chan result, 1)
	go func() {
		r, err := h.room.Handle(context.Background(), bot.Command{Platform: "console", Chat: "group", User: sb, UserName: sb, Name: "fastfold"})
		done <- result{r, err}
	}()
	select {
	case <-hs.entered:
	case <-time.After(10 * time.Second):
		t.Fatal("the fast fold never reached the store")
	}
	h.room.Close()
	select {
	case got := <-done:
		if got.err == nil {
			t.Errorf("a fast fold cut short by the room closing (not stored) was reported done: %q", got.r.Text)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the fast fold still waits after the room closed")
	}
}
