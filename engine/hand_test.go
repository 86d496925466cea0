package engine_test

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

// table is a hand under test with the inputs that started it.
type table struct {
	t      *testing.T
	cfg    engine.Config
	seats  []engine.Seat
	button int
	deck   []engine.Card
	h      *engine.Hand
}

// extra holds the per-hand inputs and replay conventions a test deals with.
type extra struct {
	noSmallBlind, twoPlayersLeft bool
	carriedPot                   int64
	replay                       engine.ReplayRules
}

// start starts the hand of the given inputs.
func (x extra) start(cfg engine.Config, seats []engine.Seat, button int, deck []engine.Card) (*engine.Hand, error) {
	s := engine.Setup{Rules: cfg, Seats: seats, Button: button, Deck: deck,
		NoSmallBlind: x.noSmallBlind, TwoPlayersLeft: x.twoPlayersLeft, CarriedPot: x.carriedPot}
	if x.replay != 0 {
		return engine.StartReplay(s, x.replay)
	}
	return engine.Start(s)
}

// deal starts a hand with the given stacks, hole cards ("AsKd", one string
// per seat; "" for any) and board(s) ("Ah Kh 2c 7d 9s"; a second string for
// the second run).
func deal(t *testing.T, cfg engine.Config, stacks []int64, button int, holes []string, boards ...string) *table {
	t.Helper()
	return dealX(t, extra{}, cfg, stacks, button, holes, boards...)
}

// dealX is deal with per-hand inputs.
func dealX(t *testing.T, x extra, cfg engine.Config, stacks []int64, button int, holes []string, boards ...string) *table {
	t.Helper()
	hole := make([][]engine.Card, len(stacks))
	for i, s := range holes {
		if s != "" {
			hole[i] = engine.MustParseCards(s)
		}
	}
	var bs [][]engine.Card
	for _, b := range boards {
		bs = append(bs, engine.MustParseCards(b))
	}
	deck, err := engine.ArrangeDeck(cfg, len(stacks), button, hole, bs, nil)
	if err != nil {
		t.Fatalf("ArrangeDeck: %v", err)
	}
	seats := make([]engine.Seat, len(stacks))
	for i, s := range stacks {
		seats[i].Stack = s
	}
	h, err := x.start(cfg, seats, button, deck)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return &table{t: t, cfg: cfg, seats: seats, button: button, deck: deck, h: h}
}

// do applies actions written "2 call", "0 raise 300", "1 fold", "3 allin".
func (tb *table) do(actions ...string) []engine.Event {
	tb.t.Helper()
	var all []engine.Event
	for _, s := range actions {
		a := parseAction(tb.t, s)
		ev, err := tb.h.Apply(a)
		if err != nil {
			tb.t.Fatalf("%q: %v", s, err)
		}
		all = append(all, ev...)
	}
	return all
}

// refuse checks that the action is refused with want and changes nothing.
func (tb *table) refuse(s string, want error) {
	tb.t.Helper()
	a := parseAction(tb.t, s)
	before := *tb.h
	n := len(tb.h.Events())
	_, err := tb.h.Apply(a)
	if !errors.Is(err, want) {
		tb.t.Fatalf("%q: error %v, want %v", s, err, want)
	}
	if len(tb.h.Events()) != n || !reflect.DeepEqual(before, *tb.h) {
		tb.t.Fatalf("%q was refused but changed the hand", s)
	}
}

func parseAction(t *testing.T, s string) engine.Action {
	t.Helper()
	f := strings.Fields(s)
	var a engine.Action
	if len(f) < 2 {
		t.Fatalf("bad action %q", s)
	}
	a.Seat = int(mustInt(t, f[0]))
	kinds := map[string]engine.ActionKind{"fold": engine.Fold, "check": engine.Check, "call": engine.Call,
		"bet": engine.Bet, "raise": engine.Raise, "allin": engine.AllIn, "discard": engine.Discard,
		"declare": engine.DeclareAllIn}
	k, ok := kinds[f[1]]
	if !ok {
		t.Fatalf("bad action kind in %q", s)
	}
	a.Kind = k
	if len(f) > 2 {
		if k == engine.Discard {
			a.Cards = engine.MustParseCards(strings.Join(f[2:], " "))
		} else {
			a.Amount = mustInt(t, f[2])
		}
	}
	return a
}

func mustInt(t *testing.T, s string) int64 {
	t.Helper()
	var v int64
	for _, c := range s {
		if c < '0' || c > '9' {
			t.Fatalf("bad number %q", s)
		}
		v = v*10 + int64(c-'0')
	}
	return v
}

// kinds lists the events' kinds, for order checks.
func kinds(evs []engine.Event) []engine.EventKind {
	out := make([]engine.EventKind, len(evs))
	for i, e := range evs {
		out[i] = e.Kind
	}
	return out
}

