package engine_test

import (
	"errors"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

// Bad inputs are typed errors, never panics: New refuses 11 seats, negative
// stacks, unknown games; Apply refuses negative amounts, seats out of range,
// bad discards and actions after the end, changing nothing.
func TestBadInputsAreTypedErrors(t *testing.T) {
	deck, _ := engine.NewDeck(52, 0)
	eleven := make([]engine.Seat, 11)
	for i := range eleven {
		eleven[i].Stack = 100
	}
	two := []engine.Seat{{Stack: 100}, {Stack: 100}}
	bad := map[string]func() error{
		"eleven seats": func() error { _, err := engine.New(nlhe(1, 2), eleven, 0, deck); return err },
		"no seats":     func() error { _, err := engine.New(nlhe(1, 2), nil, 0, deck); return err },
		"negative stack": func() error {
			_, err := engine.New(nlhe(1, 2), []engine.Seat{{Stack: 100}, {Stack: -5}}, 0, deck)
			return err
		},
		"unknown game": func() error {
			c := nlhe(1, 2)
			c.Game = 99
			_, err := engine.New(c, two, 0, deck)
			return err
		},
		"negative button": func() error { _, err := engine.New(nlhe(1, 2), two, -1, deck); return err },
		"three jokers": func() error {
			c := drawCfg()
			c.Draw.Jokers = 3
			_, err := engine.New(c, two, 0, deck)
			return err
		},
	}
	for name, f := range bad {
		if err := f(); !errors.Is(err, engine.ErrConfig) {
			t.Errorf("%s: error %v, want ErrConfig", name, err)
		}
	}

	tb := deal(t, nlhe(5, 10), []int64{100, 100, 100}, 0, nil)
	tb.refuse("0 raise 0", engine.ErrBelowMinimum)
	for _, a := range []engine.Action{
		{Seat: 0, Kind: engine.Raise, Amount: -50},
		{Seat: 0, Kind: engine.Bet, Amount: -1},
		{Seat: 0, Kind: engine.ActionKind(200)},
		{Seat: 0, Kind: engine.Discard, Cards: engine.MustParseCards("As")},
	} {
		if _, err := tb.h.Apply(a); err == nil || !errors.As(err, new(*engine.ActionError)) {
			t.Errorf("%+v: error %v, want an *ActionError", a, err)
		}
	}
	for _, seat := range []int{-1, 3, 10, 1 << 30} {
		if _, err := tb.h.Apply(engine.Action{Seat: seat, Kind: engine.Fold}); !errors.Is(err, engine.ErrNotYourTurn) {
			t.Errorf("seat %d: error %v, want ErrNotYourTurn", seat, err)
		}
	}
	tb.do("0 fold", "1 fold")
	tb.refuse("2 check", engine.ErrHandOver)
	tb.refuse("0 fold", engine.ErrHandOver)

	cfg := drawCfg()
	cfg.Draw.Openers = engine.OpenAny
	cfg.Draw.MaxDiscard = 3
	dt := dealDraw(t, cfg, []int64{100, 100}, 0, []string{"As Ks Qs Js 9h", "2c 3d 4h 5s 7c"}, nil)
	dt.do("1 bet 10", "0 call")
	dt.refuse("1 discard As", engine.ErrBadDiscard) // not held
	c2 := engine.MustParseCards("2c")[0]
	if _, err := dt.h.Apply(engine.Action{Seat: 1, Kind: engine.Discard, Cards: []engine.Card{c2, c2}}); !errors.Is(err, engine.ErrBadDiscard) {
		t.Errorf("discarding 2c twice: %v, want ErrBadDiscard", err)
	}
	dt.refuse("1 discard 2c 3d 4h 5s", engine.ErrBadDiscard) // over the maximum
	if _, err := dt.h.Apply(engine.Action{Seat: 1, Kind: engine.Discard, Cards: []engine.Card{engine.NoCard}}); !errors.Is(err, engine.ErrBadDiscard) {
		t.Errorf("discarding NoCard: %v, want ErrBadDiscard", err)
	}
	dt.do("1 discard 2c 3d 4h")
}

// R-CARD-7: only five-card draw plays with jokers or stripped decks; a deck
// holding cards the table's deck has not is refused, never dealt.
func TestNewRefusesCardsOutsideTheTablesDeck(t *testing.T) {
	full, _ := engine.NewDeck(52, 2)
	withJoker := append([]engine.Card{engine.Joker1}, full[:52]...)
	withTwoJokers := append([]engine.Card{engine.Joker1, engine.Joker2}, full[:52]...)
	seats := []engine.Seat{{Stack: 100}, {Stack: 100}}
	draw := func(size, jokers int) engine.Config {
		c := drawCfg()
		c.Draw.DeckSize, c.Draw.Jokers = size, jokers
		return c
	}
	omaha := nlhe(5, 10)
	omaha.Game = engine.OmahaHiLo
	cases := []struct {
		name string
		cfg  engine.Config
		deck []engine.Card
		ok   bool
	}{
		{"hold'em deck with a joker", nlhe(5, 10), withJoker, false},
		{"omaha hi/lo deck with a joker", omaha, withJoker, false},
		{"draw without jokers given a joker", draw(52, 0), withJoker, false},
		{"draw with one joker given two", draw(52, 1), withTwoJokers, false},
		{"32-card draw given twos", draw(32, 0), full[:52], false},
		{"40-card draw given a four", draw(40, 0), full[8:52], false},
		{"hold'em full deck", nlhe(5, 10), full[:52], true},
		{"draw with one joker", draw(52, 1), withJoker, true},
		{"draw with two jokers", draw(52, 2), withTwoJokers, true},
		{"40-card draw", draw(40, 0), full[12:52], true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := engine.New(c.cfg, seats, 0, c.deck)
			if c.ok && err != nil {
				t.Fatalf("refused a good deck: %v", err)
			}
			if !c.ok && !errors.Is(err, engine.ErrConfig) {
				t.Fatalf("error %v, want ErrConfig", err)
			}
		})
	}
}

