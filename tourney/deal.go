package tourney

import (
	"errors"
	"fmt"
	"math/bits"
	"sort"
)

// DealMethod is how a deal divides the prizes.
type DealMethod int

const (
	// ICMDeal gives each player their ICM equity.
	ICMDeal DealMethod = iota
	// ChipChop gives each player the next payout and splits the rest by
	// chip share.
	ChipChop
)

// Errors about deals.
var (
	ErrDealExcludesPlayer = errors.New("a deal must include every player still in")
	ErrDealUnknownParty   = errors.New("deal party is not a player still in")
	ErrDealNoPrizes       = errors.New("no chip prizes left to deal")
	ErrKeepTooLarge       = errors.New("amount kept to play for exceeds first prize minus second")
	ErrKeepNegative       = errors.New("amount kept to play for is negative")
	ErrUnknownDealMethod  = errors.New("unknown deal method")
	ErrNegativePrize      = errors.New("negative prize")
)

// checkPrizes refuses prizes of negative amounts and prizes whose total
// passes MaxChips.
func checkPrizes(prizes []Prize) error {
	var total Chips
	for _, p := range prizes {
		if p.Chips < 0 {
			return fmt.Errorf("%w: place %d: %d", ErrNegativePrize, p.Place, p.Chips)
		}
		var err error
		if total, err = addChips(total, p.Chips); err != nil {
			return fmt.Errorf("prizes sum past %d: %w", MaxChips, err)
		}
	}
	return nil
}

// StackOf is a player still in and their chips.
type StackOf struct {
	Player PlayerID
	Stack  Chips
}

// DealInput describes a proposed deal (R-TRN-18).
type DealInput struct {
	Method DealMethod
	// Remaining lists every player still in, with their stacks.
	Remaining []StackOf
	// Parties are the players agreeing; it must be all of Remaining.
	Parties []PlayerID
	// Prizes of the places still to be decided, best first; ticket
	// (SeatPrize) places stay out of the split and are still played for.
	Prizes []Prize
	// Keep is the part of the chip prizes left to play for; it comes off
	// the first chip prize and is still won by playing on.
	Keep Chips
}

// DealResult is an agreed deal.
type DealResult struct {
	// Shares[i] is what Remaining[i] receives now; they sum to the chip
	// prizes minus Keep.
	Shares []Chips
	// StillInPlay are the prizes the players keep playing for: the
	// tickets, and Keep as a chip prize for the best-placed chip place.
	StillInPlay []Prize
}

// MakeDeal computes an ICM or chip-chop deal. A deal that leaves out a
// player still in is refused (R-TRN-18, seed 001 #10).
func MakeDeal(in DealInput) (DealResult, error) {
	if err := checkParties(in.Remaining, in.Parties); err != nil {
		return DealResult{}, err
	}
	if in.Keep < 0 {
		return DealResult{}, ErrKeepNegative
	}
	if err := checkPrizes(in.Prizes); err != nil {
		return DealResult{}, err
	}
	stacks := make([]Chips, len(in.Remaining))
	for i, r := range in.Remaining {
		stacks[i] = r.Stack
	}
	if _, err := checkStacks(stacks); err != nil {
		return DealResult{}, err
	}
	// The places' values for the split: chip prizes, tickets as nothing.
	values := make([]Chips, 0, len(in.Prizes))
	var still []Prize
	firstChip := -1
	for i, p := range in.Prizes {
		if i >= len(in.Remaining) {
			break
		}
		if p.Kind == ChipPrize {
			if firstChip < 0 {
				firstChip = i
			}
			values = append(values, p.Chips)
		} else {
			values = append(values, 0)
			still = append(still, p)
		}
	}
	if firstChip < 0 {
		return DealResult{}, ErrDealNoPrizes
	}
	if in.Keep > 0 {
		second := Chips(0)
		for j := firstChip + 1; j < len(values); j++ {
			if in.Prizes[j].Kind == ChipPrize {
				second = values[j]
				break
			}
		}
		if in.Keep > values[firstChip]-second {
			return DealResult{}, fmt.Errorf("%w: keep %d, first %d, second %d", ErrKeepTooLarge, in.Keep, values[firstChip], second)
		}
		values[firstChip] -= in.Keep
		still = append(still, Prize{Place: in.Prizes[firstChip].Place, Kind: ChipPrize, Chips: in.Keep})
	}
	var total Chips
	for _, v := range values {
		total += v
	}
	var shares []Chips
	switch in.Method {
	case ICMDeal:
		pz := make([]float64, len(values))
		for i, v := range values {
			pz[i] = float64(v)
		}
		eq, err := ICMExact(stacks, pz) // deals beyond MaxExactICM players are refused
		if err != nil {
			return DealResult{}, err
		}
		shares = roundShares(eq, total)
	case ChipChop:
		shares = chipChop(stacks, values, total)
	default:
		return DealResult{}, ErrUnknownDealMethod
	}
	return DealResult{Shares: shares, StillInPlay: still}, nil
}

