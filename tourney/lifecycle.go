package tourney

import (
	"errors"
	"fmt"
	"time"
)

// Kind is how a tournament starts (R-TRN-1).
type Kind int

const (
	// Scheduled starts at a fixed date and time.
	Scheduled Kind = iota
	// SitAndGo starts when its seats are full.
	SitAndGo
)

// State is a step of a tournament's life (R-TRN-1).
type State int

const (
	Announced        State = iota // published, registration not yet open
	RegistrationOpen              // taking entries
	LateRegistration              // running, late registration still open
	Running                       // running, registration closed
	FinalTable                    // the players fit the final table
	Finished                      // one player left, or ended by time or deal
	Cancelled                     // cancelled, entries refunded
)

func (s State) String() string {
	switch s {
	case Announced:
		return "announced"
	case RegistrationOpen:
		return "registration open"
	case LateRegistration:
		return "running (late registration)"
	case Running:
		return "running"
	case FinalTable:
		return "final table"
	case Finished:
		return "finished"
	case Cancelled:
		return "cancelled"
	}
	return fmt.Sprintf("state(%d)", int(s))
}

// Unlimited is the rebuy limit that means no limit (seed 000: 99).
const Unlimited = 99

// RebuyRules configure rebuys (R-TRN-4); Limit 0 means no rebuys. The
// whole price goes to the prize pool.
type RebuyRules struct {
	Limit int
	Price Chips
	Stack Chips // chips per rebuy; 0 means the starting stack
}

// AddOnRules configure the add-on; a zero Stack means no add-on. It is
// offered once, when the rebuy period ends, or when late registration
// ends in a tournament without rebuys (R-TRN-4, seed 000).
type AddOnRules struct {
	Price Chips
	Stack Chips
}

// TicketRule pays a satellite: seats worth SeatValue, the leftover by
// Leftover (SatelliteBuyIn is needed for LeftoverInDoubleBuyIns).
type TicketRule struct {
	SeatValue      Chips
	Leftover       LeftoverRule
	SatelliteBuyIn Chips
}

// Config is what an organiser sets for a tournament.
type Config struct {
	Name    string
	Kind    Kind
	StartAt time.Time // scheduled events
	// MinPlayers is the minimum to start (R-TRN-1); 0 means the default:
	// DefaultMinPlayers (10, seed 001) for a scheduled event, capped at
	// MaxPlayers, and all its seats for a sit-and-go.
	MinPlayers int
	// MaxPlayers caps the field; a sit-and-go starts when it is reached.
	// 0 means no cap (scheduled events only).
	MaxPlayers int
	TableSize  int // 2, 4, 6, 9 or 10
	BuyIn      BuyIn
	Structure  Structure
	// LateRegistration keeps registration (and re-entry) open after the
	// start until CloseLateRegistration.
	LateRegistration bool
	// MaxEntries is the number of entries a player may buy (re-entry,
	// R-TRN-3); 0 or 1 means no re-entry.
	MaxEntries int
	Rebuys     RebuyRules
	AddOn      AddOnRules
	Guarantee  Chips
	Bounty     BountyMode
	Payout     PayoutRule
	// Tickets, when set, pays the pool as seats to a target event
	// (a satellite, R-TRN-15) instead of by Payout.
	Tickets *TicketRule
	// LeagueShare is the part of the collected pool, in basis points
	// (1/100 of a percent), that feeds a league (R-LGE-1); 0 for none.
	LeagueShare int
	Anonymous   bool // R-TRN-13
}

// Errors about configuration and the lifecycle.
var (
	ErrBadMinPlayers     = errors.New("minimum players must be at least 2 and at most the maximum")
	ErrSitAndGoNeedsMax  = errors.New("a sit-and-go needs its number of seats")
	ErrBadRebuyLimit     = errors.New("rebuy limit must be 0..99 (99 = unlimited)")
	ErrBadMaxEntries     = errors.New("entries per player must be 0..99")
	ErrNegativeAmount    = errors.New("negative amount")
	ErrBadLeagueShare    = errors.New("league share must be 0..10000 basis points")
	ErrWrongState        = errors.New("not allowed in this state")
	ErrTooEarly          = errors.New("start time not reached")
	ErrNotFull           = errors.New("sit-and-go not full")
	ErrBountyNeedsBounty = errors.New("knockout tournament needs a bounty part in the buy-in")
	ErrAddOnNoPeriod     = errors.New("an add-on is offered when the rebuy period or late registration ends: the tournament has neither")
)

