package engine

// This file holds the general five-card scorer: slow, but it knows every rule
// of R-CARD-2 and R-CARD-7 (stripped-deck straights, flush over full house,
// five figures, five of a kind, dead jokers). Five-card draw uses it directly;
// the fast evaluators use tables built by the generator under
// engine/internal/gen and are checked against it by the tests.

// fiveRules are the ranking options of one game.
type fiveRules struct {
	lowest        Rank // lowest rank in the deck: the ace links below it in a straight
	flushOverFull bool // 40 cards or fewer: a flush beats a full house
	figures       bool // the five figures hand is played
}

var standardRules = fiveRules{lowest: Two}

// strengthOf returns the strength class of a category under the rules.
func (r fiveRules) strengthOf(c HandCategory) uint32 {
	if r.flushOverFull {
		switch c {
		case Flush:
			return strFullHouse
		case FullHouse:
			return strFlush
		}
	}
	return standardStrength[c]
}

// scoreFive scores five cards given as ranks and suits; a rank of -1 is a dead
// card (a second joker), worth less than any rank and never part of a
// straight, flush or group.
func scoreFive(rk, su [5]int, rules fiveRules, natural bool) HandValue {
	var counts [NumRanks]int
	live := 0
	for _, r := range rk {
		if r >= 0 {
			counts[r]++
			live++
		}
	}

	// Groups by count then rank, as tie-break ranks (rank+1), dead cards last.
	var tb [5]uint8
	n := 0
	for c := 5; c >= 1; c-- {
		for r := NumRanks - 1; r >= 0; r-- {
			if counts[r] == c {
				tb[n] = uint8(r + 1)
				n++
			}
		}
	}
	shape := [6]int{} // shape[c] = number of groups of size c
	for r := 0; r < NumRanks; r++ {
		shape[counts[r]]++
	}
	var cat HandCategory
	switch {
	case shape[5] == 1:
		cat = FiveOfAKind
	case shape[4] == 1:
		cat = FourOfAKind
	case shape[3] == 1 && shape[2] == 1:
		cat = FullHouse
	case shape[3] == 1:
		cat = ThreeOfAKind
	case shape[2] == 2:
		cat = TwoPair
	case shape[2] == 1:
		cat = Pair
	default:
		cat = HighCard
	}
	// A dead card has no rank: it sits as a zero tie-break rank at the end of tb.
	best := makeValue(rules.strengthOf(cat), cat, tb, natural)
	consider := func(v HandValue) {
		if v > best {
			best = v
		}
	}

	if live == 5 {
		flush := su[0] == su[1] && su[1] == su[2] && su[2] == su[3] && su[3] == su[4]
		top, straight := straightTop(counts, rules.lowest)
		// All five ranks, highest first, for flushes and five figures.
		var desc [5]uint8
		k := 0
		for r := NumRanks - 1; r >= 0; r-- {
			for i := 0; i < counts[r]; i++ {
				desc[k] = uint8(r + 1)
				k++
			}
		}
		switch {
		case straight && flush:
			consider(makeValue(rules.strengthOf(StraightFlush), StraightFlush, [5]uint8{uint8(top + 1)}, natural))
		case flush:
			consider(makeValue(rules.strengthOf(Flush), Flush, desc, natural))
		case straight:
			consider(makeValue(rules.strengthOf(Straight), Straight, [5]uint8{uint8(top + 1)}, natural))
		}
		if rules.figures && desc[4] >= uint8(Jack+1) {
			consider(makeValue(rules.strengthOf(FiveFigures), FiveFigures, desc, natural))
		}
	}
	return best
}

// straightTop reports whether the five counted ranks are five distinct
// consecutive ranks, the ace linking after the king or before the lowest rank
// of the deck, and returns the top rank of the straight.
func straightTop(counts [NumRanks]int, lowest Rank) (Rank, bool) {
	var m uint32
	for r := 0; r < NumRanks; r++ {
		if counts[r] > 1 {
			return 0, false
		}
		if counts[r] == 1 {
			m |= 1 << r
		}
	}
	for top := Ace; top >= lowest+4; top-- {
		if m == 0x1f<<(top-4) {
			return top, true
		}
	}
	// Ace low: A plus the four lowest ranks of the deck.
	if m == 1<<Ace|0xf<<lowest {
		return lowest + 3, true
	}
	return 0, false
}

// scoreCards scores exactly five real cards under the rules.
func scoreCards(c0, c1, c2, c3, c4 Card, rules fiveRules) HandValue {
	rk := [5]int{int(c0.Rank()), int(c1.Rank()), int(c2.Rank()), int(c3.Rank()), int(c4.Rank())}
	su := [5]int{int(c0.Suit()), int(c1.Suit()), int(c2.Suit()), int(c3.Suit()), int(c4.Suit())}
	return scoreFive(rk, su, rules, true)
}

// bestOfSlow returns the best five-card hand among cards (5..7 or more) by
// trying every five-card subset under the standard ranking.
func bestOfSlow(cards []Card) HandValue {
	var best HandValue
	n := len(cards)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			for c := b + 1; c < n; c++ {
				for d := c + 1; d < n; d++ {
					for e := d + 1; e < n; e++ {
						if v := scoreCards(cards[a], cards[b], cards[c], cards[d], cards[e], standardRules); v > best {
							best = v
						}
					}
				}
			}
		}
	}
	return best
}
