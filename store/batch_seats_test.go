package store_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/store/storetest"
)

// A batch's seats replace each table's stored seats exactly, on both
// backends: a seat kept holds its new stack and state, a seat no longer
// held is gone, a table left with none has none, a new seat is stored;
// with more tables than one of SQLite's chunks takes. A write naming a
// seat twice is refused as a conflict, saying which seat (a refusal the
// group commit knows: it stores the batch's other writes alone), and
// nothing of its batch is stored.
func TestBatchSeatsReplaceTheStoredSeats(t *testing.T) {
	for _, b := range storetest.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			s, first := probeStore(t, b)
			ctx := context.Background()
			c, err := s.Community(ctx, "console", "room", "The room")
			if err != nil {
				t.Fatal(err)
			}
			tables := []int64{first}
			for i := range 59 {
				id, err := s.AddTable(ctx, bot.TableRecord{CommunityID: c.ID, Name: fmt.Sprintf("s%d", i), Variant: "nlhe", Stakes: "1/2"})
				if err != nil {
					t.Fatal(err)
				}
				tables = append(tables, id)
			}
			var players []int64
			for i := range 9 {
				p, err := s.Player(ctx, "console", fmt.Sprintf("p%d", i), "P")
				if err != nil {
					t.Fatal(err)
				}
				players = append(players, p.ID)
			}
			at := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
			seats := func(stack int64, nums ...int) []bot.SeatRecord {
				var out []bot.SeatRecord
				for _, n := range nums {
					out = append(out, bot.SeatRecord{Seat: n, PlayerID: players[n-1], Stack: stack + int64(n), State: fmt.Sprintf(`{"s":%d}`, stack)})
				}
				return out
			}
			commit := func(want map[int64][]bot.SeatRecord) error {
				var ws []*bot.TableWrite
				for _, id := range tables {
					if ss, ok := want[id]; ok {
						ws = append(ws, &bot.TableWrite{TableID: id, At: at, Seats: ss, SaveSeats: true})
					}
				}
				return s.CommitTables(ctx, ws)
			}
			check := func(when string, want map[int64][]bot.SeatRecord) {
				t.Helper()
				for _, id := range tables {
					got, err := s.Seats(ctx, id)
					if err != nil {
						t.Fatal(err)
					}
					w := want[id]
					if len(got) != len(w) {
						t.Fatalf("%s: table %d holds %d seats %+v, want %+v", when, id, len(got), got, w)
					}
					for i := range w {
						g := bot.SeatRecord{Seat: got[i].Seat, PlayerID: got[i].PlayerID, Stack: got[i].Stack, SittingOut: got[i].SittingOut, State: got[i].State}
						if !reflect.DeepEqual(g, w[i]) {
							t.Fatalf("%s: table %d seat %+v, want %+v", when, id, g, w[i])
						}
					}
				}
			}
			before := map[int64][]bot.SeatRecord{}
			for i, id := range tables {
				before[id] = seats(100, 1, 2, 3, 4, 5, 6, 7, 8, 9)[:3+i%7]
			}
			if err := commit(before); err != nil {
				t.Fatal(err)
			}
			check("first batch", before)
			after := map[int64][]bot.SeatRecord{}
			for i, id := range tables {
				switch i % 4 {
				case 0: // one left, one kept and changed, one new
					after[id] = seats(200, 2, 9)
				case 1: // everyone left
					after[id] = nil
				case 2: // unchanged
					after[id] = before[id]
				case 3: // every stack changed
					after[id] = seats(300, 1, 2, 3, 4, 5, 6, 7, 8, 9)[:3+i%7]
				}
			}
			if err := commit(after); err != nil {
				t.Fatal(err)
			}
			want := map[int64][]bot.SeatRecord{}
			for id, ss := range after {
				if len(ss) > 0 {
					want[id] = ss
				}
			}
			check("second batch", want)
			twice := map[int64][]bot.SeatRecord{tables[0]: seats(400, 2, 2), tables[1]: seats(400, 1)}
			if err := commit(twice); !errors.Is(err, bot.ErrDuplicate) || !strings.Contains(err.Error(), "seat 2 given twice") {
				t.Fatalf("a seat given twice: %v, want the duplicate refused, naming the seat", err)
			}
			check("a refused batch", want)
		})
	}
}
