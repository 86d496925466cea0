package pokerstars

import (
	"strconv"

	"github.com/pokerroom/pokerroom/engine"
)

// appendSummary writes the summary: the total pot, its pots and the rake,
// the board (both boards of a board run twice), one line per seat.
func (st *handState) appendSummary(b []byte, h *Hand) []byte {
	b = append(b, "*** SUMMARY ***\n"...)
	total := st.rake + st.carried
	for p := 0; p < st.pots; p++ {
		total += st.potNet[p]
	}
	b = append(b, "Total pot"...)
	b = appendAmount(b, total)
	if st.pots > 1 {
		for p := 0; p < st.pots; p++ {
			b = append(b, ' ')
			b = appendPotName(b, p, st.pots, true)
			b = appendAmount(b, st.potNet[p])
			b = append(b, '.')
		}
	}
	b = append(b, " | Rake"...)
	b = appendAmount(b, st.rake)
	b = append(b, '\n')
	switch {
	case st.runs == 2:
		b = append(b, "Hand was run twice\nFIRST Board"...)
		b = appendCards(b, st.board)
		b = append(b, "\nSECOND Board"...)
		b = appendCards(b, st.board2)
		b = append(b, '\n')
	case len(st.board) > 0:
		b = append(b, "Board"...)
		b = appendCards(b, st.board)
		b = append(b, '\n')
	}
	sb, bb := blinds(h.Setup.Rules, st.n, h.Setup.Button, h.Setup.NoSmallBlind)
	for _, i := range st.order[:st.n] {
		b = st.appendSummarySeat(b, h, i, sb, bb)
	}
	return b
}

// appendSummarySeat writes engine seat i's line of the summary: its
// position, then what it showed and won, mucked, collected or when it
// folded. sb and bb are the blinds' seats.
func (st *handState) appendSummarySeat(b []byte, h *Hand, i, sb, bb int) []byte {
	s := &st.seats[i]
	b = append(b, "Seat "...)
	b = strconv.AppendInt(b, int64(seatNo(h, i)), 10)
	b = append(b, ": "...)
	b = append(b, h.Players[i]...)
	if i == h.Setup.Button {
		b = append(b, " (button)"...)
	}
	if i == sb {
		b = append(b, " (small blind)"...)
	}
	if i == bb {
		b = append(b, " (big blind)"...)
	}
	switch {
	case s.showed:
		b = append(b, " showed"...)
		b = appendCards(b, s.shown)
		for run := 0; run < st.runs; run++ {
			won := s.wonOn[run]
			if st.runs == 1 {
				won = s.won
			} else if run > 0 {
				b = append(b, ',')
			}
			if won > 0 {
				b = append(b, " and won ("...)
				b = strconv.AppendInt(b, won, 10)
				b = append(b, ") with "...)
			} else {
				b = append(b, " and lost with "...)
			}
			b = append(b, st.desc[s.desc[run][0]:s.desc[run][1]]...)
		}
	case s.mucked && i == h.Hero:
		b = append(b, " mucked"...)
		b = appendCards(b, st.hero)
	case s.mucked:
		b = append(b, " mucked"...)
	case s.won > 0:
		b = append(b, " collected ("...)
		b = strconv.AppendInt(b, s.won, 10)
		b = append(b, ')')
	case s.folded:
		b = append(b, " folded "...)
		b = append(b, foldedWhen(st.draw, s.foldedOn)...)
		if s.foldedOn == engine.Preflop && !s.voluntary {
			b = append(b, " (didn't bet)"...)
		}
	}
	return append(b, '\n')
}

// foldedWhen words the street a player folded on, for the summary.
func foldedWhen(draw bool, s engine.Street) string {
	switch {
	case draw && s == engine.Preflop:
		return "before the Draw"
	case draw:
		return "after the Draw"
	case s == engine.Preflop:
		return "before Flop"
	case s == engine.Flop:
		return "on the Flop"
	case s == engine.Turn:
		return "on the Turn"
	}
	return "on the River"
}

// blinds returns the engine seats in the small and big blind's positions
// (-1 for none), as the engine places them.
func blinds(cfg engine.Config, n, button int, noSmallBlind bool) (sb, bb int) {
	if cfg.BigBlind <= 0 {
		return -1, -1
	}
	after := func(i int) int { return (i + 1) % n }
	switch {
	case noSmallBlind:
		return -1, after(button)
	case n == 2:
		return button, after(button)
	}
	return after(button), after(after(button))
}
