package engine_test

import (
	"errors"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

func drawCfg() engine.Config {
	return engine.Config{Game: engine.Draw, Betting: engine.NoLimit, Ante: 5, SmallBet: 10,
		Draw: engine.DrawConfig{Openers: engine.OpenJacksOrBetter}}
}

// dealDraw starts a draw hand with the given hole cards and replacements.
func dealDraw(t *testing.T, cfg engine.Config, stacks []int64, button int, holes []string, draws []string) *table {
	t.Helper()
	return dealDrawX(t, extra{}, cfg, stacks, button, holes, draws)
}

// dealDrawX is dealDraw with per-hand inputs.
func dealDrawX(t *testing.T, x extra, cfg engine.Config, stacks []int64, button int, holes []string, draws []string) *table {
	t.Helper()
	hole := make([][]engine.Card, len(stacks))
	for i, s := range holes {
		if s != "" {
			hole[i] = engine.MustParseCards(s)
		}
	}
	dr := make([][]engine.Card, len(stacks))
	for i, s := range draws {
		if s != "" {
			dr[i] = engine.MustParseCards(s)
		}
	}
	deck, err := engine.ArrangeDeck(cfg, len(stacks), button, hole, nil, dr)
	if err != nil {
		t.Fatal(err)
	}
	seats := make([]engine.Seat, len(stacks))
	for i := range seats {
		seats[i].Stack = stacks[i]
	}
	h, err := x.start(cfg, seats, button, deck)
	if err != nil {
		t.Fatal(err)
	}
	return &table{t: t, cfg: cfg, seats: seats, button: button, deck: deck, h: h}
}

// Five-card draw (seed 004): antes, the opener needs jacks or better, one
// draw, a bet after it.
func TestDrawOpenersDrawAndShowdown(t *testing.T) {
	tb := dealDraw(t, drawCfg(), []int64{200, 200, 200}, 0,
		[]string{"9s 9h 2c 5d Kc", "Qs Qh 3c 4d 8c", "As Ks 7h 6h 2d"},
		[]string{"Qd 3s 4s", "Qc 3h 4h", "Ah Ad 3d"})
	if tb.h.ToAct() != 1 {
		t.Fatalf("first to act %d, want left of the button", tb.h.ToAct())
	}
	tb.do("1 check")
	// Seat 2 (ace high) cannot open; seat 0 (nines) neither.
	if l := tb.h.Legal(); l.CanBet {
		t.Fatalf("ace high may not open: %+v", l)
	}
	tb.refuse("2 bet 10", engine.ErrNoOpeners)
	tb.do("2 check")
	tb.refuse("0 bet 10", engine.ErrNoOpeners)
	tb.do("0 check")
	// Nobody opened: the pot is carried to the next hand.
	if !tb.h.Done() || tb.h.CarryOver() != 15 || tb.h.Result().CarryOver != 15 {
		t.Fatalf("carry-over %d, done %v", tb.h.CarryOver(), tb.h.Done())
	}
	wantStacks(t, tb.h, 195, 195, 195)

	// Next hand: the carried pot goes to the winner.
	cfg := drawCfg()
	tb = dealDrawX(t, extra{carriedPot: 15}, cfg, []int64{195, 195, 195}, 1,
		[]string{"9s 9h 2c 5d Kc", "Qs Qh 3c 4d 8c", "As Ks 7h 6h 2d"},
		[]string{"", "9c 9d 3s", "Qd 3h 4h"}) // seat 0 folds before the draw: no cards for it
	// Button 1: seat 2 acts first, then 0, then 1.
	tb.do("2 check", "0 check", "1 bet 10", "2 call", "0 fold")
	l := tb.h.Legal()
	if !l.Discard || l.Seat != 2 || l.MaxDiscard != 5 {
		t.Fatalf("draw: %+v", l)
	}
	tb.refuse("2 discard 9s", engine.ErrBadDiscard)
	tb.refuse("2 check", engine.ErrInvalidAction)
	evs := tb.do("2 discard 7h 6h 2d")
	got := eventsOf(evs, engine.EvDrawCards)
	if len(got) != 1 || engine.FormatCards(got[0].Cards) != "Qd 3h 4h" {
		t.Fatalf("draw cards %+v", got)
	}
	tb.do("1 discard 3c 4d 8c")
	if got := engine.FormatCards(tb.h.Hole(1)); got != "Qs Qh 9c 9d 3s" {
		t.Fatalf("seat 1 after the draw: %s", got)
	}
	tb.do("2 check", "1 bet 20", "2 call")
	// Seat 1: queens and nines beats seat 2's ace-king high.
	wantStacks(t, tb.h, 190, 195-5-10-20+15+3*5+60, 195-5-10-20)
}

// Five-card draw: a configured maximum of discards; jokers and stripped decks
// through the evaluator.
func TestDrawMaxDiscardJokersAndStrippedDeck(t *testing.T) {
	cfg := drawCfg()
	cfg.Draw.Openers = engine.OpenAny
	cfg.Draw.MaxDiscard = 3
	cfg.Draw.Jokers = 1
	cfg.Draw.DeckSize = 32
	tb := dealDraw(t, cfg, []int64{100, 100}, 0,
		[]string{"Jk 8s 8h Ad Kc", "Ts Th Tc 7d Qd"}, []string{"8d Ks", ""})
	tb.do("1 bet 10", "0 call")
	if l := tb.h.Legal(); l.MaxDiscard != 3 {
		t.Fatalf("max discard %d, want 3", l.MaxDiscard)
	}
	tb.refuse("1 discard 7d Qd Ts Th", engine.ErrBadDiscard)
	tb.do("1 discard")
	tb.do("0 discard Ad Kc")
	if got := engine.FormatCards(tb.h.Hole(0)); got != "Jk 8s 8h 8d Ks" {
		t.Fatalf("seat 0 after the draw: %s", got)
	}
	tb.do("1 check", "0 check")
	// Three eights and a joker (four of a kind) beat three tens.
	wantStacks(t, tb.h, 115, 85)
	// A deck with cards the stripped deck lacks is refused.
	if _, err := engine.ArrangeDeck(cfg, 2, 0, [][]engine.Card{engine.MustParseCards("2c 3c 4c 5c 6c")}, nil, nil); !errors.Is(err, engine.ErrConfig) {
		t.Fatalf("ArrangeDeck with 2c in a 32-card deck: %v", err)
	}
}

// drawEveryCard plays a draw hand of n players with a deck of deckSize cards
// in which every player changes their first `change` cards, so the stub runs
// out and the discards are dealt again (seed 004); it returns every card
// drawn, in order, and the hand.
func drawEveryCard(t *testing.T, seed uint64, deckSize, n, change int) ([]engine.Card, *engine.Hand) {
	t.Helper()
	cfg := engine.Config{Game: engine.Draw, Betting: engine.NoLimit, Ante: 1, SmallBet: 2,
		Draw: engine.DrawConfig{DeckSize: deckSize}}
	h, err := engine.Start(engine.Setup{Rules: cfg, Seats: seatsOf(n, 100), Button: 0, Deck: deckOf(t, deckSize, 7), ReshuffleSeed: seed})
	if err != nil {
		t.Fatal(err)
	}
	var drawn []engine.Card
	for steps := 0; !h.Done() && steps < 100; steps++ {
		l := h.Legal()
		var a engine.Action
		switch {
		case l.Discard:
			a = engine.Action{Seat: l.Seat, Kind: engine.Discard, Cards: h.Hole(l.Seat)[:change]}
		case l.CanBet:
			a = engine.Action{Seat: l.Seat, Kind: engine.Bet, Amount: l.MinTo}
		case l.CallAmount > 0:
			a = engine.Action{Seat: l.Seat, Kind: engine.Call}
		default:
			a = engine.Action{Seat: l.Seat, Kind: engine.Check}
		}
		evs, err := h.Apply(a)
		if err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
		for _, e := range evs {
			if e.Kind == engine.EvDrawCards {
				drawn = append(drawn, e.Cards...)
			}
		}
	}
	if !h.Done() {
		t.Fatal("hand did not end")
	}
	return drawn, h
}

// R-CARD-7 (seed 004): when the stub runs out the discards are shuffled before
// they are dealt again. With a reshuffle seed the replacement cards differ
// from the order the discards were thrown, are the same for the same seed
// (so the hand replays), and no card is ever in two hands.
func TestDrawReshufflesTheDiscardsWhenTheStubRunsOut(t *testing.T) {
	inOrder, _ := drawEveryCard(t, 0, 52, 9, 3)
	if len(inOrder) != 27 {
		t.Fatalf("%d cards drawn, want 27 (nine players changing three)", len(inOrder))
	}
	differs := 0
	for seed := uint64(1); seed <= 5; seed++ {
		got, h := drawEveryCard(t, seed, 52, 9, 3)
		again, _ := drawEveryCard(t, seed, 52, 9, 3)
		if engine.FormatCards(got) != engine.FormatCards(again) {
			t.Fatalf("seed %d dealt %v, then %v", seed, got, again)
		}
		if engine.FormatCards(got) != engine.FormatCards(inOrder) {
			differs++
		}
		checkNoCardTwice(t, h)
		r, err := engine.Resume(engine.Setup{Rules: h.Config(), Seats: seatsOf(9, 100), Button: 0, Deck: deckOf(t, 52, 7), ReshuffleSeed: seed}, h.Events())
		if err != nil {
			t.Fatalf("seed %d: resume: %v", seed, err)
		}
		for i := 0; i < 9; i++ {
			if engine.FormatCards(r.Hole(i)) != engine.FormatCards(h.Hole(i)) {
				t.Fatalf("seed %d: resumed seat %d holds %v, want %v", seed, i, r.Hole(i), h.Hole(i))
			}
		}
	}
	if differs == 0 {
		t.Fatal("no reshuffle seed changed the order the discards are dealt in")
	}
}

// Seed 004: when even the discards run out, a player keeps the cards they
// threw; such a card never became a discard, so it is not dealt to anyone else.
func TestDrawACardThatComesBackIsNotDealtAgain(t *testing.T) {
	for seed := uint64(0); seed <= 3; seed++ {
		_, h := drawEveryCard(t, seed, 32, 6, 5)
		checkNoCardTwice(t, h)
	}
}

// checkNoCardTwice fails when a card is in two players' hands.
func checkNoCardTwice(t *testing.T, h *engine.Hand) {
	t.Helper()
	var held engine.CardSet
	for i := 0; i < h.NumSeats(); i++ {
		for _, c := range h.Hole(i) {
			if held.Has(c) {
				t.Fatalf("%v is in two hands: %v", c, h.Events())
			}
			held = held.Add(c)
		}
	}
}

func seatsOf(n int, stack int64) []engine.Seat {
	s := make([]engine.Seat, n)
	for i := range s {
		s[i].Stack = stack
	}
	return s
}

func deckOf(t *testing.T, size int, seed uint64) []engine.Card {
	t.Helper()
	deck, err := engine.NewDeck(size, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.Shuffle(deck, engine.NewSeededReader(seed)); err != nil {
		t.Fatal(err)
	}
	return deck
}

// R-CARD-7 (seed 004): only one joker plays in a hand; a player dealt both
// must throw one. Legal says so, and a draw keeping both is refused without
// changing anything.
func TestTwoJokersMustThrowOne(t *testing.T) {
	cfg := engine.Config{Game: engine.Draw, Betting: engine.NoLimit, Ante: 5, SmallBet: 10,
		Draw: engine.DrawConfig{Jokers: 2}}
	h0, _ := engine.ParseCards("Jk Jk 2c 7d 9h")
	h0[1] = engine.Joker2
	h1, _ := engine.ParseCards("AsAhKdQc3s")
	deck, err := engine.ArrangeDeck(cfg, 2, 1, [][]engine.Card{h0, h1}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	h, err := engine.Start(engine.Setup{Rules: cfg, Seats: []engine.Seat{{Stack: 500}, {Stack: 500}}, Button: 1, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	for !h.Legal().Discard {
		l := h.Legal()
		a := engine.Action{Seat: l.Seat, Kind: engine.Check}
		switch {
		case l.CallAmount > 0:
			a.Kind = engine.Call
		case l.Seat == 1 && l.CanBet:
			a.Kind, a.Amount = engine.Bet, 10
		}
		if _, err := h.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	for h.Legal().Seat != 0 {
		if _, err := h.Apply(engine.Action{Seat: h.Legal().Seat, Kind: engine.Discard}); err != nil {
			t.Fatal(err)
		}
	}
	l := h.Legal()
	if !l.MustDiscardJoker {
		t.Fatalf("seat 0 holds both jokers; Legal %+v", l)
	}
	two, _ := engine.ParseCards("2c 7d")
	for _, cards := range [][]engine.Card{nil, two} {
		n := len(h.Events())
		_, err := h.Apply(engine.Action{Seat: 0, Kind: engine.Discard, Cards: cards})
		if !errors.Is(err, engine.ErrKeepsTwoJokers) || !errors.As(err, new(*engine.ActionError)) {
			t.Fatalf("keeping both jokers (throwing %v): %v", cards, err)
		}
		if len(h.Events()) != n {
			t.Fatal("a refused draw changed the hand")
		}
	}
	if _, err := h.Apply(engine.Action{Seat: 0, Kind: engine.Discard, Cards: []engine.Card{engine.Joker2}}); err != nil {
		t.Fatalf("throwing one joker: %v", err)
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
