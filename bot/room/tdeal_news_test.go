package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-TRN-18: after a deal that keeps part of the first prize in play, the
// players who bust were paid their shares with the deal: the news does
// not tell them out "and wins" the payout table's prize of their place
// (which nobody is paid), nor a bubble bursting when everyone was paid.
func TestBustAfterADealDoesNotClaimThePlacePrize(t *testing.T) {
	h := newHarness(t, 71)
	h.must("admin", "/tourney create Keepers buyin=20+2 start=sng players=6 seats=6 speed=hyper bots=on")
	h.must("alice", "/register")
	h.must("admin", "/tourney start")
	h.must("alice", "/deal chop keep=15%") // the practice opponents accept
	h.sleep(time.Minute)
	if len(h.newsWith("Play goes on for the")) != 1 {
		t.Fatalf("no deal with a part kept: %q", h.news())
	}
	_, _ = h.do("alice", "/sitout")
	h.playTourney(time.Minute, 600)
	for _, n := range h.news() {
		if strings.Contains(n, " is out in place ") && strings.Contains(n, " and wins ") {
			t.Errorf("a bust after the deal claims a place prize nobody is paid: %q", n)
		}
		if strings.Contains(n, "bubble has burst") {
			t.Errorf("a bubble after the deal paid everyone: %q", n)
		}
	}
}
