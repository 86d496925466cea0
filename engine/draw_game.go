package engine

// Five-card draw (seed 004): antes, an optional opening requirement, one draw
// of up to five cards (or a configured maximum), the pot carried over when
// nobody opens.

// openerRules returns the evaluator rules of the table's deck.
func (h *Hand) drawRules() DrawRules {
	return h.cfg.Draw.Rules()
}

// qualifiesToOpen reports whether seat i may make the opening bet: with
// jacks or better, its hand must be at least a pair of jacks.
func (h *Hand) qualifiesToOpen(i int) bool {
	if h.cfg.Draw.Openers != OpenJacksOrBetter {
		return true
	}
	if h.openValue == 0 {
		rules := h.drawRules()
		low := rules.LowestRank()
		// The weakest pair of jacks: the three lowest ranks of the deck as
		// kickers (never a straight: J is not next to them).
		ref := [5]Card{NewCard(Jack, Spades), NewCard(Jack, Hearts), NewCard(low, Clubs), NewCard(low+1, Clubs), NewCard(low+2, Diamonds)}
		h.openValue = EvalDraw(ref[:], rules)
	}
	// A pair of jacks made with the joker opens too: the natural bit, which
	// only breaks ties between equal hands, does not count here.
	return EvalDraw(h.hole[i][:5], h.drawRules())|hvNatural >= h.openValue
}

// startDraw begins the draw: one card is burnt, then every player still in,
// from the left of the button, changes cards in turn.
func (h *Hand) startDraw() {
	h.street = DrawStreet
	h.drawSeen = true
	h.next++ // burn
	h.toAct = h.button
}

// nextDrawer returns the next player to draw, or -1.
func (h *Hand) nextDrawer() int {
	i := h.button
	for k := 0; k < h.n; k++ {
		i = h.seatAfter(i)
		if h.status[i] != stFolded && !h.drawn[i] {
			return i
		}
	}
	return -1
}

// afterDraw starts the last betting round, or goes to the showdown when
// fewer than two players can bet.
func (h *Hand) afterDraw() {
	h.startRound(River)
	if _, active := h.countStatus(); active < 2 {
		h.showdown()
	}
}

// jokersHeld counts the jokers in seat i's hand.
func (h *Hand) jokersHeld(i int) int {
	n := 0
	for _, c := range h.hole[i][:h.nHole] {
		if c.IsJoker() {
			n++
		}
	}
	return n
}

func (h *Hand) verifyDiscard(i int, cards []Card) error {
	if len(cards) > h.cfg.maxDiscard() {
		return ErrBadDiscard
	}
	if held := h.jokersHeld(i); held > 1 {
		thrown := 0
		for _, c := range cards {
			if c.IsJoker() {
				thrown++
			}
		}
		if held-thrown > 1 {
			return ErrKeepsTwoJokers
		}
	}
	var seen CardSet
	for _, c := range cards {
		if seen.Has(c) {
			return ErrBadDiscard
		}
		seen = seen.Add(c)
		found := false
		for _, hc := range h.hole[i][:5] {
			if hc == c {
				found = true
				break
			}
		}
		if !found {
			return ErrBadDiscard
		}
	}
	return nil
}

// discard throws seat i's cards and deals their replacements in their
// places: from the stub, never its last card; when the stub runs out, from
// the discards of the players before (seed 004), in the order thrown; then
// the stub's last card; then, as a last resort, the player's own discards.
func (h *Hand) discard(i int, cards []Card) {
	h.drawn[i] = true
	h.emit(Event{Kind: EvDiscard, Seat: i, Amount: int64(len(cards)), Cards: h.cards(cards)})
	if len(cards) == 0 {
		return
	}
	var got, thrown [5]Card
	ng, nt := 0, 0
	for _, c := range cards {
		var nc Card
		switch {
		case h.deckN-h.next > 1:
			nc = h.deck[h.next]
			h.next++
		case h.takeDiscard(i, &nc):
		case h.deckN-h.next == 1:
			nc = h.deck[h.next]
			h.next++
		default:
			nc = c // nothing else left: the card comes back
		}
		if nc != c {
			thrown[nt] = c
			nt++
		}
		for k := 0; k < 5; k++ {
			if h.hole[i][k] == c {
				h.hole[i][k] = nc
				break
			}
		}
		got[ng] = nc
		ng++
	}
	// Only the cards that left the hand are discards: one that came back is
	// still held, and dealing it again would put it in two hands.
	for _, c := range thrown[:nt] {
		if h.discardN < len(h.discards) {
			h.discards[h.discardN] = c
			h.discardBy[h.discardN] = int8(i)
			h.discardN++
		}
	}
	h.emit(Event{Kind: EvDrawCards, Seat: i, Cards: h.cards(got[:ng])})
}

// takeDiscard takes a discard not thrown by seat i: the oldest, or, with a
// DrawConfig.ReshuffleSeed, one drawn at random, which deals the same cards as
// shuffling those discards and dealing from the top.
func (h *Hand) takeDiscard(i int, out *Card) bool {
	avail := 0
	for k := 0; k < h.discardN; k++ {
		if int(h.discardBy[k]) != i && h.discards[k] != NoCard {
			avail++
		}
	}
	if avail == 0 {
		return false
	}
	pick := 0
	if seed := h.in.reshuffleSeed; seed != 0 {
		h.reshuffle++
		pick = int(splitmix64(seed+h.reshuffle*0x9e3779b97f4a7c15) % uint64(avail))
	}
	for k := 0; k < h.discardN; k++ {
		if int(h.discardBy[k]) != i && h.discards[k] != NoCard {
			if pick == 0 {
				*out = h.discards[k]
				h.discards[k] = NoCard
				return true
			}
			pick--
		}
	}
	return false
}

// splitmix64 is SplitMix64's output function: a well-mixed 64-bit value for
// each input. Reducing it modulo the few discards available biases a pick by
// less than 2^-57.
func splitmix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
