package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-TRN-1: /tourney edit of another option keeps a scheduled event's
// start, and the opening of its registration, where they were: a delay
// given at creation ("start=+1h", "open=+1h") is not read again from the
// time of the edit, which moved them later by the time gone by.
func TestEditKeepsTheStartTimeGivenAsADelay(t *testing.T) {
	for _, tc := range []struct {
		name, create, want string
	}{
		{"delay", "/tourney create Delay buyin=10+1 start=+1h open=+10m", "2026-11-23 22:00 UTC"},
		{"opening", "/tourney create Later buyin=10+1 start=+3h open=+1h", "2026-11-24 00:00 UTC"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, 41)
			r := h.must("admin", tc.create)
			if !strings.Contains(r.Text, tc.want) {
				t.Fatalf("create: %q, want a start at %s", r.Text, tc.want)
			}
			h.sleep(20 * time.Minute)
			r = h.must("admin", "/tourney edit buyin=20+2")
			if !strings.Contains(r.Text, tc.want) {
				t.Errorf("edit of the buy-in moved the start: %q, want %s", r.Text, tc.want)
			}
			if info := h.must("admin", "/tourney info").Text; !strings.Contains(info, tc.want) {
				t.Errorf("after the edit:\n%s", info)
			}
			if strings.Contains(tc.create, "open=+1h") {
				h.sleep(40*time.Minute + time.Second) // an hour after the creation
				if len(h.newsWith("Registration is open for Later")) != 1 {
					t.Errorf("registration did not open an hour after the creation: %q", h.news())
				}
			}
		})
	}
}