// StateError says which state refused an operation.
type StateError struct {
	Op    string
	State State
}

func (e *StateError) Error() string { return fmt.Sprintf("%s: not allowed when %s", e.Op, e.State) }

func (e *StateError) Unwrap() error { return ErrWrongState }

// Validate checks a configuration.
func (c Config) Validate() error {
	if !ValidTableSize(c.TableSize) {
		return fmt.Errorf("%w: %d", ErrBadTableSize, c.TableSize)
	}
	if err := c.Structure.Validate(); err != nil {
		return err
	}
	min := c.minPlayers()
	if min < 2 || (c.MaxPlayers > 0 && min > c.MaxPlayers) {
		return ErrBadMinPlayers
	}
	if c.Kind == SitAndGo && c.MaxPlayers <= 0 {
		return ErrSitAndGoNeedsMax
	}
	if c.Rebuys.Limit < 0 || c.Rebuys.Limit > Unlimited {
		return ErrBadRebuyLimit
	}
	if c.MaxEntries < 0 || c.MaxEntries > 99 {
		return ErrBadMaxEntries
	}
	if c.BuyIn.Prize < 0 || c.BuyIn.Bounty < 0 || c.BuyIn.Fee < 0 || c.Rebuys.Price < 0 ||
		c.Rebuys.Stack < 0 || c.AddOn.Price < 0 || c.AddOn.Stack < 0 || c.Guarantee < 0 {
		return ErrNegativeAmount
	}
	for _, v := range []Chips{c.BuyIn.Total(), c.Rebuys.Price, c.Rebuys.Stack, c.AddOn.Price, c.AddOn.Stack, c.Guarantee} {
		if v > MaxChips || v < 0 { // v < 0: the buy-in's parts overflowed
			return fmt.Errorf("%w: %d (at most %d)", ErrAmountTooLarge, v, MaxChips)
		}
	}
	if c.Kind != Scheduled && c.Kind != SitAndGo {
		return fmt.Errorf("%w: tournament kind %d", ErrUnknownValue, c.Kind)
	}
	if c.Bounty != NoBounty && c.Bounty != Knockout && c.Bounty != ProgressiveKnockout {
		return fmt.Errorf("%w: bounty mode %d", ErrUnknownValue, c.Bounty)
	}
	if c.MaxPlayers < 0 || c.MaxPlayers > MaxSeats {
		return fmt.Errorf("%w: at most %d players", ErrBadMinPlayers, MaxSeats)
	}
	if c.AddOn.Stack > 0 && c.Rebuys.Limit == 0 && !c.LateRegistration {
		return ErrAddOnNoPeriod
	}
	if c.LeagueShare < 0 || c.LeagueShare > 10000 {
		return ErrBadLeagueShare
	}
	if c.Bounty != NoBounty && c.BuyIn.Bounty == 0 {
		return ErrBountyNeedsBounty
	}
	if tk := c.Tickets; tk != nil {
		if tk.SeatValue <= 0 {
			return ErrBadSeatValue
		}
		if tk.SeatValue < c.BuyIn.Prize {
			return ErrSeatBelowBuyIn
		}
		if tk.Leftover == LeftoverInDoubleBuyIns && tk.SatelliteBuyIn <= 0 {
			return ErrBadSatBuyIn
		}
		if tk.Leftover != LeftoverToNext && tk.Leftover != LeftoverInDoubleBuyIns {
			return fmt.Errorf("%w: leftover rule %d", ErrUnknownValue, tk.Leftover)
		}
		if tk.SeatValue > MaxChips || tk.SatelliteBuyIn > MaxChips {
			return fmt.Errorf("%w: seat value %d", ErrAmountTooLarge, tk.SeatValue)
		}
	} else if err := c.Payout.Validate(); err != nil {
		return err
	}
	return nil
}

