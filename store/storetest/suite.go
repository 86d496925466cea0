package storetest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/store"
)

// epoch is the fake clock's start.
var epoch = time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)

// Run runs the whole conformance suite against stores made by open.
func Run(t *testing.T, open Opener) {
	tests := []struct {
		name string
		fn   func(*testing.T, Opener)
	}{
		{"MigrateFromEmpty", testMigrateFromEmpty},
		{"RemigrateIsIdempotent", testRemigrateIsIdempotent},
		{"SchemaHasTheSameColumns", testSchemaColumns},
		{"FirstReleaseDatabaseMigratesOn", testFirstReleaseMigratesOn},
		{"RefusesNewerSchema", testRefusesNewerSchema},
		{"RefusesForeignTables", testRefusesForeignTables},
		{"SchemaRefusesBadRowsDirectly", testSchemaConstraints},
		{"EnsureIsIdempotentAndUnique", testEnsure},
		{"GetByIDFindsTheRowOrNotFound", testGetByID},
		{"TransferMovesChipsAndRecordsEntry", testTransfer},
		{"TransferRefusesOverdraft", testOverdraft},
		{"TransferRefusesInvalidRequests", testInvalidTransfers},
		{"TransactionRollsBackTogether", testRollback},
		{"HandEventsInOrder", testHandEvents},
		{"DuplicateHandEventRefused", testDuplicateHandEvent},
		{"InvalidHandEventRefused", testInvalidHandEvent},
		{"ConcurrentTransfersBalanceExactly", testConcurrentTransfers},
		{"HandLogResumesEveryPrefix", testHandLogResumesEveryPrefix},
		{"AppendEventsAllOrNothing", testAppendEventsAllOrNothing},
		{"RoomRecords", testRoomRecords},
		{"SecretsAreMadeOnceAndKept", testSecrets},
		{"KeyValuesStoredReplacedBounded", testKeyValues},
		{"MoveOnceMarksAreKeyValues", testMoveOnceMarksAreKeyValues},
		{"KeyValuesSurviveMigration9", testKeyValuesSurviveMigration9},
		{"CommitTablesAllOrNothing", testCommitTables},
		{"BatchSetsTableStates", testBatchSetsTableStates},
		{"BatchWithAStoredEventStoresNothing", testBatchWithAStoredEventStoresNothing},
		{"HandLogHasNoGaps", testHandLogHasNoGaps},
		{"HandLogsOfABatchContinueOrNone", testHandLogsOfABatch},
		{"EncodedEventsAreStoredAsEncoded", testEncodedEvents},
		{"BrokenHandsAreReturnedAndVoided", testBrokenHandsAreReturnedAndVoided},
		{"MoveOnce", testMoveOnce},
		{"Economy", testEconomy},
		{"FindMembersAmongTheKeyed", testFindMembers},
		{"TourneyOpsInOrderOnceEach", testTourneyOps},
		{"TemplatesSavedReplacedDeleted", testTemplates},
		{"AuditSnapshotReadsWhatTheAuditChecks", testAuditSnapshot},
		{"ExportHandsOfACommunitySinceADate", testExportHands},
		{"ExportHandsStops", testExportHandsStops},
		{"PlayerHandsAreTheNewestOfTheRange", testPlayerHands},
		{"PlayerHandsStops", testPlayerHandsStops},
		{"FindCommunityByNumberOrChat", testFindCommunity},
		{"TableHandByNumber", testTableHand},
		{"PlayerStatsAddedWhenHandsEnd", testPlayerStats},
		{"PlayerStatsGivenWithTheEndAddedOnce", testPlayerStatsGiven},
		{"BatchSharesRowsAsWrittenInTurn", testBatchSharesRows},
		{"BatchMovesChipsInTurn", testBatchMovesChipsInTurn},
		{"TourneyStatsAddedWithTheFinishOp", testTourneyStats},
		{"CloseTableWithItsWrite", testCloseTableWithItsWrite},
		{"TableRecordOpenOrClosed", testTableRecordOpenOrClosed},
		{"LeaseIsHeldByOneHolder", testLease},
		{"LeaseIsRenewedOnlyWhileItNamesItsHolder", testLeaseRenewal},
		{"FenceRefusesWrites", testFenceRefusesWrites},
		{"FenceFollowsTheLeaseInTheDatabase", testFenceFollowsTheLeaseInTheDatabase},
		{"EveryWriteFollowsTheLease", testEveryWriteFollowsTheLease},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { tc.fn(t, open) })
	}
}

