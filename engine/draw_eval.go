package engine

// DrawRules are the deck options of five-card draw (R-CARD-7, seed 004). The
// zero value is the default: a full 52-card deck, no jokers, no five figures.
type DrawRules struct {
	// Jokers is the number of jokers in the deck: 0, 1 or 2.
	Jokers int
	// DeckSize is 52 (or 0 for 52), 40 (twos to fours removed), 36 (twos to
	// fives removed) or 32 (twos to sixes removed).
	DeckSize int
	// FiveFigures plays the "five figures" hand: five cards J, Q, K or A,
	// ranked, as seed 004 lists it, between two pair and three of a kind and
	// compared card by card from the highest.
	FiveFigures bool
}

// Deck returns a fresh, unshuffled deck for the rules.
func (r DrawRules) Deck() ([]Card, error) {
	size := r.DeckSize
	if size == 0 {
		size = 52
	}
	return NewDeck(size, r.Jokers)
}

// LowestRank returns the lowest rank of the rules' deck: the ace links below
// it in a straight.
func (r DrawRules) LowestRank() Rank {
	switch r.DeckSize {
	case 40:
		return Five
	case 36:
		return Six
	case 32:
		return Seven
	}
	return Two
}

func (r DrawRules) fiveRules() fiveRules {
	return fiveRules{
		lowest:        r.LowestRank(),
		flushOverFull: r.DeckSize != 0 && r.DeckSize <= 40,
		figures:       r.FiveFigures,
	}
}

// EvalDraw returns the value of a five-card draw hand under the rules
// (R-CARD-7). It returns 0 unless cards holds exactly five cards.
//
//   - A joker completes any hand: it stands for whichever card of the deck
//     (not already in the hand) makes the best hand, or makes five of a kind
//     ("repóker") with four of a kind, which ranks above a straight flush.
//   - One joker per hand: a second joker is a dead card, worth less than a
//     two and part of no combination.
//   - A hand made with a joker loses to the equal natural hand.
//   - Stripped decks: the ace links after the king or before the lowest rank
//     left (A-7-8-9-10 with 32 cards); with 40 cards or fewer a flush beats a
//     full house.
//
// With the default rules and no jokers EvalDraw equals EvalHigh.
func EvalDraw(cards []Card, rules DrawRules) HandValue {
	if len(cards) != 5 {
		return 0
	}
	fr := rules.fiveRules()
	var rk, su [5]int
	n := 0 // real cards first
	jokers := 0
	for _, c := range cards {
		if c.IsJoker() {
			jokers++
			continue
		}
		if !c.Valid() {
			return 0
		}
		rk[n], su[n] = int(c.Rank()), int(c.Suit())
		n++
	}
	if jokers == 0 {
		return scoreFive(rk, su, fr, true)
	}
	// Dead second joker.
	for i := n + 1; i < 5; i++ {
		rk[i], su[i] = -1, -1
	}
	var best HandValue
	var counts [NumRanks]int
	for i := 0; i < n; i++ {
		counts[rk[i]]++
	}
	for r := 0; r < NumRanks; r++ {
		if counts[r] == 4 {
			// Repóker: four of a kind and a joker.
			best = makeValue(fr.strengthOf(FiveOfAKind), FiveOfAKind, [5]uint8{uint8(r + 1)}, false)
		}
	}
	var inHand CardSet
	for _, c := range cards {
		inHand = inHand.Add(c)
	}
	for r := int(fr.lowest); r < NumRanks; r++ {
		for s := 0; s < NumSuits; s++ {
			if inHand.Has(NewCard(Rank(r), Suit(s))) {
				continue
			}
			rk[n], su[n] = r, s
			if v := scoreFive(rk, su, fr, false); v > best {
				best = v
			}
		}
	}
	return best
}
