package table

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// /history of a hand voided as a misdeal (it could not be resumed after a
// restart: every chip bet in it went back) says so: told as any other
// hand, its raise and call read as chips lost, and a player asking what
// became of them would find no word of the misdeal that gave them back.
func TestHistoryOfAVoidedHandSaysItWasVoided(t *testing.T) {
	cfg := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 1, BigBlind: 2}
	deck, err := engine.ShuffledDeck(engine.NewSeededReader(3))
	if err != nil {
		t.Fatal(err)
	}
	tag, _ := json.Marshal(bot.HandTag{Order: []int{0, 1}, Number: 4, Names: []string{"ana", "ben"}, Players: []int64{7, 8}})
	setup := engine.Setup{Rules: cfg, Seats: []engine.Seat{{Stack: 100}, {Stack: 100}}, Button: 0, Deck: deck, Tag: string(tag)}
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []engine.Action{{Seat: 0, Kind: engine.Raise, Amount: 20}, {Seat: 1, Kind: engine.Call}} {
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
	}
	tb := &Table{ID: 1, Config: Config{Game: cfg.Game, Betting: cfg.Betting, SmallBlind: 1, BigBlind: 2}}
	for _, lang := range []string{bot.English, bot.Spanish} {
		text, err := tb.historyText(bot.HandRecord{Setup: setup, Events: h.Events(), Voided: "the log has a gap"}, 7, lang)
		if err != nil {
			t.Fatal(err)
		}
		want := bot.Text(lang, "hist.voided", "the log has a gap")
		if lines := strings.Split(text, "\n"); len(lines) < 2 || lines[1] != want {
			t.Errorf("%s: /history of a voided hand does not say so under its title (want %q):\n%s", lang, want, text)
		}
	}
}
