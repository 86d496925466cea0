package room

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/tournament"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/engine"
)

// R-BET-5, R-CARD-7: the table options reach the engine's rules and are
// kept with the table: cap=2 allows a bet and two raises (the engine
// counts the bet), the draw deck's options become its DrawConfig.
func TestTableOptionsReachTheEngineAndTheStore(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want func(engine.Config) bool
	}{
		{[]string{"flhe", "2/4", "cap=2"}, func(r engine.Config) bool { return r.RaiseCap == 3 }},
		{[]string{"flhe", "2/4"}, func(r engine.Config) bool { return r.RaiseCap == 0 }}, // the engine's default: 4 bets
		{[]string{"draw", "1/2", "jokers=1", "deck=40", "figures=on"}, func(r engine.Config) bool {
			return r.Draw == engine.DrawConfig{Jokers: 1, DeckSize: 40, FiveFigures: true}
		}},
	} {
		c, err := table.ParseTableConfig(tc.args)
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		if !tc.want(c.Rules()) {
			t.Errorf("%v: engine rules %+v", tc.args, c.Rules())
		}
		b, _ := json.Marshal(c)
		back, err := table.DecodeTableConfig(string(b))
		if err != nil || back != c {
			t.Errorf("%v: stored %s, read back %+v, %v", tc.args, b, back, err)
		}
	}
}

// R-TRN-8, R-TRN-12: structure= takes seed 001's time-limit structure with
// its limit from end= (60 minutes by default); the level length stays the
// seed's for the others.
func TestSeedStructureKeepsItsTimeLimit(t *testing.T) {
	now := time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		args      []string
		stack     int64
		endAfter  time.Duration
		levelTime time.Duration
	}{
		{[]string{"S", "start=sng", "structure=sng50-time", "end=45m"}, 5000, 45 * time.Minute, 45 * time.Minute},
		{[]string{"S", "start=sng", "structure=sng100-time"}, 10000, 60 * time.Minute, 60 * time.Minute},
		{[]string{"S", "start=sng", "structure=sng100"}, 2500, 0, 15 * time.Minute},
	} {
		s, err := tournament.ParseSettings(tc.args, now)
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		st := s.Config.Structure
		if st.StartingStack != tc.stack || st.EndAfter != tc.endAfter || st.Levels[0].Duration != tc.levelTime {
			t.Errorf("%v: stack %d, end after %v, first level %v; want %d, %v, %v", tc.args, st.StartingStack, st.EndAfter, st.Levels[0].Duration, tc.stack, tc.endAfter, tc.levelTime)
		}
	}
}