// migrated opens a store with a fake clock and migrates it.
func migrated(t *testing.T, open Opener) (*store.Store, *Clock) {
	t.Helper()
	clock := NewClock(epoch)
	s := open(t, store.Options{Clock: clock})
	if _, err := s.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return s, clock
}

func testMigrateFromEmpty(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, store.Options{})
	v, err := s.SchemaVersion(ctx)
	if err != nil || v != 0 {
		t.Fatalf("empty database: SchemaVersion = %d, %v; want 0, nil", v, err)
	}
	for _, name := range store.Tables() {
		if s.DB().Migrator().HasTable(name) {
			t.Fatalf("empty database already has table %s", name)
		}
	}
	applied, err := s.Migrate(ctx)
	if err != nil {
		t.Fatalf("migrate: %v", err)
	}
	if want := store.LatestSchemaVersion(); applied != want {
		t.Errorf("Migrate applied %d steps, want %d", applied, want)
	}
	v, err = s.SchemaVersion(ctx)
	if err != nil || v != store.LatestSchemaVersion() {
		t.Errorf("after migrate: SchemaVersion = %d, %v; want %d", v, err, store.LatestSchemaVersion())
	}
	for _, name := range store.Tables() {
		if !s.DB().Migrator().HasTable(name) {
			t.Errorf("after migrate: table %s missing", name)
		}
	}
}

func testRemigrateIsIdempotent(t *testing.T, open Opener) {
	ctx := context.Background()
	s, _ := migrated(t, open)
	p, err := s.EnsurePlayer(ctx, store.Telegram, "42", "Ann")
	if err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		applied, err := s.Migrate(ctx)
		if err != nil {
			t.Fatalf("re-migrate %d: %v", i+1, err)
		}
		if applied != 0 {
			t.Errorf("re-migrate %d applied %d steps, want 0", i+1, applied)
		}
	}
	var rows int64
	if err := s.DB().Table("schema_migrations").Count(&rows).Error; err != nil {
		t.Fatal(err)
	}
	if rows != int64(store.LatestSchemaVersion()) {
		t.Errorf("schema_migrations has %d rows, want %d", rows, store.LatestSchemaVersion())
	}
	again, err := s.EnsurePlayer(ctx, store.Telegram, "42", "Ann")
	if err != nil || again.ID != p.ID {
		t.Errorf("player after re-migrate: %+v, %v; want ID %d", again, err, p.ID)
	}
}

func testEnsure(t *testing.T, open Opener) {
	ctx := context.Background()
	s, _ := migrated(t, open)
	a, err := s.EnsurePlayer(ctx, store.Telegram, "7", "Ann")
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.EnsurePlayer(ctx, store.Telegram, "7", "Ann B.")
	if err != nil {
		t.Fatal(err)
	}
	if a.ID != b.ID || b.DisplayName != "Ann B." {
		t.Errorf("same platform user: got %+v then %+v; want one player renamed", a, b)
	}
	c, err := s.EnsurePlayer(ctx, store.Discord, "7", "Ann")
	if err != nil {
		t.Fatal(err)
	}
	if c.ID == a.ID {
		t.Errorf("same user ID on another platform got the same player %d", c.ID)
	}
	g1, err := s.EnsureCommunity(ctx, store.Telegram, "-100", "Poker night")
	if err != nil {
		t.Fatal(err)
	}
	g2, err := s.EnsureCommunity(ctx, store.Telegram, "-100", "Poker night")
	if err != nil || g1.ID != g2.ID {
		t.Errorf("same chat: %d then %d (%v); want one community", g1.ID, g2.ID, err)
	}
	acc, err := s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindPlayer, Key: "wallet:7", PlayerID: &a.ID})
	if err != nil {
		t.Fatal(err)
	}
	acc2, err := s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindPlayer, Key: "wallet:7", PlayerID: &a.ID})
	if err != nil || acc2.ID != acc.ID {
		t.Errorf("same account key: %d then %d (%v)", acc.ID, acc2.ID, err)
	}
	if _, err := s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindBank, Key: "wallet:7"}); !errors.Is(err, store.ErrConflict) {
		t.Errorf("same key, other kind: err = %v, want ErrConflict", err)
	}
}

