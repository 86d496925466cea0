package stats_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/stats"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/tourney"
)

// The scripted hands: four players (ids 11, 12, a practice opponent and
// 14 by engine seat) at a no-limit hold'em 1/2 table, 200 chips each.
var (
	cfg     = engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 1, BigBlind: 2}
	players = []int64{11, 12, 0, 14}
	board   = engine.MustParseCards("Qd 9c 4s 5h Jc")
)

// scripted is one hand: the button, the hole cards by seat and the
// actions in order.
type scripted struct {
	button  int
	hole    []string
	actions []engine.Action
}

func act(seat int, k engine.ActionKind, amount int64) engine.Action {
	return engine.Action{Seat: seat, Kind: k, Amount: amount}
}

const (
	fold  = engine.Fold
	check = engine.Check
	call  = engine.Call
	bet   = engine.Bet
	raise = engine.Raise
)

var hands = []scripted{
	// Hand 1 (button seat 0, blinds seats 1 and 2): 14 opens to 6, 11
	// three-bets to 18, the blinds fold, 14 calls; flop 11 bets 20, 14
	// calls; turn checked; river 14 bets 40, 11 calls and wins 159 with
	// aces.
	{0, []string{"As Ah", "2c 7d", "3c 8d", "Ks Kh"}, []engine.Action{
		act(3, raise, 6), act(0, raise, 18), act(1, fold, 0), act(2, fold, 0), act(3, call, 0),
		act(3, check, 0), act(0, bet, 20), act(3, call, 0),
		act(3, check, 0), act(0, check, 0),
		act(3, bet, 40), act(0, call, 0)}},
	// Hand 2: 14 folds, 11 limps, 12 (small blind) raises to 8, the big
	// blind folds, 11 calls; flop 12 bets 10, 11 folds: 12 collects 18.
	{0, []string{"As Ah", "2c 7d", "3c 8d", "Ks Kh"}, []engine.Action{
		act(3, fold, 0), act(0, call, 0), act(1, raise, 8), act(2, fold, 0), act(0, call, 0),
		act(1, bet, 10), act(0, fold, 0)}},
	// Hand 3 (button seat 3: 11 small blind, 12 big blind): everybody
	// limps, 12 checks its option, checked down; 12's aces win 8.
	{3, []string{"2c 7d", "As Ah", "3c 8d", "Ks Kh"}, []engine.Action{
		act(2, call, 0), act(3, call, 0), act(0, call, 0), act(1, check, 0),
		act(0, check, 0), act(1, check, 0), act(2, check, 0), act(3, check, 0),
		act(0, check, 0), act(1, check, 0), act(2, check, 0), act(3, check, 0),
		act(0, check, 0), act(1, check, 0), act(2, check, 0), act(3, check, 0)}},
}