// DefaultMinPlayers is a scheduled event's minimum number of players when
// its configuration sets none (R-TRN-1, seed 001).
const DefaultMinPlayers = 10

// MinToStart is the number of entries the event needs to start
// (R-TRN-1): see minPlayers.
func (c Config) MinToStart() int { return c.minPlayers() }

// minPlayers is the number of entries the event needs to start: the
// configured minimum; by default a sit-and-go's seats (it starts when full)
// and for a scheduled event DefaultMinPlayers, or its maximum when that is
// smaller.
func (c Config) minPlayers() int {
	switch {
	case c.MinPlayers != 0:
		return c.MinPlayers
	case c.Kind == SitAndGo:
		return c.MaxPlayers
	case c.MaxPlayers > 0 && c.MaxPlayers < DefaultMinPlayers:
		return c.MaxPlayers
	}
	return DefaultMinPlayers
}

// Tournament is one tournament's direction: its state, entries, seating,
// bounties and standings. It is not safe for concurrent use: the room's
// tournament actor owns it.
type Tournament struct {
	cfg   Config
	state State
	// finalAtDraw: Start seats the field under the rule of before
	// 2026-11-26 (UseFinalAtDraw).
	finalAtDraw bool
	entries     []*Entry
	lastID      EntryID // the last entry ID given; IDs are never reused
	taken       Chips   // every chip paid in (buy-ins, rebuys, add-ons): kept within MaxChips
	refused     map[PlayerID]bool
	seating     *Seating
	bounties    *Bounties
	rebuys      bool        // rebuy period open
	addOn       bool        // add-on window open
	addOnOver   bool        // the add-on window was open and has closed
	out         [][]EntryID // elimination groups in order
	removed     Chips       // chips taken out of play by disqualification
	refunds     []Refund
	nextAlias   int
	start       time.Time
	// carried is prize money brought in from other events: a staged
	// final's flights (R-TRN-16).
	carried Chips
}

// New creates an announced tournament.
func New(cfg Config) (*Tournament, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	t := &Tournament{cfg: cfg, refused: make(map[PlayerID]bool)}
	if cfg.Bounty != NoBounty {
		t.bounties = NewBounties(cfg.Bounty)
	}
	return t, nil
}

// Config returns the configuration.
func (t *Tournament) Config() Config { return t.cfg }

// State returns the current state.
func (t *Tournament) State() State { return t.state }

// Seating returns the tables (nil before the start).
func (t *Tournament) Seating() *Seating { return t.seating }

// Bounties returns the bounties (nil without knockout).
func (t *Tournament) Bounties() *Bounties { return t.bounties }

// Clock returns the level clock, started when the tournament started (the
// zero Clock before). The caller adds pauses to it and asks it, with the
// current time, for the level of the next hand.
func (t *Tournament) Clock() Clock {
	return Clock{Start: t.start, Structure: t.cfg.Structure}
}

// Carry adds prize money brought in from other events to the pool: a
// staged final's qualifying flights (R-TRN-16). Only before the start.
func (t *Tournament) Carry(c Chips) error {
	if t.state != Announced && t.state != RegistrationOpen {
		return &StateError{"carry prize money", t.state}
	}
	if c < 0 {
		return ErrNegativeAmount
	}
	taken, err := addChips(t.taken, c)
	if err != nil {
		return fmt.Errorf("the prize pool would pass %d chips: %w", MaxChips, err)
	}
	t.carried += c
	t.taken = taken
	return nil
}

// OpenRegistration opens registration.
func (t *Tournament) OpenRegistration() error {
	if t.state != Announced {
		return &StateError{"open registration", t.state}
	}
	t.state = RegistrationOpen
	return nil
}

// ShouldStart reports whether the tournament is due to start: a scheduled
// event at its start time, a sit-and-go when full (R-TRN-1).
func (t *Tournament) ShouldStart(now time.Time) bool {
	if t.state != RegistrationOpen {
		return false
	}
	if t.cfg.Kind == SitAndGo {
		return t.active() >= t.cfg.MaxPlayers
	}
	return !now.Before(t.cfg.StartAt)
}

