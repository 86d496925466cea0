package tourney

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Entry is one entry of a tournament. A player who re-enters has several,
// shown as "Ana", "Ana [2]", "Ana [3]" (R-TRN-3).
type Entry struct {
	ID     EntryID
	Player PlayerID
	Name   string // real display name with the entry number, e.g. "Ana [2]"
	Number int    // 1 for the first entry, 2 for the first re-entry, ...
	// Ticket is the ticket that paid the entry ("" when paid in chips or
	// free). A ticket covers the whole buy-in (R-TRN-2).
	Ticket       string
	Rebuys       int
	AddOn        bool
	Out          bool // busted, finished, disqualified or merged
	Disqualified bool
	// Merged: a pairs tournament's member whose stack joined their
	// partner's (R-TRN-19): out of play, with no place of its own.
	Merged bool
	// Pair is the pair of a pairs tournament's entry (R-TRN-19; 0: none):
	// a pair counts once in the payout table (SetPair).
	Pair      int
	alias     int
	paidChips Chips
}

// Payment says how an entry is paid: with a ticket, or (Ticket == "") in
// chips (nothing for a freeroll).
type Payment struct {
	Ticket string
}

// Refund is what a player gets back when an entry is cancelled.
type Refund struct {
	Entry  EntryID
	Player PlayerID
	Chips  Chips  // chips paid (buy-in, rebuys, add-on)
	Ticket string // the ticket returned, if the entry was paid by ticket
}

func (e *Entry) refund() Refund {
	return Refund{Entry: e.ID, Player: e.Player, Ticket: e.Ticket, Chips: e.paidChips}
}

// Errors about entries.
var (
	ErrRefused           = errors.New("the organiser refused this entry")
	ErrDisqualified      = errors.New("disqualified from this tournament")
	ErrFull              = errors.New("tournament full")
	ErrAlreadyRegistered = errors.New("already registered with an entry still in play")
	ErrReentryClosed     = errors.New("re-entry is only possible during late registration")
	ErrReentryLimit      = errors.New("no entries left")
	ErrNoName            = errors.New("a name is needed")
	ErrNotRegistered     = errors.New("not registered")
	ErrNoRebuys          = errors.New("no rebuys in this tournament")
	ErrRebuyClosed       = errors.New("the rebuy period is over")
	ErrRebuyStackTooHigh = errors.New("rebuys only at or below the starting stack")
	ErrRebuyLimit        = errors.New("rebuy limit reached")
	ErrNoAddOn           = errors.New("no add-on in this tournament")
	ErrAddOnClosed       = errors.New("the add-on is only offered at the end of the rebuy period")
	ErrAddOnOver         = errors.New("the add-on is over: it was offered for one level")
	ErrAddOnTaken        = errors.New("add-on already taken")
	ErrEntryOut          = errors.New("entry is out")
)

// entry finds an entry by its ID. IDs are given in increasing order and
// never reused: an unregistered entry's ID stays unused, so a stored ID
// never points at another player.
func (t *Tournament) entry(id EntryID) (*Entry, error) {
	i := sort.Search(len(t.entries), func(i int) bool { return t.entries[i].ID >= id })
	if id < 1 || i == len(t.entries) || t.entries[i].ID != id {
		return nil, fmt.Errorf("%w: %d", ErrUnknownEntry, id)
	}
	return t.entries[i], nil
}

// Entry returns a copy of an entry.
func (t *Tournament) Entry(id EntryID) (Entry, error) {
	e, err := t.entry(id)
	if err != nil {
		return Entry{}, err
	}
	return *e, nil
}

// Entries returns copies of the entries in registration order.
func (t *Tournament) Entries() []Entry {
	out := make([]Entry, 0, len(t.entries))
	for _, e := range t.entries {
		if e != nil {
			out = append(out, *e)
		}
	}
	return out
}

// active is the number of entries still in play.
func (t *Tournament) active() int {
	n := 0
	for _, e := range t.entries {
		if e != nil && !e.Out {
			n++
		}
	}
	return n
}

// Active is the number of entries still in play.
func (t *Tournament) Active() int { return t.active() }

// Refuse lets the organiser refuse a player (R-TRN-2, seed 001 #6): an
// entry not yet started is cancelled and refunded, later registrations
// are refused.
func (t *Tournament) Refuse(p PlayerID) {
	t.refused[p] = true
	if t.state == Announced || t.state == RegistrationOpen {
		t.dropRegistration(p)
	}
}

