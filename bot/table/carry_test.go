package table

import (
	"slices"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// checkedDrawHand plays a five-card draw hand with antes that every player
// checks (seed 004: nobody opens), pot carried in from before: its pot is
// carried to the next hand.
func checkedDrawHand(t *testing.T, stacks []int64, carried int64) *engine.Hand {
	t.Helper()
	deck, err := engine.NewDeck(52, 0)
	if err != nil {
		t.Fatal(err)
	}
	seats := make([]engine.Seat, len(stacks))
	for i, s := range stacks {
		seats[i].Stack = s
	}
	h, err := engine.Start(engine.Setup{Rules: engine.Config{Game: engine.Draw, Betting: engine.PotLimit, Ante: 5, SmallBet: 10},
		Seats: seats, Deck: deck, CarriedPot: carried})
	if err != nil {
		t.Fatal(err)
	}
	for !h.Done() {
		if _, err := h.Apply(engine.Action{Seat: h.ToAct(), Kind: engine.Check}); err != nil {
			t.Fatal(err)
		}
	}
	if h.CarryOver() == 0 {
		t.Fatal("the hand nobody opened carried nothing")
	}
	return h
}

// Seed 004: a draw pot nobody opened is the players' who put it in. Ana
// and ben ante 5 each in hand 1 (nobody opens), cy joins and all three
// ante 5 in hand 2 (nobody opens): 25 carried. The table closes before a
// hand takes it: ana and ben get 10 back each, cy 5, to their wallets;
// nothing goes to the house.
func TestAClosingTableGivesTheCarriedPotBackToWhoPutItIn(t *testing.T) {
	const house, tableAcc = 1, 2
	ana := &Seat{Player: bot.Player{ID: 11}, Account: 101, Stack: 100}
	ben := &Seat{Player: bot.Player{ID: 12}, Account: 102, Stack: 100}
	cy := &Seat{Player: bot.Player{ID: 13}, Account: 103, Stack: 100}
	tb := &Table{Deps: &Deps{}, house: house, account: tableAcc, ID: 1, Seats: []*Seat{ana, ben, nil}}

	tb.order, tb.hand = []int{0, 1}, checkedDrawHand(t, []int64{100, 100}, 0)
	tb.endMoves(&bot.TableWrite{})
	tb.Seats[2] = cy
	tb.order, tb.hand = []int{0, 1, 2}, checkedDrawHand(t, []int64{95, 95, 100}, tb.carry)
	tb.endMoves(&bot.TableWrite{})
	if tb.carry != 25 {
		t.Fatalf("carried %d, want 25", tb.carry)
	}
	got := map[int64]int64{}
	for _, m := range tb.carryMoves() {
		if m.From != tableAcc {
			t.Fatalf("move %+v not from the table", m)
		}
		got[m.To] += m.Amount
	}
	want := map[int64]int64{101: 10, 102: 10, 103: 5}
	if len(got) != len(want) || got[101] != 10 || got[102] != 10 || got[103] != 5 {
		t.Fatalf("the carried pot went %v, want %v (nothing to the house %d)", got, want, house)
	}
}

// splitCarry gives each share back exactly when they add up to the pot,
// else in proportion, the odd chips to the largest remainders first.
func TestSplitCarryInProportion(t *testing.T) {
	sh := func(amts ...int64) []CarryShare {
		var out []CarryShare
		for i, a := range amts {
			out = append(out, CarryShare{Player: int64(i + 1), Account: int64(100 + i), Amount: a})
		}
		return out
	}
	cases := []struct {
		name   string
		carry  int64
		shares []CarryShare
		want   []int64
	}{
		{"exact shares", 25, sh(10, 10, 5), []int64{10, 10, 5}},
		{"pot larger than the shares kept", 50, sh(10, 10, 5), []int64{20, 20, 10}},
		{"odd chips to the largest remainders", 11, sh(5, 10, 5), []int64{3, 5, 3}},
		{"equal remainders: the largest share", 4, sh(1, 2, 1), []int64{1, 2, 1}},
		{"an odd chip, equal remainders, to the largest share", 5, sh(2, 4, 2), []int64{1, 3, 1}},
		{"no shares kept", 20, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []int64
			var sum int64
			for _, s := range splitCarry(c.carry, c.shares) {
				got, sum = append(got, s.Amount), sum+s.Amount
			}
			if !slices.Equal(got, c.want) {
				t.Fatalf("split %v", got)
			}
			if c.want != nil && sum != c.carry {
				t.Fatalf("split %v adds up to %d, not %d", got, sum, c.carry)
			}
		})
	}
}
