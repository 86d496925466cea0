package table

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// R-POT-5, R-POT-6: /history of a hi/lo hand run twice says on which board
// each half was won, as the summary does ("(Board 2)"): each board's pot
// is split between its high and its low, so the four awards "ana wins 4
// from the pot", "ana wins 4 from the pot (low)", ... could not be told
// apart, nor added up board by board. The second board's cards are on one
// line of their own.
func TestHistoryOfAHandRunTwiceNamesEachAwardsBoard(t *testing.T) {
	cfg := engine.Config{Game: engine.OmahaHiLo, Betting: engine.PotLimit, SmallBlind: 1, BigBlind: 2, RunItTwice: true}
	hole := [][]engine.Card{engine.MustParseCards("As2sKdKc"), engine.MustParseCards("QhQdJcJh")}
	boards := [][]engine.Card{engine.MustParseCards("3c4d7h9s8c"), engine.MustParseCards("9d9hTsKhQc")}
	deck, err := engine.ArrangeDeck(cfg, 2, 0, hole, boards, nil)
	if err != nil {
		t.Fatal(err)
	}
	tag, _ := json.Marshal(bot.HandTag{Order: []int{0, 1}, Number: 1, Names: []string{"ana", "ben"}, Players: []int64{7, 8}})
	setup := engine.Setup{Rules: cfg, Seats: []engine.Seat{{Stack: 6}, {Stack: 6}}, Button: 0, Deck: deck, Tag: string(tag)}
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []engine.Action{{Seat: 0, Kind: engine.AllIn}, {Seat: 1, Kind: engine.Call}} {
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
	}
	tb := &Table{ID: 1, Config: Config{Game: cfg.Game, Betting: cfg.Betting, SmallBlind: 1, BigBlind: 2}}
	text, err := tb.historyText(bot.HandRecord{Setup: setup, Events: h.Events()}, 7, bot.English)
	if err != nil {
		t.Fatal(err)
	}
	var wins []string
	for _, e := range h.Events() {
		if e.Kind == engine.EvAward {
			w := "ana"
			if e.Seat == 1 {
				w = "ben"
			}
			want := w + " wins " + bot.FormatChips(e.Amount, bot.English) + " from the pot"
			if e.Low {
				want += " (low)"
			}
			want += " (Board " + string(rune('1'+e.Board)) + ")"
			wins = append(wins, want)
		}
	}
	for _, w := range wins {
		if !strings.Contains(text, w) {
			t.Errorf("/history lacks %q:\n%s", w, text)
		}
	}
	if n := strings.Count(text, "Second board"); n != 1 {
		t.Errorf("the second board is on %d lines, want 1:\n%s", n, text)
	}
}
