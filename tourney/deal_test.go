package tourney

import (
	"errors"
	"fmt"
	"math"
	"testing"
)

func chipPrizes(xs ...Chips) []Prize {
	out := make([]Prize, len(xs))
	for i, x := range xs {
		out[i] = Prize{Place: i + 1, Kind: ChipPrize, Chips: x}
	}
	return out
}

// R-TRN-18
func TestDealMustIncludeEveryPlayerStillIn(t *testing.T) {
	rem := []StackOf{{"ana", 5000}, {"bea", 3000}, {"cai", 2000}}
	_, err := MakeDeal(DealInput{Method: ICMDeal, Remaining: rem, Parties: []PlayerID{"ana", "bea"}, Prizes: chipPrizes(700, 300, 0)})
	if !errors.Is(err, ErrDealExcludesPlayer) {
		t.Errorf("deal without cai: %v", err)
	}
	_, err = MakeDeal(DealInput{Method: ICMDeal, Remaining: rem, Parties: []PlayerID{"ana", "bea", "cai", "dan"}, Prizes: chipPrizes(700, 300)})
	if !errors.Is(err, ErrDealUnknownParty) {
		t.Errorf("deal with a stranger: %v", err)
	}
}

// R-TRN-18
func TestICMDealPaysEquitiesInWholeChips(t *testing.T) {
	rem := []StackOf{{"ana", 50}, {"bea", 30}, {"cai", 20}}
	d, err := MakeDeal(DealInput{Method: ICMDeal, Remaining: rem, Parties: []PlayerID{"cai", "bea", "ana"}, Prizes: chipPrizes(7000, 3000)})
	if err != nil {
		t.Fatal(err)
	}
	want := []Chips{4518, 3225, 2257} // 4517.86, 3225, 2257.14
	for i := range want {
		if d.Shares[i] != want[i] {
			t.Errorf("shares %v, want %v", d.Shares, want)
			break
		}
	}
	if sum(d.Shares) != 10000 {
		t.Errorf("sum %d", sum(d.Shares))
	}
}

// R-TRN-18
func TestChipChopGivesNextPayoutPlusChipShare(t *testing.T) {
	rem := []StackOf{{"ana", 600}, {"bea", 300}, {"cai", 100}}
	d, err := MakeDeal(DealInput{Method: ChipChop, Remaining: rem, Parties: []PlayerID{"ana", "bea", "cai"}, Prizes: chipPrizes(500, 300, 200)})
	if err != nil {
		t.Fatal(err)
	}
	// Each gets 200 (the next payout), the rest 400 by chips: 240, 120, 40.
	want := []Chips{440, 320, 240}
	for i := range want {
		if d.Shares[i] != want[i] {
			t.Fatalf("chip chop %v, want %v", d.Shares, want)
		}
	}
	// Odd chips go to the biggest stacks and the sum stays exact.
	d, _ = MakeDeal(DealInput{Method: ChipChop, Remaining: []StackOf{{"a", 1}, {"b", 1}, {"c", 1}}, Parties: []PlayerID{"a", "b", "c"}, Prizes: chipPrizes(51, 30, 20)})
	if sum(d.Shares) != 101 {
		t.Errorf("odd chip chop %v", d.Shares)
	}
}

// R-TRN-18
func TestDealKeepsPartOfThePoolAndTicketsInPlay(t *testing.T) {
	rem := []StackOf{{"ana", 500}, {"bea", 300}, {"cai", 200}}
	prizes := []Prize{{1, SeatPrize, 1000}, {2, ChipPrize, 400}, {3, ChipPrize, 100}}
	d, err := MakeDeal(DealInput{Method: ICMDeal, Remaining: rem, Parties: []PlayerID{"ana", "bea", "cai"}, Prizes: prizes, Keep: 100})
	if err != nil {
		t.Fatal(err)
	}
	if sum(d.Shares) != 400 {
		t.Errorf("shares %v sum %d, want 400 (500 chips less 100 kept; the ticket out)", d.Shares, sum(d.Shares))
	}
	if len(d.StillInPlay) != 2 || d.StillInPlay[0].Kind != SeatPrize || d.StillInPlay[1].Chips != 100 {
		t.Errorf("still in play %v, want the seat and 100 chips", d.StillInPlay)
	}
	_, err = MakeDeal(DealInput{Method: ICMDeal, Remaining: rem, Parties: []PlayerID{"ana", "bea", "cai"}, Prizes: chipPrizes(500, 300, 200), Keep: 250})
	if !errors.Is(err, ErrKeepTooLarge) {
		t.Errorf("keeping more than first minus second: %v", err)
	}
}

