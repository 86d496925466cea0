package engine

import "testing"

// R-CARD-2: the categories rank in the usual order and kickers break ties.
func TestEvalHighOrdersHandsByCategoryAndKickers(t *testing.T) {
	// Weakest first; each hand must beat the one before.
	hands := []string{
		"7c 5d 4h 3s 2d",
		"Ac Kd Qh Js 9d",
		"2c 2d 3h 4s 5d 7h", // pair of twos, not a straight
		"Ac Ad Kh Qs Jd",
		"2c 2d 3h 3s 4d",
		"2c 2d 2h 3s 4d",
		"Ac 2d 3h 4s 5d", // wheel, the lowest straight
		"2c 3d 4h 5s 6d",
		"Tc Jd Qh Ks Ad",
		"2h 3h 4h 5h 7h",
		"2c 2d 2h 3s 3d",
		"2c 2d 2h 2s 3d",
		"Ah 2h 3h 4h 5h",
		"Th Jh Qh Kh Ah",
	}
	var prev HandValue
	for _, h := range hands {
		v := EvalHigh(MustParseCards(h))
		if v <= prev {
			t.Errorf("%s = %#x (%s), not above the previous hand %#x (%s)", h, v, v, prev, prev)
		}
		prev = v
	}
}

// R-CARD-2: suits never break ties.
func TestEvalHighIgnoresSuits(t *testing.T) {
	a := EvalHigh(MustParseCards("As Kd Qh Js 9d 3c 2c"))
	b := EvalHigh(MustParseCards("Ah Kc Qd Jh 9s 3d 2h"))
	if a != b {
		t.Errorf("same ranks, different suits: %v != %v", a, b)
	}
}

// R-CARD-4: Omaha uses exactly two hole cards and three board cards.
func TestEvalOmahaUsesTwoHoleAndThreeBoardCards(t *testing.T) {
	tests := []struct {
		hole, board string
		want        HandCategory
	}{
		// Four spades on board and one in hand is no flush in Omaha.
		{"As Kd 7c 2h", "Qs Js Ts 3s 9d", Straight},
		// Four of a kind in hand plays as a pair at most.
		{"Ac Ad Ah As", "Kd 7c 2h 9s 4d", Pair},
		// Three hole cards to a straight flush do not make one: two of them plus three board cards do.
		{"9h Th Jh 2c", "Qh 3d 4c 5s 6d", HighCard},
	}
	for _, tt := range tests {
		got := EvalOmaha(MustParseCards(tt.hole), MustParseCards(tt.board))
		if got.Category() != tt.want {
			t.Errorf("EvalOmaha(%s | %s) = %v, want a %v", tt.hole, tt.board, got, tt.want)
		}
	}
}

// R-CARD-4: hands whose best five cards would need three hole cards or four
// board cards are not made in Omaha; the best legal hand is.
func TestEvalOmahaRefusesThreeHoleOrFourBoardCards(t *testing.T) {
	tests := []struct {
		name, hole, board string
		holdem, omaha     string // EvalHigh of all cards, EvalOmaha
	}{
		{"four-flush on board, one suited hole card",
			"As 7d 7c 2h", "Ks Qs 9s 3s 8d", "Flush, ace high (A-K-Q-9-3)", "Pair of sevens (K-Q-9)"},
		{"straight needing three hole cards",
			"9h Th Jh 2c", "Qd 3c 4s 8c 5d", "Straight, queen high", "High card, queen (J-10-8-5)"},
		{"four of a kind needing four board cards",
			"Ah Kd 5c 6c", "9c 9d 9h 9s 2d", "Four of a kind, nines (A)", "Three of a kind, nines (A-K)"},
		{"full house needing three hole cards",
			"Kh Kd Ks 2c", "7d 7c 3h 4s Jd", "Full house, kings full of sevens", "Two pair, kings and sevens (J)"},
		{"wheel needing four board cards",
			"Ah Kd Qh Jc", "2d 3c 4h 5s 9d", "Straight, five high", "High card, ace (K-9-5-4)"},
	}
	for _, tt := range tests {
		hole, board := MustParseCards(tt.hole), MustParseCards(tt.board)
		if got := EvalHigh(append(append([]Card{}, hole...), board...)).Describe("en"); got != tt.holdem {
			t.Errorf("%s: Hold'em %q, want %q", tt.name, got, tt.holdem)
		}
		if got := EvalOmaha(hole, board).Describe("en"); got != tt.omaha {
			t.Errorf("%s: Omaha %q, want %q", tt.name, got, tt.omaha)
		}
	}
}

// The evaluators used in showdowns and equity loops do not allocate.
func TestEvaluatorsDoNotAllocate(t *testing.T) {
	hole, board := MustParseCards("Ac 2d Kh Ks"), MustParseCards("Kc 3d 4h 8s 9c")
	seven := [7]Card(MustParseCards("Ac 2d Kc 3d 4h 8s 9c"))
	var sink HandValue
	tests := map[string]func(){
		"Eval7":         func() { sink += Eval7(&seven) },
		"EvalHigh":      func() { sink += EvalHigh(seven[:]) },
		"EvalHoldem":    func() { sink += EvalHoldem(hole[:2], board) },
		"EvalOmaha":     func() { sink += EvalOmaha(hole, board) },
		"EvalOmahaHiLo": func() { hi, lo, _ := EvalOmahaHiLo(hole, board); sink += hi + HandValue(lo) },
		"EvalLow8":      func() { lo, _ := EvalLow8(seven[:]); sink += HandValue(lo) },
	}
	for name, f := range tests {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times per call", name, n)
		}
	}
	_ = sink
}

// Bad input gives no hand rather than a wrong one.
func TestEvaluatorsRefuseRepeatedJokerOrInvalidCards(t *testing.T) {
	ace := MustParseCards("As")[0]
	tests := []struct {
		name        string
		hole, board []Card
	}{
		{"repeated between hole and board", MustParseCards("As Kd 7c 2h"), []Card{ace, 20, 30, 40, 50}},
		{"repeated in the hole", []Card{ace, ace, 3, 4}, MustParseCards("Kd 7c 2h 9s 8s")},
		{"joker", []Card{Joker1, 1, 2, 3}, MustParseCards("Kd 7c 2h 9s 8s")},
		{"no card", []Card{NoCard, 1, 2, 3}, MustParseCards("Kd 7c 2h 9s 8s")},
	}
	for _, tt := range tests {
		if v := EvalOmaha(tt.hole, tt.board); v != 0 {
			t.Errorf("%s: EvalOmaha = %v, want no hand", tt.name, v)
		}
		if lo, ok := EvalOmahaLow8(tt.hole, tt.board); ok || lo != 0 {
			t.Errorf("%s: EvalOmahaLow8 = %v %v, want no low", tt.name, lo, ok)
		}
		if v := EvalHoldem(tt.hole, tt.board); v != 0 {
			t.Errorf("%s: EvalHoldem = %v, want no hand", tt.name, v)
		}
	}
}
