package pokerstars

import (
	"strconv"

	"github.com/pokerroom/pokerroom/engine"
)

// appendShowdown writes the showdown and the pots of one run of the board
// (run 0, or 1 for the second run of a board run twice). As PokerStars
// does, from the last side pot to the main pot: the hands of the pot's
// players not yet shown, then who collects it.
func (st *handState) appendShowdown(b []byte, h *Hand, run int) []byte {
	board := st.board
	if run == 1 {
		board = st.board2
	}
	if len(st.shows) > 0 {
		switch {
		case st.runs == 1:
			b = append(b, "*** SHOW DOWN ***\n"...)
		case run == 0:
			b = append(b, "*** FIRST SHOW DOWN ***\n"...)
		default:
			b = append(b, "*** SECOND SHOW DOWN ***\n"...)
		}
	}
	st.written = 0
	for p := st.pots - 1; p >= 0; p-- {
		for _, k := range st.shows {
			if seat := h.Events[k].Seat; st.written&(1<<seat) == 0 && st.eligible[p]&(1<<seat) != 0 {
				b = st.appendShowLine(b, h, k, run, board)
			}
		}
		for _, k := range st.awards {
			e := &h.Events[k]
			if e.Pot != p || e.Board != run {
				continue
			}
			b = append(b, h.Players[e.Seat]...)
			b = append(b, " collected"...)
			b = appendAmount(b, e.Amount)
			b = append(b, " from "...)
			b = appendPotName(b, p, st.pots, false)
			b = append(b, '\n')
		}
	}
	for _, k := range st.shows { // a hand no pot's player: none the engine deals
		if st.written&(1<<h.Events[k].Seat) == 0 {
			b = st.appendShowLine(b, h, k, run, board)
		}
	}
	if h.Setup.Rules.Game.HiLo() && len(st.shows) > 0 {
		low := false
		for _, k := range st.awards {
			low = low || h.Events[k].Low && h.Events[k].Board == run
		}
		if !low {
			b = append(b, "No low hand qualified\n"...)
		}
	}
	return b
}

// appendShowLine writes the show or muck of event k at the showdown of the
// run, the hand shown described on the run's board for the summary.
func (st *handState) appendShowLine(b []byte, h *Hand, k, run int, board []engine.Card) []byte {
	e := &h.Events[k]
	s := &st.seats[e.Seat]
	st.written |= 1 << e.Seat
	if e.Kind == engine.EvMuck {
		s.mucked = true
		return appendAct(b, h, e.Seat, "mucks hand\n")
	}
	s.showed = true
	s.shown = e.Cards
	start := len(st.desc)
	st.desc = appendDescription(st.desc, h.Setup.Rules, e.Cards, board)
	s.desc[run] = [2]int{start, len(st.desc)}
	b = appendAct(b, h, e.Seat, "shows")
	b = appendCards(b, e.Cards)
	b = append(b, " ("...)
	b = append(b, st.desc[start:]...)
	return append(b, ")\n"...)
}

// appendFinishes writes the players a tournament hand knocked out.
func appendFinishes(b []byte, h *Hand) []byte {
	t := h.Tournament
	if t == nil {
		return b
	}
	for _, f := range t.Finished {
		b = append(b, h.Players[f.Seat]...)
		if f.Place == 1 {
			b = append(b, " wins the tournament and receives"...)
			b = appendAmount(b, f.Prize)
			b = append(b, " - congratulations!\n"...)
			continue
		}
		b = append(b, " finished the tournament in "...)
		b = strconv.AppendInt(b, int64(f.Place), 10)
		b = append(b, ordinal(f.Place)...)
		b = append(b, " place"...)
		if f.Prize > 0 {
			b = append(b, " and received"...)
			b = appendAmount(b, f.Prize)
			b = append(b, '.')
		}
		b = append(b, '\n')
	}
	return b
}

// appendPotName writes "pot", "main pot", "side pot" or "side pot-2"; in
// the summary, capitalised.
func appendPotName(b []byte, p, pots int, summary bool) []byte {
	switch {
	case pots == 1:
		return append(b, "pot"...)
	case p == 0 && summary:
		return append(b, "Main pot"...)
	case p == 0:
		return append(b, "main pot"...)
	}
	if summary {
		b = append(b, "Side pot"...)
	} else {
		b = append(b, "side pot"...)
	}
	if pots > 2 {
		b = append(b, '-')
		b = strconv.AppendInt(b, int64(p), 10)
	}
	return b
}

// ordinal returns the suffix of a place: "st", "nd", "rd" or "th".
func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return "th"
	case n%10 == 1:
		return "st"
	case n%10 == 2:
		return "nd"
	case n%10 == 3:
		return "rd"
	}
	return "th"
}
