package pokerstars

import (
	"slices"
	"strconv"

	"github.com/pokerroom/pokerroom/engine"
)

// appendEvents writes the hand's events up to the showdown: the antes and
// blinds, the hole cards, the streets and their actions, the draw and the
// uncalled bets; it keeps the shows, the awards, the rake and a pot carried
// over for the sections after.
func (st *handState) appendEvents(b []byte, h *Hand) ([]byte, error) {
	st.draw = h.Setup.Rules.Game == engine.Draw
	st.runs = 1
	for k := range h.Events {
		if e := &h.Events[k]; (e.Kind == engine.EvDealBoard || e.Kind == engine.EvAward) && e.Board != 0 {
			if e.Board != 1 || st.draw {
				return b, handError(h, "event %d is on board %d", k, e.Board)
			}
			st.runs = 2
		}
	}
	st.common = -1
	st.street = engine.Preflop
	st.top, st.rake, st.carried = 0, 0, 0
	st.dealt = false
	st.pots = 0
	for k := range h.Events {
		var err error
		if b, err = st.appendEvent(b, h, k); err != nil {
			return b, err
		}
	}
	return b, nil
}

// appendEvent writes event k, or keeps it for the showdown and summary.
func (st *handState) appendEvent(b []byte, h *Hand, k int) ([]byte, error) {
	e := &h.Events[k]
	if e.Street != st.street {
		st.street = e.Street
		st.top = 0
		for i := 0; i < st.n; i++ {
			st.seats[i].bet = 0
		}
	}
	var s *seatState
	if e.Seat >= 0 && e.Seat < st.n {
		s = &st.seats[e.Seat]
	} else if seatEvent(e.Kind) {
		return b, handError(h, "event %d (%s) names seat %d of %d", k, e.Kind, e.Seat, st.n)
	}
	switch e.Kind {
	case engine.EvPostAnte, engine.EvPostBigBlindAnte:
		b = appendAct(b, h, e.Seat, "posts the ante")
		b = appendAmount(b, e.Amount)
		b = appendAllIn(b, e)
	case engine.EvPostSmallBlind, engine.EvPostBigBlind, engine.EvPostStraddle:
		b = st.appendBlind(b, h, e, s)
	case engine.EvDealHole:
		b = st.appendDealHole(b, h, e)
	case engine.EvDealBoard:
		return st.appendBoard(b, h, k)
	case engine.EvFold, engine.EvCheck, engine.EvCall, engine.EvBet, engine.EvRaise:
		b = st.appendBetting(b, h, e, s)
	case engine.EvDiscard:
		b = st.appendDiscard(b, h, e)
	case engine.EvDeclareAllIn:
		// The all-in protection (R-TIME-2): PokerStars' own line for a
		// player who timed out, then the room's note of what it meant.
		b = append(b, h.Players[e.Seat]...)
		b = append(b, " has timed out and is declared all-in for"...)
		b = appendAmount(b, e.Amount)
		b = append(b, '\n')
	case engine.EvDrawCards:
		return st.appendDrawn(b, h, k)
	case engine.EvReturnUncalled:
		b = append(b, "Uncalled bet ("...)
		b = strconv.AppendInt(b, e.Amount, 10)
		b = append(b, ") returned to "...)
		b = append(b, h.Players[e.Seat]...)
		b = append(b, '\n')
		s.bet -= e.Amount
	case engine.EvShow, engine.EvMuck:
		st.shows = append(st.shows, k)
		if st.common < 0 {
			st.common = len(st.board)
		}
	case engine.EvRake:
		st.rake += e.Amount
	case engine.EvAward:
		if e.Pot < 0 || e.Pot > engine.MaxSeats {
			return b, handError(h, "event %d awards pot %d", k, e.Pot)
		}
		st.awards = append(st.awards, k)
		s.won += e.Amount
		s.wonOn[e.Board] += e.Amount
		st.potNet[e.Pot] += e.Amount
		st.pots = max(st.pots, e.Pot+1)
	case engine.EvCarryOver:
		st.carried = e.Amount
	default:
		return b, handError(h, "event %d has unknown kind %d", k, e.Kind)
	}
	return b, nil
}

