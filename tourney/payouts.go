package tourney

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
)

// Errors about payouts.
var (
	ErrNegativePool    = errors.New("negative prize pool")
	ErrNoPlaces        = errors.New("no paid places")
	ErrBadWeights      = errors.New("payout weights must be positive and non-increasing")
	ErrNoEntrants      = errors.New("no entrants")
	ErrTooManyPlaces   = errors.New("too many paid places")
	ErrUnknownPayout   = errors.New("unknown payout kind")
	ErrBadRoundingUnit = errors.New("rounding unit must be positive")
)

// publishedTables are the percentages (in hundredths of a percent) of the
// published table in REFERENCE.md (fabulouspoker.com), by field size. The
// proportional payouts reproduce them exactly for these field sizes.
var publishedTables = map[int][]int64{
	9:    {5000, 3000, 2000},
	18:   {4000, 3000, 2000, 1000},
	45:   {2900, 1800, 1300, 1000, 800, 700, 600, 500, 400},
	100:  expandTiers([]int64{2500, 1550, 1100, 850, 700, 550, 400, 300, 250}, []tierPct{{12, 220}, {15, 200}, {18, 180}}),
	1000: expandTiers([]int64{1911, 1180, 820, 630, 480, 350, 255, 205, 155}, []tierPct{{12, 123}, {15, 95}, {18, 70}, {27, 52}, {36, 42}, {45, 33}, {63, 26}, {81, 21}, {99, 18}, {126, 16}, {153, 15}}),
}

type tierPct struct {
	last int   // last place of the tier
	pct  int64 // hundredths of a percent each
}

func expandTiers(top []int64, tiers []tierPct) []int64 {
	out := append([]int64(nil), top...)
	for _, t := range tiers {
		for len(out) < t.last {
			out = append(out, t.pct)
		}
	}
	return out
}

// tierEnds returns the last place of each payout tier above the ninth:
// table multiples 12, 15, 18, 27, 36, 45, 63, 81, 99, 126, 153, then every
// 27 places (three tables).
func tierEnd(place int) int {
	fixed := []int{12, 15, 18, 27, 36, 45, 63, 81, 99, 126, 153}
	if place <= 9 {
		return place
	}
	for _, e := range fixed {
		if place <= e {
			return e
		}
	}
	return 153 + (place-153+26)/27*27
}

// logInterp interpolates y linearly in log(x) through the points
// (xs[i], ys[i]) (xs increasing), extrapolating beyond the ends with the
// nearest segment's slope when extend is true, clamping otherwise.
func logInterp(x float64, xs, ys []float64, extendHigh bool) float64 {
	if x <= xs[0] {
		return ys[0]
	}
	n := len(xs)
	for i := 1; i < n; i++ {
		if x <= xs[i] || (i == n-1 && extendHigh) {
			t := (math.Log(x) - math.Log(xs[i-1])) / (math.Log(xs[i]) - math.Log(xs[i-1]))
			return ys[i-1] + t*(ys[i]-ys[i-1])
		}
	}
	return ys[n-1]
}

// Field sizes of the published table and their shape parameters.
var (
	anchorFields   = []float64{9, 18, 45, 100, 1000}
	anchorFirstPct = []float64{50, 40, 29, 25, 19.11}
	paidFraction   = []float64{0.20, 0.18, 0.153} // at 45, 100, 1000 entrants
	minCashFields  = []float64{100, 1000}
	minCashBuyIns  = []float64{1.8, 1.5}
)

// PlacesPaid is how many places a proportional payout pays for a field:
// 3 of 9, 4 of 18, 9 of 45, 18 of 100, 153 of 1,000 as the published
// table; about 20% of small fields falling to 15.3% from 1,000 entrants,
// rounded to the nearest tier boundary (REFERENCE.md).
func PlacesPaid(entrants int) int {
	switch {
	case entrants <= 0:
		return 0
	case entrants <= 3:
		return 1
	case entrants <= 6:
		return 2
	case entrants <= 13:
		return 3
	case entrants <= 19:
		return 4
	case entrants < 45:
		return min(max(entrants/5, 4), 8)
	}
	f := logInterp(float64(entrants), []float64{45, 100, 1000}, paidFraction, false)
	target := f * float64(entrants)
	if target < 9 {
		return 9
	}
	lo := tierFloor(int(target + 1e-9))
	hi := tierEnd(lo + 1)
	if hi <= entrants && float64(hi)-target < target-float64(lo) {
		return hi
	}
	return lo
}

// tierFloor returns the largest tier boundary (9, 12, 15, 18, 27, ...)
// not above p (p >= 9).
func tierFloor(p int) int {
	if p >= 153 {
		return 153 + (p-153)/27*27
	}
	b := 9
	for _, e := range []int{12, 15, 18, 27, 36, 45, 63, 81, 99, 126} {
		if e <= p {
			b = e
		}
	}
	return b
}

