package console

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// A user playing a tournament when the console starts again is told the
// tournament's table and sent nowhere else: the welcome bought them into
// the first cash table with a free seat (or opened one, with practice
// opponents), so they were dealt cash hands, and timed out there, while
// they played the tournament (found by an outside review).
func TestWelcomeLeavesAPlayerAtTheirTournamentTable(t *testing.T) {
	for _, tables := range [][]bot.TableChoice{
		{{ID: 1, Label: "#1", Title: "NL Hold'em 1/2", Seated: 3, Seats: 6}, {ID: 2, Label: "#2", Title: "Friday · table 1", Seated: 6, Seats: 6, Tourney: true}},
		{{ID: 2, Label: "#2", Title: "Friday · table 1", Seated: 6, Seats: 6, Tourney: true}},
	} {
		lobby := fakeLobby{tables: tables, seated: []int64{2}}
		var out bytes.Buffer
		c := &Console{User: "you", Sink: NewSink(&out, false)}
		if err := Welcome(&lobby)(context.Background(), c); err != nil {
			t.Fatal(err)
		}
		if len(lobby.handled) != 0 {
			t.Errorf("%d tables: commands sent %q, want none", len(tables), lobby.handled)
		}
		if !strings.Contains(out.String(), "You are at table #2 (Friday · table 1).") {
			t.Errorf("%d tables: the console shows:\n%s", len(tables), out.String())
		}
	}
}