func eventsOf(evs []engine.Event, k engine.EventKind) []engine.Event {
	var out []engine.Event
	for _, e := range evs {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

func wantStacks(t *testing.T, h *engine.Hand, want ...int64) {
	t.Helper()
	if got := h.Stacks(); !reflect.DeepEqual(got, want) {
		t.Fatalf("stacks %v, want %v", got, want)
	}
}

func nlhe(sb, bb int64) engine.Config {
	return engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: sb, BigBlind: bb}
}

// checkDown checks or calls until the hand is over.
func (tb *table) checkDown() {
	tb.t.Helper()
	for !tb.h.Done() {
		l := tb.h.Legal()
		a := engine.Action{Seat: l.Seat, Kind: engine.Check}
		if !l.CanCheck {
			a.Kind = engine.Call
		}
		if l.Discard {
			a.Kind = engine.Discard
		}
		if _, err := tb.h.Apply(a); err != nil {
			tb.t.Fatal(err)
		}
	}
}

func TestRefusedActionLeavesStateUnchanged(t *testing.T) {
	tb := deal(t, nlhe(50, 100), []int64{1000, 1000, 1000}, 0, nil)
	// Seat 0 (the button) acts first three-handed.
	tb.refuse("1 call", engine.ErrNotYourTurn)
	tb.refuse("0 check", engine.ErrCannotCheck)
	tb.refuse("0 bet 300", engine.ErrCannotBet)
	tb.refuse("0 raise 150", engine.ErrBelowMinimum)
	tb.refuse("0 raise 1001", engine.ErrAboveMaximum)
	before := *tb.h
	if err := tb.h.Verify(engine.Action{Seat: 0, Kind: engine.Raise, Amount: 300}); err != nil {
		t.Fatalf("Verify of a legal raise: %v", err)
	}
	if err := tb.h.Verify(engine.Action{Seat: 0, Kind: engine.Check}); !errors.Is(err, engine.ErrCannotCheck) {
		t.Fatalf("Verify of a check facing a bet: %v", err)
	}
	if !reflect.DeepEqual(before, *tb.h) {
		t.Fatal("Verify changed the hand")
	}
	tb.do("0 raise 300", "1 fold", "2 call")
	tb.refuse("1 check", engine.ErrNotYourTurn)
	tb.checkDown()
	tb.refuse("2 check", engine.ErrHandOver)
}

func TestActionErrorCarriesTheLegalRange(t *testing.T) {
	tb := deal(t, nlhe(50, 100), []int64{1000, 1000, 1000}, 0, nil)
	_, err := tb.h.Apply(engine.Action{Seat: 0, Kind: engine.Raise, Amount: 150})
	var ae *engine.ActionError
	if !errors.As(err, &ae) || ae.Legal.MinTo != 200 || ae.Legal.MaxTo != 1000 {
		t.Fatalf("error %v (%+v), want the range 200 to 1000", err, ae)
	}
	if !strings.Contains(err.Error(), "200 to 1000") {
		t.Fatalf("message %q does not name the range", err)
	}
}

// A hand resumed from any prefix of its events equals the hand at that point.
func TestResumeFromEveryPrefixRebuildsTheSameHand(t *testing.T) {
	cfg := nlhe(5, 10)
	cfg.Ante = 1
	tb := deal(t, cfg, []int64{300, 120, 500, 80}, 1, []string{"AsAh", "KsKh", "QdQc", "7c2d"}, "Ac Kd 2h 9s 3c")
	var snapshots []engine.Hand
	var lens []int
	snapshots = append(snapshots, *tb.h.Clone())
	lens = append(lens, len(tb.h.Events()))
	for _, s := range []string{"0 raise 40", "1 allin", "2 call", "3 fold", "0 call", "2 bet 50", "0 call"} {
		tb.do(s)
		snapshots = append(snapshots, *tb.h.Clone())
		lens = append(lens, len(tb.h.Events()))
	}
	if !tb.h.Done() {
		tb.checkDown()
	}
	all := tb.h.Events()
	for k, n := range lens {
		h, err := engine.Resume(engine.Setup{Rules: tb.cfg, Seats: tb.seats, Button: tb.button, Deck: tb.deck}, all[:n])
		if err != nil {
			t.Fatalf("prefix %d: %v", n, err)
		}
		if !reflect.DeepEqual(*h, snapshots[k]) {
			t.Fatalf("prefix %d: resumed hand differs", n)
		}
	}
	// Any prefix resumes (cut inside the automatic steps too) and the full
	// history gives the finished hand.
	for n := 0; n <= len(all); n++ {
		if _, err := engine.Resume(engine.Setup{Rules: tb.cfg, Seats: tb.seats, Button: tb.button, Deck: tb.deck}, all[:n]); err != nil {
			t.Fatalf("prefix %d: %v", n, err)
		}
	}
	h, _ := engine.Resume(engine.Setup{Rules: tb.cfg, Seats: tb.seats, Button: tb.button, Deck: tb.deck}, all)
	if !reflect.DeepEqual(*h, *tb.h) {
		t.Fatal("resumed finished hand differs")
	}
}

func TestResumeRefusesEventsTheHandDidNotProduce(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{300, 300, 300}, 0, nil)
	tb.do("0 raise 30", "1 call")
	evs := append([]engine.Event(nil), tb.h.Events()...)
	evs[len(evs)-1].Amount = 999
	if _, err := engine.Resume(engine.Setup{Rules: tb.cfg, Seats: tb.seats, Button: tb.button, Deck: tb.deck}, evs); !errors.Is(err, engine.ErrResume) {
		t.Fatalf("error %v, want ErrResume", err)
	}
}

