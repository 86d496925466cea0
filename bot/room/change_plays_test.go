package room_test

import (
	"strings"
	"testing"
)

// Seed 003 #12: a player who asks during a hand to change tables plays
// that hand out ("you move when your hand ends"), as any player: their
// turn waits for them. Before, the change marked them leaving, and on
// their turn the table folded for them at once, as for a player who typed
// /leave: asking for a change forfeited the hand in play.
func TestAPlayerChangingTablesPlaysTheHandOut(t *testing.T) {
	h := newHarness(t, 16)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("admin", "/newtable nlhe 1/2")
	for _, u := range []string{"a1", "a2", "a3"} {
		h.must(u, "/join 100 #1")
	}
	h.must("b1", "/join 100 #2")
	mover := h.turnAt("#1")
	if mover == "" {
		t.Fatalf("nobody to act at #1:\n%s", h.tableOf("#1"))
	}
	if r := h.must(mover, "/join #2"); !strings.Contains(r.Text, "when your hand at #1 ends") {
		t.Fatalf("the change: %q", r.Text)
	}
	h.must("a3", "/topup 50 #1") // another command there: the table steps
	if got := h.turnAt("#1"); got != mover {
		t.Fatalf("after asking for a change %s no longer has the turn (%q):\n%s", mover, got, h.tableOf("#1"))
	}
	h.must(mover, "/call #1")
	if strings.Contains(strings.Join(h.group(), "\n"), mover+" folds") {
		t.Fatalf("%s's hand was folded for them", mover)
	}
}
