package table

import (
	"errors"
	"slices"
	"sort"
	"strconv"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/stats"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/tourney"
)

// The game side of a table's actor: starting hands, actions, timers,
// players standing up.

func (t *Table) ref() string { return "table:" + strconv.FormatInt(t.ID, 10) }

// eligible reports whether seat i can be dealt into the next hand.
func (t *Table) eligible(i int) bool {
	s := t.Seats[i]
	if t.Tour != nil { // a tournament deals in everyone with chips (R-TRN-3: blinded away when absent)
		return s != nil && s.Stack+s.Pending > 0
	}
	return s != nil && !s.SittingOut && !s.Leaving && s.Stack+s.Pending >= t.Config.BigBlind
}

// cashSeats tells engine.NextCashHand how each seat of a cash table stands
// before the next hand.
func (t *Table) cashSeats() []engine.SeatState {
	out := make([]engine.SeatState, len(t.Seats))
	for i, s := range t.Seats {
		switch {
		case !t.eligible(i):
		case s.Post:
			out[i] = engine.SeatPosting
		case s.WaitBB:
			out[i] = engine.SeatWaiting
		default:
			out[i] = engine.SeatPlaying
		}
	}
	return out
}

// bigBlindOf returns the table seat posting the big blind in a hand dealt
// in order (clockwise from the button), or -1.
func bigBlindOf(order []int) int {
	if len(order) < 2 {
		return -1
	}
	_, bb := engine.BlindSeats(len(order), 0, false)
	return order[bb]
}

// step starts a hand when none is running and it is time, or lets a
// practice opponent (or an away or leaving player) act.
func (t *Table) step() {
	if t.paused || t.Deps.Clock.Now().Before(t.holdUntil) {
		return // fire() pokes again when the pause or the hold ends
	}
	if t.hand != nil {
		k := t.hand.ToAct()
		if k < 0 {
			return
		}
		s := t.Seats[t.order[k]]
		switch {
		case s.Bot:
			n := len(t.hand.Events())
			rnd := t.env.BotRand(t.ID, t.handNo, n)
			if d := t.Deps.Cfg.BotDelay; d > 0 {
				now := t.Deps.Clock.Now()
				if t.botAt.IsZero() || t.botN != n {
					t.botAt, t.botN = now.Add(d/2+time.Duration(rnd.Int64N(int64(d)))), n
					return
				}
				if now.Before(t.botAt) {
					return
				}
			}
			t.botAt = time.Time{}
			t.bots.Rand, t.bots.Draw = rnd, t.rules.Draw.Rules()
			a := t.bots.Act(t.hand.SnapshotFor(k), k)
			if err := t.apply(a, t.Deps.Clock.Now()); err != nil {
				t.Deps.Log.Error("practice opponent's action refused", "table", t.ID, "err", err)
			}
		case s.Away || s.quits() || s.SittingOut:
			// Not at the table for this hand (away, leaving, sat out
			// during it): acted for at once, no timer run down. A player
			// changing tables plays the hand out (seed 003 #12).
			t.leavingTurn(k)
		}
		return
	}
	if !t.nextAt.IsZero() && t.Deps.Clock.Now().Before(t.nextAt) {
		return
	}
	t.nextAt = time.Time{}
	if t.stepClosing() {
		return // no hand is dealt at a closing table
	}
	if t.IsPool() {
		t.poolStep()
		return
	}
	if m := t.Deps.Cfg.MaxHands; m > 0 && t.handNo >= m {
		return
	}
	t.startHand()
}

