package room_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/bottest"
	"github.com/pokerroom/pokerroom/bot/room"
)

// /pool leave for an entry in a hand (R-CASH-7): as a player leaving a
// cash table mid-hand, the entry does not keep its table waiting. It
// folds fast at once when it may (its chips behind back with the fold);
// else its seat is marked leaving, stored, and its turns are acted at
// once (a check when it can, else a fold); either way it is cashed out,
// never drawn again.

// hasEntry reports whether user has an entry listed in pool 1.
func (h *harness) hasEntry(user string) bool {
	return slices.ContainsFunc(h.room.PoolEntries(1), func(e string) bool { return strings.HasPrefix(e, user+"#") })
}

// R-CASH-7: an entry that may fold fast (the small blind, out of turn)
// and asks to leave is folded at once: its chips behind are in the wallet
// then and there, the pool lists it no more and does not draw it again;
// the turn stays where it was, and the books balance. The answer says it
// is cashed out, once: no notice of the pool repeats it.
func TestPoolLeaveInAHandFoldsFastAtOnce(t *testing.T) {
	h := startSixHanded(t, 91)
	id := tableID(h.playingPoolTable())
	toAct, sb, _ := h.blinds(id)
	r := h.must(sb, "/pool leave")
	if !r.Private || !strings.Contains(r.Text, "folded") || !strings.Contains(r.Text, "99") || !strings.Contains(r.Text, "cashed out") {
		t.Fatalf("leaving with a fold possible: %+v", r)
	}
	if got := h.wallet(sb); got != 10000-100+99 {
		t.Fatalf("%s's wallet %d at once after leaving, want 9999", sb, got)
	}
	if h.hasEntry(sb) {
		t.Fatalf("%s's entry still listed after its fold: %v", sb, h.room.PoolEntries(1))
	}
	if n := h.privateWith(sb, "is cashed out"); n != 0 {
		t.Fatalf("%s, answered, was also told %d times the entry is cashed out: %q", sb, n, h.private(sb))
	}
	if now, _, _ := h.blinds(id); now != toAct {
		t.Fatalf("the fold out of turn moved the turn from %s to %s", toAct, now)
	}
	h.checkBooks()
	h.sleep(room.PoolGather) // the others' hands go on; sb's entry is not drawn
	if h.hasEntry(sb) {
		t.Fatalf("%s's entry drawn again: %v", sb, h.room.PoolEntries(1))
	}
	h.cashOutPool(sb)
	h.checkBooks()
}

// R-CASH-7: the big blind with no raise (its bet matches, no fast fold)
// asks to leave: its seat is marked leaving, so when its turn comes it is
// acted at once, a check, with the clock not moved at all (no timer run
// down); on the flop, facing a bet, it folds fast at once (its chips
// behind in the wallet) and is cashed out, not drawn again.
func TestPoolLeaveWithAMatchedBetIsActedAtOnceInTurn(t *testing.T) {
	h := startSixHanded(t, 92)
	id := tableID(h.playingPoolTable())
	toAct, sb, bb := h.blinds(id)
	start := h.clock.Now()
	r := h.must(bb, "/pool leave")
	if !r.Private || !strings.Contains(r.Text, "when its hand ends") || !strings.Contains(r.Text, "at once on its turn") {
		t.Fatalf("leaving with a matched bet: %+v", r)
	}
	if got := h.wallet(bb); got != 10000-100 {
		t.Fatalf("%s's wallet %d: the entry cannot fold, its chips stay at the table", bb, got)
	}
	h.must(toAct, "/call")
	h.must(sb, "/call") // the big blind's turn: checked for at once
	if now, _, _ := h.blinds(id); now != sb {
		t.Fatalf("after the calls the turn is %s's, want %s's on the flop: %s was not acted for at once\n%s", now, sb, bb, h.poolTable(id).Text)
	}
	h.must(sb, "/bet 2") // the leaving big blind faces a bet: folds fast at once
	if now, _, _ := h.blinds(id); now != toAct {
		t.Fatalf("after the bet the turn is %s's, want %s's", now, toAct)
	}
	if !h.clock.Now().Equal(start) {
		t.Fatalf("the clock moved %v: a timer ran", h.clock.Now().Sub(start))
	}
	if got := h.wallet(bb); got != 10000-2+0 {
		t.Fatalf("%s's wallet %d after folding the flop, want 9998 (the big blind lost)", bb, got)
	}
	if h.hasEntry(bb) || h.privateWith(bb, "is cashed out: 98 chips") != 1 {
		t.Fatalf("%s's entry %v, told %q: want it cashed out", bb, h.room.PoolEntries(1), h.private(bb))
	}
	h.checkBooks()
	h.cashOutPool(bb)
}

