package room_test

import (
	"strings"
	"testing"
)

// R-TRN-17: once a windfall's multiplier is drawn, the start news, the
// lobby and /tourney payouts show the prize pool it drew: "the multiplier
// is 5x, the prize pool 50!" was followed by "starts ... prize pool 30",
// and /tourney payouts promised 30 to the winner, who was paid 50.
func TestWindfallShowsTheDrawnPool(t *testing.T) {
	h := newHarness(t, 7) // this seed draws 5x
	h.must("admin", "/tourney create Spin buyin=10+1 start=sng windfall=on bots=on")
	h.must("alice", "/register")
	h.must("admin", "/tourney start")
	if len(h.newsWith("the multiplier is 5x, the prize pool 50")) != 1 {
		t.Fatalf("draw: %q", h.news())
	}
	if len(h.newsWith("starts: 3 players at 1 table, prize pool 50")) != 1 {
		t.Errorf("start news: %q", h.newsWith("starts"))
	}
	if p := h.must("alice", "/tourney payouts").Text; !strings.Contains(p, "Prize pool 50") || !strings.Contains(p, "1. 50") {
		t.Errorf("payouts: %q", p)
	}
	if l := h.lobby().Text; !strings.Contains(l, "prize pool 50") {
		t.Errorf("lobby:\n%s", l)
	}
}
