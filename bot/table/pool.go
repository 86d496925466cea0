package table

import (
	"context"
	"errors"
	"maps"
	"slices"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// A table of a fast-fold pool (R-CASH-7, Config.Pool): the pool, not the
// players, seats it. Between hands it is empty; the pool seats a group of
// entries drawn at random (SeatPool), each bringing its stack from its
// owner's wallet in the write that seats it, and the table deals at once.
// A player folds when they like (FastFold, out of turn too, refused
// when their bet matches the highest bet or they are all in): the chips
// behind go back to the wallet in the write that stores the fold, the
// seat keeps only what it left in the pot (its stored stack, so that the
// table's account still holds its seats' stacks) until the hand ends, and
// the pool is told at once to deal the entry into a new hand. When the
// hand ends every seat goes back to its wallet in one write and the pool
// takes the entries back (Env.PoolBack). After a restart a pool table
// with no hand in play hands its seats back the same way; a hand that
// cannot be resumed is voided and a fast-folded seat's chips left in it go
// back to the wallet too. An entry whose player cashes it out in its hand
// (/pool leave: LeavePool) leaves as a player leaving a cash table
// mid-hand: folded fast at once when it may, else its seat marked
// Leaving (stored), its turns acted at once and its seat handed back
// leaving when the hand ends.

// PoolEntry is an entry of a pool seated for one hand: its player, its
// number among the player's entries (1..4) and its stack, taken from the
// player's wallet when seated.
type PoolEntry struct {
	Player bot.Player
	Entry  int
	Stack  int64
	// Timeouts are the entry's timeouts in a row so far (R-TIME-2: two
	// sit it out, across its hands).
	Timeouts int
}

// PoolBack is an entry leaving a pool table, its Stack back in its
// owner's wallet: folded fast (Folded), or its hand over. Leaving: the
// player asked to cash it out during the hand; Answered: the command
// that folded it (/pool leave, /fastfold) told the player it is cashed
// out, so the pool need not tell them again.
type PoolBack struct {
	Player   bot.Player
	Entry    int
	Stack    int64
	Folded   bool
	Leaving  bool
	Answered bool
	// SatOut: the table sat the player out (two timeouts in a row,
	// R-TIME-2): the entry sits out until /pool back. Timeouts: its
	// timeouts in a row, carried to its next hand.
	SatOut   bool
	Timeouts int
}

// IsPool reports whether the table belongs to a fast-fold pool.
func (t *Table) IsPool() bool { return t.Config.Pool != 0 }

// SeatPool asks a free pool table to seat entries (two or more, of
// different players) and deal them a hand. ErrPoolBusy: the table is not
// free (a hand in play, seats taken); a failed write (a wallet short of
// an entry's stack: bot.ErrInsufficientFunds) seats nobody.
func (t *Table) SeatPool(ctx context.Context, entries []PoolEntry) error {
	_, err := t.Do(ctx, Request{Pool: entries})
	return err
}

// ErrPoolBusy refuses seating a pool table that is not free.
var ErrPoolBusy = errors.New("the pool table is not free")

// seatPool seats the pool's entries (the request of SeatPool).
func (t *Table) seatPool(req Request) (bot.Reply, error) {
	if !t.IsPool() || t.closing || t.hand != nil || t.SeatedCount() > 0 || len(req.Pool) > len(t.Seats) {
		return bot.Reply{}, ErrPoolBusy
	}
	ctx, cancel := context.WithTimeout(req.ctx, OpTimeout)
	defer cancel()
	w := &bot.TableWrite{}
	for i, e := range req.Pool {
		acc, err := t.env.Wallet(ctx, e.Player, t.Comm)
		if err != nil {
			t.Seats = make([]*Seat, len(t.Seats))
			return bot.Reply{}, err
		}
		t.Seats[i] = &Seat{Player: e.Player, Account: acc, Stack: e.Stack, Bank: t.Config.Bank, PoolEntry: e.Entry, Timeouts: e.Timeouts}
		w.Moves = append(w.Moves, bot.Move{From: acc, To: t.account, Amount: e.Stack, Reason: "pool buy-in", Reference: t.ref()})
	}
	if err := t.write(w); err != nil {
		return bot.Reply{}, err // reloaded: the table is empty again
	}
	for _, e := range req.Pool {
		t.env.SetSeated(e.Player.ID, t.ID, true)
	}
	t.poolDeal, t.nextAt = true, time.Time{}
	t.poke()
	return bot.Reply{}, nil
}

// fastFold is /fastfold (and a fold at a pool table): the player's
// fold, in turn or out of it (R-CASH-7), their chips behind back to the
// wallet with it, and the pool told to deal the entry a new hand.
func (t *Table) fastFold(req Request, start time.Time) (bot.Reply, error) {
	if !t.IsPool() {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "fastfold.not_pool")
	}
	i, k, err := t.dealtSeat(req.Player)
	if err != nil {
		return bot.Reply{}, err
	}
	if t.Seats[i].FastFolded {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "action.not_in_hand")
	}
	if sentBefore(req, t.dealt) {
		// Typed before this hand was dealt (the pool deals a new one at
		// once after a fold), delivered only now: it answered another
		// hand, not the cards the player holds now.
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "action.stale_hand", "/"+req.Cmd.Name)
	}
	if err := t.hand.VerifyFastFold(k); err != nil {
		switch {
		case errors.Is(err, engine.ErrFoldMatched):
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "fastfold.matched")
		case errors.Is(err, engine.ErrFoldAllIn):
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "fastfold.allin")
		}
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "action.not_in_hand")
	}
	leaving := t.Seats[i].Leaving
	behind, err := t.foldFast(i, k, start, leaving)
	if err != nil {
		return bot.Reply{}, err
	}
	key := "fastfold.done"
	if leaving {
		key = "fastfold.done_leaving" // asked to leave: cashed out, not dealt again
	}
	return bot.Reply{Private: true, Text: tr(t.langReq(req), key, bot.Chips(behind))}, nil
}

