package store

import (
	"errors"
	"fmt"

	"github.com/pokerroom/pokerroom/bot"
)

// Errors returned by the store. Test for them with errors.Is; the typed
// errors below carry the details and match the corresponding sentinel.
var (
	// ErrNotFound: the row asked for does not exist. It matches
	// bot.ErrNotFound.
	ErrNotFound error = &roomError{"not found", bot.ErrNotFound}
	// ErrInsufficientFunds: a transfer would make a balance negative that
	// may not go negative (see [AccountKind.MayGoNegative]). It matches
	// bot.ErrInsufficientFunds.
	ErrInsufficientFunds error = &roomError{"insufficient funds", bot.ErrInsufficientFunds}
	// ErrNonPositiveAmount: a transfer of zero or a negative amount.
	ErrNonPositiveAmount = errors.New("transfer amount must be positive")
	// ErrSameAccount: a transfer from an account to itself.
	ErrSameAccount = errors.New("transfer from an account to itself")
	// ErrMissingReason: a transfer without a reason.
	ErrMissingReason = errors.New("transfer without a reason")
	// ErrBalanceOverflow: a transfer would overflow a 64-bit balance.
	ErrBalanceOverflow = errors.New("balance would overflow")
	// ErrDuplicateEvent: a hand event whose (hand, sequence) already exists.
	ErrDuplicateEvent error = &roomError{"duplicate hand event", bot.ErrDuplicate}
	// ErrInvalidEvent: a write that is malformed: a hand event (bad
	// sequence, empty kind, payload that is not JSON), a seat (numbered
	// below 1, a negative stack), a tournament op (no number or kind). It
	// matches bot.ErrMalformed.
	ErrInvalidEvent error = &roomError{"invalid hand event", bot.ErrMalformed}
	// ErrConflict: a row that must be unique already exists.
	ErrConflict error = &roomError{"already exists", bot.ErrDuplicate}
)

// roomError is a store error that is also one of the room's (bot's), so
// that the room can test the errors of its storage contracts with errors.Is.
type roomError struct {
	msg  string
	room error
}

func (e *roomError) Error() string { return e.msg }
func (e *roomError) Unwrap() error { return e.room }

// InsufficientFundsError is returned when a transfer would overdraw an
// account that may not go negative. It matches [ErrInsufficientFunds].
type InsufficientFundsError struct {
	AccountID int64
	Balance   int64 // balance before the refused transfer
	Amount    int64 // amount that was asked for
}

func (e *InsufficientFundsError) Error() string {
	return fmt.Sprintf("insufficient funds: account %d has %d, transfer needs %d", e.AccountID, e.Balance, e.Amount)
}

// Is reports whether target is [ErrInsufficientFunds].
func (e *InsufficientFundsError) Is(target error) bool { return target == ErrInsufficientFunds }

// Unwrap returns [ErrInsufficientFunds] (which matches bot.ErrInsufficientFunds).
func (e *InsufficientFundsError) Unwrap() error { return ErrInsufficientFunds }

// DuplicateEventError is returned when a hand event's (hand, sequence)
// already exists. It matches [ErrDuplicateEvent].
type DuplicateEventError struct {
	HandID int64
	Seq    int
}

func (e *DuplicateEventError) Error() string {
	return fmt.Sprintf("duplicate hand event: hand %d already has sequence number %d", e.HandID, e.Seq)
}

// Is reports whether target is [ErrDuplicateEvent].
func (e *DuplicateEventError) Is(target error) bool { return target == ErrDuplicateEvent }

// Unwrap returns [ErrDuplicateEvent] (which matches bot.ErrDuplicate).
func (e *DuplicateEventError) Unwrap() error { return ErrDuplicateEvent }
