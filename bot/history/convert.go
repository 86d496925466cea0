package history

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/phh"
	"github.com/pokerroom/pokerroom/phh/pokerstars"
)

// Stored is a stored hand with its table.
type Stored struct {
	Hand  bot.HandRecord
	Table Table
}

// Why a stored hand is not exported (Skip).
var (
	ErrPlaying   = errors.New("the hand is still being played")
	ErrVoided    = errors.New("the hand was voided")
	ErrBroken    = errors.New("the stored hand is broken")
	ErrNotPlayer = errors.New("the player was not dealt in")
)

// Skip says why a stored hand cannot be exported (ErrPlaying, ErrVoided,
// ErrBroken, wrapped with the detail), nil when it can.
func Skip(h bot.HandRecord) error {
	switch {
	case h.Broken != "":
		return fmt.Errorf("%w: %s", ErrBroken, h.Broken)
	case h.Voided != "":
		return fmt.Errorf("%w: %s", ErrVoided, h.Voided)
	case h.EndedAt.IsZero():
		return ErrPlaying
	}
	return nil
}

// Hero returns the engine seat of player in a hand with this tag:
// pokerstars.Observer for player 0 (an operator's export), false when the
// player was not dealt in (or the hand, stored before the tags had the
// players' ids, cannot tell).
func Hero(tag bot.HandTag, player int64) (int, bool) {
	if player == 0 {
		return pokerstars.Observer, true
	}
	for k, p := range tag.Players {
		if p == player {
			return k, true
		}
	}
	return 0, false
}

// PokerStars returns a stored hand as the PokerStars writer takes it, with
// hero's hole cards (an engine seat, or pokerstars.Observer) and the time
// in loc. The hand's number is its stored id, unique in the room. Names
// are made writable (one line, distinct); a hand whose tag is missing gets
// "Seat N" names.
//
// A fold made out of turn in a fast-fold pool is written at the folder's
// turn (inTurn).
func PokerStars(s Stored, tag bot.HandTag, hero int, loc *time.Location) pokerstars.Hand {
	return pokerStars(s, tag, hero, loc, inTurn(s.Hand.Setup, s.Hand.Events))
}

// pokerStars is PokerStars with the events to write.
func pokerStars(s Stored, tag bot.HandTag, hero int, loc *time.Location, events []engine.Event) pokerstars.Hand {
	h := s.Hand
	n := len(h.Setup.Seats)
	ps := pokerstars.Hand{
		Setup:    h.Setup,
		Events:   events,
		Number:   h.ID,
		Table:    tableName(s.Table.Name, h.TableID),
		MaxSeats: s.Table.MaxSeats,
		Time:     h.StartedAt.In(location(loc)),
		Players:  names(tag, n),
		Hero:     hero,
	}
	if len(tag.Order) == n {
		ps.Seats = make([]int, n)
		for k, i := range tag.Order {
			ps.Seats[k] = i + 1
			ps.MaxSeats = max(ps.MaxSeats, i+1)
		}
	}
	ps.MaxSeats = max(ps.MaxSeats, n)
	if t := s.Table.Tournament; t != nil {
		r := h.Setup.Rules
		ps.Tournament = &pokerstars.Tournament{Number: t.Number, BuyIn: t.BuyIn, Fee: t.Fee, Level: t.level(r.SmallBlind, r.BigBlind, r.Ante+r.BigBlindAnte)}
	}
	return ps
}

