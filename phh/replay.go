package phh

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/pokerroom/pokerroom/engine"
)

// Status is the outcome of replaying one hand.
type Status uint8

// The outcomes of a replay.
const (
	// Match: the engine accepted every action and its final stacks equal
	// finishing_stacks (within one chip for half-chip hands), or, for a hand
	// without finishing_stacks, it accepted every action.
	Match Status = iota
	// Mismatch: an action was refused, the stacks differ, or the hand did
	// not end.
	Mismatch
	// Skipped: the variant (or a forced-bet layout) is not one the engine
	// plays.
	Skipped
	// Apart: stacks that differ where the corpus's README says to count
	// the hand apart: a big-blind ante with ante_trimming_status = true
	// (PokerKit returns the ante like an uncalled bet, the room follows the
	// seeds). Reported apart, not as a mismatch; Reason says why. No hand
	// is counted apart by name.
	Apart
	// Unreadable: a file, or a part of one, that could not be read or parsed
	// as a hand history: an error in the input, not a hand that mismatched.
	Unreadable
)

var statusNames = [...]string{"match", "mismatch", "skipped", "apart", "unreadable"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "Status(" + strconv.Itoa(int(s)) + ")"
}

// Result is the outcome of replaying one hand.
type Result struct {
	Hand     *Hand // nil when the input could not be read as a hand
	Status   Status
	Expected []float64 // finishing_stacks (nil if the hand has none)
	Actual   []int64   // the engine's stacks after the last action (nil if it never started)
	// Refused is the first action the engine refused (nil if none); Err
	// says why, or why the hand failed otherwise.
	Refused *Action
	Err     error
	// Reason explains a skip or why the hand is counted apart.
	Reason string
	// PokerKitRules: the hand matched only when replayed with
	// engine.PokerKitRules (see Replayer.Replay).
	PokerKitRules bool

	HalfChip     bool // finishing_stacks hold fractions (Pluribus split pots): compared within one chip
	AnteTrimming bool // ante_trimming_status with a big-blind ante
	LegalityOnly bool // no finishing_stacks: replayed for legality only

	// Engine is the engine hand after the replay (nil when it never
	// started); Setup holds the inputs it was started from.
	Engine *engine.Hand
	Setup  Setup
}

// Setup is what the engine hand was started from.
type Setup struct {
	Config engine.Config
	Seats  []engine.Seat
	Button int
	Deck   []engine.Card
	// NoSmallBlind: the hand posts one blind (blinds_or_straddles = [X, 0,
	// ...]): a dead small blind, X is the big blind.
	NoSmallBlind bool
	// Replay is the replay convention the hand was played by (PokerKit's,
	// when it matched only that way).
	Replay engine.ReplayRules
	// Scale is the number of engine chips per PHH chip: 1, or more for a
	// hand whose amounts have fractions (quarter chips are played as 4).
	Scale float64
}

// Engine returns the engine's setup of the hand.
func (s *Setup) Engine() engine.Setup {
	return engine.Setup{Rules: s.Config, Seats: s.Seats, Button: s.Button, Deck: s.Deck, NoSmallBlind: s.NoSmallBlind}
}

// Report is the line printed for a hand that did not match (and for hands
// counted apart or skipped for a reason other than their variant); "" for
// the others.
func (r *Result) Report() string {
	if r.Status == Match || r.Status == Skipped && strings.HasPrefix(r.Reason, "unsupported variant") {
		return ""
	}
	label := "?"
	if r.Hand != nil {
		label = r.Hand.Label()
	}
	switch r.Status {
	case Skipped:
		return "skipped " + label + ": " + r.Reason
	}
	var b strings.Builder
	switch r.Status {
	case Apart:
		b.WriteString("apart ")
	case Unreadable:
		b.WriteString("error ")
	default:
		b.WriteString("mismatch ")
	}
	if r.Hand == nil {
		b.WriteString(r.Err.Error())
		return b.String()
	}
	b.WriteString(label)
	b.WriteString(": ")
	if r.Expected != nil {
		b.WriteString("expected ")
		b.WriteString(formatFloats(r.Expected))
		b.WriteString(", ")
	}
	b.WriteString("actual ")
	if r.Actual != nil {
		b.WriteString(formatInts(r.Actual, r.Setup.Scale))
	} else {
		b.WriteString("none")
	}
	if r.Refused != nil {
		fmt.Fprintf(&b, "; refused actions[%d] %q (line %d)", r.Refused.Index, r.Refused.String(), r.Refused.Line)
	}
	if r.Err != nil {
		b.WriteString(": ")
		b.WriteString(r.Err.Error())
	}
	if r.Status == Apart {
		b.WriteString(" (")
		b.WriteString(r.Reason)
		b.WriteString(")")
	}
	return b.String()
}

