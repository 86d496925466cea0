package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// testTourneyStats: a finished tournament's counters are added to its
// players' rows of the day with the write of its finish op, and only
// with it (the op stored once: a repeated write counts nothing, and a
// failed one nothing either); the sums over a period are its days' rows,
// the best finish the lowest place; practice opponents (id 0) never have
// rows; the leaderboard is by net prize money.
func testTourneyStats(t *testing.T, open Opener) {
	st, _, _ := roomTable(t, open)
	ctx := context.Background()
	comm, err := st.Community(ctx, "console", "room", "The room")
	if err != nil {
		t.Fatal(err)
	}
	ana, _ := st.Player(ctx, "console", "a", "Ana")
	bob, _ := st.Player(ctx, "console", "b", "Bob")
	cid := comm.ID
	finish := func(rows []bot.TourneyResult, at time.Time) (int64, error) {
		t.Helper()
		id, err := st.AddTourney(ctx, bot.TourneyRecord{CommunityID: cid, Name: "sng", Status: "running"})
		if err != nil {
			t.Fatal(err)
		}
		w := &bot.TableWrite{TourneyOps: []bot.TourneyOp{{TourneyID: id, Seq: 1, Kind: "finish"}},
			Status: &bot.TourneyStatus{TourneyID: id, Status: "finished", Ended: true}, TourneyStats: rows, At: at}
		return id, st.CommitTables(ctx, []*bot.TableWrite{w})
	}
	day1 := time.Date(2026, 11, 2, 23, 59, 0, 0, time.UTC) // a Monday
	day9 := day1.AddDate(0, 0, 8)
	// Day 1: Ana wins a 10-chip sit-and-go (prize 30, one knockout), Bob
	// re-entered once and finished 2nd (prize 0), a practice opponent 3rd.
	first := []bot.TourneyResult{
		{CommunityID: cid, PlayerID: ana.ID, TourneyStats: bot.TourneyStats{Tourneys: 1, Entries: 1, Spent: 10, Won: 30, Cashes: 1, Knockouts: 1, BestFinish: 1}},
		{CommunityID: cid, PlayerID: bob.ID, TourneyStats: bot.TourneyStats{Tourneys: 1, Entries: 2, Spent: 20, Knockouts: 2, BestFinish: 2}},
		{CommunityID: cid, PlayerID: 0, TourneyStats: bot.TourneyStats{Tourneys: 1, Entries: 1, Spent: 10, BestFinish: 3}},
	}
	id, err := finish(first, day1)
	if err != nil {
		t.Fatal(err)
	}
	// The same op written again fails, and counts nothing.
	again := &bot.TableWrite{TourneyOps: []bot.TourneyOp{{TourneyID: id, Seq: 1, Kind: "finish"}}, TourneyStats: first, At: day1}
	if err := st.CommitTables(ctx, []*bot.TableWrite{again}); err == nil {
		t.Fatalf("the finish op written twice: %v", err)
	}
	// Statistics without an op are refused (nothing would keep them once).
	if err := st.CommitTables(ctx, []*bot.TableWrite{{TourneyStats: first, At: day1}}); err == nil {
		t.Fatal("tournament statistics without an op were stored")
	}
	// Day 9: Bob wins (prize 25, spent 10), Ana 3rd (spent 10).
	if _, err := finish([]bot.TourneyResult{
		{CommunityID: cid, PlayerID: bob.ID, TourneyStats: bot.TourneyStats{Tourneys: 1, Entries: 1, Spent: 10, Won: 25, Cashes: 1, BestFinish: 1}},
		{CommunityID: cid, PlayerID: ana.ID, TourneyStats: bot.TourneyStats{Tourneys: 1, Entries: 1, Spent: 10, BestFinish: 3}},
	}, day9); err != nil {
		t.Fatal(err)
	}
	anaAll := bot.TourneyStats{Tourneys: 2, Entries: 2, Spent: 20, Won: 30, Cashes: 1, Knockouts: 1, BestFinish: 1}
	bobAll := bot.TourneyStats{Tourneys: 2, Entries: 3, Spent: 30, Won: 25, Cashes: 1, Knockouts: 2, BestFinish: 1}
	for _, tc := range []struct {
		name   string
		player int64
		since  time.Time
		want   bot.TourneyStats
	}{
		{"Ana, all", ana.ID, time.Time{}, anaAll},
		{"Bob, all", bob.ID, time.Time{}, bobAll},
		{"Ana, from day 9", ana.ID, day9.Add(-time.Hour), bot.TourneyStats{Tourneys: 1, Entries: 1, Spent: 10, BestFinish: 3}},
		{"Bob, from day 1", bob.ID, day1, bobAll},
		{"Bob, before day 9's best", bob.ID, day1.AddDate(0, 0, 1), bot.TourneyStats{Tourneys: 1, Entries: 1, Spent: 10, Won: 25, Cashes: 1, BestFinish: 1}},
		{"the practice opponents' id", 0, time.Time{}, bot.TourneyStats{}},
	} {
		got, err := st.TourneyStats(ctx, cid, tc.player, tc.since)
		if err != nil || got != tc.want {
			t.Errorf("%s: %+v, %v\nwant %+v", tc.name, got, err, tc.want)
		}
	}
	board, err := st.TourneyLeaderboard(ctx, cid, time.Time{}, 10)
	if err != nil || len(board) != 2 || board[0].PlayerID != ana.ID || board[0].Name != "Ana" || board[0].TourneyStats != anaAll ||
		board[1].PlayerID != bob.ID || board[1].TourneyStats != bobAll {
		t.Fatalf("leaderboard %+v, %v", board, err)
	}
	if week, _ := st.TourneyLeaderboard(ctx, cid, day9.Add(-time.Hour), 10); len(week) != 2 || week[0].PlayerID != bob.ID {
		t.Errorf("day 9's leaderboard: %+v", week)
	}
	if top, _ := st.TourneyLeaderboard(ctx, cid, time.Time{}, 1); len(top) != 1 || top[0].PlayerID != ana.ID {
		t.Errorf("the top 1: %+v", top)
	}
	if other, _ := st.TourneyLeaderboard(ctx, cid+1000, time.Time{}, 10); len(other) != 0 {
		t.Errorf("another community's leaderboard: %+v", other)
	}
}
