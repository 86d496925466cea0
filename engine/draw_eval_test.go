package engine

import (
	"math/rand/v2"
	"testing"
)

func draw(t *testing.T, cards string, rules DrawRules) HandValue {
	t.Helper()
	v := EvalDraw(MustParseCards(cards), rules)
	if v == 0 {
		t.Fatalf("EvalDraw(%s) = 0", cards)
	}
	return v
}

// R-CARD-7: what a joker makes, one joker per hand, and repóker above the
// straight flush.
func TestEvalDrawJokerCompletesAnyHand(t *testing.T) {
	jk := DrawRules{Jokers: 2}
	tests := []struct {
		name, cards string
		rules       DrawRules
		want        string
	}{
		{"four of a kind and a joker is repóker", "As Ad Ah Ac Jk", jk, "Five of a kind, aces (with a joker)"},
		{"joker fills the top of a straight", "9c Td Jh Qs Jk", jk, "Straight, king high (with a joker)"},
		{"joker completes a royal flush", "As Ks Qs Js Jk", jk, "Royal flush (with a joker)"},
		{"joker fills a flush with the best missing card", "Ks 9s 7s 2s Jk", jk, "Flush, ace high (A-K-9-7-2) (with a joker)"},
		{"joker makes a full house from two pair", "Kc Kd 4h 4d Jk", jk, "Full house, kings full of fours (with a joker)"},
		{"joker pairs the highest card", "Ac 9d 7h 4s Jk", jk, "Pair of aces (9-7-4) (with a joker)"},
		{"second joker is a dead card", "Jk Jk As Ad 7c", jk, "Three of a kind, aces (7-Jk) (with a joker)"},
		{"joker in a stripped deck links the ace low", "As 7d 8h 9c Jk", DrawRules{Jokers: 1, DeckSize: 32}, "Straight, ten high (with a joker)"},
	}
	for _, tt := range tests {
		if got := draw(t, tt.cards, tt.rules).Describe("en"); got != tt.want {
			t.Errorf("%s: %s = %q, want %q", tt.name, tt.cards, got, tt.want)
		}
	}
	repoker := draw(t, "2s 2d 2h 2c Jk", jk)
	royal := draw(t, "Th Jh Qh Kh Ah", jk)
	if repoker <= royal {
		t.Errorf("repóker %v should beat a natural royal flush %v", repoker, royal)
	}
}

// R-CARD-7: a natural hand beats the equal hand made with a joker; a better
// hand with a joker still beats a worse natural hand.
func TestEvalDrawNaturalBeatsEqualJokerHand(t *testing.T) {
	jk := DrawRules{Jokers: 1}
	natural := draw(t, "Kc Kd Ks 4h 4d", jk)
	joker := draw(t, "Kc Kd Jk 4h 4d", jk)
	if natural.Category() != joker.Category() || natural.Describe("en")+" (with a joker)" != joker.Describe("en") {
		t.Fatalf("not the same hand: %v / %v", natural, joker)
	}
	if natural <= joker {
		t.Errorf("natural %v should beat the same hand with a joker %v", natural, joker)
	}
	if better := draw(t, "Ac Ad Jk 2h 2d", jk); better <= natural {
		t.Errorf("aces full with a joker %v should beat kings full natural %v", better, natural)
	}
}

