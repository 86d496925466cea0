package room_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/bottest"
)

// A pool whose seating of a hand failed (its table's write lost, or the
// database away) dealt again only at the next change: a join, a hand
// ending. With every entry waiting nothing changes: the pool stayed stuck
// after a short outage until someone typed a pool command. It tries again
// by itself. (No Settle here: the room's own goroutines must do it.)
func TestAPoolDealsAgainAfterAFailedSeatingByItself(t *testing.T) {
	h := newHarness(t, 21)
	h.must("admin", "/newpool nlhe 1/2")
	f := withFaults(h)
	faultTableWrite(f, 1, bottest.Lose) // the first hand's seating
	h.noSettle = true
	h.must("hal", "/pool join")
	h.must("ivy", "/pool join")
	dealt := func() bool {
		for _, e := range h.room.PoolEntries(1) {
			if strings.Contains(e, "active") {
				return true
			}
		}
		return false
	}
	deadline := time.Now().Add(10 * time.Second) // a bound on real time, not a timing assertion
	for !dealt() && time.Now().Before(deadline) {
		h.clock.Advance(500 * time.Millisecond)
		if err := h.room.SettleTables(context.Background()); err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond)
	}
	h.noSettle = false
	if !dealt() {
		t.Fatalf("no hand dealt after the failed seating: %v", h.room.PoolEntries(1))
	}
}
