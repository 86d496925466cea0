package table

import (
	"context"
	"slices"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// The actor: a request put in the table's inbox (Do, Ask), the loop that
// takes it (Run) with the one timer of the table (arm), and what the loop
// runs: a command by its name (handle; the seat commands are in cmds.go),
// or a player's action, pressed (press) or typed (typedAction), which act
// hands to the hand being played (apply, in game.go).

// Button kinds carried in tokens.
const (
	tokFold byte = iota + 1
	tokCheck
	tokCall
	tokTo // bet or raise to Amount
	tokAllIn
	tokCards
	tokAmount // bet or raise to the amount typed with the press (a form)
	// tokFastFold folds fast at a pool table (R-CASH-7): the button of
	// the private cards message, good for the whole hand.
	tokFastFold
)

// Do sends a request to the table's actor and waits for its answer; a
// full inbox is EBusy at once.
func (t *Table) Do(ctx context.Context, req Request) (bot.Reply, error) {
	req.ctx = ctx
	req.Reply = make(chan Response, 1)
	return Ask(ctx, t.Inbox, &req, req.Reply, t.Done, t.Deps.Metrics, bot.KeyBusy, func() error {
		return bot.Errorf(bot.ENotFound, "table.no_such", t.Label())
	})
}

// Ask puts req in an actor's inbox without blocking (a full inbox is
// EBusy at once, counted) and waits for the answer on reply, the end of
// ctx (EUnavailable, with ctxKey's text) or the actor's end without an
// answer (gone's error).
// Tables and tournament directors are asked this way.
func Ask[R any](ctx context.Context, inbox chan<- R, req R, reply <-chan Response, done <-chan struct{}, m *bot.Metrics, ctxKey string, gone func() error) (bot.Reply, error) {
	select {
	case inbox <- req:
	default:
		m.Busy.Add(1)
		return bot.Reply{}, bot.Errorf(bot.EBusy, bot.KeyBusy)
	}
	select {
	case resp := <-reply:
		return resp.Reply, resp.Err
	case <-ctx.Done():
		return bot.Reply{}, &bot.Error{Code: bot.EUnavailable, Key: ctxKey, Err: ctx.Err()}
	case <-done:
		// An actor answers before it ends (a request that closed it):
		// its answer, when there is one, is the answer.
		select {
		case resp := <-reply:
			return resp.Reply, resp.Err
		default:
			return bot.Reply{}, gone()
		}
	}
}

// Run is the actor's loop.
func (t *Table) Run(ctx context.Context) {
	defer close(t.Done)
	defer func() {
		if t.paused {
			t.Deps.Metrics.Paused.Add(-1)
		}
	}()
	defer func() {
		if t.timer != nil {
			t.timer.Stop()
		}
	}()
	// Show the table as it stands (after a restart: the same message,
	// edited), then go on.
	t.publish()
	t.reportHeld()
	t.poke()
	for !t.closed && !t.stopping {
		select {
		case <-ctx.Done():
			return
		case <-t.syncSignal():
			t.follow()
			t.applySyncs()
		case rp := <-t.Inbox:
			req := *rp
			t.follow()
			if req.Sync {
				t.drain()
				req.Reply <- Response{}
				break
			}
			r, err := t.handle(req)
			if err == nil && isHandAction(req) {
				t.acted.Store(req.Player.ID, actSeq.Add(1))
			}
			t.noteTurn()
			req.Reply <- Response{Reply: r, Err: err}
		case <-t.wake:
			t.follow()
			t.timerAt = time.Time{}
			t.fire()
		case <-t.Kick:
			t.follow()
			t.step()
		}
		if ctx.Err() == nil {
			t.duties()
			t.arm()
		}
		t.noteTurn()
	}
}

// drain does every step and fires every timer that is due, until none is
// left: what Settle waits for.
func (t *Table) drain() {
	for range 10000 {
		if t.stopping {
			return
		}
		if at := t.nextDeadline(); !at.IsZero() && !at.After(t.Deps.Clock.Now()) {
			t.fire()
		}
		select {
		case <-t.syncSignal():
			t.follow()
			t.applySyncs()
		case <-t.wake:
			t.follow()
			t.timerAt = time.Time{}
			t.fire()
		case <-t.Kick:
			t.follow()
			t.step()
		default:
			t.duties()
			t.arm()
			t.noteTurn()
			return
		}
	}
	t.arm()
}

// follow takes in a move of the table's chat (MoveChat) before the actor
// does anything else: from now on the table shows in the new chat, its
// message sent anew there.
func (t *Table) follow() {
	if t.Moved.Swap(false) {
		t.chat = t.env.CommunityNow(t.Comm).ChatID
		t.lastShown = false
		t.publish()
	}
}

// poke asks the loop to take its next step (start a hand, let a practice
// opponent act).
func (t *Table) poke() {
	select {
	case t.Kick <- struct{}{}:
	default:
	}
}

// arm sets the one clock timer of the table to its earliest deadline.
func (t *Table) arm() {
	at := t.nextDeadline()
	if at.IsZero() || at.Equal(t.timerAt) {
		return
	}
	if t.timer != nil {
		t.timer.Stop()
	}
	t.timerAt = at
	d := at.Sub(t.Deps.Clock.Now())
	t.timer = t.Deps.Clock.AfterFunc(max(d, 0), func() {
		select {
		case t.wake <- struct{}{}:
		default:
		}
	})
}

func (t *Table) nextDeadline() time.Time {
	if t.paused {
		return t.retryAt // the only timer of a paused table
	}
	var at time.Time
	earlier := func(x time.Time) {
		if !x.IsZero() && (at.IsZero() || x.Before(at)) {
			at = x
		}
	}
	earlier(t.holdUntil)
	if t.hand != nil && !t.turnAt.IsZero() {
		earlier(t.turnAt)
		if !t.reminded && t.turnPhase == "timer" {
			earlier(t.turnAt.Add(-t.reminderLead()))
		}
	}
	earlier(t.nextAt)
	if t.hand != nil {
		earlier(t.botAt)
	}
	for _, x := range t.sitoutAt {
		earlier(x)
	}
	for _, w := range t.waiting {
		if !w.Called.IsZero() {
			earlier(w.Called.Add(t.Config.Window))
		}
	}
	for _, l := range t.left {
		earlier(l.Until)
	}
	for _, b := range t.breaks {
		earlier(b.Add(BreakEvery))
	}
	return at
}

func (t *Table) reminderLead() time.Duration { return min(10*time.Second, t.Config.Timer/3) }

// handle runs one command in the table's actor.
func (t *Table) handle(req Request) (bot.Reply, error) {
	start := req.Cmd.Received
	if start.IsZero() {
		start = t.Deps.Clock.Now()
	}
	name := req.Cmd.Name
	if i := t.seatOf(req.Player.ID); i >= 0 && req.Player.ID != 0 {
		// The language of what the table tells the player alone (cards,
		// reminders) follows their latest /lang.
		t.Seats[i].Player.Language = req.Player.Language
	}
	if t.paused {
		return bot.Reply{}, t.pausedReply(req.Player)
	}
	if req.Pool != nil {
		return t.seatPool(req)
	}
	if req.leave != nil {
		return bot.Reply{}, t.poolLeave(req, start)
	}
	if (req.change != nil || req.rejoin != "") && req.ctx.Err() != nil {
		// The room gave up waiting (and told the player so): a table
		// change it no longer waits for is not made.
		return bot.Reply{}, req.ctx.Err()
	}
	if req.change != nil {
		return t.changeOut(req)
	}
	if req.check != nil {
		if t.closing {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "closetable.no_join", t.Label())
		}
		return t.join(req)
	}
	if req.hold != nil {
		if i := t.seatOf(req.Player.ID); i >= 0 {
			s := t.Seats[i]
			*req.hold = Held{Seated: true, Stack: s.Stack + s.Pending, DealtIn: t.dealtIn(i), Leaving: s.Leaving, ChangeTo: s.ChangeTo}
		}
		return bot.Reply{}, nil
	}
	if req.over != nil {
		return bot.Reply{}, t.handOverWaiting(req.over)
	}
	if req.rejoin != "" {
		t.joinAfterChange(req)
		return bot.Reply{}, nil
	}
	if req.Tok != nil {
		return t.press(req, start)
	}
	if err := t.authorise(req); err != nil {
		return bot.Reply{}, err
	}
	switch {
	case name == CloseCmd:
		return t.closeTable(req)
	case t.closing && (name == "join" || name == "sit" || name == "addbot"):
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "closetable.no_join", t.Label())
	}
	if t.Tour != nil {
		switch name {
		case "join", "sit", "leave", "standup", "topup", "addbot", "kickbot":
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "ttable.not_here", "/"+name)
		case "sitout":
			return t.awayTourney(req)
		case "consult":
			return t.consult(req)
		}
	}
	if t.IsPool() {
		switch name {
		case "join", "sit", "leave", "standup", "sitout", "back", "topup", "rebuy", "addbot", "kickbot":
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "pool.not_here", "/"+name)
		case "fold":
			if i := t.seatOf(req.Player.ID); i >= 0 && t.hand != nil && t.engineSeat(i) >= 0 && t.hand.VerifyFastFold(t.engineSeat(i)) == nil {
				return t.fastFold(req, start) // a fold at a pool table moves on at once
			}
		}
	}
	switch name {
	case "fastfold", "ff":
		return t.fastFold(req, start)
	case "join", "sit":
		return t.join(req)
	case "leave", "standup":
		return t.leave(req)
	case "sitout":
		return t.sitOut(req)
	case "back":
		return t.back(req)
	case "topup", "rebuy":
		return t.topUp(req)
	case "addon":
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "addon.cash")
	case "fold", "check", "call", "bet", "raise", "allin", "discard", "draw", "pat":
		return t.typedAction(req, start)
	case "cards":
		return t.cards(req)
	case "clock":
		return t.callClock(req)
	case "addbot":
		return t.addBots(req)
	case "kickbot":
		return t.kickBots(req)
	case "history":
		return t.historyReply(req)
	case "seed":
		return t.addSeed(req)
	case "consult":
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "consult.none") // a cash table: no pairs
	}
	return bot.Reply{}, bot.Errorf(bot.EInvalid, "command.unknown", "/"+name)
}

