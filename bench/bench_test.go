package bench

import (
	"math/rand/v2"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

// numDeals is the size of the fixed set of deals every benchmark cycles
// through.
const numDeals = 1 << 20

// deals holds numDeals deals of nine distinct cards from one seeded
// generator: the first seven are a Hold'em hand, or four hole cards then a
// five-card board for Omaha.
var deals = func() [][9]engine.Card {
	r := rand.New(rand.NewPCG(2026, 11))
	out := make([][9]engine.Card, numDeals)
	var deck [52]engine.Card
	for i := range deck {
		deck[i] = engine.Card(i)
	}
	for d := range out {
		for i := 0; i < 9; i++ {
			j := i + r.IntN(52-i)
			deck[i], deck[j] = deck[j], deck[i]
			out[d][i] = deck[i]
		}
	}
	return out
}()

// impl is one evaluator under test: prepare converts the deals once, outside
// the timing, and returns a function that evaluates deal i.
type impl struct {
	name    string
	prepare func() func(i int) int64
}

var (
	eval7Impls = []impl{{"pokerroom", func() func(int) int64 {
		hands := make([][7]engine.Card, numDeals)
		for i := range hands {
			copy(hands[i][:], deals[i][:7])
		}
		return func(i int) int64 { return int64(engine.Eval7(&hands[i])) }
	}}}
	omahaHiLoImpls = []impl{{"pokerroom", func() func(int) int64 {
		return func(i int) int64 {
			d := &deals[i]
			hi, lo, _ := engine.EvalOmahaHiLo(d[:4], d[4:9])
			return int64(hi) ^ int64(lo)<<32
		}
	}}}
)

var sink int64

// run benchmarks every implementation as a sub-benchmark, one deal per
// iteration, and reports ns per evaluation.
func run(b *testing.B, impls []impl) {
	for _, im := range impls {
		b.Run(im.name, func(b *testing.B) {
			eval := im.prepare()
			var acc int64
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				acc += eval(i & (numDeals - 1))
			}
			b.StopTimer()
			sink += acc
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/eval")
		})
	}
}

// BenchmarkEval7 evaluates the best five-card hand of seven cards.
func BenchmarkEval7(b *testing.B) { run(b, eval7Impls) }

// BenchmarkOmahaHiLo evaluates four hole cards on a five-card board: the best
// Omaha high hand and the best eight-or-better low.
func BenchmarkOmahaHiLo(b *testing.B) { run(b, omahaHiLoImpls) }