func testGetByID(t *testing.T, open Opener) {
	ctx := context.Background()
	s, _ := migrated(t, open)
	bank, _ := accounts(t, s, 0)
	h := hand(t, s)
	if a, err := s.Account(ctx, bank.ID); err != nil || a.ID != bank.ID || a.Key != "bank" || a.Kind != store.KindBank {
		t.Errorf("Account(%d) = %+v, %v; want the bank", bank.ID, a, err)
	}
	if got, err := s.Hand(ctx, h.ID); err != nil || got.ID != h.ID || got.TableID != h.TableID || got.Deck != h.Deck {
		t.Errorf("Hand(%d) = %+v, %v; want %+v", h.ID, got, err, h)
	}
	if a, err := s.Account(ctx, 999999); !errors.Is(err, store.ErrNotFound) || err.Error() != "account 999999: not found" || a != (store.Account{}) {
		t.Errorf("Account(999999) = %+v, %v; want the zero account and ErrNotFound", a, err)
	}
	if got, err := s.Hand(ctx, 999999); !errors.Is(err, store.ErrNotFound) || err.Error() != "hand 999999: not found" || got != (store.Hand{}) {
		t.Errorf("Hand(999999) = %+v, %v; want the zero hand and ErrNotFound", got, err)
	}
}

// accounts creates a bank and n player wallets.
func accounts(t *testing.T, s *store.Store, n int) (bank store.Account, players []store.Account) {
	t.Helper()
	ctx := context.Background()
	bank, err := s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindBank, Key: "bank"})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		p, err := s.EnsurePlayer(ctx, store.Console, fmt.Sprint(i), fmt.Sprintf("player %d", i))
		if err != nil {
			t.Fatal(err)
		}
		a, err := s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindPlayer, Key: fmt.Sprintf("wallet:%d", p.ID), PlayerID: &p.ID})
		if err != nil {
			t.Fatal(err)
		}
		players = append(players, a)
	}
	return bank, players
}

// wantBalances checks cached balances, ledger sums and the audit.
func wantBalances(t *testing.T, s *store.Store, want map[int64]int64) {
	t.Helper()
	ctx := context.Background()
	for id, w := range want {
		got, err := s.Balance(ctx, id)
		if err != nil || got != w {
			t.Errorf("account %d: balance %d (%v), want %d", id, got, err, w)
		}
		sum, err := s.LedgerBalance(ctx, id)
		if err != nil || sum != w {
			t.Errorf("account %d: ledger sum %d (%v), want %d", id, sum, err, w)
		}
	}
	audit, err := s.Audit(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !audit.OK() {
		t.Errorf("audit: total %d, mismatches %+v; want total 0 and none", audit.Total, audit.Mismatches)
	}
}

func testTransfer(t *testing.T, open Opener) {
	ctx := context.Background()
	s, clock := migrated(t, open)
	bank, ps := accounts(t, s, 2)
	clock.Advance(time.Minute)
	e, err := s.Transfer(ctx, store.Transfer{From: bank.ID, To: ps[0].ID, Amount: 500, Reason: "grant", Reference: "test:1"})
	if err != nil {
		t.Fatalf("grant: %v", err)
	}
	if e.ID == 0 || e.FromAccountID != bank.ID || e.ToAccountID != ps[0].ID || e.Amount != 500 || e.Reason != "grant" || e.Reference != "test:1" {
		t.Errorf("entry = %+v", e)
	}
	if want := epoch.Add(time.Minute); !e.CreatedAt.Equal(want) {
		t.Errorf("entry CreatedAt = %v, want the clock's %v", e.CreatedAt, want)
	}
	if _, err := s.Transfer(ctx, store.Transfer{From: ps[0].ID, To: ps[1].ID, Amount: 120, Reason: "pay"}); err != nil {
		t.Fatalf("pay: %v", err)
	}
	wantBalances(t, s, map[int64]int64{bank.ID: -500, ps[0].ID: 380, ps[1].ID: 120})
	// Spending the whole balance is allowed: zero is not negative.
	if _, err := s.Transfer(ctx, store.Transfer{From: ps[1].ID, To: ps[0].ID, Amount: 120, Reason: "pay"}); err != nil {
		t.Fatalf("spend all: %v", err)
	}
	wantBalances(t, s, map[int64]int64{bank.ID: -500, ps[0].ID: 500, ps[1].ID: 0})
	if got := s.TransferCount(); got != 3 {
		t.Errorf("TransferCount = %d, want 3", got)
	}
}

func testOverdraft(t *testing.T, open Opener) {
	ctx := context.Background()
	s, _ := migrated(t, open)
	bank, ps := accounts(t, s, 2)
	table, err := s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindTable, Key: "table:1"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Transfer(ctx, store.Transfer{From: bank.ID, To: ps[0].ID, Amount: 50, Reason: "grant"}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name     string
		from     store.Account
		amount   int64
		balance  int64
		refusedF bool
	}{
		{"player one chip over", ps[0], 51, 50, true},
		{"empty player", ps[1], 1, 0, true},
		{"empty table", table, 1, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.Transfer(ctx, store.Transfer{From: tc.from.ID, To: bank.ID, Amount: tc.amount, Reason: "overdraft"})
			if !errors.Is(err, store.ErrInsufficientFunds) {
				t.Fatalf("err = %v, want ErrInsufficientFunds", err)
			}
			var ife *store.InsufficientFundsError
			if !errors.As(err, &ife) || ife.AccountID != tc.from.ID || ife.Balance != tc.balance || ife.Amount != tc.amount {
				t.Errorf("error details = %+v, want account %d balance %d amount %d", ife, tc.from.ID, tc.balance, tc.amount)
			}
		})
	}
	// The bank may go negative.
	if _, err := s.Transfer(ctx, store.Transfer{From: bank.ID, To: table.ID, Amount: 1000, Reason: "grant"}); err != nil {
		t.Errorf("bank overdraft refused: %v", err)
	}
	wantBalances(t, s, map[int64]int64{bank.ID: -1050, ps[0].ID: 50, ps[1].ID: 0, table.ID: 1000})
	audit, err := s.Audit(ctx)
	if err != nil || audit.Entries != 2 {
		t.Errorf("ledger has %d entries (%v), want 2: refused transfers must leave none", audit.Entries, err)
	}
}