// PHH returns a stored hand as phh.Write takes it: a [table] section of a
// .phhs file named by the hand's id, with the players' names and table
// seats from p1 (left of the button), and the hole cards nobody saw
// unknown (see knownHands); phh.Write writes the rake in fields of
// pokerroom's own. An error for what PHH cannot replay to the same stacks:
// a blind posted by a player coming in, a pot carried from the previous
// hand, an opponent's hand mucked at the showdown in a player's export.
func PHH(s Stored, tag bot.HandTag, hero int, loc *time.Location) (phh.Record, error) {
	h := s.Hand
	su := h.Setup
	if su.CarriedPot > 0 {
		return phh.Record{}, errors.New("phh: a pot carried from the previous hand has no PHH form")
	}
	for i, st := range su.Seats {
		if st.Post > 0 {
			return phh.Record{}, fmt.Errorf("phh: seat %d posts a blind coming in, which PHH has no form for", i)
		}
	}
	events := inTurn(su, h.Events)
	known, err := knownHands(events, hero)
	if err != nil {
		return phh.Record{}, err
	}
	ps := pokerStars(s, tag, hero, loc, events)
	cfg := su.Rules
	if cfg.Tournament && su.TwoPlayersLeft && cfg.Betting == engine.FixedLimit {
		cfg.RaiseCap = -1 // two players left in the event: no cap (R-BET-5, TDA 48)
	}
	rec := phh.Record{
		Setup:  phh.Setup{Config: cfg, Seats: su.Seats, Button: su.Button, Deck: su.Deck, NoSmallBlind: su.NoSmallBlind},
		Events: hiddenCards(events, known),
		Table:  strconv.FormatInt(h.ID, 10),
	}
	n := len(su.Seats)
	t := ps.Time
	rec.Meta = phh.Meta{HandID: strconv.FormatInt(h.ID, 10), Table: ps.Table, SeatCount: ps.MaxSeats,
		Day: t.Day(), Month: int(t.Month()), Year: t.Year(), Currency: "play money"}
	if ps.Tournament != nil {
		rec.Meta.Event = fmt.Sprintf("Tournament #%d", ps.Tournament.Number)
		rec.Meta.Level = ps.Tournament.Level
	}
	if f := tag.Fair; f != nil {
		fairMeta(&rec.Meta, f, h, hero)
	}
	for k := range n {
		i := (su.Button + 1 + k) % n // p(k+1): the first seat left of the button first
		rec.Meta.Players = append(rec.Meta.Players, ps.Players[i])
		if ps.Seats != nil {
			rec.Meta.Seats = append(rec.Meta.Seats, ps.Seats[i])
		}
	}
	return rec, nil
}

// inTurn returns a hand's events with every fold made out of turn in a
// fast-fold pool (R-CASH-7) made at the folder's turn instead: where the
// table showed it (seed 000: players do not see a fast fold until it is
// the folder's turn) and where both formats need it, since their replays
// take every action in turn. They are the events of the same hand played
// with each such fold made when the turn reached the folder, kept only when
// that hand ends as the stored one did (the same stacks); otherwise, and
// for a hand without such a fold, the stored events, unchanged.
func inTurn(setup engine.Setup, events []engine.Event) []engine.Event {
	var acts []int // the action events, in order
	for i, e := range events {
		if e.Kind.IsAction() {
			acts = append(acts, i)
		}
	}
	late := map[int]bool{} // the folds out of turn, by event index
	k := 0
	stored, err := engine.ResumeSteps(setup, events, func(_ *engine.Hand, a engine.Action, prev int, _ engine.Street) {
		if a.Kind == engine.Fold && a.Seat != prev && k < len(acts) {
			late[acts[k]] = true
		}
		k++
	})
	if err != nil || len(late) == 0 || !stored.Done() {
		return events
	}
	h, err := engine.Start(setup)
	if err != nil {
		return events
	}
	pending := map[int]bool{} // folded out of turn, their turn not reached yet
	foldDue := func() bool {
		for !h.Done() && pending[h.ToAct()] {
			i := h.ToAct()
			delete(pending, i)
			if _, err := h.Apply(engine.Action{Seat: i, Kind: engine.Fold}); err != nil {
				return false
			}
		}
		return true
	}
	for i, e := range events {
		a, ok := e.Action()
		switch {
		case !ok:
		case late[i]:
			pending[a.Seat] = true
		case !foldDue() || h.Done() || h.ToAct() != a.Seat:
			return events
		default:
			if _, err := h.Apply(a); err != nil {
				return events
			}
		}
	}
	if !foldDue() || !h.Done() || !slices.Equal(h.Stacks(), stored.Stacks()) {
		return events
	}
	return h.Events()
}

