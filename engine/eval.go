package engine

// EvalHigh returns the best five-card high hand that can be made from cards
// (R-CARD-2): five, six or seven distinct cards, as in Hold'em where any of the
// two hole cards and five board cards may play (R-CARD-3). With fewer than five
// cards it returns 0 (no hand); with more than seven it tries every five-card
// subset (slowly). Jokers are not wild here: use EvalDraw.
func EvalHigh(cards []Card) HandValue {
	switch len(cards) {
	case 5, 6, 7:
		return evalSmall(cards)
	}
	if len(cards) < 5 {
		return 0
	}
	return bestOfSlow(cards)
}

// Eval7 returns the best high hand of seven distinct cards; it is EvalHigh's
// fast path for Hold'em showdowns and equity loops.
func Eval7(c *[7]Card) HandValue {
	return evalSmall(c[:])
}

// evalSmall evaluates 5..7 cards.
func evalSmall(cards []Card) HandValue {
	return bestOfSlow(cards)
}

// EvalOmaha returns the best Omaha high hand (R-CARD-4): exactly two of the
// hole cards (four, or five in five-card Omaha) and exactly three of the board
// cards (three to five). It returns 0 if there are fewer than two hole cards or
// three board cards.
func EvalOmaha(hole, board []Card) HandValue {
	var best HandValue
	if len(hole) < 2 || len(board) < 3 {
		return 0
	}
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			for a := 0; a < len(board); a++ {
				for b := a + 1; b < len(board); b++ {
					for c := b + 1; c < len(board); c++ {
						v := scoreCards(hole[i], hole[j], board[a], board[b], board[c], standardRules)
						if v > best {
							best = v
						}
					}
				}
			}
		}
	}
	return best
}