// Start starts the tournament: it seats the entries at random (TDA 6) and
// opens the rebuy period. A scheduled event under its minimum is
// cancelled instead, every entry refunded (see Refunds), and Start
// returns nil with the state Cancelled.
func (t *Tournament) Start(now time.Time, rng Rand) error {
	if rng == nil {
		return ErrNilRand
	}
	if t.state != RegistrationOpen {
		return &StateError{"start", t.state}
	}
	switch {
	case t.cfg.Kind == SitAndGo && t.active() < t.cfg.MaxPlayers:
		return ErrNotFull
	case t.cfg.Kind == Scheduled && now.Before(t.cfg.StartAt):
		return ErrTooEarly
	}
	if t.active() < t.cfg.minPlayers() {
		t.cancel()
		return nil
	}
	ids := make([]EntryID, 0, len(t.entries))
	for _, e := range t.entries {
		ids = append(ids, e.ID)
	}
	draw := Draw
	if t.finalAtDraw {
		draw = DrawFinalAtDraw
	}
	s, err := draw(ids, t.cfg.TableSize, rng)
	if err != nil {
		return err
	}
	t.seating = s
	t.start = now
	if t.bounties != nil {
		for _, e := range t.entries {
			_ = t.bounties.Add(e.ID, t.cfg.BuyIn.Bounty)
		}
	}
	if t.cfg.Anonymous {
		perm := make([]int, len(ids))
		for i := range perm {
			perm[i] = i + 1
		}
		shuffle(rng, len(perm), func(a, b int) { perm[a], perm[b] = perm[b], perm[a] })
		for i, e := range t.entries {
			e.alias = perm[i]
		}
		t.nextAlias = len(perm)
	}
	t.rebuys = t.cfg.Rebuys.Limit > 0
	switch {
	case t.cfg.LateRegistration:
		t.state = LateRegistration
	case len(s.Tables) == 1:
		t.state = FinalTable
	default:
		t.state = Running
	}
	return nil
}

// CloseLateRegistration ends late registration and re-entry; the prize
// pool is then fixed (R-TRN-6) unless rebuys or an add-on remain. A
// tournament with an add-on but no rebuys offers the add-on now, when
// late registration ends (seed 000).
func (t *Tournament) CloseLateRegistration() error {
	if t.state != LateRegistration {
		return &StateError{"close late registration", t.state}
	}
	if t.cfg.Rebuys.Limit == 0 && t.cfg.AddOn.Stack > 0 {
		t.addOn = true
	}
	t.state = Running
	t.afterBust()
	return nil
}

// Cancel cancels a tournament that has not finished; every entry, rebuy
// and add-on is refunded in full.
func (t *Tournament) Cancel() error {
	if t.state == Finished || t.state == Cancelled {
		return &StateError{"cancel", t.state}
	}
	t.cancel()
	return nil
}

func (t *Tournament) cancel() {
	for _, e := range t.entries {
		t.refunds = append(t.refunds, e.refund())
	}
	t.state = Cancelled
	t.rebuys, t.addOn = false, false
}

// Refunds lists what was refunded by cancellation or unregistration.
func (t *Tournament) Refunds() []Refund { return append([]Refund(nil), t.refunds...) }

// Bust is a player who lost all their chips in a hand, with their stack at
// the start of that hand.
type Bust struct {
	Entry      EntryID
	StartStack Chips
}

// Errors about eliminations.
var (
	ErrUnknownEntry = errors.New("no such entry")
	ErrAlreadyOut   = errors.New("entry already out")
	ErrDuplicate    = errors.New("entry listed twice")
	ErrLastPlayer   = errors.New("cannot eliminate every remaining player")
)

