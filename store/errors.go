package store

import (
	"errors"
	"fmt"
)

// Errors returned by the store. Test for them with errors.Is; the typed
// errors below carry the details and match the corresponding sentinel.
var (
	// ErrNotFound: the row asked for does not exist.
	ErrNotFound = errors.New("not found")
	// ErrInsufficientFunds: a transfer would make a balance negative that
	// may not go negative (see [AccountKind.MayGoNegative]).
	ErrInsufficientFunds = errors.New("insufficient funds")
	// ErrNonPositiveAmount: a transfer of zero or a negative amount.
	ErrNonPositiveAmount = errors.New("transfer amount must be positive")
	// ErrSameAccount: a transfer from an account to itself.
	ErrSameAccount = errors.New("transfer from an account to itself")
	// ErrMissingReason: a transfer without a reason.
	ErrMissingReason = errors.New("transfer without a reason")
	// ErrBalanceOverflow: a transfer would overflow a 64-bit balance.
	ErrBalanceOverflow = errors.New("balance would overflow")
	// ErrDuplicateEvent: a hand event whose (hand, sequence) already exists.
	ErrDuplicateEvent = errors.New("duplicate hand event")
	// ErrInvalidEvent: a hand event that is malformed (bad sequence,
	// empty kind, payload that is not JSON).
	ErrInvalidEvent = errors.New("invalid hand event")
	// ErrConflict: a row that must be unique already exists.
	ErrConflict = errors.New("already exists")
)

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
