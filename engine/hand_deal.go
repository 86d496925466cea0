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
	if nSeats < 2 || nSeats > MaxSeats || button < 0 || button >= nSeats {
		return nil, configError("%d seats with button %d", nSeats, button)
	}
	if len(hole) > nSeats || len(draws) > nSeats || len(boards) > 2 {
		return nil, configError("more hole cards, draws or boards than seats")
	}
	nHole := cfg.Game.HoleCards()
	for _, cs := range hole {
		if len(cs) > nHole {
			return nil, configError("%d hole cards, the game deals %d", len(cs), nHole)
		}
	}
	for _, cs := range boards {
		if len(cs) > 5 {
			return nil, configError("a board of %d cards", len(cs))
		}
	}
	for _, cs := range draws {
		if len(cs) > 5 {
			return nil, configError("a draw of %d cards", len(cs))
		}
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
	fullSet := NewCardSet(full...)
	size := len(full)
	deck := make([]Card, size)
	for i := range deck {
		deck[i] = NoCard
	}
	pos := 0
	var used CardSet
	set := func(at int, c Card) error {
		if at >= size {
			return configError("too many cards for a deck of %d", size)
		}
		if c == NoCard {
			return nil
		}
		if !fullSet.Has(c) || used.Has(c) {
			return configError("card %v given twice or not in the deck", c)
		}
		used = used.Add(c)
		deck[at] = c
		return nil
	}
	for r := 0; r < nHole; r++ {
		for k := 1; k <= nSeats; k++ {
			i := (button + k) % nSeats
			c := NoCard
			if i < len(hole) && r < len(hole[i]) {
				c = hole[i][r]
			}
			if err := set(pos, c); err != nil {
				return nil, err
			}
			pos++
		}
	}
	if cfg.Game == Draw {
		pos++ // burn
		for k := 1; k <= nSeats; k++ {
			i := (button + k) % nSeats
			if i >= len(draws) {
				continue
			}
			for _, c := range draws[i] {
				if err := set(pos, c); err != nil {
					return nil, err
				}
				pos++
			}
		}
	} else if len(boards) > 0 {
		streets := func(b []Card, from int) error {
			for j := from; j < len(b); j++ {
				if j == 0 || j >= 3 {
					pos++ // burn before the flop, the turn and the river
				}
				if err := set(pos, b[j]); err != nil {
					return err
				}
				pos++
			}
			return nil
		}
		if err := streets(boards[0], 0); err != nil {
			return nil, err
		}
		if len(boards) == 2 {
			common := 0
			for common < len(boards[0]) && common < len(boards[1]) && boards[0][common] == boards[1][common] {
				common++
			}
			// The first board is completed before the second run.
			for j := len(boards[0]); j < 5; j++ {
				if j == 0 || j >= 3 {
					pos++
				}
				pos++
			}
			for j := common; j < len(boards[1]); j++ {
				if j == 0 || j >= 3 {
					pos++
				}
				if err := set(pos, boards[1][j]); err != nil {
					return nil, err
				}
				pos++
			}
		}
	}
	// Fill the gaps with the unused cards in order.
	k := 0
	for i := range deck {
		if deck[i] != NoCard {
			continue
		}
		for used.Has(full[k]) {
			k++
		}
		deck[i] = full[k]
		used = used.Add(full[k])
	}
	return deck, nil
}
