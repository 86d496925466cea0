package room_test

import (
	"context"
	"strings"
	"testing"
	"time"
)

// R-CASH-5 (seed 003 #10: "las mesas del mismo juego y mínimo deberán
// mantenerse compensadas"): a change that does not widen the gap between
// the two tables is allowed, also when the tables are already more than
// one apart and the move only narrows it; one that widens it is refused.
func TestTableChangeAllowedWhenItDoesNotWorsenTheBalance(t *testing.T) {
	cases := []struct {
		name     string
		from, to int // players seated at #1 (the mover's) and #2
		ok       bool
	}{
		{"five to four leaves four and five", 5, 4, true},
		{"six to two leaves five and three, narrower", 6, 2, true},
		{"four to four leaves three and five", 4, 4, false},
		{"three to four leaves two and five", 3, 4, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, 16)
			h.must("admin", "/newtable nlhe 1/2")
			h.must("admin", "/newtable nlhe 1/2")
			as := []string{"a1", "a2", "a3", "a4", "a5", "a6"}[:c.from]
			for _, u := range as {
				h.must(u, "/join 100 #1")
			}
			for _, u := range []string{"b1", "b2", "b3", "b4", "b5", "b6"}[:c.to] {
				h.must(u, "/join 100 #2")
			}
			mover := as[len(as)-1] // waits for the big blind: not dealt in, moves at once
			_, err := h.do(mover, "/join #2")
			if c.ok && err != nil {
				t.Fatalf("a change from %d to %d players was refused: %v", c.from, c.to, err)
			}
			if !c.ok && err == nil {
				t.Fatalf("a change from %d to %d players was allowed", c.from, c.to)
			}
			h.checkBooks()
		})
	}
}

// R-CASH-5: two players dealt in at a table of five both ask to change to
// a table of four during the hand. The first moves when the hand ends
// (four and five); the second would leave three and six, and is refused
// now rather than counted as if the first had not asked.
func TestPendingTableChangesCountTowardsTheBalance(t *testing.T) {
	h := newHarness(t, 16)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("admin", "/newtable nlhe 1/2")
	for _, u := range []string{"a1", "a2", "a3", "a4", "a5"} {
		h.must(u, "/join 100 #1")
	}
	for _, u := range []string{"b1", "b2", "b3", "b4"} {
		h.must(u, "/join 100 #2")
	}
	h.must("a1", "/join #2") // dealt in: moves when the hand ends
	h.fails("a2", "/join #2", "join.unbalanced")
}

// R-CASH-5: a change asked during a hand counts at the table it goes to
// before it is made. #1 and #3 have five players, #2 four; a1, dealt in at
// #1, asks for #2 (four and five once the hand ends). c1, dealt in at #3,
// then asks for #2 as well: #2 would have six and #3 four, so it is
// refused now, not counted as if #2 still had four.
func TestPendingTableChangesCountAtTheTableTheyGoTo(t *testing.T) {
	h := newHarness(t, 16)
	for range 3 {
		h.must("admin", "/newtable nlhe 1/2")
	}
	for _, u := range []string{"a1", "a2", "a3", "a4", "a5"} {
		h.must(u, "/join 100 #1")
	}
	for _, u := range []string{"b1", "b2", "b3", "b4"} {
		h.must(u, "/join 100 #2")
	}
	for _, u := range []string{"c1", "c2", "c3", "c4", "c5"} {
		h.must(u, "/join 100 #3")
	}
	h.must("a1", "/join #2") // dealt in: moves when the hand ends
	h.fails("c1", "/join #2", "join.unbalanced")
}

