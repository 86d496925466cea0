package engine_test

import (
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

// R-SEAT-1: the first button goes to the high card, suits breaking ties in
// the order spades, hearts, diamonds, clubs.
func TestButtonByHighCard(t *testing.T) {
	for _, tc := range []struct {
		cards string
		want  int
	}{
		{"2c Ah 9d", 1},
		{"Kh Ks 2c", 1},
		{"Qd Qc", 0},
		{"Jc Jd Jh", 2},
		{"Ts Th Td Tc", 0},
	} {
		if got := engine.ButtonByHighCard(engine.MustParseCards(tc.cards)); got != tc.want {
			t.Errorf("%s: button %d, want %d", tc.cards, got, tc.want)
		}
	}
	if got := engine.ButtonByHighCard(nil); got != -1 {
		t.Errorf("no cards: %d", got)
	}
}

// R-SEAT-2: a dead small blind (tournament dead button): the player left of
// the button posts the big blind and nobody posts a small blind; action
// starts after the big blind.
func TestDeadSmallBlind(t *testing.T) {
	cfg := nlhe(50, 100)
	tb := dealX(t, extra{noSmallBlind: true}, cfg, []int64{1000, 1000, 1000, 1000}, 0, nil)
	if n := len(eventsOf(tb.h.Events(), engine.EvPostSmallBlind)); n != 0 {
		t.Fatalf("%d small blinds posted", n)
	}
	bb := eventsOf(tb.h.Events(), engine.EvPostBigBlind)
	if len(bb) != 1 || bb[0].Seat != 1 || tb.h.ToAct() != 2 {
		t.Fatalf("big blind %+v, to act %d; want seat 1 and seat 2", bb, tb.h.ToAct())
	}
	if sb, b := engine.BlindSeats(4, 0, true); sb != -1 || b != 1 {
		t.Fatalf("BlindSeats dead small blind: %d %d", sb, b)
	}
	// Everyone folds to the big blind: it wins the blind back, no small blind.
	tb.do("2 fold", "3 fold", "0 fold")
	wantStacks(t, tb.h, 1000, 1000, 1000, 1000)
}

// R-SEAT-2: cash tables move the big blind to the next seated player: the
// hand is dealt to the players present, so the seat left of the button
// posts the small blind and the next one the big blind.
func TestBlindsGoToThePlayersPresent(t *testing.T) {
	if sb, bb := engine.BlindSeats(5, 4, false); sb != 0 || bb != 1 {
		t.Fatalf("BlindSeats(5, 4): %d %d", sb, bb)
	}
	tb := deal(t, nlhe(5, 10), []int64{100, 100, 100, 100, 100}, 4, nil)
	sb, bb, _ := tb.h.Blinds()
	if sb != 0 || bb != 1 {
		t.Fatalf("blinds %d %d, want 0 1", sb, bb)
	}
}

// R-SEAT-3: heads-up the button posts the small blind, acts first before the
// flop and last after it.
func TestHeadsUpButtonIsSmallBlind(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{500, 500}, 1, nil)
	sb, bb, _ := tb.h.Blinds()
	if sb != 1 || bb != 0 || tb.h.ToAct() != 1 {
		t.Fatalf("heads-up: blinds %d/%d, to act %d; want 1/0, 1", sb, bb, tb.h.ToAct())
	}
	tb.do("1 call", "0 check")
	if tb.h.ToAct() != 0 {
		t.Fatalf("after the flop the big blind acts first, got %d", tb.h.ToAct())
	}
	if s, b := engine.BlindSeats(2, 1, false); s != 1 || b != 0 {
		t.Fatalf("BlindSeats heads-up: %d %d", s, b)
	}
}

// R-SEAT-3: when a table becomes heads-up, the last big blind takes the
// button so that nobody posts the big blind twice in a row.
func TestHeadsUpButtonAdjusted(t *testing.T) {
	for _, tc := range []struct{ lastBB, lastButton, want int }{
		{1, 0, 1}, {0, -1, 0}, {-1, 0, 1}, {-1, 1, 0}, {-1, -1, 0},
	} {
		if got := engine.HeadsUpButton(tc.lastBB, tc.lastButton); got != tc.want {
			t.Errorf("HeadsUpButton(%d, %d) = %d, want %d", tc.lastBB, tc.lastButton, got, tc.want)
		}
	}
}
