package room_test

import (
	"strings"
	"testing"
)

// A command that names two tournaments is refused: "/tourney cancel T1
// T2" cancelled T2 alone and answered so, the admin taking T1 for
// cancelled too, and "/register T1 T2" entered T2 only.
func TestCommandNamingTwoTournamentsIsRefused(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/tourney create A buyin=10+1 start=+1h")
	h.must("admin", "/tourney create B buyin=10+1 start=+2h")
	h.fails("admin", "/tourney cancel T1 T2", "tourney.two_named")
	h.fails("alice", "/register T1 T2", "tourney.two_named")
	h.must("alice", "/register T1 t1") // the same one twice is one
	if r := h.must("bob", "/tourneys"); strings.Count(r.Text, "open for registration") != 2 {
		t.Errorf("after the refusals: %q", r.Text)
	}
	if got := h.wallet("alice"); got != 10000-11 {
		t.Errorf("alice's wallet %d, want one entry paid", got)
	}
}