// appendBlind writes a small blind, big blind or straddle posted by s.
func (st *handState) appendBlind(b []byte, h *Hand, e *engine.Event, s *seatState) []byte {
	what := "posts small blind"
	switch e.Kind {
	case engine.EvPostBigBlind:
		what = "posts big blind"
	case engine.EvPostStraddle:
		what = "posts straddle"
	}
	b = appendAct(b, h, e.Seat, what)
	b = appendAmount(b, e.Amount)
	b = appendAllIn(b, e)
	s.bet += e.Amount
	s.voluntary = true
	// A blind short of the full amount still makes the full one the bet to
	// call and to raise over.
	cfg := &h.Setup.Rules
	switch e.Kind {
	case engine.EvPostBigBlind:
		st.top = max(st.top, s.bet, cfg.BigBlind)
	case engine.EvPostStraddle:
		st.top = max(st.top, s.bet, cfg.Straddle)
	default:
		st.top = max(st.top, s.bet)
	}
	return b
}

// appendDealHole writes the hole cards' header before the first dealt, and
// the hero's cards.
func (st *handState) appendDealHole(b []byte, h *Hand, e *engine.Event) []byte {
	if !st.dealt {
		st.dealt = true
		if st.draw {
			b = append(b, "*** DEALING HANDS ***\n"...)
		} else {
			b = append(b, "*** HOLE CARDS ***\n"...)
		}
	}
	if e.Seat == h.Hero {
		st.hero = append(st.hero[:0], e.Cards...)
		b = append(b, "Dealt to "...)
		b = append(b, h.Players[e.Seat]...)
		b = appendCards(b, e.Cards)
		b = append(b, '\n')
	}
	return b
}

// appendBoard writes the street that event k deals: "*** FLOP *** [...]".
// A board run twice: the streets dealt after the hands are turned up are
// the FIRST run, then the SECOND run repeats the common cards.
func (st *handState) appendBoard(b []byte, h *Hand, k int) ([]byte, error) {
	e := &h.Events[k]
	board := &st.board
	b = append(b, "*** "...)
	switch {
	case e.Board == 1:
		if st.common < 0 {
			return b, handError(h, "event %d deals a second board before the hands are shown", k)
		}
		if len(st.board2) == 0 {
			st.board2 = append(st.board2, st.board[:st.common]...)
		}
		board = &st.board2
		b = append(b, "SECOND "...)
	case st.runs == 2 && st.common >= 0:
		b = append(b, "FIRST "...)
	}
	had := len(*board)
	*board = append(*board, e.Cards...)
	switch all := *board; {
	case had == 0 && len(all) == 3:
		b = append(b, "FLOP ***"...)
		b = appendCards(b, all)
	case had == 3 && len(all) == 4:
		b = append(b, "TURN ***"...)
		b = appendCards(b, all[:3])
		b = appendCards(b, all[3:])
	case had == 4 && len(all) == 5:
		b = append(b, "RIVER ***"...)
		b = appendCards(b, all[:4])
		b = appendCards(b, all[4:])
	default:
		return b, handError(h, "event %d deals %d board cards after %d", k, len(e.Cards), had)
	}
	return append(b, '\n'), nil
}

