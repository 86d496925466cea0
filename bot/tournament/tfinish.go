package tournament

import (
	"context"
	"errors"
	"sort"
	"strconv"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
	"github.com/pokerroom/pokerroom/tourney"
)

// The end of a tournament: results and prizes, refunds, satellite
// tickets, a deal's or a timed end's shares.

// finish pays a finished tournament through the ledger: the guarantee's
// overlay from the house (R-TRN-6), the prizes by place (R-TRN-7), the
// winner's own bounty (R-TRN-14), and closes its last table.
func (a *Director) finish() {
	if a.finalID != 0 {
		a.finishFlight() // no prizes: the survivors go to the final
		return
	}
	results, err := a.Tourney.Results()
	if err != nil {
		a.Deps.Log.Error("tournament results", "tourney", a.id, "err", err)
		return
	}
	pool := a.Tourney.PrizePool()
	var moves []bot.Move
	if pool.Overlay > 0 {
		moves = append(moves, bot.Move{From: a.house, To: a.Account, Amount: pool.Overlay, Reason: "guarantee overlay", Reference: a.Ref()})
	}
	paid := int64(0)
	seats := false
	for _, res := range results {
		switch {
		case a.Windfall != nil:
			if i := res.Place - 1; i >= 0 && i < len(a.Windfall.Payouts) && a.Windfall.Payouts[i] > 0 {
				v := a.Windfall.Payouts[i]
				moves = append(moves, a.prizeMoves(res.Entry, v, "prize")...)
				paid += v
			}
		case a.Shares != nil && a.InDeal(res.Entry) && a.Kept > 0:
			// The shares were paid with the deal; the winner takes what
			// it kept in play.
			if res.Place == 1 {
				moves = append(moves, a.prizeMoves(res.Entry, a.Kept, "deal kept in play")...)
				paid += a.Kept
			}
		case a.Shares != nil && a.InDeal(res.Entry):
			if v := a.Shares[res.Entry]; v > 0 {
				reason := "timed end"
				if a.Dealt {
					reason = "deal"
				}
				moves = append(moves, a.prizeMoves(res.Entry, v, reason)...)
				paid += v
			}
		case res.Kind == tourney.SeatPrize:
			paid += res.Prize // the ticket: paid into the target when its holder is registered there
			seats = true
		case res.Prize > 0:
			moves = append(moves, a.prizeMoves(res.Entry, res.Prize, "prize")...)
			paid += res.Prize
		}
	}
	owners, ownBounty := a.ownBounties(results)
	for _, e := range owners {
		own := ownBounty[e]
		moves = append(moves, bot.Move{From: a.Account, To: a.walletOf(e), Amount: own, Reason: "own bounty", Reference: a.Ref()})
		paid += own
	}
	ctx, cancel := context.WithTimeout(a.Deps.Ctx, table.OpTimeout)
	bal, err := a.Deps.Store.Balance(ctx, a.Account)
	cancel()
	if err != nil {
		a.Deps.Log.Error("tournament balance", "tourney", a.id, "err", err)
		return
	}
	if pool.League > 0 && a.Set.League != "" { // the league's share (R-LGE-1), before a windfall's cover is counted
		if acc, err := a.leagueAccount(); err == nil {
			moves = append(moves, bot.Move{From: a.Account, To: acc, Amount: pool.League, Reason: "league share", Reference: a.Ref()})
			paid += pool.League
		} else {
			a.Deps.Log.Error("league account", "tourney", a.id, "err", err)
			return
		}
	}
	if short := paid - bal - pool.Overlay; a.Windfall != nil && short > 0 {
		// A windfall's multiplier can pass what was paid in: the house
		// covers it (and keeps what a small multiplier leaves).
		moves = append([]bot.Move{{From: a.house, To: a.Account, Amount: short, Reason: "windfall", Reference: a.Ref()}}, moves...)
		bal += short
	}
	if rest := bal + pool.Overlay - paid; rest > 0 {
		reason := "unclaimed bounties"
		if a.Windfall != nil {
			reason = "windfall"
		}
		moves = append(moves, bot.Move{From: a.Account, To: a.house, Amount: rest, Reason: reason, Reference: a.Ref()})
	}
	// A satellite ends when its tickets are all given (awardTickets).
	a.stats = a.finishStats(results, ownBounty)
	status := &bot.TourneyStatus{TourneyID: a.id, Status: "finished", Ended: !seats}
	_, _ = a.doThen(FinishOp{Points: a.leaguePoints(results)}, func(any) []bot.Move { return moves }, status,
		func(any) { a.finished(results, ownBounty, seats) })
}

