package engine

import "strings"

var (
	rankNameEN   = [NumRanks]string{"two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace"}
	rankPluralEN = [NumRanks]string{"twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens", "kings", "aces"}
	rankNameES   = [NumRanks]string{"dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "jota", "reina", "rey", "as"}
	rankPluralES = [NumRanks]string{"doses", "treses", "cuatros", "cincos", "seises", "sietes", "ochos", "nueves", "dieces", "jotas", "reinas", "reyes", "ases"}
	// rankShort writes ranks in kicker lists and lows; the ten is "10".
	rankShort = [NumRanks]string{"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}
)

// alES returns "al as" or "a la jota": Spanish "to the <rank>".
func alES(r Rank) string {
	if r == Jack || r == Queen {
		return "a la " + rankNameES[r]
	}
	return "al " + rankNameES[r]
}

// Describe returns the hand in words for the chat, in English ("en", the
// default for unknown languages) or Spanish ("es"): "Full house, kings full of
// fours" / "Full de reyes con cuatros". Kickers that break ties follow in
// parentheses; a hand made with a joker says so.
func (v HandValue) Describe(lang string) string {
	es := strings.HasPrefix(strings.ToLower(lang), "es")
	if v == 0 {
		if es {
			return "Sin jugada"
		}
		return "No hand"
	}
	if !v.describable() {
		// Not a value the evaluators make (decoded from bad data, say).
		if es {
			return "Jugada no válida"
		}
		return "Invalid hand"
	}
	r := func(i int) Rank { x, _ := v.tieRank(i); return x }
	// kickers lists the tie-break ranks from i on, "A-9-4".
	kickers := func(i int) string {
		var parts []string
		for ; i < 5; i++ {
			x, ok := v.tieRank(i)
			if ok {
				parts = append(parts, rankShort[x])
			} else if v.hasDeadCard(i) {
				parts = append(parts, "Jk")
			}
		}
		if len(parts) == 0 {
			return ""
		}
		return " (" + strings.Join(parts, "-") + ")"
	}
	var s string
	switch c := v.Category(); {
	case es:
		switch c {
		case HighCard:
			s = "Carta alta, " + rankNameES[r(0)] + kickers(1)
		case Pair:
			s = "Pareja de " + rankPluralES[r(0)] + kickers(1)
		case TwoPair:
			s = "Doble pareja, " + rankPluralES[r(0)] + " y " + rankPluralES[r(1)] + kickers(2)
		case ThreeOfAKind:
			s = "Trío de " + rankPluralES[r(0)] + kickers(1)
		case Straight:
			s = "Escalera " + alES(r(0))
		case Flush:
			s = "Color " + alES(r(0)) + kickers(0)
		case FullHouse:
			s = "Full de " + rankPluralES[r(0)] + " con " + rankPluralES[r(1)]
		case FourOfAKind:
			s = "Póker de " + rankPluralES[r(0)] + kickers(1)
		case StraightFlush:
			if r(0) == Ace {
				s = "Escalera real"
			} else {
				s = "Escalera de color " + alES(r(0))
			}
		case FiveOfAKind:
			s = "Repóker de " + rankPluralES[r(0)]
		case FiveFigures:
			s = "Cinco figuras" + kickers(0)
		}
		if !v.Natural() {
			s += " (con comodín)"
		}
	default:
		switch c {
		case HighCard:
			s = "High card, " + rankNameEN[r(0)] + kickers(1)
		case Pair:
			s = "Pair of " + rankPluralEN[r(0)] + kickers(1)
		case TwoPair:
			s = "Two pair, " + rankPluralEN[r(0)] + " and " + rankPluralEN[r(1)] + kickers(2)
		case ThreeOfAKind:
			s = "Three of a kind, " + rankPluralEN[r(0)] + kickers(1)
		case Straight:
			s = "Straight, " + rankNameEN[r(0)] + " high"
		case Flush:
			s = "Flush, " + rankNameEN[r(0)] + " high" + kickers(0)
		case FullHouse:
			s = "Full house, " + rankPluralEN[r(0)] + " full of " + rankPluralEN[r(1)]
		case FourOfAKind:
			s = "Four of a kind, " + rankPluralEN[r(0)] + kickers(1)
		case StraightFlush:
			if r(0) == Ace {
				s = "Royal flush"
			} else {
				s = "Straight flush, " + rankNameEN[r(0)] + " high"
			}
		case FiveOfAKind:
			s = "Five of a kind, " + rankPluralEN[r(0)]
		case FiveFigures:
			s = "Five figures" + kickers(0)
		}
		if !v.Natural() {
			s += " (with a joker)"
		}
	}
	return s
}

// describable reports whether v has a known category and real ranks, as
// every value from the evaluators has.
func (v HandValue) describable() bool {
	if v.Category() >= numCategories {
		return false
	}
	for i := 0; i < 5; i++ {
		if r, ok := v.tieRank(i); ok && r > Ace {
			return false
		}
	}
	return true
}

// hasDeadCard reports whether tie-break position i holds a dead joker rather
// than nothing: positions the category uses but that hold no rank.
func (v HandValue) hasDeadCard(i int) bool {
	return i < v.Category().tieBreakLen()
}

// tieBreakLen is the number of tie-break ranks a category uses.
func (c HandCategory) tieBreakLen() int {
	switch c {
	case HighCard, Flush, FiveFigures:
		return 5
	case Pair:
		return 4
	case TwoPair, ThreeOfAKind:
		return 3
	case FullHouse, FourOfAKind:
		return 2
	}
	return 1
}

// Describe returns the low for the chat, highest card first: "7-5-4-3-2 low"
// in English, "7-5-4-3-2 baja" in Spanish. The zero value is "No low" /
// "Sin baja".
func (v LowValue) Describe(lang string) string {
	es := strings.HasPrefix(strings.ToLower(lang), "es")
	if v == 0 || v >= lowBase {
		if es {
			return "Sin baja"
		}
		return "No low"
	}
	rs := v.Ranks()
	parts := make([]string, 5)
	for i, r := range rs {
		parts[i] = rankShort[r]
	}
	if es {
		return strings.Join(parts, "-") + " baja"
	}
	return strings.Join(parts, "-") + " low"
}

// String returns the English description.
func (v LowValue) String() string { return v.Describe("en") }
