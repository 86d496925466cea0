package engine

// Showdown: who shows and who mucks (R-POT-2), the values of the hands
// (R-POT-1), hi/lo splits (R-POT-5), run it twice (R-POT-6), and PokerKit's
// chip pushing for PokerKitRules.

import "math/bits"

// showdownValues holds the hands' values on each board.
type showdownValues struct {
	hi  [2][MaxSeats]HandValue
	lo  [2][MaxSeats]LowValue
	lok [2][MaxSeats]bool
}

// firstToShow is the seat that shows first: the last aggressor of the final
// betting round, else the first player in left of the button (TDA 16).
func (h *Hand) firstToShow() int {
	if a := h.lastAggr; a >= 0 && h.status[a] != stFolded {
		return a
	}
	i := h.button
	for k := 0; k < h.n; k++ {
		i = h.seatAfter(i)
		if h.status[i] != stFolded {
			return i
		}
	}
	return -1
}

// showAll turns every hand still in face up, in showdown order: no more
// betting is possible (TDA 15).
func (h *Hand) showAll() {
	first := h.firstToShow()
	for k := 0; k < h.n; k++ {
		i := (first + k) % h.n
		if h.status[i] != stFolded && !h.shown[i] {
			h.shown[i] = true
			h.emit(Event{Kind: EvShow, Seat: i, Cards: h.cards(h.hole[i][:h.nHole])})
		}
	}
}

// evaluate fills the values of every hand still in on every board.
func (h *Hand) evaluate(v *showdownValues) {
	dr := h.drawRules()
	for b := 0; b < h.runs; b++ {
		board := h.board[b][:h.boardN[b]]
		for i := 0; i < h.n; i++ {
			if h.status[i] == stFolded {
				continue
			}
			hole := h.hole[i][:h.nHole]
			switch h.cfg.Game {
			case Holdem:
				if len(board) == 5 {
					c := [7]Card{hole[0], hole[1], board[0], board[1], board[2], board[3], board[4]}
					v.hi[b][i] = Eval7(&c)
				} else {
					var c [7]Card
					n := copy(c[:], hole)
					n += copy(c[n:], board)
					v.hi[b][i] = EvalHigh(c[:n])
				}
			case Omaha, Omaha5:
				v.hi[b][i] = EvalOmaha(hole, board)
			case OmahaHiLo, OmahaHiLo5:
				v.hi[b][i], v.lo[b][i], v.lok[b][i] = EvalOmahaHiLo(hole, board)
			case Draw:
				v.hi[b][i] = EvalDraw(hole, dr)
			}
		}
	}
}

// bestHigh returns the seats of mask with the best high value.
func (h *Hand) bestHigh(v *showdownValues, b int, mask uint16) uint16 {
	var best HandValue
	var win uint16
	for i := 0; i < h.n; i++ {
		if mask&(1<<i) == 0 {
			continue
		}
		switch x := v.hi[b][i]; {
		case win == 0 || x > best:
			best, win = x, 1<<i
		case x == best:
			win |= 1 << i
		}
	}
	return win
}

// bestLow returns the seats of mask with the best qualifying low, or 0.
func (h *Hand) bestLow(v *showdownValues, b int, mask uint16) uint16 {
	var best LowValue
	var win uint16
	for i := 0; i < h.n; i++ {
		if mask&(1<<i) == 0 || !v.lok[b][i] {
			continue
		}
		switch x := v.lo[b][i]; {
		case win == 0 || x > best:
			best, win = x, 1<<i
		case x == best:
			win |= 1 << i
		}
	}
	return win
}

// showdown builds the pots, shows the winning hands in order and mucks the
// others, takes the rake and awards every pot.
func (h *Hand) showdown() {
	h.street = Showdown
	h.buildPots(0)
	var v showdownValues
	h.evaluate(&v)
	// Who shows (R-POT-2): when a player is all in, every hand still in is
	// turned up, the callers' too, whatever the round of the all-in (TDA
	// 15). Otherwise the first to show always does, and each later hand
	// only when it beats or ties the best hand shown so far, high or low,
	// for a pot it can win; the others are mucked.
	allIn := false
	for i := 0; i < h.n; i++ {
		if h.status[i] == stAllIn {
			allIn = true
		}
	}
	var shownHi [MaxSeats + 1][2]HandValue
	var shownLo [MaxSeats + 1][2]LowValue
	var hasHi, hasLo [MaxSeats + 1][2]bool
	first := h.firstToShow()
	for k := 0; k < h.n; k++ {
		i := (first + k) % h.n
		if h.status[i] == stFolded || h.shown[i] {
			continue
		}
		show := k == 0 || allIn
		for p := 0; p < h.nPots && !show; p++ {
			if h.pots[p].eligible&(1<<i) == 0 {
				continue
			}
			for b := 0; b < h.runs; b++ {
				if !hasHi[p][b] || v.hi[b][i] >= shownHi[p][b] ||
					h.cfg.Game.HiLo() && v.lok[b][i] && (!hasLo[p][b] || v.lo[b][i] >= shownLo[p][b]) {
					show = true
				}
			}
		}
		if !show {
			h.emit(Event{Kind: EvMuck, Seat: i})
			continue
		}
		h.shown[i] = true
		h.emit(Event{Kind: EvShow, Seat: i, Cards: h.cards(h.hole[i][:h.nHole])})
		for p := 0; p < h.nPots; p++ {
			if h.pots[p].eligible&(1<<i) == 0 {
				continue
			}
			for b := 0; b < h.runs; b++ {
				if !hasHi[p][b] || v.hi[b][i] > shownHi[p][b] {
					shownHi[p][b], hasHi[p][b] = v.hi[b][i], true
				}
				if v.lok[b][i] && (!hasLo[p][b] || v.lo[b][i] > shownLo[p][b]) {
					shownLo[p][b], hasLo[p][b] = v.lo[b][i], true
				}
			}
		}
	}
	if h.in.pokerKit {
		h.awardPokerKit(&v)
		return
	}
	h.takeRake()
	for p := 0; p < h.nPots; p++ {
		amount := h.pots[p].amount - h.pots[p].rake
		elig := h.pots[p].eligible
		for b := 0; b < h.runs; b++ {
			share := h.boardShare(amount, b)
			if !h.cfg.Game.HiLo() {
				h.split(share, h.bestHigh(&v, b, elig), p, b, false)
				continue
			}
			low := h.bestLow(&v, b, elig)
			if low == 0 {
				// No qualifying low in this pot: the high hand takes it
				// all (R-POT-5).
				h.split(share, h.bestHigh(&v, b, elig), p, b, false)
				continue
			}
			// The odd chip of a hi/lo split goes to the high half (R-POT-4).
			h.split(share-share/2, h.bestHigh(&v, b, elig), p, b, false)
			h.split(share/2, low, p, b, true)
		}
	}
	h.finish()
}

