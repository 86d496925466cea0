package table

import (
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// A pot fraction is of the pot, whatever the stack: a player with 80 behind
// a pot of 120 who bets "1/2 pot" (or presses "½ pot") bets 60, not half of
// the 80 the pot-sized bet is cut to by the stack. The pot-sized bet itself
// is still all in.
func TestPotFractionIsOfThePotNotOfAShortStack(t *testing.T) {
	h := viewHand(t, engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 5, BigBlind: 10},
		[]int64{500, 500, 120}, 1, nil)
	for _, a := range []engine.Action{{Seat: 0, Kind: engine.Raise, Amount: 40}, {Seat: 1, Kind: engine.Call},
		{Seat: 2, Kind: engine.Call}, {Seat: 1, Kind: engine.Check}} {
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
	}
	if h.ToAct() != 2 || h.Pot() != 120 || h.Stack(2) != 80 {
		t.Fatalf("seat %d to act, pot %d, stack %d; want seat 2, 120, 80", h.ToAct(), h.Pot(), h.Stack(2))
	}
	for _, c := range []struct {
		spec bot.AmountSpec
		want int64
	}{
		{bot.AmountSpec{Num: 1, Den: 2}, 60},
		{bot.AmountSpec{Num: 1, Den: 4}, 30},
		{bot.AmountSpec{Num: 1, Den: 1}, 80},
	} {
		if got := resolveAmount(c.spec, h, 2); got != c.want {
			t.Errorf("%d/%d pot: bet %d, want %d", c.spec.Num, c.spec.Den, got, c.want)
		}
	}
	var half int64
	for _, b := range actionButtons(h.Legal(), 0, bot.English) {
		if b.label == tr(bot.English, "button.half_pot", bot.FormatChips(60, bot.English)) {
			half = b.amount
		}
	}
	if half != 60 {
		t.Errorf("the ½ pot button: %+v, want one betting 60", actionButtons(h.Legal(), 0, bot.English))
	}
}
