package engine

import (
	"errors"
	"fmt"
)

// Seat states.
const (
	stActive uint8 = iota // in the hand with chips behind
	stFolded
	stAllIn
)

// cardArena is the room for the cards events carry (hole cards, boards,
// discards, draws, shows) so that a hand allocates nothing per event.
const cardArena = 320

// Hand is one hand of poker as a state machine: build it with New (or Reset,
// or Resume), ask Legal what the player to act may do, and Apply actions. All
// dealing, posting, pot building and awarding is automatic; the events record
// every step.
//
// A Hand is a plain value with fixed-size arrays: copying it copies the state
// (the event slice excepted, which shares its backing array).
type Hand struct {
	cfg      Config
	n        int
	button   int
	sb, bb   int // seat indexes of the blinds, -1 if none
	straddle int // seat index of the straddle, -1 if none
	nHole    int

	deck  [64]Card
	deckN int
	next  int // next card of the deck to deal

	start  [MaxSeats]int64
	stack  [MaxSeats]int64
	bet    [MaxSeats]int64 // chips put in during the current round
	total  [MaxSeats]int64 // chips bet this hand (blinds, bets), returns deducted
	ante   [MaxSeats]int64 // antes posted: dead money in the main pot
	status [MaxSeats]uint8
	// declared: all in by the all-in protection, chips kept behind (R-TIME-2)
	declared [MaxSeats]bool
	acted    [MaxSeats]bool  // acted since the round began
	faced    [MaxSeats]int64 // the bet level after this player's last action
	shown    [MaxSeats]bool
	hole     [MaxSeats][5]Card

	board  [2][5]Card
	boardN [2]int
	runs   int // boards dealt: 1, or 2 when run twice

	street    Street
	toAct     int
	curBet    int64 // the highest bet of the round (the nominal big blind preflop)
	fullBet   int64 // fixed limit: the level the next raise is counted from
	minRaise  int64 // no limit and pot limit: the smallest raise increment
	raises    int   // bets and raises this round, for the fixed-limit cap
	aggressor int   // last bettor or raiser of the current round, -1 if none
	lastAggr  int   // aggressor of the last betting round played
	dead      int64 // dead money: antes and a carried draw pot
	over      bool
	carry     int64 // pot carried to the next hand (draw, nobody opened)
	drawn     [MaxSeats]bool
	drawSeen  bool // the draw was reached (five-card draw)
	openValue HandValue

	discards  [64]Card // the draw's discard pile, in order
	discardN  int
	discardBy [64]int8 // seat that threw each discard
	reshuffle uint64   // discards taken at random so far (DrawConfig.ReshuffleSeed)

	pots  [MaxSeats + 1]potState
	nPots int
	rake  int64

	events []Event
	arena  *[cardArena]Card // on the heap, so that Reset can leave it to the previous hand's events
	arenaN int

	in inputs // the per-hand inputs of the Setup
}

// inputs are the parts of a Setup that are not table rules, and the replay
// conventions.
type inputs struct {
	carried        int64
	reshuffleSeed  uint64
	noSmallBlind   bool
	twoPlayersLeft bool
	pokerKit       bool
	nominalBlind   bool
}

// MaxChips is the most chips a stack, a stake (blind, ante, straddle, bet
// size, minimum bet) or a carried pot may hold: with ten such stacks a pot,
// a pot-limit raise and the rake arithmetic stay far inside int64.
const MaxChips = 1 << 50

// checkChips refuses amounts above MaxChips (New would otherwise compute
// overflowed, even negative, betting ranges).
func checkChips(cfg *Config, seats []Seat, carried int64) error {
	for _, v := range [...]int64{cfg.SmallBlind, cfg.BigBlind, cfg.Ante, cfg.BigBlindAnte, cfg.Straddle,
		cfg.SmallBet, cfg.BigBet, cfg.MinBet, cfg.Rake.Cap, cfg.Rake.Step, carried} {
		if v > MaxChips {
			return configError("stake %d above %d", v, int64(MaxChips))
		}
	}
	for i, s := range seats {
		if s.Stack > MaxChips || s.Ante > MaxChips {
			return configError("seat %d: stack or ante above %d", i, int64(MaxChips))
		}
	}
	return nil
}

