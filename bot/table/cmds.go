package table

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/tourney"
)

// The commands a table runs besides a player's action in the hand (which
// actor.go reads): taking and leaving a seat, sitting out and back,
// topping up, the player's cards, the clock, the hand history.

// join seats the player, or puts them on the waiting list.
func (t *Table) join(req Request) (bot.Reply, error) {
	p := req.Player
	lang := t.lang()
	if t.seatOf(p.ID) >= 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "join.already", t.Label())
	}
	var words []string // "1 000": the words of one amount (bot.ParseChipsIn)
	post, later := false, false
	wantSeat := -1
	for _, a := range req.Cmd.Args {
		switch la := strings.ToLower(a); {
		case la == "later":
			later = true
		case la == "post":
			post = true
		case la == "wait":
			post = false
		case strings.HasPrefix(la, "seat="):
			n, err := strconv.Atoi(la[5:])
			if err != nil || n < 1 || n > len(t.Seats) {
				return bot.Reply{}, bot.Errorf(bot.EInvalid, "join.bad_seat", a, len(t.Seats))
			}
			wantSeat = n - 1
		default:
			words = append(words, a)
		}
	}
	amountArg := strings.Join(words, " ")
	wi := t.waitIndex(p.ID)
	called := wi >= 0 && !t.waiting[wi].Called.IsZero()
	if later {
		if req.check != nil {
			return bot.Reply{}, nil // a table change's dry run: not a seat
		}
		return t.waitLater(req, wi, called)
	}
	free := t.freeSeats()
	if called {
		free++
	}
	if free <= 0 {
		if req.check != nil {
			return bot.Reply{}, nil // the player would wait: no change now
		}
		if wi >= 0 {
			return bot.Reply{Private: true, Text: tr(t.langReq(req), "wait.position", wi+1, t.Label())}, nil
		}
		now := t.Deps.Clock.Now()
		wt := waiter{Player: p, Since: now}
		t.waiting = append(t.waiting, wt)
		w := &bot.TableWrite{SetDeadlines: []bot.Deadline{t.waitDeadline(wt)}}
		t.freeAway(now, w)
		t.callWaiting(now, w)
		if err := t.write(w); err != nil {
			return bot.Reply{}, err
		}
		return bot.Reply{Text: tr(lang, "wait.added", t.name2(p), t.Label(), len(t.waiting))}, nil
	}
	acc, amount, i, err := t.buyIn(req, amountArg, wantSeat)
	if err != nil {
		return bot.Reply{}, err
	}
	if req.check != nil {
		req.check.seated = true
		return bot.Reply{}, nil
	}
	s := &Seat{Player: p, Account: acc, Stack: amount, Bank: t.Config.Bank, Since: t.handNo + 1}
	// R-SEAT-4: with a game on, a newcomer posts a big blind or waits for it.
	playing := 0
	for k := range t.Seats {
		if t.eligible(k) {
			playing++
		}
	}
	if playing >= 2 && !t.Config.NoBlinds() { // a jack-pot draw table has no big blind to wait for
		s.WaitBB, s.Post = !post, post
	}
	t.Seats[i] = s
	w := &bot.TableWrite{Moves: []bot.Move{{From: acc, To: t.account, Amount: amount, Reason: "buy-in", Reference: t.ref()}}}
	if wi >= 0 {
		t.waiting = append(t.waiting[:wi], t.waiting[wi+1:]...)
		w.ClearDeadlines = append(w.ClearDeadlines, t.key("wait", p.ID))
	}
	if _, ok := t.left[p.ID]; ok {
		w.ClearDeadlines = append(w.ClearDeadlines, t.key("left", p.ID))
	}
	t.takeBreak(s, w)
	if err := t.write(w); err != nil {
		return bot.Reply{}, err
	}
	t.dropLeft(p.ID)
	delete(t.breaks, p.ID)
	t.env.SetSeated(p.ID, t.ID, true)
	t.publishIdle()
	t.poke()
	key := "join.seated"
	switch {
	case s.WaitBB:
		key = "join.seated_wait"
	case s.Post:
		key = "join.seated_post"
	}
	return bot.Reply{Text: tr(lang, key, t.name(i), i+1, t.Label(), bot.Chips(amount))}, nil
}