// Eliminate records the players busted in one hand (R-TRN-7): the order
// of finish is the order of elimination; players busted in the same hand
// finish in the order of their stacks at the start of that hand, larger
// stack higher, and equal stacks tie and share those places' prizes. It
// takes them off their seats; the caller then calls Seating().Rebalance.
// When one player remains the tournament is finished.
func (t *Tournament) Eliminate(hand []Bust) error {
	if t.state != LateRegistration && t.state != Running && t.state != FinalTable {
		return &StateError{"eliminate", t.state}
	}
	seen := make(map[EntryID]bool)
	for _, b := range hand {
		e, err := t.entry(b.Entry)
		if err != nil {
			return err
		}
		if e.Out {
			return fmt.Errorf("%w: %s", ErrAlreadyOut, e.Name)
		}
		if seen[b.Entry] {
			return ErrDuplicate
		}
		seen[b.Entry] = true
	}
	if len(hand) >= t.active() && !(t.state == LateRegistration) {
		return ErrLastPlayer
	}
	t.record(hand, true)
	t.afterBust()
	return nil
}

// record appends the groups of a hand's busts to the elimination order,
// smaller stacks first (they finish lower), equal stacks as one tied
// group, and marks the entries out.
func (t *Tournament) record(hand []Bust, unseat bool) {
	sorted := append([]Bust(nil), hand...)
	for i := 1; i < len(sorted); i++ {
		for j := i; j > 0 && sorted[j].StartStack < sorted[j-1].StartStack; j-- {
			sorted[j], sorted[j-1] = sorted[j-1], sorted[j]
		}
	}
	for i := 0; i < len(sorted); {
		j := i
		var group []EntryID
		for j < len(sorted) && sorted[j].StartStack == sorted[i].StartStack {
			group = append(group, sorted[j].Entry)
			j++
		}
		t.out = append(t.out, group)
		for _, id := range group {
			e, _ := t.entry(id)
			e.Out = true
			if unseat && t.seating != nil {
				_ = t.seating.Remove(id)
			}
		}
		i = j
	}
}

// afterBust moves the state on when the field shrinks.
func (t *Tournament) afterBust() {
	if t.state == LateRegistration {
		return
	}
	switch n := t.active(); {
	case n <= 1:
		t.finish()
	case t.state == Running && t.finalDue(n):
		t.state = FinalTable
	}
}

// finalDue reports whether the n players left play at the final table
// (the seating's FinalTableDue once the players are seated).
func (t *Tournament) finalDue(n int) bool {
	if t.seating != nil {
		return t.seating.FinalTableDue()
	}
	return n <= FinalTableSize(t.cfg.TableSize)
}

// UseFinalAtDraw has Start seat the field under the rule of tournaments
// started before 2026-11-26 (Seating.FinalAtDraw): the replay of their
// stored log asks for it, so that it draws the seats it drew then.
func (t *Tournament) UseFinalAtDraw() { t.finalAtDraw = true }

func (t *Tournament) finish() {
	var rest []EntryID
	for _, e := range t.entries {
		if !e.Out {
			rest = append(rest, e.ID)
			e.Out = true
		}
	}
	if len(rest) > 0 {
		t.out = append(t.out, rest)
	}
	t.rebuys, t.addOn = false, false
	t.state = Finished
}

// FinishByChips ends the tournament with the players still in ranked by
// their stacks (a timed end, R-TRN-12, or a deal, for league points);
// equal stacks tie. It only places them: the players still in are paid
// by TimedEnd (ICM on their stacks) or by the deal, not by the prizes of
// their places that Results shows; use Results for the places and for
// the players already out.
func (t *Tournament) FinishByChips(stacks map[EntryID]Chips) error {
	if t.state != Running && t.state != FinalTable && t.state != LateRegistration {
		return &StateError{"finish", t.state}
	}
	var hand []Bust
	for _, e := range t.entries {
		if !e.Out {
			s, ok := stacks[e.ID]
			if !ok {
				return fmt.Errorf("%w: no stack for %s", ErrUnknownEntry, e.Name)
			}
			hand = append(hand, Bust{Entry: e.ID, StartStack: s})
		}
	}
	t.record(hand, false)
	t.rebuys, t.addOn = false, false
	t.state = Finished
	return nil
}

