package tournament

import (
	"sort"
	"strconv"
	"strings"

	"github.com/pokerroom/pokerroom/bot/table"
	"github.com/pokerroom/pokerroom/tourney"
)

// Balancing the tables (TDA 10), hand for hand (TDA 12) and letting held
// tables deal.

// needsRebalance reports whether the tables must be broken or balanced
// (R-TRN-11), or the final table formed.
func (a *Director) needsRebalance() bool {
	s := a.Tourney.Seating()
	if s == nil || len(s.Tables) < 2 {
		return false
	}
	if s.FinalTableDue() || s.Players() <= (len(s.Tables)-1)*s.TableSize {
		return true
	}
	lo, hi := s.TableSize+1, -1
	for _, t := range s.Tables {
		lo, hi = min(lo, t.Count()), max(hi, t.Count())
	}
	return hi-lo > 1
}

// handForHand: at the bubble of a multi-table event every table deals
// its next hand together (TDA 12); in a satellite at its seats' bubble
// too (R-TRN-15, tourney.HandForHandBubble).
func (a *Director) handForHand() bool {
	places, _ := a.handForHandBubble()
	return places > 0
}

// handForHandBubble is tourney.HandForHandBubble while the event runs on
// more than its final table.
func (a *Director) handForHandBubble() (places int, seats bool) {
	if a.Tourney.State() != tourney.Running || a.finalID != 0 {
		return 0, false
	}
	return a.Tourney.HandForHandBubble()
}

// sayHandForHand announces hand for hand once a bubble, as soon as the
// field is at it (TDA 12): when the bust that brings it there is taken
// out, whether or not the other tables have finished their hands, and
// whatever busts those hands bring after; a satellite whose last paid
// place is not a seat announces it again at its seats' bubble. It reports
// whether the tables deal hand for hand now.
func (a *Director) sayHandForHand() bool {
	places, seats := a.handForHandBubble()
	if places == 0 {
		return false
	}
	if a.h4hSaid != places {
		a.h4hSaid = places
		key := "tn.h4h"
		if seats {
			key = "tn.h4h_seats"
		}
		a.news(key, a.Name(), a.Tourney.Active(), places)
	}
	return true
}

// releaseHeld lets held tables deal their next hand, at the level of the
// clock (R-TRN-9): not during a break or a pause, and, to balance the
// tables or hand for hand, only once every table is held.
func (a *Director) releaseHeld() {
	if !a.running() || a.paused() {
		return
	}
	if len(a.h4h) > 0 {
		if !a.allHeld() {
			return // the other tables finish the hand-for-hand hand
		}
		if err := a.flushHandForHand(); err != nil {
			a.retryLater()
			return
		}
		if !a.running() {
			return
		}
	}
	if a.proposal != nil {
		a.tryDeal()
		return // play waits while the players consider a deal
	}
	if a.ending || a.Tourney.SeatsDecided() { // a timed end, or a satellite's seats decided (after a restart too)
		a.tryTimedEnd()
		return
	}
	lvl, num, ok := a.clock().LevelForNextHand(a.Deps.Clock.Now())
	if !ok {
		return
	}
	if err := a.ensureTables(); err != nil {
		// A table the seating has and the room does not yet (a failed
		// write): tried again a second later.
		a.retryLater()
		return
	}
	all := a.allHeld()
	if a.needMerge() { // the pairs' stacks join between hands (R-TRN-19)
		if !all {
			a.gathering = true
			return
		}
		if err := a.merge(); err != nil {
			a.retryLater()
			return
		}
	}
	if a.needsRebalance() {
		if !all {
			a.gathering = true
			return
		}
		if err := a.rebalance(); err != nil {
			return
		}
	}
	a.gathering = false
	h4h := a.sayHandForHand()
	if h4h && !all {
		return
	}
	nos := make([]tourney.TableID, 0, len(a.Tables))
	for no := range a.Tables {
		nos = append(nos, no)
	}
	sort.Slice(nos, func(i, j int) bool { return nos[i] < nos[j] })
	for _, no := range nos {
		if _, again := a.retry[no]; !a.held[no] || again {
			continue
		}
		s := a.desired(no)
		if !s.Close && a.withChips(s) < 2 {
			continue // nobody to play against: held until balancing brings players (or rebuys come)
		}
		if at := a.backoff[no]; a.Deps.Clock.Now().Before(at) {
			continue
		}
		if s.Close {
			a.Tables[no].Tour.Direct(s)
			delete(a.Tables, no)
			delete(a.held, no)
			continue
		}
		s.Level, s.Release = table.LevelOf(lvl, num), true
		s.TwoLeft = a.Tourney.Active() == 2 // the fixed-limit cap is lifted (R-BET-5, TDA 48)
		if h4h {
			if a.h4hDealt == nil {
				a.h4hDealt = map[tourney.TableID]bool{}
			}
			a.h4hDealt[no] = true
		}
		a.held[no] = false
		a.sent[no]++
		a.released[no] = a.lastHand(no)
		a.Tables[no].Tour.Direct(s)
	}
}

