package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-LGE-2 (seed 001 #12): a deal that leaves "el 10% del dinero en juego
// como mínimo" in play keeps the points as played. /deal keep=10% asks
// for exactly that minimum: a tenth of 116 chips left is 11.6, kept as 12
// (a percentage rounds up to the chip), not refused for keeping 11.
func TestDealKeepingTenPercentIsTheMinimumNotBelowIt(t *testing.T) {
	h := newHarness(t, 71)
	h.must("admin", "/tourney create Keepers buyin=20+2 start=sng players=6 seats=6 speed=hyper bots=on league=keep")
	h.must("alice", "/register")
	h.must("admin", "/tourney start")
	h.must("alice", "/deal icm keep=10%") // the practice opponents accept
	h.sleep(time.Minute)
	if len(h.newsWith("Play goes on for the 12 kept for the winner")) != 1 {
		t.Errorf("keep=10%% of 116: want 12 kept in play: %q", h.news())
	}
}

// A percentage is a plain decimal: a sign, an exponent or a fraction is
// refused as a bad value, as a word is.
func TestDealKeepPercentageIsAPlainDecimal(t *testing.T) {
	h := newHarness(t, 71)
	h.must("admin", "/tourney create Keepers buyin=20+2 start=sng players=6 seats=6 speed=hyper bots=on")
	h.must("alice", "/register")
	h.must("admin", "/tourney start")
	for _, v := range []string{"-5%", "1e1%", "50/3%", "%", ".%", "1e999999%"} {
		h.fails("alice", "/deal icm keep="+v, "deal.keep_bad")
	}
	h.must("alice", "/deal icm keep=12.5%")
}

// A proposal that keeps part of the prizes in play says how much, to the
// proposer and to every player who reads it with /deal before accepting:
// the shares alone add up to less than the prizes left, with nothing to
// say where the rest goes (R-TRN-18, R-LGE-2).
func TestDealProposalSaysWhatStaysInPlay(t *testing.T) {
	h := newHarness(t, 71)
	h.must("admin", "/tourney create Keepers buyin=20+2 start=sng players=6 seats=6 speed=hyper league=keep")
	for _, p := range []string{"alice", "bob", "carol", "dave", "erin", "fay"} {
		h.must(p, "/register")
	}
	r := h.must("alice", "/deal icm keep=20")
	if !strings.Contains(r.Text, "20 stay in play for the winner") {
		t.Errorf("the proposal does not say what stays in play:\n%s", r.Text)
	}
	if r := h.must("bob", "/deal"); !strings.Contains(r.Text, "20 stay in play for the winner") {
		t.Errorf("/deal does not say what stays in play:\n%s", r.Text)
	}
}
