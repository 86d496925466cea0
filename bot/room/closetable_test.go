package room_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
	"github.com/pokerroom/pokerroom/store/storetest"
)

// /closetable: an admin closes a cash table; the hand in progress is
// played out, nothing new is dealt, every seat is cashed out (a player's
// chips to their wallet, a practice opponent's to the house) in the write
// that marks the table closed.

// accounts are the balances that closing a table moves: the table's
// account, the house's and every player's wallet, by key.
func (h *harness) accounts() map[string]int64 {
	h.t.Helper()
	snap, err := h.store.AuditSnapshot(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	out := map[string]int64{}
	for _, a := range snap.Accounts {
		key := a.Key
		if a.Kind == bot.AccountHouse {
			key = "house"
		}
		out[key] += a.Balance
	}
	return out
}

// storedSeats returns table id's stored seats: the stacks of its players
// and of its practice opponents.
func (h *harness) storedSeats(id int64) (players, bots int64, n int) {
	h.t.Helper()
	seats, err := h.store.Seats(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	for _, s := range seats {
		if strings.Contains(s.State, `"bot":true`) {
			bots += s.Stack
		} else {
			players += s.Stack
		}
	}
	return players, bots, len(seats)
}

// isOpen reports whether the store holds table id open.
func (h *harness) isOpen(id int64) bool {
	h.t.Helper()
	recs, err := h.store.OpenTables(context.Background(), 0)
	if err != nil {
		h.t.Fatal(err)
	}
	for _, r := range recs {
		if r.ID == id {
			return true
		}
	}
	return false
}

// tableAccount is table id's ledger balance.
func (h *harness) tableAccount(id int64) int64 {
	return h.accounts()[fmt.Sprintf("table:%d", id)]
}

// opener opens a harness: on SQLite (onSQLite) or on PostgreSQL
// (onPostgres, when POKERROOM_TEST_POSTGRES is set).
type opener func(t *testing.T, seed uint64) *harness

func onSQLite(t *testing.T, seed uint64) *harness { return newHarness(t, seed) }

func onPostgres(t *testing.T, seed uint64) *harness {
	return newHarnessAt(t, storetest.PostgresDSN(t), seed)
}

// The closing scenarios that write (idle, mid-hand, after a restart, with
// failing writes) on PostgreSQL too (CI sets POKERROOM_TEST_POSTGRES).
func TestCloseTablePostgres(t *testing.T) {
	if os.Getenv(storetest.PostgresEnv) == "" {
		t.Skip(storetest.PostgresEnv + " is not set: closing tables on PostgreSQL not run (see .ci/postgres.sh)")
	}
	t.Run("idle", func(t *testing.T) { testCloseTableIdle(t, onPostgres) })
	t.Run("mid-hand", func(t *testing.T) { testCloseTableMidHand(t, onPostgres) })
	t.Run("restart", func(t *testing.T) { testCloseTableRestart(t, onPostgres) })
	t.Run("write failures", func(t *testing.T) { testCloseTableWriteFailures(t, onPostgres) })
}

// openTable opens table #1 with ana and ben seated: a hand is in play.
func openTable(t *testing.T, open opener, seed uint64) *harness {
	h := open(t, seed)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	if h.handNo() != "1" || h.toAct() == "" {
		t.Fatalf("no hand in play:\n%s", h.table().Text)
	}
	return h
}

// idleTable opens table #1 with ana seated out and two practice
// opponents, between hands: the practice opponents wait for a player.
func idleTable(t *testing.T, open opener, seed uint64) *harness {
	h := open(t, seed)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 200")
	h.must("admin", "/addbot 2")
	h.must("ana", "/sitout")
	h.playToEnd(60)
	if h.toAct() != "" {
		t.Fatalf("the table is not idle:\n%s", h.table().Text)
	}
	return h
}

// Closing an idle table: every seat cashed out at once (ana's chips to her
// wallet, the practice opponents' to the house), the table closed in the
// store, gone from /tables and the room, and it no longer counts toward
// the chat's limit of tables; the admin log has it.
func TestCloseTableIdleCashesEverySeatOut(t *testing.T) { testCloseTableIdle(t, onSQLite) }

func testCloseTableIdle(t *testing.T, open opener) {
	h := idleTable(t, open, 61)
	players, bots, n := h.storedSeats(1)
	if n != 3 || players == 0 || bots == 0 {
		t.Fatalf("seats before: players %d, practice %d, %d seats", players, bots, n)
	}
	before, wallet := h.accounts(), h.wallet("ana")
	r := h.must("admin", "/closetable")
	if !strings.Contains(r.Text, "#1 is closed") {
		t.Fatalf("answer %q", r.Text)
	}
	after := h.accounts()
	if got := h.wallet("ana") - wallet; got != players {
		t.Errorf("ana's wallet got %d, want her stack %d", got, players)
	}
	if got := after["house"] - before["house"]; got != bots {
		t.Errorf("the house got %d, want the practice opponents' %d", got, bots)
	}
	if got := after["table:1"]; got != 0 {
		t.Errorf("the closed table's account holds %d", got)
	}
	if h.isOpen(1) {
		t.Error("the store holds the table open")
	}
	if _, _, n := h.storedSeats(1); n != 0 {
		t.Errorf("%d seats stored at the closed table", n)
	}
	if len(h.room.Tables()) != 0 {
		t.Errorf("the room still runs tables %v", h.room.Tables())
	}
	if got := h.must("ana", "/tables").Text; got != bot.Text(bot.English, "tables.none") {
		t.Errorf("/tables after the close: %q", got)
	}
	if !strings.Contains(strings.Join(h.group(), "\n"), "Table #1 (NL Hold'em 1/2) is closed") {
		t.Errorf("the group was not told:\n%s", strings.Join(h.group(), "\n"))
	}
	if got := h.must("admin", "/adminlog").Text; !strings.Contains(got, "closetable (/closetable)") {
		t.Errorf("admin log:\n%s", got)
	}
	h.fails("ana", "/join 100 #1", "table.no_such")
	h.restart()
	if len(h.room.Tables()) != 0 {
		t.Errorf("a restart brought back tables %v", h.room.Tables())
	}
}

// The chat's limit of cash tables counts open ones: closing one makes
// room for a new one.
func TestCloseTableFreesTheChatsLimit(t *testing.T) {
	h := newHarness(t, 62)
	for range 20 {
		h.must("admin", "/newtable nlhe 1/2")
	}
	h.fails("admin", "/newtable nlhe 1/2", "newtable.too_many")
	h.must("admin", "/closetable #7")
	h.must("admin", "/newtable nlhe 1/2")
	h.fails("admin", "/newtable nlhe 1/2", "newtable.too_many")
	if strings.Contains(h.must("ana", "/tables").Text, "#7 ") {
		t.Error("/tables lists the closed table #7")
	}
}

// Closing mid-hand: the hand is played out, no new one is dealt, then
// every seat is cashed out; the table takes no one new meanwhile and a
// second request is refused.
func TestCloseTableMidHandFinishesTheHandFirst(t *testing.T) { testCloseTableMidHand(t, onSQLite) }

func testCloseTableMidHand(t *testing.T, open opener) {
	h := openTable(t, open, 63)
	r := h.must("admin", "/closetable #1")
	if !strings.Contains(r.Text, "after the hand") {
		t.Fatalf("answer %q", r.Text)
	}
	if !h.isOpen(1) || h.toAct() == "" {
		t.Fatal("the table closed before its hand ended")
	}
	h.fails("admin", "/closetable", "closetable.closing")
	h.fails("cat", "/join 100 #1", "closetable.no_join")
	h.playToEnd(60)
	if h.isOpen(1) {
		t.Fatal("the table is open after its hand")
	}
	for _, s := range h.group() {
		if strings.Contains(s, "hand 2") {
			t.Fatalf("a hand was dealt after the close was asked:\n%s", s)
		}
	}
	if got := h.wallet("ana") + h.wallet("ben"); got != 20000 {
		t.Fatalf("ana and ben hold %d, want 20000", got)
	}
	if got := h.tableAccount(1); got != 0 {
		t.Fatalf("the closed table holds %d", got)
	}
}

// A restart between the request and the hand's end: the request is
// stored, so the table still closes after its hand.
func TestCloseTableSurvivesARestartMidHand(t *testing.T) { testCloseTableRestart(t, onSQLite) }

func testCloseTableRestart(t *testing.T, open opener) {
	h := openTable(t, open, 64)
	h.must("admin", "/closetable")
	h.restart()
	if !h.isOpen(1) || h.toAct() == "" {
		t.Fatalf("after the restart the hand is not in play:\n%s", h.table().Text)
	}
	h.fails("admin", "/closetable", "closetable.closing")
	h.playToEnd(60)
	if h.isOpen(1) || len(h.room.Tables()) != 0 {
		t.Fatal("the table did not close after its hand")
	}
	if got := h.wallet("ana") + h.wallet("ben"); got != 20000 {
		t.Fatalf("ana and ben hold %d, want 20000", got)
	}
}

// closeFaults fails the writes that close a table: lost (nothing stored)
// or stored and reported failed, as many times as left.
type closeFaults struct {
	bot.Storage
	fault bottest.Fault
	left  atomic.Int32
}

func (c *closeFaults) CommitTables(ctx context.Context, ws []*bot.TableWrite) error {
	for _, w := range ws {
		if !w.Close || c.left.Add(-1) < 0 {
			continue
		}
		if c.fault == bottest.Lose {
			return bottest.ErrLost
		}
		if err := c.Storage.CommitTables(ctx, ws); err != nil {
			return err
		}
		return bottest.ErrAmbiguous
	}
	return c.Storage.CommitTables(ctx, ws)
}

// A write that fails at the close leaves the table as the store holds it:
// lost, the table is open with its seats and chips and the admin may ask
// again; stored although reported failed, the table is closed. Mid-hand,
// a failed close after the hand is tried again until it is stored. The
// books balance every way.
func TestCloseTableWriteFailures(t *testing.T) { testCloseTableWriteFailures(t, onSQLite) }

func testCloseTableWriteFailures(t *testing.T, open opener) {
	cases := []struct {
		name    string
		fault   bottest.Fault
		midHand bool
	}{
		{"idle, lost", bottest.Lose, false},
		{"idle, stored but reported failed", bottest.Ambiguous, false},
		{"after the hand, lost", bottest.Lose, true},
		{"after the hand, stored but reported failed", bottest.Ambiguous, true},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var h *harness
			if c.midHand {
				h = openTable(t, open, uint64(70+i))
			} else {
				h = idleTable(t, open, uint64(70+i))
			}
			h.room.Close()
			f := &closeFaults{Storage: h.store, fault: c.fault}
			f.left.Store(1)
			h.reopenWith(f)
			_, err := h.do("admin", "/closetable")
			lost := c.fault == bottest.Lose && !c.midHand
			if lost {
				if bot.ErrorCode(err) != bot.EUnavailable {
					t.Fatalf("a lost close: %v, want unavailable", err)
				}
				if !h.isOpen(1) || len(h.room.Tables()) != 1 {
					t.Fatal("a lost close closed the table")
				}
				if _, _, n := h.storedSeats(1); n != 3 {
					t.Fatalf("a lost close left %d seats", n)
				}
				h.checkBooks()
				h.must("admin", "/closetable") // not closing: asked again, it closes
			} else if err != nil {
				t.Fatalf("/closetable: %v", err)
			}
			if c.midHand {
				h.playToEnd(60)
			}
			h.sleep(3 * time.Second) // a failed close is tried again a second later
			if f.left.Load() >= 1 {
				t.Fatal("no close write failed")
			}
			if h.isOpen(1) || len(h.room.Tables()) != 0 {
				t.Fatal("the table did not close")
			}
			if got := h.tableAccount(1); got != 0 {
				t.Fatalf("the closed table holds %d", got)
			}
			if c.midHand {
				if got := h.wallet("ana") + h.wallet("ben"); got != 20000 {
					t.Fatalf("ana and ben hold %d, want 20000", got)
				}
			}
			h.checkBooks()
		})
	}
}

