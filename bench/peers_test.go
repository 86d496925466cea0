//go:build peers

package bench

// The peer libraries, compiled only with -tags peers once they are fetched
// (see doc.go): the module proxy this project uses refuses them, so they are
// not in go.mod.

import (
	"github.com/cardrank/cardrank"
	chehsunliu "github.com/chehsunliu/poker"
	paulhankin "github.com/paulhankin/poker/v2/poker"

	"github.com/pokerroom/pokerroom/engine"
)

func init() {
	eval7Impls = append(eval7Impls,
		impl{"paulhankin", func() func(int) int64 {
			hands := make([][7]paulhankin.Card, numDeals)
			for i := range hands {
				for j := 0; j < 7; j++ {
					c := deals[i][j]
					// paulhankin: suits clubs, diamonds, hearts, spades = 0..3; ranks ace=1, two=2 ... king=13.
					r := paulhankin.Rank(int(c.Rank())+2) % 14
					if c.Rank() == engine.Ace {
						r = 1
					}
					pc, err := paulhankin.MakeCard(paulhankin.Suit(3-c.Suit()), r)
					if err != nil {
						panic(err)
					}
					hands[i][j] = pc
				}
			}
			return func(i int) int64 { return int64(paulhankin.Eval7(&hands[i])) }
		}},
		impl{"chehsunliu", func() func(int) int64 {
			hands := make([][]chehsunliu.Card, numDeals)
			for i := range hands {
				hands[i] = make([]chehsunliu.Card, 7)
				for j := 0; j < 7; j++ {
					hands[i][j] = chehsunliu.NewCard(deals[i][j].String())
				}
			}
			return func(i int) int64 { return int64(chehsunliu.Evaluate(hands[i])) }
		}},
	)
	omahaHiLoImpls = append(omahaHiLoImpls,
		impl{"cardrank", func() func(int) int64 {
			hands := make([][]cardrank.Card, numDeals)
			for i := range hands {
				hands[i] = cardrank.Must(engine.FormatCards(deals[i][:]))
			}
			return func(i int) int64 {
				ev := cardrank.OmahaHiLo.Eval(hands[i][:4], hands[i][4:9])
				return int64(ev.HiRank) ^ int64(ev.LoRank)<<32
			}
		}},
	)
}