// authorise checks what the command table asks of the player at this
// table: a seat (PermSeated), or the turn in the hand being played
// (PermActing). Other permissions were checked by the room.
func (t *Table) authorise(req Request) error {
	if req.Perm != bot.PermSeated && req.Perm != bot.PermActing {
		return nil
	}
	i := t.seatOf(req.Player.ID)
	if i < 0 && (req.Cmd.Name == "leave" || req.Cmd.Name == "standup") && t.waitIndex(req.Player.ID) >= 0 {
		return nil // leaving the waiting list (R-CASH-2)
	}
	if i < 0 {
		return bot.Errorf(bot.EInvalid, "table.not_seated", t.Label())
	}
	if req.Perm == bot.PermSeated {
		return nil
	}
	if t.hand == nil {
		return bot.Errorf(bot.EInvalid, "action.no_hand")
	}
	k := t.engineSeat(i)
	if k < 0 || t.hand.Folded(k) {
		return bot.Errorf(bot.EInvalid, "action.not_in_hand")
	}
	if to := t.hand.ToAct(); to != k {
		if to < 0 {
			return bot.Errorf(bot.EInvalid, "action.nobody_to_act")
		}
		return bot.Errorf(bot.EInvalid, "action.turn_of", t.name(t.order[to]))
	}
	return nil
}

