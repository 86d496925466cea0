package pokerstars

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/engine"
)

// Observer is the Hero of an export that shows nobody's hole cards but the
// ones shown at the showdown (a spectator's or an operator's view).
const Observer = -1

// Tournament holds the fields of a tournament hand's header:
// "Tournament #2001, 300+20 Hold'em No Limit - Level IV (50/100)".
type Tournament struct {
	// Number is the tournament's number.
	Number int64
	// BuyIn and Fee are the entry in chips and the house's fee ("300+20");
	// both zero write "Freeroll".
	BuyIn, Fee int64
	// Level is the blind level, from 1, written in Roman numerals.
	Level int
	// Finished are the players this hand knocked out, in the order to
	// write them.
	Finished []Finish
}

// Finish is a player's place in a tournament, written after the pots:
// "ann finished the tournament in 8th place" ("... and received 300." with
// a prize), or for the winner "ann wins the tournament and receives 4500 -
// congratulations!".
type Finish struct {
	Seat  int   // engine seat index
	Place int   // from 1
	Prize int64 // 0 for none
}

// Hand is one hand played by the engine with what the PokerStars format
// needs besides: its setup and events are the ones the table stored
// (engine.Setup, Hand.Events()).
type Hand struct {
	// Setup is what the hand started from: rules, seats, button, deck.
	Setup engine.Setup
	// Events are the hand's events, all of them: the hand must be over.
	Events []engine.Event

	// Number is the hand's number ("PokerStars Hand #Number:"), positive.
	Number int64
	// Table is the table's name, without apostrophes or line breaks.
	Table string
	// MaxSeats is the table's size ("9-max"): at least the players dealt in
	// and the highest seat number.
	MaxSeats int
	// Time is when the hand started, in the room's time zone: PokerStars
	// writes it with the zone's abbreviation, then in Eastern time
	// ("2026/11/26 21:05:00 CET [2026/11/26 15:05:00 ET]").
	Time time.Time
	// Players are the players' names by engine seat index (Setup.Seats):
	// distinct, each on one line without spaces around it.
	Players []string
	// Seats are the players' table seats (1 to MaxSeats) by engine seat
	// index; nil numbers them 1, 2, 3... in engine order.
	Seats []int
	// Hero is the engine seat index of the exporting player, whose hole
	// cards (and draws) are written; Observer for nobody's.
	Hero int
	// Tournament is set for a tournament hand.
	Tournament *Tournament
}

// ErrHand is wrapped by every error about a hand the package cannot write.
var ErrHand = errors.New("pokerstars: cannot write hand")

func handError(h *Hand, format string, args ...any) error {
	return fmt.Errorf("%w #%d: "+format, append([]any{ErrHand, h.Number}, args...)...)
}

// WriteHand writes one hand as PokerStars hand-history text, ending with a
// line break. See Writer.Write.
func WriteHand(w io.Writer, h Hand) error {
	return NewWriter(w).Write(h)
}

// Writer writes hands one after another to one io.Writer, separated by
// three blank lines as PokerStars separates them. It keeps one hand's text
// at a time and reuses its buffers, so a long export holds no more than one
// hand. It is not safe for concurrent use.
type Writer struct {
	w   io.Writer
	buf []byte
	n   int // hands written
	st  handState
	err error
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w, buf: make([]byte, 0, 4096)} }

// Write writes one hand. The hand is checked and laid out first and written
// with one call to the underlying writer, so a hand refused writes nothing
// and the Writer can go on with the next. A refusal wraps ErrHand and says
// why: bad metadata (names, seats, table, time, tournament), a hand not
// over, events that are not the setup's hand (the events are replayed
// through the engine from the setup, as engine.Resume does, and every one
// must come out the same), a joker, which PokerStars has no card for. An
// error of the underlying writer is returned, and by every later call.
//
// What is written, line by line: the header (game, stakes, time), the table
// and button, the seats with their stacks, the antes and blinds, "*** HOLE
// CARDS ***" (five-card draw: "*** DEALING HANDS ***", then the draw without
// a header of its own, as PokerStars writes single-draw games) with the
// hero's cards, every action with its amount ("raises 40 to 60", "calls
// 20", "and is all-in"), the streets, uncalled bets returned, the showdown
// and the pots (from the last side pot to the main pot, the hands of the
// pot's players, shown with their value or mucked, then who collects it,
// each hi/lo half on its line; "No low hand qualified" when no low did), and
// the summary: total pot and rake, board, one line per seat. A board run
// twice is written as PokerStars writes it: the streets dealt after the
// all-in as "*** FIRST TURN ***" and "*** SECOND TURN ***", a showdown per
// run, "Hand was run twice" and both boards in the summary.
//
// Only the hero's hole cards and the hands shown are written: an opponent
// who mucks is "mucked" in the summary without cards (PokerStars writes
// them).
//
// A five-card draw hand nobody opened ends without a winner: its pot is
// carried to the next hand, which PokerStars has no line for; the summary
// gives the pot and no seat collects it, and the next hand's total pot
// holds the carried chips besides the ones its players put in.
func (w *Writer) Write(h Hand) error {
	if w.err != nil {
		return w.err
	}
	w.buf = w.buf[:0]
	if w.n > 0 {
		w.buf = append(w.buf, "\n\n\n"...)
	}
	buf, err := w.st.write(w.buf, &h)
	w.buf = buf
	if err != nil {
		w.buf = w.buf[:0]
		return err
	}
	if _, err := w.w.Write(w.buf); err != nil {
		w.err = fmt.Errorf("pokerstars: write: %w", err)
		return w.err
	}
	w.n++
	return nil
}

