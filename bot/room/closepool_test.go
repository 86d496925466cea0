package room_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
)

// /closepool: an admin closes a fast-fold pool; it draws no new hand, its
// waiting entries are closed at once (their chips are in the wallets),
// those in a hand after it; its tables close as they empty, and a restart
// does not bring it back.

// openTables counts the open tables of the store.
func (h *harness) openTables() int {
	h.t.Helper()
	recs, err := h.store.OpenTables(context.Background(), 0)
	if err != nil {
		h.t.Fatal(err)
	}
	return len(recs)
}

// privateWith counts user's private messages containing part.
func (h *harness) privateWith(user, part string) int {
	n := 0
	for _, s := range h.private(user) {
		if strings.Contains(s, part) {
			n++
		}
	}
	return n
}

// Closing a pool with two hands in play, a waiting entry and one sitting
// out: those two are closed at once (told, their wallets untouched), the
// entries in a hand are cashed out when it ends (told), nothing new is
// drawn, the pool's tables close and everyone holds their chips; the pool
// is gone for good, a restart included, and its number is not given again.
func TestClosePoolCashesEveryEntryOut(t *testing.T) {
	h := startSixHanded(t, 81)
	h.must("gus", "/pool join 100")
	h.must("hal", "/pool join 100")
	h.must("hal", "/pool sitout")
	if got := h.room.PoolEntries(1); len(got) != 8 || !strings.Contains(strings.Join(got, " "), "gus#1 waiting 100") {
		t.Fatalf("entries before: %v", got)
	}
	r := h.must("admin", "/closepool")
	if !strings.Contains(r.Text, "P1 is closed") || !strings.Contains(r.Text, "2 waiting entries are closed") || !strings.Contains(r.Text, "6 entries finish") {
		t.Fatalf("answer %q", r.Text)
	}
	for _, u := range []string{"gus", "hal"} {
		if h.privateWith(u, "P1 closed: your entry 1 is cashed out, its 100 chips") != 1 {
			t.Errorf("%s was not told: %q", u, h.private(u))
		}
		if got := h.wallet(u); got != 10000 {
			t.Errorf("%s's wallet %d, want 10000", u, got)
		}
	}
	if got := h.room.PoolEntries(1); len(got) != 6 || strings.Contains(strings.Join(got, " "), "waiting") {
		t.Fatalf("entries after the close: %v, want the six in a hand", got)
	}
	h.fails("ana", "/pool join 100", "pool.closed")
	h.fails("admin", "/closepool", "closepool.closing")
	if h.openTables() != 2 {
		t.Fatalf("%d tables open, want the two hands' until they end", h.openTables())
	}
	h.poolFoldAll()
	h.sleep(time.Minute) // the hands left end on their timers
	if got := h.room.PoolEntries(1); got != nil {
		t.Fatalf("entries after the hands: %v", got)
	}
	if n := h.openTables(); n != 0 || len(h.room.Tables()) != 0 {
		t.Fatalf("%d tables open in the store, %v in the room", n, h.room.Tables())
	}
	var total int64
	for _, u := range sixPlayers {
		total += h.wallet(u)
		if h.privateWith(u, "P1 closed: your entry 1 is cashed out") != 1 {
			t.Errorf("%s was not told their entry was cashed out: %q", u, h.private(u))
		}
	}
	if total != 60000 {
		t.Fatalf("the six hold %d, want 60000", total)
	}
	if got := h.must("admin", "/adminlog").Text; !strings.Contains(got, "closepool (/closepool)") {
		t.Errorf("admin log:\n%s", got)
	}
	h.checkBooks()
	h.restart()
	if h.room.PoolEntries(1) != nil || len(h.room.Tables()) != 0 {
		t.Fatal("a restart brought the pool back")
	}
	if got := h.must("ana", "/pool").Text; got != bot.Text(bot.English, "pool.none") {
		t.Fatalf("/pool after the restart: %q", got)
	}
	if r := h.must("admin", "/newpool nlhe 1/2"); !strings.Contains(r.Text, "P2") {
		t.Fatalf("a new pool after the close: %q, want P2", r.Text)
	}
}

// playOutClosedPool has the six fold fast where they can and lets the
// hands left end on their timers: then every table of the closed pool is
// closed and the six hold their 60,000.
func (h *harness) playOutClosedPool() {
	h.t.Helper()
	for range 3 {
		for _, u := range sixPlayers {
			_, _ = h.do(u, "/fastfold")
		}
	}
	h.sleep(time.Minute)
	if n := h.openTables(); n != 0 || len(h.room.Tables()) != 0 {
		h.t.Fatalf("%d tables open in the store, %v in the room", n, h.room.Tables())
	}
	var total int64
	for _, u := range sixPlayers {
		total += h.wallet(u)
	}
	if total != 60000 {
		h.t.Fatalf("the six hold %d, want 60000", total)
	}
}

// A restart after /closepool, with hands in play: the pool is not
// restored; its tables finish their hands, cash their seats out and close.
func TestClosePoolSurvivesARestartMidHand(t *testing.T) {
	h := startSixHanded(t, 82)
	h.must("admin", "/closepool P1")
	h.restart()
	if h.room.PoolEntries(1) != nil {
		t.Fatal("a restart brought the closed pool back")
	}
	if h.openTables() != 2 {
		t.Fatalf("%d tables open after the restart, want the two hands'", h.openTables())
	}
	h.playOutClosedPool()
}

