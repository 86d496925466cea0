package phh

import (
	"bytes"
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
)

// TestWrittenRakeReplays: hands the room raked are written with the rake
// (pokerroom's _rake_* fields), read back with it and replayed to their
// finishing stacks; the same hands without the fields do not match when
// chips were raked, so the fields are what makes the replay right.
func TestWrittenRakeReplays(t *testing.T) {
	rakes := []engine.Rake{engine.DefaultRake(), {Percent: 10}, {Percent: 5, Cap: 20, Step: 20}}
	strip := regexp.MustCompile(`(?m)^_rake_\w+ = \d+\n`)
	raked := 0
	for seed := uint64(1); seed <= 60; seed++ {
		rng := rand.New(rand.NewPCG(seed, 7))
		rake := rakes[seed%uint64(len(rakes))]
		cfg := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 5, BigBlind: 10, Rake: rake}
		seats := make([]engine.Seat, 2+rng.IntN(5))
		for i := range seats {
			seats[i].Stack = int64(100 + rng.IntN(900))
		}
		var d [52]engine.Card
		deck := enginetest.FullDeck(&d)
		enginetest.Shuffle(deck, rng)
		setup := engine.Setup{Rules: cfg, Seats: seats, Button: rng.IntN(len(seats)), Deck: deck}
		h, err := engine.Start(setup)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := (&enginetest.Player{Src: rng}).Play(h); err != nil {
			t.Fatal(err)
		}
		took := int64(0)
		for _, e := range h.Events() {
			if e.Kind == engine.EvRake {
				took += e.Amount
			}
		}
		var buf bytes.Buffer
		if err := Write(&buf, Record{Setup: Setup{Config: cfg, Seats: seats, Button: setup.Button, Deck: deck}, Events: h.Events()}); err != nil {
			t.Fatal(err)
		}
		hand, err := Parse("raked.phh", buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if hand.Rake != rake {
			t.Fatalf("seed %d: rake read back %+v, written %+v:\n%s", seed, hand.Rake, rake, buf.String())
		}
		if r := Replay(hand); r.Status != Match {
			t.Fatalf("seed %d: %s\n%s", seed, r.Report(), buf.String())
		}
		bare, err := Parse("bare.phh", strip.ReplaceAll(buf.Bytes(), nil))
		if err != nil {
			t.Fatal(err)
		}
		if r := Replay(bare); (r.Status == Match) != (took == 0) {
			t.Errorf("seed %d: %d raked; without the fields: %s", seed, took, r.Status)
		}
		if took > 0 {
			raked++
		}
	}
	if raked < 10 {
		t.Errorf("only %d of 60 hands raked: the test tests little", raked)
	}
}