// finished closes a finished tournament's tables and tells its results,
// once its finish is stored (even when it was reported failed: doThen);
// a satellite then gives its seats.
func (a *Director) finished(results []tourney.Result, ownBounty map[tourney.EntryID]int64, seats bool) {
	if a.Set.League != "" {
		a.news("tn.league", a.Name(), a.Set.League)
	}
	for no, t := range a.Tables {
		t.Tour.Direct(table.Sync{Close: true, Over: true})
		delete(a.Tables, no)
	}
	a.news("tn.results", a.Name(), a.resultsText(results, ownBounty))
	if seats {
		a.awardTickets()
	}
	a.publishLobby()
}

// ownBounties are the bounties a finished tournament pays back to the
// heads they are on (R-TRN-14): the winner's; after a deal that ends
// play, every party's. The owners are in the order they are paid.
func (a *Director) ownBounties(results []tourney.Result) ([]tourney.EntryID, map[tourney.EntryID]int64) {
	winner := tourney.EntryID(0)
	if len(results) > 0 && results[0].Place == 1 {
		winner = results[0].Entry
	}
	owners := []tourney.EntryID{winner}
	if a.Shares != nil && a.Kept == 0 { // after a deal that ends play, every party keeps the bounty on their head
		owners = owners[:0]
		for e := range a.Shares {
			owners = append(owners, e)
		}
		sort.Slice(owners, func(i, j int) bool { return owners[i] < owners[j] })
	}
	var paid []tourney.EntryID
	own := map[tourney.EntryID]int64{}
	if bs := a.Tourney.Bounties(); bs != nil {
		for _, e := range owners {
			if v := bs.Of(e); e != 0 && v > 0 {
				paid = append(paid, e)
				own[e] = v
			}
		}
	}
	return paid, own
}

// refundAll refunds every entry of a cancelled tournament: the prize and
// bounty parts from its account, the fee from the house.
func (a *Director) refundAll(key string) error {
	var moves []bot.Move
	for _, e := range a.Tourney.Entries() {
		moves = append(moves, a.refundMoves(e.ID)...)
	}
	if a.IsFinal() {
		moves = append(moves, a.finalRefund()...)
	}
	status := &bot.TourneyStatus{TourneyID: a.id, Status: "cancelled", Ended: true}
	_, err := a.doThen(FinishOp{}, func(any) []bot.Move { return moves }, status, func(any) { a.cancelled(key) })
	return err
}

// cancelled closes a cancelled tournament's tables and tells it (key),
// once its refunds are stored (even when reported failed: doThen).
func (a *Director) cancelled(key string) {
	for no, t := range a.Tables {
		t.Tour.Direct(table.Sync{Close: true, Over: true})
		delete(a.Tables, no)
	}
	a.news(key, a.Name(), a.Tourney.Active())
	a.publishLobby()
}

// refundMoves gives an entry's buy-in back: the prize part, the bounty
// still on its head (bounties already won stay won: the account holds
// exactly what is refunded), the fee from the house.
func (a *Director) refundMoves(e tourney.EntryID) []bot.Move {
	b := a.Tourney.Config().BuyIn
	if b.Freeroll() {
		return nil
	}
	w := a.walletOf(e)
	var out []bot.Move
	bounty := b.Bounty
	if bs := a.Tourney.Bounties(); bs != nil && a.Tourney.Seating() != nil {
		bounty = bs.Of(e)
	}
	if en, err := a.Tourney.Entry(e); err == nil {
		c := a.Tourney.Config()
		bounty += int64(en.Rebuys) * c.Rebuys.Price
		if en.AddOn {
			bounty += c.AddOn.Price
		}
	}
	if v := b.Prize + bounty; v > 0 {
		out = append(out, bot.Move{From: a.Account, To: w, Amount: v, Reason: "tournament refund", Reference: a.Ref()})
	}
	if b.Fee > 0 && w != a.house {
		out = append(out, bot.Move{From: a.house, To: w, Amount: b.Fee, Reason: "tournament fee refund", Reference: a.Ref()})
	}
	return out
}

