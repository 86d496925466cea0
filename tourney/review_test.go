package tourney

import (
	"errors"
	"math"
	"testing"
	"time"
)

// R-TRN-15: satellite leftovers paid in double buy-ins: a buy-in whose
// double overflows, or a huge seat value whose leftover buys millions of
// chunks, is refused instead of looping forever or exhausting memory.
func TestSatelliteLeftoversCannotLoopOrBypassTheCap(t *testing.T) {
	for _, tc := range []struct {
		name                 string
		pool, seat, satBuyIn Chips
		want                 error
	}{
		{"double buy-in overflows", 1000, 300, math.MaxInt64/2 + 1, ErrAmountTooLarge},
		{"huge seat value, tiny buy-in", MaxChips, MaxChips/2 + 1, 1, ErrTooManySeats},
		{"pool too large", MaxChips + 1, 10, 1, ErrAmountTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			done := make(chan error, 1)
			go func() {
				_, err := SatellitePrizes(tc.pool, tc.seat, tc.satBuyIn, LeftoverInDoubleBuyIns)
				done <- err
			}()
			select {
			case err := <-done:
				if !errors.Is(err, tc.want) {
					t.Fatalf("error %v, want %v", err, tc.want)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("SatellitePrizes does not return")
			}
		})
	}
	if _, err := SatellitePrizes(1000, 300, 10, LeftoverRule(7)); !errors.Is(err, ErrUnknownValue) {
		t.Fatalf("unknown leftover rule: %v", err)
	}
}

// R-TRN-15: three seats, stacks 5000/3000/3000 at the end: the two tied
// players both cover seat places, so all three win seats (not tournament
// money).
func TestTiedPlayersOnSeatPlacesTakeSeats(t *testing.T) {
	tr := newTourney(t, func(c *Config) {
		c.Tickets = &TicketRule{SeatValue: 10}
		c.BuyIn = BuyIn{Prize: 10}
	})
	register(t, tr, 4)
	if err := tr.Start(t0, testRand(1)); err != nil {
		t.Fatal(err)
	}
	ids := tr.Entries()
	// The fourth busts; the game stops with three left: a satellite ends
	// when the seats are decided.
	if err := tr.Eliminate([]Bust{{Entry: ids[3].ID, StartStack: 1000}}); err != nil {
		t.Fatal(err)
	}
	if err := tr.FinishByChips(map[EntryID]Chips{ids[0].ID: 5000, ids[1].ID: 3000, ids[2].ID: 3000}); err != nil {
		t.Fatal(err)
	}
	res, err := tr.Results()
	if err != nil {
		t.Fatal(err)
	}
	seats := 0
	for _, r := range res {
		if r.Place <= 3 {
			if r.Kind != SeatPrize {
				t.Errorf("%s (place %d) gets %v, want a seat", r.Player, r.Place, r.Kind)
			}
			seats++
		}
	}
	if seats != 3 {
		t.Fatalf("%d seats given: %+v", seats, res)
	}
}

