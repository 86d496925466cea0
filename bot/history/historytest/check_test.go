package historytest_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/history"
	"github.com/pokerroom/pokerroom/bot/history/historytest"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
)

// hand plays a three-handed hold'em hand to its end with random actions
// until one of them folds (so that a hole card goes unshown).
func hand(t *testing.T, id int64) bot.HandRecord {
	t.Helper()
	for seed := uint64(id); ; seed++ {
		rng := rand.New(rand.NewPCG(seed, 1))
		tag, _ := json.Marshal(bot.HandTag{Order: []int{0, 1, 2}, Names: []string{"ann", "bob", "cy"}, Players: []int64{100, 101, 102}})
		var deck [52]engine.Card
		d := enginetest.FullDeck(&deck)
		enginetest.Shuffle(d, rng)
		setup := engine.Setup{Rules: engine.Config{Game: engine.Holdem, SmallBlind: 1, BigBlind: 2}, Seats: []engine.Seat{{Stack: 100}, {Stack: 100}, {Stack: 100}}, Deck: d, Tag: string(tag)}
		h, err := engine.Start(setup)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := (&enginetest.Player{Src: rng}).Play(h); err != nil {
			t.Fatal(err)
		}
		shows := 0
		for _, e := range h.Events() {
			if e.Kind == engine.EvShow {
				shows++
			}
		}
		if shows < 3 {
			at := time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)
			return bot.HandRecord{ID: id, TableID: 1, Setup: setup, Events: h.Events(), StartedAt: at, EndedAt: at}
		}
	}
}

// Check passes a player's own export and fails one that shows another
// player's cards in their place.
func TestCheckFindsAnotherPlayersUnshownCards(t *testing.T) {
	hands := map[int64]bot.HandRecord{1: hand(t, 1), 2: hand(t, 2)}
	load := func(id int64) (bot.HandRecord, error) {
		h, ok := hands[id]
		if !ok {
			return h, fmt.Errorf("no hand %d", id)
		}
		return h, nil
	}
	for _, tc := range []struct {
		name     string
		exporter int64 // whose export the text is
		checked  int64 // whose export it is checked as
		ok       bool
	}{
		{"ann's own export", 100, 100, true},
		{"bob's own export", 101, 101, true},
		{"bob's export taken for ann's", 101, 100, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			e := history.NewExporter(&buf, history.FormatPokerStars, history.Options{Player: tc.exporter})
			for _, id := range []int64{1, 2} {
				if err := e.Write(history.Stored{Hand: hands[id], Table: history.Table{Name: "t"}}); err != nil {
					t.Fatal(err)
				}
			}
			if err := e.Flush(); err != nil {
				t.Fatal(err)
			}
			n, err := historytest.Check(buf.String(), tc.checked, load)
			if n != 2 || (err == nil) != tc.ok {
				t.Errorf("%d hands, error %v; want 2 hands, ok %v", n, err, tc.ok)
			}
			if !tc.ok && err != nil && !strings.Contains(err.Error(), "unshown card") {
				t.Errorf("the error does not name the unshown card: %v", err)
			}
		})
	}
}