// Stakes and stacks so large that the pot-limit or minimum-raise arithmetic
// would overflow are refused by New, never turned into a negative minimum.
func TestNewRefusesStakesThatWouldOverflow(t *testing.T) {
	const huge = 1<<63 - 1
	seats := []engine.Seat{{Stack: 100}, {Stack: 100}, {Stack: 100}, {Stack: 100}}
	deck, _ := engine.NewDeck(52, 0)
	cases := map[string]func(c *engine.Config, s []engine.Seat){
		"carried pot": nil, // a per-hand input: see below
		"min bet":     func(c *engine.Config, s []engine.Seat) { c.MinBet = huge },
		"straddle":    func(c *engine.Config, s []engine.Seat) { c.Straddle = huge },
		"big blind":   func(c *engine.Config, s []engine.Seat) { c.BigBlind = huge },
		"big bet":     func(c *engine.Config, s []engine.Seat) { c.Betting, c.BigBet = engine.FixedLimit, huge },
		"small bet":   func(c *engine.Config, s []engine.Seat) { c.Betting, c.SmallBet = engine.FixedLimit, huge },
		"ante":        func(c *engine.Config, s []engine.Seat) { c.Ante = huge },
		"seat ante":   func(c *engine.Config, s []engine.Seat) { s[1].Ante = huge },
		"stack":       func(c *engine.Config, s []engine.Seat) { s[2].Stack = 1 << 62 },
	}
	for name, f := range cases {
		t.Run(name, func(t *testing.T) {
			cfg := nlhe(1, 2)
			s := append([]engine.Seat(nil), seats...)
			setup := engine.Setup{Rules: cfg, Seats: s, Button: 0, Deck: deck}
			if f == nil {
				setup.CarriedPot = huge
			} else {
				f(&setup.Rules, s)
			}
			h, err := engine.Start(setup)
			if !errors.Is(err, engine.ErrConfig) {
				t.Fatalf("error %v, want ErrConfig (legal %+v)", err, h.Legal())
			}
		})
	}
	// The largest accepted amounts still give sane ranges.
	cfg := nlhe(engine.MaxChips/8, engine.MaxChips/4)
	cfg.Betting = engine.PotLimit
	big := []engine.Seat{{Stack: engine.MaxChips}, {Stack: engine.MaxChips}, {Stack: engine.MaxChips}}
	h, err := engine.New(cfg, big, 0, deck)
	if err != nil {
		t.Fatal(err)
	}
	if l := h.Legal(); l.MinTo <= 0 || l.MaxTo < l.MinTo || l.PotTo < l.MinTo {
		t.Fatalf("range overflowed: %+v", l)
	}
}

