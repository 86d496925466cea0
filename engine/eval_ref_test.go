package engine

import (
	"math/rand/v2"
	"os"
	"testing"
)

// This file holds an independent reference evaluator, written differently
// from the engine's (sorted cards and explicit comparisons, no tables, no
// packed values), and the differential tests that compare the two on random
// deals.

// refHand is the reference's view of a five-card hand: a category and its
// tie-break ranks, most significant first.
type refHand struct {
	cat HandCategory
	tb  [5]Rank
	n   int // tie-break ranks used
}

func mkRef(cat HandCategory, rs ...Rank) refHand {
	h := refHand{cat: cat, n: len(rs)}
	copy(h.tb[:], rs)
	return h
}

// refOrder ranks the categories of R-CARD-2, weakest first.
var refOrder = map[HandCategory]int{
	HighCard: 0, Pair: 1, TwoPair: 2, ThreeOfAKind: 3, Straight: 4,
	Flush: 5, FullHouse: 6, FourOfAKind: 7, StraightFlush: 8,
}

// refBetter reports whether a beats b.
func refBetter(a, b refHand) bool {
	if a.cat != b.cat {
		return refOrder[a.cat] > refOrder[b.cat]
	}
	for i := 0; i < a.n; i++ {
		if a.tb[i] != b.tb[i] {
			return a.tb[i] > b.tb[i]
		}
	}
	return false
}

// refFive scores five cards by sorting them.
func refFive(h [5]Card) refHand {
	// Insertion sort by rank, descending.
	for i := 1; i < 5; i++ {
		for j := i; j > 0 && h[j].Rank() > h[j-1].Rank(); j-- {
			h[j], h[j-1] = h[j-1], h[j]
		}
	}
	flush := true
	for i := 1; i < 5; i++ {
		if h[i].Suit() != h[0].Suit() {
			flush = false
		}
	}
	distinct := true
	for i := 1; i < 5; i++ {
		if h[i].Rank() == h[i-1].Rank() {
			distinct = false
		}
	}
	var straightHigh Rank
	straight := false
	if distinct {
		if h[0].Rank()-h[4].Rank() == 4 {
			straight, straightHigh = true, h[0].Rank()
		} else if h[0].Rank() == Ace && h[1].Rank() == Five && h[4].Rank() == Two {
			straight, straightHigh = true, Five
		}
	}
	if straight && flush {
		return mkRef(StraightFlush, straightHigh)
	}
	// Runs of equal ranks, in the sorted order.
	type run struct {
		r Rank
		n int
	}
	var runsArr [5]run
	nr := 0
	for i := 0; i < 5; {
		j := i
		for j < 5 && h[j].Rank() == h[i].Rank() {
			j++
		}
		runsArr[nr] = run{h[i].Rank(), j - i}
		nr++
		i = j
	}
	runs := runsArr[:nr]
	// Stable sort by run length, descending (ranks stay descending within a length).
	for i := 1; i < len(runs); i++ {
		for j := i; j > 0 && runs[j].n > runs[j-1].n; j-- {
			runs[j], runs[j-1] = runs[j-1], runs[j]
		}
	}
	tb := refHand{n: nr}
	for i, r := range runs {
		tb.tb[i] = r.r
	}
	with := func(c HandCategory) refHand { tb.cat = c; return tb }
	all := mkRef(HighCard, h[0].Rank(), h[1].Rank(), h[2].Rank(), h[3].Rank(), h[4].Rank())
	switch {
	case runs[0].n == 4:
		return with(FourOfAKind)
	case runs[0].n == 3 && runs[1].n == 2:
		return with(FullHouse)
	case flush:
		all.cat = Flush
		return all
	case straight:
		return mkRef(Straight, straightHigh)
	case runs[0].n == 3:
		return with(ThreeOfAKind)
	case runs[0].n == 2 && runs[1].n == 2:
		return with(TwoPair)
	case runs[0].n == 2:
		return with(Pair)
	}
	return all
}

// refBest is the best refFive over every five-card subset.
func refBest(cards []Card) refHand {
	var best refHand
	first := true
	n := len(cards)
	// Leave out every pair (or single card, or none) of the cards.
	for x := 0; x < n; x++ {
		for y := x + 1; y <= n; y++ {
			var h [5]Card
			k := 0
			for i, c := range cards {
				if i != x && i != y && k < 5 {
					h[k] = c
					k++
				}
			}
			if k == 5 && len(cards)-5 == btoi(x < n)+btoi(y < n) {
				if v := refFive(h); first || refBetter(v, best) {
					best, first = v, false
				}
			}
		}
	}
	if n == 5 {
		return refFive([5]Card(cards))
	}
	return best
}