// name2 is how a player not (yet) seated is shown.
func (t *Table) name2(p bot.Player) string {
	if t.Config.Anon {
		return "Anonym"
	}
	return p.DisplayName
}

// buyIn checks a join's buy-in: the player's wallet account, the amount
// (amountArg, or the default: the stack left with, else the most the
// wallet allows) and the seat (wantSeat, or the first free one). A table
// change's dry run (req.check) counts the stack brought from the old
// table as left with now and as in the wallet.
func (t *Table) buyIn(req Request, amountArg string, wantSeat int) (acc, amount int64, seat int, err error) {
	p := req.Player
	ctx, cancel := context.WithTimeout(req.ctx, OpTimeout)
	defer cancel()
	if acc, err = t.env.Wallet(ctx, p, t.Comm); err != nil {
		return 0, 0, 0, err
	}
	bal, err := t.Deps.Store.Balance(ctx, acc)
	if err != nil {
		return 0, 0, 0, err
	}
	lo, hi := t.Config.MinBuyIn, t.Config.MaxBuyIn
	// R-CASH-3: the stack left with, at this table or another of its game
	// and stakes, comes back.
	left, hasLeft := t.env.LeftAtStakes(t, p.ID)
	if c := req.check; c != nil { // what the player would leave the old table with, now: the latest
		left, hasLeft = LeftStack{Stack: c.stack, Until: t.Deps.Clock.Now().Add(ReturnWindow), Table: c.from}, true
		bal += c.stack
	}
	if hasLeft && left.Stack > lo {
		lo, hi = left.Stack, max(hi, left.Stack)
	}
	amount = min(hi, bal)
	if amountArg != "" {
		if amount, err = bot.ParseChipsArg(amountArg, t.lang()); err != nil {
			return 0, 0, 0, err
		}
	} else if hasLeft && left.Stack > t.Config.MinBuyIn {
		amount = left.Stack
	} else if bal < lo {
		amount = lo // the least the table takes, more than the wallet holds: said so (join.funds)
	}
	if err := t.checkBuyIn(amount, lo, hi, left, hasLeft); err != nil {
		return 0, 0, 0, err
	}
	if amount > bal {
		return 0, 0, 0, bot.Errorf(bot.EInvalid, "join.funds", bot.Chips(amount), bot.Chips(bal))
	}
	for k, s := range t.Seats {
		if s == nil && (wantSeat < 0 || wantSeat == k) {
			return acc, amount, k, nil
		}
	}
	return 0, 0, 0, bot.Errorf(bot.EInvalid, "join.seat_taken", wantSeat+1)
}

// checkBuyIn refuses a buy-in outside lo..hi: below the stack left (at
// this table or another of its game and stakes) less than 15 minutes ago
// with that rule (R-CASH-3), else with the range.
func (t *Table) checkBuyIn(amount, lo, hi int64, left LeftStack, hasLeft bool) error {
	if hasLeft && amount < lo && lo == left.Stack {
		return bot.Errorf(bot.EInvalid, "join.rathole", "#"+strconv.FormatInt(left.Table, 10), bot.Chips(left.Stack), left.Until.UTC().Format("15:04"),
			bot.Chips(t.Config.MinBuyIn), bot.Chips(t.Config.MaxBuyIn))
	}
	if amount < lo || amount > hi {
		return bot.Errorf(bot.EInvalid, "join.range", bot.Chips(lo), bot.Chips(hi))
	}
	return nil
}

