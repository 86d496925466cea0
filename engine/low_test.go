package engine

import "testing"

// R-CARD-5: the ten lows that seed 000 lists, from the weakest (8-7-6-5-4) to
// the best (5-4-3-2-A), come out in that order.
func TestSeedLowHandsRankInTheSeedOrder(t *testing.T) {
	seedOrder := []string{
		"8c 7d 6h 5s 4c",
		"8c 7d 6h 5s 3c",
		"8c 6d 4h 2s Ac",
		"8c 4d 3h 2s Ac",
		"7c 6d 5h 4s 2c",
		"7c 6d 5h 2s Ac",
		"7c 5d 4h 3s 2c",
		"6c 5d 4h 3s 2c",
		"6c 4d 3h 2s Ac",
		"5c 4d 3h 2s Ac",
	}
	var prev LowValue
	for i, h := range seedOrder {
		lo, ok := EvalLow8(MustParseCards(h))
		if !ok {
			t.Fatalf("hand %d (%s): no low", i+1, h)
		}
		if lo <= prev {
			t.Errorf("hand %d (%s) = %v, not better than hand %d (%v)", i+1, h, lo, i, prev)
		}
		prev = lo
	}
}

// R-CARD-5, R-CARD-6: ace low, straights and flushes ignored, pairs and cards
// above eight disqualify, the best five of seven play.
func TestEvalLow8(t *testing.T) {
	tests := []struct {
		name, cards string
		want        string // Describe("en"), or "" for no low
	}{
		{"the wheel, even suited", "5h 4h 3h 2h Ah", "5-4-3-2-A low"},
		{"6-4-3-2-A beats 6-5-4-2-A (seed 000)", "6c 4d 3h 2s Ac", "6-4-3-2-A low"},
		{"a pair leaves four ranks", "Ac Ad 2h 3s 4c", ""},
		{"a nine does not qualify", "9c 4d 3h 2s Ac", ""},
		{"seven cards: the five lowest distinct ranks", "Kc 8d 7h 7s 4c 2d Ad", "8-7-4-2-A low"},
		{"seven cards with a pair below", "2c 2d 3h 4s 5c 6d Kd", "6-5-4-3-2 low"},
		{"an eight-low qualifies", "8c 7d 6h 5s 4c", "8-7-6-5-4 low"},
	}
	for _, tt := range tests {
		lo, ok := EvalLow8(MustParseCards(tt.cards))
		if ok != (tt.want != "") || (ok && lo.Describe("en") != tt.want) {
			t.Errorf("%s: EvalLow8(%s) = %v, %v; want %q", tt.name, tt.cards, lo, ok, tt.want)
		}
	}
	a, _ := EvalLow8(MustParseCards("6c 4d 3h 2s Ac"))
	b, _ := EvalLow8(MustParseCards("6c 5d 4h 2s Ac"))
	if a <= b {
		t.Errorf("6-4-3-2-A (%d) should beat 6-5-4-2-A (%d)", a, b)
	}
}

// R-CARD-4, R-CARD-6: the Omaha low uses exactly two hole and three board
// cards, and high and low may use different hole cards.
func TestEvalOmahaHiLo(t *testing.T) {
	tests := []struct {
		name, hole, board string
		hi, lo            string // Describe("en"); lo "" for no low
	}{
		{"one low hole card is not enough, though the board holds a wheel",
			"Ac Kd Qh Js", "2c 3d 4h 5s 6c", "High card, ace (K-6-5-4)", ""},
		{"two low board cards are not enough",
			"Ac 2d 3h 4s", "5c 6d Kh Qs Jc", "High card, ace (K-Q-J-4)", ""},
		{"a pair in the hand still gives its rank once",
			"Ac Ad 2h 2s", "3c 4d 5h Ks Qc", "Straight, five high", "5-4-3-2-A low"},
		{"high and low use different hole cards",
			"Ac 2d Kh Ks", "Kc 3d 4h 8s 9c", "Three of a kind, kings (9-8)", "8-4-3-2-A low"},
		{"exactly three board cards: the board's 4-5-8 must all play",
			"Ac 2d 3h 7s", "4c 5d 8h Ks Qc", "High card, ace (K-Q-8-7)", "8-5-4-2-A low"},
		{"the best pair of hole cards for the low",
			"Ac 2d 3h 7s", "4c 5d 6h Ks Qc", "Straight, seven high", "6-5-4-2-A low"},
		{"five-card Omaha",
			"Ac 2d 3h 7s 6s", "4s 5s 8h Ks Qc", "Flush, king high (K-7-6-5-4)", "8-5-4-2-A low"},
	}
	for _, tt := range tests {
		hi, lo, ok := EvalOmahaHiLo(MustParseCards(tt.hole), MustParseCards(tt.board))
		if hi.Describe("en") != tt.hi {
			t.Errorf("%s: high %q, want %q", tt.name, hi.Describe("en"), tt.hi)
		}
		if ok != (tt.lo != "") || (ok && lo.Describe("en") != tt.lo) {
			t.Errorf("%s: low %v %v, want %q", tt.name, lo, ok, tt.lo)
		}
		l2, ok2 := EvalOmahaLow8(MustParseCards(tt.hole), MustParseCards(tt.board))
		if l2 != lo || ok2 != ok {
			t.Errorf("%s: EvalOmahaLow8 = %v %v, EvalOmahaHiLo low = %v %v", tt.name, l2, ok2, lo, ok)
		}
	}
}
