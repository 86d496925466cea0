package tourney

import "errors"

// MaxChips is the largest amount (a buy-in part, a stack, a seat value, a
// prize pool) the tournament logic accepts: the engine's limit (2^50), far
// enough below int64 that sums over 100,000 entries cannot overflow.
const MaxChips Chips = 1 << 50

// Errors about values out of range.
var (
	// ErrAmountTooLarge: an amount above MaxChips, or a sum of amounts
	// that would be.
	ErrAmountTooLarge = errors.New("amount too large")
	// ErrUnknownValue: an enumerated option (payout kind, bounty mode,
	// leftover rule, speed...) that is none of its values.
	ErrUnknownValue = errors.New("unknown value")
	// ErrNegativeDuration: a level, break, period or clock duration below
	// zero.
	ErrNegativeDuration = errors.New("negative duration")
	// ErrNilRand: a random source is needed and none was given.
	ErrNilRand = errors.New("a random source is needed")
)

// addChips returns a+b, or ErrAmountTooLarge when the sum passes MaxChips
// (a and b are at least 0).
func addChips(a, b Chips) (Chips, error) {
	if a > MaxChips || b > MaxChips || a+b > MaxChips {
		return 0, ErrAmountTooLarge
	}
	return a + b, nil
}