// Unregister withdraws a player's entry before the start, with a refund.
func (t *Tournament) Unregister(p PlayerID) error {
	if t.state != RegistrationOpen {
		return &StateError{"unregister", t.state}
	}
	if !t.dropRegistration(p) {
		return ErrNotRegistered
	}
	return nil
}

func (t *Tournament) dropRegistration(p PlayerID) bool {
	for i, e := range t.entries {
		if e.Player == p {
			t.refunds = append(t.refunds, e.refund())
			t.taken -= t.cfg.BuyIn.Total()
			t.entries = append(t.entries[:i], t.entries[i+1:]...)
			return true
		}
	}
	return false
}

// Registration is an accepted entry: the entry, its starting chips and,
// during late registration, its seat.
type Registration struct {
	Entry Entry
	Chips Chips
	Seat  Placement // zero before the start
}

// Register takes an entry in order of request (R-TRN-2). Before the
// start it only records the entry; during late registration the entry
// gets a full starting stack and a random seat (R-TRN-5), and a player
// whose entries are all out may re-enter up to MaxEntries (R-TRN-3),
// unless one of them was disqualified (R-TRN-20). name is the player's
// real display name.
func (t *Tournament) Register(p PlayerID, name string, pay Payment, rng Rand) (Registration, error) {
	if t.state != RegistrationOpen && t.state != LateRegistration {
		return Registration{}, &StateError{"register", t.state}
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return Registration{}, ErrNoName
	}
	if t.refused[p] {
		return Registration{}, ErrRefused
	}
	if t.cfg.MaxPlayers > 0 && t.active() >= t.cfg.MaxPlayers {
		return Registration{}, ErrFull
	}
	number := 1
	for _, e := range t.entries {
		if e.Player != p {
			continue
		}
		if e.Disqualified {
			return Registration{}, ErrDisqualified
		}
		if !e.Out {
			return Registration{}, ErrAlreadyRegistered
		}
		number++
	}
	if number > 1 {
		if t.state != LateRegistration {
			return Registration{}, ErrReentryClosed
		}
		if number > max(t.cfg.MaxEntries, 1) {
			return Registration{}, fmt.Errorf("%w: %d of %d used", ErrReentryLimit, number-1, max(t.cfg.MaxEntries, 1))
		}
	}
	// Every chip paid in counts, tickets at the buy-in's value: the pool
	// and the bounties can never pass MaxChips.
	if _, err := addChips(t.taken, t.cfg.BuyIn.Total()); err != nil {
		return Registration{}, fmt.Errorf("the prize pool would pass %d chips: %w", MaxChips, err)
	}
	t.taken += t.cfg.BuyIn.Total()
	t.lastID++
	e := &Entry{ID: t.lastID, Player: p, Number: number, Name: name, Ticket: pay.Ticket}
	if number > 1 {
		e.Name = fmt.Sprintf("%s [%d]", name, number)
	}
	if pay.Ticket == "" {
		e.paidChips = t.cfg.BuyIn.Total()
	}
	t.entries = append(t.entries, e)
	reg := Registration{Chips: t.cfg.Structure.StartingStack}
	if t.state == LateRegistration {
		if t.bounties != nil {
			_ = t.bounties.Add(e.ID, t.cfg.BuyIn.Bounty)
		}
		seat, err := t.seating.SeatLate(e.ID, rng)
		if err != nil {
			return Registration{}, err
		}
		reg.Seat = seat
		if t.cfg.Anonymous {
			t.nextAlias++
			e.alias = t.nextAlias
		}
	}
	reg.Entry = *e
	return reg, nil
}

// EntriesLeft is how many more entries player p may buy (R-TRN-3): the
// entries a player may buy (MaxEntries, at least one) less those they
// bought; none for a refused or disqualified player. Whether one can be
// bought now depends also on the state (late registration for a
// re-entry) and on the player having no entry still in play.
func (t *Tournament) EntriesLeft(p PlayerID) int {
	if t.refused[p] {
		return 0
	}
	left := max(t.cfg.MaxEntries, 1)
	for _, e := range t.entries {
		if e.Player != p {
			continue
		}
		if e.Disqualified {
			return 0
		}
		left--
	}
	return max(left, 0)
}