// With the database away, /closetable is answered that the table is
// paused, and nothing was asked: when the database is back the table
// plays on, open.
func TestCloseTableDuringAnOutageIsNotTaken(t *testing.T) {
	h := openTable(t, onSQLite, 75)
	f := withFaults(h)
	f.SetDown(true)
	if _, err := h.do("admin", "/closetable"); bot.ErrorCode(err) != bot.EUnavailable {
		t.Fatalf("/closetable with the database away: %v, want unavailable", err)
	}
	f.SetDown(false)
	h.sleep(5 * time.Second)
	h.playToEnd(60)
	if !h.isOpen(1) || h.handNo() != "2" {
		t.Fatalf("after the outage the table should play on, open:\n%s", h.table().Text)
	}
	h.checkBooks()
}

// Every refusal has its own message and changes nothing.
func TestCloseTableRefusals(t *testing.T) {
	h := newHarness(t, 76)
	h.fails("admin", "/closetable", "closetable.none")
	h.must("admin", "/newtable nlhe 1/2")
	h.must("admin", "/newtable nlhe 2/4")
	h.must("admin", "/newpool nlhe 1/2 seats=3")
	h.must("ana", "/pool join 100")
	h.must("ben", "/pool join 100")
	h.sleep(3 * time.Second)
	h.must("admin", "/tourney create Freeroll start=sng players=6 seats=6 bots=on")
	h.must("cat", "/register")
	h.must("admin", "/tourney start")
	var poolTable, tourneyTable string
	for _, c := range h.room.TablesIn("console", "group") {
		switch {
		case c.Tourney:
			tourneyTable = c.Label
		case c.ID > 2:
			poolTable = c.Label
		}
	}
	if poolTable == "" || tourneyTable == "" {
		t.Fatalf("tables %+v", h.room.TablesIn("console", "group"))
	}
	cases := []struct {
		user, line, key string
	}{
		{"ana", "/closetable #1", "admin.only"},
		{"admin", "/closetable", "closetable.which"},
		{"admin", "/closetable #99", "table.no_such"},
		{"admin", "/closetable one", "closetable.usage"},
		{"admin", "/closetable #1 #2", "closetable.usage"},
		{"admin", "/closetable " + poolTable, "closetable.pool"},
		{"admin", "/closetable " + tourneyTable, "closetable.tourney"},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			before := h.accounts()
			e := h.fails(c.user, c.line, c.key)
			if e.Message(bot.English) == "" || e.Message(bot.Spanish) == e.Message(bot.English) {
				t.Fatalf("message %q", e.Message(bot.English))
			}
			if after := h.accounts(); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Fatalf("a refusal moved chips: %v -> %v", before, after)
			}
			if !h.isOpen(1) || !h.isOpen(2) {
				t.Fatal("a refusal closed a table")
			}
		})
	}
	h.must("admin", "/closetable #2")
	h.fails("admin", "/closetable #2", "table.no_such")
	h.must("admin", "/closetable") // the chat's one cash table left: #1
	h.fails("admin", "/closetable", "closetable.none")
}

// The waiting list of a table that closes is told privately, and its
// timers go with the table.
func TestCloseTableTellsTheWaitingList(t *testing.T) {
	h := newHarness(t, 77)
	h.must("admin", "/newtable nlhe 1/2 seats=2")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.must("cat", "/join 100") // the table is full: the waiting list
	h.must("admin", "/closetable")
	h.playToEnd(60)
	if h.isOpen(1) {
		t.Fatal("the table did not close")
	}
	if n := h.privateWith("cat", "Table #1 closed: you are no longer on its waiting list"); n != 1 {
		t.Fatalf("cat was told %d times: %q", n, h.private("cat"))
	}
	ds, err := h.store.Deadlines(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		if strings.HasPrefix(d.Key, "t1:") {
			t.Errorf("a timer of the closed table is left: %s", d.Key)
		}
	}
	if got := h.wallet("cat"); got != 10000 {
		t.Fatalf("cat's wallet %d", got)
	}
}
