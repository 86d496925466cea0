package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/store"
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

// testBatchMovesChipsInTurn: a batch's chip moves, made together, are
// checked and applied as if each write's were made in turn: a move may
// spend what an earlier one brought; one that overdraws an account after
// the moves before it refuses the whole batch, which leaves nothing; an
// unknown account is not found; moves over more accounts than one
// statement's chunk, and hands started and ended at more tables than one
// chunk, each land where they belong.
func testBatchMovesChipsInTurn(t *testing.T, open Opener) {
	st, s, table := roomTable(t, open)
	ctx := context.Background()
	open1 := func(kind bot.AccountKind, key string) int64 {
		t.Helper()
		id, err := st.OpenAccount(ctx, kind, key, 0)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	bank, a, b, c := open1(bot.AccountBank, "bank"), open1(bot.AccountTable, "a"), open1(bot.AccountTable, "b"), open1(bot.AccountTable, "c")
	mv := func(from, to, amount int64) *bot.TableWrite {
		return &bot.TableWrite{TableID: table, Moves: []bot.Move{{From: from, To: to, Amount: amount, Reason: "test"}}}
	}
	balances := func() [4]int64 {
		t.Helper()
		var out [4]int64
		for i, id := range []int64{bank, a, b, c} {
			n, err := st.Balance(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			out[i] = n
		}
		return out
	}
	if err := st.CommitTables(ctx, []*bot.TableWrite{mv(bank, a, 100), mv(a, b, 60), mv(b, c, 60), mv(c, a, 10)}); err != nil {
		t.Fatalf("moves spending what the ones before brought: %v", err)
	}
	if got, want := balances(), [4]int64{-100, 50, 0, 50}; got != want {
		t.Fatalf("balances %v, want %v", got, want)
	}
	err := st.CommitTables(ctx, []*bot.TableWrite{mv(a, b, 50), mv(c, b, 50), mv(a, c, 1)})
	var short *store.InsufficientFundsError
	if !errors.Is(err, bot.ErrInsufficientFunds) || !errors.As(err, &short) || short.AccountID != a || short.Balance != 0 || short.Amount != 1 {
		t.Fatalf("a move overdrawing after the ones before: %v; want account %d short, holding 0 of 1", err, a)
	}
	if err := st.CommitTables(ctx, []*bot.TableWrite{mv(bank, a, 5), mv(a, 1<<40, 5)}); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("a move to an unknown account: %v, want not found", err)
	}
	if got, want := balances(), [4]int64{-100, 50, 0, 50}; got != want {
		t.Fatalf("after refused batches: balances %v, want %v unchanged", got, want)
	}

	// 70 accounts and 70 tables: more than one chunk (64) of each.
	var writes []*bot.TableWrite
	var accounts, tables []int64
	setup, events := statsHand(t, []int64{0, 0, 0}, nil)
	tabs, _ := st.OpenTables(ctx, 0)
	for i := range 70 {
		acc := open1(bot.AccountTable, fmt.Sprintf("many%d", i))
		tab, err := st.AddTable(ctx, bot.TableRecord{CommunityID: tabs[0].CommunityID, Name: fmt.Sprintf("m%d", i), Variant: "nlhe", Stakes: "1/2"})
		if err != nil {
			t.Fatal(err)
		}
		accounts, tables = append(accounts, acc), append(tables, tab)
		w := mv(bank, acc, int64(i+1))
		w.TableID, w.NewHand, w.Events = tab, &setup, events[:1]
		writes = append(writes, w)
	}
	if err := st.CommitTables(ctx, writes); err != nil {
		t.Fatalf("70 tables' hands and moves: %v", err)
	}
	seen := map[int64]bool{}
	for i, w := range writes {
		if n, err := st.Balance(ctx, accounts[i]); err != nil || n != int64(i+1) {
			t.Errorf("account %d of 70: %d, %v; want %d", i+1, n, err, i+1)
		}
		h, err := s.LoadHand(ctx, w.HandID)
		if err != nil || h.TableID != tables[i] || seen[w.HandID] || len(h.Events) != 1 {
			t.Errorf("table %d of 70: hand %d at table %d with %d events, %v; want its own hand, at table %d, with 1 event", i+1, w.HandID, h.TableID, len(h.Events), err, tables[i])
		}
		seen[w.HandID] = true
	}
	// The 70 hands end in one batch, the first voided; the last is ended
	// again by a repeated write.
	day := time.Date(2026, 11, 3, 12, 0, 0, 0, time.UTC)
	var ends []*bot.TableWrite
	for i, w := range writes {
		end := &bot.TableWrite{TableID: w.TableID, HandID: w.HandID, EndHand: true, At: day.Add(time.Duration(i) * time.Second)}
		if i == 0 {
			end.Void = "test"
		}
		ends = append(ends, end)
	}
	if err := st.CommitTables(ctx, ends); err != nil {
		t.Fatalf("70 hands ending: %v", err)
	}
	again := &bot.TableWrite{TableID: writes[69].TableID, HandID: writes[69].HandID, EndHand: true, At: day.Add(time.Hour)}
	if err := st.CommitTables(ctx, []*bot.TableWrite{again}); err != nil {
		t.Fatalf("a hand's end written again: %v", err)
	}
	for i, w := range writes {
		want := day.Add(time.Duration(i) * time.Second)
		if i == 69 {
			want = day.Add(time.Hour)
		}
		h, err := s.LoadHand(ctx, w.HandID)
		if err != nil || !h.EndedAt.Equal(want) {
			t.Errorf("hand %d of 70: ended %v, %v; want %v", i+1, h.EndedAt, err, want)
		}
	}
	audit, err := s.Audit(ctx)
	if err != nil || !audit.OK() || audit.Entries != 4+70 {
		t.Errorf("audit: %+v, %v; want the books balanced with 74 entries", audit, err)
	}
}

// testBatchSetsTableStates: two writes of a batch set a table's state and
// the later one's is stored (on PostgreSQL one UPDATE sets a batch's
// states); a state for a table that does not exist refuses the batch,
// the other write's state with it.
func testBatchSetsTableStates(t *testing.T, open Opener) {
	st, _, table := roomTable(t, open)
	ctx := context.Background()
	states := func(s ...string) []*bot.TableWrite {
		var ws []*bot.TableWrite
		for _, js := range s {
			ws = append(ws, &bot.TableWrite{TableID: table, State: js, SaveState: true, At: epoch})
		}
		return ws
	}
	if err := st.CommitTables(ctx, states(`{"hands":2}`, `{"hands":3}`)); err != nil {
		t.Fatal(err)
	}
	missing := &bot.TableWrite{TableID: table + 1000, State: `{}`, SaveState: true, At: epoch}
	if err := st.CommitTables(ctx, append(states(`{"hands":4}`), missing)); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("the state of a table that does not exist: %v, want ErrNotFound", err)
	}
	if tabs, _ := st.OpenTables(ctx, 0); len(tabs) != 1 || tabs[0].State != `{"hands":3}` {
		t.Fatalf("tables %+v, want the later state of the batch stored and nothing of the refused one", tabs)
	}
}