func testInvalidTransfers(t *testing.T, open Opener) {
	ctx := context.Background()
	s, _ := migrated(t, open)
	bank, ps := accounts(t, s, 1)
	p := ps[0].ID
	for _, tc := range []struct {
		name string
		tr   store.Transfer
		want error
	}{
		{"zero amount", store.Transfer{From: bank.ID, To: p, Amount: 0, Reason: "x"}, store.ErrNonPositiveAmount},
		{"negative amount", store.Transfer{From: bank.ID, To: p, Amount: -5, Reason: "x"}, store.ErrNonPositiveAmount},
		{"same account", store.Transfer{From: p, To: p, Amount: 1, Reason: "x"}, store.ErrSameAccount},
		{"same bank account", store.Transfer{From: bank.ID, To: bank.ID, Amount: 1, Reason: "x"}, store.ErrSameAccount},
		{"no reason", store.Transfer{From: bank.ID, To: p, Amount: 1}, store.ErrMissingReason},
		{"unknown source", store.Transfer{From: 999999, To: p, Amount: 1, Reason: "x"}, store.ErrNotFound},
		{"unknown destination", store.Transfer{From: bank.ID, To: 999999, Amount: 1, Reason: "x"}, store.ErrNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := s.Transfer(ctx, tc.tr); !errors.Is(err, tc.want) {
				t.Errorf("err = %v, want %v", err, tc.want)
			}
		})
	}
	audit, err := s.Audit(ctx)
	if err != nil || audit.Entries != 0 || !audit.OK() {
		t.Errorf("after refused transfers: audit %+v (%v), want no entries", audit, err)
	}
}

func testRollback(t *testing.T, open Opener) {
	ctx := context.Background()
	s, _ := migrated(t, open)
	bank, ps := accounts(t, s, 2)
	err := s.InTx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Transfer(store.Transfer{From: bank.ID, To: ps[0].ID, Amount: 10, Reason: "grant"}); err != nil {
			return err
		}
		_, err := tx.Transfer(store.Transfer{From: ps[1].ID, To: ps[0].ID, Amount: 10, Reason: "pay"})
		return err
	})
	if !errors.Is(err, store.ErrInsufficientFunds) {
		t.Fatalf("err = %v, want ErrInsufficientFunds", err)
	}
	wantBalances(t, s, map[int64]int64{bank.ID: 0, ps[0].ID: 0, ps[1].ID: 0})
	if got := s.TransferCount(); got != 0 {
		t.Errorf("TransferCount after rollback = %d, want 0", got)
	}
}

