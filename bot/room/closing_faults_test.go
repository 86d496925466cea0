package room_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/bottest"

	"github.com/pokerroom/pokerroom/bot"
)

// An admin of another chat cannot close this chat's table or pool.
func TestCloseFromAnotherChat(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("admin", "/newpool nlhe 1/2 seats=3")
	h.must("ana", "/pool join 100")
	h.must("ben", "/pool join 100")
	h.sleep(3 * time.Second)
	in := func(chat, user, line string) error {
		name, args, _ := bot.ParseCommand(line)
		_, err := h.room.Handle(context.Background(), bot.Command{Platform: "console", Chat: chat, User: user, UserName: user, Name: name, Args: args})
		h.settle()
		return err
	}
	for _, c := range []struct{ chat, user, line, key string }{
		{"other", "admin", "/closetable #1", "table.no_such"},
		{"other", "admin", "/closetable", "closetable.none"},
		{"other", "admin", "/closepool P1", "pool.no_such"},
		{"other", "admin", "/closepool", "pool.none"},
		{"group", "ana", "/closepool", "admin.only"},
		{"group", "admin", "/closepool P1 x", "closepool.usage"},
		{"group", "admin", "/closepool P9", "pool.no_such"},
	} {
		err := in(c.chat, c.user, c.line)
		if e := bot.FromError(err); err == nil || e.Key != c.key {
			t.Errorf("%s in %s by %s: %v, want %s", c.line, c.chat, c.user, err, c.key)
		}
	}
	if !h.isOpen(1) || len(h.room.PoolEntries(1)) != 2 {
		t.Fatal("closed from another chat")
	}
	h.checkBooks()
}

// everyNth makes every nth table write after it is armed stored but
// reported failed (or lost when lose), up to left times.
type everyNth struct {
	bot.Storage
	n, k, left int
	lose       bool
	armed      bool
	hits       int
}

func (f *everyNth) CommitTables(ctx context.Context, ws []*bot.TableWrite) error {
	if !f.armed || f.left <= 0 {
		return f.Storage.CommitTables(ctx, ws)
	}
	f.k++
	if f.k%f.n != 0 {
		return f.Storage.CommitTables(ctx, ws)
	}
	f.left--
	f.hits++
	if f.lose {
		return bottest.ErrLost
	}
	if err := f.Storage.CommitTables(ctx, ws); err != nil {
		return err
	}
	return bottest.ErrAmbiguous
}

// Closing a pool with its writes failing (stored but reported failed, or
// lost) every few writes: every table closes, nobody loses or gains chips.
func TestClosePoolThroughFailingWrites(t *testing.T) {
	for _, lose := range []bool{false, true} {
		for n := 1; n <= 4; n++ {
			t.Run(fmt.Sprintf("lose=%v/every %d", lose, n), func(t *testing.T) {
				h := startSixHanded(t, uint64(90+n))
				h.room.Close()
				f := &everyNth{Storage: h.store, n: n, left: 6, lose: lose}
				h.reopenWith(f)
				f.armed = true
				if _, err := h.do("admin", "/closepool"); err != nil {
					t.Logf("/closepool: %v", err)
				}
				for range 3 {
					for _, u := range sixPlayers {
						_, _ = h.do(u, "/fastfold")
					}
				}
				h.sleep(2 * time.Minute)
				if _, err := h.do("admin", "/closepool"); err != nil {
					t.Logf("/closepool again: %v", err)
				}
				h.sleep(2 * time.Minute)
				if f.hits == 0 {
					t.Fatal("no fault")
				}
				if n := h.openTables(); n != 0 || len(h.room.Tables()) != 0 {
					t.Fatalf("%d tables open in the store, %v in the room (faults %d)", n, h.room.Tables(), f.hits)
				}
				var total int64
				for _, u := range sixPlayers {
					total += h.wallet(u)
				}
				if total != 60000 {
					t.Fatalf("the six hold %d, want 60000", total)
				}
				h.checkBooks()
			})
		}
	}
}

// loseRelease loses the first left writes handing a pool table's seats back.
type loseRelease struct {
	bot.Storage
	left int
}

func (c *loseRelease) CommitTables(ctx context.Context, ws []*bot.TableWrite) error {
	for _, w := range ws {
		for _, m := range w.Moves {
			if c.left > 0 && m.Reason == "pool cash-out" {
				c.left--
				return bottest.ErrLost
			}
		}
	}
	return c.Storage.CommitTables(ctx, ws)
}

// The writes handing a closing pool's seats back lost, at the hand's end
// before /closepool or after it: every table still closes, nobody loses or
// gains chips.
func TestClosePoolReleaseLost(t *testing.T) {
	for k := 1; k <= 4; k++ {
		for _, before := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d/%v", k, before), func(t *testing.T) {
				h := startSixHanded(t, 84)
				h.room.Close()
				f := &loseRelease{Storage: h.store, left: k}
				h.reopenWith(f)
				if before {
					for range 3 {
						for _, u := range sixPlayers {
							_, _ = h.do(u, "/fold")
							_, _ = h.do(u, "/fastfold")
						}
					}
				}
				h.must("admin", "/closepool")
				h.playOutClosedPool()
				h.checkBooks()
			})
		}
	}
}

// A pool table whose seats could not be handed back after its hand (the
// write lost) is asked to close within the second before it tries again;
// that write is lost too.
func TestClosePoolWhileASeatHandBackIsRetried(t *testing.T) {
	h := startSixHanded(t, 84)
	h.room.Close()
	f := &loseRelease{Storage: h.store}
	h.reopenWith(f)
	var label string
	for l := range poolTables(h.room.PoolEntries(1)) {
		label = l
	}
	f.left = 2
	for range 5 {
		who, _, _ := h.blinds(tableID(label))
		if who == "" {
			break
		}
		h.must(who, "/fold")
	}
	t.Logf("entries %v, left %d", h.room.PoolEntries(1), f.left)
	h.must("admin", "/closepool")
	h.sleep(5 * time.Second)
	t.Logf("entries %v, left %d", h.room.PoolEntries(1), f.left)
	h.playOutClosedPool()
	h.checkBooks()
}
