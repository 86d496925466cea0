package tournament

import (
	"strings"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/tourney"
)

// Players already out who end up in the money: their places are known
// when late registration ends, and the paid places can move over them
// later (R-TRN-6, R-TRN-7); the room says so instead of paying them
// silently at the end.

// inTheMoney is the set of entries already out whose places are paid.
func (a *Director) inTheMoney() map[tourney.EntryID]bool {
	out := map[tourney.EntryID]bool{}
	for _, p := range a.Tourney.InTheMoney() {
		out[p.Entry] = true
	}
	return out
}

// tellInTheMoney announces the players already out whose places became
// paid (not in before): when late registration ends with fewer entries
// than places paid (lateEnd), or when a disqualification or a grown pool
// moves the paid places over them. The group and the spectator channel
// are told, and each player privately. A flight pays no prizes.
func (a *Director) tellInTheMoney(before map[tourney.EntryID]bool, lateEnd bool) {
	if a.finalID != 0 || a.Tourney.State() == tourney.Finished {
		return // a flight pays no prizes; a finished event's results say it all
	}
	var items []string
	var now []tourney.PaidPlace
	for _, p := range a.Tourney.InTheMoney() {
		if !before[p.Entry] {
			now = append(now, p)
			items = append(items, tr(a.lang(), "tn.paid_item", a.entryName(p.Entry), p.Place, bot.Chips(p.Prize)))
		}
	}
	if len(now) == 0 {
		return
	}
	prizes, _ := a.Tourney.Prizes()
	list := strings.Join(items, ", ")
	if lateEnd {
		// A pair counts once, as the payouts count it (R-TRN-19).
		a.news("tn.late_paid", a.Name(), a.Tourney.PayoutEntries(), len(prizes), list)
	} else {
		a.news("tn.now_paid", a.Name(), len(prizes), list)
	}
	for _, p := range now {
		a.privateTo(p.Entry, "tn.you_paid", a.Name(), p.Place, bot.Chips(p.Prize))
	}
}