// startHand deals the next hand when at least two players can play.
func (t *Table) startHand() {
	if t.Tour != nil && t.Held {
		return // the director releases the next hand
	}
	if t.Tour == nil && !t.IsPool() && slices.ContainsFunc(t.Seats, func(s *Seat) bool { return s != nil && s.Leaving }) {
		// A leaver the hand's end did not stand up (that write lost, the
		// table reloaded with the seat still marked): stood up now.
		if t.standUp(); t.paused {
			return
		}
	}
	now := t.Deps.Clock.Now()
	w := &bot.TableWrite{}
	t.prepareSeats(now, w)
	dealt, tplan, torder := t.whoIsDealt()
	if len(dealt) < 2 || t.Tour == nil && !t.Deps.Cfg.BotsAlone && !t.anyPlayer(dealt) {
		// A cash table of practice opponents alone waits for a player.
		t.noHand(w)
		return
	}
	setup, order, bigBlind, ok := t.handSetup(tplan, torder)
	if !ok {
		t.storePrepared(w)
		return
	}
	h, err := engine.Start(setup)
	if err != nil {
		t.Deps.Log.Error("start hand", "table", t.ID, "err", err)
		t.storePrepared(w)
		return
	}
	prevOrder, prevSetup := t.order, t.setup
	t.order, t.setup = order, &setup
	w.NewHand = &setup
	w.Events = h.Events()
	t.setTurn(h, now, w)
	if h.Done() {
		// Nobody has a decision (every player all in on the blinds, as
		// short stacks in a tournament are): the hand ends as it starts.
		t.hand, t.handNo = h, t.handNo+1
		t.endMoves(w)
		// Stored with the hand's number and button: the hand is over in
		// this very write (a restart after it deals the next number).
		prevButton, prevBB, prevPos := t.button, t.bigBlind, t.tpos
		t.button, t.bigBlind = order[0], bigBlind
		if t.Tour != nil {
			t.tpos = tplan.Positions
			t.lastReport = t.buildReport()
		}
		t.hand = nil
		if err := t.write(w); err != nil {
			return // the store's state was reloaded (and shown, if stored)
		}
		t.handNo, t.button, t.bigBlind, t.tpos = t.handNo-1, prevButton, prevBB, prevPos // set again below
	} else if err := t.write(w); err != nil {
		// write reloaded the table from the store: the hand is there if it
		// was stored after all (its order with it), else nothing changed.
		if t.hand == nil {
			t.order, t.setup = prevOrder, prevSetup
		}
		return
	}
	// The carried pot (t.carry) stays the table's until the hand ends
	// (endMoves): stored with the seats, it keeps their sum equal to the
	// table's account at every committed point.
	t.hand, t.handID, t.button, t.handNo = h, w.HandID, order[0], t.handNo+1
	t.bigBlind, t.dealt = bigBlind, now
	if t.Tour != nil {
		t.tpos = tplan.Positions
	}
	t.version, t.last = 0, lastLines{}
	t.Deps.Metrics.Hands.Add(1)
	if h.Done() {
		t.finish()
		return
	}
	t.publish()
	t.sendCards(nil)
	t.poke()
}

// storePrepared stores what readying the seats moved (prepareSeats: a
// top-up's excess back, a practice opponent's top-up) when no hand could
// be dealt: the seats in memory hold it, the table's account must too.
func (t *Table) storePrepared(w *bot.TableWrite) {
	if len(w.Moves) > 0 || len(w.SetDeadlines) > 0 {
		_ = t.write(w) // failed: back at what the store holds
	}
}

