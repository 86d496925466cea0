package engine_test

import (
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

// shownSeats lists, in order, the seats that showed and those that mucked.
func shownSeats(h *engine.Hand) (shown, mucked []int) {
	for _, e := range h.Events() {
		switch e.Kind {
		case engine.EvShow:
			shown = append(shown, e.Seat)
		case engine.EvMuck:
			mucked = append(mucked, e.Seat)
		}
	}
	return shown, mucked
}

// R-POT-2 (TDA 15): an all-in called on the last round: the caller's losing
// hand is shown too; nobody facing an all-in mucks without showing.
func TestCallerOfARiverAllInShows(t *testing.T) {
	cfg := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 5, BigBlind: 10}
	deck := arrange(t, cfg, 0, []string{"AsAh", "7c2d"}, "AdKc9s5h4c")
	h, err := engine.Start(engine.Setup{Rules: cfg, Seats: []engine.Seat{{Stack: 100}, {Stack: 1000}}, Button: 0, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	for h.Street() != engine.River {
		l := h.Legal()
		a := engine.Action{Seat: l.Seat, Kind: engine.Call}
		if l.CanCheck {
			a.Kind = engine.Check
		}
		apply(t, h, a)
	}
	apply(t, h, engine.Action{Seat: 1, Kind: engine.Check})
	apply(t, h, engine.Action{Seat: 0, Kind: engine.AllIn})
	apply(t, h, engine.Action{Seat: 1, Kind: engine.Call})
	shown, mucked := shownSeats(h)
	if len(shown) != 2 || shown[0] != 0 || shown[1] != 1 || len(mucked) != 0 {
		t.Fatalf("shown %v, mucked %v; want both shown, the all-in first", shown, mucked)
	}
}

// R-POT-2 (TDA 15): the same in five-card draw: an all-in called after the
// draw turns every hand up.
func TestCallerOfADrawAllInShows(t *testing.T) {
	cfg := engine.Config{Game: engine.Draw, Betting: engine.NoLimit, Ante: 5, SmallBet: 10}
	h1, _ := engine.ParseCards("AsAhAdKcKd")
	h2, _ := engine.ParseCards("2c3d7h8s9c")
	deck, err := engine.ArrangeDeck(cfg, 2, 0, [][]engine.Card{h1, h2}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	h, err := engine.Start(engine.Setup{Rules: cfg, Seats: []engine.Seat{{Stack: 100}, {Stack: 1000}}, Button: 0, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	// Before the draw: seat 1 checks, seat 0 bets, seat 1 calls.
	apply(t, h, engine.Action{Seat: 1, Kind: engine.Check})
	apply(t, h, engine.Action{Seat: 0, Kind: engine.Bet, Amount: 10})
	apply(t, h, engine.Action{Seat: 1, Kind: engine.Call})
	apply(t, h, engine.Action{Seat: 1, Kind: engine.Discard})
	apply(t, h, engine.Action{Seat: 0, Kind: engine.Discard})
	apply(t, h, engine.Action{Seat: 1, Kind: engine.Check})
	apply(t, h, engine.Action{Seat: 0, Kind: engine.AllIn})
	apply(t, h, engine.Action{Seat: 1, Kind: engine.Call})
	if !h.Done() {
		t.Fatalf("hand not over: %+v", h.Legal())
	}
	shown, mucked := shownSeats(h)
	if len(shown) != 2 || len(mucked) != 0 {
		t.Fatalf("shown %v, mucked %v; want both shown", shown, mucked)
	}
}

// R-POT-2: after the first hand, a hand is shown when it beats or ties the
// best hand shown so far for a pot it can win, even if a later hand beats
// it; otherwise it is mucked.
func TestOrderOfShow(t *testing.T) {
	cfg := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 5, BigBlind: 10}
	tests := []struct {
		name        string
		holes       []string // seats 0 (button), 1, 2; seat 1 shows first
		shown, muck []int
	}{
		{"each beats the last", []string{"JhJd", "KhKd", "9s7s"}, []int{1, 2, 0}, nil},
		{"the first is best", []string{"9s7s", "JhJd", "KhKd"}, []int{1}, []int{2, 0}},
		{"a tie shows", []string{"KsKc", "KhKd", "3s3c"}, []int{1, 0}, []int{2}},
		{"worse then better", []string{"JhJd", "9s7s", "KhKd"}, []int{1, 0}, []int{2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			deck := arrange(t, cfg, 0, tc.holes, "2c7d9hJs4c")
			h, err := engine.Start(engine.Setup{Rules: cfg, Seats: []engine.Seat{{Stack: 1000}, {Stack: 1000}, {Stack: 1000}}, Button: 0, Deck: deck})
			if err != nil {
				t.Fatal(err)
			}
			playChecks(t, h)
			shown, mucked := shownSeats(h)
			if !equalInts(shown, tc.shown) || !equalInts(mucked, tc.muck) {
				t.Fatalf("shown %v mucked %v, want shown %v mucked %v", shown, mucked, tc.shown, tc.muck)
			}
		})
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
