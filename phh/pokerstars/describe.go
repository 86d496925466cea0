package pokerstars

import "github.com/pokerroom/pokerroom/engine"

var (
	rankName   = [engine.NumRanks]string{"Deuce", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace"}
	rankPlural = [engine.NumRanks]string{"Deuces", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces"}
	// rankChar writes the ranks of a low ("8,6,4,3,A").
	rankChar = "23456789TJQKA"
)

// tieRank decodes the i-th tie-break rank of a hand value, following the
// layout documented on engine.HandValue (bits 8-27: five 4-bit ranks, each
// the rank plus one, most significant first).
func tieRank(v engine.HandValue, i int) engine.Rank {
	n := uint32(v) >> (8 + 4*(4-i)) & 15
	if n == 0 {
		return engine.Ace // a dead joker: never in a hand the package writes
	}
	return engine.Rank(n - 1)
}

// describeHigh words a high hand as PokerStars does: "a pair of Kings",
// "two pair, Aces and Sevens", "a straight, Five to Nine", "a Royal Flush".
// lowest is the lowest rank of the deck (a stripped draw deck's straights
// run from the ace to it).
func describeHigh(v engine.HandValue, lowest engine.Rank) string {
	r := func(i int) engine.Rank { return tieRank(v, i) }
	straightFrom := func(top engine.Rank) string {
		if top == lowest+3 {
			return "Ace" // the ace plays low: A-2-3-4-5
		}
		return rankName[top-4]
	}
	switch v.Category() {
	case engine.HighCard:
		return "high card " + rankName[r(0)]
	case engine.Pair:
		return "a pair of " + rankPlural[r(0)]
	case engine.TwoPair:
		return "two pair, " + rankPlural[r(0)] + " and " + rankPlural[r(1)]
	case engine.ThreeOfAKind:
		return "three of a kind, " + rankPlural[r(0)]
	case engine.Straight:
		return "a straight, " + straightFrom(r(0)) + " to " + rankName[r(0)]
	case engine.Flush:
		return "a flush, " + rankName[r(0)] + " high"
	case engine.FullHouse:
		return "a full house, " + rankPlural[r(0)] + " full of " + rankPlural[r(1)]
	case engine.FourOfAKind:
		return "four of a kind, " + rankPlural[r(0)]
	case engine.StraightFlush:
		if r(0) == engine.Ace {
			return "a Royal Flush"
		}
		return "a straight flush, " + straightFrom(r(0)) + " to " + rankName[r(0)]
	}
	return v.Describe("en") // draw-only hands PokerStars never deals
}

// describeLow words an eight-or-better low: "LO: 6,5,4,2,A".
func describeLow(v engine.LowValue) string {
	rs := v.Ranks()
	b := make([]byte, 0, 13)
	b = append(b, "LO: "...)
	for i, x := range rs {
		if i > 0 {
			b = append(b, ',')
		}
		if x == engine.Ace {
			b = append(b, 'A')
		} else {
			b = append(b, rankChar[x])
		}
	}
	return string(b)
}

// describe words a shown hand for the game: the high hand, or for hi/lo
// "HI: <high>; LO: <low>" ("HI: <high>" alone without a qualifying low).
func describe(cfg engine.Config, hole, board []engine.Card) string {
	switch cfg.Game {
	case engine.Holdem:
		return describeHigh(engine.EvalHoldem(hole, board), engine.Two)
	case engine.Omaha, engine.Omaha5:
		return describeHigh(engine.EvalOmaha(hole, board), engine.Two)
	case engine.OmahaHiLo, engine.OmahaHiLo5:
		hi, lo, ok := engine.EvalOmahaHiLo(hole, board)
		s := "HI: " + describeHigh(hi, engine.Two)
		if ok {
			s += "; " + describeLow(lo)
		}
		return s
	case engine.Draw:
		rules := engine.DrawRules{Jokers: cfg.Draw.Jokers, DeckSize: cfg.Draw.DeckSize, FiveFigures: cfg.Draw.FiveFigures}
		return describeHigh(engine.EvalDraw(hole, rules), rules.LowestRank())
	}
	return ""
}
