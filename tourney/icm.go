package tourney

import (
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sort"
)

// MaxExactICM is the largest table ICMExact accepts: it enumerates
// subsets of players (2^n states), which is instant at 10 players and a
// few milliseconds at 16.
const MaxExactICM = 16

// Errors about ICM inputs.
var (
	ErrNoPlayers        = errors.New("no players")
	ErrNonPositiveStack = errors.New("stacks must be positive")
	ErrTooManyForExact  = fmt.Errorf("more than %d players for exact ICM", MaxExactICM)
	ErrBadTrials        = errors.New("a Monte Carlo estimate needs at least 2 trials")
)

func checkStacks(stacks []Chips) (float64, error) {
	if len(stacks) == 0 {
		return 0, ErrNoPlayers
	}
	total := 0.0
	var sum Chips
	for _, s := range stacks {
		if s <= 0 {
			return 0, ErrNonPositiveStack
		}
		var err error
		if sum, err = addChips(sum, s); err != nil {
			return 0, fmt.Errorf("stacks sum past %d: %w", MaxChips, err)
		}
		total += float64(s)
	}
	return total, nil
}

// ICMExact returns each player's Malmuth-Harville equity (R-TRN-12): the
// chance to finish first is the share of the chips, the chance to finish
// k-th given who finished above is the share of the chips that remain;
// equity is the sum over finishing orders of probability times prize.
// prizes[k] is the prize of place k+1; places beyond the players are
// ignored. The enumeration runs over subsets of finishers (dynamic
// programming), so it is exact and fast up to MaxExactICM players.
func ICMExact(stacks []Chips, prizes []float64) ([]float64, error) {
	total, err := checkStacks(stacks)
	if err != nil {
		return nil, err
	}
	n := len(stacks)
	if n > MaxExactICM {
		return nil, ErrTooManyForExact
	}
	m := min(len(prizes), n)
	eq := make([]float64, n)
	if m == 0 {
		return eq, nil
	}
	s := make([]float64, n)
	for i, c := range stacks {
		s[i] = float64(c)
	}
	size := 1 << n
	prob := make([]float64, size)
	used := make([]float64, size) // chips of the players in the mask
	prob[0] = 1
	for mask := 0; mask < size; mask++ {
		if mask != 0 {
			low := bits.TrailingZeros(uint(mask))
			used[mask] = used[mask&(mask-1)] + s[low]
		}
		p := prob[mask]
		if p == 0 {
			continue
		}
		k := bits.OnesCount(uint(mask))
		if k >= m {
			continue
		}
		left := total - used[mask]
		for i := 0; i < n; i++ {
			if mask&(1<<i) != 0 {
				continue
			}
			q := p * s[i] / left
			eq[i] += q * prizes[k]
			prob[mask|1<<i] += q
		}
	}
	return eq, nil
}

// ICMMonteCarlo estimates the Malmuth-Harville equities by sampling
// finishing orders and returns the estimates and their standard errors.
// Each trial draws the paid places one after another, each among the
// players left with probability proportional to their chips — exactly the
// Harville order — from a Fenwick tree of the stacks (integer chips, so
// the draws are exact): a trial costs O(paid places x log players) instead
// of drawing and sorting a key for every player.
func ICMMonteCarlo(stacks []Chips, prizes []float64, trials int, rng Rand) (eq, stderr []float64, err error) {
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
	// base is the Fenwick tree of the stacks (1-based); tree is a trial's
	// copy, from which the players drawn are removed.
	base := make([]int64, n+1)
	var total int64
	for i, c := range stacks {
		total += c
		base[i+1] += c
		if j := i + 1 + ((i + 1) & -(i + 1)); j <= n {
			base[j] += base[i+1]
		}
	}
	top := 1
	for top*2 <= n {
		top *= 2
	}
	tree := make([]int64, n+1)
	for range trials {
		copy(tree, base)
		left := total
		for k := 0; k < m; k++ {
			r := int64(rng.IntN(int(left)))
			// The player whose chips cover r: descend the tree.
			pos := 0
			for step := top; step > 0; step >>= 1 {
				if next := pos + step; next <= n && tree[next] <= r {
					pos = next
					r -= tree[next]
				}
			}
			who, w := pos, stacks[pos]
			for j := pos + 1; j <= n; j += j & -j {
				tree[j] -= w
			}
			left -= w
			x := prizes[k]
			sum[who] += x
			sq[who] += x * x
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

// Equity is an ICM result: exact, or a Monte Carlo estimate with its
// standard errors.
type Equity struct {
	Values []float64
	StdErr []float64 // nil when Exact
	Exact  bool
}

// DefaultICMTrials is the most Monte Carlo trials ICM uses by default.
const DefaultICMTrials = 200000

// icmWork bounds the default Monte Carlo work: trials x paid places x
// log2(players) draw steps, about 0.2 s on a 2-core machine (see
// BenchmarkICMBigField), so that a chat gets its answer at once.
const icmWork = 28_000_000

// minICMTrials is the fewest trials ICM uses by default.
const minICMTrials = 5000

// ICMTrials is the number of trials ICM uses by default for n players and
// m paid places: DefaultICMTrials, fewer for big fields so that the work
// stays within a fraction of a second (the standard errors grow as
// 1/sqrt(trials); ICM returns them).
func ICMTrials(n, m int) int {
	m = max(1, min(m, n))
	steps := 1
	for 1<<steps < n+1 {
		steps++
	}
	return max(minICMTrials, min(DefaultICMTrials, icmWork/(m*steps)))
}

// ICM computes equities exactly up to MaxExactICM players and by Monte
// Carlo beyond (trials <= 0 means ICMTrials for the field), with standard
// errors.
func ICM(stacks []Chips, prizes []float64, rng Rand, trials int) (Equity, error) {
	if len(stacks) <= MaxExactICM {
		v, err := ICMExact(stacks, prizes)
		return Equity{Values: v, Exact: true}, err
	}
	if trials <= 0 {
		trials = ICMTrials(len(stacks), len(prizes))
	}
	v, se, err := ICMMonteCarlo(stacks, prizes, trials, rng)
	return Equity{Values: v, StdErr: se}, err
}

// roundShares turns real-valued shares summing to total into whole chips
// summing exactly to total: each share is rounded down, then the chips
// left go one each to the largest fractional parts (ties to the earliest).
// Shares are never negative: a negative total gives all zeros.
func roundShares(shares []float64, total Chips) []Chips {
	total = max(total, 0)
	out := make([]Chips, len(shares))
	var sum Chips
	frac := make([]float64, len(shares))
	for i, v := range shares {
		f := math.Floor(v)
		out[i] = Chips(f)
		if out[i] < 0 {
			out[i] = 0
		}
		frac[i] = v - f
		sum += out[i]
	}
	idx := make([]int, len(shares))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return frac[idx[a]] > frac[idx[b]] })
	for k := 0; sum < total && len(idx) > 0; k = (k + 1) % len(idx) {
		out[idx[k]]++
		sum++
	}
	for k := len(idx) - 1; sum > total && k >= 0; k-- {
		if out[idx[k]] > 0 {
			out[idx[k]]--
			sum--
		}
		if k == 0 && sum > total {
			k = len(idx)
		}
	}
	return out
}