func formatFloats(xs []float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = formatNumber(x)
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func formatInts(xs []int64, scale float64) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		if scale > 1 {
			parts[i] = formatNumber(float64(x) / scale)
		} else {
			parts[i] = strconv.FormatInt(x, 10)
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

// Variants maps the PHH variant codes the engine plays to its game and
// betting structure.
var Variants = map[string]struct {
	Game    engine.Game
	Betting engine.Betting
}{
	"NT":   {engine.Holdem, engine.NoLimit},
	"PO":   {engine.Omaha, engine.PotLimit},
	"FT":   {engine.Holdem, engine.FixedLimit},
	"FO/8": {engine.OmahaHiLo, engine.FixedLimit},
	"FO8":  {engine.OmahaHiLo, engine.FixedLimit},
}

// errSetup marks a hand whose fields cannot be given to the engine.
var errSetup = errors.New("phh")

// scales are the chip units tried, in order, for hands whose amounts are
// not whole numbers (a stack of 1259450.25 is played in quarter chips).
var scales = [...]float64{1, 2, 4, 10, 20, 50, 100, 1000}

// scaleOf returns the smallest unit scale that makes every amount the engine
// needs a whole number (finishing stacks are not considered: half-chip split
// pots are compared within one chip instead), 0 if none does.
func scaleOf(h *Hand) float64 {
	for _, k := range scales {
		ok := func(x float64) bool { y := x * k; return y == math.Trunc(y) || math.IsInf(x, 1) }
		good := ok(h.SmallBet) && ok(h.BigBet) && ok(h.MinBet)
		for _, xs := range [][]float64{h.Antes, h.BlindsOrStraddles, h.StartingStacks} {
			for _, x := range xs {
				good = good && ok(x)
			}
		}
		for i := range h.Actions {
			good = good && ok(h.Actions[i].Amount)
		}
		if good {
			return k
		}
	}
	return 0
}

// chips converts a PHH amount to whole chips.
func chips(x float64, what string) (int64, error) {
	if x != math.Trunc(x) || math.IsInf(x, 0) || x < 0 || x > 1<<53 {
		return 0, fmt.Errorf("%w: %s %s is not a whole number of chips", errSetup, what, formatNumber(x))
	}
	return int64(x), nil
}

// effective returns the forced bet of player i: PHH reverses the arrays in
// heads-up hands (required.rst), so p1, the big blind, posts entry 1.
func effective(xs []float64, i int) float64 {
	if len(xs) == 2 {
		return xs[1-i]
	}
	if i < len(xs) {
		return xs[i]
	}
	return 0
}

// Configure maps a hand's fields to the engine's inputs: configuration,
// seats (p1 is seat 0, the button the last seat) and button. skip is set when
// the engine does not play the hand's variant or forced-bet layout.
func Configure(h *Hand) (s Setup, skip string, err error) {
	return configure(h, nil, false)
}

// configure is Configure with the seats built in buf's memory.
func configure(h *Hand, buf []engine.Seat, pokerKit bool) (s Setup, skip string, err error) {
	v, ok := Variants[h.Variant]
	if !ok {
		return s, "unsupported variant " + h.Variant, nil
	}
	n := h.Players()
	if n > engine.MaxSeats {
		return s, fmt.Sprintf("%d players, the engine seats at most %d", n, engine.MaxSeats), nil
	}
	k := scaleOf(h)
	if k == 0 {
		return s, "", fmt.Errorf("%w: amounts with fractions finer than a thousandth of a chip", errSetup)
	}
	chips := func(x float64, what string) (int64, error) { return chips(x*k, what) }
	cfg := engine.Config{Game: v.Game, Betting: v.Betting, AntesFirst: true}
	sb, bb := 0, 1 // player indexes of the blinds
	if n == 2 {
		sb, bb = 1, 0
	}
	for i := 0; i < n; i++ {
		x, err := chips(effective(h.BlindsOrStraddles, i), "blind or straddle")
		if err != nil {
			return s, "", err
		}
		switch {
		case i == sb:
			cfg.SmallBlind = x
		case i == bb:
			cfg.BigBlind = x
		case i == 2 && n > 2:
			cfg.Straddle = x
		case x != 0:
			return s, fmt.Sprintf("forced bet of %d by p%d: only blinds and a straddle left of the big blind are played", x, i+1), nil
		}
	}
	// One blind posted by p1 ([X, 0, ...]) is a big blind with a dead small
	// blind (R-SEAT-2): p1, left of the button, posts the big blind.
	noSB := n > 2 && cfg.BigBlind == 0 && cfg.SmallBlind > 0
	if noSB {
		cfg.SmallBlind, cfg.BigBlind = 0, cfg.SmallBlind
		bb = 0
	}
	seats := append(buf[:0], make([]engine.Seat, n)...)
	var antesBuf [engine.MaxSeats]int64
	antes := antesBuf[:n]
	uniform, bbOnly := true, true
	for i := 0; i < n; i++ {
		a, err := chips(effective(h.Antes, i), "ante")
		if err != nil {
			return s, "", err
		}
		antes[i] = a
		uniform = uniform && a == antes[0]
		bbOnly = bbOnly && (i == bb) == (a != 0)
		if math.IsInf(h.StartingStacks[i], 1) {
			return s, fmt.Sprintf("p%d's starting stack is unknown", i+1), nil
		}
		if seats[i].Stack, err = chips(h.StartingStacks[i], "starting stack"); err != nil {
			return s, "", err
		}
	}
	switch {
	case uniform:
		cfg.Ante = antes[0]
	case bbOnly:
		cfg.BigBlindAnte = antes[bb]
	default:
		for i := range seats {
			seats[i].Ante = antes[i]
		}
	}
	if v.Betting == engine.FixedLimit {
		cfg.RaiseCap = h.RaiseCap
		if cfg.SmallBet, err = chips(h.SmallBet, "small bet"); err != nil {
			return s, "", err
		}
		if cfg.BigBet, err = chips(h.BigBet, "big bet"); err != nil {
			return s, "", err
		}
	} else if h.MinBet*k != float64(cfg.BigBlind) {
		return s, fmt.Sprintf("min_bet %s differs from the big blind %d", formatNumber(h.MinBet), cfg.BigBlind), nil
	}
	if cfg.Rake, err = scaledRake(h.Rake, chips); err != nil {
		return s, "", err
	}
	s = Setup{Config: cfg, Seats: seats, Button: n - 1, Scale: k, NoSmallBlind: noSB}
	if pokerKit {
		s.Replay = engine.PokerKitRules
	}
	return s, "", nil
}

// scaledRake is a hand's rake with its cap and step in the replay's chips.
func scaledRake(r engine.Rake, chips func(float64, string) (int64, error)) (engine.Rake, error) {
	if r.Percent < 0 || r.Percent > 100 || r.Cap < 0 || r.Step < 0 {
		return r, fmt.Errorf("%w: rake %d%% capped at %d by steps of %d", errSetup, r.Percent, r.Cap, r.Step)
	}
	capped, err := chips(float64(r.Cap), "rake cap")
	if err != nil {
		return r, err
	}
	step, err := chips(float64(r.Step), "rake step")
	return engine.Rake{Percent: r.Percent, Cap: capped, Step: step}, err
}

// cardsOf collects the dealt hole cards and board of a hand, unknown hole
// cards ("????") replaced by the cards the player shows later.
func cardsOf(h *Hand, holeCards int, rp *Replayer) (hole [][]engine.Card, board []engine.Card, err error) {
	n := h.Players()
	hole = rp.hole[:n]
	for i := range hole {
		hole[i] = rp.holeCards[i][:0]
	}
	board = rp.board[:0]
	for _, a := range h.Actions {
		switch a.Kind {
		case DealHole:
			hole[a.Player-1] = append(hole[a.Player-1], a.Cards...)
		case DealBoard:
			board = append(board, a.Cards...)
		}
	}
	for _, a := range h.Actions {
		if a.Kind != ShowOrMuck || len(a.Cards) == 0 {
			continue
		}
		cs := hole[a.Player-1]
		if len(cs) != len(a.Cards) {
			return nil, nil, fmt.Errorf("%w: actions[%d] (line %d): p%d shows %d cards, was dealt %d", errSetup, a.Index, a.Line, a.Player, len(a.Cards), len(cs))
		}
		for k, c := range a.Cards {
			switch {
			case c == engine.NoCard:
			case cs[k] == engine.NoCard:
				cs[k] = c
			case !hasCard(cs, c):
				return nil, nil, fmt.Errorf("%w: actions[%d] (line %d): p%d shows %v, not among the cards dealt", errSetup, a.Index, a.Line, a.Player, c)
			}
		}
	}
	for i, cs := range hole {
		if len(cs) != 0 && len(cs) != holeCards {
			return nil, nil, fmt.Errorf("%w: p%d was dealt %d hole cards, the variant deals %d", errSetup, i+1, len(cs), holeCards)
		}
	}
	if len(board) > 5 {
		return nil, nil, fmt.Errorf("%w: %d board cards dealt, at most 5", errSetup, len(board))
	}
	return hole, board, nil
}

func hasCard(cs []engine.Card, c engine.Card) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// Replay drives the engine with a hand's actions and compares the final
// stacks with finishing_stacks.
func Replay(h *Hand) Result {
	return new(Replayer).Replay(h)
}

// Replayer replays hands one after the other, reusing its memory: the
// Engine, Actual and Setup.Seats of a result it returns are only valid until
// its next Replay. The zero value is ready to use.
type Replayer struct {
	hand      engine.Hand
	seats     [engine.MaxSeats]engine.Seat
	hole      [engine.MaxSeats][]engine.Card
	holeCards [engine.MaxSeats][8]engine.Card
	board     [8]engine.Card
	actual    [engine.MaxSeats]int64
	dealt     [8]engine.Card
}

// dealtBoard returns the first board the engine dealt, from its events, in
// the Replayer's memory.
func (rp *Replayer) dealtBoard(eh *engine.Hand) []engine.Card {
	out := rp.dealt[:0]
	for _, e := range eh.Events() {
		if e.Kind == engine.EvDealBoard && e.Board == 0 {
			out = append(out, e.Cards...)
		}
	}
	return out
}

// stacks returns the engine hand's stacks in the Replayer's memory.
func (rp *Replayer) stacks(eh *engine.Hand) []int64 {
	out := rp.actual[:eh.NumSeats()]
	for i := range out {
		out[i] = eh.Stack(i)
	}
	return out
}

// Replay is the package's Replay with the Replayer's memory.
//
// A hand is replayed under the room's rules first. When it does not match,
// it is replayed again with engine.PokerKitRules, which reproduces PokerKit
// 0.7.4's choices (the program that judged the generated hands); a match
// then counts, marked PokerKitRules. A hand that matches neither way is a
// mismatch, reported with the room's result.
func (rp *Replayer) Replay(h *Hand) Result {
	r := rp.replay(h, false)
	if r.Status != Mismatch || r.Engine == nil {
		return r
	}
	if pk := rp.replay(h, true); pk.Status == Match {
		pk.PokerKitRules = true
		return pk
	}
	return rp.replay(h, false) // the room's result, for the report
}

func (rp *Replayer) replay(h *Hand, pokerKit bool) Result {
	r := Result{Hand: h, Expected: h.FinishingStacks, LegalityOnly: h.FinishingStacks == nil}
	setup, skip, err := configure(h, rp.seats[:0], pokerKit)
	if skip != "" {
		r.Status, r.Reason = Skipped, skip
		return r
	}
	if err != nil {
		r.Status, r.Err = Mismatch, err
		return r
	}
	r.Setup = setup
	cfg := setup.Config
	r.AnteTrimming = h.AnteTrimmingStatus && cfg.BigBlindAnte > 0
	for _, x := range h.FinishingStacks {
		if x != math.Trunc(x) {
			r.HalfChip = true
		}
	}
	n := h.Players()
	hole, board, err := cardsOf(h, cfg.Game.HoleCards(), rp)
	if err != nil {
		r.Status, r.Err = Mismatch, err
		return r
	}
	deck, err := engine.ArrangeDeck(cfg, n, setup.Button, hole, [][]engine.Card{board}, nil)
	if err != nil {
		r.Status, r.Err = Mismatch, err
		return r
	}
	r.Setup.Deck = deck
	eh := &rp.hand
	if err := eh.RecycleReplay(r.Setup.Engine(), setup.Replay); err != nil {
		r.Status, r.Err = Mismatch, err
		return r
	}
	r.Engine = eh
	for i := range h.Actions {
		a := &h.Actions[i]
		if err := step(eh, a, setup.Scale); err != nil {
			r.Status, r.Refused, r.Err = Mismatch, a, err
			r.Actual = rp.stacks(eh)
			return r
		}
	}
	r.Actual = rp.stacks(eh)
	if !eh.Done() {
		if h.FinishingStacks == nil {
			return r // a partial history, legal so far
		}
		r.Status = Mismatch
		r.Err = fmt.Errorf("the hand is not over after the last action (%s, seat p%d to act)", eh.Street(), eh.ToAct()+1)
		return r
	}
	if got := rp.dealtBoard(eh); len(got) < len(board) || !sameCards(got[:len(board)], board) {
		r.Status = Mismatch
		r.Err = fmt.Errorf("the engine dealt the board %s, the hand %s", cardString(got), cardString(board))
		return r
	}
	if h.FinishingStacks != nil && !sameStacks(r.Actual, h.FinishingStacks, setup.Scale, r.HalfChip) {
		r.Status = Mismatch
		if r.AnteTrimming {
			r.Status, r.Reason = Apart, "ante trimming: PokerKit returns the big-blind ante like an uncalled bet"
		}
	}
	return r
}

// step applies one PHH action to the engine hand.
func step(eh *engine.Hand, a *Action, scale float64) error {
	switch a.Kind {
	case NoOp, DealHole, DealBoard:
		// The deck was arranged from the dealt cards; the engine deals by
		// itself and its board is compared with the hand's at the end.
		return nil
	case ShowOrMuck:
		// The engine runs the showdown itself (cards speak); the shown
		// cards were checked against the dealt ones when arranging the deck.
		return nil
	case BringIn, StandPatOrDiscard:
		return fmt.Errorf("%s is not an action of this variant", a.Kind)
	}
	seat := a.Player - 1
	ea := engine.Action{Seat: seat}
	l := eh.Legal()
	switch a.Kind {
	case Fold:
		ea.Kind = engine.Fold
	case CheckOrCall:
		ea.Kind = engine.Call
		if l.Seat == seat && l.CanCheck {
			ea.Kind = engine.Check
		}
	case CompleteBetOrRaiseTo:
		to, err := chips(a.Amount*scale, "amount")
		if err != nil {
			return err
		}
		ea.Amount = to
		switch {
		case l.Seat == seat && to == l.AllInTo:
			ea.Kind = engine.AllIn
		case l.Seat == seat && l.CanBet:
			ea.Kind = engine.Bet
		default:
			ea.Kind = engine.Raise
		}
	}
	_, err := eh.Apply(ea)
	return refusal(err)
}

// refusal restates an engine refusal with PHH player numbers.
func refusal(err error) error {
	if err == nil {
		return nil
	}
	var ae *engine.ActionError
	if !errors.As(err, &ae) {
		return err
	}
	l := ae.Legal
	msg := ae.Err.Error()
	switch {
	case l.Seat < 0:
		msg += " (nobody is to act)"
	case errors.Is(ae.Err, engine.ErrBelowMinimum) || errors.Is(ae.Err, engine.ErrAboveMaximum):
		msg += fmt.Sprintf(" (%s to %d, allowed %d to %d)", ae.Action.Kind, ae.Action.Amount, l.MinTo, l.MaxTo)
	default:
		msg += fmt.Sprintf(" (p%d to act: fold %v, check %v, call %d, bet %v, raise %v)", l.Seat+1, l.CanFold, l.CanCheck, l.CallAmount, l.CanBet, l.CanRaise)
	}
	return errors.New(msg)
}

// sameStacks compares engine stacks (in units of 1/scale chip) with PHH
// stacks; half-chip hands may differ by one chip.
func sameStacks(got []int64, want []float64, scale float64, halfChip bool) bool {
	if len(got) != len(want) {
		return false
	}
	for i := range got {
		d := math.Abs(float64(got[i]) - want[i]*scale)
		if d != 0 && !(halfChip && d <= scale) {
			return false
		}
	}
	return true
}

func sameCards(a, b []engine.Card) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if b[i] != engine.NoCard && a[i] != b[i] {
			return false
		}
	}
	return true
}

func cardString(cs []engine.Card) string {
	var b strings.Builder
	writeCards(&b, cs)
	if b.Len() == 0 {
		return "(none)"
	}
	return b.String()
}
