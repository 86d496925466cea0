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

// R-TRN-7 (TDA, seed 001): busts in one hand-for-hand hand at different
// tables tie; at one table the bigger starting stack finishes higher.
func TestHandForHandGroupsTieAcrossTables(t *testing.T) {
	cases := []struct {
		name   string
		tables [][]Bust
		want   [][]EntryID
	}{
		{"one bust at each of two tables: one tie",
			[][]Bust{{{Entry: 4, StartStack: 500}}, {{Entry: 9, StartStack: 100}}},
			[][]EntryID{{4, 9}}},
		{"two at one table: ranked by starting stack",
			[][]Bust{{{Entry: 4, StartStack: 500}, {Entry: 5, StartStack: 200}}},
			[][]EntryID{{5}, {4}}},
		{"two at one table, one at another: the lowest of each tie, the other above",
			[][]Bust{{{Entry: 4, StartStack: 500}, {Entry: 5, StartStack: 200}}, {{Entry: 7, StartStack: 900}}},
			[][]EntryID{{5, 7}, {4}}},
		{"equal stacks at one table tie",
			[][]Bust{{{Entry: 2, StartStack: 300}, {Entry: 3, StartStack: 300}}, {{Entry: 8, StartStack: 50}}},
			[][]EntryID{{2, 3, 8}}},
	}
	for _, c := range cases {
		got := HandForHandGroups(c.tables)
		if !slices.EqualFunc(got, c.want, func(a, b []EntryID) bool { return slices.Equal(a, b) }) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}

// R-TRN-7 (TDA): two players busted in the same hand-for-hand hand at
// different tables share the places and the prizes, here the last paid
// place and the first unpaid one.
func TestHandForHandBustsShareThePrize(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.Payout = PayoutRule{Kind: TopN, Weights: []int64{50, 30, 20}} })
	register(t, tr, 4) // pool 40: 20/12/8
	_ = tr.Start(t0, testRand(1))
	if !HandForHand(tr.Active(), 3, 2) {
		t.Fatalf("4 left, 3 paid: hand for hand")
	}
	if err := tr.EliminateHandForHand([][]Bust{{{Entry: 3, StartStack: 900}}, {{Entry: 4, StartStack: 100}}}); err != nil {
		t.Fatal(err)
	}
	// 3 and 4 tie for third and fourth: 8 + 0 shared.
	for _, e := range []EntryID{3, 4} {
		if got := tr.PrizeOf(e); got != 4 {
			t.Errorf("entry %d paid %d, want 4 (third's 8 shared)", e, got)
		}
	}
	_ = tr.Eliminate([]Bust{{Entry: 2, StartStack: 100}})
	res, err := tr.Results()
	if err != nil {
		t.Fatal(err)
	}
	want := map[EntryID][2]Chips{1: {1, 20}, 2: {2, 12}, 3: {3, 4}, 4: {3, 4}}
	for _, r := range res {
		if w := want[r.Entry]; Chips(r.Place) != w[0] || r.Prize != w[1] {
			t.Errorf("%+v, want place %d prize %d", r, w[0], w[1])
		}
	}
	if err := tr.EliminateHandForHand([][]Bust{{{Entry: 1}}}); err == nil {
		t.Errorf("eliminating after the end is refused")
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
