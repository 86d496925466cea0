package store_test

import (
	"context"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/pokerroom/pokerroom/store"
	"github.com/pokerroom/pokerroom/store/storetest"
)

// TestConformance runs the storage conformance suite on SQLite always and
// on PostgreSQL when POKERROOM_TEST_POSTGRES is set.
func TestConformance(t *testing.T) {
	for _, b := range storetest.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			if b.Skip != "" {
				t.Skip(b.Skip)
			}
			t.Logf("conformance suite on %s", b.Name)
			storetest.Run(t, b.Open)
		})
	}
}

// benchStoreWithBank opens a migrated store on be for a benchmark, skipping
// when the backend is unavailable, and ensures its bank account.
func benchStoreWithBank(b *testing.B, be storetest.Backend) (*store.Store, store.Account) {
	b.Helper()
	if be.Skip != "" {
		b.Skip(be.Skip)
	}
	ctx := context.Background()
	s := be.Open(b, store.Options{})
	if _, err := s.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	bank, err := s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindBank, Key: "bank"})
	if err != nil {
		b.Fatal(err)
	}
	return s, bank
}

// BenchmarkTransfer measures one ledger transfer (its own transaction,
// bank to player) on each backend; PostgreSQL only when
// POKERROOM_TEST_POSTGRES is set.
func BenchmarkTransfer(b *testing.B) {
	for _, be := range storetest.Backends() {
		b.Run(be.Name, func(b *testing.B) {
			ctx := context.Background()
			s, bank := benchStoreWithBank(b, be)
			p, err := s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindPlayer, Key: "wallet:1"})
			if err != nil {
				b.Fatal(err)
			}
			tr := store.Transfer{From: bank.ID, To: p.ID, Amount: 1, Reason: "bench"}
			n := 0
			for b.Loop() {
				if _, err := s.Transfer(ctx, tr); err != nil {
					b.Fatal(err)
				}
				n++
			}
			b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "transfers/s")
		})
	}
}

// BenchmarkTransferParallel measures transfers from GOMAXPROCS x 8
// goroutines at once, bank to one of 10 players, on each backend.
func BenchmarkTransferParallel(b *testing.B) {
	for _, be := range storetest.Backends() {
		b.Run(be.Name, func(b *testing.B) {
			ctx := context.Background()
			s, bank := benchStoreWithBank(b, be)
			var players []int64
			for i := range 10 {
				p, err := s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindPlayer, Key: "wallet:" + strconv.Itoa(i)})
				if err != nil {
					b.Fatal(err)
				}
				players = append(players, p.ID)
			}
			var next atomic.Uint64
			b.SetParallelism(8)
			b.ResetTimer()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					to := players[next.Add(1)%uint64(len(players))]
					if _, err := s.Transfer(ctx, store.Transfer{From: bank.ID, To: to, Amount: 1, Reason: "bench"}); err != nil {
						b.Error(err)
						return
					}
				}
			})
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "transfers/s")
		})
	}
}

// TestInTxRetriesSerializationFailures drives the retry loop with the
// error PostgreSQL returns for a serialization failure.
func TestInTxRetriesSerializationFailures(t *testing.T) {
	s := storetest.OpenSQLite(t, store.Options{})
	ctx := context.Background()
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	serialization := &pgconn.PgError{Code: "40001"}
	for _, tc := range []struct {
		name         string
		failures     int
		wantAttempts int
		wantErr      bool
	}{
		{"no failure runs once", 0, 1, false},
		{"two failures then success", 2, 3, false},
		{"always failing gives up", 1000, 10, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			attempts := 0
			err := s.InTx(ctx, func(tx *store.Tx) error {
				attempts++
				if attempts <= tc.failures {
					return serialization
				}
				return nil
			})
			if attempts != tc.wantAttempts || (err != nil) != tc.wantErr {
				t.Errorf("attempts %d, err %v; want %d attempts, error %v", attempts, err, tc.wantAttempts, tc.wantErr)
			}
		})
	}
}
