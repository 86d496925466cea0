package engine

// Seats, button and blinds between hands (R-SEAT-1..3). The hand itself takes
// the button and who posts as inputs; these helpers compute them.

// ButtonByHighCard returns the index of the player who takes the first button
// when each player draws one card: the highest rank, ties broken by suit in
// the order spades, hearts, diamonds, clubs (R-SEAT-1, seed 003). It returns
// -1 for no cards or a joker or invalid card.
func ButtonByHighCard(cards []Card) int {
	best, bestKey := -1, -1
	for i, c := range cards {
		if !c.Valid() || c.IsJoker() {
			return -1
		}
		key := int(c.Rank())*4 + (3 - int(c.Suit())) // spades highest
		if key > bestKey {
			best, bestKey = i, key
		}
	}
	return best
}

// BlindSeats returns who posts the blinds in a hand of n players with the
// given button: the small blind left of the button and the big blind left of
// it; heads-up, the button posts the small blind (R-SEAT-3); with
// noSmallBlind (a dead small blind, R-SEAT-2) the player left of the button
// posts the big blind and sb is -1.
func BlindSeats(n, button int, noSmallBlind bool) (sb, bb int) {
	next := func(i int) int { return (i + 1) % n }
	switch {
	case noSmallBlind:
		return -1, next(button)
	case n == 2:
		return button, next(button)
	}
	return next(button), next(next(button))
}

// HeadsUpButton returns which of the last two players (0 or 1) takes the
// button when a table becomes heads-up: the one who posted the big blind in
// the last hand, so that nobody posts it twice in a row (R-SEAT-3, TDA 33).
// lastBigBlind is that player's index, or -1 if neither of the two posted it,
// in which case the button goes to the player after lastButton (the last
// button's index among the two, or -1 if neither had it: player 0).
func HeadsUpButton(lastBigBlind, lastButton int) int {
	switch {
	case lastBigBlind == 0 || lastBigBlind == 1:
		return lastBigBlind
	case lastButton == 0 || lastButton == 1:
		return 1 - lastButton
	}
	return 0
}

// LimitBlinds returns the fixed-limit blinds for a small bet: the small blind
// is half the small bet rounded down, the big blind the small bet (R-BET-5,
// seed 002).
func LimitBlinds(smallBet int64) (sb, bb int64) { return smallBet / 2, smallBet }