// R-CASH-7: an entry whose turn it is, its bet matched, asks to leave:
// it is acted for then and there (a check) and cashed out when the hand
// ends, with its result.
func TestPoolLeaveOnItsTurnActsNow(t *testing.T) {
	h := startSixHanded(t, 93)
	id := tableID(h.playingPoolTable())
	toAct, sb, bb := h.blinds(id)
	h.must(toAct, "/call")
	h.must(sb, "/call")
	r := h.must(bb, "/pool leave") // its turn: it would wait for its timer
	if !strings.Contains(r.Text, "acted at once") {
		t.Fatalf("leaving on one's turn: %q", r.Text)
	}
	if now, _, _ := h.blinds(id); now != sb {
		t.Fatalf("the turn is %s's, want %s's on the flop", now, sb)
	}
	h.must(sb, "/check") // bb checks at once, then the button bets
	h.must(toAct, "/bet 2")
	h.must(sb, "/fold") // bb folds fast at once: the button wins
	if h.hasEntry(bb) {
		t.Fatalf("%s's entry still listed: %v", bb, h.room.PoolEntries(1))
	}
	if got := h.wallet(bb); got != 9998 {
		t.Fatalf("%s's wallet %d, want 9998", bb, got)
	}
	h.checkBooks()
	h.cashOutPool(bb)
}

// R-CASH-7: an entry asks to leave on its turn and the write of the check
// acted for it is lost: the answer does not say it acted (it says the
// entry is marked), and the table acts for it once the store answers.
func TestPoolLeaveOnItsTurnWhoseActionIsLostSaysMarked(t *testing.T) {
	h := startSixHanded(t, 97)
	f := withFaults(h)
	id := tableID(h.playingPoolTable())
	toAct, sb, bb := h.blinds(id)
	h.must(toAct, "/call")
	h.must(sb, "/call")
	faultTableWrite(f, 2, bottest.Lose) // the mark, then the check
	r := h.must(bb, "/pool leave")
	if strings.Contains(r.Text, "acted at once") || !strings.Contains(r.Text, "at once on its turn") {
		t.Fatalf("leaving on one's turn, its check lost: %q", r.Text)
	}
	if now, _, _ := h.blinds(id); now != bb {
		t.Fatalf("the turn is %s's after the lost check, want still %s's", now, bb)
	}
	h.sleep(2 * time.Second) // the table acts again once the write is retried
	if now, _, _ := h.blinds(id); now != sb {
		t.Fatalf("the turn is %s's, want %s's on the flop: the leaving entry was not acted for", now, sb)
	}
	h.checkBooks()
}

// R-CASH-7: the leaving mark is stored with the seat: after a restart the
// big blind that asked to leave is still acted for at once in turn, and
// is cashed out when its hand ends (the pool's own mark is not stored).
func TestPoolLeaveMarkSurvivesARestart(t *testing.T) {
	h := startSixHanded(t, 94)
	id := tableID(h.playingPoolTable())
	toAct, sb, bb := h.blinds(id)
	h.must(bb, "/pool leave")
	h.restart()
	start := h.clock.Now()
	h.must(toAct, "/call")
	h.must(sb, "/call")
	if now, _, _ := h.blinds(id); now != sb || !h.clock.Now().Equal(start) {
		t.Fatalf("after a restart the turn is %s's, want %s's at once: the leaving mark was lost\n%s", now, sb, h.poolTable(id).Text)
	}
	h.must(sb, "/check")
	h.must(toAct, "/check") // the turn is over: the river, then the end
	for range 2 {
		h.must(sb, "/check")
		h.must(toAct, "/check")
	}
	if h.hasEntry(bb) {
		t.Fatalf("%s's entry not cashed out at its hand's end: %v", bb, h.room.PoolEntries(1))
	}
	if h.privateWith(bb, "is cashed out") != 1 {
		t.Fatalf("%s was not told: %q", bb, h.private(bb))
	}
	h.checkBooks()
	h.cashOutPool(bb)
}

// R-CASH-7: the hand of an entry marked leaving ends with a write stored
// although reported failed: the table reads the end back from the store,
// and hands every seat back to the pool as a hand that ended well does.
// The leaving entry is cashed out, the others wait for their next hand.
// (Stood up as a cash table's leaver, the entry stayed listed as in a
// hand at a table where it no longer sat: fault simulation seed 42.)
func TestPoolLeavingEntryWhoseHandEndWasStoredThoughReportedFailedIsCashedOut(t *testing.T) {
	h := startSixHanded(t, 96)
	f := withFaults(h)
	id := tableID(h.playingPoolTable())
	toAct, sb, bb := h.blinds(id)
	h.must(bb, "/pool leave")
	h.must(toAct, "/call")
	h.must(sb, "/call") // bb checks at once
	for range 2 {
		h.must(sb, "/check")
		h.must(toAct, "/check")
	}
	h.must(sb, "/check")
	writes := faultTableWrite(f, 1, bottest.Ambiguous)
	_, _ = h.do(toAct, "/check") // the river's last check ends the hand
	if writes.Load() == 0 {
		t.Fatal("no table write after the river's last check")
	}
	h.sleep(5 * time.Second)
	if h.hasEntry(bb) {
		t.Fatalf("%s's entry still listed after its hand ended: %v", bb, h.room.PoolEntries(1))
	}
	if h.privateWith(bb, "is cashed out") != 1 {
		t.Fatalf("%s was not told the entry is cashed out: %q", bb, h.private(bb))
	}
	for _, u := range []string{toAct, sb} {
		if !h.hasEntry(u) {
			t.Fatalf("%s's entry, not leaving, is gone: %v", u, h.room.PoolEntries(1))
		}
	}
	h.checkBooks()
	h.cashOutPool(bb)
}

