package engine

import "testing"

// R-SEAT-4: a player who posts to enter puts a live big blind in: the post
// counts as the bet, and with no raise the poster may check.
func TestLivePostKeepsTheOption(t *testing.T) {
	cfg := Config{Game: Holdem, Betting: NoLimit, SmallBlind: 1, BigBlind: 2}
	seats := []Seat{{Stack: 100}, {Stack: 100}, {Stack: 100}, {Stack: 100, Post: 2}}
	deck, _ := ShuffledDeck(NewSeededReader(1))
	h, err := Start(Setup{Rules: cfg, Seats: seats, Button: 0, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	// seat 1 SB, seat 2 BB, seat 3 posted: first to act preflop is seat 3 (UTG).
	if h.Bet(3) != 2 || h.Stack(3) != 98 {
		t.Fatalf("poster bet %d stack %d, want 2 and 98", h.Bet(3), h.Stack(3))
	}
	l := h.Legal()
	if l.Seat != 3 || !l.CanCheck || l.CallAmount != 0 {
		t.Fatalf("poster to act first with the option to check, got %+v", l)
	}
	for _, a := range []Action{{Seat: 3, Kind: Check}, {Seat: 0, Kind: Call}, {Seat: 1, Kind: Call}, {Seat: 2, Kind: Check}} {
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
	}
	if h.Street() != Flop || h.Pot() != 8 {
		t.Fatalf("street %v pot %d, want the flop and 8", h.Street(), h.Pot())
	}
}