// ProportionalWeights returns the payout shape for a field, one weight per
// paid place (parts per million of the pool, before rounding). The
// published field sizes (9, 18, 45, 100, 1,000) get the published table
// exactly; other sizes get a curve through the same landmarks: the
// minimum cash is 1.8 buy-ins up to 100 entrants falling to 1.5 at 1,000,
// first place is interpolated (in log of the field) between the published
// first places, and the places between fall as a power of the place
// (about place^-0.93 for large fields) fitted to those two ends; places
// below the ninth are paid in tiers of equal amounts.
func ProportionalWeights(entrants int) []int64 {
	return proportionalWeights(entrants, 1e6)
}

// payoutScale is the resolution Payouts uses for proportional weights
// (parts per 10^12 of the pool): parts per million are too coarse for a
// field of a million entrants, whose minimum cash is 1.5 ppm of the pool.
const payoutScale = 1e12

// proportionalWeights is ProportionalWeights in parts per scale of the
// pool (scale a multiple of 10^6).
func proportionalWeights(entrants int, scale int64) []int64 {
	if t, ok := publishedTables[entrants]; ok {
		out := make([]int64, len(t))
		for i, v := range t {
			out[i] = v * (scale / 10000) // v is in hundredths of a percent
		}
		return out
	}
	p := PlacesPaid(entrants)
	ppm := scale / 1e6
	switch p {
	case 0:
		return nil
	case 1:
		return []int64{1000000 * ppm}
	case 2:
		return []int64{650000 * ppm, 350000 * ppm}
	case 3:
		return []int64{500000 * ppm, 300000 * ppm, 200000 * ppm}
	case 4:
		return []int64{400000 * ppm, 300000 * ppm, 200000 * ppm, 100000 * ppm}
	}
	n := float64(entrants)
	minCash := logInterp(n, minCashFields, minCashBuyIns, false) / n
	first := logInterp(n, anchorFields, anchorFirstPct, true) / 100
	if first < 0.08 {
		first = 0.08
	}
	pct := powerShape(p, minCash, first)
	// Tiers below ninth place share their average.
	for s := 10; s <= p; {
		e := min(tierEnd(s), p)
		sum := 0.0
		for i := s; i <= e; i++ {
			sum += pct[i-1]
		}
		for i := s; i <= e; i++ {
			pct[i-1] = sum / float64(e-s+1)
		}
		s = e + 1
	}
	out := make([]int64, p)
	for i, v := range pct {
		out[i] = int64(v * float64(scale))
		if i > 0 && out[i] > out[i-1] {
			out[i] = out[i-1]
		}
	}
	return out
}

// shapeShift offsets the place in the power curve so that first place is
// about 1.6 times second, as in the published table.
const shapeShift = 2

// powerShape returns p fractions summing to 1: the last is minCash, and
// place i gets minCash + R*((i+k)^-a - (p+k)^-a)/sum (k = shapeShift),
// with the exponent a chosen by bisection so that first place is as close
// as possible to first.
func powerShape(p int, minCash, first float64) []float64 {
	if minCash*float64(p) > 0.9 {
		minCash = 0.9 / float64(p)
	}
	rest := 1 - minCash*float64(p)
	logs := make([]float64, p)
	for i := range logs {
		logs[i] = math.Log(float64(i+1) + shapeShift)
	}
	// firstShare is first place's fraction for exponent a.
	firstShare := func(a float64) float64 {
		last := math.Exp(-a * logs[p-1])
		sum := 0.0
		for _, l := range logs {
			sum += math.Exp(-a*l) - last
		}
		return minCash + rest*(math.Exp(-a*logs[0])-last)/sum
	}
	lo, hi := 0.05, 4.0
	for range 40 {
		mid := (lo + hi) / 2
		if firstShare(mid) < first {
			lo = mid
		} else {
			hi = mid
		}
	}
	a := (lo + hi) / 2
	last := math.Exp(-a * logs[p-1])
	w := make([]float64, p)
	sum := 0.0
	for i, l := range logs {
		w[i] = math.Exp(-a*l) - last
		sum += w[i]
	}
	for i := range w {
		w[i] = minCash + rest*w[i]/sum
	}
	return w
}

// TopNWeights is the shape of a fixed top-N payout when the organiser
// gives no percentages (R-TRN-7): the published table that pays n places
// where there is one (top 3 is the sit-and-go's 50/30/20 of REFERENCE.md,
// top 4 is 40/30/20/10, top 9 the 45-player table), else weights falling
// as place^-0.93.
func TopNWeights(n int) []int64 {
	for _, field := range []int{9, 18, 45} {
		if t := publishedTables[field]; len(t) == n {
			return append([]int64(nil), t...)
		}
	}
	out := make([]int64, n)
	for i := range out {
		out[i] = int64(1e6 * math.Pow(float64(i+1), -0.93))
	}
	return out
}

// mulDiv returns a*b/c rounded down for non-negative a, b and positive c
// with a*b/c < 2^63, without overflow.
func mulDiv(a, b, c int64) int64 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	q, _ := bits.Div64(hi, lo, uint64(c))
	return int64(q)
}

