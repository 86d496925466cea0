package room_test

import (
	"strings"
	"testing"
)

// R-CASH-6 (R-TRN-13): the hands of an anonymous cash table never reach
// the leaderboard or statistics made public under the players' names,
// which, read before and after a hand, would tell who sat behind which
// "Anonym N"; the player alone sees them, in their own /stats, apart.
func TestAnonymousTablesStayOffTheLeaderboard(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/newtable nlhe 1/2 anon=on")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	// The table message shows pseudonyms: each player checks or calls
	// in turn, whoever is to act.
	for range 40 {
		for _, u := range []string{"ana", "ben"} {
			if _, err := h.do(u, "/check"); err != nil {
				_, _ = h.do(u, "/call")
			}
		}
	}
	if r := h.must("ana", "/leaderboard"); strings.Contains(r.Text, "ana") || strings.Contains(r.Text, "ben") {
		t.Errorf("the leaderboard names players of the anonymous table:\n%s", r.Text)
	}
	own := h.must("ana", "/stats").Text
	if !strings.Contains(own, "Statistics of ana, anonymous cash tables (only you see these)") || !strings.Contains(own, "Hands ") {
		t.Errorf("ana's own statistics lack the anonymous table's hands:\n%s", own)
	}
	h.must("ben", "/stats public")
	if r := h.must("ana", "/stats @ben").Text; strings.Contains(r, "anonymous") || strings.Contains(r, "Hands ") {
		t.Errorf("ben's public statistics show the anonymous table's hands:\n%s", r)
	}
}