// Rebuy buys chips for an entry still in play during the rebuy period,
// when its stack (at the time of asking, before the next hand) is at or
// below the starting stack, up to the limit (99 = unlimited) (R-TRN-4). A
// rebuy declared before a hand starts plays in that hand (TDA 26). It
// returns the chips to add.
func (t *Tournament) Rebuy(id EntryID, stack Chips) (Chips, error) {
	e, err := t.entry(id)
	if err != nil {
		return 0, err
	}
	r := t.cfg.Rebuys
	switch {
	case t.state == Cancelled || t.state == Finished:
		return 0, &StateError{"rebuy", t.state}
	case r.Limit == 0:
		return 0, ErrNoRebuys
	case !t.rebuys:
		return 0, ErrRebuyClosed
	case e.Out:
		return 0, ErrEntryOut
	case stack < 0:
		return 0, fmt.Errorf("%w: stack %d", ErrNegativeAmount, stack)
	case stack > t.cfg.Structure.StartingStack:
		return 0, fmt.Errorf("%w: %d > %d", ErrRebuyStackTooHigh, stack, t.cfg.Structure.StartingStack)
	case r.Limit != Unlimited && e.Rebuys >= r.Limit:
		return 0, fmt.Errorf("%w: %d", ErrRebuyLimit, r.Limit)
	}
	if _, err := addChips(t.taken, r.Price); err != nil {
		return 0, fmt.Errorf("the prize pool would pass %d chips: %w", MaxChips, err)
	}
	t.taken += r.Price
	e.Rebuys++
	e.paidChips += r.Price
	if r.Stack > 0 {
		return r.Stack, nil
	}
	return t.cfg.Structure.StartingStack, nil
}

// EndRebuyPeriod closes rebuys and, when the tournament has one, opens
// the add-on (R-TRN-4).
func (t *Tournament) EndRebuyPeriod() error {
	if !t.rebuys {
		return ErrRebuyClosed
	}
	t.rebuys = false
	t.addOn = t.cfg.AddOn.Stack > 0
	return nil
}

// RebuysOpen reports whether the rebuy period is running.
func (t *Tournament) RebuysOpen() bool { return t.rebuys }

// AddOn buys the add-on for an entry still in play: once, at the end of
// the rebuy period (R-TRN-4). It returns the chips to add.
func (t *Tournament) AddOn(id EntryID) (Chips, error) {
	e, err := t.entry(id)
	if err != nil {
		return 0, err
	}
	switch {
	case t.state == Cancelled || t.state == Finished:
		return 0, &StateError{"add-on", t.state}
	case t.cfg.AddOn.Stack == 0:
		return 0, ErrNoAddOn
	case !t.addOn && t.addOnOver:
		return 0, ErrAddOnOver
	case !t.addOn:
		return 0, ErrAddOnClosed
	case e.Out:
		return 0, ErrEntryOut
	case e.AddOn:
		return 0, ErrAddOnTaken
	}
	if _, err := addChips(t.taken, t.cfg.AddOn.Price); err != nil {
		return 0, fmt.Errorf("the prize pool would pass %d chips: %w", MaxChips, err)
	}
	t.taken += t.cfg.AddOn.Price
	e.AddOn = true
	e.paidChips += t.cfg.AddOn.Price
	return t.cfg.AddOn.Stack, nil
}

// CloseAddOn ends the add-on window; the prize pool is then final.
func (t *Tournament) CloseAddOn() {
	t.addOnOver = t.addOnOver || t.addOn
	t.addOn = false
}

// PrizePool is a tournament's pool (R-TRN-6).
type PrizePool struct {
	Collected Chips // prize parts of entries (tickets count at their value), rebuys, add-ons and money carried in
	League    Chips // the share taken for the league (R-LGE-1)
	Overlay   Chips // what the organiser adds to reach the guarantee
	Total     Chips // what the payouts divide: Collected - League + Overlay
	Bounties  Chips // bounty parts, paid as knockouts, not in Total
	// Final is true when late registration, rebuys and the add-on are all
	// closed, so that the pool can no longer change.
	Final bool
}

// PrizePool computes the pool now: regular, or guaranteed with the
// organiser covering the overlay (R-TRN-6). Call it again when late
// registration or the add-on closes (REFERENCE.md).
func (t *Tournament) PrizePool() PrizePool {
	p := PrizePool{Collected: t.carried}
	for _, e := range t.entries {
		p.Collected += t.cfg.BuyIn.Prize + Chips(e.Rebuys)*t.cfg.Rebuys.Price
		if e.AddOn {
			p.Collected += t.cfg.AddOn.Price
		}
		p.Bounties += t.cfg.BuyIn.Bounty
	}
	p.League, _ = LeagueShare(p.Collected, t.cfg.LeagueShare)
	net := p.Collected - p.League
	p.Total = max(net, t.cfg.Guarantee)
	p.Overlay = p.Total - net
	p.Final = t.state != Announced && t.state != RegistrationOpen && t.state != LateRegistration && !t.rebuys && !t.addOn
	return p
}

