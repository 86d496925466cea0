package room_test

import (
	"strings"
	"testing"
)

// R-CASH-7: /history of a fast-fold pool's player tells their own last
// hands in the pool, whichever of its tables dealt them: a pool table's
// last hands are those of whoever it seated (mostly others), and a player
// waiting or sitting out sits at no table, so /history answered with
// another crowd's hands, or not at all ("You are not at a table").
func TestPoolHistoryTellsThePlayersOwnHands(t *testing.T) {
	h := startSixHanded(t, 12)
	h.poolFoldAll()
	h.must("ana", "/pool sitout all")
	h.poolFoldAll()
	for _, chat := range []string{"group", ""} {
		r, err := h.in(chat, "", "ana", "/history 5")
		if err != nil {
			t.Fatalf("ana's /history 5 in %q, sitting out of the pool: %v", chat, err)
		}
		hands := strings.Split(r.Text, "\n\n")
		if len(hands) != 5 {
			t.Errorf("ana's /history 5 in %q tells %d hands, want 5:\n%s", chat, len(hands), r.Text)
		}
		for _, hand := range hands {
			if !strings.Contains(hand, "Your cards:") {
				t.Errorf("ana's /history in %q tells a hand she was not dealt in:\n%s", chat, hand)
			}
		}
	}
	if _, err := h.in("", "", "ben", "/history"); err != nil { // ben plays on
		t.Fatalf("ben's /history in the pool: %v", err)
	}
}
