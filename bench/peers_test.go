//go:build peers

package bench

// The peer libraries, compiled only with -tags peers. The module proxy this
// project uses refuses them, so they are not in go.mod: the comparison is run
// in workspace mode against local copies of them (see README.md).

import (
	"testing"

	"github.com/cardrank/cardrank"
	chehsunliu "github.com/chehsunliu/poker"
	paulhankin "github.com/paulhankin/poker/v2/poker"

	"github.com/pokerroom/pokerroom/engine"
)

// toPaulhankin converts a card: paulhankin numbers suits clubs, diamonds,
// hearts, spades = 0..3 and ranks ace = 1, two = 2 ... king = 13.
func toPaulhankin(c engine.Card) paulhankin.Card {
	r := paulhankin.Rank(int(c.Rank()) + 2)
	if c.Rank() == engine.Ace {
		r = 1
	}
	pc, err := paulhankin.MakeCard(paulhankin.Suit(3-c.Suit()), r)
	if err != nil {
		panic(err)
	}
	return pc
}

// fromPaulhankin is the inverse of toPaulhankin.
func fromPaulhankin(pc paulhankin.Card) engine.Card {
	r := engine.Ace
	if pc.Rank() != 1 {
		r = engine.Rank(int(pc.Rank()) - 2)
	}
	return engine.NewCard(r, engine.Suit(3-pc.Suit()))
}

// toChehsunliu converts a card through its text form ("As").
func toChehsunliu(c engine.Card) chehsunliu.Card { return chehsunliu.NewCard(c.String()) }

// toCardrank converts cards through their text form.
func toCardrank(cs []engine.Card) []cardrank.Card {
	return cardrank.Must(engine.FormatCards(cs))
}

func init() {
	eval7Impls = append(eval7Impls,
		impl{"paulhankin", func() func(int) int64 {
			hands := make([][7]paulhankin.Card, numDeals)
			for i := range hands {
				for j := 0; j < 7; j++ {
					hands[i][j] = toPaulhankin(deals[i][j])
				}
			}
			return func(i int) int64 { return int64(paulhankin.Eval7(&hands[i])) }
		}},
		impl{"chehsunliu", func() func(int) int64 {
			hands := make([][]chehsunliu.Card, numDeals)
			for i := range hands {
				hands[i] = make([]chehsunliu.Card, 7)
				for j := 0; j < 7; j++ {
					hands[i][j] = toChehsunliu(deals[i][j])
				}
			}
			return func(i int) int64 { return int64(chehsunliu.Evaluate(hands[i])) }
		}},
	)
	omahaHiLoImpls = append(omahaHiLoImpls,
		impl{"cardrank", func() func(int) int64 {
			hands := make([][]cardrank.Card, numDeals)
			for i := range hands {
				hands[i] = toCardrank(deals[i][:])
			}
			return func(i int) int64 {
				ev := cardrank.OmahaHiLo.Eval(hands[i][:4], hands[i][4:9])
				return int64(ev.HiRank) ^ int64(ev.LoRank)<<32
			}
		}},
	)
}

// agreeSample is how many of the fixed deals the agreement tests check; each
// deal is compared with the next one.
const agreeSample = numDeals

// sign returns -1, 0 or 1.
func sign(d int64) int {
	switch {
	case d < 0:
		return -1
	case d > 0:
		return 1
	}
	return 0
}