// hand creates a community, table and hand.
func hand(t *testing.T, s *store.Store) store.Hand {
	t.Helper()
	ctx := context.Background()
	c, err := s.EnsureCommunity(ctx, store.Console, "local", "console")
	if err != nil {
		t.Fatal(err)
	}
	tbl := store.Table{CommunityID: c.ID, Name: "T1", Variant: "nlhe", Stakes: "1/2"}
	if err := s.CreateTable(ctx, &tbl); err != nil {
		t.Fatal(err)
	}
	h := store.Hand{TableID: tbl.ID, Variant: "nlhe", Deck: "AsKd...", Commitment: "sha256:00"}
	if err := s.CreateHand(ctx, &h); err != nil {
		t.Fatal(err)
	}
	return h
}

func testHandEvents(t *testing.T, open Opener) {
	ctx := context.Background()
	s, _ := migrated(t, open)
	h := hand(t, s)
	if !h.StartedAt.Equal(epoch) {
		t.Errorf("hand StartedAt = %v, want the clock's %v", h.StartedAt, epoch)
	}
	if err := s.AppendHandEvents(ctx, h.ID, []store.HandEvent{
		{Seq: 2, Kind: "post", Payload: `{"seat":2,"amount":2}`},
		{Seq: 1, Kind: "post", Payload: `{"seat":1,"amount":1}`},
	}); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendHandEvents(ctx, h.ID, []store.HandEvent{{Seq: 3, Kind: "deal"}}); err != nil {
		t.Fatal(err)
	}
	got, err := s.HandEvents(ctx, h.ID)
	if err != nil {
		t.Fatal(err)
	}
	var seqs []int
	for _, e := range got {
		seqs = append(seqs, e.Seq)
	}
	if !slices.Equal(seqs, []int{1, 2, 3}) {
		t.Fatalf("sequence numbers %v, want [1 2 3]", seqs)
	}
	if got[0].Payload != `{"seat":1,"amount":1}` || got[2].Payload != "{}" || got[2].Kind != "deal" {
		t.Errorf("events read back: %+v", got)
	}
	if err := s.AppendHandEvents(ctx, 999999, []store.HandEvent{{Seq: 1, Kind: "x"}}); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("event for unknown hand: err = %v, want ErrNotFound", err)
	}
}

func testDuplicateHandEvent(t *testing.T, open Opener) {
	ctx := context.Background()
	s, _ := migrated(t, open)
	h := hand(t, s)
	if err := s.AppendHandEvents(ctx, h.ID, []store.HandEvent{{Seq: 1, Kind: "a"}, {Seq: 2, Kind: "b"}}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		events []store.HandEvent
		seq    int
	}{
		{"existing sequence", []store.HandEvent{{Seq: 2, Kind: "again"}}, 2},
		{"new then existing", []store.HandEvent{{Seq: 3, Kind: "c"}, {Seq: 1, Kind: "again"}}, 1},
		{"twice in one batch", []store.HandEvent{{Seq: 4, Kind: "d"}, {Seq: 4, Kind: "d"}}, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := s.AppendHandEvents(ctx, h.ID, tc.events)
			if !errors.Is(err, store.ErrDuplicateEvent) {
				t.Fatalf("err = %v, want ErrDuplicateEvent", err)
			}
			var de *store.DuplicateEventError
			if !errors.As(err, &de) || de.HandID != h.ID || de.Seq != tc.seq {
				t.Errorf("error details %+v, want hand %d seq %d", de, h.ID, tc.seq)
			}
		})
	}
	got, err := s.HandEvents(ctx, h.ID)
	if err != nil || len(got) != 2 || got[1].Kind != "b" {
		t.Errorf("after refused batches: %+v (%v); want the first two events only", got, err)
	}
	// The other side of the unique index: a second hand may reuse numbers.
	h2 := hand(t, s)
	if err := s.AppendHandEvents(ctx, h2.ID, []store.HandEvent{{Seq: 1, Kind: "a"}}); err != nil {
		t.Errorf("seq 1 of another hand: %v", err)
	}
}

