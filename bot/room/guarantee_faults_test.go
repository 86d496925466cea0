package room_test

import (
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pokerroom/pokerroom/bot/bottest"
)

// An admin's guarantee counts toward the day's cap once its tournament is
// made. When the tournament was stored but opening its registration then
// failed (the store lost a write), the admin was told the creation failed
// while the tournament stood, its guarantee promised and never counted:
// the day's grants could then pass the cap by it (and each retry made
// another). The guarantee is counted as soon as its tournament is stored.
func TestAGuaranteeCountsOnceItsTournamentIsStoredWhateverFollows(t *testing.T) {
	h := newHarness(t, 3)
	h.mustIn("group", "ben", "/wallet")
	f := withFaults(h)
	var stored atomic.Bool
	f.Decide = func(method string) bottest.Fault {
		switch {
		case method == "AddTourney":
			stored.Store(true)
		case method == "CommitTables" && stored.Load():
			return bottest.Lose
		}
		return bottest.Pass
	}
	_, err := h.in("group", "", "admin", "/tourney create Big start=+2h guarantee=50000")
	f.Decide = nil
	if list := h.mustIn("group", "ben", "/tourneys").Text; !strings.Contains(list, "Big") {
		t.Fatalf("no tournament stands after the failed write (answer %v): nothing to count", err)
	}
	if log := h.mustIn("group", "admin", "/adminlog").Text; !strings.Contains(log, "guarantee") || !strings.Contains(log, "T1") {
		t.Errorf("T1 stands with its guarantee of 50,000 (answer %v), but the admin log does not count it:\n%s", err, log)
	}
	for range 3 {
		h.mustIn("group", "admin", "/grant @ben 50000")
	}
	h.failsIn("group", "admin", "/grant @ben 50000", "grant.day_cap")
}