// DisplayName is how an entry is shown: in an anonymous tournament a
// pseudonym ("Anonymous 3") while it is in play, and the real name once
// it is out or the tournament is over (R-TRN-13).
func (t *Tournament) DisplayName(id EntryID) (string, error) {
	e, err := t.entry(id)
	if err != nil {
		return "", err
	}
	if t.cfg.Anonymous && !e.Out && e.alias > 0 {
		return fmt.Sprintf("Anonymous %d", e.alias), nil
	}
	return e.Name, nil
}

// Disqualify removes an entry for collusion or chip dumping (R-TRN-20,
// TDA 64, 66-D): its chips (stack, passed by the caller) leave play, it
// takes no place and no prize, it leaves its seat, and the player may not
// re-enter (Register returns ErrDisqualified). It returns the
// chips removed; a knockout bounty on its head stays in Bounties for the
// organiser to settle (Bounties().CollectOwn).
func (t *Tournament) Disqualify(id EntryID, stack Chips) (Chips, error) {
	e, err := t.entry(id)
	if err != nil {
		return 0, err
	}
	if t.state != LateRegistration && t.state != Running && t.state != FinalTable {
		return 0, &StateError{"disqualify", t.state}
	}
	if e.Out {
		return 0, ErrAlreadyOut
	}
	if stack < 0 {
		return 0, fmt.Errorf("%w: stack %d", ErrNegativeAmount, stack)
	}
	e.Out, e.Disqualified = true, true
	if t.seating != nil {
		_ = t.seating.Remove(id)
	}
	t.removed += stack
	t.afterBust()
	return stack, nil
}

// MergeInto joins the entry merged to its pair's entry keep when a
// pairs tournament's separate phase ends (R-TRN-19, 001 #19): merged
// leaves play and its seat, takes no place, and the caller adds its
// stack to keep's. The pair is one entry of the payout table.
func (t *Tournament) MergeInto(keep, merged EntryID) error {
	if t.state != Running && t.state != FinalTable {
		return &StateError{"merge a pair", t.state}
	}
	k, err := t.entry(keep)
	if err != nil {
		return err
	}
	m, err := t.entry(merged)
	if err != nil {
		return err
	}
	if k.Out || m.Out {
		return ErrAlreadyOut
	}
	if keep == merged {
		return fmt.Errorf("%w: an entry merged into itself", ErrUnknownPair)
	}
	m.Out, m.Merged = true, true
	if t.seating != nil {
		_ = t.seating.Remove(merged)
	}
	t.afterBust()
	return nil
}

// SetPair puts entry e in a pairs tournament's pair (R-TRN-19): the
// entries of a pair count once in the payout table, however its members
// play (apart, merged, one out of chips before the merge), plus each
// re-entry of a member.
func (t *Tournament) SetPair(e EntryID, pair int) error {
	en, err := t.entry(e)
	if err != nil {
		return err
	}
	en.Pair = pair
	return nil
}

// PayoutEntries is the number of entries the payout table is for: every
// entry, a pair's counting once (a merged member's entry, or a pair's
// second member's, adds none) plus its members' re-entries (R-TRN-19).
func (t *Tournament) PayoutEntries() int {
	n := 0
	pairs, players := map[int]bool{}, map[PlayerID]bool{}
	for _, e := range t.entries {
		switch {
		case e.Pair == 0:
			if !e.Merged {
				n++
			}
		case !pairs[e.Pair]:
			pairs[e.Pair], players[e.Player] = true, true
			n++
		case players[e.Player]: // a member's re-entry
			n++
		default:
			players[e.Player] = true
		}
	}
	return n
}

// Pairs is the number of pairs with an entry (0 but in a pairs
// tournament).
func (t *Tournament) Pairs() int {
	pairs := map[int]bool{}
	for _, e := range t.entries {
		if e.Pair != 0 {
			pairs[e.Pair] = true
		}
	}
	return len(pairs)
}

// RemovedChips is the total of chips taken out of play by disqualification.
func (t *Tournament) RemovedChips() Chips { return t.removed }