// play plays a scripted hand and returns its setup (tagged as the room
// tags it) and events.
func play(t *testing.T, s scripted, pos *tourney.Positions) (engine.Setup, []engine.Event) {
	t.Helper()
	hole := make([][]engine.Card, len(s.hole))
	for i, h := range s.hole {
		hole[i] = engine.MustParseCards(h)
	}
	deck, err := engine.ArrangeDeck(cfg, 4, s.button, hole, [][]engine.Card{board}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tag, err := json.Marshal(bot.HandTag{Order: []int{0, 1, 2, 3}, Players: players, Pos: pos})
	if err != nil {
		t.Fatal(err)
	}
	setup := engine.Setup{Rules: cfg, Button: s.button, Deck: deck, Tag: string(tag)}
	for range 4 {
		setup.Seats = append(setup.Seats, engine.Seat{Stack: 200})
	}
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range s.actions {
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
	}
	if !h.Done() {
		t.Fatal("the scripted hand is not over")
	}
	return setup, h.Events()
}

// Every statistic of the scripted hands, computed by hand (see the hands'
// comments), against the package's.
func TestStatsComputedByHand(t *testing.T) {
	want := map[int64][]bot.HandStats{
		11: {
			{Hands: 1, VPIP: 1, PFR: 1, ThreeBetChances: 1, ThreeBets: 1, SawFlop: 1, WentToShowdown: 1, WonAtShowdown: 1,
				Aggressive: 1, Calls: 1, Net: 81, NetCentiBB: 4050, BiggestPot: 159},
			{Hands: 1, VPIP: 1, ThreeBetChances: 1, SawFlop: 1, Net: -8, NetCentiBB: -400},
			{Hands: 1, VPIP: 1, SawFlop: 1, WentToShowdown: 1, Net: -2, NetCentiBB: -100},
		},
		12: {
			{Hands: 1, Net: -1, NetCentiBB: -50},
			{Hands: 1, VPIP: 1, PFR: 1, SawFlop: 1, Aggressive: 1, Net: 10, NetCentiBB: 500, BiggestPot: 18},
			{Hands: 1, SawFlop: 1, WentToShowdown: 1, WonAtShowdown: 1, Net: 6, NetCentiBB: 300, BiggestPot: 8},
		},
		14: {
			{Hands: 1, VPIP: 1, PFR: 1, SawFlop: 1, WentToShowdown: 1, Aggressive: 1, Calls: 1, Net: -78, NetCentiBB: -3900},
			{Hands: 1},
			{Hands: 1, VPIP: 1, SawFlop: 1, WentToShowdown: 1, Net: -2, NetCentiBB: -100},
		},
	}
	total := map[int64]bot.HandStats{}
	for i, s := range hands {
		setup, events := play(t, s, nil)
		h, err := stats.FromHand(setup, events)
		if err != nil {
			t.Fatal(err)
		}
		if h.Kind != bot.StatsCash {
			t.Errorf("hand %d: kind %q, want cash", i+1, h.Kind)
		}
		if len(h.Players) != 3 {
			t.Fatalf("hand %d: %d players counted, want 3 (the practice opponent left out): %+v", i+1, len(h.Players), h.Players)
		}
		for _, p := range h.Players {
			if p.HandStats != want[p.PlayerID][i] {
				t.Errorf("hand %d, player %d:\n got %+v\nwant %+v", i+1, p.PlayerID, p.HandStats, want[p.PlayerID][i])
			}
			sum := total[p.PlayerID]
			sum.Add(p.HandStats)
			total[p.PlayerID] = sum
		}
	}
	// The three hands summed, as the store sums them.
	wantTotal := map[int64]bot.HandStats{
		11: {Hands: 3, VPIP: 3, PFR: 1, ThreeBetChances: 2, ThreeBets: 1, SawFlop: 3, WentToShowdown: 2, WonAtShowdown: 1,
			Aggressive: 1, Calls: 1, Net: 71, NetCentiBB: 3550, BiggestPot: 159},
		12: {Hands: 3, VPIP: 1, PFR: 1, SawFlop: 2, WentToShowdown: 1, WonAtShowdown: 1, Aggressive: 1, Net: 15, NetCentiBB: 750, BiggestPot: 18},
		14: {Hands: 3, VPIP: 2, PFR: 1, SawFlop: 2, WentToShowdown: 2, Aggressive: 1, Calls: 1, Net: -80, NetCentiBB: -4000},
	}
	for id, w := range wantTotal {
		if total[id] != w {
			t.Errorf("player %d over the three hands:\n got %+v\nwant %+v", id, total[id], w)
		}
	}
	// The percentages of the README's sample, by hand.
	p11 := stats.Of(total[11])
	for name, c := range map[string][2]float64{
		"VPIP": {p11.VPIP, 100}, "PFR": {p11.PFR, 100.0 / 3}, "3-bet": {p11.ThreeBet, 50}, "WTSD": {p11.WTSD, 200.0 / 3},
		"W$SD": {p11.WSD, 50}, "AF": {p11.AF, 1}, "bb/100": {p11.BBPer100, 3550.0 / 3},
	} {
		if d := c[0] - c[1]; d > 1e-9 || d < -1e-9 {
			t.Errorf("%s = %v, want %v", name, c[0], c[1])
		}
	}
}

// A tournament's hand (positions in its tag) is counted as a tournament's.
func TestTourneyHandKind(t *testing.T) {
	setup, events := play(t, hands[1], &tourney.Positions{Button: 1, SmallBlind: 2, BigBlind: 3})
	h, err := stats.FromHand(setup, events)
	if err != nil {
		t.Fatal(err)
	}
	if h.Kind != bot.StatsTourney {
		t.Errorf("kind %q, want tourney", h.Kind)
	}
}

// A hand not finished, or without the room's tag, is refused.
func TestUnfinishedOrUntaggedHand(t *testing.T) {
	setup, events := play(t, hands[1], nil)
	if _, err := stats.FromHand(setup, events[:len(events)-3]); err == nil {
		t.Error("an unfinished hand was counted")
	}
	setup.Tag = ""
	if _, err := stats.FromHand(setup, events); err == nil {
		t.Error("an untagged hand was counted")
	}
}

// Five-card draw (antes, no blinds): the opening bet is the first raise,
// "saw the flop" is "saw the draw", and the betting after the draw is
// after the first round. Seat 0 is a practice opponent; 11 opens for 2,
// 12 re-raises to 6, the practice opponent folds, 11 calls; both stand
// pat; 12 bets 6 after the draw, 11 calls and wins 27 with four aces.
func TestStatsOfADrawHandComputedByHand(t *testing.T) {
	cfg := engine.Config{Game: engine.Draw, Betting: engine.NoLimit, Ante: 1, SmallBet: 2}
	hole := [][]engine.Card{engine.MustParseCards("9c 9d Tc Jd Qh"), engine.MustParseCards("As Ah Ad Ac Kd"), engine.MustParseCards("2c 3d 4h 5s 7c")}
	deck, err := engine.ArrangeDeck(cfg, 3, 0, hole, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	tag, _ := json.Marshal(bot.HandTag{Order: []int{0, 1, 2}, Players: []int64{0, 11, 12}})
	setup := engine.Setup{Rules: cfg, Seats: []engine.Seat{{Stack: 100}, {Stack: 100}, {Stack: 100}}, Deck: deck, Tag: string(tag)}
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []engine.Action{act(1, bet, 2), act(2, raise, 6), act(0, fold, 0), act(1, call, 0),
		{Seat: 1, Kind: engine.Discard}, {Seat: 2, Kind: engine.Discard}, act(1, check, 0), act(2, bet, 6), act(1, call, 0)} {
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("%+v: %v", a, err)
		}
	}
	got, err := stats.FromHand(setup, h.Events())
	if err != nil {
		t.Fatal(err)
	}
	want := []stats.Player{
		{PlayerID: 11, HandStats: bot.HandStats{Hands: 1, VPIP: 1, PFR: 1, SawFlop: 1, WentToShowdown: 1, WonAtShowdown: 1,
			Calls: 1, Net: 14, NetCentiBB: 700, BiggestPot: 27}},
		{PlayerID: 12, HandStats: bot.HandStats{Hands: 1, VPIP: 1, PFR: 1, ThreeBetChances: 1, ThreeBets: 1, SawFlop: 1, WentToShowdown: 1,
			Aggressive: 1, Net: -13, NetCentiBB: -650}},
	}
	if len(got.Players) != len(want) {
		t.Fatalf("players %+v, want %+v", got.Players, want)
	}
	for i := range want {
		if got.Players[i] != want[i] {
			t.Errorf("got  %+v\nwant %+v", got.Players[i], want[i])
		}
	}
}

// The table that played a hand counts it without replaying it (Played):
// the same counters as the store's replay of the hand (FromHand), also
// for a tournament's hand.
func TestPlayedCountsAsTheReplay(t *testing.T) {
	for i, s := range hands {
		for _, pos := range []*tourney.Positions{nil, {Button: 1, SmallBlind: 2, BigBlind: 3}} {
			setup, events := play(t, s, pos)
			h, err := engine.Resume(setup, events)
			if err != nil {
				t.Fatal(err)
			}
			replayed, err := stats.FromHand(setup, events)
			if err != nil {
				t.Fatal(err)
			}
			played, err := stats.Played(setup, events, h.Result().Won)
			if err != nil || !reflect.DeepEqual(played, replayed) {
				t.Errorf("hand %d (positions %v): played %+v, %v\nreplayed %+v", i+1, pos, played, err, replayed)
			}
		}
	}
	setup, events := play(t, hands[0], nil)
	setup.Tag = ""
	if _, err := stats.Played(setup, events, make([]int64, len(setup.Seats))); err == nil {
		t.Error("an untagged hand was counted")
	}
}
