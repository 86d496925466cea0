package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// testAuditSnapshot: the snapshot holds the ledger audit, the accounts,
// the open tables (not the closed) with their seats and their unfinished
// hands' setups, every tournament with the ops of those not ended, and
// the welcome grants only.
func testAuditSnapshot(t *testing.T, open Opener) {
	st, s, table := roomTable(t, open)
	ctx := context.Background()
	at := time.Date(2024, 5, 1, 12, 0, 0, 0, time.UTC)
	bank, err := st.OpenAccount(ctx, bot.AccountBank, "bank", 0)
	if err != nil {
		t.Fatal(err)
	}
	p, err := st.Player(ctx, "console", "ann", "Ann")
	if err != nil {
		t.Fatal(err)
	}
	bob, err := st.Player(ctx, "console", "bob", "Bob")
	if err != nil {
		t.Fatal(err)
	}
	wallet, err := st.OpenAccount(ctx, bot.AccountPlayer, "player:1", p.ID)
	if err != nil {
		t.Fatal(err)
	}
	pot, err := st.OpenAccount(ctx, bot.AccountTable, "table:1", 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Move(ctx, bot.Move{From: bank, To: wallet, Amount: 1000, Reason: "welcome", Reference: "welcome:1"},
		bot.Move{From: bank, To: wallet, Amount: 50, Reason: "grant", Reference: "x"},
		bot.Move{From: wallet, To: pot, Amount: 200, Reason: "buy-in", Reference: "table:1"}); err != nil {
		t.Fatal(err)
	}
	closed, err := st.AddTable(ctx, bot.TableRecord{CommunityID: 1, Name: "t2", Variant: "nlhe", Stakes: "1/2"})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.CloseTable(ctx, closed, at); err != nil {
		t.Fatal(err)
	}
	setup := engine.Setup{Rules: engine.Config{Game: engine.Draw, SmallBlind: 1, BigBlind: 2}, CarriedPot: 7,
		Seats: []engine.Seat{{Stack: 100}, {Stack: 100}}}
	setup.Deck, _ = engine.NewDeck(52, 0)
	w := &bot.TableWrite{TableID: table, NewHand: &setup, SaveSeats: true, State: `{"hands":1}`, SaveState: true, At: at,
		Seats: []bot.SeatRecord{{Seat: 1, PlayerID: p.ID, Stack: 100, State: `{"pending":5}`}, {Seat: 2, PlayerID: bob.ID, Stack: 100}}}
	if err := st.CommitTables(ctx, []*bot.TableWrite{w}); err != nil {
		t.Fatal(err)
	}
	open1, err := st.AddTourney(ctx, bot.TourneyRecord{CommunityID: 1, Name: "open", Status: "registering"})
	if err != nil {
		t.Fatal(err)
	}
	ended, err := st.AddTourney(ctx, bot.TourneyRecord{CommunityID: 1, Name: "ended", Status: "registering"})
	if err != nil {
		t.Fatal(err)
	}
	ops := &bot.TableWrite{At: at, TourneyOps: []bot.TourneyOp{{TourneyID: open1, Seq: 1, Kind: "open"}, {TourneyID: ended, Seq: 1, Kind: "open"}},
		Status: &bot.TourneyStatus{TourneyID: ended, Status: "cancelled", Ended: true}}
	if err := st.CommitTables(ctx, []*bot.TableWrite{ops}); err != nil {
		t.Fatal(err)
	}

	snap, err := st.AuditSnapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if l := snap.Ledger; l.Accounts != 3 || l.Entries != 3 || l.Total != 0 || len(l.Mismatches) != 0 {
		t.Errorf("ledger audit %+v, want 3 accounts, 3 entries, balanced", l)
	}
	bal := map[string]int64{}
	for _, a := range snap.Accounts {
		bal[a.Key] = a.Balance
	}
	if bal["bank"] != -1050 || bal["player:1"] != 850 || bal["table:1"] != 200 {
		t.Errorf("accounts %+v", snap.Accounts)
	}
	if len(snap.Tables) != 1 || snap.Tables[0].ID != table || snap.Tables[0].State != `{"hands":1}` {
		t.Fatalf("open tables %+v, want table %d only, with its state", snap.Tables, table)
	}
	if ss := snap.Seats[table]; len(ss) != 2 || ss[0].Stack != 100 || ss[0].State != `{"pending":5}` {
		t.Errorf("seats %+v", ss)
	}
	if hs := snap.OpenHands[table]; len(hs) != 1 || hs[0].Setup.CarriedPot != 7 || hs[0].ID != w.HandID {
		t.Errorf("open hands %+v, want hand %d carrying 7", hs, w.HandID)
	}
	if len(snap.Tourneys) != 2 || !snap.Tourneys[0].EndedAt.IsZero() || snap.Tourneys[1].EndedAt.IsZero() {
		t.Errorf("tournaments %+v, want one open and one ended", snap.Tourneys)
	}
	if o := snap.Ops[open1]; len(o) != 1 || o[0].Kind != "open" || len(snap.Ops[ended]) != 0 {
		t.Errorf("ops %+v, want the open tournament's only", snap.Ops)
	}
	if g := snap.Welcome; len(g) != 1 || g[0].To != wallet || g[0].Amount != 1000 || g[0].Reference != "welcome:1" {
		t.Errorf("welcome grants %+v", g)
	}

	// A balance changed behind the ledger's back is in the ledger audit.
	if err := s.DB().Exec("UPDATE accounts SET balance = balance + 1 WHERE id = ?", pot).Error; err != nil {
		t.Fatal(err)
	}
	snap, err = st.AuditSnapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if l := snap.Ledger; l.Total != 1 || len(l.Mismatches) != 1 || l.Mismatches[0] != (bot.LedgerMismatch{AccountID: pot, Balance: 201, Ledger: 200}) {
		t.Errorf("ledger audit %+v, want table:1 off by one", l)
	}
}