// TestPeersAgreeEval7 checks that the peers and the engine rank the same
// seven-card hands the same way: the same category, and the same order (or
// tie) between each deal and the next. Peers rank lower-is-better
// (chehsunliu) or greater-is-better (paulhankin).
func TestPeersAgreeEval7(t *testing.T) {
	ours := make([]engine.HandValue, agreeSample)
	ph := make([]int64, agreeSample)
	ch := make([]int64, agreeSample)
	for i := range ours {
		var h [7]engine.Card
		copy(h[:], deals[i][:7])
		ours[i] = engine.Eval7(&h)
		var p [7]paulhankin.Card
		c := make([]chehsunliu.Card, 7)
		for j := 0; j < 7; j++ {
			p[j] = toPaulhankin(h[j])
			c[j] = toChehsunliu(h[j])
		}
		ph[i] = int64(paulhankin.Eval7(&p))
		ch[i] = int64(chehsunliu.Evaluate(c))
	}
	var badCat, badOrder [2]int
	for i := range ours {
		// chehsunliu.RankClass: 1 straight flush ... 9 high card.
		if got, want := 9-int(chehsunliu.RankClass(int32(ch[i]))), int(ours[i].Category()); got != want {
			if badCat[1]++; badCat[1] <= 5 {
				t.Errorf("deal %d %s: chehsunliu category %d, ours %d", i, engine.FormatCards(deals[i][:7]), got, want)
			}
		}
		// paulhankin.EvalToHand5 gives a five-card hand of that value; its
		// category under our evaluator is the peer's category.
		ex, ok := paulhankin.EvalToHand5(int16(ph[i]))
		if !ok {
			t.Fatalf("deal %d: paulhankin value %d has no example hand", i, ph[i])
		}
		exCards := make([]engine.Card, len(ex))
		for j, pc := range ex {
			exCards[j] = fromPaulhankin(pc)
		}
		if got, want := engine.EvalHigh(exCards).Category(), ours[i].Category(); got != want {
			if badCat[0]++; badCat[0] <= 5 {
				t.Errorf("deal %d %s: paulhankin category %v, ours %v", i, engine.FormatCards(deals[i][:7]), got, want)
			}
		}
		if i == 0 {
			continue
		}
		want := sign(int64(ours[i]) - int64(ours[i-1]))
		if got := sign(ph[i] - ph[i-1]); got != want {
			if badOrder[0]++; badOrder[0] <= 5 {
				t.Errorf("deals %d/%d: paulhankin order %d, ours %d", i-1, i, got, want)
			}
		}
		if got := -sign(ch[i] - ch[i-1]); got != want {
			if badOrder[1]++; badOrder[1] <= 5 {
				t.Errorf("deals %d/%d: chehsunliu order %d, ours %d", i-1, i, got, want)
			}
		}
	}
	t.Logf("%d deals: category disagreements paulhankin %d, chehsunliu %d; order disagreements paulhankin %d, chehsunliu %d",
		agreeSample, badCat[0], badCat[1], badOrder[0], badOrder[1])
}

// cardrankCategory maps a cardrank high rank (Cactus Kev, lower is better) to
// our category.
func cardrankCategory(r cardrank.EvalRank) engine.HandCategory {
	switch r.Fixed() {
	case cardrank.StraightFlush:
		return engine.StraightFlush
	case cardrank.FourOfAKind:
		return engine.FourOfAKind
	case cardrank.FullHouse:
		return engine.FullHouse
	case cardrank.Flush:
		return engine.Flush
	case cardrank.Straight:
		return engine.Straight
	case cardrank.ThreeOfAKind:
		return engine.ThreeOfAKind
	case cardrank.TwoPair:
		return engine.TwoPair
	case cardrank.Pair:
		return engine.Pair
	}
	return engine.HighCard
}

// TestPeersAgreeOmahaHiLo checks cardrank's Omaha hi/lo against the engine:
// the same high category, the same high order and the same low order (or
// tie) between each deal and the next, and the same deals with a qualifying
// low.
func TestPeersAgreeOmahaHiLo(t *testing.T) {
	var prevHi engine.HandValue
	var prevLo engine.LowValue
	var prevEv *cardrank.Eval
	var bad [4]int
	report := func(k int, format string, args ...any) {
		if bad[k]++; bad[k] <= 5 {
			t.Errorf(format, args...)
		}
	}
	for i := 0; i < agreeSample; i++ {
		d := deals[i]
		hi, lo, hasLow := engine.EvalOmahaHiLo(d[:4], d[4:9])
		cs := toCardrank(d[:])
		ev := cardrank.OmahaHiLo.Eval(cs[:4], cs[4:9])
		if got := cardrankCategory(ev.HiRank); got != hi.Category() {
			report(0, "deal %d %s: cardrank high category %v, ours %v", i, engine.FormatCards(d[:]), got, hi.Category())
		}
		if got := ev.LoRank != cardrank.Invalid; got != hasLow {
			report(1, "deal %d %s: cardrank has low %v, ours %v", i, engine.FormatCards(d[:]), got, hasLow)
		}
		if prevEv != nil {
			want := sign(int64(hi) - int64(prevHi))
			if got := -sign(int64(ev.HiRank) - int64(prevEv.HiRank)); got != want {
				report(2, "deals %d/%d: cardrank high order %d, ours %d", i-1, i, got, want)
			}
			// A missing low is the worst low on both sides: 0 for us,
			// Invalid (the greatest rank) for cardrank.
			want = sign(int64(lo) - int64(prevLo))
			if got := -sign(int64(ev.LoRank) - int64(prevEv.LoRank)); got != want {
				report(3, "deals %d/%d: cardrank low order %d, ours %d", i-1, i, got, want)
			}
		}
		prevHi, prevLo, prevEv = hi, lo, ev
		if !hasLow {
			prevLo = 0
		}
	}
	t.Logf("%d deals: cardrank disagreements: high category %d, has-low %d, high order %d, low order %d",
		agreeSample, bad[0], bad[1], bad[2], bad[3])
}
