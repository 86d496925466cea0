package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// testCloseTableWithItsWrite: a write that closes a table (TableWrite.Close)
// closes it in the same transaction as its seats and chips: a batch refused
// leaves it open with its seats and chips; one stored closes it (no longer
// open) with its chips moved and seats emptied; closing again keeps it
// closed; a table that does not exist refuses the write.
func testCloseTableWithItsWrite(t *testing.T, open Opener) {
	st, _, table := roomTable(t, open)
	ctx := context.Background()
	a, _ := st.Player(ctx, "console", "a", "Ana")
	bank, _ := st.OpenAccount(ctx, bot.AccountBank, "bank", 0)
	wallet, _ := st.OpenAccount(ctx, bot.AccountPlayer, "wallet:a", a.ID)
	tacc, _ := st.OpenAccount(ctx, bot.AccountTable, "table:x", 0)
	seat := &bot.TableWrite{TableID: table, Moves: []bot.Move{{From: bank, To: tacc, Amount: 80, Reason: "buy-in"}},
		Seats: []bot.SeatRecord{{Seat: 1, PlayerID: a.ID, Stack: 80}}, SaveSeats: true, At: epoch}
	if err := st.CommitTables(ctx, []*bot.TableWrite{seat}); err != nil {
		t.Fatal(err)
	}
	closing := func(amount int64) *bot.TableWrite {
		return &bot.TableWrite{TableID: table, Moves: []bot.Move{{From: tacc, To: wallet, Amount: amount, Reason: "cash-out"}},
			SaveSeats: true, State: `{"closing":true}`, SaveState: true, Close: true, At: epoch.Add(time.Hour)}
	}
	// Refused (more chips than the table holds): nothing of it is stored.
	if err := st.CommitTables(ctx, []*bot.TableWrite{closing(81)}); !errors.Is(err, bot.ErrInsufficientFunds) {
		t.Fatalf("a close moving more than the table holds: %v, want ErrInsufficientFunds", err)
	}
	if tabs, _ := st.OpenTables(ctx, 0); len(tabs) != 1 || tabs[0].State == `{"closing":true}` {
		t.Fatalf("after a refused close, open tables %+v: want the table open as it was", tabs)
	}
	if seats, _ := st.Seats(ctx, table); len(seats) != 1 {
		t.Fatalf("after a refused close, seats %+v", seats)
	}
	if bal, _ := st.Balance(ctx, tacc); bal != 80 {
		t.Fatalf("after a refused close, the table holds %d, want 80", bal)
	}
	// Refused by another write of its batch: nothing of it is stored.
	missing := &bot.TableWrite{TableID: table + 1000, Close: true, At: epoch}
	if err := st.CommitTables(ctx, []*bot.TableWrite{closing(80), missing}); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("closing a table that does not exist: %v, want ErrNotFound", err)
	}
	if tabs, _ := st.OpenTables(ctx, 0); len(tabs) != 1 {
		t.Fatalf("a batch refused closed the table: open tables %+v", tabs)
	}
	if bal, _ := st.Balance(ctx, wallet); bal != 0 {
		t.Fatalf("a batch refused paid the wallet %d", bal)
	}
	// Stored: closed, chips out, seats empty.
	if err := st.CommitTables(ctx, []*bot.TableWrite{closing(80)}); err != nil {
		t.Fatal(err)
	}
	if tabs, _ := st.OpenTables(ctx, 0); len(tabs) != 0 {
		t.Fatalf("a closed table is open: %+v", tabs)
	}
	if seats, _ := st.Seats(ctx, table); len(seats) != 0 {
		t.Fatalf("a closed table kept seats %+v", seats)
	}
	if bal, _ := st.Balance(ctx, tacc); bal != 0 {
		t.Fatalf("a closed table holds %d", bal)
	}
	if bal, _ := st.Balance(ctx, wallet); bal != 80 {
		t.Fatalf("the wallet holds %d after the close, want 80", bal)
	}
	// Closing again (a retry of a write stored although reported failed)
	// is no error and keeps it closed.
	if err := st.CommitTables(ctx, []*bot.TableWrite{{TableID: table, SaveSeats: true, Close: true, At: epoch.Add(2 * time.Hour)}}); err != nil {
		t.Fatalf("closing a closed table again: %v", err)
	}
	if tabs, _ := st.OpenTables(ctx, 0); len(tabs) != 0 {
		t.Fatalf("a table closed twice is open: %+v", tabs)
	}
	snap, err := st.AuditSnapshot(ctx)
	if err != nil || len(snap.Ledger.Mismatches) != 0 || snap.Ledger.Total != 0 {
		t.Fatalf("the ledger after the close: %+v, %v", snap.Ledger, err)
	}
}

// testTableRecordOpenOrClosed: Table reads a table's record by its id,
// open or closed (ClosedAt then set), with its community, variant and
// stakes; an id no table has is ErrNotFound.
func testTableRecordOpenOrClosed(t *testing.T, open Opener) {
	st, _, table := roomTable(t, open)
	ctx := context.Background()
	rec, err := st.Table(ctx, table)
	if err != nil || rec.ID != table || rec.Variant != "nlhe" || rec.Stakes != "1/2" || rec.CommunityID == 0 || !rec.ClosedAt.IsZero() {
		t.Fatalf("open table: %+v, %v", rec, err)
	}
	if err := st.CloseTable(ctx, table, epoch); err != nil {
		t.Fatal(err)
	}
	rec, err = st.Table(ctx, table)
	if err != nil || rec.ID != table || rec.Stakes != "1/2" || !rec.ClosedAt.Equal(epoch) {
		t.Fatalf("closed table: %+v, %v", rec, err)
	}
	if _, err := st.Table(ctx, table+1000); !errors.Is(err, bot.ErrNotFound) {
		t.Fatalf("no such table: %v, want ErrNotFound", err)
	}
}
