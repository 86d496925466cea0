package engine

// Showdown: who shows and who mucks (R-POT-2), the values of the hands
// (R-POT-1), hi/lo splits (R-POT-5), run it twice (R-POT-6).

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
	h.buildPots()
	var v showdownValues
	h.evaluate(&v)
	// Who wins something: they show; the first to show always does, and so
	// do all-in players, whose hands are turned up (TDA 15). The others muck.
	var winners uint16
	for p := 0; p < h.nPots; p++ {
		for b := 0; b < h.runs; b++ {
			winners |= h.bestHigh(&v, b, h.pots[p].eligible)
			if h.cfg.Game.HiLo() {
				winners |= h.bestLow(&v, b, h.pots[p].eligible)
			}
		}
	}
	first := h.firstToShow()
	for k := 0; k < h.n; k++ {
		i := (first + k) % h.n
		if h.status[i] == stFolded || h.shown[i] {
			continue
		}
		if k == 0 || winners&(1<<i) != 0 || h.status[i] == stAllIn {
			h.shown[i] = true
			h.emit(Event{Kind: EvShow, Seat: i, Cards: h.cards(h.hole[i][:h.nHole])})
		} else {
			h.emit(Event{Kind: EvMuck, Seat: i})
		}
	}
	h.takeRake()
	for p := 0; p < h.nPots; p++ {
		amount := h.pots[p].amount - h.pots[p].rake
		elig := h.pots[p].eligible
		for b := 0; b < h.runs; b++ {
			share := amount
			if h.runs == 2 { // the odd chip goes with the first board
				share = amount / 2
				if b == 0 {
					share = amount - amount/2
				}
			}
			if !h.cfg.Game.HiLo() {
				h.split(share, h.bestHigh(&v, b, elig), p, b, false)
				continue
			}
			low := h.bestLow(&v, b, elig)
			if low == 0 {
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