// boardShare is the part of a pot's amount played for on board b: all of it
// on one board, half each when run twice, the odd chip with the first board.
func (h *Hand) boardShare(amount int64, b int) int64 {
	if h.runs != 2 {
		return amount
	}
	if b == 0 {
		return amount - amount/2
	}
	return amount / 2
}

// PokerKit's chip pushing (PokerKitRules), as PokerKit 0.7.4 does it
// (state.py: _begin_hand_killing, pots, _begin_chips_pushing, push_chips):
//
//  1. Hand killing: every hand still in that cannot win anything is mucked
//     before the chips are pushed. A hand can win when, on some board, for
//     the high or (with a qualifying low) the low, it is at least as good as
//     the best hand among the players eligible for some pot; PokerKit does not
//     ask whether the hand is itself eligible for that pot.
//  2. The pots are then rebuilt without the killed hands: a pot per
//     contribution level, and neighbouring pots with the same players merge,
//     so the killed players' all-in levels no longer divide the pots.
//  3. Each pot is divided among the boards (the remainder to the first) and,
//     on each board, among the hand types any hand left holds: high, and low
//     when any player left at the table has a qualifying low, not only one
//     eligible for the pot; the remainder goes to the high half.
//  4. A part goes to the pot's eligible players with the best hand of its
//     type. For the low half of a pot where none of them has a low, "no low"
//     ties with "no low": they all share it.
//  5. All the odd chips of a share go to the first winner (by player index,
//     that is, from the button's left), as in split.
//
// The room's rules differ in 3 and 4 (R-POT-5: a pot without a qualifying low
// goes to the high hand) and in 5 (R-POT-4: one odd chip each); 1 and 2 only
// move odd chips between pots.

// awardPokerKit kills the hands that cannot win, rebuilds the pots without
// them, takes the rake and awards every pot as PokerKit does.
func (h *Hand) awardPokerKit(v *showdownValues) {
	killed := h.pokerKitKilled(v)
	if killed != 0 {
		h.buildPots(killed)
	}
	var live uint16
	for i := 0; i < h.n; i++ {
		if h.status[i] != stFolded && killed&(1<<i) == 0 {
			live |= 1 << i
		}
	}
	h.takeRake()
	for p := 0; p < h.nPots; p++ {
		amount := h.pots[p].amount - h.pots[p].rake
		elig := h.pots[p].eligible
		for b := 0; b < h.runs; b++ {
			share := h.boardShare(amount, b)
			if !h.cfg.Game.HiLo() || h.bestLow(v, b, live) == 0 {
				h.split(share, h.bestHigh(v, b, elig), p, b, false)
				continue
			}
			h.split(share-share/2, h.bestHigh(v, b, elig), p, b, false)
			low := h.bestLow(v, b, elig)
			if low == 0 {
				low = elig
			}
			h.split(share/2, low, p, b, true)
		}
	}
	h.finish()
}

// pokerKitKilled returns the seats still in whose hands PokerKit kills: on
// no board and for no hand type is the hand at least as good as the best
// hand of some pot's eligible players (h.pots as built with every hand in).
func (h *Hand) pokerKitKilled(v *showdownValues) uint16 {
	var killed uint16
	for i := 0; i < h.n; i++ {
		if h.status[i] != stFolded && !h.pokerKitCanWin(v, i) {
			killed |= 1 << i
		}
	}
	return killed
}

// pokerKitCanWin is PokerKit's can_win_now for seat i at the showdown.
func (h *Hand) pokerKitCanWin(v *showdownValues, i int) bool {
	for b := 0; b < h.runs; b++ {
		for p := 0; p < h.nPots; p++ {
			elig := h.pots[p].eligible
			// The best hands of a pot are at least as good as any of its
			// hands: i can win when it is one of them or ties them.
			if w := h.bestHigh(v, b, elig); w == 0 || v.hi[b][i] >= v.hi[b][lowestSeat(w)] {
				return true
			}
			if !v.lok[b][i] {
				continue
			}
			if w := h.bestLow(v, b, elig); w == 0 || v.lo[b][i] >= v.lo[b][lowestSeat(w)] {
				return true
			}
		}
	}
	return false
}

// lowestSeat is the lowest seat of a non-empty mask.
func lowestSeat(mask uint16) int {
	return bits.TrailingZeros16(mask)
}
