package engine_test

import (
	"encoding/hex"
	"errors"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

// playDown plays a hand from setup: the first to bet on the flop goes all
// in, every other action checks or calls, so that the board is complete
// and the hands reach the showdown; at the draw seat i throws its first
// i%3+2 cards.
func playDown(t *testing.T, setup engine.Setup) *engine.Hand {
	t.Helper()
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	for !h.Done() {
		l := h.Legal()
		a := engine.Action{Seat: l.Seat, Kind: engine.Check}
		switch {
		case h.Street() == engine.Flop && l.CanBet:
			a.Kind = engine.AllIn
		case l.Discard:
			a.Kind, a.Cards = engine.Discard, h.Hole(l.Seat)[:l.Seat%3+2]
		case !l.CanCheck:
			a.Kind = engine.Call
		}
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
	}
	return h
}

// committed commits to a shuffled deck of the configuration's game.
func committed(t *testing.T, cfg engine.Config, seed uint64) engine.Provable {
	t.Helper()
	size, jokers := 52, 0
	if cfg.Game == engine.Draw {
		size, jokers = cfg.Draw.DeckSize, cfg.Draw.Jokers
		if size == 0 {
			size = 52
		}
	}
	d, err := engine.NewDeck(size, jokers)
	if err != nil {
		t.Fatal(err)
	}
	src := engine.NewSeededReader(seed)
	if err := engine.Shuffle(d, src); err != nil {
		t.Fatal(err)
	}
	p, err := engine.NewProvable(d, src)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The README's "Check it without the bot": a reveal proves each card shown
// against its position's hash, and the position it was dealt from against
// the mix; VerifyReveal cannot tell whether that position is where the
// hand's deal order took the card from. A room that dealt a flop of its
// choosing off the committed deck (here: the card at position 40 as the
// flop's first) still reveals, for each card shown, where it truly sits
// in the committed deck, and VerifyReveal accepts it: the deal order is
// what refuses it (engine.VerifyDealOrder), while every honest hand of
// the room's games passes (Hold'em with or without seeds, Omaha run twice,
// five-card draw whose draws nobody else saw, or whose stub ran out: the
// discards dealt again hold no position and are not checked).
func TestVerifyDealOrderRefusesCardsNotDealtInOrder(t *testing.T) {
	seats := []engine.Seat{{Stack: 100}, {Stack: 100}, {Stack: 100}, {Stack: 100}}
	plo := engine.Config{Game: engine.Omaha, Betting: engine.PotLimit, SmallBlind: 1, BigBlind: 2, RunItTwice: true}
	draw := engine.Config{Game: engine.Draw, Betting: engine.PotLimit, SmallBlind: 1, BigBlind: 2}
	short := draw
	short.Draw.DeckSize = 32
	honest := []struct {
		name  string
		cfg   engine.Config
		seeds []string
		stack int64
		hero  int // the seat whose draws the reveal may show; -1: none hidden
	}{
		{"hold'em", nlhe(1, 2), nil, 100, -1},
		{"hold'em with seeds", nlhe(1, 2), []string{"ana: 7", "ben: x"}, 100, -1},
		{"omaha all in on the flop, run twice", plo, []string{"cy: run"}, 10, -1},
		{"five-card draw, the others' draws hidden", draw, nil, 100, 1},
		{"five-card draw, 32 cards: the stub runs out", short, []string{"dan: 4"}, 100, 1},
	}
	for _, tc := range honest {
		t.Run(tc.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 8; seed++ {
				p := committed(t, tc.cfg, seed)
				ss := append([]engine.Seat(nil), seats...)
				for i := range ss {
					ss[i].Stack = tc.stack
				}
				setup := engine.Setup{Rules: tc.cfg, Seats: ss, Button: int(seed % 4), Deck: p.Dealt(tc.seeds)}
				h := playDown(t, setup)
				events := h.Events()
				shown := engine.ShownCards(events)
				if tc.hero >= 0 {
					events = hideDraws(events, tc.hero)
					for _, e := range events {
						if e.Seat == tc.hero && (e.Kind == engine.EvDealHole || e.Kind == engine.EvDrawCards) {
							shown = append(shown, e.Cards...)
						}
					}
				}
				rev := p.Reveal(tc.seeds, setup.Deck, shown)
				if len(rev) == 0 {
					t.Fatalf("seed %d: nothing shown", seed)
				}
				if err := engine.VerifyDealOrder(tc.cfg, len(ss), setup.Button, events, rev); err != nil {
					t.Fatalf("seed %d: an honest hand: %v", seed, err)
				}
			}
		})
	}
	// Rigged: the committed deck with two positions swapped is dealt
	// instead, a flop's first card (position 9, four seats) or the first
	// card drawn (position 21: twenty dealt, one burnt) coming from
	// position 40; the reveal shows the board and every card drawn.
	rigged := []struct {
		name string
		cfg  engine.Config
		pos  int
	}{
		{"a flop card", nlhe(1, 2), 9},
		{"a card drawn", draw, 21},
	}
	for _, tc := range rigged {
		t.Run(tc.name, func(t *testing.T) {
			p := committed(t, tc.cfg, 3)
			deck := append([]engine.Card(nil), p.Deck...)
			deck[tc.pos], deck[40] = deck[40], deck[tc.pos]
			setup := engine.Setup{Rules: tc.cfg, Seats: seats, Button: 3, Deck: deck}
			h := playDown(t, setup)
			shown := engine.ShownCards(h.Events())
			for _, e := range h.Events() {
				if e.Kind == engine.EvDrawCards {
					shown = append(shown, e.Cards...)
				}
			}
			rev := p.Reveal(nil, p.Deck, shown)
			if err := engine.VerifyReveal(p.Commitment(), p.Leaves(), hex.EncodeToString(p.Salt[:]), nil, rev); err != nil {
				t.Fatalf("the rigged hand's reveal: %v", err)
			}
			if err := engine.VerifyDealOrder(setup.Rules, len(seats), setup.Button, h.Events(), rev); !errors.Is(err, engine.ErrDealOrder) {
				t.Fatalf("a card dealt from position 40 for position %d: VerifyDealOrder = %v, want ErrDealOrder", tc.pos, err)
			}
		})
	}
}

// hideDraws hides every hole card and draw but hero's and the hands shown,
// as a player's export does.
func hideDraws(events []engine.Event, hero int) []engine.Event {
	shown := map[int]bool{hero: true}
	for _, e := range events {
		if e.Kind == engine.EvShow {
			shown[e.Seat] = true
		}
	}
	out := append([]engine.Event(nil), events...)
	for i, e := range out {
		if (e.Kind == engine.EvDealHole || e.Kind == engine.EvDrawCards || e.Kind == engine.EvDiscard) && !shown[e.Seat] {
			cards := make([]engine.Card, len(e.Cards))
			for j := range cards {
				cards[j] = engine.NoCard
			}
			out[i].Cards = cards
		}
	}
	return out
}