// New starts a hand from the table's rules, the seats, the button and the
// deck, with no per-hand inputs: Start(Setup{Rules: cfg, Seats: seats,
// Button: button, Deck: deck}). seats are the players dealt in, clockwise;
// button indexes seats. The deck is dealt from its start (see ArrangeDeck
// for the order); it must hold enough cards for the game.
func New(cfg Config, seats []Seat, button int, deck []Card) (*Hand, error) {
	return Start(Setup{Rules: cfg, Seats: seats, Button: button, Deck: deck})
}

// Start starts the hand the setup describes: posts antes and blinds, deals
// the hole cards and stops at the first player to act.
func Start(s Setup) (*Hand, error) {
	h := new(Hand)
	if err := h.Reset(s); err != nil {
		return nil, err
	}
	return h, nil
}

// Reset starts a new hand in h. The previous hand's events (and the cards in
// them) stay as they were: a live table may still store or render them. On
// error h is left empty and over (Apply refuses every action with
// ErrHandOver) until the next successful Reset.
func (h *Hand) Reset(s Setup) error {
	*h = Hand{}
	return h.restart(s, inputs{})
}

// Recycle starts a new hand in h reusing its memory: Reset without an
// allocation, for simulations and replays that are done with the previous
// hand's events, which it overwrites.
func (h *Hand) Recycle(s Setup) error {
	ev, arena := h.events[:0], h.arena
	*h = Hand{events: ev, arena: arena}
	return h.restart(s, inputs{})
}

// ReplayRules are conventions of other programs that the engine can play by
// to replay their hand histories. They are not table rules: no Config or
// Setup holds them, so no table can be configured to play by them.
type ReplayRules uint8

// The replay conventions.
const (
	// PokerKitRules reproduces PokerKit 0.7.4's choices where they differ
	// from the room's rules, for replaying the hand histories it produced
	// (never for play):
	//   - any raise, even an all-in short of a full raise, reopens the
	//     betting (the room follows TDA 44, R-BET-6);
	//   - a big blind short of the full blind sets the amount to call at
	//     what it posted (the room asks for the full big blind);
	//   - the first raise over a straddle need only add the minimum bet
	//     (the room asks for at least the straddle's size, as over a big
	//     blind);
	//   - at the showdown the hands that cannot win anything are killed
	//     first and the pots rebuilt without them, so the pots of their
	//     all-in levels merge with their neighbours (the room splits each
	//     side pot on its own);
	//   - in hi/lo, a pot is split high/low whenever any hand left at the
	//     table has a qualifying low, and when none of the pot's own players
	//     has one they all share its low half (R-POT-5 gives such a pot to
	//     the high hand);
	//   - all the odd chips of a share go to the first winner left of the
	//     button, as with Config.OddChipsToFirst (R-POT-4: one each); the
	//     odd chip of a hi/lo split still goes to the high half.
	// See awardPokerKit in showdown.go for PokerKit's algorithm step by step.
	PokerKitRules ReplayRules = 1 << iota
	// NominalBlindRules is the room's own rule before R-BET-8/R-BET-9 were
	// applied to a big blind all in for less than the small blind: the
	// small blind covering it was still asked to call up to the nominal
	// big blind or fold. Hands stored then replay by it (Resume falls back
	// to it), never new ones.
	NominalBlindRules
)

// RecycleReplay is Recycle playing by the given replay conventions.
func (h *Hand) RecycleReplay(s Setup, r ReplayRules) error {
	ev, arena := h.events[:0], h.arena
	*h = Hand{events: ev, arena: arena}
	return h.restart(s, inputs{pokerKit: r&PokerKitRules != 0, nominalBlind: r&NominalBlindRules != 0})
}

