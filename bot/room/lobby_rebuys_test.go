package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-TRN-4: the lobby offers rebuys "during N levels" until the rebuy
// period ends, then says they are over; the add-on is offered while it
// is open and said to be over once it closed (the lobby went on offering
// both for the rest of the event).
func TestLobbySaysWhenRebuysAndTheAddOnAreOver(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/tourney create Rebuy buyin=10+1 start=+1m min=2 rebuys=2 rebuylevels=1 addon=10:1500 level=2m bots=on seats=6")
	h.must("alice", "/register")
	h.must("admin", "/tourney bots 4")
	h.sleep(time.Minute)
	info := func() string { return h.must("alice", "/tourney info").Text }
	if got := info(); !strings.Contains(got, "during 1 level") || !strings.Contains(got, "add-on 10 for 1,500 chips") {
		t.Fatalf("the rebuy period's lobby does not offer them:\n%s", got)
	}
	h.sleep(2 * time.Minute)
	if len(h.newsWith("add-on is open")) != 1 {
		t.Fatalf("no add-on: %q", h.news())
	}
	if got := info(); !strings.Contains(got, "Rebuys: over · add-on 10 for 1,500 chips") {
		t.Errorf("with the add-on open the lobby says:\n%s", got)
	}
	h.sleep(2 * time.Minute)
	if len(h.newsWith("add-on is closed")) != 1 {
		t.Fatalf("the add-on did not close: %q", h.news())
	}
	if got := info(); !strings.Contains(got, "Rebuys: over · add-on: over") || strings.Contains(got, "during 1 level") {
		t.Errorf("after the add-on the lobby says:\n%s", got)
	}
}
