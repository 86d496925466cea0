package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-TRN-15 with TDA 12: a multi-table satellite deals hand for hand at the
// bubble of its seats, not only at its last paid place's. 24 entrants at
// 5+1 for seats of 22 buy 5 seats and 10 chips to place 6: hand for hand
// at 7 left (6 paid) goes on at 6 left (5 seats), still at two tables of
// four, and is announced there. Found by an outside review: the tables
// dealt freely at 6 left, the one bubble of a satellite that decides who
// wins a seat.
func TestMultiTableSatelliteDealsHandForHandAtTheSeatBubble(t *testing.T) {
	h := newHarness(t, 21)
	h.must("admin", "/tourney create Main Event buyin=20+2 start=+3h")
	h.must("admin", "/tourney create Sat buyin=5+1 start=sng players=24 seats=4 speed=hyper target=T1 bots=on")
	h.must("alice", "/register T2")
	h.must("admin", "/tourney start T2")
	h.must("alice", "/sitout")
	h.playTourney(time.Minute, 900)
	var said []string
	for _, n := range h.news() {
		if strings.Contains(n, "hand for hand") {
			said = append(said, n)
		}
	}
	all := strings.Join(said, "\n")
	if !strings.Contains(all, "hand for hand: 7 left, 6 paid") || !strings.Contains(all, "hand for hand: 6 left, 5 seats") {
		t.Fatalf("hand for hand announced:\n%s\nnews:\n%s", all, strings.Join(h.news(), "\n"))
	}
}