// prepareSeats readies the seats for the next hand: chips added during
// the last one join the stacks; at a cash table practice opponents top up
// and a player short of the big blind sits out (R-SEAT-5).
func (t *Table) prepareSeats(now time.Time, w *bot.TableWrite) {
	for i, s := range t.Seats {
		if s == nil {
			continue
		}
		if s.Pending > 0 {
			add := s.Pending
			if over := s.Stack + add - t.Config.MaxBuyIn; t.Tour == nil && !s.Bot && over > 0 {
				// A top-up asked during the hand was judged on the stack
				// the hand started with: what the hand won since would
				// take it past the maximum (R-CASH-1), and goes back.
				back := min(over, add)
				add -= back
				w.Moves = append(w.Moves, bot.Move{From: t.account, To: s.Account, Amount: back, Reason: "top-up above the maximum", Reference: t.ref()})
				t.notify(s.Player, "topup.capped", bot.Chips(back), bot.Chips(t.Config.MaxBuyIn), t.Label())
			}
			s.Stack += add
			s.Pending = 0
		}
		if t.Tour != nil {
			continue
		}
		if s.Bot && s.Stack < t.Config.BigBlind && !s.Leaving {
			add := t.Config.MaxBuyIn - s.Stack
			w.Moves = append(w.Moves, bot.Move{From: t.house, To: t.account, Amount: add, Reason: "practice top-up", Reference: t.ref()})
			s.Stack += add
		}
		if !s.Bot && !s.SittingOut && !s.Leaving && s.Stack < t.Config.BigBlind { // R-SEAT-5
			s.SittingOut, s.SatOutAt, s.Short = true, now, true
			t.notify(s.Player, "table.short_stack", bot.Chips(t.Config.BigBlind), bot.Chips(t.Config.MinBuyIn-s.Stack), bot.Chips(t.Config.MaxBuyIn-s.Stack))
			t.setSitout(i, now, w)
		}
	}
}

// anyPlayer reports whether a person (not a practice opponent) is among
// the seats dealt.
func (t *Table) anyPlayer(dealt []int) bool {
	for _, i := range dealt {
		if s := t.Seats[i]; s != nil && !s.Bot {
			return true
		}
	}
	return false
}

// whoIsDealt returns the table seats dealt into the next hand (fewer than
// two: no hand) and, at a tournament table, its plan under the dead-button
// rule with its engine order.
func (t *Table) whoIsDealt() (dealt []int, tplan tourney.HandPlan, torder []int) {
	if t.Tour != nil {
		// A tournament: the dead-button rule decides who plays
		// (R-SEAT-1..3, TDA 7, 9, 31-33).
		tplan, torder, err := t.planTourneyHand()
		if err != nil {
			return nil, tplan, nil
		}
		dealt = append([]int(nil), torder...)
		sort.Ints(dealt)
		return dealt, tplan, torder
	}
	var waitingBB []int
	for i := range t.Seats {
		switch {
		case !t.eligible(i):
		case t.Seats[i].WaitBB && !t.Seats[i].Post:
			waitingBB = append(waitingBB, i)
		default:
			dealt = append(dealt, i)
		}
	}
	// A newcomer waiting for the big blind comes in when it reaches them
	// (R-SEAT-4); with fewer than two others there is no game to wait for.
	if len(dealt) < 2 {
		dealt = append(dealt, waitingBB...)
		sort.Ints(dealt)
	}
	return dealt, tplan, nil
}

// noHand is the table with nobody to deal to: what readying the seats
// moved is stored, the table shows it waits, and a tournament table is
// held again and its director told (it balances the tables).
func (t *Table) noHand(w *bot.TableWrite) {
	if len(w.Moves) > 0 || len(w.SetDeadlines) > 0 || len(t.outq) > 0 {
		if t.write(w) != nil {
			return // back at what the store holds (or paused): tried again
		}
	}
	t.publishIdle()
	if t.Tour != nil && !t.Held {
		t.Held = true
		t.Tour.Actor.Report(t.ID, *t.buildReport())
	}
}

