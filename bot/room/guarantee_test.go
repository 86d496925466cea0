package room_test

import (
	"strings"
	"testing"
	"time"
)

// A tournament's guarantee is chips the house pays: a community admin
// could mint them without bound (found by an outside review):
// `/tourney create ... guarantee=1125899906842624` was accepted, and a
// two-player sit-and-go against a practice opponent paid it out, past the
// grant caps. An admin's guarantee is now capped as their grants are: at
// most the per-grant cap each, and together with the day's grants at most
// the day's cap; a template's is capped when it is saved and scheduled,
// each use counting; an edit may not raise one. The bot's operator is
// uncapped, as with grants.
func TestAnAdminsGuaranteeIsCappedAsTheirGrants(t *testing.T) {
	h := newHarness(t, 3)
	h.owners, h.withCron = []string{"console:op"}, true
	h.restart()
	h.must("ana", "/wallet")
	h.fails("admin", "/tourney create Mint guarantee=1125899906842624 start=+1h", "tourney.guarantee_cap")
	h.fails("admin", "/tourney create Mint guarantee=50001 start=+1h", "tourney.guarantee_cap")
	for i := range 3 {
		h.must("admin", "/tourney create G"+strings.Repeat("x", i)+" guarantee=50000 start=+1h")
	}
	// 150,000 promised today, then 40,000 granted: 10,000 left of the
	// day's 200,000, for grants and guarantees alike.
	h.must("admin", "/grant ana 40000")
	e := h.fails("admin", "/tourney create Late guarantee=20000 start=+1h", "tourney.guarantee_day_cap")
	if !strings.Contains(e.Message("en"), "10,000 left") {
		t.Errorf("day cap: %q", e.Message("en"))
	}
	h.must("admin", "/tourney create Small guarantee=10000 start=+1h")
	h.fails("admin", "/grant ana 1", "grant.day_cap")
	h.fails("admin", "/tourney edit T4 guarantee=50000", "tourney.edit_guarantee")
	h.must("admin", "/tourney edit T4 guarantee=10000") // lowering is the admin's
	h.fails("admin", "/tourney template save big guarantee=80000 start=+1h", "tourney.guarantee_cap")
	// The operator is uncapped, and counts toward nothing.
	h.must("op", "/tourney create Operator guarantee=1000000 start=+1h")
	h.must("op", "/tourney edit T5 guarantee=2000000")
	h.must("op", "/tourney template save big guarantee=80000 start=+1h")
	h.fails("admin", "/tourney schedule big daily 20:00 utc", "tourney.guarantee_cap")
	log := h.must("admin", "/adminlog").Text
	if n := strings.Count(log, "guarantee"); n < 4 {
		t.Errorf("the admin log names %d guarantees, want the admin's four:\n%s", n, log)
	}
}

// A schedule's tournaments count toward the day's cap for grants and
// guarantees, each when it is made: one that would pass it is not made.
func TestScheduledGuaranteesCountTowardTheDaysCap(t *testing.T) {
	h := newHarness(t, 3)
	h.owners, h.withCron = []string{"console:op"}, true
	h.restart()
	h.must("ana", "/wallet")
	h.must("op", "/tourney template save big guarantee=80000 start=+30m")
	for range 3 {
		h.must("admin", "/grant ana 50000") // 150,000 today
	}
	h.must("op", "/tourney schedule big every 1h")
	made := func() int {
		n := 0
		for _, l := range strings.Split(h.must("admin", "/adminlog 100").Text, "\n") {
			if strings.Contains(l, "guarantee") && strings.Contains(l, "schedule") {
				n++
			}
		}
		return n
	}
	h.sleep(2*time.Hour + time.Minute) // 22:00 and 23:00: 150,000 + 80,000 would pass 200,000
	if n := made(); n != 0 {
		t.Fatalf("%d scheduled guarantees made past the day's cap", n)
	}
	h.sleep(3 * time.Hour) // 00:00, 01:00 of a new day; 02:00 would pass it again
	if n := made(); n != 2 {
		t.Errorf("%d scheduled guarantees made the next day, want 2 (the third passes the cap)", n)
	}
}
