package tourney

import (
	"errors"
	"fmt"
	"testing"
)

// R-TRN-7
func TestProportionalPayoutsReproduceThePublishedTable(t *testing.T) {
	// Percent of the pool, in hundredths, from REFERENCE.md.
	table := map[int][]int64{
		9:   {5000, 3000, 2000},
		18:  {4000, 3000, 2000, 1000},
		45:  {2900, 1800, 1300, 1000, 800, 700, 600, 500, 400},
		100: {2500, 1550, 1100, 850, 700, 550, 400, 300, 250, 220, 220, 220, 200, 200, 200, 180, 180, 180},
	}
	thousand := []int64{1911, 1180, 820, 630, 480, 350, 255, 205, 155}
	for _, tier := range []struct {
		n   int
		pct int64
	}{{3, 123}, {3, 95}, {3, 70}, {9, 52}, {9, 42}, {9, 33}, {18, 26}, {18, 21}, {18, 18}, {27, 16}, {27, 15}} {
		for range tier.n {
			thousand = append(thousand, tier.pct)
		}
	}
	table[1000] = thousand
	for entrants, pct := range table {
		if got := PlacesPaid(entrants); got != len(pct) {
			t.Errorf("%d entrants: %d paid, want %d", entrants, got, len(pct))
		}
		// A pool of 10,000 units pays exactly the published hundredths.
		pool := Chips(10000 * 7)
		got, err := PayoutRule{Kind: Proportional}.Payouts(entrants, pool)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(pct) {
			t.Fatalf("%d entrants: %d places, want %d", entrants, len(got), len(pct))
		}
		for i := range pct {
			if got[i] != pct[i]*7 {
				t.Errorf("%d entrants place %d: %d, want %d", entrants, i+1, got[i], pct[i]*7)
			}
		}
	}
}

// R-TRN-7
func TestProportionalShapeBetweenPublishedFields(t *testing.T) {
	for _, n := range []int{12, 25, 30, 60, 150, 300, 500, 2000, 5000, 10000} {
		w := ProportionalWeights(n)
		p := len(w)
		frac := float64(p) / float64(n)
		if n >= 45 && (frac < 0.14 || frac > 0.21) {
			t.Errorf("%d entrants: %d paid (%.1f%%), want about 15-20%%", n, p, 100*frac)
		}
		var total int64
		for _, x := range w {
			total += x
		}
		minCash := float64(w[p-1]) * float64(n) / float64(total)
		if n >= 25 && (minCash < 1.45 || minCash > 2.3) {
			t.Errorf("%d entrants: min cash %.2f buy-ins, want 1.5-2", n, minCash)
		}
		if n >= 45 {
			ratio := float64(w[0]) / float64(w[1])
			if ratio < 1.35 || ratio > 1.9 {
				t.Errorf("%d entrants: first/second = %.2f, want about 1.6", n, ratio)
			}
		}
		// Tiers: places 10-12, 13-15, 16-18, 19-27 ... pay the same.
		for _, tier := range [][2]int{{10, 12}, {13, 15}, {16, 18}, {19, 27}, {28, 36}} {
			for i := tier[0]; i <= tier[1] && i <= p; i++ {
				if w[i-1] != w[tier[0]-1] {
					t.Errorf("%d entrants: place %d differs within tier %v", n, i, tier)
				}
			}
		}
	}
	// Fields next to the published ones pay nearly the same at the top.
	for _, pair := range [][2]int{{46, 45}, {101, 100}, {1001, 1000}} {
		a, b := ProportionalWeights(pair[0]), ProportionalWeights(pair[1])
		for i := 0; i < 4; i++ {
			pa := float64(a[i]) / 1e4
			pb := float64(b[i]) / 1e4
			if d := pa - pb; d > 1.6 || d < -1.6 {
				t.Errorf("place %d: %d entrants pay %.2f%%, %d pay %.2f%%", i+1, pair[0], pa, pair[1], pb)
			}
		}
	}
}

