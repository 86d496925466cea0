package engine_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
)

// Resume refuses tampered histories with ErrResume, whatever the tampering:
// an action moved out of its turn, a seat changed, an amount changed, an
// action after the end, a dealt card changed.
func TestResumeRefusesTamperedEventsWithErrResume(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{300, 300, 300}, 0, nil)
	tb.do("0 raise 30", "1 call", "2 raise 90", "0 call", "1 fold")
	tb.checkDown()
	orig := tb.h.Events()
	idx := func(k engine.EventKind, seat int) int {
		for i, e := range orig {
			if e.Kind == k && e.Seat == seat {
				return i
			}
		}
		t.Fatalf("no %s by seat %d", k, seat)
		return -1
	}
	tamper := map[string]func(evs []engine.Event) []engine.Event{
		"two actions swapped": func(evs []engine.Event) []engine.Event {
			i := idx(engine.EvCall, 1)
			evs[i-1], evs[i] = evs[i], evs[i-1]
			return evs
		},
		"action given to the wrong seat": func(evs []engine.Event) []engine.Event {
			evs[idx(engine.EvCall, 1)].Seat = 2
			return evs
		},
		"raise amount changed, history kept": func(evs []engine.Event) []engine.Event {
			evs[idx(engine.EvRaise, 2)].Amount = 1000
			return evs
		},
		"raise amount below the minimum": func(evs []engine.Event) []engine.Event {
			evs[idx(engine.EvRaise, 2)].Amount = 31
			return evs
		},
		"fold turned into a check": func(evs []engine.Event) []engine.Event {
			evs[idx(engine.EvFold, 1)].Kind = engine.EvCheck
			return evs
		},
		"action after the end": func(evs []engine.Event) []engine.Event {
			return append(evs, engine.Event{Seq: len(evs), Kind: engine.EvCheck, Street: engine.Showdown, Seat: 0})
		},
		"hole card changed": func(evs []engine.Event) []engine.Event {
			i := idx(engine.EvDealHole, 1)
			evs[i].Cards = append([]engine.Card(nil), evs[i].Cards...)
			evs[i].Cards[0] = engine.MustParseCards("2c")[0]
			if evs[i].Cards[0] == orig[i].Cards[0] {
				evs[i].Cards[0] = engine.MustParseCards("3c")[0]
			}
			return evs
		},
	}
	for name, f := range tamper {
		t.Run(name, func(t *testing.T) {
			evs := f(append([]engine.Event(nil), orig...))
			h, err := engine.Resume(engine.Setup{Rules: tb.cfg, Seats: tb.seats, Button: tb.button, Deck: tb.deck}, evs)
			if !errors.Is(err, engine.ErrResume) {
				t.Fatalf("error %v, want ErrResume", err)
			}
			if h != nil {
				t.Fatal("a refused resume returned a hand")
			}
		})
	}
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

