package table

import (
	"maps"
	"slices"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
)

// R-CASH-7 (seed 000): replaying a stored hand step by step finds the
// fast folds out of turn the others had not seen yet: hidden until the
// turn passes the seat, a street ends or the hand does. Four seats, the
// button 0, the blinds 1 and 2, seat 3 first to act.
func TestHiddenFoldsReplayedStepByStep(t *testing.T) {
	type step struct {
		a      engine.Action
		hidden []int // the folds not shown once the step is played
	}
	fold := func(seat int) engine.Action { return engine.Action{Seat: seat, Kind: engine.Fold} }
	act := func(seat int, kind engine.ActionKind, amount int64) engine.Action {
		return engine.Action{Seat: seat, Kind: kind, Amount: amount}
	}
	for _, tc := range []struct {
		name  string
		steps []step
	}{
		{"shown when the turn passes the seat", []step{
			{fold(1), []int{1}},                // out of turn: 3 is to act
			{act(3, engine.Call, 0), []int{1}}, // the turn goes 3 -> 0: 1 not passed
			{act(0, engine.Call, 0), nil},      // 0 -> 2 passes 1
		}},
		{"shown when the next seat to act is past it", []step{
			{fold(0), []int{0}},
			{act(3, engine.Raise, 6), nil}, // 3 -> 1 passes 0
		}},
		{"a fold in turn is never hidden", []step{
			{fold(3), nil},
			{fold(0), nil},
		}},
		{"all shown when the hand ends", []step{
			{act(3, engine.Raise, 6), nil},
			{fold(2), []int{2}}, // facing the raise, 0 to act
			{fold(1), []int{1, 2}},
			{fold(0), nil}, // in turn: 3 alone wins
		}},
		{"all shown when the street ends", []step{
			{act(3, engine.Call, 0), nil},
			{act(0, engine.Call, 0), nil},
			{act(1, engine.Call, 0), nil},
			{act(2, engine.Check, 0), nil}, // the flop: 1 first
			{act(1, engine.Bet, 4), nil},
			{fold(0), []int{0}}, // facing the bet, 2 to act
			{act(2, engine.Call, 0), []int{0}},
			{act(3, engine.Call, 0), nil}, // 0 folded: the turn card, the street ends
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d [52]engine.Card
			setup := engine.Setup{Rules: engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 1, BigBlind: 2},
				Seats: []engine.Seat{{Stack: 100}, {Stack: 100}, {Stack: 100}, {Stack: 100}}, Deck: enginetest.FullDeck(&d)}
			h, err := engine.Start(setup)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range tc.steps {
				if s.a.Kind == engine.Fold && s.a.Seat != h.ToAct() {
					_, err = h.FastFold(s.a.Seat)
				} else {
					_, err = h.Apply(s.a)
				}
				if err != nil {
					t.Fatalf("%+v: %v", s.a, err)
				}
			}
			hidden := map[int]bool{}
			var got [][]int
			_, err = engine.ResumeSteps(setup, h.Events(), func(h *engine.Hand, a engine.Action, prev int, street engine.Street) {
				hiddenFolds(h, a, prev, street, hidden)
				got = append(got, slices.Sorted(maps.Keys(hidden)))
			})
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tc.steps) {
				t.Fatalf("%d steps replayed, want %d", len(got), len(tc.steps))
			}
			for i, s := range tc.steps {
				if !slices.Equal(got[i], s.hidden) {
					t.Errorf("after step %d (%+v): hidden %v, want %v", i+1, s.a, got[i], s.hidden)
				}
			}
		})
	}
}