// handSetup shuffles and sets up the next hand: its engine order of table
// seats, the big blind's seat, the seats' stacks and posts, its tag; false
// (logged) when it cannot be dealt.
func (t *Table) handSetup(tplan tourney.HandPlan, torder []int) (setup engine.Setup, order []int, bigBlind int, ok bool) {
	deck, reshuffle, err := t.dealDeck() // the committed deck mixed with the seeds (fair.go)
	if err != nil {
		t.Deps.Log.Error("shuffle", "table", t.ID, "err", err)
		return setup, nil, 0, false
	}
	var posting []int
	if t.Tour == nil {
		// Cash: the engine's one rule for the button and the blinds
		// (R-SEAT-1..4, R-CASH-4).
		plan, err := engine.NextCashHand(t.cashSeats(), t.button, t.bigBlind, deck)
		if err != nil {
			t.Deps.Log.Error("plan the hand", "table", t.ID, "err", err)
			return setup, nil, 0, false
		}
		order, posting = plan.Order, plan.Posting
	} else {
		order = torder
	}
	setup = engine.Setup{Rules: t.rules, Button: 0, Deck: deck, CarriedPot: t.carry, NoSmallBlind: tplan.SmallBlindDead,
		TwoPlayersLeft: t.Tour != nil && t.twoLeft} // R-BET-5: never at a cash table
	if t.rules.Game == engine.Draw {
		setup.ReshuffleSeed = reshuffle // the discards shuffled before they are dealt again (seed 004)
	}
	for _, i := range order {
		s := t.Seats[i]
		st := engine.Seat{Stack: s.Stack}
		if slices.Contains(posting, i) {
			st.Post = t.Config.BigBlind
		}
		s.Post, s.WaitBB, s.New, s.Played = false, false, false, true
		setup.Seats = append(setup.Seats, st)
	}
	hs := t.handTag(order)
	bigBlind = bigBlindOf(order)
	if t.Tour != nil {
		hs.Pos = &tplan.Positions
		bigBlind = int(tplan.BigBlind) - 1
	}
	setup.Tag = MustJSON(hs)
	return setup, order, bigBlind, true
}

// setTurn sets the turn deadline for whoever acts in h now, or clears it.
func (t *Table) setTurn(h *engine.Hand, now time.Time, w *bot.TableWrite) {
	t.reminded = false
	if h.Done() || h.ToAct() < 0 {
		t.turnAt, t.turnPhase = time.Time{}, ""
		w.ClearDeadlines = append(w.ClearDeadlines, t.key("turn"))
		return
	}
	t.turnAt, t.turnPhase, t.turnStart = now.Add(t.Config.Timer), "timer", now
	if s := t.Seats[t.order[h.ToAct()]]; s.Bot || s.Away {
		// A practice opponent (or an away player) acts at once, also
		// after a restart: no timer to store.
		return
	}
	t.storeTurn(h, w)
}

func (t *Table) storeTurn(h *engine.Hand, w *bot.TableWrite) {
	hand := t.handID
	if w.NewHand != nil {
		hand = 0 // set once stored; a turn of hand 0 is re-armed from the hand's state
	}
	w.SetDeadlines = append(w.SetDeadlines, bot.Deadline{Key: t.key("turn"), At: t.turnAt,
		Payload: MustJSON(turnPayload{Hand: hand, Actions: len(h.Events()), Phase: t.turnPhase, Start: t.turnStart})})
}

// apply plays a for the player to act, stores the events and only then
// shows them.
func (t *Table) apply(a engine.Action, received time.Time) error {
	return t.play(a.Seat, func() ([]engine.Event, error) { return t.hand.Apply(a) }, received, nil)
}

