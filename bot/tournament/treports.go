package tournament

import (
	"context"
	"maps"
	"sort"
	"strconv"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
	"github.com/pokerroom/pokerroom/tourney"
)

// Each hand's report from a table: stacks, busts and eliminations (with
// hand for hand), bounties, the wallets chips go back to.

// onReports takes in the tables' reports of their hands.
func (a *Director) onReports() {
	if a.stale {
		return // kept until the director is rebuilt
	}
	reps := a.takeReports()
	// Reports taken in together are read in the order of their hands'
	// ends, then of the tables' numbers: never in the order the tables'
	// goroutines happened to deliver them, so that busts at two tables
	// in the same instant give the same places and news every time.
	sort.SliceStable(reps, func(i, j int) bool {
		if !reps[i].At.Equal(reps[j].At) {
			return reps[i].At.Before(reps[j].At)
		}
		return reps[i].Table < reps[j].Table
	})
	for _, rep := range reps {
		a.onReport(rep)
	}
	a.releaseHeld()
}

func (a *Director) onReport(rep table.HandReport) {
	if !a.running() {
		return
	}
	if _, ok := a.Tables[rep.Table]; !ok {
		return
	}
	dealtH4H := false
	if rep.Releases >= a.sent[rep.Table] {
		dealtH4H = a.h4hDealt[rep.Table]
		delete(a.h4hDealt, rep.Table)
		// A report sent before the table took in its last release (the
		// report of a table starting, read after the director released
		// it) is taken in, but the table is playing, not held.
		a.held[rep.Table] = true
		a.hands[rep.Table] = rep.Hand
		if rep.Pos != nil {
			a.pos[rep.Table] = *rep.Pos
		}
	}
	if h, ok := a.released[rep.Table]; ok && h == rep.Hand {
		a.backoff[rep.Table] = a.Deps.Clock.Now().Add(time.Second)
	}
	stacks := map[tourney.EntryID]int64{}
	away := map[tourney.EntryID]bool{}
	for _, e := range rep.Away {
		away[e] = true
	}
	for e, s := range rep.Stacks {
		if tb, ok := a.Tourney.Seating().Where(e); ok && tb.Table == rep.Table {
			a.away[e] = away[e]
			// Chips bought and not yet at the table count already.
			s += max(a.credit[e]-rep.Credits[e], 0)
			a.stacks[e] = s
			stacks[e] = s
		}
	}
	for e := range a.dq {
		if pl, ok := a.Tourney.Seating().Where(e); ok && pl.Table == rep.Table {
			a.disqualify(e)
		}
	}
	var busts []table.ReportBust
	for _, b := range rep.Busts {
		en, err := a.Tourney.Entry(b.Entry)
		if err != nil || en.Out || a.stacks[b.Entry] > 0 {
			continue // out already, or rebought during the hand
		}
		if _, waiting := a.pending[b.Entry]; waiting {
			continue
		}
		if a.rebuysLeft(b.Entry) {
			a.pending[b.Entry] = pendingBust{Table: rep.Table, Bust: b, At: a.Deps.Clock.Now()}
			a.privateTo(b.Entry, "tn.rebuy_now", a.Name(), table.DurationText(tourney.RebuyWindow), a.Label())
			continue
		}
		busts = append(busts, b)
	}
	if len(busts) == 0 {
		return
	}
	if dealtH4H && a.handForHand() {
		// Hand for hand: taken out together once every table has played
		// this hand (flushHandForHand), so that busts at different tables
		// are ranked together by their starting chips (TDA 12, R-TRN-7),
		// not in the order the tables report. A hand dealt before hand for hand
		// began (another table's bust brought the field to the bubble
		// while it was being played) ends as any other: its busts are out
		// when it ends, after that other table's (R-TRN-7).
		if a.h4h == nil {
			a.h4h, a.h4hStacks = map[tourney.TableID][]table.ReportBust{}, map[tourney.EntryID]int64{}
		}
		a.h4h[rep.Table] = busts
		maps.Copy(a.h4hStacks, stacks)
		return
	}
	if err := a.eliminate(rep.Table, busts, stacks); err != nil {
		// Not stored: the table stays held and the report is taken in
		// again a second later (tick), so that no bust is lost.
		a.retry[rep.Table] = rep
		a.backoff[rep.Table] = a.Deps.Clock.Now().Add(time.Second)
	}
}

