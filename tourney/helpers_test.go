package tourney

import "math/rand/v2"

func testRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

func sum(xs []Chips) Chips {
	var s Chips
	for _, x := range xs {
		s += x
	}
	return s
}