func (t *Table) leave(req Request) (bot.Reply, error) {
	lang := t.lang()
	i := t.seatOf(req.Player.ID)
	if i < 0 {
		if wi := t.waitIndex(req.Player.ID); wi >= 0 {
			t.waiting = append(t.waiting[:wi], t.waiting[wi+1:]...)
			w := &bot.TableWrite{ClearDeadlines: []string{t.key("wait", req.Player.ID)}}
			t.callWaiting(t.Deps.Clock.Now(), w) // a seat held for this player goes to the next (R-CASH-2)
			if err := t.write(w); err != nil {
				return bot.Reply{}, err
			}
			t.publishIdle()
			return bot.Reply{Private: true, Text: tr(t.langReq(req), "wait.left", t.Label())}, nil
		}
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "table.not_seated", t.Label())
	}
	s := t.Seats[i]
	if t.dealtIn(i) {
		// A table change asked before is given up: the player leaves
		// (the later request wins), stored with the leaving mark.
		s.ChangeTo = 0
		name := t.name(i) // the fold may end the hand and stand the player up
		if k := t.engineSeat(i); t.hand.ToAct() == k {
			// A fold (not a timeout: it counts toward no sit-out), stored
			// with the seats: the hand may go on, and a restart before
			// it ends must still stand the player up.
			s.Leaving, t.seatsDirty = true, true
			t.timeoutAction(k, true)
			return bot.Reply{Text: tr(lang, "leave.now", name, t.Label())}, nil
		}
		if err := t.markLeaving(s); err != nil {
			return bot.Reply{}, err
		}
		return bot.Reply{Private: true, Text: tr(t.langReq(req), "leave.after_hand")}, nil
	}
	name, stack := t.name(i), s.Stack+s.Pending
	w := &bot.TableWrite{}
	t.cashOut(i, t.Deps.Clock.Now(), w)
	t.callWaiting(t.Deps.Clock.Now(), w)
	if err := t.write(w); err != nil {
		return bot.Reply{}, err
	}
	t.publishIdle()
	return bot.Reply{Text: tr(lang, "leave.done", name, t.Label(), bot.Chips(stack))}, nil
}

// markLeaving marks seat s leaving during its hand (Seat.Leaving) and
// stores the mark with the seats: a restart keeps it, and the hand's end
// stands the player up (a pool seat: hands it back cashed out). A failed
// write leaves the table at what the store holds.
func (t *Table) markLeaving(s *Seat) error {
	s.Leaving = true
	if err := t.write(&bot.TableWrite{}); err != nil {
		s.Leaving = false
		return err
	}
	return nil
}

func (t *Table) sitOut(req Request) (bot.Reply, error) {
	i := t.seatOf(req.Player.ID)
	if i < 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "table.not_seated", t.Label())
	}
	s := t.Seats[i]
	if s.SittingOut {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "sitout.already")
	}
	now := t.Deps.Clock.Now()
	if err := t.mayBreak(i, now); err != nil {
		return bot.Reply{}, err
	}
	s.SittingOut, s.SatOutAt, s.Away, s.Break = true, now, false, now
	w := &bot.TableWrite{}
	t.setSitout(i, now, w)
	if err := t.write(w); err != nil {
		return bot.Reply{}, err
	}
	t.publishIdle()
	t.poke() // on the player's turn in a hand: checked or folded now (step), not when the timer runs out
	return bot.Reply{Text: tr(t.lang(), "sitout.done", t.name(i), DurationText(t.Config.SitOut+SitOutGrace))}, nil
}

// awayTourney marks a tournament player away: dealt in, and folded (or
// checked) at once, until /back.
func (t *Table) awayTourney(req Request) (bot.Reply, error) {
	i := t.seatOf(req.Player.ID)
	if i < 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "table.not_seated", t.Label())
	}
	s := t.Seats[i]
	if s.Away {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "sitout.already")
	}
	s.Away = true
	if err := t.write(&bot.TableWrite{}); err != nil {
		return bot.Reply{}, err
	}
	t.publishIdle()
	t.poke()
	return bot.Reply{Text: tr(t.lang(), "ttable.away_done", t.name(i))}, nil
}

func (t *Table) back(req Request) (bot.Reply, error) {
	i := t.seatOf(req.Player.ID)
	if i < 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "table.not_seated", t.Label())
	}
	s := t.Seats[i]
	if !s.SittingOut && !s.Away {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "back.not_out")
	}
	if s.Stack+s.Pending < t.Config.BigBlind && t.Tour == nil {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "back.short", bot.Chips(t.Config.BigBlind), bot.Chips(t.Config.MinBuyIn-s.Stack-s.Pending))
	}
	w := &bot.TableWrite{}
	t.comeBack(i, w)
	if err := t.write(w); err != nil {
		return bot.Reply{}, err
	}
	t.publishIdle()
	t.poke()
	return bot.Reply{Text: tr(t.lang(), "back.done", t.name(i))}, nil
}