func TestEventsRoundTripThroughJSON(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{300, 300, 300}, 2, []string{"AsAh", "KsKh", "QdQc"}, "2c 7d 9h Jc 3s")
	tb.do("2 raise 30", "0 call", "1 call")
	tb.checkDown()
	b, err := json.Marshal(tb.h.Events())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"kind":"post_big_blind"`) || !strings.Contains(string(b), `"cards":["As","Ah"]`) {
		t.Fatalf("JSON lacks words or cards: %s", b)
	}
	var back []engine.Event
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	h, err := engine.Resume(engine.Setup{Rules: tb.cfg, Seats: tb.seats, Button: tb.button, Deck: tb.deck}, back)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(h.Stacks(), tb.h.Stacks()) || len(h.Events()) != len(back) {
		t.Fatal("hand resumed from JSON events differs")
	}
	r, err := json.Marshal(tb.h.Result())
	if err != nil || !strings.Contains(string(r), `"awards"`) {
		t.Fatalf("result JSON %s, %v", r, err)
	}
}

func TestArrangeDeckDealsTheGivenCards(t *testing.T) {
	cfg := nlhe(1, 2)
	tb := deal(t, cfg, []int64{100, 100, 100}, 1, []string{"AsKs", "", "7h7d"}, "Qc Jd Tc 9s 8h")
	if got := engine.FormatCards(tb.h.Hole(0)); got != "As Ks" {
		t.Fatalf("seat 0 holds %s", got)
	}
	if got := engine.FormatCards(tb.h.Hole(2)); got != "7h 7d" {
		t.Fatalf("seat 2 holds %s", got)
	}
	tb.checkDown()
	if got := engine.FormatCards(tb.h.Board(0)); got != "Qc Jd Tc 9s 8h" {
		t.Fatalf("board %s", got)
	}
}

func TestNewRefusesBadInputs(t *testing.T) {
	deck := engine.MustParseCards("As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s Ah Kh Qh")
	seats := []engine.Seat{{Stack: 100}, {Stack: 100}}
	for _, tc := range []struct {
		name  string
		cfg   engine.Config
		seats []engine.Seat
		btn   int
		deck  []engine.Card
	}{
		{"one seat", nlhe(1, 2), seats[:1], 0, deck},
		{"button outside", nlhe(1, 2), seats, 2, deck},
		{"no big blind", nlhe(1, 0), seats, 0, deck},
		{"short deck", nlhe(1, 2), seats, 0, deck[:5]},
		{"repeated card", nlhe(1, 2), seats, 0, append(deck[:15:15], deck[0])},
		{"empty stack", nlhe(1, 2), []engine.Seat{{Stack: 100}, {}}, 0, deck},
		{"negative ante", engine.Config{BigBlind: 2, Ante: -1}, seats, 0, deck},
	} {
		if _, err := engine.New(tc.cfg, tc.seats, tc.btn, tc.deck); !errors.Is(err, engine.ErrConfig) {
			t.Errorf("%s: error %v, want ErrConfig", tc.name, err)
		}
	}
}

// A live table keeps a hand's events (to store and render them) after the
// next hand starts: Reset leaves them and their cards as they were, while
// Recycle, for simulations, reuses the memory.
func TestResetKeepsThePreviousHandsEvents(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{100, 100, 100}, 0, []string{"AsAh", "KsKh", "QsQh"}, "2c 3d 4h 5s 7c")
	tb.do("0 allin", "1 call", "2 call")
	before := tb.h.Events()
	want, err := json.Marshal(before)
	if err != nil {
		t.Fatal(err)
	}
	deck2, err := engine.ArrangeDeck(nlhe(5, 10), 3, 1, [][]engine.Card{engine.MustParseCards("2s2h"), engine.MustParseCards("3s3h"), engine.MustParseCards("4s4h")}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	next := engine.Setup{Rules: nlhe(5, 10), Seats: []engine.Seat{{Stack: 300}, {Stack: 300}, {Stack: 300}}, Button: 1, Deck: deck2}
	if err := tb.h.Reset(next); err != nil {
		t.Fatal(err)
	}
	if _, err := tb.h.Apply(engine.Action{Seat: tb.h.ToAct(), Kind: engine.AllIn}); err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(before); string(got) != string(want) {
		t.Fatalf("Reset changed the previous hand's events:\n%s\nwant\n%s", got, want)
	}
	// Recycle may overwrite them (documented); it must still start the hand.
	if err := tb.h.Recycle(next); err != nil || tb.h.Done() {
		t.Fatalf("Recycle: %v", err)
	}
}
