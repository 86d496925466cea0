package pokerstars_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/phh/pokerstars"
)

// R-TIME-2 (protect=on): a player whose time runs out with chips in the
// pot is declared all in for them. The hand history writes that on a line
// of its own: run into the next line ("... declared all-in for 1Uncalled
// bet (1) returned to ana"), the uncalled bet was lost to a tracker and
// the line read as nothing PokerStars writes.
func TestDeclaredAllInIsALineOfItsOwn(t *testing.T) {
	cfg := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 1, BigBlind: 2}
	deck, err := engine.ShuffledDeck(engine.NewSeededReader(5))
	if err != nil {
		t.Fatal(err)
	}
	setup := engine.Setup{Rules: cfg, Seats: []engine.Seat{{Stack: 200}, {Stack: 200}}, Button: 0, Deck: deck}
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	// Heads-up the button (the small blind, 1 in the pot) acts first and
	// times out facing the big blind.
	if _, err := h.Apply(engine.Action{Seat: 0, Kind: engine.DeclareAllIn}); err != nil {
		t.Fatal(err)
	}
	if !h.Done() {
		t.Fatal("the hand goes on after the declared all-in")
	}
	text := write(t, pokerstars.Hand{Setup: setup, Events: h.Events(), Number: 1, Table: "T", MaxSeats: 2, Players: []string{"ben", "ana"},
		Hero: pokerstars.Observer, Time: time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)})
	want := "\nben has timed out and is declared all-in for 1\nUncalled bet (1) returned to ana\n"
	if !strings.Contains(text, want) {
		t.Fatalf("the hand history lacks the lines %q:\n%s", want, text)
	}
	if _, err := parseHand(text); err != nil {
		t.Fatalf("an independent parser refuses the hand: %v\n%s", err, text)
	}
}
