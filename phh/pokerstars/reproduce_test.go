package pokerstars_test

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/phh/pokerstars"
)

// TestWriterReproducesPublishedHands plays published PokerStars hands again
// through the engine (the same seats, stacks, button, cards and actions)
// and writes them: the text is the published text, line for line, but for
// the lines the room has nothing to say about (chat, places finished).
func TestWriterReproducesPublishedHands(t *testing.T) {
	files := []struct {
		file string
		zone *time.Location // the zone of the local time, as the offset the ET time gives
		tour *pokerstars.Tournament
	}{
		// April 2011: PokerStars writes "CET" for summer time (UTC+2).
		{"holdem-nl-tournament-play-money-2011.txt", time.FixedZone("CEST", 2*3600), &pokerstars.Tournament{Number: 382394766, BuyIn: 300, Fee: 20, Level: 1}},
	}
	skip := regexp.MustCompile(` said, "|finished the tournament in`)
	reTime := regexp.MustCompile(`- (\d{4})/(\d\d)/(\d\d) (\d+):(\d\d):(\d\d) `)
	reHeroCards := regexp.MustCompile(`^Dealt to (.+) \[(.+)\]$`)
	reShow := regexp.MustCompile(`^(.+): shows \[(.+?)\]`)
	reproduced := 0
	for _, f := range files {
		data, err := os.ReadFile("testdata/published/" + f.file)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range splitHands(string(data)) {
			var want []string
			for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
				if !skip.MatchString(l) {
					want = append(want, strings.TrimRight(l, " "))
				}
			}
			ph, err := parseHand(text)
			if err != nil {
				t.Fatal(err)
			}
			// The engine's inputs: seats in table order, the cards known.
			idx := map[string]int{}
			var seats []engine.Seat
			var names []string
			var tableSeats []int
			button := -1
			for i, s := range ph.Seats {
				idx[s.Name] = i
				seats = append(seats, engine.Seat{Stack: s.Stack / 100})
				names = append(names, s.Name)
				tableSeats = append(tableSeats, s.No)
				if s.No == ph.Button {
					button = i
				}
			}
			hole := make([][]engine.Card, len(seats))
			hero := pokerstars.Observer
			for _, l := range want {
				if m := reHeroCards.FindStringSubmatch(l); m != nil {
					hero = idx[m[1]]
					hole[hero] = engine.MustParseCards(m[2])
				}
				if m := reShow.FindStringSubmatch(l); m != nil {
					hole[idx[m[1]]] = engine.MustParseCards(m[2])
				}
			}
			cfg := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: ph.Small / 100, BigBlind: ph.Big / 100, Tournament: true}
			var board [][]engine.Card
			if len(ph.Board) > 0 {
				board = [][]engine.Card{engine.MustParseCards(strings.Join(ph.Board, " "))}
			}
			deck, err := engine.ArrangeDeck(cfg, len(seats), button, hole, board, nil)
			if err != nil {
				t.Fatal(err)
			}
			setup := engine.Setup{Rules: cfg, Seats: seats, Button: button, Deck: deck}
			h, err := engine.Start(setup)
			if err != nil {
				t.Fatal(err)
			}
			bet := map[string]int64{}
			round := -1
			for _, a := range ph.Actions {
				if a.Round != round {
					round = a.Round
					clear(bet)
				}
				act := engine.Action{Seat: idx[a.Player]}
				switch a.Verb {
				case "small blind", "big blind":
					bet[a.Player] += a.Amount / 100
					continue
				case "folds":
					act.Kind = engine.Fold
				case "checks":
					act.Kind = engine.Check
				case "calls":
					act.Kind = engine.Call
					bet[a.Player] += a.Amount / 100
				case "bets":
					act.Kind, act.Amount = engine.Bet, bet[a.Player]+a.Amount/100
					bet[a.Player] = act.Amount
				case "raises":
					act.Kind, act.Amount = engine.Raise, a.To/100
					bet[a.Player] = act.Amount
				default:
					continue
				}
				if _, err := h.Apply(act); err != nil {
					t.Fatalf("hand #%s: %s %s: %v", ph.Number, a.Player, a.Verb, err)
				}
			}
			m := reTime.FindStringSubmatch(want[0])
			at := func(i int) int { v, _ := strconv.Atoi(m[i]); return v }
			tour := *f.tour
			number, _ := strconv.ParseInt(ph.Number, 10, 64)
			var got strings.Builder
			err = pokerstars.WriteHand(&got, pokerstars.Hand{
				Setup: setup, Events: h.Events(),
				Number: number, Table: ph.Table, MaxSeats: ph.MaxSeats,
				Time:    time.Date(at(1), time.Month(at(2)), at(3), at(4), at(5), at(6), 0, f.zone),
				Players: names, Seats: tableSeats, Hero: hero, Tournament: &tour,
			})
			if err != nil {
				t.Fatal(err)
			}
			// The published header says "Game #", today's PokerStars "Hand #".
			want[0] = strings.Replace(want[0], "PokerStars Game #", "PokerStars Hand #", 1)
			gotLines := strings.Split(strings.TrimRight(got.String(), "\n"), "\n")
			for i := 0; i < max(len(want), len(gotLines)); i++ {
				var w, g string
				if i < len(want) {
					w = want[i]
				}
				if i < len(gotLines) {
					g = gotLines[i]
				}
				if w != g {
					t.Errorf("%s hand #%s line %d:\n got %q\nwant %q\n\nwritten:\n%s", f.file, ph.Number, i+1, g, w, got.String())
					break
				}
			}
			reproduced++
		}
	}
	if reproduced < 9 {
		t.Errorf("reproduced %d hands", reproduced)
	}
}
