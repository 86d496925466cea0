package room_test

import (
	"strings"
	"testing"
)

// R-TRN-15: a satellite's /tourney payouts says which places win a seat
// in its target and which win chips: it listed "1. 110, 2. 110, 3. 20",
// the seats shown as chip amounts.
func TestSatellitePayoutsNameTheSeats(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/tourney create Main buyin=100+10 start=+3h")
	h.must("admin", "/tourney create Sat buyin=20+2 start=+1h target=T1 bots=on min=2")
	h.must("admin", "/tourney bots T2 12")
	lines := strings.Split(h.must("alice", "/tourney payouts T2").Text, "\n")
	if len(lines) != 4 {
		t.Fatalf("payouts: %q, want a title and three places", lines)
	}
	for i, want := range []string{"1. a seat in T1", "2. a seat in T1", "3. 20"} {
		if got := lines[i+1]; !strings.HasPrefix(got, want) {
			t.Errorf("place %d: %q, want it to begin %q", i+1, got, want)
		}
	}
}