// eliminate takes the players busted in one hand out (R-TRN-7), pays the
// bounties (R-TRN-14) and tells the story.
func (a *Director) eliminate(tb tourney.TableID, busts []table.ReportBust, stacks map[tourney.EntryID]int64) error {
	return a.eliminateAt(tb, busts, nil, stacks)
}

// flushHandForHand takes out the players busted in the hand-for-hand
// hand every table has now played, together: busts at every table are
// ranked by the chips they started the hand with; equal chips tie and
// share their places' prizes (TDA 12, R-TRN-7).
func (a *Director) flushHandForHand() error {
	if len(a.h4h) == 0 {
		return nil
	}
	nos := make([]tourney.TableID, 0, len(a.h4h))
	for no := range a.h4h {
		nos = append(nos, no)
	}
	sort.Slice(nos, func(i, j int) bool { return nos[i] < nos[j] })
	var busts []table.ReportBust
	var tables []tourney.TableID
	for _, no := range nos {
		for _, b := range a.h4h[no] {
			busts = append(busts, b)
			tables = append(tables, no)
		}
	}
	if err := a.eliminateAt(0, busts, tables, a.h4hStacks); err != nil {
		return err
	}
	a.h4h, a.h4hStacks = nil, nil
	return nil
}

// eliminateAt takes out the players busted in one hand: at one table, or
// with tables (the table of each bust) in one hand-for-hand hand.
func (a *Director) eliminateAt(tb tourney.TableID, busts []table.ReportBust, tables []tourney.TableID, stacks map[tourney.EntryID]int64) error {
	if len(busts) >= a.Tourney.Active() && a.Tourney.State() != tourney.LateRegistration {
		// Cannot happen at a table of one tournament: someone won the pot.
		a.Deps.Log.Error("a hand busted every player left", "tourney", a.id)
		return nil
	}
	_, err := a.doThen(handOp{Table: tb, Busts: busts, Stacks: stacks, H4H: tables}, a.bountyMoves, nil,
		func(res any) { a.eliminated(busts, res.([]bountyPay)) })
	return err
}

// eliminated tells the busts of a hand and their bounties once its op is
// stored (even when reported failed: doThen), and what they lead to: the
// finish, a satellite's seats decided, hand for hand, the bubble.
func (a *Director) eliminated(busts []table.ReportBust, pays []bountyPay) {
	for _, p := range pays {
		a.news("tn.bounty", a.entryName(p.Entry), bot.Chips(p.Cash), a.entryName(p.Victim))
	}
	st := a.Tourney.Standings()
	prizes, _ := a.Tourney.Prizes()
	for _, b := range busts {
		place, kind := 0, tourney.ChipPrize
		for _, s := range st {
			if s.Entry == b.Entry {
				place = s.Place
				if seatPlace(prizes, s) {
					kind = tourney.SeatPrize
				}
			}
		}
		var prize int64
		// A flight pays no prizes; a party to a deal was paid its share
		// with the deal, not its place's prize (R-TRN-18).
		if place >= 1 && a.Tourney.State() != tourney.LateRegistration && a.finalID == 0 && !a.InDeal(b.Entry) {
			prize = a.Tourney.PrizeOf(b.Entry) // tied players share their places' prizes
		}
		switch {
		case a.Tourney.State() == tourney.LateRegistration:
			// The field can still grow: the place is not known yet.
			a.news("tn.out_late", a.entryName(b.Entry))
			if en, err := a.Tourney.Entry(b.Entry); err == nil && a.Tourney.EntriesLeft(en.Player) > 0 {
				a.privateTo(b.Entry, "tn.you_out_late", a.Name(), a.Label(), a.Tourney.EntriesLeft(en.Player))
			} else {
				a.privateTo(b.Entry, "tn.you_out_late_last", a.Name())
			}
			continue
		case prize > 0:
			a.news("tn.out_paid", a.entryName(b.Entry), place, a.wonText(a.lang(), kind, prize))
		default:
			a.news("tn.out", a.entryName(b.Entry), place)
		}
		if prize > 0 {
			a.privateTo(b.Entry, "tn.you_out_paid", a.Name(), place, a.wonText(a.playerLang(b.Entry), kind, prize))
		} else {
			a.privateTo(b.Entry, "tn.you_out", a.Name(), place)
		}
	}
	if a.Tourney.State() == tourney.Finished {
		a.finish()
		return
	}
	if !a.ending && a.Tourney.SeatsDecided() {
		// The players left each win a seat (R-TRN-15): the hands in
		// progress end, then the satellite ends by chips (tryTimedEnd).
		a.ending = true
		a.news("tn.seats_decided", a.Name(), a.Tourney.Active(), "T"+strconv.FormatInt(a.target, 10))
	}
	a.sayHandForHand()
	n := a.Tourney.Active()
	// Not when the event is ending (a satellite's seats decided by this
	// bust: its news said the players left win, and the bubble's would
	// say it again).
	if !a.bubbleSaid && !a.ending && a.Tourney.State() != tourney.LateRegistration && n <= len(prizes) && n > 1 && a.finalID == 0 && a.Shares == nil {
		a.bubbleSaid = true
		a.news("tn.bubble", a.Name(), n)
	}
	a.publishLobby()
}

