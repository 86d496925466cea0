package room_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// R-TRN-19: a pair is one entry of the payout table, from registration
// on, and also when one of its members ran out of chips while the
// members played apart and the other plays on for the pair. Six pairs
// pay two places (as six entries do). Before the merge the table was
// told for 12 entries, three places; after it, alice's bust apart made
// it seven entries and three places, paying a pair the table for six
// would not pay (found by an outside review).
func TestPairsPayoutTableCountsAPairOnce(t *testing.T) {
	h := newHarnessWith(t, filepath.Join(t.TempDir(), "room.db"), 59, 2*time.Second)
	h.must("admin", "/tourney create Duo pairs=on buyin=20 start=+10m late=2 level=5m speed=turbo seats=6 bots=on")
	h.must("alice", "/register T1")
	h.must("bob", "/register T1 pair=1")
	h.must("admin", "/tourney bots 10")
	twoPlaces := func(when string) {
		t.Helper()
		p := h.must("admin", "/tourney payouts T1").Text
		if !strings.Contains(p, "6 pairs") || !strings.Contains(p, "\n2. ") || strings.Contains(p, "\n3. ") {
			t.Errorf("%s: six pairs pay two places:\n%s", when, p)
		}
	}
	twoPlaces("registered")
	h.sleep(10 * time.Minute)
	twoPlaces("playing apart")
	for range 600 {
		if len(h.newsWith("stacks are merged")) > 0 {
			break
		}
		_, _ = h.do("alice", "/allin")
		_, _ = h.do("bob", "/fold")
		h.sleep(2 * time.Second)
	}
	if len(h.newsWith("alice is out")) == 0 || len(h.newsWith("stacks are merged")) != 1 {
		t.Fatalf("alice did not bust before the merge: %q", h.news())
	}
	twoPlaces("merged, a member out apart")
}