// press runs a button press: the token was verified by the room.
func (t *Table) press(req Request, start time.Time) (bot.Reply, error) {
	tok := req.Tok
	if tok.Kind == tokCards {
		if t.hand == nil || tok.Hand != t.handID {
			return bot.Reply{}, bot.ErrTokenStale
		}
		return t.cards(req)
	}
	if t.hand == nil {
		return bot.Reply{}, bot.ErrTokenStale
	}
	if tok.Kind == tokFastFold {
		// Any time in its hand: the action number does not go stale.
		if err := tok.Check(t.ID, t.handID, tok.Action, req.Player.ID); err != nil {
			return bot.Reply{}, err
		}
		return t.fastFold(req, start)
	}
	if err := tok.Check(t.ID, t.handID, int64(len(t.hand.Events())), req.Player.ID); err != nil {
		return bot.Reply{}, err
	}
	k := t.engineSeat(t.seatOf(req.Player.ID))
	if k < 0 || t.hand.ToAct() != k {
		return bot.Reply{}, bot.ErrTokenStale
	}
	a := engine.Action{Seat: k}
	switch tok.Kind {
	case tokFold:
		if t.IsPool() && t.hand.VerifyFastFold(k) == nil {
			return t.fastFold(req, start) // a fold at a pool table moves on at once
		}
		a.Kind = engine.Fold
	case tokCheck:
		a.Kind = engine.Check
	case tokCall:
		a.Kind = engine.Call
	case tokTo:
		a.Kind, a.Amount = engine.Raise, tok.Amount
		if t.hand.Legal().CanBet {
			a.Kind = engine.Bet
		}
	case tokAllIn:
		a.Kind = engine.AllIn
	case tokAmount:
		l := t.hand.Legal()
		if !l.CanBet && !l.CanRaise {
			return bot.Reply{}, bot.ErrTokenStale
		}
		var err error
		if a, err = t.betTo(k, req.Cmd.Args); err != nil {
			return bot.Reply{}, err
		}
		if a.Amount < l.MinTo || a.Amount > l.MaxTo {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "action.amount_range", bot.Chips(a.Amount), bot.Chips(l.MinTo), bot.Chips(l.MaxTo))
		}
	default:
		return bot.Reply{}, bot.ErrTokenForged
	}
	return t.act(req.Player, a, start)
}

