package room_test

import (
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// R-TRN-1: an admin's /tourney start of a scheduled event under its
// minimum is refused with the reason (it answered "Tournament T1
// started." while it cancelled the event and refunded every entry); the
// event stays open for registration, and starts once it has its minimum.
func TestStartUnderTheMinimumIsRefused(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/tourney create Early buyin=10+1 start=+1h min=3")
	h.must("alice", "/register")
	h.must("bob", "/register")
	e := h.fails("admin", "/tourney start", "tourney.start_min")
	if got := bot.Text("en", e.Key, e.Args...); !strings.Contains(got, "2") || !strings.Contains(got, "3") {
		t.Errorf("refusal %q does not say 2 of 3 players", got)
	}
	if info := h.must("admin", "/tourney info").Text; !strings.Contains(info, "open for registration") {
		t.Fatalf("after the refused start:\n%s", info)
	}
	if got := h.wallet("alice"); got != 10000-11 {
		t.Errorf("alice's wallet %d, want her entry kept (%d)", got, 10000-11)
	}
	h.must("carol", "/register")
	if r := h.must("admin", "/tourney start"); !strings.Contains(r.Text, "started") {
		t.Errorf("start with the minimum: %q", r.Text)
	}
	if len(h.newsWith("Early starts: 3 players")) != 1 {
		t.Errorf("no start news: %q", h.news())
	}
}
