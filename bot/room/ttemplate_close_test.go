package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-TRN-1: a template saved with close= (registration closing ten
// minutes before a start an hour away) closes the registration of each
// tournament made from it ten minutes before that tournament's start:
// not at the instant the template was saved, long past when it is used
// (registration was closed at once and the event cancelled for want of
// players).
func TestTemplateCloseIsADelayToo(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/tourney template save weekly Weekly buyin=10+1 start=+1h close=+50m min=2")
	h.sleep(2 * time.Hour)
	r := h.must("admin", "/tourney template use weekly")
	if !strings.Contains(r.Text, "T1") {
		t.Fatalf("use: %q", r.Text)
	}
	h.must("alice", "/register")
	h.sleep(40 * time.Minute)
	h.must("bob", "/register")
	h.sleep(10*time.Minute + time.Second)
	h.fails("carol", "/register", "tourney.reg_closed")
	h.sleep(10 * time.Minute)
	if len(h.newsWith("Weekly starts: 2 players")) != 1 {
		t.Errorf("no start: %q", h.news())
	}
}
