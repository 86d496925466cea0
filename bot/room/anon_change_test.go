package room_test

import (
	"strings"
	"testing"
)

// R-CASH-6 (seed 000: "each time players are relocated they get new
// pseudonyms"): a table change between anonymous tables does not tell the
// group which pseudonym became which. The join's public answer was "Anonym
// 2 leaves #1 with 200." and "Anonym 1 sits at seat 1 of #2" in one
// message; now the group reads only the seat at #2, and the player is told
// privately what they left #1 with.
func TestAChangeBetweenAnonymousTablesKeepsThePseudonymsApart(t *testing.T) {
	h := newHarness(t, 31)
	h.must("admin", "/newtable nlhe 1/2 buyin=80-200 anon=on")
	h.must("admin", "/newtable nlhe 1/2 buyin=80-200 anon=on")
	h.must("ana", "/join 150 #1") // alone: no hand, so the change is made at once
	r := h.must("ana", "/join #2")
	if strings.Contains(r.Text, "#1") || strings.Contains(r.Text, "leaves") || !strings.Contains(r.Text, "Anonym 1 sits at seat 1 of #2 with 150") {
		t.Fatalf("the group reads: %q", r.Text)
	}
	if got := strings.Join(h.private("ana"), "\n"); !strings.Contains(got, "leaves #1 with 150") {
		t.Fatalf("ana is not told what she left #1 with: %q", got)
	}
	for _, g := range h.group() {
		if strings.Contains(g, "ana") || strings.Contains(g, "ben") {
			t.Fatalf("a group message names a player:\n%s", g)
		}
	}
}