// comeBack deals seat i in again from the next hand (/back, or a top-up
// after a short stack): its sit-out ends and its deadline goes.
func (t *Table) comeBack(i int, w *bot.TableWrite) {
	s := t.Seats[i]
	s.SittingOut, s.Away, s.Short, s.Timeouts = false, false, false, 0
	t.dropSitout(i, w)
}

// topUp adds chips from the wallet: the stack after it at least the
// minimum buy-in and at most the maximum (R-CASH-1); during a hand the
// chips join the stack before the next one.
func (t *Table) topUp(req Request) (bot.Reply, error) {
	i := t.seatOf(req.Player.ID)
	if i < 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "table.not_seated", t.Label())
	}
	s := t.Seats[i]
	atMax := s.Stack+s.Pending >= t.Config.MaxBuyIn
	if len(req.Cmd.Args) == 0 && !atMax {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "topup.usage", bot.Chips(t.Config.MaxBuyIn-s.Stack-s.Pending))
	}
	var n int64
	if len(req.Cmd.Args) > 0 {
		var err error
		if n, err = bot.ParseChipsArg(strings.Join(req.Cmd.Args, " "), t.lang()); err != nil { // "1 000" too
			return bot.Reply{}, err
		}
	}
	if atMax {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "topup.at_max", bot.Chips(t.Config.MaxBuyIn))
	}
	after := s.Stack + s.Pending + n
	if lo, hi := t.Config.MinBuyIn-s.Stack-s.Pending, t.Config.MaxBuyIn-s.Stack-s.Pending; after < t.Config.MinBuyIn || after > t.Config.MaxBuyIn {
		if lo <= 1 { // no least to say: only too much
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "topup.too_much", bot.Chips(hi), bot.Chips(t.Config.MaxBuyIn))
		}
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "topup.range", bot.Chips(lo), bot.Chips(hi))
	}
	ctx, cancel := context.WithTimeout(req.ctx, OpTimeout)
	defer cancel()
	bal, err := t.Deps.Store.Balance(ctx, s.Account)
	if err != nil {
		return bot.Reply{}, err
	}
	if n > bal {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "join.funds", bot.Chips(n), bot.Chips(bal))
	}
	if t.dealtIn(i) {
		s.Pending += n
	} else {
		s.Stack += n
	}
	w := &bot.TableWrite{Moves: []bot.Move{{From: s.Account, To: t.account, Amount: n, Reason: "top-up", Reference: t.ref()}}}
	back := s.Short && t.Tour == nil // sat out "until /topup" (R-SEAT-5)
	if back {
		t.comeBack(i, w)
	}
	if err := t.write(w); err != nil {
		return bot.Reply{}, err
	}
	t.publishIdle()
	t.poke()
	key := "topup.done"
	if s.Pending > 0 { // added during the hand: in play from the next one
		key = "topup.done_pending"
	}
	return bot.Reply{Text: tr(t.lang(), key, t.name(i), bot.Chips(n), bot.Chips(s.Stack+s.Pending))}, nil
}

// cards answers a player's hole cards, privately.
func (t *Table) cards(req Request) (bot.Reply, error) {
	i := t.seatOf(req.Player.ID)
	if i < 0 || t.hand == nil {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "cards.none")
	}
	k := t.engineSeat(i)
	if k < 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "cards.none")
	}
	return bot.Reply{Private: true, Text: t.cardsText(k, t.langReq(req))}, nil
}

