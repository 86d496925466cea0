package tourney

import (
	"errors"
	"testing"
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
