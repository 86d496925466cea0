package room_test

import (
	"testing"
	"time"
)

// R-TRN-12: a time-limit sit-and-go (seed 001's, one level played until
// end=) stops when its time is up and pays by ICM: no level change came
// to wake the director, and it played on for ever.
func TestTimeLimitSitAndGoEndsOnTime(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/tourney create Timed buyin=20+5 start=sng players=9 structure=sng20-time end=5m bots=on")
	h.must("alice", "/register")
	h.must("admin", "/tourney start")
	_, _ = h.do("alice", "/sitout")
	h.sleep(5*time.Minute + 30*time.Second)
	if len(h.newsWith("time is up")) != 1 || len(h.newsWith("Results:")) != 1 {
		t.Fatalf("five minutes and a half after the start, no end by time: %q", h.news())
	}
	if l := h.ledgerByReason("tourney:1"); l["timed end"] <= 0 {
		t.Errorf("no ICM payout: %v", l)
	}
}
