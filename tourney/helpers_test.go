package tourney

import (
	"math/rand/v2"
	"testing"
)

func testRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

func sum(xs []Chips) Chips {
	var s Chips
	for _, x := range xs {
		s += x
	}
	return s
}

// checkEach fails the test unless got has want's length and elements; a
// wrong element is reported as "<what> <1-based index>".
func checkEach[T comparable](t *testing.T, what string, got, want []T) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("%s %d = %+v, want %+v", what, i+1, got[i], want[i])
		}
	}
}
