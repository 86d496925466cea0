package tournament

import (
	"sort"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
	"github.com/pokerroom/pokerroom/tourney"
)

// The tournament clock: what is due now (the timetable of package
// tourney) and applying it: registration, late registration, rebuy
// windows, the start, levels, a timed end.

// tick does what is due now.
func (a *Director) tick() {
	now := a.Deps.Clock.Now()
	if a.stale {
		if !now.Before(a.retryAt) {
			a.tryFresh()
		}
		return
	}
	if !a.Over { // a payout or a refund whose write failed: again
		switch a.Tourney.State() {
		case tourney.Finished:
			a.finish()
		case tourney.Cancelled:
			_ = a.refundAll("tn.cancelled")
		}
	} else if a.Tourney.State() == tourney.Finished && a.target != 0 && !a.SeatsSettled.Load() {
		a.awardTickets() // tickets not given yet (a failed write, a restart)
	} else if a.Tourney.State() == tourney.Finished && a.finalID != 0 && !a.SeatsSettled.Load() {
		a.carryToFinal() // qualifiers not taken in yet
	}
	if a.runTimetable(now) || !a.running() {
		return
	}
	for no, rep := range a.retry {
		if !now.Before(a.backoff[no]) {
			delete(a.retry, no)
			a.onReport(rep)
		}
	}
	if !a.running() {
		return
	}
	a.expireBusts(now)
	if a.proposal != nil && !now.Before(a.proposal.until) {
		a.proposal = nil
		a.news("tn.deal_expired", a.Name())
	}
	a.releaseHeld()
}

// timetable is the tournament's calendar, for the pure clock rules.
func (a *Director) timetable() tourney.Timetable {
	cfg := a.Tourney.Config()
	return tourney.Timetable{Kind: cfg.Kind, OpenAt: a.Set.OpenAt, CloseAt: a.Set.CloseAt, StartAt: cfg.StartAt,
		LateLevels: a.Set.LateLevels, RebuyLevels: a.Set.RebuyLevels, Rebuys: cfg.Rebuys.Limit > 0}
}

// progress is what the director has done, for the pure clock rules.
func (a *Director) progress() tourney.Progress {
	return tourney.Progress{State: a.Tourney.State(), CloseDone: a.closeDone, Announced: a.announced,
		RebuysOpen: a.Tourney.RebuysOpen(), AddOnOpen: a.addOnOpen, Paused: a.paused(), Ending: a.ending}
}

// runTimetable does what the calendar and the level clock make due at
// now (tourney.Timetable.Due decides, this applies and announces), and
// asks again after a change of state (an opening or a start makes the
// next steps due). It reports whether the tournament finished in it.
func (a *Director) runTimetable(now time.Time) (finished bool) {
	for range 3 {
		from := a.Tourney.State()
		level := false
		for _, d := range a.timetable().Due(now, a.clock(), a.progress()) {
			a.applyDue(d, now)
			if st := a.Tourney.State(); st == tourney.Finished || st == tourney.Cancelled {
				// Over with this step (late registration ended with one
				// player left, a start under the minimum): what was due
				// with it is not.
				return true
			}
			level = level || d.Kind == tourney.DueLevel
		}
		if level {
			a.publishLobby()
		}
		if a.Tourney.State() == from {
			break
		}
	}
	return false
}