// Validation refuses negative antes, huge fixed payouts, amounts past
// MaxChips, unknown enum values and negative durations with typed errors.
func TestConfigValidationRefusesOutOfRangeValues(t *testing.T) {
	base := func() Config {
		return Config{Name: "v", Kind: Scheduled, StartAt: t0, TableSize: 9, MinPlayers: 2,
			BuyIn: BuyIn{Prize: 10, Fee: 1}, Structure: MultiTablePreset(Normal), Payout: PayoutRule{Kind: Proportional}}
	}
	for _, tc := range []struct {
		name   string
		mutate func(*Config)
		want   error
	}{
		{"negative ante", func(c *Config) { c.Structure.Levels[1].Ante = -5 }, ErrNegativeAmount},
		{"huge blind", func(c *Config) { c.Structure.Levels[0].BigBlind = MaxChips + 1 }, ErrAmountTooLarge},
		{"huge top-N places", func(c *Config) { c.Payout = PayoutRule{Kind: TopN, Places: math.MaxInt32} }, ErrTooManyPlaces},
		{"buy-in parts overflow", func(c *Config) { c.BuyIn = BuyIn{Prize: math.MaxInt64 / 2, Bounty: math.MaxInt64 / 2, Fee: 10} }, ErrAmountTooLarge},
		{"huge guarantee", func(c *Config) { c.Guarantee = MaxChips + 1 }, ErrAmountTooLarge},
		{"huge starting stack", func(c *Config) { c.Structure.StartingStack = MaxChips + 1 }, ErrAmountTooLarge},
		{"unknown kind", func(c *Config) { c.Kind = Kind(9) }, ErrUnknownValue},
		{"unknown bounty mode", func(c *Config) { c.Bounty = BountyMode(9); c.BuyIn.Bounty = 5 }, ErrUnknownValue},
		{"unknown payout", func(c *Config) { c.Payout.Kind = PayoutKind(9) }, ErrUnknownPayout},
		{"unknown leftover", func(c *Config) { c.Tickets = &TicketRule{SeatValue: 100, Leftover: LeftoverRule(9)} }, ErrUnknownValue},
		{"negative level", func(c *Config) { c.Structure.Levels[0].Duration = -time.Minute }, ErrBadDuration},
		{"negative timer", func(c *Config) { c.Structure.ActionTimer = -time.Second }, ErrNegativeDuration},
		{"negative timed end", func(c *Config) { c.Structure.EndAfter = -time.Hour }, ErrNegativeDuration},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := base()
			c.Structure.Levels = append([]Level(nil), c.Structure.Levels...)
			tc.mutate(&c)
			done := make(chan error, 1)
			go func() { done <- c.Validate() }()
			select {
			case err := <-done:
				if !errors.Is(err, tc.want) {
					t.Fatalf("Validate: %v, want %v", err, tc.want)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Validate does not return")
			}
		})
	}
	// A fixed payout of many places on a small field pays the field only,
	// without building weights for every place.
	amounts, err := PayoutRule{Kind: TopN, Places: MaxSeats}.Payouts(5, 1000)
	if err != nil || len(amounts) > 5 {
		t.Fatalf("top %d on 5 entrants: %v, %v", MaxSeats, amounts, err)
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

// A nil random source is an error, never a panic.
func TestNilRandIsAnError(t *testing.T) {
	stacks, prizes := bigField(20)
	checks := map[string]func() error{
		"Draw":       func() error { _, err := Draw([]EntryID{1, 2, 3}, 9, nil); return err },
		"windfall":   func() error { _, err := DrawWindfall(BuyIn{Prize: 1}, nil); return err },
		"MonteCarlo": func() error { _, _, err := ICMMonteCarlo(stacks, prizes, 10, nil); return err },
		"ICM":        func() error { _, err := ICM(stacks, prizes, nil, 0); return err },
		"Start": func() error {
			tr := newTourney(t, nil)
			register(t, tr, 3)
			return tr.Start(t0, nil)
		},
		"Rebalance": func() error {
			s, err := Draw([]EntryID{1, 2, 3, 4}, 2, testRand(1))
			if err != nil {
				return err
			}
			_, err = s.Rebalance(nil)
			return err
		},
	}
	for name, f := range checks {
		t.Run(name, func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("panic: %v", r)
				}
			}()
			if err := f(); !errors.Is(err, ErrNilRand) {
				t.Fatalf("error %v, want ErrNilRand", err)
			}
		})
	}
}

// The pool can never overflow: entries whose buy-ins would take it past
// MaxChips are refused.
func TestPrizePoolCannotPassMaxChips(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.BuyIn = BuyIn{Prize: MaxChips / 2} })
	register(t, tr, 2)
	if _, err := tr.Register("p3", "p3", Payment{}, testRand(3)); !errors.Is(err, ErrAmountTooLarge) {
		t.Fatalf("third entry of MaxChips/2: %v", err)
	}
	if p := tr.PrizePool(); p.Collected != MaxChips/2*2 {
		t.Fatalf("pool %d", p.Collected)
	}
}