func testInvalidHandEvent(t *testing.T, open Opener) {
	ctx := context.Background()
	s, _ := migrated(t, open)
	h := hand(t, s)
	for _, tc := range []struct {
		name string
		ev   store.HandEvent
	}{
		{"sequence zero", store.HandEvent{Seq: 0, Kind: "a"}},
		{"negative sequence", store.HandEvent{Seq: -1, Kind: "a"}},
		{"empty kind", store.HandEvent{Seq: 1}},
		{"payload not JSON", store.HandEvent{Seq: 1, Kind: "a", Payload: "{seat:1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := s.AppendHandEvents(ctx, h.ID, []store.HandEvent{tc.ev}); !errors.Is(err, store.ErrInvalidEvent) {
				t.Errorf("err = %v, want ErrInvalidEvent", err)
			}
		})
	}
}

// Concurrency: 100 goroutines x 100 random transfers among 10 accounts.
const (
	goroutines  = 100
	perRoutine  = 100
	nAccounts   = 10
	startChips  = 1000
	maxTransfer = 300
)

func testConcurrentTransfers(t *testing.T, open Opener) {
	ctx := context.Background()
	s, _ := migrated(t, open)
	bank, ps := accounts(t, s, nAccounts)
	want := map[int64]int64{bank.ID: -startChips * nAccounts}
	for _, p := range ps {
		if _, err := s.Transfer(ctx, store.Transfer{From: bank.ID, To: p.ID, Amount: startChips, Reason: "grant"}); err != nil {
			t.Fatal(err)
		}
		want[p.ID] = startChips
	}
	var (
		mu               sync.Mutex
		done, overdrafts int
		firstUnexpected  error
		wg               sync.WaitGroup
	)
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 0x706f6b6572))
			for range perRoutine {
				from := ps[rng.IntN(nAccounts)].ID
				to := ps[rng.IntN(nAccounts-1)].ID
				if to == from { // pick among the other nine
					to = ps[nAccounts-1].ID
				}
				amount := 1 + rng.Int64N(maxTransfer)
				_, err := s.Transfer(ctx, store.Transfer{From: from, To: to, Amount: amount, Reason: "test", Reference: fmt.Sprint("g", g)})
				mu.Lock()
				switch {
				case err == nil:
					done++
					want[from] -= amount
					want[to] += amount
				case errors.Is(err, store.ErrInsufficientFunds):
					overdrafts++
				case firstUnexpected == nil:
					firstUnexpected = err
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstUnexpected != nil {
		t.Fatalf("unexpected transfer error: %v", firstUnexpected)
	}
	t.Logf("%d transfers committed, %d refused as overdrafts", done, overdrafts)
	if done+overdrafts != goroutines*perRoutine {
		t.Errorf("%d committed + %d refused, want %d in all", done, overdrafts, goroutines*perRoutine)
	}
	if done == 0 {
		t.Fatal("no transfer committed")
	}
	var total int64
	for id, w := range want {
		total += w
		if w < 0 && id != bank.ID {
			t.Errorf("expected balance of player account %d is negative: %d", id, w)
		}
	}
	if total != 0 {
		t.Errorf("expected balances sum to %d, want 0", total)
	}
	wantBalances(t, s, want)
	audit, err := s.Audit(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if want := int64(nAccounts + done); audit.Entries != want {
		t.Errorf("ledger has %d entries, want %d", audit.Entries, want)
	}
}

// wantColumns is the schema every backend must have after migrating.
var wantColumns = map[string][]string{
	"schema_migrations": {"applied_at", "name", "version"},
	"communities":       {"chat_id", "created_at", "day_cap", "grant_cap", "guild", "id", "language", "platform", "spectator_chat", "title", "updated_at"},
	"players":           {"banned", "created_at", "display_name", "id", "language", "platform", "updated_at", "user_id"},
	"accounts":          {"balance", "created_at", "id", "key", "kind", "player_id"},
	"ledger_entries":    {"amount", "created_at", "from_account_id", "id", "reason", "reference", "to_account_id"},
	"tables":            {"account_id", "closed_at", "community_id", "config", "created_at", "id", "name", "stakes", "state", "variant"},
	"hands":             {"commitment", "deck", "ended_at", "id", "setup", "started_at", "table_id", "variant", "voided"},
	"hand_events":       {"created_at", "hand_id", "id", "kind", "payload", "seq"},
	"seats":             {"player_id", "seat", "sitting_out", "stack", "state", "table_id", "updated_at"},
	"deadlines":         {"due_at", "key", "payload"},
	"key_values":        {"key", "updated_at", "value"},
	"secrets":           {"created_at", "name", "value"},
	"tourneys":          {"community_id", "config", "created_at", "ended_at", "id", "name", "status"},
	"tourney_ops":       {"created_at", "data", "id", "kind", "seq", "tourney_id"},
	"tourney_templates": {"community_id", "config", "last", "name", "spec", "updated_at"},
	"admin_log":         {"action", "actor", "actor_id", "amount", "at", "community_id", "detail", "id", "target", "target_id"},
	"player_stats": {"aggressive", "biggest_pot", "calls", "community_id", "day", "hands", "kind", "net", "net_centi_bb", "pfr", "player_id",
		"saw_flop", "three_bet_chances", "three_bets", "vpip", "went_to_showdown", "won_at_showdown"},
	"tourney_stats": {"best_finish", "cashes", "community_id", "day", "entries", "knockouts", "player_id", "spent", "tourneys", "won"},
}

func testSchemaColumns(t *testing.T, open Opener) {
	s, _ := migrated(t, open)
	if len(wantColumns) != len(store.Tables()) {
		t.Fatalf("the suite knows %d tables, the store %d", len(wantColumns), len(store.Tables()))
	}
	for _, table := range store.Tables() {
		cols, err := s.DB().Migrator().ColumnTypes(table)
		if err != nil {
			t.Fatalf("columns of %s: %v", table, err)
		}
		var got []string
		for _, c := range cols {
			got = append(got, c.Name())
		}
		slices.Sort(got)
		if !slices.Equal(got, wantColumns[table]) {
			t.Errorf("table %s has columns %v, want %v", table, got, wantColumns[table])
		}
	}
	for _, idx := range []struct {
		model any
		name  string
	}{
		{&store.HandEvent{}, "ux_hand_events_hand_seq"},
		{&store.Player{}, "ux_players_platform_user"},
		{&store.Community{}, "ux_communities_platform_chat"},
	} {
		if !s.DB().Migrator().HasIndex(idx.model, idx.name) {
			t.Errorf("index %s missing", idx.name)
		}
	}
}

// testSchemaConstraints checks that the database itself, not only the Go
// code, refuses rows that break the ledger's rules.
func testSchemaConstraints(t *testing.T, open Opener) {
	s, _ := migrated(t, open)
	bank, ps := accounts(t, s, 2)
	now := epoch
	for _, tc := range []struct {
		name string
		sql  string
		args []any
		ok   bool
	}{
		{"negative player balance", "UPDATE accounts SET balance = -1 WHERE id = ?", []any{ps[0].ID}, false},
		{"negative bank balance", "UPDATE accounts SET balance = -1 WHERE id = ?", []any{bank.ID}, true},
		{"zero amount", "INSERT INTO ledger_entries (from_account_id, to_account_id, amount, reason, reference, created_at) VALUES (?, ?, 0, 'x', '', ?)", []any{bank.ID, ps[0].ID, now}, false},
		{"same account", "INSERT INTO ledger_entries (from_account_id, to_account_id, amount, reason, reference, created_at) VALUES (?, ?, 1, 'x', '', ?)", []any{bank.ID, bank.ID, now}, false},
		{"unknown account", "INSERT INTO ledger_entries (from_account_id, to_account_id, amount, reason, reference, created_at) VALUES (?, 999999, 1, 'x', '', ?)", []any{bank.ID, now}, false},
		{"duplicate player", "INSERT INTO players (platform, user_id, display_name, language, created_at, updated_at) VALUES ('console', '0', '', '', ?, ?)", []any{now, now}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := s.DB().Exec(tc.sql, tc.args...).Error
			if tc.ok && err != nil {
				t.Errorf("refused: %v", err)
			}
			if !tc.ok && err == nil {
				t.Errorf("accepted; the schema must refuse it")
			}
		})
	}
}
