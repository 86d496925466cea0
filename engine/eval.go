package engine

import "math/bits"

// EvalHigh returns the best five-card high hand that can be made from cards
// (R-CARD-2): five, six or seven distinct cards, as in Hold'em where any of the
// two hole cards and five board cards may play (R-CARD-3). With fewer than five
// cards, a repeated card, a joker or an invalid card it returns 0 (no hand);
// with more than seven cards it tries every five-card subset (slowly). Jokers
// are wild only in EvalDraw.
func EvalHigh(cards []Card) HandValue {
	if len(cards) < 5 {
		return 0
	}
	var seen CardSet
	k := suitStart
	for _, c := range cards {
		if c >= 52 || seen.Has(c) {
			return 0
		}
		seen = seen.Add(c)
		k += tbl.cardKey[c]
	}
	if len(cards) > 7 {
		return bestOfSlow(cards)
	}
	return valueOfKey(k, cards)
}

// EvalHoldem returns the best high hand of hole cards and board cards
// together, any of them playing (R-CARD-3): EvalHigh of their union, without
// allocating for up to seven cards.
func EvalHoldem(hole, board []Card) HandValue {
	n := len(hole) + len(board)
	if n > 7 {
		return EvalHigh(append(append(make([]Card, 0, n), hole...), board...))
	}
	var buf [7]Card
	copy(buf[copy(buf[:], hole):], board)
	return EvalHigh(buf[:n])
}

// Eval7 returns the best high hand of seven distinct cards; it is EvalHigh's
// fast path for Hold'em showdowns and equity loops. It does not check its
// input: repeated, joker or invalid cards give a meaningless value.
func Eval7(c *[7]Card) HandValue {
	// Summed as a tree, so the additions do not wait on one another.
	k := ((tbl.cardKey[c[0]] + tbl.cardKey[c[1]]) + (tbl.cardKey[c[2]] + tbl.cardKey[c[3]])) +
		((tbl.cardKey[c[4]] + tbl.cardKey[c[5]]) + (tbl.cardKey[c[6]] + suitStart))
	if k&flushCheck != 0 {
		return flushOf(k, c[:])
	}
	return rankLookup(uint32(k))
}

// HoldemKey is the evaluator's key of a set of distinct real cards: keys
// of disjoint sets add up to the key of their union, so that a board's part
// is summed once for every player holding cards against it (an equity
// loop). Value reads the hand of a key of exactly seven cards.
type HoldemKey uint64

// KeyOf returns the key of cards, which must be distinct real cards (no
// jokers): it does not check them.
func KeyOf(cards ...Card) HoldemKey {
	var k uint64
	for _, c := range cards {
		k += tbl.cardKey[c]
	}
	return HoldemKey(k)
}

// Value returns the best high hand of the seven cards whose key k is, as
// Eval7 would; ok is false when they hold five or more of one suit, whose
// flush the key alone cannot tell: Eval7 of the cards gives it then.
func (k HoldemKey) Value() (v HandValue, ok bool) {
	key := uint64(k) + suitStart
	if key&flushCheck != 0 {
		return 0, false
	}
	return rankLookup(uint32(key)), true
}

// valueOfKey finishes an evaluation from the summed key of cards.
func valueOfKey(k uint64, cards []Card) HandValue {
	if k&flushCheck != 0 {
		return flushOf(k, cards)
	}
	return rankLookup(uint32(k))
}

// rankLookup returns the value of the non-flush hand with the rank key r.
func rankLookup(r uint32) HandValue {
	return tbl.rankValue[(r+tbl.rowOffset[(r>>rowShift)&(maxRows-1)])&(rankSlots-1)]
}

// rank5Lookup returns the value of the non-flush five-card hand with the
// rank key r.
func rank5Lookup(r uint32) HandValue {
	return tbl.rank5Value[(uint32(tbl.rank5Base[(r>>rowShift)&(maxRows-1)])+r&(1<<rowShift-1))&(rank5Slots-1)]
}

