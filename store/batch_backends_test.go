package store_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/store/storetest"
)

// reviewBatch runs one large batch on a backend and returns what the
// store holds after it, as text comparable across backends.
func bigBatch(t *testing.T, b storetest.Backend) []string {
	s, _ := probeStore(t, b)
	ctx := context.Background()
	c, err := s.Community(ctx, "console", "room", "The room")
	if err != nil {
		t.Fatal(err)
	}
	const n = 80
	at := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	bank, err := s.OpenAccount(ctx, bot.AccountBank, "bank", 0)
	if err != nil {
		t.Fatal(err)
	}
	var tables, taccs, wallets, players []int64
	for i := range n {
		id, err := s.AddTable(ctx, bot.TableRecord{CommunityID: c.ID, Name: fmt.Sprintf("x%d", i), Variant: "nlhe", Stakes: "1/2"})
		if err != nil {
			t.Fatal(err)
		}
		tables = append(tables, id)
		ta, err := s.OpenAccount(ctx, bot.AccountTable, fmt.Sprintf("table:%d", id), 0)
		if err != nil {
			t.Fatal(err)
		}
		taccs = append(taccs, ta)
		p, err := s.Player(ctx, "console", fmt.Sprintf("u%d", i), "U")
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, p.ID)
		w, err := s.OpenAccount(ctx, bot.AccountPlayer, fmt.Sprintf("wallet:%d", i), p.ID)
		if err != nil {
			t.Fatal(err)
		}
		wallets = append(wallets, w)
	}
	var ws []*bot.TableWrite
	for i := range n {
		w := &bot.TableWrite{TableID: tables[i], At: at.Add(time.Duration(i) * time.Millisecond),
			Moves: []bot.Move{
				{From: bank, To: taccs[i], Amount: int64(100 + i), Reason: fmt.Sprintf("buy-in %d", i), Reference: fmt.Sprintf("ref:%d", i)},
				{From: taccs[i], To: wallets[(i*7)%n], Amount: int64(1 + i%5), Reason: fmt.Sprintf("out %d", i)},
			},
			Seats:     []bot.SeatRecord{{Seat: 2, PlayerID: players[i], Stack: int64(99 + i), State: `{"a":1}`}, {Seat: 1, PlayerID: players[(i+1)%n], Stack: 1, SittingOut: true}},
			SaveSeats: true,
			State:     fmt.Sprintf(`{"hands":%d}`, i), SaveState: true,
			SetDeadlines: []bot.Deadline{{Key: fmt.Sprintf("t%d:turn", tables[i]), At: at.Add(time.Duration(i) * time.Second), Payload: fmt.Sprintf("p%d", i)},
				{Key: "shared", At: at.Add(time.Duration(i) * time.Minute), Payload: fmt.Sprintf("s%d", i)}},
			Close: i%7 == 3,
		}
		if i%3 == 1 {
			w.ClearDeadlines = []string{fmt.Sprintf("t%d:turn", tables[i-1]), "shared"}
		}
		ws = append(ws, w)
	}
	// A second write of table 0 later in the batch: its seats and state win.
	ws = append(ws, &bot.TableWrite{TableID: tables[0], At: at, Seats: []bot.SeatRecord{{Seat: 5, PlayerID: players[5], Stack: 7}}, SaveSeats: true,
		State: `{"hands":1000}`, SaveState: true})
	if err := s.CommitTables(ctx, ws); err != nil {
		t.Fatal(err)
	}
	var out []string
	q := func(sql string, cols int) {
		rows, err := s.DB().Raw(sql).Rows()
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		for rows.Next() {
			vals := make([]any, cols)
			ptrs := make([]any, cols)
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for i, v := range vals {
				switch x := v.(type) {
				case []byte:
					vals[i] = string(x)
				case time.Time:
					vals[i] = x.UTC().Format(time.RFC3339Nano)
				case bool:
					if x {
						vals[i] = 1
					} else {
						vals[i] = 0
					}
				}
			}
			out = append(out, sql[:12]+fmt.Sprint(vals...))
		}
	}
	base := fmt.Sprint(tables[0] - 1)
	abase := fmt.Sprint(bank)
	q("SELECT from_account_id - "+abase+", to_account_id - "+abase+", amount, reason, reference FROM ledger_entries ORDER BY id", 5)
	q("SELECT id - "+base+", state, closed_at IS NULL FROM tables WHERE id > "+base+" ORDER BY id", 3)
	q("SELECT table_id - "+base+", seat, stack, sitting_out, state FROM seats ORDER BY table_id, seat", 5)
	q("SELECT key, payload FROM deadlines ORDER BY key", 2)
	q("SELECT id - "+abase+", balance FROM accounts ORDER BY id", 2)
	return out
}

// TestBatchSameOnBothBackends: one batch of 81 writes (80 tables, one of
// them written twice) with moves, seats, states, timers set and cleared
// across writes, and closings stores the same rows on SQLite (chunks) and
// PostgreSQL (column arrays): ledger entries in the same order, the later
// write's seats, state and timer, the same tables closed and balances.
func TestBatchSameOnBothBackends(t *testing.T) {
	var got [][]string
	for _, b := range storetest.Backends() {
		if b.Skip != "" {
			t.Skip(b.Skip)
		}
		t.Run(b.Name, func(t *testing.T) { got = append(got, bigBatch(t, b)) })
	}
	t.Logf("rows %d %d", len(got[0]), len(got[len(got)-1]))
	if len(got) == 2 && !reflect.DeepEqual(got[0], got[1]) {
		for i := range max(len(got[0]), len(got[1])) {
			var a, b string
			if i < len(got[0]) {
				a = got[0][i]
			}
			if i < len(got[1]) {
				b = got[1][i]
			}
			if a != b {
				t.Errorf("row %d:\n  %s\n  %s", i, a, b)
			}
		}
	}
}
