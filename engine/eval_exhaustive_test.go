package engine

import (
	"math/bits"
	"os"
	"testing"
)

// valueSet counts distinct hand values: a bit per strength class and
// tie-break ranks (the low byte of a value follows from those).
type valueSet struct{ bits []uint64 }

func newValueSet() *valueSet { return &valueSet{bits: make([]uint64, 1<<24/64)} }

func (s *valueSet) add(v HandValue) {
	k := uint32(v) >> hvRanksShift
	s.bits[k/64] |= 1 << (k % 64)
}

func (s *valueSet) len() int {
	n := 0
	for _, w := range s.bits {
		n += bits.OnesCount64(w)
	}
	return n
}

// R-CARD-2: all 2,598,960 five-card hands fall into the nine categories in
// the known numbers, with exactly 7,462 distinct values.
func TestAllFiveCardHandsHaveTheKnownCategoryCountsAnd7462Values(t *testing.T) {
	want := map[HandCategory]int{
		StraightFlush: 40, FourOfAKind: 624, FullHouse: 3744, Flush: 5108, Straight: 10200,
		ThreeOfAKind: 54912, TwoPair: 123552, Pair: 1098240, HighCard: 1302540,
	}
	var got [numCategories]int
	seen := newValueSet()
	total := 0
	hand := make([]Card, 5)
	for a := Card(0); a < 52; a++ {
		for b := a + 1; b < 52; b++ {
			for c := b + 1; c < 52; c++ {
				for d := c + 1; d < 52; d++ {
					for e := d + 1; e < 52; e++ {
						hand[0], hand[1], hand[2], hand[3], hand[4] = a, b, c, d, e
						v := EvalHigh(hand)
						got[v.Category()]++
						seen.add(v)
						total++
					}
				}
			}
		}
	}
	checkEnumeration(t, total, 2598960, &got, want, seen, 7462)
}

// checkEnumeration checks an enumeration of all hands of one size: that it
// saw wantTotal hands, want's count in each category and wantDistinct
// distinct values.
func checkEnumeration(t *testing.T, total, wantTotal int, got *[numCategories]int, want map[HandCategory]int, seen *valueSet, wantDistinct int) {
	t.Helper()
	if total != wantTotal {
		t.Fatalf("enumerated %d hands, want %d", total, wantTotal)
	}
	for cat, n := range want {
		if got[cat] != n {
			t.Errorf("%v: %d hands, want %d", cat, got[cat], n)
		}
	}
	if n := seen.len(); n != wantDistinct {
		t.Errorf("%d distinct values, want %d", n, wantDistinct)
	}
}

// exhaustive reports whether the long exhaustive tests should run: never with
// -short, otherwise when POKERROOM_EXHAUSTIVE=1.
func exhaustive(t *testing.T) {
	t.Helper()
	if testing.Short() || os.Getenv("POKERROOM_EXHAUSTIVE") != "1" {
		t.Skip("exhaustive test: run with POKERROOM_EXHAUSTIVE=1 and without -short")
	}
}

// R-CARD-2, R-CARD-3: all 133,784,560 seven-card hands fall into the nine
// categories in the known numbers, with exactly 4,824 distinct values.
func TestAllSevenCardHandsHaveTheKnownCategoryCountsAnd4824Values(t *testing.T) {
	exhaustive(t)
	want := map[HandCategory]int{
		StraightFlush: 41584, FourOfAKind: 224848, FullHouse: 3473184, Flush: 4047644,
		Straight: 6180020, ThreeOfAKind: 6461620, TwoPair: 31433400, Pair: 58627800, HighCard: 23294460,
	}
	var got [numCategories]int
	seen := newValueSet()
	total := 0
	var h [7]Card
	for h[0] = 0; h[0] < 52; h[0]++ {
		for h[1] = h[0] + 1; h[1] < 52; h[1]++ {
			for h[2] = h[1] + 1; h[2] < 52; h[2]++ {
				for h[3] = h[2] + 1; h[3] < 52; h[3]++ {
					for h[4] = h[3] + 1; h[4] < 52; h[4]++ {
						for h[5] = h[4] + 1; h[5] < 52; h[5]++ {
							for h[6] = h[5] + 1; h[6] < 52; h[6]++ {
								v := Eval7(&h)
								got[v&15]++
								seen.add(v)
								total++
							}
						}
					}
				}
			}
		}
	}
	checkEnumeration(t, total, 133784560, &got, want, seen, 4824)
}
