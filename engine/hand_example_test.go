package engine_test

import (
	"fmt"

	"github.com/pokerroom/pokerroom/engine"
)

// A heads-up no-limit hand: the deck is arranged so the cards are known.
func ExampleNew() {
	cfg := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 1, BigBlind: 2}
	hole := [][]engine.Card{engine.MustParseCards("AsAh"), engine.MustParseCards("KsKh")}
	board := [][]engine.Card{engine.MustParseCards("2c 7d 9h Jc 3s")}
	deck, _ := engine.ArrangeDeck(cfg, 2, 0, hole, board, nil)
	h, _ := engine.New(cfg, []engine.Seat{{Stack: 100}, {Stack: 100}}, 0, deck)

	l := h.Legal()
	fmt.Printf("seat %d: call %d or raise to %d..%d\n", l.Seat, l.CallAmount, l.MinTo, l.MaxTo)
	h.Apply(engine.Action{Seat: 0, Kind: engine.Raise, Amount: 6})
	_, err := h.Apply(engine.Action{Seat: 0, Kind: engine.Call})
	fmt.Println(err)
	evs, _ := h.Apply(engine.Action{Seat: 1, Kind: engine.AllIn})
	fmt.Println(len(evs), evs[0].Kind, evs[0].Amount)
	h.Apply(engine.Action{Seat: 0, Kind: engine.Call})
	fmt.Println(h.Done(), h.Stacks())
	// Output:
	// seat 0: call 1 or raise to 4..100
	// engine: not your turn: seat 0 acted, seat 1 to act
	// 1 raise 100
	// true [200 0]
}