// appendBetting writes a fold, check, call, bet or raise by s.
func (st *handState) appendBetting(b []byte, h *Hand, e *engine.Event, s *seatState) []byte {
	switch e.Kind {
	case engine.EvFold:
		b = appendAct(b, h, e.Seat, "folds\n")
		s.folded, s.foldedOn = true, e.Street
	case engine.EvCheck:
		b = appendAct(b, h, e.Seat, "checks\n")
	case engine.EvCall:
		b = appendAct(b, h, e.Seat, "calls")
		b = appendAmount(b, e.Amount)
		b = appendAllIn(b, e)
		s.bet += e.Amount
		s.voluntary = true
		st.top = max(st.top, s.bet)
	case engine.EvBet:
		b = appendAct(b, h, e.Seat, "bets")
		b = appendAmount(b, e.Amount-s.bet)
		b = appendAllIn(b, e)
		s.bet, st.top = e.Amount, e.Amount
		s.voluntary = true
	case engine.EvRaise:
		b = appendAct(b, h, e.Seat, "raises")
		b = appendAmount(b, e.Amount-st.top)
		b = append(b, " to"...)
		b = appendAmount(b, e.Amount)
		b = appendAllIn(b, e)
		s.bet, st.top = e.Amount, e.Amount
		s.voluntary = true
	}
	return b
}

// appendDiscard writes a player's discard at the draw, with the cards
// thrown if the player is the hero.
func (st *handState) appendDiscard(b []byte, h *Hand, e *engine.Event) []byte {
	if len(e.Cards) == 0 {
		return appendAct(b, h, e.Seat, "stands pat\n")
	}
	b = appendAct(b, h, e.Seat, "discards")
	b = appendAmount(b, int64(len(e.Cards)))
	if len(e.Cards) == 1 {
		b = append(b, " card"...)
	} else {
		b = append(b, " cards"...)
	}
	if e.Seat == h.Hero {
		b = appendCards(b, e.Cards)
		st.discard = append(st.discard[:0], e.Cards...)
	}
	return append(b, '\n')
}

// appendDrawn writes the hero's cards after the draw of event k, the kept
// ones then the new ones, and puts the new cards in the thrown ones' places.
// Other players' draws write nothing.
func (st *handState) appendDrawn(b []byte, h *Hand, k int) ([]byte, error) {
	e := &h.Events[k]
	if e.Seat != h.Hero {
		return b, nil
	}
	if len(e.Cards) != len(st.discard) {
		return b, handError(h, "event %d draws %d cards for %d thrown", k, len(e.Cards), len(st.discard))
	}
	b = append(b, "Dealt to "...)
	b = append(b, h.Players[e.Seat]...)
	b = append(b, " ["...)
	first := true
	for _, c := range st.hero {
		if containsCard(st.discard, c) {
			continue
		}
		if !first {
			b = append(b, ' ')
		}
		first = false
		b = appendCard(b, c)
	}
	b = append(b, ']')
	b = appendCards(b, e.Cards)
	b = append(b, '\n')
	for j, c := range st.discard { // the new cards take the thrown ones' places
		for x := range st.hero {
			if st.hero[x] == c {
				st.hero[x] = e.Cards[j]
				break
			}
		}
	}
	return b, nil
}

// orderShows puts hands turned up before the board is complete (players
// all in, no betting left) in the order PokerStars shows them, from the
// button's left; at the river the engine's order stands (the last
// aggressor first).
func (st *handState) orderShows(h *Hand) {
	if len(st.shows) > 0 && shownEarly(h.Events, st.shows[0]) {
		n := st.n
		first := (h.Setup.Button + 1) % n
		slices.SortStableFunc(st.shows, func(x, y int) int {
			return (h.Events[x].Seat-first+n)%n - (h.Events[y].Seat-first+n)%n
		})
	}
}

// shownEarly reports whether the show event at k comes before board cards
// are dealt.
func shownEarly(events []engine.Event, k int) bool {
	for _, e := range events[k:] {
		if e.Kind == engine.EvDealBoard {
			return true
		}
	}
	return false
}

// seatEvent reports whether events of the kind belong to a seat.
func seatEvent(k engine.EventKind) bool {
	switch k {
	case engine.EvDealBoard, engine.EvRake, engine.EvCarryOver:
		return false
	}
	return true
}
