package tourney

import (
	"cmp"
	"fmt"
	"math"
	"slices"
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

// harvilleByOrders is ICM by its definition: the sum over every finishing
// order of its Harville probability times the prizes, for small fields.
func harvilleByOrders(stacks []Chips, prizes []float64) []float64 {
	n := len(stacks)
	eq := make([]float64, n)
	used := make([]bool, n)
	order := make([]int, 0, n)
	var total float64
	for _, s := range stacks {
		total += float64(s)
	}
	var walk func(p, left float64)
	walk = func(p, left float64) {
		if len(order) == n {
			for k, who := range order {
				if k < len(prizes) {
					eq[who] += p * prizes[k]
				}
			}
			return
		}
		for i := range stacks {
			if used[i] {
				continue
			}
			used[i] = true
			order = append(order, i)
			walk(p*float64(stacks[i])/left, left-float64(stacks[i]))
			order = order[:len(order)-1]
			used[i] = false
		}
	}
	walk(1, total)
	return eq
}

// R-TRN-12, R-TRN-18: the subset enumeration of ICMExact equals the
// definition (every finishing order), ties and tiny stacks included.
func TestICMExactMatchesEveryFinishingOrder(t *testing.T) {
	rng := testRand(1812)
	for k := 0; k < 200; k++ {
		n := 1 + rng.IntN(7)
		stacks := make([]Chips, n)
		for i := range stacks {
			stacks[i] = Chips(1 + rng.IntN(5000))
			if i > 0 && rng.IntN(4) == 0 {
				stacks[i] = stacks[i-1] // a tie
			}
		}
		prizes := make([]float64, rng.IntN(n+2))
		for i := range prizes {
			prizes[i] = float64(rng.IntN(1000))
		}
		got, err := ICMExact(stacks, prizes)
		if err != nil {
			t.Fatal(err)
		}
		want := harvilleByOrders(stacks, prizes)
		for i := range want {
			if math.Abs(got[i]-want[i]) > 1e-6*(1+math.Abs(want[i])) {
				t.Fatalf("stacks %v prizes %v: player %d gets %v, by orders %v", stacks, prizes, i+1, got[i], want[i])
			}
		}
	}
}

// icmMonteCarloSorted is the first implementation, kept to compare with:
// it estimates the Malmuth-Harville equities by sampling
// finishing orders: each trial draws U^(1/stack) for every player and
// sorts them, largest first, which samples the Harville order exactly.
// It returns the estimates and their standard errors.
func icmMonteCarloSorted(stacks []Chips, prizes []float64, trials int, rng Rand) (eq, stderr []float64, err error) {
	if rng == nil {
		return nil, nil, ErrNilRand
	}
	if _, err := checkStacks(stacks); err != nil {
		return nil, nil, err
	}
	if trials < 2 {
		return nil, nil, ErrBadTrials
	}
	n := len(stacks)
	m := min(len(prizes), n)
	sum := make([]float64, n)
	sq := make([]float64, n)
	type draw struct {
		key float64
		who int
	}
	draws := make([]draw, n)
	byKey := func(a, b draw) int { return cmp.Compare(b.key, a.key) }
	for range trials {
		for i, c := range stacks {
			// log(U)/stack orders players as U^(1/stack) does; 1-U avoids log(0).
			draws[i] = draw{key: math.Log(1-rng.Float64()) / float64(c), who: i}
		}
		slices.SortFunc(draws, byKey)
		for k := 0; k < m; k++ {
			x := prizes[k]
			sum[draws[k].who] += x
			sq[draws[k].who] += x * x
		}
	}
	eq = make([]float64, n)
	stderr = make([]float64, n)
	t := float64(trials)
	for i := range eq {
		mean := sum[i] / t
		v := (sq[i]/t - mean*mean) * t / (t - 1)
		eq[i] = mean
		stderr[i] = math.Sqrt(math.Max(v, 0) / t)
	}
	return eq, stderr, nil
}

// bigField is a field of n players with varied stacks, paying 15% of it.
func bigField(n int) ([]Chips, []float64) {
	rng := testRand(42)
	stacks := make([]Chips, n)
	for i := range stacks {
		stacks[i] = Chips(1000 + rng.IntN(99000))
	}
	prizes := make([]float64, n*15/100)
	for k := range prizes {
		prizes[k] = 100000 / float64(k+1)
	}
	return stacks, prizes
}

// BenchmarkICMBigField: the Monte Carlo ICM of a big field (ICM with its
// default trials), the Fenwick sampler against the sort-every-key sampler
// it replaced, at the same number of trials.
func BenchmarkICMBigField(b *testing.B) {
	for _, n := range []int{300, 1000} {
		stacks, prizes := bigField(n)
		b.Run(fmt.Sprintf("fenwick%d", n), func(b *testing.B) {
			var se float64
			for b.Loop() {
				e, err := ICM(stacks, prizes, testRand(1), 0)
				if err != nil {
					b.Fatal(err)
				}
				se = slices.Max(e.StdErr)
			}
			b.ReportMetric(se, "max-stderr")
			b.ReportMetric(se/prizes[0]*100, "max-stderr-%first")
		})
		b.Run(fmt.Sprintf("sorted%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := icmMonteCarloSorted(stacks, prizes, ICMTrials(n, len(prizes)), testRand(1)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// The Fenwick sampler agrees with the sort sampler on a big field within a
// few standard errors.
func TestICMFenwickAgreesWithSortedSampler(t *testing.T) {
	stacks, prizes := bigField(120)
	a, sa, err := ICMMonteCarlo(stacks, prizes, 20000, testRand(5))
	if err != nil {
		t.Fatal(err)
	}
	b, sb, err := icmMonteCarloSorted(stacks, prizes, 20000, testRand(6))
	if err != nil {
		t.Fatal(err)
	}
	for i := range a {
		if d := math.Abs(a[i] - b[i]); d > 5*math.Hypot(sa[i], sb[i])+1e-9 {
			t.Fatalf("player %d: %.2f vs %.2f (se %.2f, %.2f)", i, a[i], b[i], sa[i], sb[i])
		}
	}
}