// Distribute divides pool by weights: each place gets its share rounded
// down to a multiple of unit (unit <= 0 means 1 chip), the remainder goes
// to first place, so the parts sum exactly to pool. Weights must be
// positive and non-increasing; places whose share rounds to nothing are
// dropped from the end.
func Distribute(pool Chips, weights []int64, unit Chips) ([]Chips, error) {
	if pool < 0 {
		return nil, ErrNegativePool
	}
	if len(weights) == 0 {
		return nil, ErrNoPlaces
	}
	if unit <= 0 {
		unit = 1
	}
	if err := checkWeights(weights); err != nil {
		return nil, err
	}
	var total int64
	for _, w := range weights {
		total += w
	}
	out := make([]Chips, len(weights))
	var sum Chips
	for i, w := range weights {
		a := mulDiv(pool, w, total)
		a -= a % unit
		out[i] = a
		sum += a
	}
	out[0] += pool - sum
	for len(out) > 1 && out[len(out)-1] == 0 {
		out = out[:len(out)-1]
	}
	return out, nil
}

// PayoutKind selects how a pool is paid.
type PayoutKind int

const (
	// Proportional pays more places as the field grows (R-TRN-7).
	Proportional PayoutKind = iota
	// TopN pays a fixed number of places with fixed weights.
	TopN
	// WinnerTakesAll pays first place only.
	WinnerTakesAll
)

// PayoutRule is how a tournament pays its chip prizes. Ticket prizes and
// satellites are in satellite.go.
type PayoutRule struct {
	Kind PayoutKind
	// Places and Weights define TopN; with no Weights, TopNWeights(Places).
	Places  int
	Weights []int64
	// Unit is the rounding unit (0 means 1 chip).
	Unit Chips
}

// Validate checks a payout rule as the organiser set it, so that a bad
// rule is refused when the tournament is created, not when it is paid:
// a known kind, a rounding unit of at least 0, and for TopN either
// positive Places or Weights that are positive and non-increasing.
func (r PayoutRule) Validate() error {
	if r.Unit < 0 {
		return ErrBadRoundingUnit
	}
	if r.Unit > MaxChips {
		return fmt.Errorf("rounding unit %d: %w", r.Unit, ErrAmountTooLarge)
	}
	switch r.Kind {
	case Proportional, WinnerTakesAll:
		return nil
	case TopN:
		if r.Places > MaxSeats || len(r.Weights) > MaxSeats {
			return fmt.Errorf("%w: %d places, at most %d", ErrTooManyPlaces, max(r.Places, len(r.Weights)), MaxSeats)
		}
		if len(r.Weights) == 0 {
			if r.Places <= 0 {
				return ErrNoPlaces
			}
			return nil
		}
		return checkWeights(r.Weights)
	default:
		return fmt.Errorf("%w: %d", ErrUnknownPayout, r.Kind)
	}
}

// checkWeights reports ErrBadWeights unless the weights are positive,
// non-increasing and their sum fits an int64.
func checkWeights(weights []int64) error {
	var total int64
	for i, w := range weights {
		if w <= 0 || (i > 0 && w > weights[i-1]) || total > math.MaxInt64-w {
			return ErrBadWeights
		}
		total += w
	}
	return nil
}

// Payouts returns the prize of each paid place, first place first, for a
// field of entrants and a pool; they sum exactly to the pool.
func (r PayoutRule) Payouts(entrants int, pool Chips) ([]Chips, error) {
	if entrants <= 0 {
		return nil, ErrNoEntrants
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	var w []int64
	switch r.Kind {
	case Proportional:
		w = proportionalWeights(entrants, payoutScale)
	case WinnerTakesAll:
		w = []int64{1}
	case TopN:
		w = r.Weights
		if len(w) == 0 {
			// Weights only for the places the field can fill.
			w = TopNWeights(min(r.Places, entrants))
		}
		if len(w) > entrants {
			w = w[:entrants]
		}
	}
	return Distribute(pool, w, r.Unit)
}

// ShareTies spreads prizes over tied finishers. prizes[i] is the prize of
// place i+1; groups lists, in place order, how many players share each
// finishing position (1 for an untied place). The tied players split the
// sum of the places they occupy; odd chips go one each to the earliest of
// them (the higher place). The result has one amount per player, in
// place order, and sums to the prizes of the places covered. A group of
// zero (or fewer) players covers no place and is skipped.
func ShareTies(prizes []Chips, groups []int) []Chips {
	var out []Chips
	place := 0
	for _, g := range groups {
		if g <= 0 {
			continue
		}
		var sum Chips
		for k := place; k < place+g; k++ {
			if k < len(prizes) {
				sum += prizes[k]
			}
		}
		each, odd := sum/Chips(g), sum%Chips(g)
		for k := 0; k < g; k++ {
			a := each
			if Chips(k) < odd {
				a++
			}
			out = append(out, a)
		}
		place += g
	}
	return out
}