// R-CASH-7: /pool leave all cashes out each of the player's entries: a
// waiting one at once, those in a hand at their tables, folded or marked;
// none is drawn again and the chips are all back.
func TestPoolLeaveAllCashesOutEveryEntry(t *testing.T) {
	h := newHarness(t, 95)
	h.must("admin", "/newpool nlhe 1/2 seats=3 rake=off")
	h.must("ana", "/pool join 100")
	h.must("ana", "/pool join 100")
	for _, u := range []string{"ben", "cat", "dan", "eve"} {
		h.must(u, "/pool join 100")
	}
	h.must("ana", "/pool join 100") // a third, waiting: ana is at both tables
	if tabs := poolTables(h.room.PoolEntries(1)); len(tabs) != 2 {
		t.Fatalf("tables %v, want two hands of three", tabs)
	}
	r := h.must("ana", "/pool leave all")
	// Entries 1 and 2 are in hands: folded fast (their chips behind back
	// at once) or, a big blind, marked; entry 3 waits: cashed out at once.
	lines := strings.Split(r.Text, "\n")
	if len(lines) != 3 || !strings.Contains(lines[2], "Entry 3 cashed out: 100") {
		t.Fatalf("leave all: %q, want a line for each of the three entries", r.Text)
	}
	want, marked := int64(10000-200), 0
	for _, l := range lines[:2] {
		var n int
		var behind int64
		switch {
		case strings.Contains(l, "cannot fold fast"):
			marked++
		case strings.Contains(l, "folded"):
			if _, err := fmt.Sscanf(l, "Entry %d folded: its %d chips behind", &n, &behind); err != nil {
				t.Fatalf("line %q: %v", l, err)
			}
			want += behind
		default:
			t.Fatalf("line %q: neither folded nor marked", l)
		}
	}
	if got := h.wallet("ana"); got != want {
		t.Fatalf("ana's wallet %d at once, want %d (the folds' chips behind back)", got, want)
	}
	if got := h.room.PoolEntries(1); len(got) != 4+marked || !strings.Contains(strings.Join(got, " "), "ana#") && marked > 0 {
		t.Fatalf("entries %v: want ana's %d marked entries alone left, in their hands", got, marked)
	}
	for _, u := range []string{"ben", "cat", "dan", "eve"} {
		h.must(u, "/pool leave all")
	}
	h.poolFoldAll()
	h.sleep(room.PoolGather)
	if got := h.room.PoolEntries(1); len(got) != 0 {
		t.Fatalf("entries left: %v", got)
	}
	var total int64
	for _, u := range []string{"ana", "ben", "cat", "dan", "eve"} {
		total += h.wallet(u)
	}
	if total != 50000 {
		t.Fatalf("the players hold %d, want 50000", total)
	}
	h.checkBooks()
}

// R-CASH-7: an entry marked leaving that faces a raise out of turn may
// fold fast itself; it is told its entry is cashed out, not that its
// chips go to a new hand, and it is not drawn again.
func TestPoolLeavingEntryFoldingFastIsToldItIsCashedOut(t *testing.T) {
	h := startSixHanded(t, 96)
	id := tableID(h.playingPoolTable())
	toAct, _, bb := h.blinds(id)
	h.must(bb, "/pool leave") // marked: its bet matches
	h.must(toAct, "/raise 6")
	r := h.must(bb, "/fastfold") // out of turn: the small blind is to act
	if !strings.Contains(r.Text, "98 chips are in your wallet") || !strings.Contains(r.Text, "cashed out") {
		t.Fatalf("fast fold of a leaving entry: %q", r.Text)
	}
	if n := h.privateWith(bb, "is cashed out"); n != 0 {
		t.Fatalf("%s, answered, was also told %d times the entry is cashed out: %q", bb, n, h.private(bb))
	}
	h.sleep(room.PoolGather)
	if h.hasEntry(bb) {
		t.Fatalf("%s's entry drawn again: %v", bb, h.room.PoolEntries(1))
	}
	h.cashOutPool(bb)
	h.checkBooks()
}
