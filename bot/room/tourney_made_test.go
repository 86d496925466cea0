package room_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/bottest"
)

// A tournament table whose record was stored but reported failed (the
// connection lost at the commit) was stored again at the director's next
// try: the first record stayed open, and the next start dealt it beside
// the second, an actor of a table the tournament does not seat. The write
// is read back, as an admin's /newtable is. A table stored whose op (the
// tournament's link to it) was lost, then a restart before the director
// tried again: the same. At a start a tournament's open table that its
// ops do not name is closed, not dealt.
func TestATourneyTableStoredButReportedFailedIsOpenedOnce(t *testing.T) {
	for _, tc := range []struct {
		name    string
		restart bool // at once, before the director tries again
		fault   func(adds, commits *atomic.Int32, method string) bottest.Fault
	}{
		{"the table's record stored, reported failed", false, func(adds, _ *atomic.Int32, method string) bottest.Fault {
			if method == "AddTable" && adds.Add(1) == 2 {
				return bottest.Ambiguous
			}
			return bottest.Pass
		}},
		{"the table's record stored, its op lost until a restart", true, func(adds, commits *atomic.Int32, method string) bottest.Fault {
			if method == "AddTable" {
				adds.Add(1)
			}
			if method == "CommitTables" && adds.Load() == 2 {
				commits.Add(1)
				return bottest.Lose // until the restart
			}
			return bottest.Pass
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tourneyTableOnce(t, tc.restart, tc.fault)
		})
	}
}

func tourneyTableOnce(t *testing.T, restart bool, fault func(adds, commits *atomic.Int32, method string) bottest.Fault) {
	h := newHarness(t, 47)
	f := withFaults(h)
	h.must("admin", "/tourney create Flaky buyin=10 start=+1m seats=4 bots=on min=2")
	h.must("admin", "/tourney bots 10")
	var adds, commits atomic.Int32
	// The faults end by a flag, not by f.Decide = nil: the room's group
	// commit reads f.Decide as it runs.
	var healed atomic.Bool
	f.Decide = func(method string) bottest.Fault {
		if healed.Load() {
			return bottest.Pass
		}
		return fault(&adds, &commits, method)
	}
	if restart {
		h.clock.Advance(time.Minute + time.Second)
		h.settle()
		healed.Store(true)
		if commits.Load() == 0 {
			t.Fatal("no op lost")
		}
		h.restart()
	} else {
		h.sleep(time.Minute + time.Second)
		healed.Store(true)
	}
	if adds.Load() < 2 {
		t.Fatalf("only %d tables stored", adds.Load())
	}
	twice := func(when string) {
		t.Helper()
		recs, err := h.store.OpenTables(context.Background(), 0)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]int{}
		for _, r := range recs {
			if seen[r.Name]++; seen[r.Name] == 2 {
				t.Errorf("%s: table %q stored twice", when, r.Name)
			}
		}
	}
	twice("at the start")
	h.restart()
	h.sleep(5 * time.Second)
	twice("after a restart")
	h.playTourney(time.Minute, 3000)
}
