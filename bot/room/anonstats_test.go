package room_test

import (
	"strings"
	"testing"
	"time"
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

// R-TRN-13: an anonymous tournament keeps its pseudonyms during play, so
// its hands, like an anonymous cash table's, never reach statistics made
// public: read before and after each hand, a public player's "tournament
// hands" would tell which "Anonymous N" they are while the event runs.
// The player alone sees them, in their own /stats, apart.
func TestAnonymousTourneyHandsStayOffPublicStats(t *testing.T) {
	h := newHarness(t, 9)
	h.must("admin", "/tourney create Masked start=sng players=3 seats=6 speed=hyper anon=on bots=on")
	h.must("ben", "/stats public")
	h.must("alice", "/register")
	h.must("ben", "/register")
	h.must("admin", "/tourney start")
	h.must("alice", "/sitout")
	h.must("ben", "/sitout")
	h.playTourney(time.Minute, 600)
	if r := h.must("alice", "/stats @ben").Text; strings.Contains(r, "Hands ") {
		t.Errorf("ben's public statistics show the anonymous tournament's hands:\n%s", r)
	}
	own := h.must("ben", "/stats").Text
	if !strings.Contains(own, "Statistics of ben, anonymous tournaments (only you see these)") || !strings.Contains(own, "Hands ") {
		t.Errorf("ben's own statistics lack the anonymous tournament's hands:\n%s", own)
	}
}
