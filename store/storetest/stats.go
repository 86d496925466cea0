package storetest

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
	"github.com/pokerroom/pokerroom/tourney"
)

// statsHand plays one scripted hold'em 1/2 hand of three (the players of
// ids by engine seat; 0 a practice opponent): seat 0 (the button) raises
// to 6, seat 1 calls, seat 2 folds; on the flop seat 1 checks, seat 0
// bets 10 and seat 1 folds. Seat 0 wins 8 (collects 14), seat 1 loses 6.
func statsHand(t *testing.T, ids []int64, pos *tourney.Positions) (engine.Setup, []engine.Event) {
	t.Helper()
	cfg := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 1, BigBlind: 2}
	tag, err := json.Marshal(bot.HandTag{Order: []int{0, 1, 2}, Players: ids, Pos: pos})
	if err != nil {
		t.Fatal(err)
	}
	var d [52]engine.Card
	setup := engine.Setup{Rules: cfg, Seats: []engine.Seat{{Stack: 100}, {Stack: 100}, {Stack: 100}}, Deck: enginetest.FullDeck(&d), Tag: string(tag)}
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []engine.Action{{Seat: 0, Kind: engine.Raise, Amount: 6}, {Seat: 1, Kind: engine.Call}, {Seat: 2, Kind: engine.Fold},
		{Seat: 1, Kind: engine.Check}, {Seat: 0, Kind: engine.Bet, Amount: 10}, {Seat: 1, Kind: engine.Fold}} {
		if _, err := h.Apply(a); err != nil {
			t.Fatal(a, err)
		}
	}
	if !h.Done() {
		t.Fatal("the scripted hand is not over")
	}
	return setup, h.Events()
}

// What statsHand adds to its winner and its loser.
var (
	statsWinner = bot.HandStats{Hands: 1, VPIP: 1, PFR: 1, SawFlop: 1, Aggressive: 1, Net: 8, NetCentiBB: 400, BiggestPot: 14}
	statsLoser  = bot.HandStats{Hands: 1, VPIP: 1, ThreeBetChances: 1, SawFlop: 1, Net: -6, NetCentiBB: -300}
)

// statsTable is a room table of its community comm, and two players,
// Ana and Bob, for the statistics' tests.
func statsTable(t *testing.T, open Opener) (st bot.Storage, table, comm int64, ana, bob bot.Player) {
	t.Helper()
	st, _, table = roomTable(t, open)
	ctx := context.Background()
	tabs, _ := st.OpenTables(ctx, 0)
	ana, _ = st.Player(ctx, "console", "a", "Ana")
	bob, _ = st.Player(ctx, "console", "b", "Bob")
	return st, table, tabs[0].CommunityID, ana, bob
}

// times adds s to itself n times.
func times(s bot.HandStats, n int) bot.HandStats {
	var out bot.HandStats
	for range n {
		out.Add(s)
	}
	return out
}

