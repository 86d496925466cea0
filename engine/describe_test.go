package engine

import "testing"

// Describe names every category in English and Spanish, with the ranks that
// decide ties, for the chat.
func TestDescribeInEnglishAndSpanish(t *testing.T) {
	tests := []struct {
		cards  string
		rules  *DrawRules // nil: EvalHigh
		en, es string
	}{
		{"Ks Kh Kd 4c 4s 2d 3h", nil, "Full house, kings full of fours", "Full de reyes con cuatros"},
		{"Ac 9d 7h 4s 2d", nil, "High card, ace (9-7-4-2)", "Carta alta, as (9-7-4-2)"},
		{"Kc Kd Ah 9s 4d", nil, "Pair of kings (A-9-4)", "Pareja de reyes (A-9-4)"},
		{"Kc Kd 4h 4s Ad", nil, "Two pair, kings and fours (A)", "Doble pareja, reyes y cuatros (A)"},
		{"7c 7d 7h As 9d", nil, "Three of a kind, sevens (A-9)", "Trío de sietes (A-9)"},
		{"6c 7d 8h 9s Td", nil, "Straight, ten high", "Escalera al diez"},
		{"Ac 2d 3h 4s 5d", nil, "Straight, five high", "Escalera al cinco"},
		{"9c Td Jh Qs Kd", nil, "Straight, king high", "Escalera al rey"},
		{"8c 9d Th Js Qd", nil, "Straight, queen high", "Escalera a la reina"},
		{"7c 8d 9h Ts Jd", nil, "Straight, jack high", "Escalera a la jota"},
		{"Ah Jh 9h 6h 2h", nil, "Flush, ace high (A-J-9-6-2)", "Color al as (A-J-9-6-2)"},
		{"Qc Qd Qh Qs 3d", nil, "Four of a kind, queens (3)", "Póker de reinas (3)"},
		{"5s 6s 7s 8s 9s", nil, "Straight flush, nine high", "Escalera de color al nueve"},
		{"Ts Js Qs Ks As", nil, "Royal flush", "Escalera real"},
		{"As Ad Ah Ac Jk", &DrawRules{Jokers: 1}, "Five of a kind, aces (with a joker)", "Repóker de ases (con comodín)"},
		{"As Kd Qh Jc Jd", &DrawRules{FiveFigures: true}, "Five figures (A-K-Q-J-J)", "Cinco figuras (A-K-Q-J-J)"},
		{"6c 6d Jk Ts 2d", &DrawRules{Jokers: 1}, "Three of a kind, sixes (10-2) (with a joker)", "Trío de seises (10-2) (con comodín)"},
	}
	for _, tt := range tests {
		cards := MustParseCards(tt.cards)
		var v HandValue
		if tt.rules == nil {
			v = EvalHigh(cards)
		} else {
			v = EvalDraw(cards, *tt.rules)
		}
		if got := v.Describe("en"); got != tt.en {
			t.Errorf("%s: en %q, want %q", tt.cards, got, tt.en)
		}
		if got := v.Describe("es"); got != tt.es {
			t.Errorf("%s: es %q, want %q", tt.cards, got, tt.es)
		}
	}
	if got := HandValue(0).Describe("es"); got != "Sin jugada" {
		t.Errorf("zero value in Spanish: %q", got)
	}
	if got := EvalHigh(MustParseCards("Ks Kh Kd 4c 4s")).Describe("fr"); got != "Full house, kings full of fours" {
		t.Errorf("unknown language should fall back to English, got %q", got)
	}
}

// LowValue.Describe writes the low highest card first.
func TestDescribeLow(t *testing.T) {
	lo, _ := EvalLow8(MustParseCards("7c 5d 4h 3s 2c"))
	if got := lo.Describe("en"); got != "7-5-4-3-2 low" {
		t.Errorf("en %q", got)
	}
	if got := lo.Describe("es"); got != "7-5-4-3-2 baja" {
		t.Errorf("es %q", got)
	}
	if got := LowValue(0).Describe("en"); got != "No low" {
		t.Errorf("zero %q", got)
	}
}