// foldFast folds table seat i (engine seat k) fast, its fold allowed
// (Hand.VerifyFastFold): its chips behind (returned) go back to the
// wallet in the write that stores the fold, hidden from the others when
// out of turn, and the pool takes the entry back (PoolBack; cashed out
// when Seat.Leaving or answered: a command cashing it out, whose answer
// tells the player).
func (t *Table) foldFast(i, k int, start time.Time, answered bool) (int64, error) {
	s := t.Seats[i]
	behind := t.hand.Stack(k)
	if k != t.hand.ToAct() {
		// Out of turn: the others see the fold when their turn comes.
		if t.hidden == nil {
			t.hidden = map[int]bool{}
		}
		t.hidden[k] = true
	}
	back := PoolBack{Player: s.Player, Entry: s.PoolEntry, Stack: behind, Folded: true, Leaving: s.Leaving || answered, Answered: answered}
	out := func(w *bot.TableWrite) {
		if behind > 0 {
			w.Moves = append(w.Moves, bot.Move{From: t.account, To: s.Account, Amount: behind, Reason: "fast fold", Reference: t.ref()})
		}
		s.Stack -= behind // what it left in the pot, until the hand ends
		s.FastFolded = true
	}
	if err := t.play(k, func() ([]engine.Event, error) { return t.hand.FastFold(k) }, start, out); err != nil {
		// The table holds what the store holds: a write stored although
		// reported failed stored the fold, whose entry goes on.
		// (Paused, the table could not read it back: nothing is known.)
		if j := t.seatOf(s.Player.ID); t.paused || t.stopping || j < 0 || !t.Seats[j].FastFolded {
			delete(t.hidden, k)
			return 0, err
		}
	}
	t.env.PoolBack(t.Config.Pool, t.ID, []PoolBack{back})
	return behind, nil
}

// PoolLeft is what a pool table did with an entry whose player asked to
// cash it out (LeavePool).
type PoolLeft struct {
	// Folded: it could fold fast and did (Stack, its chips behind, went
	// back to the wallet with the fold, and the pool was told, PoolBack).
	// Marked: it could not (its bet matches the highest, it is all in,
	// or not dealt in yet): its seat is marked leaving, stored, so that
	// its turns are acted at once (a check when it can, else a fold) and
	// it is cashed out when the hand ends; Acted: its turn was now, and
	// was acted. NotDealt (with Marked): seated for the hand about to be
	// dealt, not dealt in yet. Neither: the entry has no hand at this
	// table any more (folded, its hand over): the pool has it back, or
	// will.
	Folded, Marked, Acted, NotDealt bool
	Stack                           int64
}

// poolLeave is a LeavePool request: the entry, and the answer.
type poolLeave struct {
	entry int
	out   PoolLeft
}

// LeavePool cashes out entry (1..4) of player p seated at this pool
// table as a player leaving a cash table mid-hand is (R-CASH-7): folded
// fast at once when it may be, else marked leaving and acted for at once
// in turn. The caller holds no lock the table's callbacks take
// (Env.PoolBack).
func (t *Table) LeavePool(ctx context.Context, p bot.Player, entry int) (PoolLeft, error) {
	req := Request{Player: p, leave: &poolLeave{entry: entry}}
	if _, err := t.Do(ctx, req); err != nil {
		return PoolLeft{}, err
	}
	return req.leave.out, nil
}

// poolLeave runs LeavePool's request.
func (t *Table) poolLeave(req Request, start time.Time) error {
	out := &req.leave.out
	i := t.seatOf(req.Player.ID)
	if !t.IsPool() || i < 0 || t.Seats[i].PoolEntry != req.leave.entry || t.Seats[i].FastFolded {
		return nil // not here any more: back in the pool
	}
	s, k := t.Seats[i], -1
	if t.hand != nil {
		k = t.engineSeat(i)
	}
	if k < 0 && !t.poolDeal {
		return nil // its hand is over: the next step hands it back
	}
	if k >= 0 && t.hand.VerifyFastFold(k) == nil {
		behind, err := t.foldFast(i, k, start, true)
		if err != nil {
			return err
		}
		out.Folded, out.Stack = true, behind
		return nil
	}
	if !s.Leaving {
		if err := t.markLeaving(s); err != nil { // as /leave at a cash table
			return err
		}
		t.publish()
	}
	out.Marked, out.NotDealt = true, k < 0
	if k >= 0 && t.hand.ToAct() == k {
		t.leavingTurn(k)
		// Acted when the turn moved on (or the hand ended: a pool table
		// deals no next hand before its step); a write that failed left
		// the turn where it was, acted at the next step.
		out.Acted = t.hand == nil || t.hand.ToAct() != k
	}
	return nil
}