func (a *Director) bountyMoves(res any) []bot.Move {
	var out []bot.Move
	for _, p := range res.([]bountyPay) {
		if p.Cash > 0 {
			out = append(out, bot.Move{From: a.Account, To: a.walletOf(p.Entry), Amount: p.Cash, Reason: "bounty", Reference: a.Ref()})
		}
	}
	return out
}

// Ref is the reference of the tournament's chip moves ("tourney:3").
func (a *Director) Ref() string { return "tourney:" + strconv.FormatInt(a.id, 10) }

// walletOf is the account an entry's winnings go to (the house for a
// practice opponent).
func (a *Director) walletOf(e tourney.EntryID) int64 {
	return a.walletOfPlayer(a.Players[e], a.bots[e])
}

// walletOfPlayer is a player's wallet; the house's for a practice
// opponent (or when the wallet cannot be read).
func (a *Director) walletOfPlayer(p bot.Player, isBot bool) int64 {
	if isBot {
		return a.house
	}
	ctx, cancel := context.WithTimeout(a.Deps.Ctx, table.OpTimeout)
	defer cancel()
	acc, err := a.env.Wallet(ctx, p, a.Comm)
	if err != nil {
		a.Deps.Log.Error("wallet of a tournament player", "tourney", a.id, "player", p.ID, "err", err)
		return a.house
	}
	return acc
}

// disqualify takes an entry out for collusion or chip dumping (R-TRN-20):
// its chips leave play, it takes no place and may not enter again. Its
// table must be between hands; otherwise it waits for that hand's end.
func (a *Director) disqualify(e tourney.EntryID) error {
	pl, seated := a.Tourney.Seating().Where(e)
	if seated && !a.held[pl.Table] {
		if a.dq == nil {
			a.dq = map[tourney.EntryID]bool{}
		}
		a.dq[e] = true
		return nil
	}
	delete(a.dq, e)
	name := a.entryName(e)
	paid := a.inTheMoney()
	if _, err := a.do(dqOp{Entry: e, Stack: a.stacks[e]}, nil, nil); err != nil {
		return err
	}
	a.news("tn.disqualified", name, a.Name())
	a.privateTo(e, "tn.you_disqualified", a.Name())
	a.tellInTheMoney(paid, false)
	if seated {
		if t := a.Tables[pl.Table]; t != nil {
			t.Tour.Direct(table.Sync{Only: true, Seats: map[int]table.SyncSeat{}, Remove: []int{int(pl.Seat) - 1}})
		}
	}
	if a.Tourney.State() == tourney.Finished {
		a.finish()
	}
	a.publishLobby()
	return nil
}

// lastHand is the number of the last hand table no reported.
func (a *Director) lastHand(no tourney.TableID) int { return a.hands[no] }
