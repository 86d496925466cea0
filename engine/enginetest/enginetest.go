// Package enginetest holds test helpers for the engine: a random player that
// makes legal (and deliberately illegal) moves, a byte-driven random source
// for fuzz targets, and deck shuffling without allocation, shared by the
// engine's fuzz targets, benchmarks and the PHH tests.
package enginetest

import (
	"github.com/pokerroom/pokerroom/engine"
)

// Source gives random numbers in [0, n). *math/rand/v2.Rand satisfies it.
type Source interface {
	IntN(n int) int
}

// Bytes is a Source that reads fuzz input; past its end it returns 0.
type Bytes struct {
	B []byte
	i int
}

// IntN returns a number in [0, n) from the next bytes.
func (b *Bytes) IntN(n int) int {
	if n <= 1 {
		return 0
	}
	var v uint32
	k := 1
	if n > 256 {
		k = 4
	}
	for j := 0; j < k; j++ {
		v <<= 8
		if b.i < len(b.B) {
			v |= uint32(b.B[b.i])
			b.i++
		}
	}
	return int(v % uint32(n))
}

// Exhausted reports whether every byte was read.
func (b *Bytes) Exhausted() bool { return b.i >= len(b.B) }

// Shuffle shuffles cards in place (Fisher-Yates) with src.
func Shuffle(cards []engine.Card, src Source) {
	for i := len(cards) - 1; i > 0; i-- {
		j := src.IntN(i + 1)
		cards[i], cards[j] = cards[j], cards[i]
	}
}

// FullDeck fills d with the 52 cards in order and returns it.
func FullDeck(d *[52]engine.Card) []engine.Card {
	for i := range d {
		d[i] = engine.Card(i)
	}
	return d[:]
}

// Player makes random moves with Src. It reuses one buffer for discards, so
// an action's Cards are valid until the next call.
type Player struct {
	Src Source
	buf [5]engine.Card
}

// Action returns a legal action for the player to act in h: fold, check,
// call, a bet or raise (minimum, maximum or between) or all in; in the draw,
// a random set of discards.
func (p *Player) Action(h *engine.Hand) engine.Action {
	src := p.Src
	l := h.Legal()
	a := engine.Action{Seat: l.Seat}
	if l.Discard {
		n := src.IntN(l.MaxDiscard + 1)
		off := src.IntN(5)
		buf := p.buf[:0]
		for k := 0; k < n; k++ {
			buf = append(buf, h.HoleCard(l.Seat, (off+k)%5))
		}
		if l.MustDiscardJoker && !hasJoker(buf) {
			// Both jokers held: throw one (R-CARD-7), in place of a card.
			for k := 0; k < 5; k++ {
				if c := h.HoleCard(l.Seat, k); c.IsJoker() {
					if len(buf) == 0 || len(buf) < l.MaxDiscard {
						buf = append(buf, c)
					} else {
						buf[0] = c
					}
					break
				}
			}
		}
		a.Kind = engine.Discard
		a.Cards = buf
		return a
	}
	switch src.IntN(8) {
	case 0:
		if l.CanFold {
			a.Kind = engine.Fold
			return a
		}
	case 4, 5, 6:
		if l.CanBet || l.CanRaise {
			a.Kind = engine.Raise
			if l.CanBet {
				a.Kind = engine.Bet
			}
			switch src.IntN(4) {
			case 0:
				a.Amount = l.MaxTo
			case 1:
				a.Amount = l.MinTo + int64(src.IntN(int(min(l.MaxTo-l.MinTo, 1<<20)+1)))
			default:
				a.Amount = l.MinTo
			}
			return a
		}
	case 7:
		switch {
		case (l.CanBet || l.CanRaise) && l.MaxTo == l.AllInTo:
			a.Kind = engine.AllIn
			return a
		case l.CallAmount > 0:
			a.Kind = engine.AllIn // an all-in call
			if l.CallAmount < h.Stack(l.Seat) {
				a.Kind = engine.Call
			}
			return a
		}
	}
	if l.CanCheck {
		a.Kind = engine.Check
	} else {
		a.Kind = engine.Call
	}
	return a
}

// Play plays h to the end with random legal actions and returns the number
// of actions; it stops at the first error.
func (p *Player) Play(h *engine.Hand) (int, error) {
	n := 0
	for !h.Done() {
		if _, err := h.Apply(p.Action(h)); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// IllegalAction returns an action that h must refuse: out of turn, an amount
// out of range, a check facing a bet, a bet facing a bet, a foreign discard...
// ok is false when src chose a kind with no illegal form right now.
func (p *Player) IllegalAction(h *engine.Hand) (a engine.Action, ok bool) {
	src := p.Src
	l := h.Legal()
	n := h.NumSeats()
	a.Seat = l.Seat
	switch src.IntN(8) {
	case 0:
		a.Seat = (l.Seat + 1 + src.IntN(n-1)) % n
		a.Kind = engine.Check
		if l.Seat < 0 {
			a.Seat = src.IntN(n)
		}
		return a, true
	case 1:
		if l.Discard || l.CanCheck {
			return a, false
		}
		a.Kind = engine.Check
		return a, true
	case 2:
		if l.Discard || (!l.CanBet && !l.CanRaise) || l.MinTo <= 1 || l.MinTo == l.AllInTo {
			return a, false
		}
		a.Kind = engine.Raise
		if l.CanBet {
			a.Kind = engine.Bet
		}
		a.Amount = l.MinTo - 1 - int64(src.IntN(int(min(l.MinTo-1, 1000))))
		return a, true
	case 3:
		if l.Discard || (!l.CanBet && !l.CanRaise) {
			return a, false
		}
		a.Kind = engine.Raise
		if l.CanBet {
			a.Kind = engine.Bet
		}
		a.Amount = l.MaxTo + 1 + int64(src.IntN(1000))
		return a, true
	case 4:
		if l.Discard || !l.CanRaise {
			return a, false
		}
		a.Kind, a.Amount = engine.Bet, l.MinTo
		return a, true
	case 5:
		if !l.Discard {
			return a, false // a fold is legal in every betting round (TDA 53)
		}
		a.Kind = engine.Fold
		return a, true
	case 6:
		if !l.Discard {
			a.Kind = engine.Discard
			return a, true
		}
		a.Kind = engine.Discard
		a.Cards = []engine.Card{engine.NoCard}
		return a, true
	default:
		if l.Discard || l.CallAmount > 0 {
			a.Kind = engine.Call
			if !l.Discard {
				return a, false
			}
			return a, true
		}
		a.Kind = engine.Call
		return a, true
	}
}

func hasJoker(cs []engine.Card) bool {
	for _, c := range cs {
		if c.IsJoker() {
			return true
		}
	}
	return false
}