// R-TRN-7
func TestPayoutPropertiesOverRandomFields(t *testing.T) {
	rng := testRand(7)
	for k := 0; k < 800; k++ {
		n := 1 + rng.IntN(3000)
		pool := Chips(rng.IntN(50_000_000))
		unit := Chips(1)
		if k%3 == 0 {
			unit = []Chips{5, 10, 25, 100}[rng.IntN(4)]
		}
		rules := []PayoutRule{
			{Kind: Proportional, Unit: unit},
			{Kind: TopN, Places: 1 + rng.IntN(10), Unit: unit},
			{Kind: WinnerTakesAll, Unit: unit},
		}
		for _, r := range rules {
			got, err := r.Payouts(n, pool)
			if err != nil {
				t.Fatalf("%d entrants pool %d: %v", n, pool, err)
			}
			if s := sum(got); s != pool {
				t.Fatalf("%+v %d entrants pool %d: sum %d", r, n, pool, s)
			}
			for i := 1; i < len(got); i++ {
				if got[i] > got[i-1] {
					t.Fatalf("%+v %d entrants pool %d: place %d gets %d > %d", r, n, pool, i+1, got[i], got[i-1])
				}
				if got[i] < got[len(got)-1] {
					t.Fatalf("place %d below the last paid place", i+1)
				}
			}
			if len(got) > n {
				t.Fatalf("%d places for %d entrants", len(got), n)
			}
			for i := 1; i < len(got); i++ {
				if got[i]%unit != 0 {
					t.Fatalf("place %d = %d not a multiple of %d", i+1, got[i], unit)
				}
			}
		}
	}
}

// R-TRN-7
func TestFixedPayouts(t *testing.T) {
	got, err := PayoutRule{Kind: TopN, Weights: []int64{50, 30, 20}}.Payouts(27, 1001)
	if err != nil || len(got) != 3 || got[0] != 501 || got[1] != 300 || got[2] != 200 {
		t.Errorf("top 3 50/30/20 of 1001 = %v, %v; want [501 300 200] (remainder to first)", got, err)
	}
	got, _ = PayoutRule{Kind: WinnerTakesAll}.Payouts(6, 600)
	if len(got) != 1 || got[0] != 600 {
		t.Errorf("winner takes all = %v", got)
	}
	got, _ = PayoutRule{Kind: TopN, Places: 5}.Payouts(100, 10000)
	if len(got) != 5 || sum(got) != 10000 {
		t.Errorf("top 5 = %v", got)
	}
	if _, err := Distribute(100, []int64{1, 2}, 1); err != ErrBadWeights {
		t.Errorf("increasing weights: %v", err)
	}
	if _, err := Distribute(-1, []int64{1}, 1); err != ErrNegativePool {
		t.Errorf("negative pool: %v", err)
	}
	got, _ = Distribute(1000, []int64{50, 30, 20}, 25)
	if got[0] != 500 || got[1] != 300 || got[2] != 200 {
		t.Errorf("unit 25: %v", got)
	}
	got, _ = Distribute(1010, []int64{50, 30, 20}, 25)
	if got[0] != 510 || sum(got) != 1010 {
		t.Errorf("unit 25 with odd pool: %v (remainder to first)", got)
	}
}

// R-TRN-7
func TestTiedFinishersShareTheirPlaces(t *testing.T) {
	prizes := []Chips{500, 300, 201, 0}
	// Places 2 and 3 tied: (300+201)/2 = 250 r1, the odd chip to the first listed.
	got := ShareTies(prizes, []int{1, 2, 1})
	want := []Chips{500, 251, 250, 0}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("ShareTies = %v, want %v", got, want)
		}
	}
	if sum(got) != sum(prizes) {
		t.Errorf("sum changed")
	}
	// A tie straddling the last paid place shares it with an unpaid place.
	got = ShareTies([]Chips{70, 30}, []int{1, 2})
	if got[1] != 15 || got[2] != 15 {
		t.Errorf("tie over the bubble = %v", got)
	}
}