// SplitByWeight divides total among weights (each ≥ 0, their sum > 0) in
// proportion, rounded as a chip chop is (chipChop with no base): each
// part rounded down, the chips left one each to the largest remainders
// (ties to the larger weight, then the earliest listed).
func SplitByWeight(weights []Chips, total Chips) []Chips { return chipChop(weights, nil, total) }

// chipChop gives each player the payout of the last place still in and
// splits the rest by chip share, rounded by largest remainder as ICM deals
// are: each share rounded down, the chips left one each to the largest
// remainders (ties to the larger stack, then the earliest listed).
func chipChop(stacks []Chips, values []Chips, total Chips) []Chips {
	n := len(stacks)
	base := Chips(0)
	if len(values) >= n {
		base = values[n-1]
	}
	if base*Chips(n) > total {
		base = total / Chips(n)
	}
	rest := total - base*Chips(n)
	var chips Chips
	for _, s := range stacks {
		chips += s
	}
	out := make([]Chips, n)
	rem := make([]uint64, n)
	var sum Chips
	for i, s := range stacks {
		hi, lo := bits.Mul64(uint64(rest), uint64(s))
		q, r := bits.Div64(hi, lo, uint64(chips))
		out[i] = base + Chips(q)
		rem[i] = r
		sum += out[i]
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		if rem[order[a]] != rem[order[b]] {
			return rem[order[a]] > rem[order[b]]
		}
		return stacks[order[a]] > stacks[order[b]]
	})
	for k := 0; sum < total; k = (k + 1) % n {
		out[order[k]]++
		sum++
	}
	return out
}

func checkParties(remaining []StackOf, parties []PlayerID) error {
	in := make(map[PlayerID]bool, len(parties))
	still := make(map[PlayerID]bool, len(remaining))
	for _, r := range remaining {
		still[r.Player] = true
	}
	for _, p := range parties {
		if !still[p] {
			return fmt.Errorf("%w: %s", ErrDealUnknownParty, p)
		}
		in[p] = true
	}
	for _, r := range remaining {
		if !in[r.Player] {
			return fmt.Errorf("%w: %s is left out", ErrDealExcludesPlayer, r.Player)
		}
	}
	return nil
}

// ErrNeedRand: a timed end with more players than MaxExactICM left needs
// randomness for the Monte Carlo ICM.
var ErrNeedRand = fmt.Errorf("more than %d players left: ICM by Monte Carlo needs a Rand", MaxExactICM)

// TimedEnd ends a timed tournament (R-TRN-12, seed 001 #13): ticket prizes
// stay out of the ICM split and go, one each, to the largest stacks (ties
// to the earliest listed); the chip prizes of the remaining places are
// divided by ICM on the stacks of the other players. The awards come in
// the order of remaining. The ICM is exact up to MaxExactICM players; a
// timed multi-table event that stops with more players left uses the
// Monte Carlo estimate ([ICM], DefaultICMTrials) drawn from rng, which may
// be nil otherwise. Either way the shares sum exactly to the chip prizes.
func TimedEnd(remaining []StackOf, prizes []Prize, rng Rand) ([]Award, error) {
	stacks := make([]Chips, len(remaining))
	for i, r := range remaining {
		stacks[i] = r.Stack
	}
	if _, err := checkStacks(stacks); err != nil {
		return nil, err
	}
	if err := checkPrizes(prizes); err != nil {
		return nil, err
	}
	order := make([]int, len(remaining))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return stacks[order[a]] > stacks[order[b]] })
	awards := make([]Award, len(remaining))
	for i, r := range remaining {
		awards[i] = Award{Player: r.Player}
	}
	taken := make([]bool, len(remaining))
	next := 0
	var chipPrizes []float64
	var chipTotal Chips
	for _, p := range prizes {
		if p.Kind == SeatPrize {
			if next < len(order) {
				awards[order[next]].Prize = p
				taken[order[next]] = true
				next++
			}
			continue
		}
		chipPrizes = append(chipPrizes, float64(p.Chips))
	}
	var idx []int
	var rest []Chips
	for i := range remaining {
		if !taken[i] {
			idx = append(idx, i)
			rest = append(rest, stacks[i])
		}
	}
	if len(rest) == 0 || len(chipPrizes) == 0 {
		return awards, nil
	}
	if len(chipPrizes) > len(rest) {
		chipPrizes = chipPrizes[:len(rest)]
	}
	for _, v := range chipPrizes {
		chipTotal += Chips(v)
	}
	if len(rest) > MaxExactICM && rng == nil {
		return nil, ErrNeedRand
	}
	eq, err := ICM(rest, chipPrizes, rng, 0)
	if err != nil {
		return nil, err
	}
	shares := roundShares(eq.Values, chipTotal)
	for k, i := range idx {
		awards[i].Prize = Prize{Kind: ChipPrize, Chips: shares[k]}
	}
	return awards, nil
}
