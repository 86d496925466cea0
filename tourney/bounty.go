package tourney

import (
	"errors"
	"fmt"
)

// EntryID identifies one entry of a tournament (a player who re-enters
// has several).
type EntryID int

// BountyMode is the knockout form of a tournament (R-TRN-14).
type BountyMode int

const (
	// NoBounty: no bounties.
	NoBounty BountyMode = iota
	// Knockout: the eliminator wins the whole bounty in cash.
	Knockout
	// ProgressiveKnockout: the eliminator gets half in cash at once and
	// half is added to their own bounty; the winner collects their own.
	ProgressiveKnockout
)

// Errors about bounties.
var (
	ErrNoBounty         = errors.New("entry has no bounty")
	ErrNoCoveringWinner = errors.New("no winner of the pot covered the busted player")
	ErrBountyCollected  = errors.New("bounty already collected")
	ErrNotBountyEvent   = errors.New("not a knockout tournament")
	ErrNegativeBounty   = errors.New("negative bounty")
)

// Bounties keeps the bounty on each entry's head.
type Bounties struct {
	Mode   BountyMode
	amount map[EntryID]Chips
}

// NewBounties starts an empty set of bounties.
func NewBounties(mode BountyMode) *Bounties {
	return &Bounties{Mode: mode, amount: make(map[EntryID]Chips)}
}

// Add puts a starting bounty on an entry (its buy-in's bounty part).
func (b *Bounties) Add(e EntryID, amount Chips) error {
	if b.Mode == NoBounty {
		return ErrNotBountyEvent
	}
	if amount < 0 {
		return ErrNegativeBounty
	}
	b.amount[e] += amount
	return nil
}

// Of returns the bounty on an entry's head.
func (b *Bounties) Of(e EntryID) Chips { return b.amount[e] }

// Outstanding is the sum of all bounties not yet paid.
func (b *Bounties) Outstanding() Chips {
	var s Chips
	for _, v := range b.amount {
		s += v
	}
	return s
}

// PotWinner is a winner of the pot that held a busted player's last
// chips, with their stack at the start of the hand.
type PotWinner struct {
	Entry      EntryID
	StartStack Chips
}

// BountyPayment is what one eliminator gets for a knockout.
type BountyPayment struct {
	Entry EntryID
	Cash  Chips // paid now
	Added Chips // added to their own bounty (progressive knockout)
}

// Knockout pays the bounty of a busted entry. winners are the winners of
// the pot holding the victim's last chips, earliest position first; only
// those who covered the victim (started the hand with at least as many
// chips) share it. A split divides the bounty evenly, odd chips one each
// to the earliest positions (R-TRN-14). In a progressive knockout each
// share is paid half in cash (the odd chip in cash) and half onto the
// eliminator's own bounty.
func (b *Bounties) Knockout(victim EntryID, victimStartStack Chips, winners []PotWinner) ([]BountyPayment, error) {
	if b.Mode == NoBounty {
		return nil, ErrNotBountyEvent
	}
	amount, ok := b.amount[victim]
	if !ok {
		return nil, fmt.Errorf("%w: entry %d", ErrNoBounty, victim)
	}
	var covered []EntryID
	for _, w := range winners {
		if w.Entry != victim && w.StartStack >= victimStartStack {
			covered = append(covered, w.Entry)
		}
	}
	if len(covered) == 0 {
		return nil, ErrNoCoveringWinner
	}
	delete(b.amount, victim)
	n := Chips(len(covered))
	each, odd := amount/n, amount%n
	out := make([]BountyPayment, len(covered))
	for i, e := range covered {
		share := each
		if Chips(i) < odd {
			share++
		}
		p := BountyPayment{Entry: e, Cash: share}
		if b.Mode == ProgressiveKnockout {
			p.Added = share / 2
			p.Cash = share - p.Added
			b.amount[e] += p.Added
		}
		out[i] = p
	}
	return out, nil
}

// CollectOwn pays the tournament winner their own bounty and removes it.
// It also serves for a bounty that leaves play otherwise (a disqualified
// entry), the caller deciding where the chips go.
func (b *Bounties) CollectOwn(e EntryID) (Chips, error) {
	v, ok := b.amount[e]
	if !ok {
		return 0, ErrBountyCollected
	}
	delete(b.amount, e)
	return v, nil
}