// knownHands returns the seats whose hole cards a PHH export writes (bit
// i: seat i): hero's and the ones shown at the showdown, and in an
// operator's export (hero is pokerstars.Observer) the ones mucked there
// too. PHH's replay runs the showdown again, cards speaking, so it needs
// every hand that reached it; a player's export of a hand an opponent
// mucked at the showdown is refused rather than show the player cards
// they did not see.
func knownHands(events []engine.Event, hero int) (uint32, error) {
	var known uint32
	if hero >= 0 {
		known |= 1 << hero
	}
	for _, e := range events {
		switch {
		case e.Kind == engine.EvShow, e.Kind == engine.EvMuck && hero == pokerstars.Observer:
			known |= 1 << e.Seat
		case e.Kind == engine.EvMuck && e.Seat != hero:
			return 0, fmt.Errorf("phh: seat %d mucked at the showdown: the replay needs the cards, which the player did not see", e.Seat)
		}
	}
	return known, nil
}

// hiddenCards returns the events with every hole card (dealt, drawn or
// thrown) of a seat not in known unknown (engine.NoCard), copied: the
// stored events are not touched.
func hiddenCards(events []engine.Event, known uint32) []engine.Event {
	out := make([]engine.Event, len(events))
	copy(out, events)
	for i, e := range out {
		if (e.Kind != engine.EvDealHole && e.Kind != engine.EvDrawCards && e.Kind != engine.EvDiscard) || known&(1<<e.Seat) != 0 {
			continue
		}
		cards := make([]engine.Card, len(e.Cards))
		for j := range cards {
			cards[j] = engine.NoCard
		}
		out[i].Cards = cards
	}
	return out
}

// names returns the players' names by engine seat, each on one line and
// distinct: the tag's, else "Seat N".
func names(tag bot.HandTag, n int) []string {
	out := make([]string, n)
	for k := range out {
		if k < len(tag.Names) {
			out[k] = strings.Join(strings.Fields(tag.Names[k]), " ")
		}
		seat := k + 1
		if len(tag.Order) == n {
			seat = tag.Order[k] + 1
		}
		if out[k] == "" {
			out[k] = fmt.Sprintf("Seat %d", seat)
		}
		for j := range k {
			if out[j] == out[k] {
				out[k] = fmt.Sprintf("%s (seat %d)", out[k], seat)
				break
			}
		}
	}
	return out
}

// tableName is the table's name as PokerStars takes it: one line, no
// apostrophes.
func tableName(name string, id int64) string {
	name = strings.Join(strings.Fields(strings.ReplaceAll(name, "'", "")), " ")
	if name == "" {
		name = fmt.Sprintf("Table %d", id)
	}
	return name
}

func location(loc *time.Location) *time.Location {
	if loc == nil {
		return time.UTC
	}
	return loc
}

// fairMeta fills a PHH export's provable deck. The commitment and the
// seeds were shown in the chat. A hand committed per card position also
// has its salt, every position's hash (_deck_leaves) and the proofs of the
// cards shown (_deck_shown; in a player's export their own hole cards
// too), none of which tells a card never shown. The deck (every card,
// mucked ones too), and its key, only go where the export may show every
// card: the operator's.
func fairMeta(m *phh.Meta, f *bot.FairTag, h bot.HandRecord, hero int) {
	su := h.Setup
	m.Commitment, m.Seeds = f.Commitment, f.Seeds
	if hero == pokerstars.Observer {
		m.Salt, m.CommittedDeck, m.Key = f.Salt, f.CommittedDeck(su.Deck), f.Key
	}
	if f.Key == "" {
		return
	}
	p, err := f.Provable(su.Deck)
	if err != nil {
		return // a tag that cannot be read: the commitment alone
	}
	shown := engine.ShownCards(h.Events)
	for _, e := range h.Events {
		if e.Seat == hero && (e.Kind == engine.EvDealHole || e.Kind == engine.EvDrawCards) {
			shown = append(shown, e.Cards...)
		}
	}
	m.Salt, m.Leaves = f.Salt, p.Leaves()
	for _, c := range p.Reveal(f.Seeds, su.Deck, shown) {
		m.Shown = append(m.Shown, c.String())
	}
}