func BenchmarkPayouts(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			r := PayoutRule{Kind: Proportional}
			for b.Loop() {
				if _, err := r.Payouts(n, Chips(n)*1100); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// R-TRN-7: a payout rule that could never pay is refused when the
// tournament is created, not after it has finished.
func TestNewRefusesPayoutRulesThatCannotPay(t *testing.T) {
	for _, c := range []struct {
		name string
		rule PayoutRule
		want error
	}{
		{"top-N without places or weights", PayoutRule{Kind: TopN}, ErrNoPlaces},
		{"top-N with negative places", PayoutRule{Kind: TopN, Places: -3}, ErrNoPlaces},
		{"increasing weights", PayoutRule{Kind: TopN, Weights: []int64{30, 70}}, ErrBadWeights},
		{"zero weight", PayoutRule{Kind: TopN, Weights: []int64{70, 30, 0}}, ErrBadWeights},
		{"negative rounding unit", PayoutRule{Kind: Proportional, Unit: -5}, ErrBadRoundingUnit},
		{"unknown kind", PayoutRule{Kind: PayoutKind(42)}, ErrUnknownPayout},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := Config{Kind: Scheduled, TableSize: 9, Structure: SitAndGoPreset(Normal), Payout: c.rule}
			if _, err := New(cfg); !errors.Is(err, c.want) {
				t.Errorf("New = %v, want %v", err, c.want)
			}
			if _, err := c.rule.Payouts(10, 1000); !errors.Is(err, c.want) {
				t.Errorf("Payouts = %v, want %v", err, c.want)
			}
		})
	}
	// A satellite pays by its ticket rule: its payout rule is not used.
	sat := Config{Kind: Scheduled, TableSize: 9, Structure: SitAndGoPreset(Normal),
		Payout: PayoutRule{Kind: TopN}, Tickets: &TicketRule{SeatValue: 100}}
	if _, err := New(sat); err != nil {
		t.Errorf("satellite with an unused payout rule: %v", err)
	}
}

// R-TRN-7: the shape holds for very large fields too; weights in parts
// per million used to round the minimum cash of a million entrants down
// to about one buy-in.
func TestProportionalPayoutsForAMillionEntrants(t *testing.T) {
	const n = 1_000_000
	buyIn := Chips(100)
	got, err := PayoutRule{Kind: Proportional}.Payouts(n, n*buyIn)
	if err != nil {
		t.Fatal(err)
	}
	if sum(got) != n*buyIn || len(got) != PlacesPaid(n) {
		t.Fatalf("%d places summing to %d, want %d places summing to %d", len(got), sum(got), PlacesPaid(n), n*buyIn)
	}
	if minCash := float64(got[len(got)-1]) / float64(buyIn); minCash < 1.45 || minCash > 2 {
		t.Errorf("minimum cash %.2f buy-ins, want 1.5-2", minCash)
	}
	for i := 1; i < len(got); i++ {
		if got[i] > got[i-1] {
			t.Fatalf("place %d gets %d > place %d's %d", i+1, got[i], i, got[i-1])
		}
	}
}

// R-TRN-7: a fixed top-3 payout without percentages pays the sit-and-go's
// 50/30/20 (REFERENCE.md, the published 9-player table), not 53/28/19;
// top 4 and top 9 pay their published tables too, and a field smaller
// than the places pays only the places it fills.
func TestTopNPaysThePublishedTable(t *testing.T) {
	for _, tc := range []struct {
		places, entrants int
		pool             Chips
		want             []Chips
	}{
		{3, 9, 1000, []Chips{500, 300, 200}},
		{3, 6, 600, []Chips{300, 180, 120}},
		{4, 18, 1000, []Chips{400, 300, 200, 100}},
		{9, 45, 10000, []Chips{2900, 1800, 1300, 1000, 800, 700, 600, 500, 400}},
	} {
		got, err := PayoutRule{Kind: TopN, Places: tc.places}.Payouts(tc.entrants, tc.pool)
		if err != nil || fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("top %d of %d entrants, pool %d: %v, %v; want %v", tc.places, tc.entrants, tc.pool, got, err, tc.want)
		}
	}
	if got, _ := (PayoutRule{Kind: TopN, Places: 3}).Payouts(2, 1000); len(got) != 2 || sum(got) != 1000 {
		t.Errorf("top 3 of 2 entrants: %v", got)
	}
}
