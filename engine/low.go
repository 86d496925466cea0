package engine

import "math/bits"

// LowValue is the strength of an ace-to-five low hand (R-CARD-5): GREATER IS
// BETTER, as with HandValue, so 5-4-3-2-A is the greatest value and equal
// values split. The zero value is no low.
//
// It is 8192 minus a 13-bit mask of the five distinct ranks, ace as bit 0,
// two as bit 1, ..., king as bit 12: for sets of five ranks, comparing masks
// as integers compares from the highest card down, a smaller mask being the
// better low.
type LowValue uint32

const lowBase = 1 << 13

// lowBit is the ace-low bit of each card (bit 0 = ace, bit 1 = two, ...);
// jokers and invalid cards have none.
var lowBit = func() (t [256]uint16) {
	for c := Card(0); c < 52; c++ {
		r := c.Rank()
		if r == Ace {
			t[c] = 1
		} else {
			t[c] = 1 << (r + 1)
		}
	}
	return t
}()

// lowMask8 returns the mask of the distinct ranks A..8 among cards.
func lowMask8(cards []Card) uint8 {
	var m uint16
	for _, c := range cards {
		m |= lowBit[c]
	}
	return uint8(m)
}

// lowest5 keeps the five lowest ranks of an 8-bit low mask, or 0 if it has
// fewer than five.
var lowest5 = func() (t [256]uint8) {
	for m := 0; m < 256; m++ {
		x := uint8(m)
		if bits.OnesCount8(x) < 5 {
			continue
		}
		for bits.OnesCount8(x) > 5 {
			x &^= 1 << (7 - bits.LeadingZeros8(x))
		}
		t[m] = x
	}
	return t
}()

func lowFromMask(m uint16) LowValue {
	if m == 0 {
		return 0
	}
	return LowValue(lowBase - uint32(m))
}

// EvalLow8 returns the best eight-or-better ace-to-five low among five to
// seven cards (R-CARD-5, R-CARD-6): five distinct ranks of eight or lower, the
// ace low, straights and flushes ignored. ok is false when no low qualifies.
func EvalLow8(cards []Card) (lo LowValue, ok bool) {
	m := lowest5[lowMask8(cards)]
	return lowFromMask(uint16(m)), m != 0
}

// EvalOmahaLow8 returns the best eight-or-better low using exactly two hole
// cards and exactly three board cards (R-CARD-4, R-CARD-6). A repeated,
// joker or invalid card gives no low.
func EvalOmahaLow8(hole, board []Card) (lo LowValue, ok bool) {
	if !distinctReal(hole, board) {
		return 0, false
	}
	m := tbl.omahaLowTab[uint16(lowMask8(board))<<8|uint16(lowMask8(hole))]
	return lowFromMask(uint16(m)), m != 0
}

// EvalOmahaHiLo returns the best Omaha high hand and the best qualifying low;
// the two may use different hole cards, each exactly two hole cards and three
// board cards (R-CARD-6).
func EvalOmahaHiLo(hole, board []Card) (hi HandValue, lo LowValue, hasLow bool) {
	hi = EvalOmaha(hole, board)
	lo, hasLow = EvalOmahaLow8(hole, board)
	return hi, lo, hasLow
}

// omahaLow8 returns the best low mask using two distinct ranks of the hole
// mask h and three of the board mask b, or 0. The evaluator reads the
// generated tbl.omahaLowTab instead; the tests check one against the other. Given the two hole ranks, the
// three lowest other board ranks make the best low, since they are each no
// higher than any other choice.
func omahaLow8(h, b uint8) uint8 {
	var best uint16 = 0x100
	for x := h; x != 0; x &= x - 1 {
		p := x & -x
		for y := x & (x - 1); y != 0; y &= y - 1 {
			pair := p | y&-y
			avail := b &^ pair
			if bits.OnesCount8(avail) < 3 {
				continue
			}
			t := avail
			for bits.OnesCount8(t) > 3 {
				t &^= 1 << (7 - bits.LeadingZeros8(t))
			}
			if m := uint16(pair | t); m < best {
				best = m
			}
		}
	}
	if best == 0x100 {
		return 0
	}
	return uint8(best)
}

// Ranks returns the five ranks of the low, highest first.
func (v LowValue) Ranks() [5]Rank {
	var out [5]Rank
	if v == 0 || v >= lowBase {
		return out
	}
	m := lowBase - uint32(v)
	k := 0
	for b := 12; b >= 0 && k < 5; b-- {
		if m&(1<<b) != 0 {
			if b == 0 {
				out[k] = Ace
			} else {
				out[k] = Rank(b - 1)
			}
			k++
		}
	}
	return out
}
