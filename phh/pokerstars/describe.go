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

// appendHigh words a high hand as PokerStars does: "a pair of Kings",
// "two pair, Aces and Sevens", "a straight, Five to Nine", "a Royal Flush".
// lowest is the lowest rank of the deck (a stripped draw deck's straights
// run from the ace to it).
func appendHigh(b []byte, v engine.HandValue, lowest engine.Rank) []byte {
	r0, r1 := tieRank(v, 0), tieRank(v, 1)
	straight := func(b []byte) []byte {
		if r0 == lowest+3 {
			b = append(b, "Ace"...) // the ace plays low: A-2-3-4-5
		} else {
			b = append(b, rankName[r0-4]...)
		}
		return append(append(b, " to "...), rankName[r0]...)
	}
	switch v.Category() {
	case engine.HighCard:
		return append(append(b, "high card "...), rankName[r0]...)
	case engine.Pair:
		return append(append(b, "a pair of "...), rankPlural[r0]...)
	case engine.TwoPair:
		return append(append(append(append(b, "two pair, "...), rankPlural[r0]...), " and "...), rankPlural[r1]...)
	case engine.ThreeOfAKind:
		return append(append(b, "three of a kind, "...), rankPlural[r0]...)
	case engine.Straight:
		return straight(append(b, "a straight, "...))
	case engine.Flush:
		return append(append(append(b, "a flush, "...), rankName[r0]...), " high"...)
	case engine.FullHouse:
		return append(append(append(append(b, "a full house, "...), rankPlural[r0]...), " full of "...), rankPlural[r1]...)
	case engine.FourOfAKind:
		return append(append(b, "four of a kind, "...), rankPlural[r0]...)
	case engine.StraightFlush:
		if r0 == engine.Ace {
			return append(b, "a Royal Flush"...)
		}
		return straight(append(b, "a straight flush, "...))
	}
	return append(b, v.Describe("en")...) // draw-only hands PokerStars never deals
}

// appendLow words an eight-or-better low: "LO: 6,5,4,2,A".
func appendLow(b []byte, v engine.LowValue) []byte {
	rs := v.Ranks()
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
	return b
}

// appendDescription words a shown hand for the game: the high hand, or
// for hi/lo "HI: <high>; LO: <low>" ("HI: <high>" alone without a
// qualifying low).
func appendDescription(b []byte, cfg engine.Config, hole, board []engine.Card) []byte {
	switch cfg.Game {
	case engine.Holdem:
		return appendHigh(b, engine.EvalHoldem(hole, board), engine.Two)
	case engine.Omaha, engine.Omaha5:
		return appendHigh(b, engine.EvalOmaha(hole, board), engine.Two)
	case engine.OmahaHiLo, engine.OmahaHiLo5:
		hi, lo, ok := engine.EvalOmahaHiLo(hole, board)
		b = appendHigh(append(b, "HI: "...), hi, engine.Two)
		if ok {
			b = appendLow(append(b, "; "...), lo)
		}
		return b
	case engine.Draw:
		rules := engine.DrawRules{Jokers: cfg.Draw.Jokers, DeckSize: cfg.Draw.DeckSize, FiveFigures: cfg.Draw.FiveFigures}
		return appendHigh(b, engine.EvalDraw(hole, rules), rules.LowestRank())
	}
	return b
}
