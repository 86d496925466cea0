package storetest

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// testBatchSharesRows: the writes of one batch that change the same rows
// (two tables' hands ending with the same players on the same day, timers
// set and cleared, a table's seats saved twice) leave what writing them in
// turn would: the statistics added up, the last timer and the last seats
// kept.
func testBatchSharesRows(t *testing.T, open Opener) {
	st, table1, comm, ana, bob := statsTable(t, open)
	ctx := context.Background()
	table2, err := st.AddTable(ctx, bot.TableRecord{CommunityID: comm, Name: "t2", Variant: "nlhe", Stakes: "1/2"})
	if err != nil {
		t.Fatal(err)
	}
	day := time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)
	setup, events := statsHand(t, []int64{ana.ID, bob.ID, 0}, nil)
	start1 := &bot.TableWrite{TableID: table1, NewHand: &setup, Events: events[:5], At: day}
	start2 := &bot.TableWrite{TableID: table2, NewHand: &setup, Events: events[:5], At: day}
	if err := st.CommitTables(ctx, []*bot.TableWrite{start1, start2}); err != nil {
		t.Fatal(err)
	}
	dl := func(key string, min int) bot.Deadline {
		return bot.Deadline{Key: key, At: day.Add(time.Duration(min) * time.Minute), Payload: key}
	}
	end1 := &bot.TableWrite{TableID: table1, HandID: start1.HandID, Events: events[5:], EndHand: true, At: day,
		Seats: []bot.SeatRecord{{Seat: 1, PlayerID: ana.ID, Stack: 10}, {Seat: 2, PlayerID: bob.ID, Stack: 20}}, SaveSeats: true,
		SetDeadlines: []bot.Deadline{dl("a", 1), dl("b", 1), dl("c", 1)}, ClearDeadlines: []string{"c"}}
	// The second table's hand: its statistics computed by the table.
	st2 := bot.EndedHandStats{Community: comm, Kind: bot.StatsCash, Players: []bot.PlayerHandStats{
		{PlayerID: ana.ID, HandStats: statsWinner}, {PlayerID: bob.ID, HandStats: statsLoser}}}
	end2 := &bot.TableWrite{TableID: table2, HandID: start2.HandID, Events: events[5:], EndHand: true, At: day, Stats: &st2,
		Seats: []bot.SeatRecord{{Seat: 1, PlayerID: bob.ID, Stack: 30}}, SaveSeats: true,
		SetDeadlines: []bot.Deadline{dl("b", 2)}, ClearDeadlines: []string{"a"}}
	again1 := &bot.TableWrite{TableID: table1, Seats: []bot.SeatRecord{{Seat: 3, PlayerID: ana.ID, Stack: 40}}, SaveSeats: true, At: day,
		SetDeadlines: []bot.Deadline{dl("a", 3)}}
	if err := st.CommitTables(ctx, []*bot.TableWrite{end1, end2, again1}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []struct {
		who  bot.Player
		want bot.HandStats
	}{{ana, times(statsWinner, 2)}, {bob, times(statsLoser, 2)}} {
		got, err := st.PlayerStats(ctx, comm, p.who.ID, bot.StatsCash, time.Time{})
		if err != nil || got != p.want {
			t.Errorf("%s's statistics: %+v, %v; want %+v", p.who.DisplayName, got, err, p.want)
		}
	}
	ds, err := st.Deadlines(ctx)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]time.Time{}
	for _, d := range ds {
		got[d.Payload] = d.At.UTC()
	}
	if want := map[string]time.Time{"a": dl("a", 3).At, "b": dl("b", 2).At}; !reflect.DeepEqual(got, want) {
		t.Errorf("timers: %v, want %v", got, want)
	}
	for _, tc := range []struct {
		table int64
		want  []bot.SeatRecord
	}{
		{table1, []bot.SeatRecord{{Seat: 3, PlayerID: ana.ID, Stack: 40, State: "{}"}}},
		{table2, []bot.SeatRecord{{Seat: 1, PlayerID: bob.ID, Stack: 30, State: "{}"}}},
	} {
		seats, err := st.Seats(ctx, tc.table)
		if err != nil || !reflect.DeepEqual(seats, tc.want) {
			t.Errorf("seats of table %d: %+v, %v; want %+v", tc.table, seats, err, tc.want)
		}
	}
}