// seatState follows one player through the hand.
type seatState struct {
	bet       int64 // chips in front of the player this round
	voluntary bool  // posted a blind or put chips in: PokerStars' "(didn't bet)" is its absence
	folded    bool
	foldedOn  engine.Street
	showed    bool
	shown     []engine.Card
	desc      [2][2]int // on each board: the description's start and end in handState.desc
	mucked    bool
	won       int64
	wonOn     [2]int64 // by board, for a board run twice
}

// handState is the reusable state of writing one hand.
type handState struct {
	seats   [engine.MaxSeats]seatState
	order   [engine.MaxSeats]int // engine seats by table seat number
	board   []engine.Card
	board2  []engine.Card // the second run of a board run twice
	hero    []engine.Card
	discard []engine.Card
	desc    []byte // the shown hands' descriptions
	shows   []int  // indexes of show and muck events
	awards  []int  // indexes of award events
	potNet  [engine.MaxSeats + 1]int64
	// eligible are the seats that can win each pot (bit i: seat i).
	eligible [engine.MaxSeats + 1]uint16
	engine   engine.Hand // the hand replayed, its memory reused

	// What the sections of one hand share.
	n       int  // players dealt in
	draw    bool // five-card draw
	runs    int  // 1, or 2 for a board run twice
	common  int  // board cards dealt before a board run twice; -1 before the hands are shown
	street  engine.Street
	top     int64 // the bet to call this round
	rake    int64
	carried int64  // a draw pot nobody opened, carried to the next hand
	dealt   bool   // the hole cards' header is written
	pots    int    // pots awarded
	written uint16 // the seats whose hands this run's showdown has written (bit i: seat i)
}

// replay plays the hand's actions again from its setup, as engine.Resume
// does but in the reused st.engine: every event the engine makes must be
// the one given, and the hand must be over.
func (st *handState) replay(h *Hand) error {
	err := st.replayBy(h, 0)
	if err != nil && st.replayBy(h, engine.NominalBlindRules) == nil {
		return nil // stored before the short big blind rule (engine.Resume does the same)
	}
	return err
}

// replayBy is replay by the engine's replay conventions r.
func (st *handState) replayBy(h *Hand, r engine.ReplayRules) error {
	eh := &st.engine
	if err := eh.RecycleReplay(h.Setup, r); err != nil {
		return handError(h, "the setup does not start a hand: %v", err)
	}
	for {
		got := eh.Events()
		for i := range got {
			if i >= len(h.Events) {
				return handError(h, "the hand is not over: %d events, the engine goes on", len(h.Events))
			}
			if !sameEvent(got[i], h.Events[i]) {
				return handError(h, "the events are not the setup's hand: event %d is %s seat %d %d, the replay gives %s seat %d %d",
					i, h.Events[i].Kind, h.Events[i].Seat, h.Events[i].Amount, got[i].Kind, got[i].Seat, got[i].Amount)
			}
		}
		if len(got) == len(h.Events) {
			if !eh.Done() {
				return handError(h, "the hand is not over")
			}
			return nil
		}
		e := h.Events[len(got)]
		a, ok := e.Action()
		if !ok {
			return handError(h, "the events are not the setup's hand: event %d (%s) is not what the replay gives", len(got), e.Kind)
		}
		if _, err := eh.Apply(a); err != nil {
			return handError(h, "the events are not the setup's hand: event %d: %v", len(got), err)
		}
	}
}