// flushOf returns the best flush of cards, whose key shows five or more
// cards of one suit. With at most seven cards no pair-based hand can beat the
// flush then.
func flushOf(k uint64, cards []Card) HandValue {
	s := Suit((bits.TrailingZeros64(k&flushCheck) - suitShift - 3) / 4)
	var m uint16
	for _, c := range cards {
		if c.Suit() == s {
			m |= tbl.cardRankBit[c]
		}
	}
	return tbl.flushValue[m&(flushSlots-1)]
}

// EvalOmaha returns the best Omaha high hand (R-CARD-4): exactly two of the
// hole cards (four, or five in five-card Omaha) and exactly three of the board
// cards (three to five). It returns 0 if there are fewer than two hole cards or
// three board cards, or if a card is repeated, a joker or invalid.
func EvalOmaha(hole, board []Card) HandValue {
	if len(hole) < 2 || len(board) < 3 || !distinctReal(hole, board) {
		return 0
	}
	if len(hole) > 5 || len(board) > 5 {
		return omahaSlow(hole, board)
	}
	return omahaHigh(hole, board)
}

// distinctReal reports whether the cards of a and b are real cards (no
// jokers) and all different.
func distinctReal(a, b []Card) bool {
	var seen CardSet
	n := 0
	for _, c := range a {
		seen |= 1 << (c & 63)
		n += int(c >> 6) // any card >= 64 marks the input bad below
	}
	for _, c := range b {
		seen |= 1 << (c & 63)
		n += int(c >> 6)
	}
	return n == 0 && seen>>52 == 0 && seen.Len() == len(a)+len(b)
}

// omahaHigh evaluates every pair of hole cards with every triple of board
// cards through the rank table, then any flushes through the flush table.
func omahaHigh(hole, board []Card) HandValue {
	var pairs, triples [10]uint32
	np, nt := 0, 0
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			pairs[np] = uint32(tbl.cardKey[hole[i]] + tbl.cardKey[hole[j]])
			np++
		}
	}
	var suits uint64 // board suit counters
	for a := 0; a < len(board); a++ {
		suits += tbl.cardKey[board[a]] >> suitShift
		for b := a + 1; b < len(board); b++ {
			for c := b + 1; c < len(board); c++ {
				triples[nt] = uint32(tbl.cardKey[board[a]] + tbl.cardKey[board[b]] + tbl.cardKey[board[c]])
				nt++
			}
		}
	}
	var best HandValue
	for _, p := range pairs[:np] {
		for _, t := range triples[:nt] {
			best = max(best, rank5Lookup(p+t)) // branch-free: new maxima are unpredictable
		}
	}
	// A flush needs three board cards of a suit (at most one suit has them).
	// suits+0x5555 sets a counter's bit 3 when it is at least 3.
	if f := (suits + 0x5555) & 0x8888; f != 0 {
		s := Suit(bits.TrailingZeros64(f) / 4)
		if v := omahaFlush(hole, board, s); v > best {
			best = v
		}
	}
	return best
}

// omahaFlush returns the best flush of suit s using two hole and three board
// cards, or 0.
func omahaFlush(hole, board []Card, s Suit) HandValue {
	var hm, bm [5]uint16
	nh, nb := 0, 0
	for _, c := range hole {
		if c < 52 && c.Suit() == s && nh < 5 {
			hm[nh] = tbl.cardRankBit[c]
			nh++
		}
	}
	for _, c := range board {
		if c < 52 && c.Suit() == s && nb < 5 {
			bm[nb] = tbl.cardRankBit[c]
			nb++
		}
	}
	var best HandValue
	for i := 0; i < nh; i++ {
		for j := i + 1; j < nh; j++ {
			p := hm[i] | hm[j]
			for a := 0; a < nb; a++ {
				for b := a + 1; b < nb; b++ {
					for c := b + 1; c < nb; c++ {
						if v := tbl.flushValue[(p|bm[a]|bm[b]|bm[c])&(flushSlots-1)]; v > best {
							best = v
						}
					}
				}
			}
		}
	}
	return best
}

// omahaSlow handles hands larger than five hole or five board cards.
func omahaSlow(hole, board []Card) HandValue {
	var best HandValue
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
