package room_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// The room closing while a table's write is in flight: a shutdown, not an
// outage, and nothing not stored is reported done.

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
	label := h.playingPoolTable()
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

// Closing the room while a table's write waits on the store is a
// shutdown, not an outage: the table is not paused, the chat is not told
// that the database is unreachable, and a restart finds what the store
// held (the write cut short was not stored).
func TestClosingTheRoomMidWriteIsNoOutage(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/newtable nlhe 1/2 buyin=40-200 timer=30 bank=10")
	h.must("ana", "/join 100")
	h.room.Close()
	hang := &armedHang{Storage: h.store, entered: make(chan struct{}, 1)}
	hang.armed.Store(true)
	h.reopenWith(hang)
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = h.room.Handle(context.Background(), bot.Command{Platform: "console", Chat: "group", User: "ben", UserName: "ben", Name: "join", Args: []string{"100"}})
	}()
	select {
	case <-hang.entered:
	case <-time.After(10 * time.Second):
		t.Fatal("ben's /join never reached the store")
	}
	h.room.Close()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("ben's /join still waits after the room closed")
	}
	if n := h.room.Metrics().Paused.Load(); n != 0 {
		t.Errorf("%d tables paused by the room closing", n)
	}
	if n := h.groupSaid(bot.Text("en", "table.paused", "#1")); n != 0 {
		t.Errorf("the chat was told %d times that the database is unreachable:\n%s", n, strings.Join(h.group(), "\n"))
	}
	h.restart()
	if _, ok := h.seatOf("ben"); ok {
		t.Error("ben is seated after the restart: the write cut short was stored")
	}
	if s, ok := h.seatOf("ana"); !ok || s.Stack != 100 {
		t.Errorf("ana after the restart: %+v, %v; want seated with 100", s, ok)
	}
}
