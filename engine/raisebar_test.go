package engine_test

import (
	"math/rand/v2"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

// R-BET-5, R-BET-6: engine.RaiseBar names why a bet or raise is closed exactly
// when Legal closes it, over random hands of every betting structure.
func TestRaiseBarAgreesWithLegal(t *testing.T) {
	bars := map[engine.RaiseBar]int{}
	for seed := uint64(1); seed <= 400; seed++ {
		rnd := rand.New(rand.NewPCG(seed, 7))
		cfg := engine.Config{Game: engine.Holdem, Betting: []engine.Betting{engine.NoLimit, engine.PotLimit, engine.FixedLimit}[seed%3], SmallBlind: 1, BigBlind: 2, RaiseCap: int(seed % 3)}
		deck, err := engine.ShuffledDeck(engine.NewSeededReader(seed))
		if err != nil {
			t.Fatal(err)
		}
		setup := engine.Setup{Rules: cfg, Deck: deck}
		for k := 0; k < 2+int(seed%4); k++ {
			setup.Seats = append(setup.Seats, engine.Seat{Stack: int64(5 + rnd.IntN(120))})
		}
		h, err := engine.Start(setup)
		if err != nil {
			t.Fatal(err)
		}
		for steps := 0; !h.Done() && steps < 200; steps++ {
			l := h.Legal()
			bar := h.RaiseBar()
			bars[bar]++
			if open := l.CanBet || l.CanRaise; open != (bar == engine.RaiseOpen) {
				t.Fatalf("seed %d: Legal %+v, engine.RaiseBar %d", seed, l, bar)
			}
			kinds := []engine.ActionKind{engine.Call, engine.AllIn, engine.Fold}
			if l.CanCheck {
				kinds = append(kinds, engine.Check, engine.Check)
			}
			if l.CanBet {
				kinds = append(kinds, engine.Bet, engine.Bet)
			}
			if l.CanRaise {
				kinds = append(kinds, engine.Raise, engine.Raise)
			}
			a := engine.Action{Seat: l.Seat, Kind: kinds[rnd.IntN(len(kinds))]}
			if a.Kind == engine.Bet || a.Kind == engine.Raise {
				a.Amount = l.MinTo + rnd.Int64N(l.MaxTo-l.MinTo+1)
			}
			if a.Kind == engine.Call && l.CallAmount == 0 {
				a.Kind = engine.Check
			}
			if _, err := h.Apply(a); err != nil {
				// An all-in the structure does not allow (above a fixed
				// limit's bet): call, or check, instead.
				a = engine.Action{Seat: l.Seat, Kind: engine.Call}
				if l.CallAmount == 0 {
					a.Kind = engine.Check
				}
				if _, err := h.Apply(a); err != nil {
					t.Fatalf("seed %d: %v: %v", seed, a, err)
				}
			}
		}
	}
	for _, b := range []engine.RaiseBar{engine.RaiseOpen, engine.RaiseShort, engine.RaiseCovered, engine.RaiseCapped} {
		if bars[b] == 0 {
			t.Errorf("no turn barred by %d in the random hands: %v", b, bars)
		}
	}
}

// R-BET-8: a small blind facing a big blind all in for less than the
// blind, with nobody else in, calls only up to the chips the big blind put
// in (3 of its 4 behind here) and may not raise because the big blind is all
// in: RaiseBar says so. It said RaiseShort, measuring the call to the
// nominal big blind, and the table answered a /raise with "your chips only
// cover the call: /call (all in, 3)", though that call leaves a chip behind.
func TestRaiseBarFacingAShortBigBlindAllIn(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{100, 9, 8}, 0, nil)
	tb.do("0 fold")
	l := tb.h.Legal()
	if l.Seat != 1 || l.CallAmount != 3 || l.CanRaise {
		t.Fatalf("small blind: %+v", l)
	}
	if bar := tb.h.RaiseBar(); bar != engine.RaiseCovered {
		t.Errorf("RaiseBar %d, want RaiseCovered (%d): the call leaves %d behind", bar, engine.RaiseCovered, tb.h.Stack(1)-l.CallAmount)
	}
}
