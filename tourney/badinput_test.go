package tourney

import (
	"errors"
	"math"
	"testing"
	"time"
)

// Bad input to the exported helpers is refused or ignored, never a panic
// or an endless loop.

// R-TRN-7
func TestShareTiesSkipsEmptyGroups(t *testing.T) {
	for _, c := range []struct {
		name   string
		groups []int
		want   []Chips
	}{
		{"zero group", []int{1, 0, 2}, []Chips{500, 251, 250}},
		{"negative group", []int{-2, 1, 1, 1}, []Chips{500, 300, 201}},
		{"only empty groups", []int{0, 0}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := ShareTies([]Chips{500, 300, 201}, c.groups)
			if len(got) != len(c.want) {
				t.Fatalf("ShareTies = %v, want %v", got, c.want)
			}
			for i := range c.want {
				if got[i] != c.want[i] {
					t.Fatalf("ShareTies = %v, want %v", got, c.want)
				}
			}
		})
	}
}

// R-TRN-5
func TestWaitsForButtonWithPositionsOffTheTable(t *testing.T) {
	for _, c := range []struct {
		name string
		pos  Positions
		size int
	}{
		{"button beyond the table", Positions{Button: 9, SmallBlind: 0, BigBlind: 2}, 6},
		{"small blind beyond the table", Positions{Button: 2, SmallBlind: 12, BigBlind: 3}, 6},
		{"no seats", Positions{Button: 1, SmallBlind: 2, BigBlind: 3}, 0},
		{"negative size", Positions{Button: 1, SmallBlind: 2, BigBlind: 3}, -4},
	} {
		t.Run(c.name, func(t *testing.T) {
			for s := Seat(0); s <= 12; s++ {
				if c.pos.WaitsForButton(s, c.size) {
					t.Errorf("seat %d waits with %+v at a table of %d", s, c.pos, c.size)
				}
			}
		})
	}
	// The valid case still works: seat 5 sits between the button (4) and
	// a small blind that moved on to seat 6.
	if !(Positions{Button: 4, SmallBlind: 6, BigBlind: 7}).WaitsForButton(5, 9) {
		t.Errorf("seat 5 between the button and the small blind should wait")
	}
}

// R-TRN-4
func TestRebuyRefusesANegativeStack(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.Rebuys = RebuyRules{Limit: 2, Price: 10} })
	register(t, tr, 3)
	if err := tr.Start(t0, testRand(1)); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Rebuy(1, -1); !errors.Is(err, ErrNegativeAmount) {
		t.Errorf("rebuy with stack -1: %v, want %v", err, ErrNegativeAmount)
	}
	if e, _ := tr.Entry(1); e.Rebuys != 0 {
		t.Errorf("a refused rebuy was counted: %d", e.Rebuys)
	}
}

// R-TRN-18, R-TRN-12: negative prizes are refused (they used to send the
// rounding of the shares into an endless loop).
func TestDealsAndTimedEndsRefuseNegativePrizes(t *testing.T) {
	rem := []StackOf{{"a", 10}, {"b", 20}}
	for _, prizes := range [][]Prize{chipPrizes(-100, -50), chipPrizes(100, -50)} {
		for _, m := range []DealMethod{ICMDeal, ChipChop} {
			_, err := MakeDeal(DealInput{Method: m, Remaining: rem, Parties: []PlayerID{"a", "b"}, Prizes: prizes})
			if !errors.Is(err, ErrNegativePrize) {
				t.Errorf("deal %d over %v: %v, want %v", m, prizes, err, ErrNegativePrize)
			}
		}
		if _, err := TimedEnd(rem, prizes, nil); !errors.Is(err, ErrNegativePrize) {
			t.Errorf("timed end over %v: %v, want %v", prizes, err, ErrNegativePrize)
		}
	}
	if got := roundShares([]float64{-60, -40}, -100); got[0] != 0 || got[1] != 0 {
		t.Errorf("roundShares of a negative total = %v, want zeros", got)
	}
}

// R-TRN-11: an entry listed twice would sit in two seats.
func TestDrawRefusesAnEntryListedTwice(t *testing.T) {
	if _, err := Draw([]EntryID{1, 2, 3, 2}, 9, testRand(1)); !errors.Is(err, ErrDuplicate) {
		t.Errorf("Draw with entry 2 twice: %v, want %v", err, ErrDuplicate)
	}
	if _, err := Draw([]EntryID{1, 0}, 9, testRand(1)); !errors.Is(err, ErrNoEntryZero) {
		t.Errorf("Draw with entry 0: %v, want %v", err, ErrNoEntryZero)
	}
}

// R-TRN-16: a qualifier carries chips into the final; none or fewer is a
// mistake of the caller, not a qualifier.
func TestStageFinalRefusesQualifiersWithoutChips(t *testing.T) {
	s := MultiTablePreset(Normal)
	for _, stack := range []Chips{0, -500} {
		flights := []FlightResult{{EndedLevel: 3, Qualifiers: []StackOf{{"ana", 12000}, {"bea", stack}}}}
		if _, err := StageFinal(s, flights); !errors.Is(err, ErrNonPositiveStack) {
			t.Errorf("qualifier with %d chips: %v, want %v", stack, err, ErrNonPositiveStack)
		}
	}
}

// R-TRN-20: the chips a disqualification removes cannot be negative.
func TestDisqualifyRefusesANegativeStack(t *testing.T) {
	tr := newTourney(t, nil)
	register(t, tr, 3)
	if err := tr.Start(t0, testRand(1)); err != nil {
		t.Fatal(err)
	}
	if _, err := tr.Disqualify(1, -100); !errors.Is(err, ErrNegativeAmount) {
		t.Errorf("disqualify with -100 chips: %v, want %v", err, ErrNegativeAmount)
	}
	if e, _ := tr.Entry(1); e.Out || tr.RemovedChips() != 0 {
		t.Errorf("a refused disqualification took effect: %+v, removed %d", e, tr.RemovedChips())
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

// A nil random source is an error, never a panic.
func TestANilRandomSourceIsAnErrorNotAPanic(t *testing.T) {
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