// R-BET-2: the small blind is the smaller blind; a configuration with the
// blinds the wrong way round is refused instead of making the small blind the bet.
func TestNewRefusesASmallBlindAboveTheBigBlind(t *testing.T) {
	seats := []engine.Seat{{Stack: 100}, {Stack: 100}, {Stack: 100}}
	deck, err := engine.NewDeck(52, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, err = engine.New(engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 20, BigBlind: 10}, seats, 0, deck)
	if !errors.Is(err, engine.ErrConfig) {
		t.Fatalf("New with blinds 20/10 = %v, want ErrConfig", err)
	}
	if _, err := engine.New(engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 10, BigBlind: 10}, seats, 0, deck); err != nil {
		t.Fatalf("New with blinds 10/10 = %v, want nil", err)
	}
}

// ArrangeDeck refuses more cards than a seat holds, a board of more than five
// cards or a draw of more than five, instead of dealing part of them.
func TestArrangeDeckRefusesTooManyCards(t *testing.T) {
	cards := engine.MustParseCards
	cases := map[string]struct {
		cfg                 engine.Config
		hole, boards, draws [][]engine.Card
	}{
		"three hole cards in hold'em": {cfg: nlhe(1, 2), hole: [][]engine.Card{cards("As Ks Qs")}},
		"a board of six cards":        {cfg: nlhe(1, 2), boards: [][]engine.Card{cards("2c 3c 4c 5c 6c 7c")}},
		"a draw of six cards":         {cfg: drawCfg(), draws: [][]engine.Card{cards("2c 3c 4c 5c 6c 7c")}},
		"six cards in five-card draw": {cfg: drawCfg(), hole: [][]engine.Card{cards("2c 3c 4c 5c 6c 7c")}},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			if _, err := engine.ArrangeDeck(c.cfg, 2, 0, c.hole, c.boards, c.draws); !errors.Is(err, engine.ErrConfig) {
				t.Fatalf("error %v, want ErrConfig", err)
			}
		})
	}
}

// A hand whose Reset failed takes no action: it is over, with no seat to act,
// until a Reset succeeds.
func TestFailedResetLeavesNoHandToPlay(t *testing.T) {
	deck, _ := engine.NewDeck(52, 0)
	h, err := engine.New(nlhe(5, 10), []engine.Seat{{Stack: 100}, {Stack: 100}}, 0, deck)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Reset(engine.Setup{Rules: nlhe(5, 10), Seats: []engine.Seat{{Stack: 100}, {Stack: 0}}, Button: 0, Deck: deck}); !errors.Is(err, engine.ErrConfig) {
		t.Fatalf("Reset with an empty stack: %v, want ErrConfig", err)
	}
	if !h.Done() || h.ToAct() != -1 || h.Legal().Seat != -1 || len(h.Events()) != 0 {
		t.Fatalf("after a failed Reset: done %v, to act %d, legal %+v, %d events", h.Done(), h.ToAct(), h.Legal(), len(h.Events()))
	}
	for _, k := range []engine.ActionKind{engine.Check, engine.Fold, engine.Call, engine.Bet, engine.AllIn, engine.Discard} {
		if _, err := h.Apply(engine.Action{Seat: 0, Kind: k, Amount: 10}); !errors.Is(err, engine.ErrHandOver) {
			t.Fatalf("%v after a failed Reset: %v, want ErrHandOver", k, err)
		}
	}
	if err := h.Reset(engine.Setup{Rules: nlhe(5, 10), Seats: []engine.Seat{{Stack: 100}, {Stack: 100}}, Button: 1, Deck: deck}); err != nil || h.Done() || h.ToAct() != 1 {
		t.Fatalf("a good Reset after a failed one: %v, done %v, to act %d", err, h.Done(), h.ToAct())
	}
}

// Describe and String never panic, even on a HandValue or LowValue that no
// evaluator made (one decoded from bad data); real values keep their words.
func TestDescribeAnyValueWithoutPanicking(t *testing.T) {
	values := []uint32{0, 1, 1<<32 - 1, 1 << 31, 0x21132fb7, 0xfffff0ff, 0x0000e000, 15}
	for s := uint32(1); s != 0 && len(values) < 4000; s = s*2654435761 + 12345 {
		values = append(values, s)
	}
	for _, v := range values {
		for _, lang := range []string{"en", "es"} {
			func() {
				defer func() {
					if e := recover(); e != nil {
						t.Fatalf("Describe(%q) of %#x panics: %v", lang, v, e)
					}
				}()
				_ = engine.HandValue(v).Describe(lang)
				_ = engine.LowValue(v).Describe(lang)
			}()
		}
	}
	v := engine.EvalHigh(engine.MustParseCards("Ks Kh Kd 4c 4s"))
	if got := v.Describe("en"); got != "Full house, kings full of fours" {
		t.Fatalf("real value described %q", got)
	}
}