// restart starts the hand of s in an empty h.
func (h *Hand) restart(s Setup, in inputs) error {
	if h.events == nil {
		h.events = make([]Event, 0, 64)
	}
	if h.arena == nil {
		h.arena = new([cardArena]Card)
	}
	in.carried, in.reshuffleSeed = s.CarriedPot, s.ReshuffleSeed
	in.noSmallBlind, in.twoPlayersLeft = s.NoSmallBlind, s.TwoPlayersLeft
	h.in = in
	if err := h.reset(s.Rules, s.Seats, s.Button, s.Deck); err != nil {
		*h = Hand{events: h.events[:0], arena: h.arena, over: true, toAct: -1, sb: -1, bb: -1, straddle: -1, aggressor: -1, lastAggr: -1}
		return err
	}
	return nil
}

func (h *Hand) reset(cfg Config, seats []Seat, button int, deck []Card) error {
	if err := cfg.validate(seats, button); err != nil {
		return err
	}
	if h.in.carried < 0 {
		return configError("negative carried pot %d", h.in.carried)
	}
	if err := checkChips(&cfg, seats, h.in.carried); err != nil {
		return err
	}
	h.cfg = cfg
	h.n = len(seats)
	h.button = button
	h.nHole = cfg.Game.HoleCards()
	if len(deck) > len(h.deck) {
		deck = deck[:len(h.deck)]
	}
	// The cards of the table's deck (R-CARD-7): 52 cards without jokers,
	// except in five-card draw, which may strip low ranks and add jokers.
	lowest, jokers := NewCard(Two, 0), 0
	if cfg.Game == Draw {
		lowest = NewCard(DrawRules{DeckSize: cfg.Draw.DeckSize}.LowestRank(), 0)
		jokers = cfg.Draw.Jokers
	}
	var seen CardSet
	for _, c := range deck {
		if !c.Valid() {
			return configError("deck holds an invalid card %d", uint8(c))
		}
		if c.IsJoker() && int(c-Joker1) >= jokers || !c.IsJoker() && c < lowest {
			return configError("deck holds %v, not in this table's deck", c)
		}
		if seen.Has(c) {
			return configError("deck holds %v twice", c)
		}
		seen = seen.Add(c)
	}
	if need := h.cardsNeeded(); len(deck) < need {
		return configError("deck of %d cards, this hand needs %d", len(deck), need)
	}
	h.deckN = copy(h.deck[:], deck)
	for i, s := range seats {
		if s.Stack <= 0 {
			return configError("seat %d has no chips", i)
		}
		h.start[i] = s.Stack
		h.stack[i] = s.Stack
	}
	h.dead = h.in.carried
	h.aggressor, h.lastAggr, h.toAct = -1, -1, -1
	h.runs = 1
	if cfg.Game == Draw {
		h.qualifiesToOpen(0) // fixes the opening reference value once
	}
	h.setPositions()
	h.postForced(seats)
	h.dealHoles()
	h.startPreflop()
	h.progress()
	return nil
}

// cardsNeeded is the deck size the hand needs in the worst case.
func (h *Hand) cardsNeeded() int {
	if h.cfg.Game == Draw {
		return h.n*5 + 2
	}
	return h.n*h.nHole + 8 // with three burns; a second run needs more, when the deck has them
}

// setPositions finds the blinds (R-BET-2, R-SEAT-2, R-SEAT-3).
func (h *Hand) setPositions() {
	h.sb, h.bb, h.straddle = -1, -1, -1
	if h.cfg.BigBlind <= 0 {
		return
	}
	switch {
	case h.n == 2 && h.in.noSmallBlind:
		h.bb = h.seatAfter(h.button)
	case h.n == 2: // heads-up: the button is the small blind
		h.sb, h.bb = h.button, h.seatAfter(h.button)
	case h.in.noSmallBlind:
		h.bb = h.seatAfter(h.button)
	default:
		h.sb = h.seatAfter(h.button)
		h.bb = h.seatAfter(h.sb)
	}
	if h.cfg.Straddle > 0 && h.n > 2 {
		h.straddle = h.seatAfter(h.bb)
	}
}

func (h *Hand) seatAfter(i int) int {
	i++
	if i == h.n {
		return 0
	}
	return i
}

