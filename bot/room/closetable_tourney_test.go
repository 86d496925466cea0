package room_test

import (
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// /closetable on a tournament's table is refused with the command that
// closes it: "/tourney cancel T<n>". A table the director opened (not one
// restored after a restart) did not know its tournament's id, and the
// admin was told "#1 is a table of tournament T0 ... (/tourney cancel
// T0)", a tournament that does not exist.
func TestCloseTableOnATourneyTableNamesItsTournament(t *testing.T) {
	h := newHarness(t, 3)
	h.must("admin", "/tourney create Later buyin=10 start=+3h")
	h.must("admin", "/tourney create Now start=sng players=6 seats=6 bots=on")
	h.must("cat", "/register T2")
	h.must("admin", "/tourney start T2")
	var label string
	for _, c := range h.room.TablesIn("console", "group") {
		if c.Tourney {
			label = c.Label
		}
	}
	if label == "" {
		t.Fatalf("no tournament table: %+v", h.room.TablesIn("console", "group"))
	}
	e := h.fails("admin", "/closetable "+label, "closetable.tourney")
	for _, lang := range []string{bot.English, bot.Spanish} {
		if msg := e.Message(lang); !strings.Contains(msg, "T2") || strings.Contains(msg, "T0") {
			t.Errorf("/closetable %s (%s): %q, want it to name T2", label, lang, msg)
		}
	}
}
