package engine_test

import (
	"errors"
	"reflect"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

// R-CASH-7: a fast fold is allowed at any time, out of turn too, except
// when the seat's bet matches the highest bet (the big blind with no raise
// included) or the seat is all in; a refused one changes nothing.
func TestFastFoldAllowedOutOfTurnExceptMatchedOrAllIn(t *testing.T) {
	cases := []struct {
		name    string
		stacks  []int64
		actions []string // played first (seat 3 acts first: button 0, blinds 1 and 2)
		seat    int
		want    error // nil: allowed
	}{
		{"button out of turn preflop", []int64{100, 100, 100, 100}, nil, 0, nil},
		{"small blind out of turn", []int64{100, 100, 100, 100}, nil, 1, nil},
		{"big blind with no raise", []int64{100, 100, 100, 100}, nil, 2, engine.ErrFoldMatched},
		{"big blind facing a raise", []int64{100, 100, 100, 100}, []string{"3 raise 30"}, 2, nil},
		{"the raiser", []int64{100, 100, 100, 100}, []string{"3 raise 30"}, 3, engine.ErrFoldMatched},
		{"in turn facing the big blind", []int64{100, 100, 100, 100}, nil, 3, nil},
		{"all in", []int64{100, 100, 100, 20}, []string{"3 allin"}, 3, engine.ErrFoldAllIn},
		{"folded already", []int64{100, 100, 100, 100}, []string{"3 fold"}, 3, engine.ErrNotInHand},
		{"no bet after the flop", []int64{100, 100, 100, 100}, []string{"3 call", "0 call", "1 call", "2 check"}, 0, engine.ErrFoldMatched},
		{"facing a bet after the flop, out of turn", []int64{100, 100, 100, 100}, []string{"3 call", "0 call", "1 call", "2 check", "1 bet 20"}, 0, nil},
		{"no such seat", []int64{100, 100, 100, 100}, nil, 7, engine.ErrInvalidAction},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := deal(t, nlhe(5, 10), c.stacks, 0, nil)
			tb.do(c.actions...)
			h := tb.h
			toAct := h.ToAct()
			before := *h
			n := len(h.Events())
			verr := h.VerifyFastFold(c.seat)
			evs, err := h.FastFold(c.seat)
			if !errors.Is(err, c.want) || !errors.Is(verr, c.want) {
				t.Fatalf("FastFold(%d) = %v, Verify %v; want %v", c.seat, err, verr, c.want)
			}
			if c.want != nil {
				if len(h.Events()) != n || !reflect.DeepEqual(before, *h) {
					t.Fatal("a refused fast fold changed the hand")
				}
				if !errors.As(err, new(*engine.ActionError)) {
					t.Fatalf("%v is not an *ActionError", err)
				}
				return
			}
			if len(evs) == 0 || evs[0].Kind != engine.EvFold || evs[0].Seat != c.seat || !h.Folded(c.seat) {
				t.Fatalf("events %v: want the fold of seat %d first", evs, c.seat)
			}
			if c.seat != toAct && h.ToAct() != toAct {
				t.Fatalf("a fold out of turn moved the turn from %d to %d", toAct, h.ToAct())
			}
		})
	}
}

// R-CASH-7: folds out of turn that leave one player end the hand; the
// chips are conserved, the pot awarded, and Resume replays the folds out
// of turn into the same hand.
func TestFastFoldsOutOfTurnEndTheHandAndResume(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{100, 100, 100, 100}, 0, nil)
	tb.do("3 raise 30")
	for _, seat := range []int{2, 1} { // out of turn: seat 0 is to act
		if _, err := tb.h.FastFold(seat); err != nil {
			t.Fatalf("fast fold %d: %v", seat, err)
		}
	}
	if tb.h.Done() || tb.h.ToAct() != 0 {
		t.Fatalf("to act %d, done %v: want seat 0 still to act", tb.h.ToAct(), tb.h.Done())
	}
	if _, err := tb.h.FastFold(0); err != nil { // in turn: the last one
		t.Fatal(err)
	}
	if !tb.h.Done() {
		t.Fatal("the hand is not over with one player left")
	}
	wantStacks(t, tb.h, 100, 95, 90, 115)
	setup := engine.Setup{Rules: tb.cfg, Seats: tb.seats, Button: tb.button, Deck: tb.deck}
	again, err := engine.Resume(setup, tb.h.Events())
	if err != nil {
		t.Fatalf("Resume: %v", err)
	}
	if !reflect.DeepEqual(*again, *tb.h) {
		t.Fatal("the resumed hand differs")
	}
}

// ResumeSteps replays a hand step by step as it was played: each action
// in turn, with the seat that was to act and the street before it, so a
// table can tell the folds out of turn (R-CASH-7) from the others.
func TestResumeStepsShowsEachActionWithTheTurnBeforeIt(t *testing.T) {
	type step struct {
		a      engine.Action
		toAct  int
		street engine.Street
	}
	tb := deal(t, nlhe(5, 10), []int64{100, 100, 100, 100}, 0, nil)
	var played []step
	act := func(a engine.Action) {
		before := step{a, tb.h.ToAct(), tb.h.Street()}
		var err error
		if a.Kind == engine.Fold && a.Seat != tb.h.ToAct() {
			_, err = tb.h.FastFold(a.Seat)
		} else {
			_, err = tb.h.Apply(a)
		}
		if err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
		played = append(played, before)
	}
	act(engine.Action{Seat: 3, Kind: engine.Call})
	act(engine.Action{Seat: 1, Kind: engine.Fold}) // out of turn: seat 0 is to act
	act(engine.Action{Seat: 0, Kind: engine.Call})
	act(engine.Action{Seat: 2, Kind: engine.Check})
	act(engine.Action{Seat: 2, Kind: engine.Check}) // the flop
	setup := engine.Setup{Rules: tb.cfg, Seats: tb.seats, Button: tb.button, Deck: tb.deck}
	var got []step
	again, err := engine.ResumeSteps(setup, tb.h.Events(), func(h *engine.Hand, a engine.Action, toAct int, street engine.Street) {
		got = append(got, step{a, toAct, street})
		if len(h.Events()) > len(tb.h.Events()) {
			t.Errorf("step %d: the hand has %d events, more than the %d played", len(got), len(h.Events()), len(tb.h.Events()))
		}
	})
	if err != nil {
		t.Fatalf("ResumeSteps: %v", err)
	}
	if !reflect.DeepEqual(got, played) {
		t.Fatalf("steps %+v, want %+v", got, played)
	}
	if !reflect.DeepEqual(*again, *tb.h) {
		t.Fatal("the resumed hand differs")
	}
}

// R-CASH-7: a fast fold that leaves the player to act with nobody to bet
// against ends the round: the board runs out and the hand is awarded.
func TestFastFoldLeavingNobodyToBetAgainstRunsTheBoard(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{100, 100, 100, 40}, 0, nil)
	tb.do("3 allin", "0 call") // seat 0 calls 40; seats 1 and 2 still to act
	if _, err := tb.h.FastFold(2); err != nil {
		t.Fatal(err)
	}
	if tb.h.ToAct() != 1 {
		t.Fatalf("to act %d, want 1", tb.h.ToAct())
	}
	tb.do("1 fold")
	if !tb.h.Done() {
		t.Fatal("the hand did not run out")
	}
	var total int64
	for _, s := range tb.h.Stacks() {
		total += s
	}
	if total != 340 {
		t.Fatalf("stacks total %d, want 340", total)
	}
}