// play runs one step of engine seat k in the hand (act: an action, or a
// fast fold), stores its events (with what out adds to the write: a fast
// fold's chips) and only then shows them.
func (t *Table) play(k int, act func() ([]engine.Event, error), received time.Time, out func(w *bot.TableWrite)) error {
	h := t.hand
	s := t.Seats[t.order[k]]
	now := t.Deps.Clock.Now()
	prevToAct, prevStreet := h.ToAct(), h.Street()
	evs, err := act()
	if err != nil {
		return err
	}
	events := append([]engine.Event(nil), evs...)
	bank := s.Bank
	if t.turnPhase == "bank" || t.turnPhase == "clock" { // R-TIME-1: what the turn took of the bank
		s.Bank = max(0, s.Bank-max(now.Sub(t.turnStart)-t.Config.Timer, 0))
	}
	w := &bot.TableWrite{HandID: t.handID, Events: events}
	if out != nil {
		out(w)
		t.seatsDirty = true
	}
	if h.Done() {
		t.endMoves(w)
		if t.Tour != nil {
			t.lastReport = t.buildReport() // stored with the seats; load() reads it back on a failed write
		}
	}
	t.setTurn(h, now, w)
	// The seats change with an action only at the end of the hand, or when
	// a time bank was spent or a timeout count is reset.
	seats := h.Done() || s.Bank != bank || t.seatsDirty
	if err := t.commitWrite(w, seats); err != nil {
		return err // the table is back at what the store holds (or paused)
	}
	t.Deps.Metrics.Actions.Add(1)
	t.noteEvents(events)
	t.revealFolds(prevToAct, prevStreet)
	if h.Done() {
		t.finish()
	} else {
		t.publish()
		t.sendCards(events)
		t.poke()
	}
	t.Deps.Metrics.ObserveLatency(max(0, t.Deps.Clock.Now().Sub(received)))
	return nil
}

// endMoves adds what a finished hand moves on the ledger (the rake, to the
// house: R-POT-7) and the new stacks.
func (t *Table) endMoves(w *bot.TableWrite) {
	res := t.hand.Result()
	if res.Rake > 0 {
		w.Moves = append(w.Moves, bot.Move{From: t.account, To: t.house, Amount: res.Rake, Reason: "rake",
			Reference: "hand:" + strconv.FormatInt(t.handID, 10)})
	}
	for k, st := range res.Stacks {
		if s := t.Seats[t.order[k]]; s != nil && s.FastFolded {
			s.Stack = 0 // its chips behind left at its fold; the rest was in the pot
		} else if s != nil {
			s.Stack = st
		} else {
			t.Deps.Log.Error("a seat dealt in was emptied during the hand", "table", t.ID, "seat", t.order[k]+1)
		}
	}
	t.carry = res.CarryOver
	t.noteCarry(res.CarryOver, res.Won)
	w.EndHand = true
	w.Stats = t.handStats(res.Won)
}

// handStats is what the finished hand adds to its players' statistics,
// written with its end: the table holds the whole hand, so the store
// need not read it back. nil (the store reads it back) when the setup is
// not known, which does not happen.
func (t *Table) handStats(won []int64) *bot.EndedHandStats {
	if t.setup == nil {
		return nil
	}
	h, err := stats.Played(*t.setup, t.hand.Events(), won)
	if err != nil {
		// The store's read-back counts such a hand for nothing too.
		return &bot.EndedHandStats{Community: t.Comm.ID}
	}
	switch {
	case t.Tour == nil && t.Config.Anon:
		h.Kind = bot.StatsAnon // never on the leaderboard under the players' names (R-CASH-6)
	case t.Tour != nil && t.anonEvent():
		h.Kind = bot.StatsAnonTourney // pseudonyms during play (R-TRN-13): never in public statistics
	}
	return &bot.EndedHandStats{Community: t.Comm.ID, Kind: h.Kind, Players: h.Players}
}

// anonEvent reports whether the table plays an anonymous tournament
// (R-TRN-13): its players in play are seated under pseudonyms.
func (t *Table) anonEvent() bool {
	for _, s := range t.Seats {
		if s != nil && s.Alias != "" {
			return true
		}
	}
	return false
}

