package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// TestEndHandsMixedBatches: on both backends, a batch ending a hand ended
// before (a repeated write) together with new ends, and a batch where two
// writes end one hand: each hand counted once in the statistics; the
// repeated end rewrites ended_at as endHand does.
func TestEndHandsMixedBatches(t *testing.T) {
	for _, b := range Backends() {
		t.Run(b.Name, func(t *testing.T) {
			if b.Skip != "" {
				t.Skip(b.Skip)
			}
			st, table1, comm, ana, bob := statsTable(t, b.Open)
			ctx := context.Background()
			var tables = []int64{table1}
			for _, n := range []string{"t2", "t3", "t4"} {
				id, err := st.AddTable(ctx, bot.TableRecord{CommunityID: comm, Name: n, Variant: "nlhe", Stakes: "1/2"})
				if err != nil {
					t.Fatal(err)
				}
				tables = append(tables, id)
			}
			day := time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)
			setup, events := statsHand(t, []int64{ana.ID, bob.ID, 0}, nil)
			var starts []*bot.TableWrite
			for _, tb := range tables {
				starts = append(starts, &bot.TableWrite{TableID: tb, NewHand: &setup, Events: events[:5], At: day})
			}
			if err := st.CommitTables(ctx, starts); err != nil {
				t.Fatal(err)
			}
			end := func(i int, at time.Time, evs bool) *bot.TableWrite {
				w := &bot.TableWrite{TableID: tables[i], HandID: starts[i].HandID, EndHand: true, At: at}
				if evs {
					w.Events = events[5:]
				}
				return w
			}
			// Hand 0 ends alone.
			if err := st.CommitTables(ctx, []*bot.TableWrite{end(0, day, true)}); err != nil {
				t.Fatal(err)
			}
			// Hand 0's end again, with hands 1 and 2 ending.
			if err := st.CommitTables(ctx, []*bot.TableWrite{end(0, day.Add(time.Minute), false), end(1, day, true), end(2, day, true)}); err != nil {
				t.Fatal(err)
			}
			// Hand 3 ended by two writes of one batch.
			if err := st.CommitTables(ctx, []*bot.TableWrite{end(3, day, true), end(3, day.Add(time.Minute), false)}); err != nil {
				t.Fatal(err)
			}
			got, err := st.PlayerStats(ctx, comm, ana.ID, bot.StatsCash, time.Time{})
			if want := times(statsWinner, 4); err != nil || got != want {
				t.Errorf("Ana: %+v, %v; want %+v (4 hands, each once)", got, err, want)
			}
			// An unknown hand ending with known ones: not found, nothing kept.
			err = st.CommitTables(ctx, []*bot.TableWrite{end(1, day, false), {TableID: tables[2], HandID: 1 << 40, EndHand: true, At: day}})
			if !errors.Is(err, bot.ErrNotFound) {
				t.Errorf("unknown hand: %v, want not found", err)
			}
		})
	}
}

// TestTwoHandsStartedAtOneTableInABatch: two writes of a batch start hands at one
// table (the fallback), each with its events.
func TestTwoHandsStartedAtOneTableInABatch(t *testing.T) {
	for _, b := range Backends() {
		t.Run(b.Name, func(t *testing.T) {
			if b.Skip != "" {
				t.Skip(b.Skip)
			}
			st, s, table := roomTable(t, b.Open)
			ctx := context.Background()
			tabs, _ := st.OpenTables(ctx, 0)
			t2, _ := st.AddTable(ctx, bot.TableRecord{CommunityID: tabs[0].CommunityID, Name: "t2", Variant: "nlhe", Stakes: "1/2"})
			setup, events := statsHand(t, []int64{0, 0, 0}, nil)
			ws := []*bot.TableWrite{
				{TableID: table, NewHand: &setup, Events: events[:1]},
				{TableID: t2, NewHand: &setup, Events: events[:2]},
				{TableID: table, NewHand: &setup, Events: events[:3]},
			}
			if err := st.CommitTables(ctx, ws); err != nil {
				t.Fatal(err)
			}
			for i, w := range ws {
				h, err := s.LoadHand(ctx, w.HandID)
				if err != nil || h.TableID != w.TableID || len(h.Events) != i+1 {
					t.Errorf("write %d: hand %d table %d events %d %v", i, w.HandID, h.TableID, len(h.Events), err)
				}
			}
		})
	}
}