// leavingTurn acts at once for engine seat k, whose player is leaving,
// away or sat out: at a pool table a leaving entry facing a bet folds
// fast (its chips behind back to the wallet at once, R-CASH-7); else the
// timeout rule's check or fold, counted as no timeout when the player
// chose to go.
func (t *Table) leavingTurn(k int) {
	i := t.order[k]
	if s := t.Seats[i]; s.Leaving && t.IsPool() && !s.FastFolded && t.hand.VerifyFastFold(k) == nil {
		if _, err := t.foldFast(i, k, t.Deps.Clock.Now(), false); err != nil {
			t.Deps.Log.Error("a leaving entry's fast fold failed", "table", t.ID, "err", err)
		}
		return
	}
	t.timeoutAction(k, false)
}

// poolStep is a pool table's step between hands: deal the entries just
// seated, or hand back the seats of a hand that is over (or of one voided
// at a restart).
func (t *Table) poolStep() {
	if t.poolDeal {
		t.poolDeal = false
		t.startHand()
		if t.hand != nil {
			return
		}
	}
	if t.SeatedCount() > 0 {
		t.poolRelease()
	}
}

// poolRelease stands every seat of a pool table up between hands: the
// chips go back to the wallets in one write, and the pool takes the
// entries back (a fast-folded seat's entry was taken back at its fold).
func (t *Table) poolRelease() {
	w := &bot.TableWrite{}
	var backs []PoolBack
	for i, s := range t.Seats {
		if s == nil {
			continue
		}
		amt := s.Stack + s.Pending
		if !s.FastFolded {
			backs = append(backs, PoolBack{Player: s.Player, Entry: s.PoolEntry, Stack: amt, Leaving: s.Leaving, SatOut: s.SittingOut, Timeouts: s.Timeouts})
		}
		if amt > 0 {
			w.Moves = append(w.Moves, bot.Move{From: t.account, To: s.Account, Amount: amt, Reason: "pool cash-out", Reference: t.ref()})
		}
		t.dropSitout(i, w)
		t.Seats[i] = nil
		t.unseat = append(t.unseat, s.Player.ID)
	}
	if t.write(w) != nil {
		// Reloaded: what is still seated is tried again at the next step;
		// a write stored although reported failed let the rest go.
		// Paused (not read back): nothing is known until it resumes.
		if t.paused || t.stopping {
			return
		}
		backs = slices.DeleteFunc(backs, func(b PoolBack) bool { return t.seatOf(b.Player.ID) >= 0 })
	} else {
		t.publishIdle()
	}
	if len(backs) > 0 {
		t.env.PoolBack(t.Config.Pool, t.ID, backs)
	}
}

// revealFolds shows the fast folds out of turn that the last step passed
// (seed 000: the others see a fast fold when their turn comes, not
// before): the turn moved from prev past the seat, a new street began or
// the hand is over.
func (t *Table) revealFolds(prev int, street engine.Street) {
	if len(t.hidden) == 0 || t.hand == nil {
		return
	}
	for _, k := range passedFolds(t.hand, t.hidden, prev, street) {
		delete(t.hidden, k)
		t.noteEvents([]engine.Event{{Kind: engine.EvFold, Seat: k}})
	}
}

// passedFolds lists, in seat order, the seats of hidden (folded fast out
// of turn, not shown yet) that the step of h from prev (the seat to act
// before it) in street passed.
func passedFolds(h *engine.Hand, hidden map[int]bool, prev int, street engine.Street) []int {
	next := h.ToAct()
	passed := func(k int) bool {
		if h.Done() || h.Street() != street || next < 0 || prev < 0 {
			return true
		}
		if prev == next {
			return false // the turn did not move (a fold out of turn)
		}
		for i := (prev + 1) % h.NumSeats(); i != next; i = (i + 1) % h.NumSeats() {
			if i == k {
				return true
			}
		}
		return false
	}
	var out []int
	for _, k := range slices.Sorted(maps.Keys(hidden)) {
		if passed(k) {
			out = append(out, k)
		}
	}
	return out
}

// hiddenFolds replays a stored hand's steps (engine.ResumeSteps) to find
// the fast folds out of turn the table had not shown yet when it stopped:
// after a restart the others still see them only when their turn passes.
// Its steps are play's: a fold out of turn is hidden (foldFast), then
// what the step passed is shown (revealFolds).
func hiddenFolds(h *engine.Hand, a engine.Action, prev int, street engine.Street, hidden map[int]bool) {
	if a.Kind == engine.Fold && a.Seat != prev {
		hidden[a.Seat] = true
	}
	for _, k := range passedFolds(h, hidden, prev, street) {
		delete(hidden, k)
	}
}