// finish shows a finished hand, lets the leavers go and schedules the
// next hand.
func (t *Table) finish() {
	t.summarized, t.afterHandDue = t.handNo, false
	t.publish()
	sum := t.summaryView(t.hand.SnapshotFor(-1))
	t.send(bot.Outgoing{To: t.group(), Thread: t.thread, Priority: bot.PrioritySummary, Body: sum})
	if sc := t.env.CommunityNow(t.Comm).SpectatorChat; sc != "" && t.Tour == nil {
		t.send(bot.Outgoing{To: bot.Destination{Platform: t.Comm.Platform, Chat: sc}, Priority: bot.PrioritySummary, Body: sum})
	}
	t.hand, t.setup, t.order, t.handID, t.hidden = nil, nil, nil, 0, nil
	if t.Tour != nil && t.closing {
		t.applySync(Sync{Close: true})
	} else if t.Tour != nil {
		// Hold until the director has taken the hand in (eliminations,
		// balancing, the level of the next hand).
		t.Held = true
		t.Tour.Actor.Report(t.ID, *t.lastReport)
	} else if t.IsPool() {
		t.poke() // poolStep hands the seats back to the pool at once
		return
	} else {
		t.standUp()
	}
	if t.Deps.Cfg.HandPause > 0 {
		t.nextAt = t.Deps.Clock.Now().Add(t.Deps.Cfg.HandPause)
	} else {
		t.poke()
	}
}

// standUp cashes out the players who asked to leave, and offers the seats
// freed to the waiting list.
func (t *Table) standUp() {
	now := t.Deps.Clock.Now()
	w := &bot.TableWrite{}
	n := 0
	var changes []changeReq
	for i, s := range t.Seats {
		if s != nil && s.Leaving {
			if s.ChangeTo != 0 {
				changes = append(changes, changeReq{player: s.Player, to: s.ChangeTo})
				// Stored with the standing up: a restart before the room
				// seats the player at the new table still does (seed 003 #12).
				pc := PendingChange{Player: s.Player, From: t.Label(), Lang: t.Comm.Language, To: s.ChangeTo}
				w.SetDeadlines = append(w.SetDeadlines, bot.Deadline{Key: PendingChangeKey(s.ChangeTo, s.Player.ID), At: now, Payload: MustJSON(pc)})
			}
			t.cashOut(i, now, w)
			n++
		}
	}
	if n == 0 {
		if t.keepsShown() && t.shownStored < t.summarized {
			// The summary just sent is stored sent: a restart does not
			// send it again (Restore).
			_ = t.write(w)
		}
		return
	}
	t.callWaiting(now, w)
	// A write stored but reported failed stood them up too (the table
	// reloaded shows it): the changes are made now, not at the next start.
	if err := t.write(w); err == nil || errors.Is(err, ErrStoredAfterAll) {
		for _, c := range changes {
			t.env.ChangeTable(c.player, t, c.to)
		}
		t.publishIdle()
	}
}

// cashOut stands the player at seat i up: their chips go back to their
// wallet (practice opponents' to the house), and the stack is remembered
// for ReturnWindow (R-CASH-3).
func (t *Table) cashOut(i int, now time.Time, w *bot.TableWrite) {
	s := t.Seats[i]
	if amt := s.Stack + s.Pending; amt > 0 {
		w.Moves = append(w.Moves, bot.Move{From: t.account, To: s.Account, Amount: amt, Reason: "cash-out", Reference: t.ref()})
	}
	if !s.Bot && !t.IsPool() && t.Tour == nil {
		// Every cash-out is remembered, none too: the latest stack left
		// with at the game and stakes is the one that comes back
		// (LeftAtStakes), so a bust clears an older one elsewhere.
		l := t.leftStack(s.Stack+s.Pending, now)
		t.setLeft(s.Player.ID, l)
		w.SetDeadlines = append(w.SetDeadlines, bot.Deadline{Key: t.key("left", s.Player.ID), At: l.Until, Payload: MustJSON(l)})
	}
	t.rememberBreak(s, now, w)
	t.dropSitout(i, w)
	t.Seats[i] = nil
	t.unseat = append(t.unseat, s.Player.ID)
}

// freeSeats returns the empty seats not held for a called player nor
// for a player changing here when their hand at another table ends
// (seed 003 #12, Env.ComingTo).
func (t *Table) freeSeats() int {
	n := -t.env.ComingTo(t)
	for _, s := range t.Seats {
		if s == nil {
			n++
		}
	}
	for _, w := range t.waiting {
		if !w.Called.IsZero() {
			n--
		}
	}
	return n
}

