package tourney

import (
	"slices"
	"testing"
)

// R-TRN-7 (TDA 12, hand for hand): hand for hand starts at the bubble of
// a multi-table event, one player more than the places paid.
func TestHandForHandAtTheBubble(t *testing.T) {
	cases := []struct {
		active, paid, tables int
		want                 bool
	}{
		{10, 9, 2, true},
		{11, 9, 2, false},
		{9, 9, 2, false},  // the bubble has burst
		{10, 9, 1, false}, // one table deals hand for hand anyway
		{2, 0, 2, false},  // nothing paid
	}
	for _, c := range cases {
		if got := HandForHand(c.active, c.paid, c.tables); got != c.want {
			t.Errorf("HandForHand(%d left, %d paid, %d tables) = %v", c.active, c.paid, c.tables, got)
		}
	}
}

// R-TRN-7: "Finishing order is by elimination; players busted in the
// same hand are ranked by chips at the start of that hand." The seeds say
// nothing of hand for hand's busts at different tables (001 #9 only
// orders by elimination; its TDA rules have none on it), so this follows
// the digest: a hand-for-hand hand is one hand of the whole event, and
// its busts at every table are ranked together by their starting chips,
// as one table's are; only equal starting chips tie.
func TestHandForHandBustsRankedByStartingChipsAcrossTables(t *testing.T) {
	cases := []struct {
		name   string
		tables [][]Bust
		want   [][]EntryID // lowest place first
	}{
		{"one bust at each of two tables: the shorter stack lower",
			[][]Bust{{{Entry: 4, StartStack: 500}}, {{Entry: 9, StartStack: 100}}},
			[][]EntryID{{9}, {4}}},
		{"two at one table: ranked by starting stack",
			[][]Bust{{{Entry: 4, StartStack: 500}, {Entry: 5, StartStack: 200}}},
			[][]EntryID{{5}, {4}}},
		{"the biggest stack at the table with one bust finishes highest",
			[][]Bust{{{Entry: 1, StartStack: 100}, {Entry: 2, StartStack: 200}}, {{Entry: 3, StartStack: 300}}},
			[][]EntryID{{1}, {2}, {3}}},
		{"a stack between two of another table's",
			[][]Bust{{{Entry: 4, StartStack: 500}, {Entry: 5, StartStack: 200}}, {{Entry: 7, StartStack: 300}}},
			[][]EntryID{{5}, {7}, {4}}},
		{"equal stacks at different tables tie",
			[][]Bust{{{Entry: 6, StartStack: 300}}, {{Entry: 2, StartStack: 300}}, {{Entry: 8, StartStack: 50}}},
			[][]EntryID{{8}, {2, 6}}},
		{"equal stacks at one table and another tie",
			[][]Bust{{{Entry: 2, StartStack: 300}, {Entry: 3, StartStack: 300}}, {{Entry: 8, StartStack: 300}}},
			[][]EntryID{{2, 3, 8}}},
		{"no busts", nil, nil},
	}
	for _, c := range cases {
		got := HandForHandGroups(c.tables)
		if !slices.EqualFunc(got, c.want, func(a, b []EntryID) bool { return slices.Equal(a, b) }) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// R-TRN-7: players busted in the same hand-for-hand hand at different
// tables are ranked by their chips at the start of the hand; with equal
// chips they share the places and the prizes, here the last paid place
// and the first unpaid one.
func TestHandForHandBustsPlacesAndPrizes(t *testing.T) {
	for _, c := range []struct {
		name   string
		busts  [][]Bust
		places map[EntryID][2]Chips // place, prize
	}{
		{"the bigger starting stack takes the paid place",
			[][]Bust{{{Entry: 3, StartStack: 900}}, {{Entry: 4, StartStack: 100}}},
			map[EntryID][2]Chips{1: {1, 20}, 2: {2, 12}, 3: {3, 8}, 4: {4, 0}}},
		{"equal starting stacks share third's 8",
			[][]Bust{{{Entry: 3, StartStack: 500}}, {{Entry: 4, StartStack: 500}}},
			map[EntryID][2]Chips{1: {1, 20}, 2: {2, 12}, 3: {3, 4}, 4: {3, 4}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := newTourney(t, func(c *Config) { c.Payout = PayoutRule{Kind: TopN, Weights: []int64{50, 30, 20}} })
			register(t, tr, 4) // pool 40: 20/12/8
			_ = tr.Start(t0, testRand(1))
			if !HandForHand(tr.Active(), 3, 2) {
				t.Fatalf("4 left, 3 paid: hand for hand")
			}
			if err := tr.EliminateHandForHand(c.busts); err != nil {
				t.Fatal(err)
			}
			for _, e := range []EntryID{3, 4} {
				if got, want := tr.PrizeOf(e), c.places[e][1]; got != want {
					t.Errorf("entry %d paid %d, want %d", e, got, want)
				}
			}
			_ = tr.Eliminate([]Bust{{Entry: 2, StartStack: 100}})
			res, err := tr.Results()
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range res {
				if w := c.places[r.Entry]; Chips(r.Place) != w[0] || r.Prize != w[1] {
					t.Errorf("%+v, want place %d prize %d", r, w[0], w[1])
				}
			}
			if err := tr.EliminateHandForHand([][]Bust{{{Entry: 1}}}); err == nil {
				t.Errorf("eliminating after the end is refused")
			}
		})
	}
}

// R-TRN-6, R-TRN-7: the places of players out during late registration
// are known only when it ends; InTheMoney then lists those the paid
// places cover (three entries, three paid: the first out is paid third),
// and nobody while late registration runs or when the places paid stop
// above them.
func TestInTheMoneyWhenLateRegistrationEnds(t *testing.T) {
	for _, c := range []struct {
		name    string
		entries int
		want    []PaidPlace
	}{
		{"three entries, three paid: the first out is third (20% of 30)", 3, []PaidPlace{{Entry: 3, Place: 3, Prize: 6}}},
		{"four entries, three paid: the first out is fourth, not paid", 4, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			tr := newTourney(t, func(cfg *Config) {
				cfg.LateRegistration = true
				cfg.Payout = PayoutRule{Kind: TopN, Weights: []int64{50, 30, 20}}
			})
			register(t, tr, c.entries)
			if err := tr.Start(t0, testRand(1)); err != nil {
				t.Fatal(err)
			}
			if err := tr.Eliminate([]Bust{{Entry: EntryID(c.entries), StartStack: 100}}); err != nil {
				t.Fatal(err)
			}
			if got := tr.InTheMoney(); got != nil {
				t.Errorf("during late registration: %v, want nobody", got)
			}
			if err := tr.CloseLateRegistration(); err != nil {
				t.Fatal(err)
			}
			got := tr.InTheMoney()
			if !slices.Equal(got, c.want) {
				t.Errorf("in the money: %v, want %v", got, c.want)
			}
		})
	}
}

// R-TRN-15 with TDA 12: a satellite's bubble that matters is its seats':
// with one player more than the seats, the next one out wins no seat, so
// a multi-table satellite deals hand for hand there too, not only at the
// bubble of the last paid place (the leftover's). 60 entrants at 30 for
// seats of 110 buy 16 seats and 40 to the 17th: hand for hand at 18 left
// (17 paid) and at 17 left (16 seats); at 16 the seats are decided. Found
// by an outside review: the tables dealt freely at 17 left, so two players
// busting at two tables in one instant were not ranked together for the
// last seat.
func TestSatelliteDealsHandForHandAtTheSeatBubble(t *testing.T) {
	sat := newTourney(t, func(c *Config) {
		c.BuyIn = BuyIn{Prize: 30, Fee: 3}
		c.Tickets = &TicketRule{SeatValue: 110, Leftover: LeftoverToNext}
	})
	register(t, sat, 60)
	if err := sat.Start(t0, testRand(1)); err != nil {
		t.Fatal(err)
	}
	if sat.State() == LateRegistration {
		if err := sat.CloseLateRegistration(); err != nil {
			t.Fatal(err)
		}
	}
	want := map[int]struct {
		places int
		seats  bool
	}{18: {17, false}, 17: {16, true}}
	for e := EntryID(60); e >= 18; e-- {
		if err := sat.Eliminate([]Bust{{Entry: e, StartStack: 100}}); err != nil {
			t.Fatal(err)
		}
		if len(sat.Seating().Tables) < 2 {
			t.Fatalf("%d left at one table", sat.Active())
		}
		places, seats := sat.HandForHandBubble()
		if w := want[sat.Active()]; places != w.places || seats != w.seats {
			t.Errorf("%d left (16 seats, 17 paid): hand for hand at %d places (seats %v), want %d (seats %v)", sat.Active(), places, seats, w.places, w.seats)
		}
	}
	if err := sat.Eliminate([]Bust{{Entry: 17, StartStack: 100}}); err != nil {
		t.Fatal(err)
	}
	if !sat.SeatsDecided() {
		t.Fatal("16 left with 16 seats: not decided")
	}
	if places, _ := sat.HandForHandBubble(); places != 0 {
		t.Errorf("seats decided: hand for hand at %d places", places)
	}
}
