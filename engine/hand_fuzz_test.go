package engine_test

import (
	"errors"
	"reflect"
	"slices"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
)

// randomTable draws a table from the fuzz bytes: 2 to 9 players with random
// stacks, random stakes and options for the game.
func randomTable(src enginetest.Source, game engine.Game) (engine.Setup, engine.ReplayRules) {
	cfg := engine.Config{Game: game, Betting: engine.Betting(src.IntN(3))}
	var setup engine.Setup
	var replay engine.ReplayRules
	cfg.BigBlind = int64(1 + src.IntN(20))
	cfg.SmallBlind = cfg.BigBlind / 2
	switch src.IntN(6) {
	case 0:
		cfg.Ante = int64(src.IntN(5))
	case 1:
		cfg.BigBlindAnte = cfg.BigBlind
		cfg.AntesFirst = src.IntN(2) == 0
	case 2:
		cfg.Straddle = 2 * cfg.BigBlind
	case 3:
		setup.NoSmallBlind = true
	}
	if cfg.Betting == engine.FixedLimit {
		cfg.RaiseCap = src.IntN(6) - 1
		cfg.Tournament = src.IntN(4) == 0
		setup.TwoPlayersLeft = src.IntN(2) == 0
	}
	if src.IntN(2) == 0 {
		cfg.Rake = engine.Rake{Percent: 5, Cap: int64(src.IntN(30)), Step: int64(src.IntN(3)) * 10}
	}
	cfg.RunItTwice = src.IntN(2) == 0
	if src.IntN(4) == 0 {
		replay = engine.PokerKitRules
	}
	cfg.OddChipsToFirst = src.IntN(2) == 0
	if src.IntN(4) == 0 {
		cfg.MinBet = int64(1 + src.IntN(30))
	}
	n := 2 + src.IntN(8)
	for n*game.HoleCards()+8 > 52 {
		n--
	}
	deckSize := 52
	if game == engine.Draw {
		cfg.Ante = int64(1 + src.IntN(5))
		if src.IntN(2) == 0 {
			cfg.SmallBlind, cfg.BigBlind, cfg.Straddle, cfg.BigBlindAnte = 0, 0, 0, 0
			cfg.SmallBet = int64(1 + src.IntN(10))
		}
		cfg.Draw = engine.DrawConfig{
			Openers:    engine.Openers(src.IntN(2)),
			MaxDiscard: src.IntN(6),
			Jokers:     src.IntN(3),
		}
		setup.CarriedPot = int64(src.IntN(3)) * 7
		switch src.IntN(4) {
		case 1:
			deckSize = 40
		case 2:
			deckSize = 36
		case 3:
			deckSize = 32
		}
		if deckSize != 52 {
			cfg.Draw.DeckSize = deckSize
		}
		for n*5+2 > deckSize+cfg.Draw.Jokers {
			n--
		}
	}
	seats := make([]engine.Seat, n)
	for i := range seats {
		switch src.IntN(3) {
		case 0:
			seats[i].Stack = int64(1 + src.IntN(int(4*cfg.BigBlind+10)))
		default:
			seats[i].Stack = int64(1 + src.IntN(5000))
		}
	}
	var deck []engine.Card
	if game == engine.Draw {
		deck, _ = engine.NewDeck(deckSize, cfg.Draw.Jokers)
	} else {
		var d [52]engine.Card
		deck = enginetest.FullDeck(&d)
	}
	enginetest.Shuffle(deck, src)
	setup.Rules, setup.Seats, setup.Button, setup.Deck = cfg, seats, src.IntN(n), deck
	return setup, replay
}