// act applies a player's action; the reply is empty: the table message
// shows it.
func (t *Table) act(p bot.Player, a engine.Action, start time.Time) (bot.Reply, error) {
	i := t.seatOf(p.ID)
	s := t.Seats[i]
	timeouts := s.Timeouts
	if timeouts != 0 {
		s.Timeouts = 0 // a player who acts is no longer timing out (R-TIME-2)
		t.seatsDirty = true
	}
	if err := t.apply(a, start); err != nil {
		if t.Seats[i] == s {
			s.Timeouts = timeouts
		}
		return bot.Reply{}, err
	}
	return bot.Reply{}, nil
}

// dealtSeat is p's table seat and engine seat in the hand in play, or why
// p has none: not seated, no hand, not dealt in.
func (t *Table) dealtSeat(p bot.Player) (i, k int, err error) {
	if i = t.seatOf(p.ID); i < 0 {
		return 0, 0, bot.Errorf(bot.EInvalid, "table.not_seated", t.Label())
	}
	if t.hand == nil {
		return 0, 0, bot.Errorf(bot.EInvalid, "action.no_hand")
	}
	if k = t.engineSeat(i); k < 0 {
		return 0, 0, bot.Errorf(bot.EInvalid, "action.not_in_hand")
	}
	return i, k, nil
}

// staleGrace is how much earlier than the turn's start a typed action may
// say it was sent and still be played: the platform's clock and ours differ
// a little, and Telegram dates a message in whole seconds.
const staleGrace = 10 * time.Second

// sentBefore reports whether req is a typed command the platform says was
// sent (bot.Command.Sent) more than staleGrace before at: one that waited
// while the bot was down, answering a decision the player never saw.
func sentBefore(req Request, at time.Time) bool {
	return !req.Cmd.Sent.IsZero() && req.Cmd.Sent.Add(staleGrace).Before(at)
}