// testBatchWithAStoredEventStoresNothing: a batch of actions in the
// middle of hands (events, tables' states, timers) is stored whole or not
// at all. An event another process stored first refuses the batch, and
// nothing of it is stored: not the other table's events, nor the states,
// nor the timers. The batch without that write then lands whole, and so
// does the next action after it.
func testBatchWithAStoredEventStoresNothing(t *testing.T, open Opener) {
	st, s, table1 := roomTable(t, open)
	ctx := context.Background()
	tabs, err := st.OpenTables(ctx, 0)
	if err != nil || len(tabs) != 1 {
		t.Fatalf("tables %+v, %v", tabs, err)
	}
	table2, err := st.AddTable(ctx, bot.TableRecord{CommunityID: tabs[0].CommunityID, Name: "t2", Variant: "nlhe", Stakes: "1/2"})
	if err != nil {
		t.Fatal(err)
	}
	setup, h, start := handWithActions(t, 3)
	evs := h.Events()
	if len(evs) < start+2 {
		t.Fatalf("a hand of %d events, want at least %d", len(evs), start+2)
	}
	start1 := &bot.TableWrite{TableID: table1, NewHand: &setup, Events: evs[:start], At: epoch}
	start2 := &bot.TableWrite{TableID: table2, NewHand: &setup, Events: evs[:start], At: epoch}
	if err := st.CommitTables(ctx, []*bot.TableWrite{start1, start2}); err != nil {
		t.Fatal(err)
	}
	// Another process stores the second hand's next event behind this
	// store's back (what it remembers of the log is now stale).
	if err := s.DB().Exec("INSERT INTO hand_events (hand_id, seq, kind, payload, created_at) VALUES (?, ?, ?, ?, ?)",
		start2.HandID, evs[start].Seq+1, evs[start].Kind.String(), "{}", epoch).Error; err != nil {
		t.Fatal(err)
	}
	timer := bot.Deadline{Key: fmt.Sprintf("turn:table:%d", table1), At: epoch.Add(time.Minute), Payload: "turn"}
	act1 := &bot.TableWrite{TableID: table1, HandID: start1.HandID, Events: evs[start : start+1], State: `{"hands":1}`, SaveState: true,
		SetDeadlines: []bot.Deadline{timer}, At: epoch}
	act2 := &bot.TableWrite{TableID: table2, HandID: start2.HandID, Events: evs[start : start+1], State: `{"hands":2}`, SaveState: true, At: epoch}
	if err := st.CommitTables(ctx, []*bot.TableWrite{act1, act2}); !errors.Is(err, bot.ErrDuplicate) {
		t.Fatalf("a batch with an event stored already: %v, want ErrDuplicate", err)
	}
	stored := func(what string, wantEvents int, wantState string, wantTimers int) {
		t.Helper()
		rec, err := st.LoadHand(ctx, start1.HandID)
		if err != nil || len(rec.Events) != wantEvents {
			t.Fatalf("%s: the first hand has %d events, %v; want %d", what, len(rec.Events), err, wantEvents)
		}
		tabs, err := st.OpenTables(ctx, 0)
		if err != nil || len(tabs) != 2 || tabs[0].ID != table1 || tabs[0].State != wantState {
			t.Fatalf("%s: tables %+v, %v; want the first one's state %q", what, tabs, err, wantState)
		}
		ds, err := st.Deadlines(ctx)
		if err != nil || len(ds) != wantTimers {
			t.Fatalf("%s: timers %+v, %v; want %d", what, ds, err, wantTimers)
		}
	}
	stored("after the refused batch", start, "", 0)
	if err := st.CommitTables(ctx, []*bot.TableWrite{act1}); err != nil {
		t.Fatalf("the batch without the refused write: %v", err)
	}
	stored("after the batch without it", start+1, `{"hands":1}`, 1)
	next := &bot.TableWrite{TableID: table1, HandID: start1.HandID, Events: evs[start+1 : start+2], State: `{"hands":3}`, SaveState: true,
		ClearDeadlines: []string{timer.Key}, At: epoch}
	if err := st.CommitTables(ctx, []*bot.TableWrite{next}); err != nil {
		t.Fatalf("the next action: %v", err)
	}
	stored("after the next action", start+2, `{"hands":3}`, 0)
}