// R-TRN-12
func TestTimedEndPaysByICMWithTicketsOutOfTheSplit(t *testing.T) {
	rem := []StackOf{{"ana", 2000}, {"bea", 5000}, {"cai", 3000}}
	prizes := []Prize{{1, SeatPrize, 1000}, {2, ChipPrize, 300}, {3, ChipPrize, 100}}
	aw, err := TimedEnd(rem, prizes, nil)
	if err != nil {
		t.Fatal(err)
	}
	if aw[1].Player != "bea" || aw[1].Prize.Kind != SeatPrize {
		t.Errorf("the ticket should go to the biggest stack: %+v", aw)
	}
	// ana 2000 vs cai 3000 share 300/100 by ICM: cai 0.6*300+0.4*100 = 220.
	if aw[2].Prize.Chips != 220 || aw[0].Prize.Chips != 180 {
		t.Errorf("ICM split %+v, want cai 220 ana 180", aw)
	}
	// Without tickets every remaining player gets an ICM share, summing to
	// the prizes.
	aw, _ = TimedEnd([]StackOf{{"a", 50}, {"b", 30}, {"c", 20}}, chipPrizes(7000, 3000), nil)
	var total Chips
	for _, a := range aw {
		total += a.Prize.Chips
	}
	if total != 10000 || aw[0].Prize.Chips != 4518 {
		t.Errorf("timed ICM %+v", aw)
	}
}

// R-TRN-12: a timed multi-table event may stop with many players left;
// beyond exact ICM the split is a Monte Carlo estimate, still summing
// exactly to the prizes and ordered by stack.
func TestTimedEndWithManyPlayersLeftUsesMonteCarlo(t *testing.T) {
	var rem []StackOf
	for i := 0; i < 40; i++ {
		rem = append(rem, StackOf{Player: PlayerID(fmt.Sprint("p", i)), Stack: Chips(1000 + 500*i)})
	}
	amounts, err := PayoutRule{Kind: TopN, Places: 9}.Payouts(40, 90000)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := TimedEnd(rem, chipPrizes(amounts...), nil); !errors.Is(err, ErrNeedRand) {
		t.Errorf("40 players without a Rand: %v, want %v", err, ErrNeedRand)
	}
	aw, err := TimedEnd(rem, chipPrizes(amounts...), testRand(12))
	if err != nil {
		t.Fatal(err)
	}
	var total Chips
	for i, a := range aw {
		total += a.Prize.Chips
		if a.Player != rem[i].Player {
			t.Fatalf("award %d for %s, want %s", i, a.Player, rem[i].Player)
		}
	}
	if total != 90000 {
		t.Errorf("shares sum to %d, want 90000", total)
	}
	// The biggest stack gets the most, the smallest the least.
	if aw[39].Prize.Chips <= aw[20].Prize.Chips || aw[20].Prize.Chips <= aw[0].Prize.Chips {
		t.Errorf("shares not increasing with the stack: smallest %d, middle %d, biggest %d",
			aw[0].Prize.Chips, aw[20].Prize.Chips, aw[39].Prize.Chips)
	}
}

// BenchmarkTimedEnd300: a timed tournament ending with 300 players left and
// 45 paid places (the review measured 7 s before the Fenwick sampler).
func BenchmarkTimedEnd300(b *testing.B) {
	stacks, _ := bigField(300)
	remaining := make([]StackOf, len(stacks))
	for i, s := range stacks {
		remaining[i] = StackOf{Player: PlayerID(fmt.Sprintf("p%d", i)), Stack: s}
	}
	prizes := make([]Prize, 45)
	for k := range prizes {
		prizes[k] = Prize{Place: k + 1, Kind: ChipPrize, Chips: Chips(100000 / (k + 1))}
	}
	for b.Loop() {
		if _, err := TimedEnd(remaining, prizes, testRand(1)); err != nil {
			b.Fatal(err)
		}
	}
}

