package engine

import (
	"errors"
	"fmt"
	"reflect"
	"testing"
)

// seatsOf reads a table's seats from a string, one letter a seat: "p"
// playing, "." out (empty or sitting out), "w" a newcomer waiting for the
// big blind, "P" a newcomer posting to enter.
func seatsOf(s string) []SeatState {
	out := make([]SeatState, len(s))
	for i, c := range s {
		switch c {
		case 'p':
			out[i] = SeatPlaying
		case 'w':
			out[i] = SeatWaiting
		case 'P':
			out[i] = SeatPosting
		}
	}
	return out
}

func TestNextCashHandMovesTheBigBlindToTheNextPlayer(t *testing.T) {
	for _, c := range []struct {
		name               string
		seats              string
		lastButton, lastBB int
		want               CashHand
	}{
		// R-SEAT-2: with nobody gone, button and blinds move one seat.
		{"full table moves one seat", "pppp", 1, 3,
			CashHand{Order: []int{2, 3, 0, 1}, Button: 2, SmallBlind: 3, BigBlind: 0}},
		// R-SEAT-2 (003 #8), the hand 6: ben had the button, cy
		// the small blind and dan the big blind; cy sits out. The big
		// blind moves on to ana, dan posts the small blind, ben keeps the
		// button (not dan on the button, ana small and ben big again).
		{"a small blind sitting out: the big blind still moves one player", "pp.p", 1, 3,
			CashHand{Order: []int{1, 3, 0}, Button: 1, SmallBlind: 3, BigBlind: 0}},
		// R-SEAT-2 (003 #8): the seat due the big blind empties; the
		// big blind runs on to the next seat.
		{"the seat due the big blind empties", "pp.pp", 4, 1,
			CashHand{Order: []int{0, 1, 3, 4}, Button: 0, SmallBlind: 1, BigBlind: 3}},
		// R-SEAT-2: the last big blind left; the next player pays it.
		{"the last big blind left", "p.pp", 3, 1,
			CashHand{Order: []int{3, 0, 2}, Button: 3, SmallBlind: 0, BigBlind: 2}},
		// R-SEAT-2: seats numbered clockwise, the big blind wraps around.
		{"wraps past the last seat", "pp....p", 1, 6,
			CashHand{Order: []int{1, 6, 0}, Button: 1, SmallBlind: 6, BigBlind: 0}},
		// R-SEAT-3 (TDA 33): three to heads-up; the last big blind's
		// player has the button and the small blind, the other pays the big
		// blind: nobody posts it twice in a row.
		{"becoming heads-up: no big blind twice in a row", "p.p", 0, 2,
			CashHand{Order: []int{2, 0}, Button: 2, SmallBlind: 2, BigBlind: 0}},
		{"becoming heads-up when the big blind leaves", "pp.", 0, 2,
			CashHand{Order: []int{1, 0}, Button: 1, SmallBlind: 1, BigBlind: 0}},
		// R-SEAT-3: heads-up the button posts the small blind and the
		// blinds alternate.
		{"heads-up alternates", "pp", 1, 0,
			CashHand{Order: []int{0, 1}, Button: 0, SmallBlind: 0, BigBlind: 1}},
		// R-CASH-4 (003 #18): a player back from sitting out is dealt in
		// at once and owes nothing for the big blind that passed them.
		{"back from sitting out plays at once without paying", "pppp", 1, 0,
			CashHand{Order: []int{3, 0, 1, 2}, Button: 3, SmallBlind: 0, BigBlind: 1}},
		// A table stored before the big blind was kept: taken as the seat
		// after the button.
		{"an old table without its big blind", "pppp", 0, -1,
			CashHand{Order: []int{1, 2, 3, 0}, Button: 1, SmallBlind: 2, BigBlind: 3}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := NextCashHand(seatsOf(c.seats), c.lastButton, c.lastBB, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

// R-SEAT-2: hand after hand, with players sitting out and returning, every
// player dealt in pays the big blind once before anyone pays it again.
func TestNextCashHandEveryPlayerPaysTheBigBlindInTurn(t *testing.T) {
	tables := []string{"pppp", "pp.p", "pp.p", "p..p", "pppp", "pp.p", ".ppp", "pppp", "pppp", "pp.p", "p.pp"}
	button, bb := 0, 1
	var bbs []int
	for k, s := range tables {
		h, err := NextCashHand(seatsOf(s), button, bb, nil)
		if err != nil {
			t.Fatal(err)
		}
		// Between the last big blind and this one nobody dealt in is
		// skipped.
		for i := (bb + 1) % len(s); i != h.BigBlind; i = (i + 1) % len(s) {
			if s[i] == 'p' {
				t.Fatalf("hand %d (%s): the big blind went from seat %d to %d past player %d", k+1, s, bb, h.BigBlind, i)
			}
		}
		if h.BigBlind == bb && len(h.Order) > 1 {
			t.Fatalf("hand %d (%s): seat %d pays the big blind twice in a row", k+1, s, bb)
		}
		bbs = append(bbs, h.BigBlind)
		button, bb = h.Button, h.BigBlind
	}
	if fmt.Sprint(bbs) != "[2 3 0 3 0 1 2 3 0 1 2]" {
		t.Fatalf("big blinds by hand: %v", bbs)
	}
}

func TestNextCashHandNewcomers(t *testing.T) {
	for _, c := range []struct {
		name               string
		seats              string
		lastButton, lastBB int
		want               CashHand
	}{
		// R-SEAT-4 (003 #17): a newcomer waits until the big blind
		// reaches their seat.
		{"a newcomer waits while the big blind is elsewhere", "ppwp", 1, 0,
			CashHand{Order: []int{3, 0, 1}, Button: 3, SmallBlind: 0, BigBlind: 1, Waiting: []int{2}}},
		{"a newcomer comes in as the big blind", "ppwp", 0, 1,
			CashHand{Order: []int{0, 1, 2, 3}, Button: 0, SmallBlind: 1, BigBlind: 2}},
		// R-SEAT-4: a newcomer who posts plays at once wherever they land:
		// in the small blind they post a big blind (not the small blind).
		// They land there when they take the seat of the last big blind.
		{"a poster in the small blind", "ppPp", 0, 2,
			CashHand{Order: []int{1, 2, 3, 0}, Button: 1, SmallBlind: 2, BigBlind: 3, Posting: []int{2}}},
		{"a poster on the button", "ppPp", 1, 3,
			CashHand{Order: []int{2, 3, 0, 1}, Button: 2, SmallBlind: 3, BigBlind: 0, Posting: []int{2}}},
		{"a poster in the big blind posts it once", "ppPp", 3, 1,
			CashHand{Order: []int{0, 1, 2, 3}, Button: 0, SmallBlind: 1, BigBlind: 2}},
		// R-SEAT-4: with fewer than two others playing there is no game
		// to wait for or to pay into.
		{"no game to wait for", "p.ww", 0, 2,
			CashHand{Order: []int{0, 2, 3}, Button: 0, SmallBlind: 2, BigBlind: 3}},
		{"no game to pay into", "p.P.", 0, 2,
			CashHand{Order: []int{2, 0}, Button: 2, SmallBlind: 2, BigBlind: 0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := NextCashHand(seatsOf(c.seats), c.lastButton, c.lastBB, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

// R-SEAT-1: the first button goes by high card, suits breaking ties;
// newcomers who would post or wait just play.
func TestNextCashHandFirstButtonByHighCard(t *testing.T) {
	// Seats 0, 2 and 3 play: they take the deck's last three cards, seat 0
	// the last one.
	draw := MustParseCards("Ah Kd As 2c")
	got, err := NextCashHand(seatsOf("p.Pw"), -1, -1, draw)
	if err != nil {
		t.Fatal(err)
	}
	want := CashHand{Order: []int{2, 3, 0}, Button: 2, SmallBlind: 3, BigBlind: 0}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v, want %+v", got, want)
	}
}

func TestNextCashHandNeedsTwoPlayers(t *testing.T) {
	if _, err := NextCashHand(seatsOf("p..."), 0, 1, nil); !errors.Is(err, ErrTooFewPlayers) {
		t.Fatalf("got %v, want ErrTooFewPlayers", err)
	}
}

// R-SEAT-4 (003 #17): a newcomer who posts to enter and lands in the small
// blind puts in a full big blind, and keeps the option.
func TestPosterInTheSmallBlindPostsABigBlind(t *testing.T) {
	cfg := Config{Game: Holdem, Betting: NoLimit, SmallBlind: 1, BigBlind: 2}
	seats := []Seat{{Stack: 100}, {Stack: 100, Post: 2}, {Stack: 100}, {Stack: 100}}
	deck, _ := ShuffledDeck(NewSeededReader(1))
	h, err := Start(Setup{Rules: cfg, Seats: seats, Button: 0, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	if h.Bet(1) != 2 || h.Stack(1) != 98 {
		t.Fatalf("the poster in the small blind bet %d stack %d, want 2 and 98", h.Bet(1), h.Stack(1))
	}
	for _, a := range []Action{{Seat: 3, Kind: Call}, {Seat: 0, Kind: Call}} {
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
	}
	if l := h.Legal(); l.Seat != 1 || !l.CanCheck {
		t.Fatalf("the poster to act with the option to check, got %+v", l)
	}
}