// callWaiting offers free seats to the waiting list, in order (R-CASH-2).
func (t *Table) callWaiting(now time.Time, w *bot.TableWrite) {
	for k := range t.waiting {
		if t.freeSeats() <= 0 {
			return
		}
		wt := &t.waiting[k]
		if !wt.Called.IsZero() {
			continue
		}
		wt.Called = now
		w.SetDeadlines = append(w.SetDeadlines, t.waitDeadline(*wt))
		t.notify(wt.Player, "wait.called", t.Label(), DurationText(t.Config.Window))
	}
}

func (t *Table) waitDeadline(wt waiter) bot.Deadline {
	at := wt.Since
	if !wt.Called.IsZero() {
		at = wt.Called.Add(t.Config.Window)
	}
	return bot.Deadline{Key: t.key("wait", wt.Player.ID), At: at, Payload: MustJSON(wt)}
}

func (t *Table) waitIndex(player int64) int {
	for k, w := range t.waiting {
		if w.Player.ID == player {
			return k
		}
	}
	return -1
}

// timeoutAction acts for a player whose time ran out: a check when it is
// free, else a fold (a stand-pat in the draw); two in a row sit the player
// out (R-TIME-2). A called clock folds (R-TIME-3). It also acts for a
// player who left the table during the hand (a fold on their turn) or sat
// out during it (R-CASH-4: a check when free, else a fold, at once),
// which is no timeout: neither shown nor counted as one.
func (t *Table) timeoutAction(k int, clock bool) {
	h := t.hand
	l := h.Legal()
	i := t.order[k]
	s := t.Seats[i]
	chose := s.quits() || s.SittingOut // no timeout: the player chose to go
	a := engine.Action{Seat: k, Kind: engine.Fold}
	switch {
	case l.Discard:
		a.Kind = engine.Discard
		if l.MustDiscardJoker {
			for _, c := range h.Hole(k) {
				if c.IsJoker() {
					a.Cards = []engine.Card{c}
					break
				}
			}
		}
	case l.CanCheck && !clock:
		a.Kind = engine.Check
	case t.protects(s, clock) && h.CanDeclareAllIn():
		a.Kind = engine.DeclareAllIn // all-in protection (R-TIME-2)
	}
	now := t.Deps.Clock.Now()
	if !s.Away && !chose && !s.Bot {
		t.seatsDirty = true
		s.Timeouts++
		if s.Timeouts >= 2 && t.Tour != nil {
			s.Away = true // a tournament deals the absent in and blinds them away
			t.notify(s.Player, "ttable.away")
		} else if s.Timeouts >= 2 && !s.SittingOut {
			s.SittingOut, s.SatOutAt = true, now
			t.startSitout(i, now)
			t.notify(s.Player, "time.sat_out")
		} else {
			t.notify(s.Player, "time.timed_out", actionWord(a.Kind, t.lang()))
		}
	}
	if !chose { // a player who left or sat out folds (or checks): no timeout
		t.last.add(lastLine{key: "time.ran_out", name: t.name(i)})
	}
	if err := t.apply(a, t.Deps.Clock.Now()); err != nil {
		t.Deps.Log.Error("timeout action refused", "table", t.ID, "err", err)
		return
	}
	if s.SittingOut {
		if _, ok := t.sitoutAt[i]; ok && t.Seats[i] == s {
			_ = t.write(&bot.TableWrite{SetDeadlines: []bot.Deadline{t.sitoutDeadline(i)}})
		}
	}
}