// R-CARD-7: stripped decks link the ace after the king or before the lowest
// rank left, and never in the middle.
func TestEvalDrawStrippedDeckStraights(t *testing.T) {
	tests := []struct {
		cards string
		size  int
		want  HandCategory
	}{
		{"As 7d 8h 9c Tc", 32, Straight},
		{"As 7d 8h 9c Tc", 52, HighCard},
		{"As 6d 7h 8c 9c", 36, Straight},
		{"As 5d 6h 7c 8c", 40, Straight},
		{"As 5d 6h 7c 8c", 36, HighCard},
		{"Ts Jd Qh Kc Ac", 32, Straight},
		{"Qs Kd Ah 7c 8c", 32, HighCard}, // the ace is never in the middle
		{"Ah 2h 3h 4h 5h", 52, StraightFlush},
		{"Ah 7h 8h 9h Th", 32, StraightFlush},
	}
	for _, tt := range tests {
		got := draw(t, tt.cards, DrawRules{DeckSize: tt.size})
		if got.Category() != tt.want {
			t.Errorf("%s with %d cards: %v, want a %v", tt.cards, tt.size, got, tt.want)
		}
	}
	low := draw(t, "As 7d 8h 9c Tc", DrawRules{DeckSize: 32})
	next := draw(t, "7s 8d 9h Tc Jc", DrawRules{DeckSize: 32})
	if low >= next {
		t.Errorf("A-7-8-9-10 (%v) should be the lowest straight, below 7-J (%v)", low, next)
	}
}

// R-CARD-7: with 40 cards or fewer a flush beats a full house; with more the
// full house wins.
func TestEvalDrawFlushBeatsFullHouseWithFortyCardsOrFewer(t *testing.T) {
	for _, size := range []int{52, 40, 36, 32} {
		r := DrawRules{DeckSize: size}
		flush := draw(t, "7h 9h Jh Qh Kh", r)
		full := draw(t, "Ac Ad As Kc Kd", r)
		if flushWins := flush > full; flushWins != (size <= 40) {
			t.Errorf("%d cards: flush %v vs full house %v: flush wins = %v", size, flush, full, flushWins)
		}
		if flush.Category() != Flush || full.Category() != FullHouse {
			t.Errorf("%d cards: categories %v, %v", size, flush.Category(), full.Category())
		}
	}
}

// R-CARD-7 (seed 004): five figures ranks between two pair and three of a
// kind, compared card by card, and only when the option is on.
func TestEvalDrawFiveFigures(t *testing.T) {
	on := DrawRules{FiveFigures: true}
	figs := draw(t, "As Kd Qh Jc Jd", on)
	if figs.Category() != FiveFigures {
		t.Fatalf("A-K-Q-J-J with five figures = %v", figs)
	}
	if off := draw(t, "As Kd Qh Jc Jd", DrawRules{}); off.Category() != Pair {
		t.Errorf("without the option A-K-Q-J-J = %v, want a pair", off)
	}
	twoPair := draw(t, "Ts Td 9h 9s Ac", on)
	trips := draw(t, "2s 2d 2h 3s 4c", on)
	if !(twoPair < figs && figs < trips) {
		t.Errorf("want two pair %v < five figures %v < three of a kind %v", twoPair, figs, trips)
	}
	// Card by card from the highest: A-K-Q-Q-J beats A-K-Q-J-J.
	if better := draw(t, "Ah Kc Qd Qs Jh", on); better <= figs {
		t.Errorf("A-K-Q-Q-J (%v) should beat A-K-Q-J-J (%v)", better, figs)
	}
	// Figures that make a full house stay a full house.
	if fh := draw(t, "Ks Kd Kh Qs Qc", on); fh.Category() != FullHouse {
		t.Errorf("K-K-K-Q-Q with five figures = %v", fh)
	}
	// A joker completing a straight beats five figures.
	if st := draw(t, "As Kd Qh Jc Jk", DrawRules{Jokers: 1, FiveFigures: true}); st.Category() != Straight {
		t.Errorf("A-K-Q-J + joker = %v, want a straight", st)
	}
}

// R-CARD-2, R-CARD-7: with the default rules and no joker, EvalDraw is
// EvalHigh.
func TestEvalDrawDefaultRulesEqualEvalHigh(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 20000; i++ {
		cards := randomDeal(r, 5)
		if d, h := EvalDraw(cards, DrawRules{}), EvalHigh(cards); d != h {
			t.Fatalf("%s: EvalDraw %v, EvalHigh %v", FormatCards(cards), d, h)
		}
	}
	if EvalDraw(MustParseCards("As Ks Qs Js"), DrawRules{}) != 0 {
		t.Error("four cards should be no hand")
	}
}
