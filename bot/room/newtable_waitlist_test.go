package room_test

import (
	"strings"
	"testing"
)

// Seed 003 #7-#8 (cash house rules, with R-CASH-2): "en la apertura de una
// segunda mesa, se atenderán los puestos por orden de lista de espera": a
// new table of the same game and stakes as a full one takes that table's
// waiting list, in its order, and calls those players to its seats before
// anyone else sits there. Found by an outside review: the list stayed at
// the full table, so a newcomer took the new table's seats at once while
// the players who had waited longest went on waiting.
func TestANewTableSeatsTheWaitingListOfItsGameFirst(t *testing.T) {
	h := newHarness(t, 10)
	h.must("admin", "/newtable nlhe 1/2 seats=2")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	if r := h.must("cy", "/join 100"); !strings.Contains(r.Text, "number 1 on the waiting list") {
		t.Fatalf("cy: %q", r.Text)
	}
	h.must("dee", "/join 100")
	h.must("admin", "/newtable nlhe 1/2 seats=2")
	for _, u := range []string{"cy", "dee"} {
		if p := strings.Join(h.private(u), "\n"); !strings.Contains(p, "A seat is free at table #2") {
			t.Errorf("%s is not called to #2:\n%s", u, p)
		}
	}
	if r := h.must("eve", "/join #2 100"); !strings.Contains(r.Text, "waiting list") {
		t.Errorf("eve, a newcomer, takes a seat at #2 before the list: %q", r.Text)
	}
	if r := h.must("cy", "/join #2 100"); !strings.Contains(r.Text, "cy sits at") {
		t.Errorf("cy at #2: %q", r.Text)
	}
	if r := h.must("dee", "/join #2 100"); !strings.Contains(r.Text, "dee sits at") {
		t.Errorf("dee at #2: %q", r.Text)
	}
	// A table of other stakes, or another game, takes nobody's list.
	h.must("fay", "/join #1 100")
	h.must("admin", "/newtable nlhe 2/4")
	h.must("admin", "/newtable plo 1/2")
	if p := strings.Join(h.private("fay"), "\n"); strings.Contains(p, "A seat is free") {
		t.Errorf("fay, waiting for #1, is called elsewhere:\n%s", p)
	}
	h.checkBooks()
}

// Seed 003 #7-#8 with R-CASH-2: a new table takes from the waiting list
// only the players it has seats for; the others keep their place on the
// list of the table they wait for. Found by an outside review: the whole
// list moved to the new table, so a player beyond its seats lost their
// place at the full table, and a newcomer who joined that table's list
// afterwards was called there before them.
func TestANewTableLeavesTheWaitersItHasNoSeatForOnTheirList(t *testing.T) {
	h := newHarness(t, 10)
	h.must("admin", "/newtable nlhe 1/2 seats=2")
	for _, u := range []string{"ana", "ben", "cy", "dee", "eve"} {
		h.must(u, "/join 100")
	}
	h.must("admin", "/newtable nlhe 1/2 seats=2") // two seats: cy and dee
	if p := strings.Join(h.private("eve"), "\n"); strings.Contains(p, "A seat is free") {
		t.Errorf("eve is called though #2 has no seat for her:\n%s", p)
	}
	if r := h.must("eve", "/join #1 100"); !strings.Contains(r.Text, "You are number 1 on the waiting list of #1") {
		t.Errorf("eve lost her place on #1's list: %q", r.Text)
	}
	if r := h.must("fay", "/join #1 100"); !strings.Contains(r.Text, "number 2 on the waiting list") {
		t.Errorf("fay, a newcomer, goes before eve at #1: %q", r.Text)
	}
	for _, u := range []string{"cy", "dee"} {
		if r := h.must(u, "/join #2 100"); !strings.Contains(r.Text, u+" sits at") {
			t.Errorf("%s at #2: %q", u, r.Text)
		}
	}
	h.checkBooks()
}