// withChips counts the seats of a sync that can be dealt in.
func (a *Director) withChips(s table.Sync) int {
	n := 0
	for _, ss := range s.Seats {
		if ss.Stack > 0 {
			n++
		}
	}
	return n
}

// rebalance breaks and balances the tables, or forms the final table
// (R-TRN-11), and tells the players moved where they go.
func (a *Director) rebalance() error {
	stacks := map[tourney.EntryID]int64{}
	for e, s := range a.stacks {
		if _, ok := a.Tourney.Seating().Where(e); ok {
			stacks[e] = s
		}
	}
	pos := map[tourney.TableID]tourney.Positions{}
	for _, tb := range a.Tourney.Seating().Tables {
		if p, ok := a.pos[tb.ID]; ok {
			pos[tb.ID] = p
		}
	}
	wasFinal := len(a.Tourney.Seating().Tables) == 1
	res, err := a.do(rebalanceOp{Seed: a.seed(), Stacks: stacks, Pos: pos, Rule: balanceRule}, nil, nil)
	if err != nil {
		return err
	}
	if err := a.ensureTables(); err != nil {
		return err
	}
	moves := res.([]tourney.Move)
	for _, m := range moves {
		a.tellSeat(m.Entry, m.To.Table, m.From.Table)
	}
	var broken []int
	for no := range a.Tables {
		if _, ok := a.Tourney.Seating().Table(no); !ok {
			broken = append(broken, int(no))
		}
	}
	sort.Ints(broken)
	for _, no := range broken {
		a.news("tn.broken", a.Name(), no)
	}
	a.announceMoves(moves)
	if !wasFinal && len(a.Tourney.Seating().Tables) == 1 && !a.final {
		a.final = true
		a.news("tn.final", a.Name(), a.Tourney.Active())
	}
	return nil
}

// tellSeat tells a player privately where they sit (moved from another
// table when from is not 0).
func (a *Director) tellSeat(e tourney.EntryID, to, from tourney.TableID) {
	id := a.tableIDs[to]
	pl, _ := a.Tourney.Seating().Where(e)
	if from != 0 {
		a.privateTo(e, "tn.moved", a.Name(), int(to), "#"+strconv.FormatInt(id, 10), int(pl.Seat))
		return
	}
	a.privateTo(e, "tn.seat", a.Name(), int(to), "#"+strconv.FormatInt(id, 10), int(pl.Seat))
}

// announceMoves tells the group, in one message, who a rebalance moved
// where ("T1 moves: Ana → table 2 seat 5, Bo → table 1 seat 3"); each
// player moved is also told privately (tellSeat).
func (a *Director) announceMoves(moves []tourney.Move) {
	lang := a.lang()
	items := make([]string, 0, len(moves))
	said := map[tourney.EntryID]bool{}
	for _, m := range moves {
		pl, ok := a.Tourney.Seating().Where(m.Entry)
		if !ok || said[m.Entry] {
			continue // where they sit now, once (a player moved twice)
		}
		said[m.Entry] = true
		items = append(items, tr(lang, "tn.move_item", a.entryName(m.Entry), int(pl.Table), int(pl.Seat)))
	}
	if len(items) == 0 {
		return
	}
	a.news("tn.moves", a.Label(), strings.Join(items, ", "))
}