// closingFaults loses every write that stores a table's closing request.
type closingFaults struct{ bot.Storage }

func (c closingFaults) CommitTables(ctx context.Context, ws []*bot.TableWrite) error {
	for _, w := range ws {
		if strings.Contains(w.State, `"closing":true`) {
			return bottest.ErrLost
		}
	}
	return c.Storage.CommitTables(ctx, ws)
}

// A pool's table that could not store its closing (its write lost) still
// closes after a restart: its pool is stored closed, so the table closes
// after its hand.
func TestClosePoolTablesCloseAfterARestartWithoutTheirRequest(t *testing.T) {
	h := startSixHanded(t, 84)
	h.room.Close()
	h.reopenWith(closingFaults{h.store})
	h.must("admin", "/closepool")
	recs, err := h.store.OpenTables(context.Background(), 0)
	if err != nil || len(recs) != 2 || strings.Contains(recs[0].State+recs[1].State, "closing") {
		t.Fatalf("the tables stored their closing: %+v, %v", recs, err)
	}
	h.restart()
	h.playOutClosedPool()
}

// Every refusal has its own message and changes nothing.
func TestClosePoolRefusals(t *testing.T) {
	h := newHarness(t, 83)
	h.fails("admin", "/closepool", "pool.none")
	h.must("admin", "/newpool nlhe 1/2")
	h.must("admin", "/newpool nlhe 2/4")
	h.must("ana", "/pool join 100 P1")
	cases := []struct {
		user, line, key string
	}{
		{"ana", "/closepool P1", "admin.only"},
		{"admin", "/closepool", "pool.which"},
		{"admin", "/closepool P9", "pool.no_such"},
		{"admin", "/closepool P1 P9", "pool.no_such"}, // not P1: a pool named that is not there
		{"admin", "/closepool P1 P2", "pool.one"},     // not the last one named
		{"admin", "/closepool P1 now", "closepool.usage"},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			e := h.fails(c.user, c.line, c.key)
			if e.Message(bot.English) == "" {
				t.Fatal("no message")
			}
			if got := h.room.PoolEntries(1); len(got) != 1 {
				t.Fatalf("a refusal changed the pool: %v", got)
			}
		})
	}
	// A pool with no table closes at once: it is gone.
	h.must("admin", "/closepool P2")
	h.fails("admin", "/closepool P2", "pool.no_such")
	if got := h.room.PoolEntries(1); len(got) != 1 {
		t.Fatalf("closing P2 changed P1: %v", got)
	}
	h.must("admin", "/closepool") // the chat's one pool left
	h.fails("admin", "/closepool", "pool.none")
	if got := h.wallet("ana"); got != 10000 {
		t.Fatalf("ana's wallet %d after her waiting entry was closed", got)
	}
}

// loseClosing loses the first left writes that store a table's closing
// request.
type loseClosing struct {
	bot.Storage
	left int
}

func (c *loseClosing) CommitTables(ctx context.Context, ws []*bot.TableWrite) error {
	for _, w := range ws {
		if c.left > 0 && strings.Contains(w.State, `"closing":true`) {
			c.left--
			return bottest.ErrLost
		}
	}
	return c.Storage.CommitTables(ctx, ws)
}

// A pool closed before a restart whose tables had not stored their
// closing, and after the restart the first writes that would store it
// lost: the tables still close (their pool is stored closed). The reload
// after the lost write used to forget the closing (CloseAfterHand was
// only in memory): the tables stayed open, empty, for good.
func TestClosedPoolTableClosesAfterALostWriteAfterARestart(t *testing.T) {
	h := startSixHanded(t, 84)
	h.room.Close()
	h.reopenWith(closingFaults{h.store})
	h.must("admin", "/closepool")
	h.room.Close()
	f := &loseClosing{Storage: h.store, left: 2}
	h.reopenWith(f)
	h.playOutClosedPool()
	if f.left != 0 {
		t.Fatalf("%d closing writes not lost", f.left)
	}
	h.checkBooks()
}

// With one pool closing and another open, a command naming no pool means
// the open one (it used to ask which, the closing pool included): a
// player joins it, leaves it, and /closepool closes it.
func TestPoolCommandsWithoutANameMeanTheOpenPool(t *testing.T) {
	h := startSixHanded(t, 84)
	h.must("admin", "/newpool nlhe 1/2")
	h.must("admin", "/closepool P1")
	if r := h.must("gus", "/pool join 100"); !strings.Contains(r.Text, "P2") {
		t.Fatalf("/pool join with P1 closing: %q, want P2 joined", r.Text)
	}
	if got := h.room.PoolEntries(2); len(got) != 1 || !strings.Contains(got[0], "gus") {
		t.Fatalf("P2's entries: %v, want gus's", got)
	}
	h.must("gus", "/pool leave")
	if got := h.room.PoolEntries(2); got != nil {
		t.Fatalf("P2's entries after /pool leave: %v", got)
	}
	if r := h.must("admin", "/closepool"); !strings.Contains(r.Text, "P2 is closed") {
		t.Fatalf("/closepool with P1 closing: %q, want P2 closed", r.Text)
	}
	h.playOutClosedPool()
}