// sameEvent compares two events field by field.
func sameEvent(a, b engine.Event) bool {
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

// write lays out one hand in b, section by section, after checking it and
// replaying its events.
func (st *handState) write(b []byte, h *Hand) ([]byte, error) {
	st.n = len(h.Setup.Seats)
	if err := check(h, st.n); err != nil {
		return b, err
	}
	if err := st.reset(h); err != nil {
		return b, err
	}
	b = appendHeader(b, h)
	b = st.appendTable(b, h)
	b, err := st.appendEvents(b, h)
	if err != nil {
		return b, err
	}
	st.orderShows(h)
	if len(st.awards) == 0 && st.carried == 0 && !emptyPot(h.Events) {
		return b, handError(h, "the hand is not over: no pot was awarded or carried over")
	}
	// The showdown and the pots: once, or once per run of the board.
	for run := 0; run < st.runs; run++ {
		b = st.appendShowdown(b, h, run)
	}
	if len(st.shows) == 0 {
		for i := 0; i < st.n; i++ {
			if st.seats[i].won > 0 {
				b = appendAct(b, h, i, "doesn't show hand\n")
			}
		}
	}
	b = appendFinishes(b, h)
	return st.appendSummary(b, h), nil
}

// reset clears the state of the previous hand and replays this one's
// events, which checks that they are this setup's hand and gives the pots'
// players, which order the showdown's lines.
func (st *handState) reset(h *Hand) error {
	st.seats = [engine.MaxSeats]seatState{}
	st.board, st.board2, st.hero, st.discard = st.board[:0], st.board2[:0], st.hero[:0], st.discard[:0]
	st.shows, st.awards, st.desc = st.shows[:0], st.awards[:0], st.desc[:0]
	st.potNet, st.eligible = [engine.MaxSeats + 1]int64{}, [engine.MaxSeats + 1]uint16{}
	if err := st.replay(h); err != nil {
		return err
	}
	res := st.engine.Result()
	for p, pot := range res.Pots {
		if p < len(st.eligible) {
			for _, i := range pot.Eligible {
				st.eligible[p] |= 1 << i
			}
		}
	}
	return nil
}

// check refuses what cannot be written, before anything is.
func check(h *Hand, n int) error {
	cfg := h.Setup.Rules
	switch {
	case h.Number <= 0:
		return handError(h, "the hand number must be positive")
	case n < 2 || n > engine.MaxSeats:
		return handError(h, "%d players dealt in, want 2 to %d", n, engine.MaxSeats)
	case h.Setup.Button < 0 || h.Setup.Button >= n:
		return handError(h, "button %d outside the %d seats", h.Setup.Button, n)
	case len(h.Players) != n:
		return handError(h, "%d player names for %d seats", len(h.Players), n)
	case h.Seats != nil && len(h.Seats) != n:
		return handError(h, "%d table seats for %d players", len(h.Seats), n)
	case h.Hero != Observer && (h.Hero < 0 || h.Hero >= n):
		return handError(h, "hero seat %d outside the %d seats (Observer is %d)", h.Hero, n, Observer)
	case h.Time.IsZero():
		return handError(h, "no time")
	case h.Table == "" || strings.ContainsAny(h.Table, "'\r\n"):
		return handError(h, "table name %q: want one without apostrophes or line breaks", h.Table)
	case h.MaxSeats < n || h.MaxSeats > 99:
		return handError(h, "a %d-max table for %d players", h.MaxSeats, n)
	case cfg.Game == engine.Draw && cfg.Draw.Jokers > 0:
		return handError(h, "PokerStars has no jokers")
	case cfg.Game > engine.Draw || cfg.Betting > engine.FixedLimit:
		return handError(h, "unknown game %d or betting %d", cfg.Game, cfg.Betting)
	}
	if t := h.Tournament; t != nil {
		if t.Number <= 0 || t.Level <= 0 || t.Level > 3999 || t.BuyIn < 0 || t.Fee < 0 {
			return handError(h, "tournament #%d level %d buy-in %d+%d: want a positive number and level (up to 3999) and no negative buy-in",
				t.Number, t.Level, t.BuyIn, t.Fee)
		}
		for _, f := range t.Finished {
			if f.Seat < 0 || f.Seat >= n || f.Place < 1 || f.Prize < 0 {
				return handError(h, "a finish %+v: want a seat of the hand, a place from 1 and no negative prize", f)
			}
		}
	}
	for i, p := range h.Players {
		if strings.TrimSpace(p) != p || p == "" || strings.ContainsAny(p, "\r\n") {
			return handError(h, "player %d's name %q: want a name on one line, without spaces around it", i, p)
		}
		for j := range i {
			if h.Players[j] == p {
				return handError(h, "players %d and %d are both named %q: the text could not tell them apart", j, i, p)
			}
		}
	}
	if h.Seats != nil {
		var used [100]bool
		for i, s := range h.Seats {
			if s < 1 || s > h.MaxSeats || used[s] {
				return handError(h, "player %d at table seat %d: want distinct seats 1 to %d", i, s, h.MaxSeats)
			}
			used[s] = true
		}
	}
	return nil
}

// emptyPot reports whether a hand ended with nothing in the pot: every
// chip posted went back uncalled (a walk to a big blind whose small blind
// was dead, R-SEAT-2), so there is no pot to award.
func emptyPot(events []engine.Event) bool {
	var in, back int64
	for _, e := range events {
		switch e.Kind {
		case engine.EvPostAnte, engine.EvPostSmallBlind, engine.EvPostBigBlind, engine.EvPostStraddle, engine.EvPostBigBlindAnte:
			in += e.Amount
		case engine.EvReturnUncalled:
			back += e.Amount
		case engine.EvDealHole, engine.EvFold:
		default:
			return false
		}
	}
	return in == back
}
