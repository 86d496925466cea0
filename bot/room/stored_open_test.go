package room_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
)

// An admin's /newpool or /newtable whose write was stored but reported
// failed (the connection lost at the commit) must not be answered "try
// again": the pool or table is in the store and comes back at the next
// start, so that the admin who tries again has two, and the chat's
// players a "which one?" at every /pool or /join. The write is read back:
// what is stored is opened and answered done.
func TestAnOpeningStoredButReportedFailedIsOpenedOnce(t *testing.T) {
	for _, tc := range []struct {
		name, method, open, join string
	}{
		// R-CASH-7
		{"pool", "SetValue", "/newpool nlhe 1/2 seats=3", "/pool join 100"},
		// R-CASH-1
		{"table", "AddTable", "/newtable nlhe 1/2", "/join 100"},
		{"tournament", "AddTourney", "/tourney create Friday buyin=10+1 start=+2h", "/register"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, 7)
			f := withFaults(h)
			f.Decide = func(method string) bottest.Fault {
				if method == tc.method {
					return bottest.Ambiguous
				}
				return bottest.Pass
			}
			_, err := h.do("admin", tc.open)
			f.Decide = nil
			if err != nil {
				// The admin, told to try again, does.
				h.must("admin", tc.open)
				t.Errorf("%s stored but reported failed: the admin is told %q", tc.open, bot.FromError(err).Message("en"))
			}
			h.must("ana", tc.join)
			h.restart()
			h.must("ben", tc.join)
			h.sleep(3 * time.Second)
			h.checkBooks()
		})
	}
}

// A /closepool whose write was stored but reported failed closed the pool
// in the store only: the room kept dealing it, and the pool the admin
// then opened stood beside it ("which pool?" at every /pool command),
// until a restart dropped the first. The write is read back: the pool
// closes now, as the store says (R-CASH-7).
func TestAClosePoolStoredButReportedFailedClosesThePool(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/newpool nlhe 1/2 seats=3")
	h.must("ana", "/pool join 100")
	f := withFaults(h)
	f.Decide = func(method string) bottest.Fault {
		if method == "SetValue" {
			return bottest.Ambiguous
		}
		return bottest.Pass
	}
	_, err := h.do("admin", "/closepool")
	f.Decide = nil
	if err != nil {
		t.Errorf("/closepool stored but reported failed: the admin is told %q", bot.FromError(err).Message("en"))
	}
	if left := h.room.PoolEntries(1); len(left) != 0 {
		t.Errorf("P1 closed, its waiting entries still there: %v", left)
	}
	h.must("admin", "/newpool nlhe 1/2 seats=3")
	h.must("ana", "/pool join 100")
	h.must("ben", "/pool join 100")
	h.sleep(3 * time.Second)
	h.checkBooks()
}

// holdingStore blocks the opening of table 1's account until release is
// closed, and reports the next AddTable failed after storing it.
type holdingStore struct {
	bot.Storage
	held, release chan struct{}
	ambiguous     atomic.Bool
}

func (s *holdingStore) OpenAccount(ctx context.Context, kind bot.AccountKind, key string, player int64) (int64, error) {
	if key == "table:1" && s.held != nil {
		close(s.held)
		s.held = nil
		<-s.release
	}
	return s.Storage.OpenAccount(ctx, kind, key, player)
}

func (s *holdingStore) AddTable(ctx context.Context, t bot.TableRecord) (int64, error) {
	id, err := s.Storage.AddTable(ctx, t)
	if err == nil && s.ambiguous.CompareAndSwap(true, false) {
		return 0, bottest.ErrAmbiguous
	}
	return id, err
}

// Two admins open the same table at once, the second's write stored but
// reported failed: reading it back takes the second's table, never the
// first's, which the first command has made and not yet started (two
// actors would play one table).
func TestATableReadBackIsNeverAnotherCommands(t *testing.T) {
	h := newHarness(t, 7)
	h.room.Close()
	st := &holdingStore{Storage: h.store, held: make(chan struct{}), release: make(chan struct{})}
	h.reopenWith(st)
	held := st.held
	open := func() error {
		_, err := h.room.Handle(context.Background(), bot.Command{Platform: "console", Chat: "group", User: "admin", UserName: "admin", Name: "newtable", Args: []string{"nlhe", "1/2"}})
		return err
	}
	first := make(chan error, 1)
	go func() { first <- open() }()
	<-held // the first table is stored, its actor not started
	st.ambiguous.Store(true)
	second := make(chan error, 1)
	go func() { second <- open() }()
	var err2 error
	done := false
	select {
	case err2 = <-second:
		done = true
	case <-time.After(200 * time.Millisecond): // it may wait for the first's write: fine
	}
	close(st.release)
	if err := <-first; err != nil {
		t.Fatalf("the first /newtable: %v", err)
	}
	if !done {
		err2 = <-second
	}
	if err2 != nil {
		t.Fatalf("the second /newtable: %v", err2)
	}
	h.settle()
	r := h.must("ana", "/tables")
	if !strings.Contains(r.Text, "#1") || !strings.Contains(r.Text, "#2") {
		t.Fatalf("two tables opened, the chat lists:\n%s", r.Text)
	}
	h.must("ana", "/join 100 #1")
	h.must("ben", "/join 100 #2")
	h.checkBooks()
}

// The ids a making write gave are kept only while a failed write's read
// back could mistake their record for its own (made in the same
// millisecond), not for as long as the room runs: a room whose pools and
// admins open tables all day held one more entry for each.
func TestTheIDsOfTablesMadeAreNotKeptForEver(t *testing.T) {
	h := newHarness(t, 16)
	for range 5 {
		h.must("admin", "/newtable nlhe 1/2")
		h.must("admin", "/tourney create Daily start=+3h")
		h.sleep(2 * time.Minute)
	}
	if n := h.room.MadeKept(); n > 2 {
		t.Fatalf("%d ids of tables and tournaments made are kept, want at most the last table's and tournament's", n)
	}
}
