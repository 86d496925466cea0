package engine

import "errors"

// Fast fold (R-CASH-7, the "Boost" pool of seed 000): a player of a
// fast-fold pool may fold at any time, out of turn too, except when their
// bet already matches the highest bet (they could check: the big blind
// with no raise, anyone before a bet after the flop) or they are all in.
// A fold out of turn changes nobody else's turn: the player to act still
// acts, unless the fold leaves them nothing to decide (the hand won, or
// nobody left to bet against), when the hand goes on as after any action.

// The errors FastFold returns, wrapped in an *ActionError.
var (
	// ErrFoldMatched refuses a fast fold by a seat whose bet matches the
	// highest bet: they may check, and a fold gives nothing up.
	ErrFoldMatched = errors.New("engine: your bet matches the highest bet: no fast fold")
	// ErrFoldAllIn refuses a fast fold by a seat that is all in.
	ErrFoldAllIn = errors.New("engine: all in: no fast fold")
	// ErrNotInHand refuses a fast fold by a seat that has folded already.
	ErrNotInHand = errors.New("engine: not in the hand")
)

// VerifyFastFold reports whether FastFold(i) would be accepted, without
// folding.
func (h *Hand) VerifyFastFold(i int) error {
	if err := h.verifyFastFold(i); err != nil {
		return &ActionError{Action: Action{Seat: i, Kind: Fold}, Err: err, Legal: h.Legal()}
	}
	return nil
}

func (h *Hand) verifyFastFold(i int) error {
	switch {
	case h.over:
		return ErrHandOver
	case i < 0 || i >= h.n:
		return ErrInvalidAction
	case h.status[i] == stAllIn:
		return ErrFoldAllIn
	case h.status[i] != stActive:
		return ErrNotInHand
	case h.street == DrawStreet || h.bet[i] >= h.curBet:
		// In the draw nobody has a bet to face; otherwise the bet matches
		// every other (curBet is the highest).
		return ErrFoldMatched
	}
	return nil
}

// FastFold folds seat i in turn or out of it (R-CASH-7) and returns the
// events it caused: the fold, and when it ends the round or the hand,
// what follows as after Apply. On error the hand is unchanged and the
// error is an *ActionError wrapping ErrHandOver, ErrInvalidAction,
// ErrFoldAllIn, ErrNotInHand or ErrFoldMatched. Resume replays a fold
// out of turn through FastFold.
func (h *Hand) FastFold(i int) ([]Event, error) {
	if err := h.VerifyFastFold(i); err != nil {
		return nil, err
	}
	if i == h.toAct {
		return h.Apply(Action{Seat: i, Kind: Fold})
	}
	first := len(h.events)
	h.status[i] = stFolded
	h.emit(Event{Kind: EvFold, Seat: i})
	in, active := h.countStatus()
	if in == 1 || h.toAct < 0 || !h.needsAction(h.toAct, active > 1) {
		h.progress()
	}
	return h.events[first:len(h.events):len(h.events)], nil
}
