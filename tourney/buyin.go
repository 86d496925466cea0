package tourney

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// BuyIn is the price of one entry, written "prize+fee" ("10+1") or
// "prize+bounty+fee" ("20+5+2") (R-TRN-2). Prize goes to the prize pool,
// Bounty onto the entrant's head in knockout events, Fee to the house.
// The zero BuyIn is a freeroll.
type BuyIn struct {
	Prize, Bounty, Fee Chips
}

// Errors reported (wrapped in a *BuyInError) by ParseBuyIn.
var (
	ErrBuyInEmpty        = errors.New("empty buy-in")
	ErrBuyInEmptyPart    = errors.New("empty part")
	ErrBuyInNotNumber    = errors.New("not a whole number of chips")
	ErrBuyInNegative     = errors.New("negative amount")
	ErrBuyInTooManyParts = errors.New("too many parts: write prize+fee or prize+bounty+fee")
	ErrBuyInTooLarge     = errors.New("amount too large")
)

// BuyInError says which part of a buy-in string is wrong and why.
type BuyInError struct {
	Input string // the whole input
	Part  int    // 1-based index of the bad part; 0 for the whole input
	Text  string // the bad part as written
	Err   error  // one of the ErrBuyIn* errors
}

func (e *BuyInError) Error() string {
	if e.Part == 0 {
		return fmt.Sprintf("buy-in %q: %v", e.Input, e.Err)
	}
	return fmt.Sprintf("buy-in %q: part %d %q: %v", e.Input, e.Part, e.Text, e.Err)
}

func (e *BuyInError) Unwrap() error { return e.Err }

// maxAmount bounds any single admin-entered amount so that sums of many
// entries cannot overflow int64.
const maxAmount Chips = 1 << 40

// ParseBuyIn parses "free", "freeroll", "0", "10", "10+1" or "20+5+2"
// (spaces allowed around the parts). One number is a prize with no fee,
// two are prize+fee, three are prize+bounty+fee.
func ParseBuyIn(s string) (BuyIn, error) {
	in := strings.TrimSpace(s)
	switch strings.ToLower(in) {
	case "":
		return BuyIn{}, &BuyInError{Input: s, Err: ErrBuyInEmpty}
	case "free", "freeroll":
		return BuyIn{}, nil
	}
	parts := strings.Split(in, "+")
	if len(parts) > 3 {
		return BuyIn{}, &BuyInError{Input: s, Err: ErrBuyInTooManyParts}
	}
	vals := make([]Chips, len(parts))
	for i, p := range parts {
		p = strings.TrimSpace(p)
		bad := func(err error) error { return &BuyInError{Input: s, Part: i + 1, Text: p, Err: err} }
		if p == "" {
			return BuyIn{}, bad(ErrBuyInEmptyPart)
		}
		if strings.HasPrefix(p, "-") {
			return BuyIn{}, bad(ErrBuyInNegative)
		}
		for _, r := range p {
			if r < '0' || r > '9' {
				return BuyIn{}, bad(ErrBuyInNotNumber)
			}
		}
		v, err := strconv.ParseInt(p, 10, 64)
		if err != nil || v > maxAmount {
			return BuyIn{}, bad(ErrBuyInTooLarge)
		}
		vals[i] = v
	}
	switch len(vals) {
	case 1:
		return BuyIn{Prize: vals[0]}, nil
	case 2:
		return BuyIn{Prize: vals[0], Fee: vals[1]}, nil
	default:
		return BuyIn{Prize: vals[0], Bounty: vals[1], Fee: vals[2]}, nil
	}
}

// Total is what an entrant pays.
func (b BuyIn) Total() Chips { return b.Prize + b.Bounty + b.Fee }

// Freeroll reports whether the entry costs nothing.
func (b BuyIn) Freeroll() bool { return b.Total() == 0 }

// String writes the buy-in back in the form ParseBuyIn reads.
func (b BuyIn) String() string {
	switch {
	case b.Freeroll():
		return "freeroll"
	case b.Bounty > 0:
		return fmt.Sprintf("%d+%d+%d", b.Prize, b.Bounty, b.Fee)
	case b.Fee > 0:
		return fmt.Sprintf("%d+%d", b.Prize, b.Fee)
	default:
		return strconv.FormatInt(b.Prize, 10)
	}
}

// Progressive returns the buy-in of a progressive knockout event: the part
// net of fee is split half to the prize pool and half to the starting
// bounty (REFERENCE.md), the odd chip to the prize pool. A buy-in that
// already names a bounty is returned unchanged.
func (b BuyIn) Progressive() BuyIn {
	if b.Bounty > 0 {
		return b
	}
	half := b.Prize / 2
	return BuyIn{Prize: b.Prize - half, Bounty: half, Fee: b.Fee}
}
