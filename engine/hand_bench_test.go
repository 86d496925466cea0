package engine_test

import (
	"math/rand/v2"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
)

// BenchmarkHand plays six-handed hands to the end with random legal actions,
// showdown included, reusing one Hand (Reset) as a table does.
func BenchmarkHand(b *testing.B) {
	cases := []struct {
		name string
		cfg  engine.Config
	}{
		{"nlhe6", engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 1, BigBlind: 2}},
		{"plo", engine.Config{Game: engine.Omaha, Betting: engine.PotLimit, SmallBlind: 1, BigBlind: 2}},
		{"o8fl", engine.Config{Game: engine.OmahaHiLo, Betting: engine.FixedLimit, SmallBlind: 1, BigBlind: 2}},
		{"draw", engine.Config{Game: engine.Draw, Betting: engine.FixedLimit, Ante: 1, SmallBet: 2, Draw: engine.DrawConfig{Openers: engine.OpenJacksOrBetter}}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			rng := rand.New(rand.NewPCG(1, 2))
			p := &enginetest.Player{Src: rng}
			var d [52]engine.Card
			deck := enginetest.FullDeck(&d)
			seats := make([]engine.Seat, 6)
			for i := range seats {
				seats[i].Stack = 200
			}
			h, err := engine.New(c.cfg, seats, 0, deck)
			if err != nil {
				b.Fatal(err)
			}
			actions := 0
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				enginetest.Shuffle(deck, rng)
				if err := h.Recycle(engine.Setup{Rules: c.cfg, Seats: seats, Button: i % 6, Deck: deck}); err != nil {
					b.Fatal(err)
				}
				n, err := p.Play(h)
				if err != nil {
					b.Fatal(err)
				}
				actions += n
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
			b.ReportMetric(float64(actions)/float64(b.N), "actions/hand")
		})
	}
}
