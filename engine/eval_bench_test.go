package engine

import (
	"math/rand/v2"
	"testing"
)

// Micro-benchmarks of the engine's evaluators; the comparison with other
// libraries lives in the bench module.

func benchDeals(n int) [][9]Card {
	r := rand.New(rand.NewPCG(9, 10))
	out := make([][9]Card, n)
	for i := range out {
		copy(out[i][:], randomDeal(r, 9))
	}
	return out
}

var benchSink HandValue

func BenchmarkEval7(b *testing.B) {
	deals := benchDeals(1 << 16)
	var h [7]Card
	for i := 0; b.Loop(); i++ {
		copy(h[:], deals[i&(1<<16-1)][:7])
		benchSink += Eval7(&h)
	}
}

func BenchmarkEvalOmaha(b *testing.B) {
	deals := benchDeals(1 << 16)
	for i := 0; b.Loop(); i++ {
		d := &deals[i&(1<<16-1)]
		benchSink += EvalOmaha(d[:4], d[4:9])
	}
}

func BenchmarkEvalOmahaLow8(b *testing.B) {
	deals := benchDeals(1 << 16)
	for i := 0; b.Loop(); i++ {
		d := &deals[i&(1<<16-1)]
		lo, _ := EvalOmahaLow8(d[:4], d[4:9])
		benchSink += HandValue(lo)
	}
}

func BenchmarkEvalOmahaHiLo(b *testing.B) {
	deals := benchDeals(1 << 16)
	for i := 0; b.Loop(); i++ {
		d := &deals[i&(1<<16-1)]
		hi, lo, _ := EvalOmahaHiLo(d[:4], d[4:9])
		benchSink += hi + HandValue(lo)
	}
}

// BenchmarkLoadTables measures building the card keys and decoding the
// generated tables, which the package does once at start.
func BenchmarkLoadTables(b *testing.B) {
	t := new(evalTables)
	for b.Loop() {
		t.load(tablesBin)
	}
}
