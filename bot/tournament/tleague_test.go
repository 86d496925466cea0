package tournament

import (
	"testing"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/tourney"
)

// R-LGE-3: league standings key points by player identity (a practice
// opponent by its name, every tournament having its own practice players
// named from one pool) and never show two lines with one name: two
// players of one display name are told apart in ranking order.
func TestLeagueStandingsNeverShowOneNameTwice(t *testing.T) {
	who := map[int64]bot.Player{
		1: {ID: 1, Platform: "telegram", DisplayName: "Ana"},
		2: {ID: 2, Platform: "discord", DisplayName: "Ana"},
		3: {ID: 3, Platform: table.BotPlatform, DisplayName: "Alba"},
		4: {ID: 4, Platform: table.BotPlatform, DisplayName: "Alba"},
		5: {ID: 5, Platform: "telegram", DisplayName: "Alba"},
	}
	for _, c := range []struct {
		a, b int64
		same bool
	}{
		{1, 2, false}, // two people, one name: two players
		{3, 4, true},  // one practice opponent in two tournaments
		{3, 5, false}, // a person named as a practice opponent
	} {
		if got := StandingKey(c.a, who) == StandingKey(c.b, who); got != c.same {
			t.Errorf("players %d and %d one standing: %v, want %v", c.a, c.b, got, c.same)
		}
	}
	rank := []tourney.LeagueStanding{{Player: "2"}, {Player: "1"}, {Player: "practice:Alba"}, {Player: "5"}, {Player: "9"}}
	named := map[tourney.PlayerID]string{"1": "Ana", "2": "Ana", "practice:Alba": "Alba", "5": "Alba"}
	got := DistinctNames(rank, named)
	want := map[tourney.PlayerID]string{"2": "Ana", "1": "Ana (2)", "practice:Alba": "Alba", "5": "Alba (2)", "9": "?"}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("player %s shown as %q, want %q", k, got[k], w)
		}
	}
}
