package history_test

import (
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot/history"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/tourney"
)

// R-TRN-8: the built-in sit-and-go structure (REFERENCE.md) plays 100/200
// at level 6 and 100/200 ante 25 at level 7; a PokerStars export of a
// level-7 hand said "Level VI", the first level with its blinds. The level
// is the one with the hand's blinds and ante (a structure never repeats
// both), the ante posted by every player or by the big blind alone.
func TestPokerStarsLevelIsTheOneWithTheHandsBlindsAndAnte(t *testing.T) {
	sng := tourney.SitAndGoPreset(tourney.Normal).Levels
	bba := tourney.WithBigBlindAnte(tourney.SitAndGoPreset(tourney.Normal)).Levels
	for _, tc := range []struct {
		name   string
		levels []tourney.Level
		cfg    engine.Config
		want   string
	}{
		{"level 6, no ante", sng, engine.Config{SmallBlind: 100, BigBlind: 200}, "Level VI (100/200)"},
		{"level 7, same blinds with an ante", sng, engine.Config{SmallBlind: 100, BigBlind: 200, Ante: 25}, "Level VII (100/200)"},
		{"level 8", sng, engine.Config{SmallBlind: 200, BigBlind: 400, Ante: 25}, "Level VIII (200/400)"},
		{"level 7, big blind ante", bba, engine.Config{SmallBlind: 100, BigBlind: 200, BigBlindAnte: 200}, "Level VII (100/200)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := gameNamed(t, "tournament-holdem-nl")
			g.cfg.SmallBlind, g.cfg.BigBlind, g.cfg.Ante, g.cfg.BigBlindAnte = tc.cfg.SmallBlind, tc.cfg.BigBlind, tc.cfg.Ante, tc.cfg.BigBlindAnte
			s := stored(t, g, 3)
			s.Table.Tournament.Levels = tc.levels
			text, _ := export(t, history.FormatPokerStars, history.Options{}, s)
			head, _, _ := strings.Cut(text, "\n")
			if !strings.Contains(head, " - "+tc.want+" - ") {
				t.Fatalf("header %q, want %q", head, tc.want)
			}
		})
	}
}