// protects reports whether the all-in protection (R-TIME-2, seed 002)
// covers seat s's timeout: a cash table with protect=on, the player's own
// timer (a called clock folds, R-TIME-3), a player present (not leaving,
// not sat out, not away after the sit-out limit, not a practice opponent).
func (t *Table) protects(s *Seat, clock bool) bool {
	return t.Config.Protect && t.Tour == nil && !clock && !s.quits() && !s.SittingOut && !s.Away && !s.Bot
}

// fire runs every deadline that has come.
func (t *Table) fire() {
	now := t.Deps.Clock.Now()
	if t.paused {
		if !t.retryAt.IsZero() && !now.Before(t.retryAt) {
			t.tryResume()
		}
		return // no timer acts on a state nobody committed
	}
	if !t.holdUntil.IsZero() && !now.Before(t.holdUntil) {
		t.holdUntil = time.Time{}
		t.poke()
	}
	if t.hand != nil && !t.turnAt.IsZero() {
		k := t.hand.ToAct()
		if k >= 0 {
			i := t.order[k]
			s := t.Seats[i]
			switch {
			case !now.Before(t.turnAt) && t.turnPhase == "timer" && s.Bank > 0:
				t.turnPhase, t.turnAt, t.reminded = "bank", t.turnAt.Add(s.Bank), true
				w := &bot.TableWrite{}
				t.storeTurn(t.hand, w)
				t.notify(s.Player, "time.bank", DurationText(s.Bank))
				if t.write(w) == nil {
					t.publish()
				}
			case !now.Before(t.turnAt):
				t.timeoutAction(k, t.turnPhase == "clock")
			case t.turnPhase == "timer" && !t.reminded && !now.Before(t.turnAt.Add(-t.reminderLead())):
				t.reminded = true
				if !s.Bot {
					t.send(t.publicNote(s.Player, tr(t.langOf(s.Player), "time.reminder", DurationText(t.turnAt.Sub(now)), t.Label())))
				}
			}
		}
	}
	if t.paused {
		return // a write above failed and the store could not be read
	}
	if !t.nextAt.IsZero() && !now.Before(t.nextAt) {
		t.nextAt = time.Time{}
		t.poke()
	}
	if !t.botAt.IsZero() && !now.Before(t.botAt) {
		t.poke()
	}
	w := &bot.TableWrite{}
	changed := t.fireSitouts(now, w)
	for k := 0; k < len(t.waiting); k++ {
		wt := t.waiting[k]
		if wt.Called.IsZero() || now.Before(wt.Called.Add(t.Config.Window)) {
			continue
		}
		// R-CASH-2 (seed 003 #6): a called player who does not answer
		// within the window is off the list (one who answers /join later
		// went to its end, waitLater).
		changed = true
		t.waiting = append(t.waiting[:k], t.waiting[k+1:]...)
		k--
		w.ClearDeadlines = append(w.ClearDeadlines, t.key("wait", wt.Player.ID))
		t.notify(wt.Player, "wait.removed", t.Label())
	}
	for p, l := range t.left {
		if !now.Before(l.Until) {
			t.dropLeft(p)
			w.ClearDeadlines = append(w.ClearDeadlines, t.key("left", p))
			changed = true
		}
	}
	changed = t.forgetBreaks(now, w) || changed
	if changed {
		t.callWaiting(now, w)
		if t.write(w) == nil {
			t.publishIdle()
			t.poke()
		}
	}
}

// handTag is the room's part of the setup of the next hand dealt to the
// table seats of order: their names and players, by engine seat.
func (t *Table) handTag(order []int) bot.HandTag {
	names := make([]string, len(order))
	players := make([]int64, len(order))
	for k, i := range order {
		names[k] = t.name(i)
		if !t.Seats[i].Bot {
			players[k] = t.Seats[i].Player.ID
		}
	}
	tag := bot.HandTag{Order: order, Number: t.handNo + 1, Button: order[0], Names: names, Players: players}
	if t.fair.hand.no == tag.Number {
		tag.Fair = t.fair.hand.tag // dealDeck's reveal, stored with the hand
	}
	return tag
}