// applyDue applies one step of the clock.
func (a *Director) applyDue(d tourney.Due, now time.Time) {
	st := d.Clock
	switch d.Kind {
	case tourney.DueOpen:
		if _, err := a.do(openOp{}, nil, nil); err == nil {
			a.news("tn.open", a.Name(), a.Label())
			a.publishLobby()
		}
	case tourney.DueClose:
		a.closeRegistration() // close=: its time has come
	case tourney.DueStart:
		if n := a.finalWaits(); n > 0 {
			if !a.waitSaid {
				a.waitSaid = true
				a.news("tn.final_waits", a.Name(), n)
			}
		} else {
			a.start(now)
		}
	case tourney.DueTimeUp:
		a.ending = true
		a.news("tn.time_up", a.Name())
	case tourney.DueLevel:
		// Told also once a level reported failed is found stored.
		_, _ = a.doThen(levelOp{Level: st.Index}, nil, nil, func(any) {
			if st.OnBreak {
				a.news("tn.break", a.Name(), table.DurationText(st.Level.Duration))
			} else {
				key := "tn.level" + table.AnteKey(int64(st.Level.Ante), st.Level.BigBlindAnte)
				a.news(key, a.Name(), st.Number, bot.Chips(st.Level.SmallBlind), bot.Chips(st.Level.BigBlind), bot.Chips(st.Level.Ante))
			}
		})
	case tourney.DueRebuyEnd:
		_, _ = a.doThen(rebuyEndOp{}, nil, nil, func(any) {
			a.news("tn.rebuy_end", a.Name())
			if a.addOnOpen {
				c := a.Tourney.Config().AddOn
				a.news("tn.addon_open", a.Name(), bot.Chips(c.Stack), bot.Chips(c.Price))
			}
		})
	case tourney.DueAddOnEnd:
		_, _ = a.doThen(addOnEndOp{}, nil, nil, func(any) { a.news("tn.addon_end", a.Name()) })
	case tourney.DueLateEnd:
		_ = a.endLate() // a failed write pauses the director (do)
	}
}

// closeRegistration closes registration before the start (it can be
// opened again with /tourney open), or ends late registration
// (/tourney close, or the close= time).
func (a *Director) closeRegistration() error {
	switch a.Tourney.State() {
	case tourney.RegistrationOpen:
		if a.regClosed {
			return bot.Errorf(bot.EInvalid, "tourney.reg_closed", a.Label())
		}
		// Told once stored, also when the answer was lost with the
		// database and a rebuild finds it made (doThen).
		if _, err := a.doThen(closeOp{}, nil, nil, func(any) { a.news("tn.reg_closed", a.Name()) }); err != nil {
			return err
		}
	case tourney.LateRegistration:
		if err := a.endLate(); err != nil {
			return err
		}
	default:
		return &tourney.StateError{Op: "close registration", State: a.Tourney.State()}
	}
	a.publishLobby()
	return nil
}

// endLate ends late registration (its levels are over, or close=, or
// /tourney close) and tells it; a field down to one player then ends.
func (a *Director) endLate() error {
	_, err := a.doThen(lateEndOp{}, nil, nil, func(any) { a.lateEnded() })
	return err
}

// lateEnded tells late registration over, and the players already out
// now in the money, once its op is stored (even when reported failed:
// doThen).
func (a *Director) lateEnded() {
	a.news("tn.late_end", a.Name(), a.Tourney.Active(), bot.Chips(a.Tourney.PrizePool().Total))
	a.tellInTheMoney(nil, true)
	if a.addOnOpen {
		c := a.Tourney.Config().AddOn
		a.news("tn.addon_open", a.Name(), bot.Chips(c.Stack), bot.Chips(c.Price))
	}
	if a.Tourney.State() == tourney.Finished {
		a.finish()
	}
}

// expireBusts eliminates the busted players whose time to rebuy is over,
// or who can rebuy no more.
func (a *Director) expireBusts(now time.Time) {
	byTable := map[tourney.TableID][]table.ReportBust{}
	for e, p := range a.pending {
		if !a.clock().BustStands(now, p.At, a.Tourney.RebuysOpen()) {
			continue
		}
		delete(a.pending, e)
		byTable[p.Table] = append(byTable[p.Table], p.Bust)
	}
	nos := make([]tourney.TableID, 0, len(byTable))
	for no := range byTable {
		nos = append(nos, no)
	}
	sort.Slice(nos, func(i, j int) bool { return nos[i] < nos[j] })
	for _, no := range nos {
		bs := byTable[no]
		sort.Slice(bs, func(i, j int) bool { return bs[i].Entry < bs[j].Entry })
		if err := a.eliminate(no, bs, nil); err != nil {
			// Not stored: the busts wait a second and are tried again.
			for _, b := range bs {
				a.pending[b.Entry] = pendingBust{Table: no, Bust: b, At: now.Add(time.Second - tourney.RebuyWindow)}
			}
			continue
		}
		if a.Over || a.Tourney.State() == tourney.Finished {
			return
		}
	}
}