// fuzzHand plays one random hand from data with random legal and illegal
// actions and checks the invariants: chips conserved exactly, no negative
// stack, every pot awarded, refused actions change nothing, resuming from the
// events rebuilds the same hand.
func fuzzHand(t *testing.T, game engine.Game, data []byte) {
	src := &enginetest.Bytes{B: data}
	setup, replay := randomTable(src, game)
	cfg, seats := setup.Rules, setup.Seats
	h, err := engine.StartReplay(setup, replay)
	if err != nil {
		t.Fatalf("New(%+v): %v", cfg, err)
	}
	var start int64
	for _, s := range seats {
		start += s.Stack
	}
	p := &enginetest.Player{Src: src}
	check := func(when string) {
		t.Helper()
		// A snapshot made for a viewer is the full one redacted for them.
		full := h.Snapshot()
		for _, v := range []int{-1, 0, len(seats) - 1, h.ToAct()} {
			if got, want := h.SnapshotFor(v), full.For(v); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: SnapshotFor(%d) = %+v, want Snapshot().For = %+v", when, v, got, want)
			}
		}
		// No card is in two places: two hands, or a hand and a board.
		var seen engine.CardSet
		place := func(c engine.Card, where string, i int) {
			if c == engine.NoCard {
				return
			}
			if seen.Has(c) {
				t.Fatalf("%s: %v dealt twice (again in %s %d)", when, c, where, i)
			}
			seen = seen.Add(c)
		}
		for i := range seats {
			for _, c := range h.Hole(i) {
				place(c, "seat", i)
			}
		}
		for b := 0; b < 2; b++ {
			for _, c := range h.Board(b) {
				if b == 1 && seen.Has(c) && slices.Contains(h.Board(0), c) {
					continue // a second run shares the cards dealt before it
				}
				place(c, "board", b)
			}
		}
		var stacks, committed int64
		for i := range seats {
			if h.Stack(i) < 0 {
				t.Fatalf("%s: seat %d stack %d", when, i, h.Stack(i))
			}
			stacks += h.Stack(i)
			committed += h.Committed(i)
		}
		if !h.Done() {
			if stacks+committed != start {
				t.Fatalf("%s: stacks %d + committed %d != start %d", when, stacks, committed, start)
			}
			return
		}
		if got := stacks + h.RakeTaken() + h.CarryOver(); got != start+setup.CarriedPot {
			t.Fatalf("%s: stacks %d + rake %d + carry %d != start %d + carried %d", when, stacks, h.RakeTaken(), h.CarryOver(), start, setup.CarriedPot)
		}
	}
	check("start")
	// kept: the stacks of declared players when declared, which they never
	// put in the pot (R-TIME-2).
	kept := map[int]int64{}
	for steps := 0; !h.Done(); {
		if steps > 200000 {
			t.Fatalf("hand not over after %d actions", steps)
		}
		if !src.Exhausted() && src.IntN(4) == 0 {
			if a, ok := p.IllegalAction(h); ok {
				before := *h
				n := len(h.Events())
				if h.Verify(a) == nil {
					t.Fatalf("Verify accepts the illegal action %+v", a)
				}
				if _, err := h.Apply(a); err == nil {
					t.Fatalf("illegal action %+v accepted (legal %+v)", a, before.Legal())
				} else if !errors.As(err, new(*engine.ActionError)) {
					t.Fatalf("error %v is not an *ActionError", err)
				}
				if len(h.Events()) != n || !reflect.DeepEqual(before, *h) {
					t.Fatalf("refused action %+v changed the hand", a)
				}
				continue
			}
		}
		if !src.Exhausted() && src.IntN(6) == 0 {
			// R-CASH-7: a fast fold by any seat, in turn or out of it:
			// accepted exactly when VerifyFastFold says, the invariants
			// kept; refused, nothing changed.
			steps++
			i := src.IntN(len(seats))
			before := *h
			n := len(h.Events())
			verr := h.VerifyFastFold(i)
			_, err := h.FastFold(i)
			if (verr == nil) != (err == nil) {
				t.Fatalf("VerifyFastFold(%d) = %v but FastFold = %v", i, verr, err)
			}
			if err != nil {
				if len(h.Events()) != n || !reflect.DeepEqual(before, *h) {
					t.Fatalf("refused fast fold of seat %d changed the hand", i)
				}
				continue
			}
			check("after a fast fold")
			continue
		}
		steps++
		a := p.Action(h)
		if !src.Exhausted() && src.IntN(6) == 0 {
			// The all-in protection (R-TIME-2): declared when it may be,
			// refused (and nothing changed) when it may not.
			d := engine.Action{Seat: h.ToAct(), Kind: engine.DeclareAllIn}
			if !h.CanDeclareAllIn() {
				before := *h
				if _, err := h.Apply(d); !errors.Is(err, engine.ErrCannotDeclare) && !errors.Is(err, engine.ErrInvalidAction) {
					t.Fatalf("declared all in accepted or refused with %v", err)
				}
				if !reflect.DeepEqual(before, *h) {
					t.Fatalf("refused declaration changed the hand")
				}
			} else {
				a = d
				kept[a.Seat] = h.Stack(a.Seat)
			}
		}
		if err := h.Verify(a); err != nil {
			t.Fatalf("Verify refuses the legal action %+v: %v", a, err)
		}
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("legal action %+v refused: %v (legal %+v)", a, err, h.Legal())
		}
		check("after " + a.Kind.String())
		for i, k := range kept {
			if h.Stack(i) < k || !h.IsAllIn(i) && !h.Done() {
				t.Fatalf("declared seat %d: stack %d below the %d kept, or no longer all in", i, h.Stack(i), k)
			}
		}
	}
	r := h.Result()
	if h.CarryOver() == 0 {
		for k, pot := range r.Pots {
			var won int64
			for _, aw := range pot.Awards {
				won += aw.Amount
			}
			if won != pot.Amount-pot.Rake || (pot.Amount > pot.Rake && len(pot.Awards) == 0) {
				t.Fatalf("pot %d of %d (rake %d) awarded %d", k, pot.Amount, pot.Rake, won)
			}
		}
	}
	again, err := engine.ResumeReplay(setup, replay, h.Events())
	if err != nil {
		t.Fatalf("Resume: %v", err)
	}
	if !reflect.DeepEqual(stateOf(again), stateOf(h)) {
		t.Fatalf("resumed hand differs")
	}
}

