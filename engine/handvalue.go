package engine

// HandCategory is the kind of a five-card high hand (R-CARD-2), plus the two
// draw-only hands of R-CARD-7.
type HandCategory uint8

// The hand categories. Their numeric order is the usual ranking from the
// weakest up; the draw-only categories come last. The strength order used for
// comparisons lives in HandValue, because five-card draw with a stripped deck
// ranks a flush above a full house and places five figures between two pair
// and three of a kind.
const (
	HighCard HandCategory = iota
	Pair
	TwoPair
	ThreeOfAKind
	Straight
	Flush
	FullHouse
	FourOfAKind
	StraightFlush
	// FiveOfAKind is the "repóker" of draw with jokers: four of a kind plus a
	// joker (R-CARD-7).
	FiveOfAKind
	// FiveFigures is the optional draw hand of five cards J, Q, K or A
	// (seed 004).
	FiveFigures
	numCategories
)

var categoryNames = [numCategories]string{
	"high card", "pair", "two pair", "three of a kind", "straight", "flush",
	"full house", "four of a kind", "straight flush", "five of a kind", "five figures",
}

// String returns the English name of the category ("full house").
func (c HandCategory) String() string { return enumString(c, categoryNames[:], "HandCategory") }

// HandValue is the strength of a high hand: greater is better, equal is a tie
// (suits never break ties, R-CARD-2). Values from EvalHigh, Eval7, EvalOmaha
// and EvalDraw with the default rules compare with one another; EvalDraw with
// other rules yields values to compare only among hands under the same rules.
// The zero value is no hand and is below every real hand.
//
// Layout (most significant first):
//
//	bits 28-31  strength class (the category's place in the ranking)
//	bits 8-27   five 4-bit tie-break ranks, most significant first, each the
//	            rank plus one (0 = no card, or a dead second joker)
//	bit 4       set when the hand is natural (made without a joker)
//	bits 0-3    the HandCategory
//
// The category and the natural bit sit below the ranks so that they never
// decide a comparison the ranking does not: hands with the same strength class
// and ranks have the same category, and between them a natural hand beats one
// made with a joker (R-CARD-7).
type HandValue uint32

const (
	hvStrengthShift = 28
	hvRanksShift    = 8
	hvNatural       = 1 << 4
)

// Strength classes. The gaps let draw rules re-order categories.
const (
	strHighCard      = 0
	strPair          = 1
	strTwoPair       = 2
	strFiguresLow    = 3 // five figures, between two pair and trips (seed 004)
	strTrips         = 4
	strStraight      = 5
	strFlush         = 6 // full deck: flush below full house
	strFullHouse     = 7
	strQuads         = 8
	strStraightFlush = 9
	strFiveOfAKind   = 10
)

// standardStrength is the strength class of each category under the normal
// high-hand ranking.
var standardStrength = [numCategories]uint32{
	HighCard: strHighCard, Pair: strPair, TwoPair: strTwoPair, ThreeOfAKind: strTrips,
	Straight: strStraight, Flush: strFlush, FullHouse: strFullHouse, FourOfAKind: strQuads,
	StraightFlush: strStraightFlush, FiveOfAKind: strFiveOfAKind, FiveFigures: strFiguresLow,
}

// makeValue packs a hand value. ranks holds up to five tie-break ranks as
// rank+1 (0 = none), most significant first.
func makeValue(strength uint32, cat HandCategory, ranks [5]uint8, natural bool) HandValue {
	v := strength<<hvStrengthShift | uint32(cat)
	for i, r := range ranks {
		v |= uint32(r&15) << (hvRanksShift + 4*(4-i))
	}
	if natural {
		v |= hvNatural
	}
	return HandValue(v)
}

// Category returns the kind of hand.
func (v HandValue) Category() HandCategory { return HandCategory(v & 15) }

// Natural reports whether the hand was made without a joker.
func (v HandValue) Natural() bool { return v&hvNatural != 0 }

// tieRank returns the i-th tie-break rank (0 = most significant) and whether
// it is present (a missing card or a dead joker is not).
func (v HandValue) tieRank(i int) (Rank, bool) {
	n := uint32(v) >> (hvRanksShift + 4*(4-i)) & 15
	if n == 0 {
		return 0, false
	}
	return Rank(n - 1), true
}

// String returns the English description, as Describe("en").
func (v HandValue) String() string { return v.Describe("en") }
