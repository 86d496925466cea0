package engine

// ArrangeDeck returns a deck that, passed to New with the same configuration,
// number of seats and button, deals exactly the cards given:
//
//   - hole[i] to seat i (New deals one card at a time round the table,
//     starting left of the button);
//   - boards[0] as the board (flop, turn, river; one card is burnt before
//     each), and boards[1] as the second board of a run it twice: its first
//     cards equal to boards[0]'s are the common part, the rest are dealt,
//     with burns, after the first board is complete;
//   - draws[i] as seat i's replacement cards in five-card draw (one card is
//     burnt before the draw; the players draw in turn from the left of the
//     button, so the cards are laid out in that order: give draws only for
//     the players who will draw, not for those who fold before it).
//
// NoCard entries, and everything not given, are filled with the cards not
// used, in deck order (the table's deck for draw games, else 52 cards).
func ArrangeDeck(cfg Config, nSeats, button int, hole [][]Card, boards [][]Card, draws [][]Card) ([]Card, error) {
	if err := checkArrangement(cfg, nSeats, button, hole, boards, draws); err != nil {
		return nil, err
	}
	var full []Card
	var err error
	if cfg.Game == Draw {
		size := cfg.Draw.DeckSize
		if size == 0 {
			size = 52
		}
		full, err = NewDeck(size, cfg.Draw.Jokers)
	} else {
		full, err = NewDeck(52, 0)
	}
	if err != nil {
		return nil, err
	}
	a := newArrangement(full)
	if err := a.holeCards(cfg.Game.HoleCards(), nSeats, button, hole); err != nil {
		return nil, err
	}
	if cfg.Game == Draw {
		if err := a.draws(nSeats, button, draws); err != nil {
			return nil, err
		}
	} else if len(boards) > 0 {
		if err := a.boards(boards); err != nil {
			return nil, err
		}
	}
	return a.fill(), nil
}

// checkArrangement refuses the arguments of ArrangeDeck that no deck
// could deal: a bad table, or more cards than the game deals.
func checkArrangement(cfg Config, nSeats, button int, hole [][]Card, boards [][]Card, draws [][]Card) error {
	if nSeats < 2 || nSeats > MaxSeats || button < 0 || button >= nSeats {
		return configError("%d seats with button %d", nSeats, button)
	}
	if len(hole) > nSeats || len(draws) > nSeats || len(boards) > 2 {
		return configError("more hole cards, draws or boards than seats")
	}
	nHole := cfg.Game.HoleCards()
	for _, cs := range hole {
		if len(cs) > nHole {
			return configError("%d hole cards, the game deals %d", len(cs), nHole)
		}
	}
	for _, cs := range boards {
		if len(cs) > 5 {
			return configError("a board of %d cards", len(cs))
		}
	}
	for _, cs := range draws {
		if len(cs) > 5 {
			return configError("a draw of %d cards", len(cs))
		}
	}
	return nil
}

// An arrangement is a deck being laid out by ArrangeDeck: the cards given
// so far at their places (NoCard elsewhere), and pos, the next place dealt.
type arrangement struct {
	full    []Card // the table's deck, in order
	fullSet CardSet
	deck    []Card
	used    CardSet
	pos     int
}

func newArrangement(full []Card) *arrangement {
	deck := make([]Card, len(full))
	for i := range deck {
		deck[i] = NoCard
	}
	return &arrangement{full: full, fullSet: NewCardSet(full...), deck: deck}
}

// set lays c at place at; NoCard leaves the place to fill.
func (a *arrangement) set(at int, c Card) error {
	if at >= len(a.deck) {
		return configError("too many cards for a deck of %d", len(a.deck))
	}
	if c == NoCard {
		return nil
	}
	if !a.fullSet.Has(c) || a.used.Has(c) {
		return configError("card %v given twice or not in the deck", c)
	}
	a.used = a.used.Add(c)
	a.deck[at] = c
	return nil
}

// holeCards lays out the hole cards, dealt one at a time round the table
// from the left of the button.
func (a *arrangement) holeCards(nHole, nSeats, button int, hole [][]Card) error {
	for r := 0; r < nHole; r++ {
		for k := 1; k <= nSeats; k++ {
			i := (button + k) % nSeats
			c := NoCard
			if i < len(hole) && r < len(hole[i]) {
				c = hole[i][r]
			}
			if err := a.set(a.pos, c); err != nil {
				return err
			}
			a.pos++
		}
	}
	return nil
}

// draws lays out the replacement cards of five-card draw after a burn, in
// turn from the left of the button.
func (a *arrangement) draws(nSeats, button int, draws [][]Card) error {
	a.pos++ // burn
	for k := 1; k <= nSeats; k++ {
		i := (button + k) % nSeats
		if i >= len(draws) {
			continue
		}
		for _, c := range draws[i] {
			if err := a.set(a.pos, c); err != nil {
				return err
			}
			a.pos++
		}
	}
	return nil
}

// boards lays out the first board and, for a run it twice, the cards of
// the second that differ from the first, dealt once the first is complete.
func (a *arrangement) boards(boards [][]Card) error {
	if err := a.streets(boards[0], 0); err != nil {
		return err
	}
	if len(boards) == 2 {
		common := 0
		for common < len(boards[0]) && common < len(boards[1]) && boards[0][common] == boards[1][common] {
			common++
		}
		// The first board is completed before the second run.
		for j := len(boards[0]); j < 5; j++ {
			if j == 0 || j >= 3 {
				a.pos++
			}
			a.pos++
		}
		return a.streets(boards[1], common)
	}
	return nil
}

// streets lays out the board's cards from index from on, with the burns.
func (a *arrangement) streets(b []Card, from int) error {
	for j := from; j < len(b); j++ {
		if j == 0 || j >= 3 {
			a.pos++ // burn before the flop, the turn and the river
		}
		if err := a.set(a.pos, b[j]); err != nil {
			return err
		}
		a.pos++
	}
	return nil
}

// fill fills the gaps with the unused cards in order and returns the deck.
func (a *arrangement) fill() []Card {
	k := 0
	for i := range a.deck {
		if a.deck[i] != NoCard {
			continue
		}
		for a.used.Has(a.full[k]) {
			k++
		}
		a.deck[i] = a.full[k]
		a.used = a.used.Add(a.full[k])
	}
	return a.deck
}