// awardTickets registers each satellite seat's winner in the target
// event, the seat's value paid from the satellite's account into the
// target's (R-TRN-15). When the target cannot take them (over, full,
// already registered with an entry in play), the winner is paid the
// seat's value in chips instead, as tournament money. Each seat given is
// an op: after a restart only the others are given.
func (a *Director) awardTickets() {
	results, err := a.Tourney.Results()
	if err != nil {
		return
	}
	target := a.reg.Get(a.target)
	left := false
	for _, res := range results {
		if res.Kind != tourney.SeatPrize || a.Ticketed[res.Entry] {
			continue
		}
		p := a.Players[res.Entry]
		var moves []bot.Move
		ok := false
		if target != nil {
			ctx, cancel := context.WithTimeout(a.Deps.Ctx, table.OpTimeout)
			_, err := target.Do(ctx, Request{Cmd: bot.Command{Name: "ticket"}, Player: p, ticket: &ticketPay{from: a.Account, label: a.Label(), bot: a.bots[res.Entry]}})
			if errors.Is(err, tourney.ErrAlreadyRegistered) {
				// Registered already: by this seat when an earlier answer
				// was lost (the seat is given), or on their own money
				// (the seat is paid in chips).
				// The target's registrations this satellite paid for the
				// player, against the seats already given to them here
				// (other entries): one more means this seat's answer was
				// lost (given); none more, that this seat is theirs in
				// chips (registered on their own money, or a second seat).
				reg, sat := err, a.Label()
				given := 0
				for e := range a.given {
					if e != res.Entry && a.Players[e].ID == p.ID {
						given++
					}
				}
				_, err = target.Do(ctx, Request{Query: func() error {
					if target.ticketRegs(p.ID, sat) <= given {
						return reg
					}
					return nil
				}})
			}
			cancel()
			if bot.ErrorCode(err) == bot.EUnavailable || bot.ErrorCode(err) == bot.EBusy {
				// The target cannot answer now (its store, a full inbox):
				// the seat is given later, not paid in chips.
				left = true
				continue
			}
			ok = err == nil
			if err != nil {
				a.Deps.Log.Info("satellite seat paid in chips", "tourney", a.id, "target", a.target, "err", err)
			}
		}
		if !ok {
			moves = []bot.Move{{From: a.Account, To: a.walletOf(res.Entry), Amount: res.Prize, Reason: "seat as tournament money", Reference: a.Ref()}}
		}
		tell := func(any) { a.tellTicket(res, ok) } // also once a ticket reported failed is found stored
		if _, err := a.doThen(ticketOp{Entry: res.Entry, Given: ok}, func(any) []bot.Move { return moves }, nil, tell); err != nil {
			left = true
			continue
		}
	}
	if left {
		return
	}
	a.settle()
}

// tellTicket tells a satellite's seat given: in the target, or (ok
// false) in chips.
func (a *Director) tellTicket(res tourney.Result, ok bool) {
	if ok {
		a.news("tn.ticket", a.entryName(res.Entry), "T"+strconv.FormatInt(a.target, 10))
	} else {
		a.news("tn.ticket_money", a.entryName(res.Entry), bot.Chips(res.Prize))
	}
}

// settle stores that a finished satellite or flight gave what it owed
// (seats, qualifiers): it has ended. A failed write is tried again (tick).
func (a *Director) settle() bool {
	w := &bot.TableWrite{Status: &bot.TourneyStatus{TourneyID: a.id, Status: "finished", Ended: true}, At: a.Deps.Clock.Now()}
	ctx, cancel := context.WithTimeout(a.Deps.Ctx, table.OpTimeout)
	defer cancel()
	if err := a.Deps.Commit.Commit(ctx, w); err != nil {
		a.Deps.Log.Error("tournament end", "tourney", a.id, "err", err)
		return false
	}
	a.SeatsSettled.Store(true)
	return true
}

// ticketPay is a satellite paying an entry into this tournament.
type ticketPay struct {
	from  int64 // the satellite's account
	label string
	bot   bool
}

// ticketRegs counts the registrations (entries, in play or out) a seat of
// the satellite labelled sat paid for player.
func (a *Director) ticketRegs(player int64, sat string) int {
	n := 0
	for _, e := range a.Tourney.Entries() {
		if e.Player == tpid(player) && e.Ticket == sat {
			n++
		}
	}
	return n
}
