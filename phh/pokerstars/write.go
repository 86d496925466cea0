package pokerstars

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
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
}

// replay plays the hand's actions again from its setup, as engine.Resume
// does but in the reused st.engine: every event the engine makes must be
// the one given, and the hand must be over.
func (st *handState) replay(h *Hand) error {
	eh := &st.engine
	if err := eh.Recycle(h.Setup); err != nil {
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

func (st *handState) write(b []byte, h *Hand) ([]byte, error) {
	cfg := h.Setup.Rules
	n := len(h.Setup.Seats)
	if err := check(h, n); err != nil {
		return b, err
	}
	st.seats = [engine.MaxSeats]seatState{}
	st.board, st.board2, st.hero, st.discard = st.board[:0], st.board2[:0], st.hero[:0], st.discard[:0]
	st.shows, st.awards, st.desc = st.shows[:0], st.awards[:0], st.desc[:0]
	st.potNet, st.eligible = [engine.MaxSeats + 1]int64{}, [engine.MaxSeats + 1]uint16{}
	// Replaying the events checks that they are this setup's hand, and
	// gives the pots' players, which order the showdown's lines.
	if err := st.replay(h); err != nil {
		return b, err
	}
	res := st.engine.Result()
	for p, pot := range res.Pots {
		if p < len(st.eligible) {
			for _, i := range pot.Eligible {
				st.eligible[p] |= 1 << i
			}
		}
	}
	seatNo := func(i int) int {
		if h.Seats == nil {
			return i + 1
		}
		return h.Seats[i]
	}
	name := func(i int) string { return h.Players[i] }

	// Header.
	b = append(b, "PokerStars Hand #"...)
	b = strconv.AppendInt(b, h.Number, 10)
	b = append(b, ':')
	if t := h.Tournament; t != nil {
		b = append(b, " Tournament #"...)
		b = strconv.AppendInt(b, t.Number, 10)
		b = append(b, ", "...)
		if t.BuyIn == 0 && t.Fee == 0 {
			b = append(b, "Freeroll"...)
		} else {
			b = strconv.AppendInt(b, t.BuyIn, 10)
			b = append(b, '+')
			b = strconv.AppendInt(b, t.Fee, 10)
		}
		b = append(b, ' ')
		b = appendGame(b, cfg)
		b = append(b, " - Level "...)
		b = append(b, roman(t.Level)...)
		b = append(b, ' ')
	} else {
		b = append(b, "  "...)
		b = appendGame(b, cfg)
		b = append(b, ' ')
	}
	small, big := stakes(cfg)
	b = append(b, '(')
	b = strconv.AppendInt(b, small, 10)
	b = append(b, '/')
	b = strconv.AppendInt(b, big, 10)
	b = append(b, ") - "...)
	if zone, _ := h.Time.Zone(); zoneLabel(zone) != "ET" {
		b = appendTime(b, h.Time)
		b = append(b, ' ')
		b = append(b, zoneLabel(zone)...)
		b = append(b, " ["...)
		b = appendTime(b, eastern(h.Time))
		b = append(b, " ET]\n"...)
	} else {
		b = appendTime(b, eastern(h.Time))
		b = append(b, " ET\n"...)
	}

	// Table and seats.
	b = append(b, "Table '"...)
	b = append(b, h.Table...)
	b = append(b, "' "...)
	b = strconv.AppendInt(b, int64(h.MaxSeats), 10)
	b = append(b, "-max "...)
	if h.Tournament == nil {
		b = append(b, "(Play Money) "...)
	}
	b = append(b, "Seat #"...)
	b = strconv.AppendInt(b, int64(seatNo(h.Setup.Button)), 10)
	b = append(b, " is the button\n"...)
	for k := 0; k < n; k++ {
		st.order[k] = k
	}
	for k := 1; k < n; k++ { // insertion sort by table seat
		for j := k; j > 0 && seatNo(st.order[j]) < seatNo(st.order[j-1]); j-- {
			st.order[j], st.order[j-1] = st.order[j-1], st.order[j]
		}
	}
	for _, i := range st.order[:n] {
		b = append(b, "Seat "...)
		b = strconv.AppendInt(b, int64(seatNo(i)), 10)
		b = append(b, ": "...)
		b = append(b, name(i)...)
		b = append(b, " ("...)
		b = strconv.AppendInt(b, h.Setup.Seats[i].Stack, 10)
		b = append(b, " in chips)\n"...)
	}

	// The events.
	draw := cfg.Game == engine.Draw
	runs := 1
	for k := range h.Events {
		if e := &h.Events[k]; (e.Kind == engine.EvDealBoard || e.Kind == engine.EvAward) && e.Board != 0 {
			if e.Board != 1 || draw {
				return b, handError(h, "event %d is on board %d", k, e.Board)
			}
			runs = 2
		}
	}
	common := -1 // board cards dealt before a board run twice
	street := engine.Preflop
	var top, rake, carried int64
	dealt := false
	pots := 0
	act := func(i int, what string) {
		b = append(b, name(i)...)
		b = append(b, ": "...)
		b = append(b, what...)
	}
	amount := func(v int64) {
		b = append(b, ' ')
		b = strconv.AppendInt(b, v, 10)
	}
	allIn := func(e engine.Event) {
		if e.AllIn {
			b = append(b, " and is all-in"...)
		}
		b = append(b, '\n')
	}
	for k := range h.Events {
		e := &h.Events[k]
		if e.Street != street {
			street = e.Street
			top = 0
			for i := 0; i < n; i++ {
				st.seats[i].bet = 0
			}
		}
		var s *seatState
		if e.Seat >= 0 && e.Seat < n {
			s = &st.seats[e.Seat]
		} else if seatEvent(e.Kind) {
			return b, handError(h, "event %d (%s) names seat %d of %d", k, e.Kind, e.Seat, n)
		}
		switch e.Kind {
		case engine.EvPostAnte, engine.EvPostBigBlindAnte:
			act(e.Seat, "posts the ante")
			amount(e.Amount)
			allIn(*e)
		case engine.EvPostSmallBlind, engine.EvPostBigBlind, engine.EvPostStraddle:
			what := "posts small blind"
			switch e.Kind {
			case engine.EvPostBigBlind:
				what = "posts big blind"
			case engine.EvPostStraddle:
				what = "posts straddle"
			}
			act(e.Seat, what)
			amount(e.Amount)
			allIn(*e)
			s.bet += e.Amount
			s.voluntary = true
			// A blind short of the full amount still makes the full one
			// the bet to call and to raise over.
			switch e.Kind {
			case engine.EvPostBigBlind:
				top = max(top, s.bet, cfg.BigBlind)
			case engine.EvPostStraddle:
				top = max(top, s.bet, cfg.Straddle)
			default:
				top = max(top, s.bet)
			}
		case engine.EvDealHole:
			if !dealt {
				dealt = true
				if draw {
					b = append(b, "*** DEALING HANDS ***\n"...)
				} else {
					b = append(b, "*** HOLE CARDS ***\n"...)
				}
			}
			if e.Seat == h.Hero {
				st.hero = append(st.hero[:0], e.Cards...)
				b = append(b, "Dealt to "...)
				b = append(b, name(e.Seat)...)
				b = appendCards(b, e.Cards)
				b = append(b, '\n')
			}
		case engine.EvDealBoard:
			// A board run twice: the streets dealt after the hands are
			// turned up are the FIRST run, then the SECOND run repeats
			// the common cards.
			board := &st.board
			b = append(b, "*** "...)
			switch {
			case e.Board == 1:
				if common < 0 {
					return b, handError(h, "event %d deals a second board before the hands are shown", k)
				}
				if len(st.board2) == 0 {
					st.board2 = append(st.board2, st.board[:common]...)
				}
				board = &st.board2
				b = append(b, "SECOND "...)
			case runs == 2 && common >= 0:
				b = append(b, "FIRST "...)
			}
			had := len(*board)
			*board = append(*board, e.Cards...)
			switch all := *board; {
			case had == 0 && len(all) == 3:
				b = append(b, "FLOP ***"...)
				b = appendCards(b, all)
			case had == 3 && len(all) == 4:
				b = append(b, "TURN ***"...)
				b = appendCards(b, all[:3])
				b = appendCards(b, all[3:])
			case had == 4 && len(all) == 5:
				b = append(b, "RIVER ***"...)
				b = appendCards(b, all[:4])
				b = appendCards(b, all[4:])
			default:
				return b, handError(h, "event %d deals %d board cards after %d", k, len(e.Cards), had)
			}
			b = append(b, '\n')
		case engine.EvFold:
			act(e.Seat, "folds\n")
			s.folded, s.foldedOn = true, e.Street
		case engine.EvCheck:
			act(e.Seat, "checks\n")
		case engine.EvCall:
			act(e.Seat, "calls")
			amount(e.Amount)
			allIn(*e)
			s.bet += e.Amount
			s.voluntary = true
			top = max(top, s.bet)
		case engine.EvBet:
			act(e.Seat, "bets")
			amount(e.Amount - s.bet)
			allIn(*e)
			s.bet, top = e.Amount, e.Amount
			s.voluntary = true
		case engine.EvRaise:
			act(e.Seat, "raises")
			amount(e.Amount - top)
			b = append(b, " to"...)
			amount(e.Amount)
			allIn(*e)
			s.bet, top = e.Amount, e.Amount
			s.voluntary = true
		case engine.EvDiscard:
			if len(e.Cards) == 0 {
				act(e.Seat, "stands pat\n")
				break
			}
			act(e.Seat, "discards")
			amount(int64(len(e.Cards)))
			if len(e.Cards) == 1 {
				b = append(b, " card"...)
			} else {
				b = append(b, " cards"...)
			}
			if e.Seat == h.Hero {
				b = appendCards(b, e.Cards)
				st.discard = append(st.discard[:0], e.Cards...)
			}
			b = append(b, '\n')
		case engine.EvDrawCards:
			if e.Seat != h.Hero {
				break
			}
			if len(e.Cards) != len(st.discard) {
				return b, handError(h, "event %d draws %d cards for %d thrown", k, len(e.Cards), len(st.discard))
			}
			b = append(b, "Dealt to "...)
			b = append(b, name(e.Seat)...)
			b = append(b, " ["...)
			first := true
			for _, c := range st.hero {
				if containsCard(st.discard, c) {
					continue
				}
				if !first {
					b = append(b, ' ')
				}
				first = false
				b = appendCard(b, c)
			}
			b = append(b, ']')
			b = appendCards(b, e.Cards)
			b = append(b, '\n')
			for j, c := range st.discard { // the new cards take the thrown ones' places
				for x := range st.hero {
					if st.hero[x] == c {
						st.hero[x] = e.Cards[j]
						break
					}
				}
			}
		case engine.EvReturnUncalled:
			b = append(b, "Uncalled bet ("...)
			b = strconv.AppendInt(b, e.Amount, 10)
			b = append(b, ") returned to "...)
			b = append(b, name(e.Seat)...)
			b = append(b, '\n')
			s.bet -= e.Amount
		case engine.EvShow, engine.EvMuck:
			st.shows = append(st.shows, k)
			if common < 0 {
				common = len(st.board)
			}
		case engine.EvRake:
			rake += e.Amount
		case engine.EvAward:
			if e.Pot < 0 || e.Pot > engine.MaxSeats {
				return b, handError(h, "event %d awards pot %d", k, e.Pot)
			}
			st.awards = append(st.awards, k)
			s.won += e.Amount
			s.wonOn[e.Board] += e.Amount
			st.potNet[e.Pot] += e.Amount
			pots = max(pots, e.Pot+1)
		case engine.EvCarryOver:
			carried = e.Amount
		default:
			return b, handError(h, "event %d has unknown kind %d", k, e.Kind)
		}
	}

	// Hands turned up before the board is complete (players all in, no
	// betting left) are shown, as PokerStars shows them, from the button's
	// left; at the river the engine's order stands (the last aggressor
	// first).
	if len(st.shows) > 0 && shownEarly(h.Events, st.shows[0]) {
		first := (h.Setup.Button + 1) % n
		slices.SortStableFunc(st.shows, func(x, y int) int {
			return (h.Events[x].Seat-first+n)%n - (h.Events[y].Seat-first+n)%n
		})
	}
	if len(st.awards) == 0 && carried == 0 {
		return b, handError(h, "the hand is not over: no pot was awarded or carried over")
	}

	// The showdown and the pots: once, or once per run of the board.
	for run := 0; run < runs; run++ {
		board := st.board
		if run == 1 {
			board = st.board2
		}
		if len(st.shows) > 0 {
			switch {
			case runs == 1:
				b = append(b, "*** SHOW DOWN ***\n"...)
			case run == 0:
				b = append(b, "*** FIRST SHOW DOWN ***\n"...)
			default:
				b = append(b, "*** SECOND SHOW DOWN ***\n"...)
			}
		}
		// As PokerStars does, from the last side pot to the main pot: the
		// hands of the pot's players not yet shown, then who collects it.
		var written uint16
		showLine := func(k int) {
			e := &h.Events[k]
			s := &st.seats[e.Seat]
			written |= 1 << e.Seat
			if e.Kind == engine.EvMuck {
				act(e.Seat, "mucks hand\n")
				s.mucked = true
				return
			}
			s.showed = true
			s.shown = e.Cards
			start := len(st.desc)
			st.desc = appendDescription(st.desc, cfg, e.Cards, board)
			s.desc[run] = [2]int{start, len(st.desc)}
			act(e.Seat, "shows")
			b = appendCards(b, e.Cards)
			b = append(b, " ("...)
			b = append(b, st.desc[start:]...)
			b = append(b, ")\n"...)
		}
		for p := pots - 1; p >= 0; p-- {
			for _, k := range st.shows {
				if seat := h.Events[k].Seat; written&(1<<seat) == 0 && st.eligible[p]&(1<<seat) != 0 {
					showLine(k)
				}
			}
			for _, k := range st.awards {
				e := &h.Events[k]
				if e.Pot != p || e.Board != run {
					continue
				}
				b = append(b, name(e.Seat)...)
				b = append(b, " collected"...)
				amount(e.Amount)
				b = append(b, " from "...)
				b = appendPotName(b, p, pots, false)
				b = append(b, '\n')
			}
		}
		for _, k := range st.shows { // a hand no pot's player: none the engine deals
			if written&(1<<h.Events[k].Seat) == 0 {
				showLine(k)
			}
		}
		if cfg.Game.HiLo() && len(st.shows) > 0 {
			low := false
			for _, k := range st.awards {
				low = low || h.Events[k].Low && h.Events[k].Board == run
			}
			if !low {
				b = append(b, "No low hand qualified\n"...)
			}
		}
	}
	if len(st.shows) == 0 {
		for i := 0; i < n; i++ {
			if st.seats[i].won > 0 {
				act(i, "doesn't show hand\n")
			}
		}
	}
	if t := h.Tournament; t != nil {
		for _, f := range t.Finished {
			b = append(b, name(f.Seat)...)
			if f.Place == 1 {
				b = append(b, " wins the tournament and receives"...)
				amount(f.Prize)
				b = append(b, " - congratulations!\n"...)
				continue
			}
			b = append(b, " finished the tournament in "...)
			b = strconv.AppendInt(b, int64(f.Place), 10)
			b = append(b, ordinal(f.Place)...)
			b = append(b, " place"...)
			if f.Prize > 0 {
				b = append(b, " and received"...)
				amount(f.Prize)
				b = append(b, '.')
			}
			b = append(b, '\n')
		}
	}

	// The summary.
	b = append(b, "*** SUMMARY ***\n"...)
	total := rake + carried
	for p := 0; p < pots; p++ {
		total += st.potNet[p]
	}
	b = append(b, "Total pot"...)
	amount(total)
	if pots > 1 {
		for p := 0; p < pots; p++ {
			b = append(b, ' ')
			b = appendPotName(b, p, pots, true)
			amount(st.potNet[p])
			b = append(b, '.')
		}
	}
	b = append(b, " | Rake"...)
	amount(rake)
	b = append(b, '\n')
	switch {
	case runs == 2:
		b = append(b, "Hand was run twice\nFIRST Board"...)
		b = appendCards(b, st.board)
		b = append(b, "\nSECOND Board"...)
		b = appendCards(b, st.board2)
		b = append(b, '\n')
	case len(st.board) > 0:
		b = append(b, "Board"...)
		b = appendCards(b, st.board)
		b = append(b, '\n')
	}
	sb, bb := blinds(cfg, n, h.Setup.Button, h.Setup.NoSmallBlind)
	for _, i := range st.order[:n] {
		s := &st.seats[i]
		b = append(b, "Seat "...)
		b = strconv.AppendInt(b, int64(seatNo(i)), 10)
		b = append(b, ": "...)
		b = append(b, name(i)...)
		if i == h.Setup.Button {
			b = append(b, " (button)"...)
		}
		if i == sb {
			b = append(b, " (small blind)"...)
		}
		if i == bb {
			b = append(b, " (big blind)"...)
		}
		switch {
		case s.showed:
			b = append(b, " showed"...)
			b = appendCards(b, s.shown)
			for run := 0; run < runs; run++ {
				won := s.wonOn[run]
				if runs == 1 {
					won = s.won
				} else if run > 0 {
					b = append(b, ',')
				}
				if won > 0 {
					b = append(b, " and won ("...)
					b = strconv.AppendInt(b, won, 10)
					b = append(b, ") with "...)
				} else {
					b = append(b, " and lost with "...)
				}
				b = append(b, st.desc[s.desc[run][0]:s.desc[run][1]]...)
			}
		case s.mucked && i == h.Hero:
			b = append(b, " mucked"...)
			b = appendCards(b, st.hero)
		case s.mucked:
			b = append(b, " mucked"...)
		case s.won > 0:
			b = append(b, " collected ("...)
			b = strconv.AppendInt(b, s.won, 10)
			b = append(b, ')')
		case s.folded:
			b = append(b, " folded "...)
			b = append(b, foldedWhen(draw, s.foldedOn)...)
			if s.foldedOn == engine.Preflop && !s.voluntary {
				b = append(b, " (didn't bet)"...)
			}
		}
		b = append(b, '\n')
	}
	return b, nil
}

// shownEarly reports whether the show event at k comes before board cards
// are dealt.
func shownEarly(events []engine.Event, k int) bool {
	for _, e := range events[k:] {
		if e.Kind == engine.EvDealBoard {
			return true
		}
	}
	return false
}

// seatEvent reports whether events of the kind belong to a seat.
func seatEvent(k engine.EventKind) bool {
	switch k {
	case engine.EvDealBoard, engine.EvRake, engine.EvCarryOver:
		return false
	}
	return true
}

// foldedWhen words the street a player folded on, for the summary.
func foldedWhen(draw bool, s engine.Street) string {
	switch {
	case draw && s == engine.Preflop:
		return "before the Draw"
	case draw:
		return "after the Draw"
	case s == engine.Preflop:
		return "before Flop"
	case s == engine.Flop:
		return "on the Flop"
	case s == engine.Turn:
		return "on the Turn"
	}
	return "on the River"
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

// appendGame writes the game and betting: "Omaha Hi/Lo Pot Limit".
func appendGame(b []byte, cfg engine.Config) []byte {
	switch cfg.Game {
	case engine.Holdem:
		b = append(b, "Hold'em"...)
	case engine.Omaha:
		b = append(b, "Omaha"...)
	case engine.Omaha5:
		b = append(b, "5 Card Omaha"...)
	case engine.OmahaHiLo:
		b = append(b, "Omaha Hi/Lo"...)
	case engine.OmahaHiLo5:
		b = append(b, "5 Card Omaha Hi/Lo"...)
	case engine.Draw:
		b = append(b, "5 Card Draw"...)
	}
	switch cfg.Betting {
	case engine.NoLimit:
		return append(b, " No Limit"...)
	case engine.PotLimit:
		return append(b, " Pot Limit"...)
	}
	return append(b, " Limit"...)
}

// stakes returns the header's stakes: the blinds, or in fixed limit the
// small and big bets (PokerStars writes "Hold'em Limit (10/20)" for blinds
// of 5 and 10).
func stakes(cfg engine.Config) (int64, int64) {
	if cfg.Betting != engine.FixedLimit {
		if cfg.BigBlind > 0 {
			return cfg.SmallBlind, cfg.BigBlind
		}
		if cfg.MinBet > 0 {
			return 0, cfg.MinBet
		}
	}
	small := cfg.SmallBet
	switch {
	case small > 0:
	case cfg.BigBlind > 0:
		small = cfg.BigBlind
	case cfg.Ante > 0:
		small = cfg.Ante
	default:
		small = 1
	}
	if cfg.Betting != engine.FixedLimit {
		return 0, small
	}
	big := cfg.BigBet
	if big == 0 {
		big = 2 * small
	}
	return small, big
}

// blinds returns the engine seats in the small and big blind's positions
// (-1 for none), as the engine places them.
func blinds(cfg engine.Config, n, button int, noSmallBlind bool) (sb, bb int) {
	if cfg.BigBlind <= 0 {
		return -1, -1
	}
	after := func(i int) int { return (i + 1) % n }
	switch {
	case noSmallBlind:
		return -1, after(button)
	case n == 2:
		return button, after(button)
	}
	return after(button), after(after(button))
}

// appendPotName writes "pot", "main pot", "side pot" or "side pot-2"; in
// the summary, capitalised.
func appendPotName(b []byte, p, pots int, summary bool) []byte {
	switch {
	case pots == 1:
		return append(b, "pot"...)
	case p == 0 && summary:
		return append(b, "Main pot"...)
	case p == 0:
		return append(b, "main pot"...)
	}
	if summary {
		b = append(b, "Side pot"...)
	} else {
		b = append(b, "side pot"...)
	}
	if pots > 2 {
		b = append(b, '-')
		b = strconv.AppendInt(b, int64(p), 10)
	}
	return b
}

// appendCards writes " [As Kd]".
func appendCards(b []byte, cs []engine.Card) []byte {
	b = append(b, " ["...)
	for i, c := range cs {
		if i > 0 {
			b = append(b, ' ')
		}
		b = appendCard(b, c)
	}
	return append(b, ']')
}

// appendCard writes a card as engine.Card.String does ("As", "Td"),
// without allocating.
func appendCard(b []byte, c engine.Card) []byte {
	if c.IsJoker() || !c.Valid() {
		return append(b, c.String()...)
	}
	return append(b, "23456789TJQKA"[c.Rank()], "shdc"[c.Suit()])
}

func containsCard(cs []engine.Card, c engine.Card) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

// ordinal returns the suffix of a place: "st", "nd", "rd" or "th".
func ordinal(n int) string {
	switch {
	case n%100 >= 11 && n%100 <= 13:
		return "th"
	case n%10 == 1:
		return "st"
	case n%10 == 2:
		return "nd"
	case n%10 == 3:
		return "rd"
	}
	return "th"
}

// roman writes a level in Roman numerals ("XIV").
func roman(n int) string {
	vals := [...]int{1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1}
	syms := [...]string{"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"}
	var sb strings.Builder
	for i, v := range vals {
		for n >= v {
			sb.WriteString(syms[i])
			n -= v
		}
	}
	return sb.String()
}