// typedAction reads /fold, /check, /call, /bet N, /raise N, /allin and
// /discard cards.
func (t *Table) typedAction(req Request, start time.Time) (bot.Reply, error) {
	_, k, err := t.dealtSeat(req.Player)
	if err != nil {
		return bot.Reply{}, err
	}
	if t.hand.Folded(k) {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "action.not_in_hand")
	}
	if to := t.hand.ToAct(); to != k {
		if to < 0 {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "action.nobody_to_act")
		}
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "action.turn_of", t.name(t.order[to]))
	}
	if sentBefore(req, t.turnStart) {
		// Typed before this turn began, and delivered only now: the
		// player never saw the decision it would answer.
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "action.stale", "/"+req.Cmd.Name)
	}
	l := t.hand.Legal()
	a := engine.Action{Seat: k}
	if l.Discard && req.Cmd.Name != "discard" && req.Cmd.Name != "draw" && req.Cmd.Name != "pat" {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "action.draw_now", l.MaxDiscard)
	}
	switch req.Cmd.Name {
	case "fold":
		a.Kind = engine.Fold
	case "check":
		a.Kind = engine.Check
	case "call":
		a.Kind = engine.Call
	case "allin":
		a.Kind = engine.AllIn
		if l.AllInTo > t.hand.Bet(k)+l.CallAmount && !l.CanBet && !l.CanRaise {
			return bot.Reply{}, t.raiseRefusal(l) // all in would raise, which is closed
		}
	case "bet", "raise":
		var err error
		if a, err = t.betTo(k, req.Cmd.Args); err != nil {
			return bot.Reply{}, err
		}
		if !l.CanBet && !l.CanRaise {
			return bot.Reply{}, t.raiseRefusal(l)
		}
	case "discard", "draw", "pat":
		if !l.Discard {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "action.not_draw")
		}
		a.Kind = engine.Discard
		if req.Cmd.Name != "pat" && len(req.Cmd.Args) == 0 {
			// A bare /discard names no card: a typo, not a stand pat.
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "action.draw_now", l.MaxDiscard)
		}
		if req.Cmd.Name != "pat" {
			hole := t.hand.Hole(k)
			var jokers []engine.Card // the jokers held, in the order "Jk" takes them
			for _, c := range hole {
				if c.IsJoker() {
					jokers = append(jokers, c)
				}
			}
			for _, arg := range req.Cmd.Args {
				cs, err := engine.ParseCards(arg)
				if err != nil {
					return bot.Reply{}, bot.Errorf(bot.EInvalid, "card.bad", arg)
				}
				for _, c := range cs {
					if c.IsJoker() && len(jokers) > 0 {
						// "Jk" is a joker the player holds, whichever of
						// the deck's two (R-CARD-7).
						c, jokers = jokers[0], jokers[1:]
					}
					if !slices.Contains(hole, c) { // named, with the hand it is not in
						return bot.Reply{}, bot.Errorf(bot.EInvalid, "action.not_your_card", engine.FormatSymbols([]engine.Card{c}), engine.FormatSymbols(hole))
					}
					a.Cards = append(a.Cards, c)
				}
			}
		}
	}
	return t.act(req.Player, a, start)
}

// raiseRefusal says why the player to act, whose Legal is l, may neither
// bet nor raise, as specifically as the hand says (R-BET-5, R-BET-6).
func (t *Table) raiseRefusal(l engine.Legal) error {
	switch t.hand.RaiseBar() {
	case engine.RaiseShort:
		return bot.Errorf(bot.EInvalid, "action.call_all_in", bot.Chips(l.CallAmount))
	case engine.RaiseCovered:
		return bot.Errorf(bot.EInvalid, "action.others_all_in")
	case engine.RaiseCapped:
		return bot.Errorf(bot.EInvalid, "action.capped")
	case engine.RaiseNoOpeners:
		return bot.Errorf(bot.EInvalid, "action.no_openers")
	}
	if l.CallAmount > 0 {
		return bot.Errorf(bot.EInvalid, "action.cannot_raise")
	}
	return bot.Errorf(bot.EInvalid, "action.invalid")
}

// betTo reads a typed amount ("40", "pot", "1/2 pot") as seat k's bet, or
// raise when there is a bet to raise, to the total it names.
func (t *Table) betTo(k int, args []string) (engine.Action, error) {
	spec, err := bot.ParseAmountIn(args, t.lang())
	if err != nil {
		return engine.Action{}, err
	}
	a := engine.Action{Seat: k, Kind: engine.Raise, Amount: resolveAmount(spec, t.hand, k)}
	if t.hand.Legal().CanBet {
		a.Kind = engine.Bet
	}
	return a, nil
}

// resolveAmount turns a typed amount into a "raise to" total: a pot
// fraction of what the pot would be after calling, on top of the call.
func resolveAmount(spec bot.AmountSpec, h *engine.Hand, k int) int64 {
	l := h.Legal()
	switch {
	case spec.Min:
		return l.MinTo
	case spec.Max:
		return l.MaxTo
	case spec.Den > 0:
		base := h.Bet(k) + l.CallAmount
		pot := l.Pot
		if pot <= 0 {
			pot = h.Pot() + l.CallAmount
		}
		to := base + pot*spec.Num/spec.Den
		return min(max(to, l.MinTo), l.MaxTo)
	}
	return spec.To
}
