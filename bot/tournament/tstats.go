package tournament

import (
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
	"github.com/pokerroom/pokerroom/tourney"
)

// Players' tournament statistics (issue 24): the knockouts counted as
// hands' busts are stored (handOp), and what the finished tournament gives
// each real player, written with its finish op (bot.TourneyResult).

// koTally is an entry's knockouts and the bounty money they collected.
type koTally struct {
	n, cash int64
}

// countKnockouts credits a hand's busts to their eliminators: the winners
// of the pot holding the busted player's last chips who covered them (as
// bounties are paid, R-TRN-14), each of them one knockout; when none
// covered, every winner of that pot. pays are the bounties paid for them.
func (a *Director) countKnockouts(busts []table.ReportBust, pays []bountyPay) {
	if a.ko == nil {
		a.ko = map[tourney.EntryID]koTally{}
	}
	for _, b := range busts {
		var by []tourney.EntryID
		for _, w := range b.Winners {
			if w.StartStack >= b.Start && w.Entry != b.Entry {
				by = append(by, w.Entry)
			}
		}
		if len(by) == 0 {
			for _, w := range b.Winners {
				if w.Entry != b.Entry {
					by = append(by, w.Entry)
				}
			}
		}
		for _, e := range by {
			k := a.ko[e]
			k.n++
			a.ko[e] = k
		}
	}
	for _, p := range pays {
		k := a.ko[p.Entry]
		k.cash += p.Cash
		a.ko[p.Entry] = k
	}
}

// finishStats are what the finished tournament gives each real player
// (practice opponents get nothing): its entries and the money they paid
// (buy-ins, a ticket's entry at the buy-in's value, rebuys, add-ons), the
// prizes paidFor each result, the bounties collected and own (their own
// bounty, paid at the end), whether they cashed, their knockouts and best
// place.
func (a *Director) finishStats(results []tourney.Result, own map[tourney.EntryID]int64) []bot.TourneyResult {
	c := a.Tourney.Config()
	byPlayer := map[int64]*bot.TourneyStats{}
	var order []int64
	of := func(e tourney.EntryID) *bot.TourneyStats {
		p, ok := a.Players[e]
		if !ok || a.bots[e] || p.ID == 0 {
			return nil
		}
		s := byPlayer[p.ID]
		if s == nil {
			s = &bot.TourneyStats{Tourneys: 1}
			byPlayer[p.ID] = s
			order = append(order, p.ID)
		}
		return s
	}
	for _, e := range a.Tourney.Entries() {
		s := of(e.ID)
		if s == nil {
			continue
		}
		if !a.IsFinal() { // a staged final's qualifiers paid at their flights (flightStats)
			s.Entries++
		}
		s.Spent += c.BuyIn.Total() + int64(e.Rebuys)*c.Rebuys.Price
		if e.AddOn {
			s.Spent += c.AddOn.Price
		}
		s.Knockouts += a.ko[e.ID].n
		s.Won += a.ko[e.ID].cash + own[e.ID]
	}
	for _, r := range results {
		s := of(r.Entry)
		if s == nil {
			continue
		}
		if v := a.paidFor(r); v > 0 {
			s.Won += v
			s.Cashes = 1
		}
		if p := int64(r.Place); p > 0 && (s.BestFinish == 0 || p < s.BestFinish) {
			s.BestFinish = p
		}
	}
	out := make([]bot.TourneyResult, 0, len(order))
	for _, id := range order {
		out = append(out, bot.TourneyResult{CommunityID: a.Comm.ID, PlayerID: id, TourneyStats: *byPlayer[id]})
	}
	return out
}

// flightStats are what a finished qualifying flight of a staged event
// (R-TRN-16) gives its real players: its entries, the money they paid
// (buy-ins, rebuys, add-ons) and their knockouts. A player none of whose
// entries qualified (qualified: the survivors, by entry) played it as a
// tournament of its own, with no prize; a qualifier's event is counted at
// the final, which pays the prizes.
func (a *Director) flightStats(qualified map[tourney.EntryID]int64) []bot.TourneyResult {
	c := a.Tourney.Config()
	byPlayer := map[int64]*bot.TourneyStats{}
	through := map[int64]bool{} // a player with an entry that qualified
	var order []int64
	for _, e := range a.Tourney.Entries() {
		p, ok := a.Players[e.ID]
		if !ok || a.bots[e.ID] || p.ID == 0 {
			continue
		}
		s := byPlayer[p.ID]
		if s == nil {
			s = &bot.TourneyStats{}
			byPlayer[p.ID] = s
			order = append(order, p.ID)
		}
		s.Entries++
		s.Spent += c.BuyIn.Total() + int64(e.Rebuys)*c.Rebuys.Price
		if e.AddOn {
			s.Spent += c.AddOn.Price
		}
		s.Knockouts += a.ko[e.ID].n
		s.Won += a.ko[e.ID].cash
		if _, ok := qualified[e.ID]; ok {
			through[p.ID] = true
		}
	}
	out := make([]bot.TourneyResult, 0, len(order))
	for _, id := range order {
		if !through[id] {
			byPlayer[id].Tourneys = 1
		}
		out = append(out, bot.TourneyResult{CommunityID: a.Comm.ID, PlayerID: id, TourneyStats: *byPlayer[id]})
	}
	return out
}