// refOmaha is the best refFive of two hole and three board cards.
func refOmaha(hole, board []Card) refHand {
	var best refHand
	first := true
	omahaFives(hole, board, func(h []Card) {
		if v := refFive([5]Card(h)); first || refBetter(v, best) {
			best, first = v, false
		}
	})
	return best
}

// omahaFives calls f with every hand of two hole and three board cards, the
// hole cards' choice in the outer loop, the cards in hole then board order.
func omahaFives(hole, board []Card, f func([]Card)) {
	for hs := 0; hs < 1<<len(hole); hs++ {
		if popcount(hs) != 2 {
			continue
		}
		for bs := 0; bs < 1<<len(board); bs++ {
			if popcount(bs) != 3 {
				continue
			}
			var five []Card
			for i := range hole {
				if hs&(1<<i) != 0 {
					five = append(five, hole[i])
				}
			}
			for i := range board {
				if bs&(1<<i) != 0 {
					five = append(five, board[i])
				}
			}
			f(five)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

func popcount(x int) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// matches reports whether the engine's value says the same as the reference.
func matches(v HandValue, want refHand) bool {
	if v.Category() != want.cat || !v.Natural() {
		return false
	}
	for i := 0; i < 5; i++ {
		r, ok := v.tieRank(i)
		if i < want.n {
			if !ok || r != want.tb[i] {
				return false
			}
		} else if ok {
			return false
		}
	}
	return true
}

// randomDeal deals n distinct cards.
func randomDeal(r *rand.Rand, n int) []Card {
	var seen CardSet
	out := make([]Card, 0, n)
	for len(out) < n {
		c := Card(r.IntN(52))
		if !seen.Has(c) {
			seen = seen.Add(c)
			out = append(out, c)
		}
	}
	return out
}

// differentialDeals is how many random deals the differential tests try: a
// million, fewer with -short or under the race detector.
func differentialDeals() int {
	switch {
	case testing.Short():
		return 50_000
	case raceEnabled && os.Getenv("POKERROOM_EXHAUSTIVE") == "":
		return 200_000
	}
	return 1_000_000
}

// R-CARD-2, R-CARD-3: EvalHigh and Eval7 agree with the reference on random
// five-, six- and seven-card deals, and the order of two random hands is the
// reference's order.
func TestEvalHighMatchesReferenceOnRandomDeals(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := differentialDeals()
	var prev []Card
	var prevRef refHand
	for i := 0; i < n; i++ {
		size := 7
		if i%8 == 0 {
			size = 5 + i/8%2 // some five- and six-card deals
		}
		cards := randomDeal(r, size)
		want := refBest(cards)
		got := EvalHigh(cards)
		if !matches(got, want) {
			t.Fatalf("%s: EvalHigh = %v (%#x), reference %v %v", FormatCards(cards), got, got, want.cat, want.tb)
		}
		if size == 7 {
			if g7 := Eval7((*[7]Card)(cards)); g7 != got {
				t.Fatalf("%s: Eval7 = %v, EvalHigh = %v", FormatCards(cards), g7, got)
			}
			// A key summed in two parts (hole cards, board) reads the same
			// hand, or says it is a flush's cards to read.
			k := KeyOf(cards[:2]...) + KeyOf(cards[2:]...)
			if gk, ok := k.Value(); ok && gk != got || !ok && got.Category() != Flush && got.Category() != StraightFlush {
				t.Fatalf("%s: HoldemKey.Value = %v, %v; EvalHigh = %v", FormatCards(cards), gk, ok, got)
			}
		}
		if gh := EvalHoldem(cards[:2], cards[2:]); gh != got {
			t.Fatalf("%s: EvalHoldem = %v, EvalHigh = %v", FormatCards(cards), gh, got)
		}
		if prev != nil {
			pv := EvalHigh(prev)
			if (got > pv) != refBetter(want, prevRef) || (got < pv) != refBetter(prevRef, want) {
				t.Fatalf("%s vs %s: engine order %v/%v disagrees with the reference", FormatCards(cards), FormatCards(prev), got, pv)
			}
		}
		prev, prevRef = cards, want
	}
}

// R-CARD-4: EvalOmaha agrees with the reference (every two hole cards with
// every three board cards) on random deals of four or five hole cards and
// three to five board cards.
func TestEvalOmahaMatchesReferenceOnRandomDeals(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	n := differentialDeals() / 10
	for i := 0; i < n; i++ {
		nh, nb := 4+i%2, 3+i/2%3
		cards := randomDeal(r, nh+nb)
		hole, board := cards[:nh], cards[nh:]
		want := refOmaha(hole, board)
		if got := EvalOmaha(hole, board); !matches(got, want) {
			t.Fatalf("%s | %s: EvalOmaha = %v, reference %v %v", FormatCards(hole), FormatCards(board), got, want.cat, want.tb)
		}
	}
}

// refLow8 returns the best eight-or-better low of hole/board cards by
// brute force, as the five ace-low ranks highest first, or nil. With hole
// nil, any five of board play.
func refLow8(hole, board []Card) []int {
	lowRank := func(c Card) int { // ace = 1 ... eight = 8, others 0
		if c.Rank() == Ace {
			return 1
		}
		if c.Rank() <= Eight {
			return int(c.Rank()) + 2
		}
		return 0
	}
	var best []int
	try := func(five []Card) {
		rs := make([]int, 0, 5)
		var seen [9]bool
		for _, c := range five {
			lr := lowRank(c)
			if lr == 0 || seen[lr] {
				return
			}
			seen[lr] = true
			rs = append(rs, lr)
		}
		for i := 1; i < 5; i++ { // sort descending
			for j := i; j > 0 && rs[j] > rs[j-1]; j-- {
				rs[j], rs[j-1] = rs[j-1], rs[j]
			}
		}
		if best == nil {
			best = rs
			return
		}
		for i := 0; i < 5; i++ {
			if rs[i] != best[i] {
				if rs[i] < best[i] {
					best = rs
				}
				return
			}
		}
	}
	if hole == nil {
		for s := 0; s < 1<<len(board); s++ {
			if popcount(s) == 5 {
				var five []Card
				for i := range board {
					if s&(1<<i) != 0 {
						five = append(five, board[i])
					}
				}
				try(five)
			}
		}
		return best
	}
	omahaFives(hole, board, try)
	return best
}

func lowMatches(lo LowValue, ok bool, want []int) bool {
	if want == nil {
		return !ok && lo == 0
	}
	if !ok {
		return false
	}
	rs := lo.Ranks()
	for i := range rs {
		got := int(rs[i]) + 2
		if rs[i] == Ace {
			got = 1
		}
		if got != want[i] {
			return false
		}
	}
	return true
}

// R-CARD-5, R-CARD-6: the lows agree with a brute-force reference on random
// deals, for five to seven cards and for Omaha hi/lo.
func TestLowsMatchReferenceOnRandomDeals(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	n := differentialDeals() / 20
	for i := 0; i < n; i++ {
		// Mostly low cards, so that lows are common.
		var cards []Card
		for len(cards) == 0 || hasDup(cards) {
			cards = cards[:0]
			for j := 0; j < 9; j++ {
				rk := Rank(r.IntN(13))
				if r.IntN(4) != 0 {
					rk = []Rank{Ace, Two, Three, Four, Five, Six, Seven, Eight}[r.IntN(8)]
				}
				cards = append(cards, NewCard(rk, Suit(r.IntN(4))))
			}
		}
		size := 5 + i%3
		lo, ok := EvalLow8(cards[:size])
		if want := refLow8(nil, cards[:size]); !lowMatches(lo, ok, want) {
			t.Fatalf("%s: EvalLow8 = %v %v, reference %v", FormatCards(cards[:size]), lo, ok, want)
		}
		hole, board := cards[:4], cards[4:9]
		hi, olo, ook := EvalOmahaHiLo(hole, board)
		if want := refLow8(hole, board); !lowMatches(olo, ook, want) {
			t.Fatalf("%s | %s: Omaha low = %v %v, reference %v", FormatCards(hole), FormatCards(board), olo, ook, want)
		}
		if want := refOmaha(hole, board); !matches(hi, want) {
			t.Fatalf("%s | %s: Omaha high = %v, reference %v %v", FormatCards(hole), FormatCards(board), hi, want.cat, want.tb)
		}
	}
}

func hasDup(cs []Card) bool {
	var s CardSet
	for _, c := range cs {
		if s.Has(c) {
			return true
		}
		s = s.Add(c)
	}
	return false
}