// postForced posts antes, blinds, the big-blind ante and the straddle.
func (h *Hand) postForced(seats []Seat) {
	antes := func() {
		for k := 1; k <= h.n; k++ {
			i := (h.button + k) % h.n
			if a := h.cfg.Ante + seats[i].Ante; a > 0 {
				h.post(i, a, EvPostAnte, false)
			}
		}
	}
	bbAnte := func() {
		if h.cfg.BigBlindAnte > 0 && h.bb >= 0 {
			h.post(h.bb, h.cfg.BigBlindAnte, EvPostBigBlindAnte, false)
		}
	}
	antes()
	if h.cfg.AntesFirst {
		bbAnte()
	}
	switch {
	case h.sb >= 0 && seats[h.sb].Post > h.cfg.SmallBlind && h.sb != h.bb:
		// A newcomer who posts to enter and lands in the small blind puts
		// in a full big blind, not the small blind (R-SEAT-4, 003 #17).
		h.post(h.sb, min(seats[h.sb].Post, h.cfg.BigBlind), EvPostBigBlind, true)
	case h.sb >= 0 && h.cfg.SmallBlind > 0:
		h.post(h.sb, h.cfg.SmallBlind, EvPostSmallBlind, true)
	}
	if h.bb >= 0 {
		h.post(h.bb, h.cfg.BigBlind, EvPostBigBlind, true)
	}
	if !h.cfg.AntesFirst {
		bbAnte()
	}
	if h.straddle >= 0 {
		h.post(h.straddle, h.cfg.Straddle, EvPostStraddle, true)
	}
	for k := 1; k <= h.n; k++ {
		i := (h.button + k) % h.n
		if seats[i].Post > 0 && i != h.sb && i != h.bb && i != h.straddle {
			h.post(i, min(seats[i].Post, h.cfg.BigBlind), EvPostBigBlind, true)
		}
	}
}

// post moves up to amount from seat i's stack: into its bet for a blind, into
// the pot for an ante.
func (h *Hand) post(i int, amount int64, kind EventKind, live bool) {
	if h.stack[i] == 0 {
		return
	}
	if amount > h.stack[i] {
		amount = h.stack[i]
	}
	h.stack[i] -= amount
	if live {
		h.bet[i] += amount
		h.total[i] += amount
	} else {
		h.ante[i] += amount
		h.dead += amount
	}
	allIn := h.stack[i] == 0
	if allIn {
		h.status[i] = stAllIn
	}
	h.emit(Event{Kind: kind, Seat: i, Amount: amount, AllIn: allIn})
}

// dealHoles deals the hole cards one at a time round the table, starting
// left of the button.
func (h *Hand) dealHoles() {
	for r := 0; r < h.nHole; r++ {
		for k := 1; k <= h.n; k++ {
			i := (h.button + k) % h.n
			h.hole[i][r] = h.deck[h.next]
			h.next++
		}
	}
	for k := 1; k <= h.n; k++ {
		i := (h.button + k) % h.n
		h.emit(Event{Kind: EvDealHole, Seat: i, Cards: h.cards(h.hole[i][:h.nHole])})
	}
}

// Clone returns a deep copy of h: the copy and h share no memory, so either
// can go on without changing the other.
func (h *Hand) Clone() *Hand {
	c := *h
	if h.arena != nil {
		c.arena = new([cardArena]Card)
		copy(c.arena[:h.arenaN], h.arena[:h.arenaN])
	}
	c.events = make([]Event, len(h.events), max(cap(h.events), 64))
	copy(c.events, h.events)
	for i := range c.events {
		if cs := c.events[i].Cards; cs != nil {
			c.events[i].Cards = append([]Card(nil), cs...)
		}
	}
	return &c
}

// emit appends an event.
func (h *Hand) emit(e Event) {
	e.Seq = len(h.events)
	e.Street = h.street
	h.events = append(h.events, e)
}