// Seed 003 #12: a player who asked during a hand to change to a table
// with a free seat keeps that seat until the hand ends. a1, dealt in at
// #1, asks for #2 (three seats, one taken); n1 then sits in the other
// free seat and n2, who comes next, is listed to wait: the last seat is
// a1's, who sits there when the hand at #1 ends (not stood up to find
// #2 full and be listed to wait, seatless).
func TestADeferredTableChangeKeepsItsSeat(t *testing.T) {
	h := newHarness(t, 16)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("admin", "/newtable nlhe 1/2 seats=3")
	for _, u := range []string{"a1", "a2", "a3"} {
		h.must(u, "/join 100 #1")
	}
	h.must("b1", "/join 100 #2")
	h.must("a1", "/join #2") // dealt in: moves when the hand ends
	h.must("n1", "/join 100 #2")
	if r := h.must("n2", "/join 100 #2"); !strings.Contains(r.Text, "waiting list") {
		t.Fatalf("n2 took the seat kept for a1: %q", r.Text)
	}
	for range 40 {
		who := h.turnAt("#1")
		if who == "" || !strings.Contains(h.tableOf("#1"), "hand 1") {
			break
		}
		h.checkOrCall(who, " #1")
	}
	h.sleep(5 * time.Second)
	if v := h.tableOf("#2"); !strings.Contains(v, " a1 ") {
		t.Fatalf("a1 not seated at #2 after the hand at #1:\n%s", v)
	}
	ds, err := h.store.Deadlines(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range ds {
		if strings.HasPrefix(d.Key, "change:") {
			t.Fatalf("the change made stays stored: %+v", d)
		}
	}
	h.checkBooks()
}

// R-CASH-5: a player whose change is already under way (asked during
// their hand) and who asks again is told again that they move when the
// hand ends, not that the move would unbalance the tables (their own move
// counted twice); one who typed /leave during the hand and then asks to
// change is counted at their table until the hand ends, as the change
// takes them from it (five and four become four and five).
func TestARepeatedOrLateTableChangeCountsThePlayerOnce(t *testing.T) {
	for _, leaveFirst := range []bool{false, true} {
		h := newHarness(t, 16)
		h.must("admin", "/newtable nlhe 1/2")
		h.must("admin", "/newtable nlhe 1/2")
		for _, u := range []string{"a1", "a2", "a3", "a4", "a5"} {
			h.must(u, "/join 100 #1")
		}
		for _, u := range []string{"b1", "b2", "b3", "b4"} {
			h.must(u, "/join 100 #2")
		}
		mover := "a1"
		if leaveFirst {
			mover = h.turnAt("#1") // in hand 1 with a1: the other, not to act
			if mover == "a1" {
				mover = "a2"
			} else {
				mover = "a1"
			}
			if r := h.must(mover, "/leave #1"); !strings.Contains(r.Text, "when this hand ends") {
				t.Fatalf("%s's /leave: %q", mover, r.Text)
			}
		} else {
			h.must(mover, "/join #2")
		}
		if r, err := h.do(mover, "/join #2"); err != nil || !strings.Contains(r.Text, "when your hand at #1 ends") {
			t.Fatalf("%s asking for #2 (after /leave: %v): %q, %v", mover, leaveFirst, r.Text, err)
		}
		h.close()
	}
}

// Seed 003 #12: a change asked during a hand to a table that is closing
// already is refused at once (the table takes no one), not accepted for
// the hand's end, where the player would be stood up to find it closed.
func TestADeferredChangeToATableAlreadyClosingIsRefused(t *testing.T) {
	h := newHarness(t, 16)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("admin", "/newtable nlhe 1/2")
	for _, u := range []string{"a1", "a2", "a3"} {
		h.must(u, "/join 100 #1")
	}
	h.must("b1", "/join 100 #2")
	h.must("b2", "/join 100 #2")
	if r := h.must("admin", "/closetable #2"); !strings.Contains(r.Text, "after") {
		t.Fatalf("closing #2 with a hand in play: %q", r.Text)
	}
	h.fails("a1", "/join #2", "closetable.no_join")
	if v := h.tableOf("#1"); strings.Contains(v, "a1  100  · leaving") {
		t.Fatalf("a1 marked to leave #1:\n%s", v)
	}
}

// R-CASH-2, seed 003 #12: the last free seat of a table, held for a
// player called from its waiting list, is not given to a player who asks
// during a hand at another table to change there: they are listed to
// wait and keep playing where they are, not stood up at the hand's end to
// find the seat taken.
func TestADeferredTableChangeDoesNotTakeASeatHeldForTheWaitingList(t *testing.T) {
	h := newHarness(t, 16)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("admin", "/newtable nlhe 1/2 seats=2")
	for _, u := range []string{"a1", "a2", "a3"} {
		h.must(u, "/join 100 #1")
	}
	h.must("b1", "/join 100 #2")
	h.must("b2", "/join 100 #2")
	h.must("w1", "/join 100 #2")       // full: waits
	h.must(h.turnAt("#2"), "/fold #2") // heads-up: a fold ends the hand
	h.must("b2", "/leave #2")          // between hands: the seat is held for w1, called
	mover := h.turnAt("#1")
	r := h.must(mover, "/join #2")
	if !strings.Contains(r.Text, "waiting list") {
		t.Fatalf("%s asking for #2, whose free seat is held for w1: %q", mover, r.Text)
	}
	if v := h.tableOf("#1"); strings.Contains(v, "leaving") {
		t.Fatalf("%s marked to leave #1:\n%s", mover, v)
	}
}