// rebuysLeft reports whether entry e may still rebuy.
func (a *Director) rebuysLeft(e tourney.EntryID) bool {
	r := a.Tourney.Config().Rebuys
	if !a.Tourney.RebuysOpen() || r.Limit == 0 {
		return false
	}
	en, err := a.Tourney.Entry(e)
	return err == nil && (r.Limit == tourney.Unlimited || en.Rebuys < r.Limit)
}

// start starts the tournament: the draw, the tables, the first hands. A
// scheduled event under its minimum is cancelled and refunded (R-TRN-1).
func (a *Director) start(now time.Time) error {
	if _, err := a.do(startOp{Seed: a.seed(), At: now, Rule: seatingRule}, nil, nil); err != nil {
		return err
	}
	if a.Tourney.State() == tourney.Cancelled {
		return a.refundAll("tn.cancel_min")
	}
	if a.Set.Windfall && a.Windfall == nil {
		res, err := a.do(windfallOp{Seed: a.seed()}, nil, nil)
		if err != nil {
			return err
		}
		w := res.(tourney.WindfallOutcome)
		a.news("tn.windfall", a.Name(), w.Multiplier, bot.Chips(w.Pool))
	}
	if err := a.ensureTables(); err != nil {
		return err
	}
	a.news("tn.start", a.Name(), a.Tourney.Active(), len(a.Tourney.Seating().Tables), bot.Chips(a.poolTotal()))
	for _, tb := range a.Tourney.Seating().Tables {
		for _, e := range tb.Seats {
			if e != 0 {
				a.tellSeat(e, tb.ID, 0)
			}
		}
	}
	a.tick()
	a.publishLobby()
	return nil
}

// tryTimedEnd ends a timed tournament once every table has finished its
// hand: the players still in are placed by their chips and paid by ICM on
// their stacks, tickets kept out of the split and given to the largest
// stacks (R-TRN-12).
func (a *Director) tryTimedEnd() {
	if !a.allHeld() {
		return
	}
	rem, ids := a.remaining()
	if a.finalID != 0 { // a flight (R-TRN-16): no prizes, the survivors qualify
		stacks := map[tourney.EntryID]int64{}
		for i, e := range ids {
			stacks[e] = rem[i].Stack
		}
		level := max(a.clock().At(a.Deps.Clock.Now()).Number, 1)
		if _, err := a.do(timedEndOp{Stacks: stacks, Level: level}, nil, nil); err != nil {
			return
		}
		a.finish()
		return
	}
	prizes, err := a.Tourney.Prizes()
	if err != nil {
		a.Deps.Log.Error("timed end", "tourney", a.id, "err", err)
		return
	}
	if len(prizes) > len(rem) {
		prizes = prizes[:len(rem)]
	}
	awards, err := tourney.TimedEnd(rem, prizes, rngFrom(a.seed()))
	if err != nil {
		a.Deps.Log.Error("timed end", "tourney", a.id, "err", err)
		return
	}
	stacks, shares := map[tourney.EntryID]int64{}, map[tourney.EntryID]int64{}
	for i, e := range ids {
		stacks[e] = rem[i].Stack
		if awards[i].Prize.Kind == tourney.ChipPrize {
			shares[e] = awards[i].Prize.Chips
		}
	}
	if _, err := a.do(timedEndOp{Stacks: stacks, Shares: shares}, nil, nil); err != nil {
		return
	}
	a.finish()
}
