package room_test

import (
	"testing"
	"time"
)

// R-TRN-4: /addon after the add-on's level says the add-on is over; it
// said "only offered at the end of the rebuy period", as during it.
func TestAddOnAfterItsLevelIsOver(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/tourney create Rebuy buyin=10+1 start=+1m min=2 rebuys=2 rebuylevels=1 addon=10:1500 level=2m bots=on seats=6")
	h.must("alice", "/register")
	h.must("admin", "/tourney bots 4")
	h.sleep(time.Minute)
	_, _ = h.do("alice", "/sitout")
	h.fails("alice", "/addon", "tourney.addon_closed")
	h.sleep(2 * time.Minute)
	if len(h.newsWith("add-on is open")) != 1 {
		t.Fatalf("no add-on: %q", h.news())
	}
	h.sleep(2 * time.Minute)
	if len(h.newsWith("add-on is closed")) != 1 {
		t.Fatalf("the add-on did not close: %q", h.news())
	}
	h.fails("alice", "/addon", "tourney.addon_over")
}