// cards copies cs into the arena and returns the copy.
func (h *Hand) cards(cs []Card) []Card {
	if len(cs) == 0 {
		return nil
	}
	if h.arenaN+len(cs) > len(h.arena) {
		return append([]Card(nil), cs...)
	}
	out := h.arena[h.arenaN : h.arenaN+len(cs) : h.arenaN+len(cs)]
	copy(out, cs)
	h.arenaN += len(cs)
	return out
}

// Config returns the hand's configuration.
func (h *Hand) Config() Config { return h.cfg }

// NumSeats returns the number of players dealt in.
func (h *Hand) NumSeats() int { return h.n }

// Button returns the button's seat index.
func (h *Hand) Button() int { return h.button }

// Blinds returns the seat indexes of the small blind, big blind and
// straddle, -1 for each one not posted.
func (h *Hand) Blinds() (sb, bb, straddle int) { return h.sb, h.bb, h.straddle }

// Events returns the whole history so far. The caller must not modify it.
func (h *Hand) Events() []Event { return h.events[:len(h.events):len(h.events)] }

// ToAct returns the seat index of the player to act, -1 when the hand is over.
func (h *Hand) ToAct() int {
	if h.over {
		return -1
	}
	return h.toAct
}

// Done reports whether the hand is over.
func (h *Hand) Done() bool { return h.over }

// Street returns the current street.
func (h *Hand) Street() Street { return h.street }

// Stacks returns the stacks by seat index (the final ones when Done).
func (h *Hand) Stacks() []int64 { return append([]int64(nil), h.stack[:h.n]...) }

// Stack returns seat i's stack.
func (h *Hand) Stack(i int) int64 { return h.stack[i] }

// Bet returns seat i's chips in front of it in the current round.
func (h *Hand) Bet(i int) int64 { return h.bet[i] }

// Committed returns the chips seat i put in this hand so far.
func (h *Hand) Committed(i int) int64 { return h.total[i] + h.ante[i] }

// Folded reports whether seat i folded.
func (h *Hand) Folded(i int) bool { return h.status[i] == stFolded }

// IsAllIn reports whether seat i is all in (declared all in included).
func (h *Hand) IsAllIn(i int) bool { return h.status[i] == stAllIn }

// Declared reports whether seat i was declared all in by the all-in
// protection (R-TIME-2): in the hand for what it had put in, with its
// stack kept behind.
func (h *Hand) Declared(i int) bool { return h.declared[i] }

// Hole returns seat i's hole cards.
func (h *Hand) Hole(i int) []Card { return append([]Card(nil), h.hole[i][:h.nHole]...) }

// Board returns board b (0, or 1 for a second run).
func (h *Hand) Board(b int) []Card { return append([]Card(nil), h.board[b][:h.boardN[b]]...) }

// Pot returns every chip in the middle: pots, bets of the round and any
// carried pot (rake not yet taken).
func (h *Hand) Pot() int64 {
	t := h.dead
	for i := 0; i < h.n; i++ {
		t += h.total[i]
	}
	return t - h.rakeTaken()
}

func (h *Hand) rakeTaken() int64 { return h.rake }

// RakeTaken returns the rake of the finished hand.
func (h *Hand) RakeTaken() int64 { return h.rake }

// CarryOver returns the pot carried to the next hand (five-card draw when
// nobody opened).
func (h *Hand) CarryOver() int64 { return h.carry }

// Resume rebuilds a hand from the setup that started it and its events (all
// of them or a prefix): it replays the player actions the events record and
// checks that every other event comes out the same. The result equals the
// hand that produced the events, as it was after the last action included.
// Events the hand did not produce, or actions it refuses, give an error
// wrapping ErrResume (and, for a refused action, the *ActionError).
func Resume(setup Setup, events []Event) (*Hand, error) {
	return resumeStored(setup, 0, events, nil)
}

// ResumeSteps is Resume calling step after each action it replays, with
// the hand as the action left it, the action, and the seat to act and the
// street before it: what a table that watched the hand being played saw
// at each step (the fast folds out of turn it hid, R-CASH-7).
func ResumeSteps(setup Setup, events []Event, step func(h *Hand, a Action, prevToAct int, prevStreet Street)) (*Hand, error) {
	return resumeStored(setup, 0, events, step)
}

