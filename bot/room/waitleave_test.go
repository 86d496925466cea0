package room_test

import (
	"strings"
	"testing"
)

// R-CASH-2: a player on a full table's waiting list leaves it with /leave,
// and a called player who leaves it hands the free seat to the next one at
// once (seed 003 #6). /leave answered "You are not seated at table #1.
// /join to sit down." (the table's check of the seat ran before the
// waiting list was looked at), so a player could not leave the list, and
// the next one was called only when the window of the one who wanted out
// had run out.
func TestLeavingTheWaitingList(t *testing.T) {
	h := newHarness(t, 31)
	h.must("admin", "/newtable nlhe 1/2 seats=2")
	h.must("ana", "/join 200")
	h.must("ben", "/join 200")
	for _, u := range []string{"cy", "dee", "eve"} {
		h.must(u, "/join 100") // the table is full: the waiting list
	}
	if r := h.must("eve", "/leave"); !strings.Contains(r.Text, "You left the waiting list of #1") {
		t.Fatalf("eve's /leave: %q", r.Text)
	}
	h.must("ana", "/leave")
	h.playToEnd(40)
	if got := strings.Join(h.private("cy"), "\n"); !strings.Contains(got, "A seat is free at table #1") {
		t.Fatalf("cy was not called: %q", got)
	}
	h.must("cy", "/leave")
	if got := strings.Join(h.private("dee"), "\n"); !strings.Contains(got, "A seat is free at table #1") {
		t.Fatalf("dee was not called when cy left the list: %q", got)
	}
	if r := h.must("dee", "/join 100"); !strings.Contains(r.Text, "dee sits at seat 1 of #1") {
		t.Fatalf("dee's /join: %q", r.Text)
	}
	if got := strings.Join(h.private("eve"), "\n"); strings.Contains(got, "A seat is free") {
		t.Fatalf("eve, off the list, was called: %q", got)
	}
	h.checkBooks()
}
