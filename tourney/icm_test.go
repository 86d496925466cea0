package tourney

import (
	"fmt"
	"math"
	"testing"
)

// R-TRN-12
func TestICMWorkedExample(t *testing.T) {
	eq, err := ICMExact([]Chips{50, 30, 20}, []float64{70, 30})
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{45.1786, 32.25, 22.5714}
	for i := range want {
		if math.Abs(eq[i]-want[i]) > 0.005 {
			t.Errorf("player %d: %.4f, want %.4f", i+1, eq[i], want[i])
		}
	}
	if s := eq[0] + eq[1] + eq[2]; math.Abs(s-100) > 1e-9 {
		t.Errorf("equities sum to %v", s)
	}
}

// R-TRN-12
func TestICMBasicProperties(t *testing.T) {
	// Equal stacks share equally; the biggest stack has the most equity
	// but less than its chip share of the prizes.
	eq, _ := ICMExact([]Chips{100, 100, 100, 100}, []float64{50, 30, 20})
	for _, v := range eq {
		if math.Abs(v-25) > 1e-9 {
			t.Errorf("equal stacks: %v", eq)
		}
	}
	eq, _ = ICMExact([]Chips{700, 200, 100}, []float64{50, 30, 20})
	if !(eq[0] > eq[1] && eq[1] > eq[2]) || eq[0] >= 70 {
		t.Errorf("equities %v", eq)
	}
	for _, bad := range [][]Chips{{}, {100, 0}, {-5, 10}} {
		if _, err := ICMExact(bad, []float64{1}); err == nil {
			t.Errorf("stacks %v accepted", bad)
		}
	}
	big := make([]Chips, MaxExactICM+1)
	for i := range big {
		big[i] = 10
	}
	if _, err := ICMExact(big, []float64{1}); err != ErrTooManyForExact {
		t.Errorf("too many for exact: %v", err)
	}
}

// R-TRN-12
func TestICMMonteCarloAgreesWithExactOnNinePlayers(t *testing.T) {
	stacks := []Chips{12000, 9500, 8000, 6100, 5000, 4200, 3000, 1500, 700}
	prizes := []float64{5000, 3000, 2000, 1500, 1000}
	exact, err := ICMExact(stacks, prizes)
	if err != nil {
		t.Fatal(err)
	}
	mc, se, err := ICMMonteCarlo(stacks, prizes, 100000, testRand(3))
	if err != nil {
		t.Fatal(err)
	}
	for i := range exact {
		if se[i] <= 0 {
			t.Errorf("player %d: no standard error", i+1)
		}
		if d := math.Abs(mc[i] - exact[i]); d > 4*se[i] {
			t.Errorf("player %d: Monte Carlo %.2f ± %.2f, exact %.2f", i+1, mc[i], se[i], exact[i])
		}
	}
	// Beyond the exact limit ICM falls back to Monte Carlo and says so.
	many := make([]Chips, 20)
	for i := range many {
		many[i] = Chips(1000 + 100*i)
	}
	e, err := ICM(many, prizes, testRand(4), 20000)
	if err != nil || e.Exact || len(e.StdErr) != 20 {
		t.Errorf("20 players: exact=%v stderr=%d err=%v", e.Exact, len(e.StdErr), err)
	}
}

func BenchmarkICM(b *testing.B) {
	stacks := []Chips{12000, 9500, 8000, 6100, 5000, 4200, 3000, 1500, 700, 2000}
	prizes := []float64{5000, 3000, 2000, 1500, 1000, 800, 600, 500, 400, 300}
	for _, n := range []int{9, 10} {
		b.Run(fmt.Sprintf("exact%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := ICMExact(stacks[:n], prizes[:n]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("montecarlo9x10000", func(b *testing.B) {
		rng := testRand(1)
		for b.Loop() {
			if _, _, err := ICMMonteCarlo(stacks[:9], prizes, 10000, rng); err != nil {
				b.Fatal(err)
			}
		}
	})
}