// Seed 004: the pot is carried to the next hand when everybody checks. A
// player all in from the ante has not checked: with fewer than two players
// able to bet, the hand goes on to the draw and the showdown.
func TestDrawAllInFromTheAnteGoesToTheShowdown(t *testing.T) {
	for _, stacks := range [][]int64{{5, 5}, {5, 100}, {100, 5}} {
		tb := dealDraw(t, drawCfg(), stacks, 0,
			[]string{"As Ah Ad Ac Kd", "2c 3d 7h 8s 9c"}, []string{"", ""})
		for !tb.h.Done() {
			l := tb.h.Legal()
			if !l.Discard {
				t.Fatalf("stacks %v: asked for %+v before the draw, want the draw", stacks, l)
			}
			tb.do(itoa(int64(l.Seat)) + " discard")
		}
		if tb.h.CarryOver() != 0 {
			t.Fatalf("stacks %v: %d carried over, want the pot played", stacks, tb.h.CarryOver())
		}
		// Seat 0's four aces win the antes.
		wantStacks(t, tb.h, stacks[0]+5, stacks[1]-5)
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

// R-BET-3 (TDA 43): after an all-in short of a full raise, the next raise
// must still add the largest full bet or raise of the round to the all-in.
func TestMinimumRaiseAfterAShortAllIn(t *testing.T) {
	tb := deal(t, nlhe(50, 100), []int64{5000, 5000, 400, 5000}, 0, nil)
	tb.do("3 call", "0 call", "1 call", "2 check")
	tb.do("1 bet 200", "2 allin") // all in to 300: 100 more, short of 200
	l := tb.h.Legal()
	if l.Seat != 3 || !l.CanRaise || l.MinTo != 500 || l.CallAmount != 300 {
		t.Fatalf("after a bet of 200 and an all-in to 300: %+v, want raise to at least 500", l)
	}
	tb.refuse("3 raise 499", engine.ErrBelowMinimum)
	tb.do("3 raise 500")
}

// R-BET-2, R-SEAT-3: heads-up the button posts the small blind and acts
// first before the flop, last after it.
func TestHeadsUpButtonActsFirstPreflopLastAfter(t *testing.T) {
	for button := 0; button < 2; button++ {
		other := 1 - button
		tb := deal(t, nlhe(5, 10), []int64{500, 500}, button, nil)
		if sb, bb, _ := tb.h.Blinds(); sb != button || bb != other {
			t.Fatalf("button %d: blinds %d/%d", button, sb, bb)
		}
		if tb.h.ToAct() != button {
			t.Fatalf("button %d: seat %d acts first preflop", button, tb.h.ToAct())
		}
		tb.do(itoa(int64(button))+" call", itoa(int64(other))+" check")
		if tb.h.Street() != engine.Flop || tb.h.ToAct() != other {
			t.Fatalf("button %d: on the %v seat %d acts first, want %d", button, tb.h.Street(), tb.h.ToAct(), other)
		}
	}
}

// R-BET-4 (TDA 50-B): after the flop the pot-limit maximum counts the real
// pot; a short all-in raise there changes the maximum by what it put in.
func TestPotLimitAfterTheFlopCountsTheRealPot(t *testing.T) {
	cfg := nlhe(25, 50)
	cfg.Betting = engine.PotLimit
	tb := deal(t, cfg, []int64{5000, 5000, 5000, 110}, 0, nil)
	tb.do("3 call", "0 call", "1 call", "2 check") // pot 200, seat 3 has 60 left
	tb.do("1 bet 50", "2 call", "3 allin")         // all in to 60
	// Pot 200 + 50 + 50 + 60 = 360; seat 0 calls 60 and raises 420: to 480.
	if l := tb.h.Legal(); l.Seat != 0 || l.MaxTo != 480 {
		t.Fatalf("pot-limit maximum %+v, want 480", l)
	}
}

// Seed 004: jacks or better to open; a pair of jacks made with the joker is a
// pair of jacks, even with the lowest kickers.
func TestDrawJokerPairOfJacksOpens(t *testing.T) {
	cfg := drawCfg()
	cfg.Draw.Jokers = 1
	for _, tc := range []struct {
		hole string
		open bool
	}{
		{"Jk Jh 4c 3d 2s", true},
		{"Jk Jh 5c 3d 2s", true},
		{"Js Jh 4c 3d 2s", true},
		{"Jk Th 4c 3d 2s", false}, // a pair of tens
	} {
		tb := dealDraw(t, cfg, []int64{100, 100}, 1, []string{tc.hole, "Ks Qh 9c 8d 6s"}, nil)
		if l := tb.h.Legal(); l.Seat != 0 || l.CanBet != tc.open {
			t.Fatalf("%s: may open %v, want %v (%+v)", tc.hole, l.CanBet, tc.open, l)
		}
	}
}

// Resume never rebuilds a different hand silently: after one field of one
// event is changed, it either refuses with ErrResume or returns a hand whose
// events are exactly the ones given (a changed last action that is legal).
func TestResumeNeverAcceptsAChangedHistorySilently(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for it := 0; it < 300; it++ {
		game := []engine.Game{engine.Holdem, engine.Omaha, engine.OmahaHiLo, engine.Draw}[it%4]
		setup, replay := randomTable(r, game)
		h, err := engine.StartReplay(setup, replay)
		if err != nil {
			t.Fatal(err)
		}
		p := &enginetest.Player{Src: r}
		for !h.Done() {
			if _, err := h.Apply(p.Action(h)); err != nil {
				t.Fatal(err)
			}
		}
		orig := h.Events()
		for k := 0; k < 20; k++ {
			evs := append([]engine.Event(nil), orig...)
			i := r.IntN(len(evs))
			e := &evs[i]
			switch r.IntN(6) {
			case 0:
				e.Seat = (e.Seat + 1 + r.IntN(len(setup.Seats))) % (len(setup.Seats) + 1)
			case 1:
				e.Amount += int64(1 + r.IntN(50))
			case 2:
				e.Kind = engine.EventKind(r.IntN(int(engine.EvCarryOver) + 1))
			case 3:
				e.AllIn = !e.AllIn
			case 4:
				e.Street = engine.Street(r.IntN(int(engine.Showdown) + 1))
			case 5:
				if j := r.IntN(len(evs)); j != i {
					evs[i], evs[j] = evs[j], evs[i]
				}
			}
			got, err := engine.ResumeReplay(setup, replay, evs)
			if err != nil {
				if !errors.Is(err, engine.ErrResume) {
					t.Fatalf("event %d changed to %+v: error %v, want ErrResume", i, evs[i], err)
				}
				continue
			}
			if !reflect.DeepEqual(got.Events(), evs) {
				t.Fatalf("event %d changed to %+v: Resume rebuilt a different hand without an error", i, evs[i])
			}
		}
	}
}

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
