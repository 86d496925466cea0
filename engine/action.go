package engine

import (
	"errors"
	"fmt"
)

// ActionKind is what a player does.
type ActionKind uint8

// The player actions (R-BET-1). Discard is the five-card draw: Cards are the
// cards thrown, none to stand pat. DeclareAllIn is no player's choice: a
// table with all-in protection (R-TIME-2, seed 002) declares a player who
// ran out of time all in for the chips already in the pot (see
// Hand.CanDeclareAllIn).
const (
	Fold ActionKind = iota
	Check
	Call
	Bet
	Raise
	AllIn
	Discard
	DeclareAllIn
	numActionKinds
)

var actionNames = [numActionKinds]string{"fold", "check", "call", "bet", "raise", "all_in", "discard", "declare_all_in"}

// String returns the action's word ("fold", "raise", ...).
func (k ActionKind) String() string { return enumString(k, actionNames[:], "ActionKind") }

// MarshalText implements encoding.TextMarshaler.
func (k ActionKind) MarshalText() ([]byte, error) { return enumMarshal(k, actionNames[:], "action") }

// UnmarshalText implements encoding.TextUnmarshaler.
func (k *ActionKind) UnmarshalText(b []byte) error {
	return enumUnmarshal(k, actionNames[:], "action", b)
}

// Action is one player's move. Amount is the "raise to" total of the player's
// bet in the current round for Bet and Raise (TDA 43-B); it is ignored for the
// other kinds.
type Action struct {
	Seat   int        `json:"seat"`
	Kind   ActionKind `json:"kind"`
	Amount int64      `json:"amount,omitempty"`
	Cards  []Card     `json:"cards,omitempty"`
}

// Legal says what the player to act may do now.
type Legal struct {
	Seat     int  // the player to act, -1 if nobody
	CanFold  bool // true in every betting round, also when checking is free (TDA 53); false when nothing is to act or when drawing
	CanCheck bool
	// CallAmount is the chips a call adds (capped at the stack); 0 when there
	// is nothing to call.
	CallAmount int64
	CanBet     bool // no bet yet this round
	CanRaise   bool // there is a bet, and raising is open to this player
	// MinTo and MaxTo bound the "raise to" total of a bet or raise. When the
	// stack is short of the minimum, both are the all-in total.
	MinTo, MaxTo int64
	// AllInTo is the "raise to" total of putting every chip in.
	AllInTo int64
	// PotTo is the "raise to" total of a pot-sized bet or raise, kept within
	// MinTo and MaxTo (for a "Pot" button); 0 when no bet or raise is open.
	PotTo int64
	// Pot is the pot after the call, the TDA 50-B count of pot limit: what
	// a pot-sized bet or raise adds on top of the call, uncut by the stack,
	// for fractions of it ("½ pot"); 0 when no bet or raise is open.
	Pot int64
	// Discard is true in the draw; MaxDiscard is the most cards to change.
	Discard    bool
	MaxDiscard int
	// MustDiscardJoker is true in the draw when the player holds both jokers:
	// only one joker plays in a hand, so one of them must be thrown (seed
	// 004, R-CARD-7); a draw keeping both is refused with ErrKeepsTwoJokers.
	MustDiscardJoker bool
}

// The errors Apply returns, wrapped in an *ActionError. Test with errors.Is.
var (
	ErrNotYourTurn   = errors.New("engine: not your turn")
	ErrBelowMinimum  = errors.New("engine: amount below the minimum")
	ErrAboveMaximum  = errors.New("engine: amount above the maximum")
	ErrCannotCheck   = errors.New("engine: cannot check, there is a bet to call")
	ErrCannotCall    = errors.New("engine: nothing to call")
	ErrCannotBet     = errors.New("engine: cannot bet")
	ErrCannotRaise   = errors.New("engine: cannot raise")
	ErrHandOver      = errors.New("engine: the hand is over")
	ErrInvalidAction = errors.New("engine: invalid action")
	ErrBadDiscard    = errors.New("engine: bad discard")
	// ErrKeepsTwoJokers refuses a draw that keeps both jokers (R-CARD-7).
	ErrKeepsTwoJokers = errors.New("engine: a hand may keep only one joker: throw the other")
	ErrNoOpeners      = errors.New("engine: the hand does not qualify to open")
	// ErrCannotDeclare refuses a declared all-in when the player faces no
	// bet or has no chip in the pot yet (R-TIME-2).
	ErrCannotDeclare = errors.New("engine: cannot declare all in: no bet to face or no chips in the pot")
)

// ActionError is the error of a refused action: which action, why (Err, one
// of the Err* values) and what was allowed.
type ActionError struct {
	Action Action
	Err    error
	Legal  Legal
}

func (e *ActionError) Error() string {
	switch e.Err {
	case ErrBelowMinimum, ErrAboveMaximum:
		return fmt.Sprintf("%v: %s to %d, allowed %d to %d", e.Err, e.Action.Kind, e.Action.Amount, e.Legal.MinTo, e.Legal.MaxTo)
	case ErrNotYourTurn:
		return fmt.Sprintf("%v: seat %d acted, seat %d to act", e.Err, e.Action.Seat, e.Legal.Seat)
	}
	return fmt.Sprintf("%v (seat %d %s)", e.Err, e.Action.Seat, e.Action.Kind)
}

// Unwrap returns the Err* value.
func (e *ActionError) Unwrap() error { return e.Err }
