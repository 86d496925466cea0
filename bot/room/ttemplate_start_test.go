package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-TRN-1: a template keeps its start as a delay from each use; a start
// (or close=) given as a time of day or a date is refused with the
// reason. It was taken as the delay from the moment the template was
// saved: "start=23:00" saved at 21:00 became "two hours after each use",
// and a tournament made from it the next morning started at noon.
func TestTemplateStartMustBeADelay(t *testing.T) {
	h := newHarness(t, 7)
	for _, opts := range []string{"start=23:00", "start=2026-11-30T21:00", "start=+2h close=22:30"} {
		h.fails("admin", "/tourney template save nightly Nightly buyin=10+1 min=2 "+opts, "template.start_delay")
	}
	h.must("admin", "/tourney template save nightly Nightly buyin=10+1 min=2 start=+2h close=+90m")
	h.must("admin", "/tourney template save quick Quick start=sng players=6 seats=6")
	h.sleep(13 * time.Hour) // the next morning, 10:00
	if r := h.must("admin", "/tourney template use nightly"); !strings.Contains(r.Text, "2026-11-24 12:00 UTC") {
		t.Errorf("use: %q, want a start two hours after it", r.Text)
	}
}