// callClock gives the acting player a short countdown (R-TIME-3).
func (t *Table) callClock(req Request) (bot.Reply, error) {
	i := t.seatOf(req.Player.ID)
	if i < 0 && !(req.InEvent && t.Tour != nil) {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "table.not_seated", t.Label())
	}
	if t.hand == nil || t.hand.ToAct() < 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "action.no_hand")
	}
	// Seed 003 #19: at a cash table, a player who has been dealt a hand
	// here and has chips on the table.
	if t.Tour == nil && i >= 0 && (!t.Seats[i].Played || t.Seats[i].Stack+t.Seats[i].Pending == 0) {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "clock.not_played", t.Label())
	}
	k := t.hand.ToAct()
	j := t.order[k]
	switch {
	case j == i:
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "clock.self")
	case t.turnPhase == "clock":
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "clock.already")
	}
	now := t.Deps.Clock.Now()
	// The player's time anyway: what is left of the timer and the bank
	// still to come, or what is left of the bank (R-TIME-3).
	var bank time.Duration
	if t.turnPhase == "timer" {
		bank = t.Seats[j].Bank
	}
	countdown, ok := engine.ClockCountdown(t.turnAt.Sub(now), bank, t.Config.Clock)
	if !ok {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "clock.soon", countdown.Round(time.Second))
	}
	t.turnAt, t.turnPhase, t.reminded = now.Add(countdown), "clock", true
	w := &bot.TableWrite{}
	t.storeTurn(t.hand, w)
	if err := t.write(w); err != nil {
		return bot.Reply{}, err
	}
	if s := t.Seats[j]; !s.Bot {
		t.send(t.publicNote(s.Player, tr(t.langOf(s.Player), "clock.you", DurationText(t.Config.Clock), t.Label())))
	}
	t.publish()
	caller := req.Player.DisplayName // a player of the event at another table
	if i >= 0 {
		caller = t.name(i)
	} else if t.Config.Anon || t.Seats[j].Alias != "" { // an anonymous event: no name
		caller = tr(t.lang(), "clock.someone")
	}
	return bot.Reply{Text: tr(t.lang(), "clock.called", caller, t.name(j), DurationText(t.Config.Clock))}, nil
}

// consult spends a pair's consultation at a pairs tournament's final
// table (R-TRN-19): on their turn, a minute more to decide with the
// partner, who is shown the hand; when it runs out the hand is folded.
func (t *Table) consult(req Request) (bot.Reply, error) {
	i := t.seatOf(req.Player.ID)
	if i < 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "table.not_seated", t.Label())
	}
	s := t.Seats[i]
	switch s.Consult {
	case consultNone:
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "consult.none")
	case consultUsed:
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "consult.used")
	}
	k := t.engineSeat(i)
	if t.hand == nil || k < 0 || t.hand.ToAct() != k {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "consult.not_turn")
	}
	t.turnAt, t.reminded = t.turnAt.Add(tourney.ConsultationTime), false
	s.Consult = consultUsed
	w := &bot.TableWrite{}
	t.storeTurn(t.hand, w)
	if err := t.write(w); err != nil {
		return bot.Reply{}, err
	}
	if p := s.Partner; p != nil {
		t.send(t.private(*p, tr(t.langOf(*p), "consult.partner", s.Player.DisplayName, t.Label(), engine.FormatSymbols(t.hand.Hole(k)), DurationText(tourney.ConsultationTime))))
	}
	t.publish()
	return bot.Reply{Text: tr(t.lang(), "consult.done", t.name(i), DurationText(tourney.ConsultationTime))}, nil
}

// BotNames are the practice opponents' names.
var BotNames = []string{"Alba", "Bruno", "Carla", "Dario", "Elena", "Fede", "Gala", "Hugo", "Iris", "Jon"}

// maxHistory is the most hands /history shows (/export sends them all).
const maxHistory = 20

func (t *Table) historyReply(req Request) (bot.Reply, error) {
	n, err := HistoryCount(req.Cmd.Args)
	if err != nil {
		return bot.Reply{}, err
	}
	ctx, cancel := context.WithTimeout(req.ctx, OpTimeout)
	defer cancel()
	recs, err := t.Deps.Store.RecentHands(ctx, t.ID, n)
	if err != nil {
		return bot.Reply{}, err
	}
	if len(recs) == 0 {
		return bot.Reply{Private: true, Text: tr(t.langReq(req), "history.none", t.Label())}, nil
	}
	return bot.Reply{Private: true, Text: HistoryOf(recs, func(bot.HandRecord) *Table { return t }, req.Player.ID, t.langReq(req), t.Deps.Log)}, nil
}