// ResumeReplay is Resume for a hand played by replay conventions.
func ResumeReplay(setup Setup, r ReplayRules, events []Event) (*Hand, error) {
	return resumeStored(setup, r, events, nil)
}

// resumeStored replays events by the conventions r, else, for a hand the
// room stored before a rule changed, by the room's earlier rule
// (NominalBlindRules). step sees the one replay that is kept.
func resumeStored(setup Setup, r ReplayRules, events []Event, step func(h *Hand, a Action, prevToAct int, prevStreet Street)) (*Hand, error) {
	play := func(r ReplayRules, step func(h *Hand, a Action, prevToAct int, prevStreet Street)) (*Hand, error) {
		h, err := StartReplay(setup, r)
		if err != nil {
			return nil, err
		}
		return h.resume(events, step)
	}
	h, err := play(r, nil)
	if err != nil && r&PokerKitRules == 0 {
		if old, oldErr := play(r|NominalBlindRules, nil); oldErr == nil {
			h, err, r = old, nil, r|NominalBlindRules
		}
	}
	if err != nil || step == nil {
		return h, err
	}
	return play(r, step)
}

// resume replays events on the freshly started h, calling step (when not
// nil) after each action.
func (h *Hand) resume(events []Event, step func(h *Hand, a Action, prevToAct int, prevStreet Street)) (*Hand, error) {
	for {
		m := min(len(h.events), len(events))
		for i := 0; i < m; i++ {
			if !sameEvent(h.events[i], events[i]) {
				return nil, &ResumeError{Seq: i, Want: events[i], Got: h.events[i]}
			}
		}
		if len(h.events) >= len(events) {
			return h, nil
		}
		e := events[len(h.events)]
		a, ok := e.Action()
		if !ok {
			return nil, &ResumeError{Seq: len(h.events), Want: e, Got: Event{Seq: -1}}
		}
		apply := h.Apply
		if a.Kind == Fold && a.Seat != h.toAct {
			// A fold out of turn: a fast fold (R-CASH-7).
			apply = func(a Action) ([]Event, error) { return h.FastFold(a.Seat) }
		}
		prevToAct, prevStreet := h.ToAct(), h.Street()
		if _, err := apply(a); err != nil {
			// The hand refuses the recorded action: the events are not
			// this hand's (reordered, wrong seat, changed amount...).
			return nil, fmt.Errorf("%w: event %d: %w", ErrResume, len(h.events), err)
		}
		if step != nil {
			step(h, a, prevToAct, prevStreet)
		}
	}
}

// ResumeError reports an event the replay did not reproduce.
type ResumeError struct {
	Seq  int
	Want Event // the event given
	Got  Event // the event the replay produced (Seq -1: none)
}

// ErrResume is wrapped by every ResumeError.
var ErrResume = errors.New("engine: events do not match the hand")

func (e *ResumeError) Error() string {
	return fmt.Sprintf("%v: event %d is %s seat %d %d, replay gives %s seat %d %d",
		ErrResume, e.Seq, e.Want.Kind, e.Want.Seat, e.Want.Amount, e.Got.Kind, e.Got.Seat, e.Got.Amount)
}

// Unwrap returns ErrResume.
func (e *ResumeError) Unwrap() error { return ErrResume }

func sameEvent(a, b Event) bool {
	if a.Seq != b.Seq || a.Kind != b.Kind || a.Street != b.Street || a.Seat != b.Seat || a.Amount != b.Amount ||
		a.AllIn != b.AllIn || a.Pot != b.Pot || a.Board != b.Board || a.Low != b.Low || len(a.Cards) != len(b.Cards) {
		return false
	}
	for i := range a.Cards {
		if a.Cards[i] != b.Cards[i] {
			return false
		}
	}
	return true
}

// HoleCard returns seat i's k-th hole card.
func (h *Hand) HoleCard(i, k int) Card { return h.hole[i][k] }

// NumHole returns the number of hole cards each player holds.
func (h *Hand) NumHole() int { return h.nHole }
