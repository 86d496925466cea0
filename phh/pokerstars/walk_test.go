package pokerstars_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
	"github.com/pokerroom/pokerroom/phh/pokerstars"
)

// A tournament hand with a dead small blind (R-SEAT-2) that everyone folds
// to the big blind has no pot to award: the big blind's bet goes back
// uncalled. It is written, not refused, and reads back whole.
func TestAWalkWithADeadSmallBlindIsWritten(t *testing.T) {
	var deck [52]engine.Card
	setup := engine.Setup{Rules: engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 10, BigBlind: 20, Tournament: true},
		Seats: []engine.Seat{{Stack: 1500}, {Stack: 1500}, {Stack: 1500}}, Button: 0, Deck: enginetest.FullDeck(&deck), NoSmallBlind: true}
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	for !h.Done() { // everyone folds to the big blind
		if _, err := h.Apply(engine.Action{Seat: h.ToAct(), Kind: engine.Fold}); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	err = pokerstars.WriteHand(&b, pokerstars.Hand{Setup: setup, Events: h.Events(), Number: 7, Table: "Sunday 1", MaxSeats: 9,
		Time: time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC), Players: []string{"ana", "ben", "cy"}, Hero: pokerstars.Observer,
		Tournament: &pokerstars.Tournament{Number: 3, BuyIn: 100, Level: 1}})
	if err != nil {
		t.Fatalf("a walk was refused: %v", err)
	}
	text := b.String()
	ph, err := parseHand(text)
	if err != nil {
		t.Fatalf("the independent reader refuses the walk: %v\n%s", err, text)
	}
	if err := ph.consistent(); err != nil {
		t.Fatalf("the walk does not add up: %v\n%s", err, text)
	}
	if !strings.Contains(text, "posts big blind 20") || !strings.Contains(text, "Uncalled bet (20) returned to ") || !strings.Contains(text, "Total pot 0 | Rake 0") {
		t.Errorf("no uncalled bet returned:\n%s", text)
	}
}