// HistoryOf tells player's stored hands recs (newest first), each at the
// table tableOf gives for it, as /history does: oldest first, the most
// recent that fit in one message, saying when older ones were left out.
// A hand that cannot be read is logged to log and left out.
func HistoryOf(recs []bot.HandRecord, tableOf func(bot.HandRecord) *Table, player int64, lang string, log *slog.Logger) string {
	var parts []string
	size, more := 0, false
	for _, rec := range recs { // newest first: the most recent fit
		text, err := tableOf(rec).historyText(rec, player, lang)
		if err != nil {
			log.Error("history: a stored hand cannot be read", "hand", rec.ID, "err", err)
			continue
		}
		if size+len(text) > historyMax && len(parts) > 0 {
			more = true
			break
		}
		size += len(text) + 2
		parts = append(parts, text)
	}
	slices.Reverse(parts) // oldest first
	if more {
		parts = append([]string{tr(lang, "history.more")}, parts...)
	}
	return strings.Join(parts, "\n\n")
}

// HistoryCount is the number of hands /history [n] asks for, from its
// arguments (3 when none), or its usage.
func HistoryCount(args []string) (int, error) {
	if len(args) == 0 {
		return 3, nil
	}
	v, err := strconv.Atoi(args[0])
	if err != nil || v < 1 || v > maxHistory {
		return 0, bot.Errorf(bot.EInvalid, "history.usage", maxHistory)
	}
	return v, nil
}

// pastSummary renders a finished hand from the store, as its summary
// showed it.
func (t *Table) pastSummary(rec bot.HandRecord) (bot.View, error) {
	h, err := engine.Resume(rec.Setup, rec.Events)
	if err != nil {
		return bot.View{}, err
	}
	var hs bot.HandTag
	if err := json.Unmarshal([]byte(rec.Setup.Tag), &hs); err != nil {
		return bot.View{}, err
	}
	names := hs.Names
	if len(names) != len(rec.Setup.Seats) {
		names = make([]string, len(rec.Setup.Seats))
		for k := range names {
			names[k] = fmt.Sprintf("%d", k+1)
		}
	}
	snap := h.Snapshot()
	fh := fairOf(rec, hs)
	return renderSummary(summaryScene{Lang: t.lang(), Label: t.Label(), Title: t.Title(), HandNo: hs.Number,
		Snap: snap.For(-1), Result: h.Result(), Names: names, Fair: fh.tag, Deck: fh.deck}), nil
}

// Count is the number of seated players, readable from other goroutines.
func (t *Table) Count() int { return int(t.seatedN.Load()) }

// Staying is Count less the players who stand up when the hand in play
// ends (a /leave or a table change asked during it): the players the
// table keeps, readable from other goroutines (R-CASH-5).
func (t *Table) Staying() int { return int(t.stayingN.Load()) }

// ChangingTo is the number of players leaving this table for table to
// when the hand in play ends (a table change asked during it), readable
// from other goroutines (R-CASH-5).
func (t *Table) ChangingTo(to int64) int {
	if m := t.changesTo.Load(); m != nil {
		return (*m)[to]
	}
	return 0
}

// Closing reports whether the table closes after the hand in play (it
// takes no one), readable from other goroutines.
func (t *Table) Closing() bool { return t.closingN.Load() }

// HeldSeats is the number of free seats held for players called from the
// waiting list (R-CASH-2), readable from other goroutines.
func (t *Table) HeldSeats() int { return int(t.heldN.Load()) }

// storeCounts publishes Count, Staying, ChangingTo, Closing and HeldSeats
// (the actor, after a commit).
func (t *Table) storeCounts() {
	n, stay := 0, 0
	var to map[int64]int
	for _, s := range t.Seats {
		if s != nil {
			n++
			if !s.Leaving {
				stay++
			} else if s.ChangeTo != 0 {
				if to == nil {
					to = map[int64]int{}
				}
				to[s.ChangeTo]++
			}
		}
	}
	t.seatedN.Store(int32(n))
	t.stayingN.Store(int32(stay))
	t.closingN.Store(t.closing)
	held := 0
	for _, w := range t.waiting {
		if !w.Called.IsZero() {
			held++
		}
	}
	t.heldN.Store(int32(held))
	if to == nil {
		t.changesTo.Store(nil)
	} else {
		t.changesTo.Store(&to)
	}
}

// Label is the table as players name it ("#3").
func (t *Table) Label() string { return "#" + strconv.FormatInt(t.ID, 10) }