// R-TRN-18: a chip chop rounds by largest remainder, as ICM deals do: the
// odd chips go to the largest fractional parts, not to the largest stacks.
func TestChipChopRoundsByLargestRemainder(t *testing.T) {
	// Last place still in pays 0 here (one prize per player: 10, 0, 0
	// would give a base of 0): the whole 10 is split 5/3/2-ish by chips
	// 45/35/20: 4.5, 3.5, 2.0 -> 4, 3, 2 plus one odd chip. The remainders
	// 0.5 and 0.5 tie; the larger stack takes it: 5, 3, 2.
	in := DealInput{Method: ChipChop,
		Remaining: []StackOf{{Player: "a", Stack: 45}, {Player: "b", Stack: 35}, {Player: "c", Stack: 20}},
		Parties:   []PlayerID{"a", "b", "c"},
		Prizes:    []Prize{{Place: 1, Chips: 10}}}
	res, err := MakeDeal(in)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Shares; got[0] != 5 || got[1] != 3 || got[2] != 2 {
		t.Fatalf("shares %v, want [5 3 2]", got)
	}
	// 7 chips on 50/30/20: 3.5, 2.1, 1.4 -> 3, 2, 1 and one odd chip to
	// the largest remainder, the 3.5: 4, 2, 1. (By stack order it also
	// goes to a.) On 20/30/50: 1.4, 2.1, 3.5 -> the odd chip to c.
	in.Prizes = []Prize{{Place: 1, Chips: 7}}
	in.Remaining = []StackOf{{Player: "a", Stack: 30}, {Player: "b", Stack: 29}, {Player: "c", Stack: 41}}
	// 7 x 30/100 = 2.10, 7 x 29/100 = 2.03, 7 x 41/100 = 2.87: 2, 2, 2 and
	// one chip to c (0.87), the largest remainder.
	res, err = MakeDeal(in)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Shares; got[0] != 2 || got[1] != 2 || got[2] != 3 {
		t.Fatalf("shares %v, want [2 2 3]", got)
	}
	in.Remaining = []StackOf{{Player: "a", Stack: 36}, {Player: "b", Stack: 34}, {Player: "c", Stack: 30}}
	// 2.52, 2.38, 2.10: 2, 2, 2 and the odd chip to a (0.52); a second
	// example where the largest stack is also the largest remainder.
	res, _ = MakeDeal(in)
	if got := res.Shares; got[0] != 3 || got[1] != 2 || got[2] != 2 {
		t.Fatalf("shares %v, want [3 2 2]", got)
	}
	in.Prizes = []Prize{{Place: 1, Chips: 8}}
	// 2.88, 2.72, 2.40: 2, 2, 2 and two odd chips to a and b.
	res, _ = MakeDeal(in)
	if got := res.Shares; got[0] != 3 || got[1] != 3 || got[2] != 2 {
		t.Fatalf("shares %v, want [3 3 2]", got)
	}
	in.Remaining = []StackOf{{Player: "a", Stack: 40}, {Player: "b", Stack: 31}, {Player: "c", Stack: 29}}
	// 8 chips: 3.20, 2.48, 2.32: 3, 2, 2 and the odd chip to b (0.48),
	// although a has the most chips: the largest-stack rule gave it to a.
	res, _ = MakeDeal(in)
	if got := res.Shares; got[0] != 3 || got[1] != 3 || got[2] != 2 {
		t.Fatalf("shares %v, want [3 3 2]", got)
	}
}

// Sums that would overflow are refused: stacks and prizes of a deal.
func TestDealRefusesOverflowingSums(t *testing.T) {
	in := DealInput{Method: ChipChop,
		Remaining: []StackOf{{Player: "a", Stack: math.MaxInt64 / 2}, {Player: "b", Stack: math.MaxInt64 / 2}, {Player: "c", Stack: 10}},
		Parties:   []PlayerID{"a", "b", "c"},
		Prizes:    []Prize{{Place: 1, Chips: 100}, {Place: 2, Chips: 50}, {Place: 3, Chips: 20}}}
	if _, err := MakeDeal(in); !errors.Is(err, ErrAmountTooLarge) {
		t.Fatalf("stacks summing past int64: %v", err)
	}
	in.Remaining = []StackOf{{Player: "a", Stack: 10}, {Player: "b", Stack: 10}, {Player: "c", Stack: 10}}
	in.Prizes = []Prize{{Place: 1, Chips: math.MaxInt64 / 2}, {Place: 2, Chips: math.MaxInt64 / 2}, {Place: 3, Chips: 10}}
	if _, err := MakeDeal(in); !errors.Is(err, ErrAmountTooLarge) {
		t.Fatalf("prizes summing past int64: %v", err)
	}
}
