package tourney

import "sort"

// Hand for hand (TDA 12): at the bubble of a multi-table event every
// table deals one hand at a time, together, so that the players who bust
// in that hand at different tables are out in the same hand: ranked, as
// the players busted in one hand at one table, by their chips at the
// start of it (R-TRN-7); equal stacks share their places and prizes.

// HandForHand reports whether the tables must deal hand for hand: a
// running event at more than one table with one player more than the
// places paid (the bubble).
func HandForHand(active, paid, tables int) bool {
	return tables > 1 && paid > 0 && active == paid+1
}

// EliminateHandForHand records the players busted in one hand-for-hand
// hand, each table's busts in its own list (R-TRN-7): they are out in
// the same hand whatever their table, so the player who started the
// hand with more chips finishes higher, as Eliminate ranks one table's
// busts (HandForHandGroups); players who started it with equal chips tie
// and share their places' prizes (Results). It takes them off their
// seats.
func (t *Tournament) EliminateHandForHand(tables [][]Bust) error {
	var all []Bust
	for _, b := range tables {
		all = append(all, b...)
	}
	if t.state != LateRegistration && t.state != Running && t.state != FinalTable {
		return &StateError{"eliminate", t.state}
	}
	seen := make(map[EntryID]bool)
	for _, b := range all {
		e, err := t.entry(b.Entry)
		if err != nil {
			return err
		}
		if e.Out {
			return ErrAlreadyOut
		}
		if seen[b.Entry] {
			return ErrDuplicate
		}
		seen[b.Entry] = true
	}
	if len(all) >= t.active() && t.state != LateRegistration {
		return ErrLastPlayer
	}
	for _, g := range HandForHandGroups(tables) {
		t.out = append(t.out, g)
		for _, id := range g {
			e, _ := t.entry(id)
			e.Out = true
			if t.seating != nil {
				_ = t.seating.Remove(id)
			}
		}
	}
	t.afterBust()
	return nil
}

// HandForHandGroups ranks the busts of one hand-for-hand hand, every
// table's together (R-TRN-7): the groups returned finish lowest first,
// by the chips their players started the hand with; the players of one
// group started it with equal chips and tie (listed by entry).
func HandForHandGroups(tables [][]Bust) [][]EntryID {
	var all []Bust
	for _, busts := range tables {
		all = append(all, busts...)
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].StartStack != all[j].StartStack {
			return all[i].StartStack < all[j].StartStack
		}
		return all[i].Entry < all[j].Entry
	})
	var out [][]EntryID
	for i, b := range all {
		if i == 0 || b.StartStack != all[i-1].StartStack {
			out = append(out, nil)
		}
		out[len(out)-1] = append(out[len(out)-1], b.Entry)
	}
	return out
}

// PrizeOf is what an entry already out is paid for its place so far:
// its place's prize, or with tied players their places' prizes shared
// (odd chips one each to the earliest listed), as Results pays them. Zero for a
// place not paid or an entry still in.
func (t *Tournament) PrizeOf(e EntryID) Chips {
	prizes, err := t.Prizes()
	if err != nil {
		return 0
	}
	for _, s := range t.Standings() {
		if s.Entry != e {
			continue
		}
		var sum Chips
		for k := s.Place - 1; k < s.Place-1+s.Tied && k < len(prizes); k++ {
			sum += prizes[k].Chips
		}
		share, odd := sum/Chips(s.Tied), sum%Chips(s.Tied)
		k := 0 // e's index in its group: the first odd ones get a chip more
		for _, o := range t.Standings() {
			if o.Place == s.Place {
				if o.Entry == e {
					break
				}
				k++
			}
		}
		if Chips(k) < odd {
			share++
		}
		return share
	}
	return 0
}

// PaidPlace is an entry already out whose place is paid.
type PaidPlace struct {
	Entry EntryID
	Place int
	Prize Chips // as PrizeOf
}

// InTheMoney lists the entries already out whose places are paid, best
// place first. During late registration nobody's place is known yet (the
// field can grow), so it is empty; when late registration ends with
// fewer entries than places paid, or the places paid change later (a
// disqualification, a pool grown by rebuys), the players already out who
// are now paid appear here, and the room announces them (R-TRN-6, R-TRN-7).
func (t *Tournament) InTheMoney() []PaidPlace {
	if t.state == LateRegistration {
		return nil
	}
	var out []PaidPlace
	for _, s := range t.Standings() {
		if p := t.PrizeOf(s.Entry); p > 0 {
			out = append(out, PaidPlace{Entry: s.Entry, Place: s.Place, Prize: p})
		}
	}
	return out
}

// HandForHandBubble says whether the tables must deal hand for hand now
// (TDA 12) and at which bubble: places is the places paid (or, with seats,
// the seats a satellite buys) when one player more than them is left at
// more than one table, 0 when the tables deal freely. A satellite's seat
// bubble counts as much as its last paid place's (R-TRN-15): the player
// out with one more left than the seats wins no seat, only the leftover.
func (t *Tournament) HandForHandBubble() (places int, seats bool) {
	if t.state != Running || t.seating == nil {
		return 0, false
	}
	prizes, err := t.Prizes()
	if err != nil {
		return 0, false
	}
	n, tables := t.active(), len(t.seating.Tables)
	if HandForHand(n, len(prizes), tables) {
		return len(prizes), false
	}
	if s := seatPrizes(prizes); t.cfg.Tickets != nil && HandForHand(n, s, tables) {
		return s, true
	}
	return 0, false
}