// stateOf copies a hand with its events, for comparisons.
func stateOf(h *engine.Hand) engine.Hand { return *h }

func seedCorpus(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add([]byte("six-handed all in preflop with side pots and a straddle"))
	f.Add([]byte{2, 9, 1, 0, 0, 1, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7})
	f.Add([]byte{1, 5, 3, 0, 1, 1, 1, 1, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 6, 6, 6, 6, 3, 3, 3, 3, 2, 2, 2})
	for i := 0; i < 8; i++ {
		b := make([]byte, 200)
		for j := range b {
			b[j] = byte((j*131 + i*71) ^ (j >> 3))
		}
		f.Add(b)
	}
}

func FuzzHoldem(f *testing.F) {
	seedCorpus(f)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzHand(t, engine.Holdem, data) })
}

// fuzzFourOrFiveCards fuzzes hands of the four-card game, or of its
// five-card form when the first fuzz byte is odd.
func fuzzFourOrFiveCards(f *testing.F, four, five engine.Game) {
	seedCorpus(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		g := four
		if len(data) > 0 && data[0]&1 == 1 {
			g = five
		}
		fuzzHand(t, g, data)
	})
}

func FuzzOmaha(f *testing.F) { fuzzFourOrFiveCards(f, engine.Omaha, engine.Omaha5) }

func FuzzOmahaHiLo(f *testing.F) { fuzzFourOrFiveCards(f, engine.OmahaHiLo, engine.OmahaHiLo5) }

func FuzzDraw(f *testing.F) {
	seedCorpus(f)
	f.Fuzz(func(t *testing.T, data []byte) { fuzzHand(t, engine.Draw, data) })
}