// Standing is one entry's finishing place. Tied entries share Place (the
// best of the places they cover) and Tied is how many share it.
type Standing struct {
	Entry EntryID
	Place int
	Tied  int
}

// Standings returns the places known so far, best first: the entries
// still in have no place yet and are left out; disqualified entries are
// not placed.
func (t *Tournament) Standings() []Standing {
	var out []Standing
	place := 1 + t.active()
	// Walk the groups from the last eliminated (best) to the first.
	var rev []Standing
	for g := len(t.out) - 1; g >= 0; g-- {
		group := t.out[g]
		for _, id := range group {
			rev = append(rev, Standing{Entry: id, Place: place, Tied: len(group)})
		}
		place += len(group)
	}
	out = append(out, rev...)
	return out
}

// Result is a finisher's place and prize, under their real name.
type Result struct {
	Entry  EntryID
	Player PlayerID
	Name   string
	Place  int
	Kind   PrizeKind // chips, a seat, or tournament money
	Prize  Chips     // the amount, or the seat's value
}

// Prizes returns the prizes by place for the current pool: ticket prizes
// (satellites) when the configuration names a seat value, else the payout
// rule's chip prizes for the number of entries.
func (t *Tournament) Prizes() ([]Prize, error) {
	pool := t.PrizePool().Total
	if tk := t.cfg.Tickets; tk != nil {
		return SatellitePrizes(pool, tk.SeatValue, tk.SatelliteBuyIn, tk.Leftover)
	}
	amounts, err := t.cfg.Payout.Payouts(t.PayoutEntries(), pool) // a pair counts once (R-TRN-19)
	if err != nil {
		return nil, err
	}
	out := make([]Prize, len(amounts))
	for i, a := range amounts {
		out[i] = Prize{Place: i + 1, Kind: ChipPrize, Chips: a}
	}
	return out, nil
}

// Results pays a finished tournament (R-TRN-7): the prizes of Prizes by
// finishing place, tied finishers sharing the sum of their places' prizes
// (odd chips to the earliest listed). A seat cannot be shared: tied
// players whose places are all seats each take one; tied players whose
// places include a seat and other places share the value as tournament
// money (R-TRN-15). Real names are shown, also in anonymous events (R-TRN-13). When
// disqualifications leave fewer finishers than paid places, the prizes of
// the places nobody reaches go to first place, so the chip prizes paid
// always sum to the pool.
func (t *Tournament) Results() ([]Result, error) {
	if t.state != Finished {
		return nil, &StateError{"results", t.state}
	}
	prizes, err := t.Prizes()
	if err != nil {
		return nil, err
	}
	st := t.Standings()
	values := make([]Chips, len(prizes))
	for i, p := range prizes {
		values[i] = p.Chips
	}
	if t.cfg.Tickets == nil && len(st) > 0 && len(st) < len(values) {
		// Disqualified entries take no place, so fewer players finish
		// than there are paid places: the prizes nobody reaches go to
		// first place, like a rounding remainder, and the pool is still
		// paid in full.
		for _, v := range values[len(st):] {
			values[0] += v
		}
		values = values[:len(st)]
	}
	var groups []int
	for i := 0; i < len(st); i += st[i].Tied {
		groups = append(groups, st[i].Tied)
	}
	amounts := ShareTies(values, groups)
	out := make([]Result, len(st))
	for i, s := range st {
		e, _ := t.entry(s.Entry)
		// Tied players whose places are all seats each take a seat; a
		// tie over seat and other places shares the seat's value as
		// tournament money (a seat cannot be split).
		kind, seats, covered := ChipPrize, 0, 0
		for k := s.Place - 1; k < s.Place-1+s.Tied; k++ {
			covered++
			if k < len(prizes) && prizes[k].Kind == SeatPrize {
				seats++
			}
		}
		switch {
		case seats > 0 && seats == covered:
			kind = SeatPrize
		case seats > 0:
			kind = TournamentMoney
		}
		out[i] = Result{Entry: s.Entry, Player: e.Player, Name: e.Name, Place: s.Place, Kind: kind, Prize: amounts[i]}
	}
	return out, nil
}
