package pokerstars_test

import (
	"os"
	"time"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/phh/pokerstars"
)

// A heads-up hand exported by the player in seat 2: the room passes the
// setup and events it stored, the names and seats, the time in its zone and
// who exports.
func ExampleWriteHand() {
	cfg := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 10, BigBlind: 20}
	hole := [][]engine.Card{engine.MustParseCards("AsAh"), engine.MustParseCards("KsKh")}
	board := [][]engine.Card{engine.MustParseCards("2c 7d 9h Jc 3s")}
	deck, _ := engine.ArrangeDeck(cfg, 2, 0, hole, board, nil)
	setup := engine.Setup{Rules: cfg, Seats: []engine.Seat{{Stack: 1000}, {Stack: 1500}}, Button: 0, Deck: deck}
	h, _ := engine.Start(setup)
	h.Apply(engine.Action{Seat: 0, Kind: engine.Raise, Amount: 60})
	h.Apply(engine.Action{Seat: 1, Kind: engine.Call})
	h.Apply(engine.Action{Seat: 1, Kind: engine.Bet, Amount: 80})
	h.Apply(engine.Action{Seat: 0, Kind: engine.Call})
	for !h.Done() {
		h.Apply(engine.Action{Seat: h.ToAct(), Kind: engine.Check})
	}
	madrid := time.FixedZone("CET", 3600) // the room's zone: time.LoadLocation("Europe/Madrid")
	err := pokerstars.WriteHand(os.Stdout, pokerstars.Hand{
		Setup:    setup,
		Events:   h.Events(),
		Number:   1042,
		Table:    "Friday Night",
		MaxSeats: 6,
		Time:     time.Date(2026, 11, 26, 21, 5, 0, 0, madrid),
		Players:  []string{"ann", "bob"},
		Seats:    []int{2, 5},
		Hero:     1,
	})
	if err != nil {
		panic(err)
	}
	// Output:
	// PokerStars Hand #1042:  Hold'em No Limit (10/20) - 2026/11/26 21:05:00 CET [2026/11/26 15:05:00 ET]
	// Table 'Friday Night' 6-max (Play Money) Seat #2 is the button
	// Seat 2: ann (1000 in chips)
	// Seat 5: bob (1500 in chips)
	// ann: posts small blind 10
	// bob: posts big blind 20
	// *** HOLE CARDS ***
	// Dealt to bob [Ks Kh]
	// ann: raises 40 to 60
	// bob: calls 40
	// *** FLOP *** [2c 7d 9h]
	// bob: bets 80
	// ann: calls 80
	// *** TURN *** [2c 7d 9h] [Jc]
	// bob: checks
	// ann: checks
	// *** RIVER *** [2c 7d 9h Jc] [3s]
	// bob: checks
	// ann: checks
	// *** SHOW DOWN ***
	// bob: shows [Ks Kh] (a pair of Kings)
	// ann: shows [As Ah] (a pair of Aces)
	// ann collected 280 from pot
	// *** SUMMARY ***
	// Total pot 280 | Rake 0
	// Board [2c 7d 9h Jc 3s]
	// Seat 2: ann (button) (small blind) showed [As Ah] and won (280) with a pair of Aces
	// Seat 5: bob (big blind) showed [Ks Kh] and lost with a pair of Kings
}