// testPlayerStats: the end of every hand not voided adds its counters to
// its players' rows of the day, in the write that ends it (a hand's events
// may come in several writes); the sums over a period are the hands of
// its days; practice opponents never have rows; a tournament's hands are
// counted apart; the leaderboard is by net chips.
func testPlayerStats(t *testing.T, open Opener) {
	st, table, comm, ana, bob := statsTable(t, open)
	ctx := context.Background()
	play := func(ids []int64, pos *tourney.Positions, at time.Time, void string) int64 {
		t.Helper()
		setup, events := statsHand(t, ids, pos)
		before, _ := st.Leaderboard(ctx, comm, bot.StatsCash, time.Time{}, 10)
		w := &bot.TableWrite{TableID: table, NewHand: &setup, Events: events[:5], At: at}
		if err := st.CommitTables(ctx, []*bot.TableWrite{w}); err != nil {
			t.Fatal(err)
		}
		if during, _ := st.Leaderboard(ctx, comm, bot.StatsCash, time.Time{}, 10); !reflect.DeepEqual(during, before) {
			t.Errorf("a hand not ended was counted: %+v, was %+v", during, before)
		}
		end := &bot.TableWrite{TableID: table, HandID: w.HandID, Events: events[5:], EndHand: true, Void: void, At: at}
		if err := st.CommitTables(ctx, []*bot.TableWrite{end}); err != nil {
			t.Fatal(err)
		}
		return w.HandID
	}
	day1 := time.Date(2026, 11, 2, 23, 59, 0, 0, time.UTC) // a Monday
	day9 := day1.AddDate(0, 0, 8)
	// Ana beats Bob twice on day 1 and once on day 9; Bob beats Ana once
	// on day 9; a voided hand and a hand with two practice opponents
	// count for nothing.
	play([]int64{ana.ID, bob.ID, 0}, nil, day1, "")
	play([]int64{ana.ID, bob.ID, 0}, nil, day1.Add(-time.Hour), "")
	play([]int64{ana.ID, bob.ID, 0}, nil, day9, "")
	last := play([]int64{bob.ID, ana.ID, 0}, nil, day9, "")
	// The end of a hand written again (a repeated write) counts once.
	if err := st.CommitTables(ctx, []*bot.TableWrite{{TableID: table, HandID: last, EndHand: true, At: day9}}); err != nil {
		t.Fatal(err)
	}
	if err := st.EndHand(ctx, last, day9); err != nil {
		t.Fatal(err)
	}
	play([]int64{ana.ID, bob.ID, 0}, nil, day9, "a misdeal")
	play([]int64{0, 0, bob.ID}, nil, day9, "")
	// A tournament's hand.
	play([]int64{bob.ID, ana.ID, 0}, &tourney.Positions{Button: 1, SmallBlind: 2, BigBlind: 3}, day9, "")

	bobPractice := bot.HandStats{Hands: 1, ThreeBetChances: 1, Net: -2, NetCentiBB: -100} // the big blind, folded to a raise
	for _, tc := range []struct {
		name   string
		player int64
		kind   bot.StatsKind
		since  time.Time
		want   bot.HandStats
	}{
		{"Ana, all", ana.ID, bot.StatsCash, time.Time{}, sum(times(statsWinner, 3), statsLoser)},
		{"Bob, all", bob.ID, bot.StatsCash, time.Time{}, sum(times(statsLoser, 3), statsWinner, bobPractice)},
		{"Ana, from day 9", ana.ID, bot.StatsCash, day9.Add(-time.Hour), sum(statsWinner, statsLoser)},
		{"Ana, from the day after day 1", ana.ID, bot.StatsCash, day1.Add(time.Hour), sum(statsWinner, statsLoser)},
		{"Ana, from day 1", ana.ID, bot.StatsCash, day1, sum(times(statsWinner, 3), statsLoser)},
		{"Ana's tournament hands", ana.ID, bot.StatsTourney, time.Time{}, statsLoser},
		{"Bob's tournament hands", bob.ID, bot.StatsTourney, time.Time{}, statsWinner},
		{"the practice opponents' id", 0, bot.StatsCash, time.Time{}, bot.HandStats{}},
	} {
		got, err := st.PlayerStats(ctx, comm, tc.player, tc.kind, tc.since)
		if err != nil || got != tc.want {
			t.Errorf("%s: %+v, %v\nwant %+v", tc.name, got, err, tc.want)
		}
	}
	board, err := st.Leaderboard(ctx, comm, bot.StatsCash, time.Time{}, 10)
	if err != nil || len(board) != 2 || board[0].PlayerID != ana.ID || board[0].Name != "Ana" || board[1].PlayerID != bob.ID ||
		board[0].HandStats != sum(times(statsWinner, 3), statsLoser) || board[1].Hands != 5 {
		t.Fatalf("leaderboard %+v, %v", board, err)
	}
	if top, _ := st.Leaderboard(ctx, comm, bot.StatsCash, time.Time{}, 1); len(top) != 1 || top[0].PlayerID != ana.ID {
		t.Errorf("the top 1: %+v", top)
	}
	if later, _ := st.Leaderboard(ctx, comm, bot.StatsCash, day9.AddDate(0, 0, 1), 10); len(later) != 0 {
		t.Errorf("a period without hands: %+v", later)
	}
	if other, _ := st.Leaderboard(ctx, comm+1000, bot.StatsCash, time.Time{}, 10); len(other) != 0 {
		t.Errorf("another community's leaderboard: %+v", other)
	}
}

// sum adds up counters.
func sum(ss ...bot.HandStats) bot.HandStats {
	var out bot.HandStats
	for _, s := range ss {
		out.Add(s)
	}
	return out
}

// testPlayerStatsGiven: a write that ends a hand with the counters its
// table computed (TableWrite.Stats) adds those, not the hand's as stored
// (given here unlike them, so that a read-back would show); the end
// written again counts once; a voided hand counts for nothing.
func testPlayerStatsGiven(t *testing.T, open Opener) {
	st, table, comm, ana, bob := statsTable(t, open)
	ctx := context.Background()
	day := time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)
	given := bot.HandStats{Hands: 1, VPIP: 1, Calls: 7, Net: 123, NetCentiBB: 6150, BiggestPot: 200}
	play := func(void string, kind bot.StatsKind) int64 {
		t.Helper()
		setup, events := statsHand(t, []int64{ana.ID, bob.ID, 0}, nil)
		w := &bot.TableWrite{TableID: table, NewHand: &setup, Events: events[:5], At: day}
		if err := st.CommitTables(ctx, []*bot.TableWrite{w}); err != nil {
			t.Fatal(err)
		}
		end := &bot.TableWrite{TableID: table, HandID: w.HandID, Events: events[5:], EndHand: true, Void: void, At: day,
			Stats: &bot.EndedHandStats{Community: comm, Kind: kind, Players: []bot.PlayerHandStats{{PlayerID: ana.ID, HandStats: given}}}}
		if err := st.CommitTables(ctx, []*bot.TableWrite{end}); err != nil {
			t.Fatal(err)
		}
		return w.HandID
	}
	first := play("", bot.StatsCash)
	again := &bot.TableWrite{TableID: table, HandID: first, EndHand: true, At: day,
		Stats: &bot.EndedHandStats{Community: comm, Kind: bot.StatsCash, Players: []bot.PlayerHandStats{{PlayerID: ana.ID, HandStats: given}}}}
	if err := st.CommitTables(ctx, []*bot.TableWrite{again}); err != nil {
		t.Fatal(err)
	}
	play("a misdeal", bot.StatsCash)
	play("", bot.StatsTourney)
	for _, tc := range []struct {
		name   string
		player int64
		kind   bot.StatsKind
		want   bot.HandStats
	}{
		{"Ana, the counters given, once", ana.ID, bot.StatsCash, given},
		{"Ana's tournament hand, as given", ana.ID, bot.StatsTourney, given},
		{"Bob, left out of the counters given", bob.ID, bot.StatsCash, bot.HandStats{}},
	} {
		got, err := st.PlayerStats(ctx, comm, tc.player, tc.kind, time.Time{})
		if err != nil || got != tc.want {
			t.Errorf("%s: %+v, %v\nwant %+v", tc.name, got, err, tc.want)
		}
	}
}
