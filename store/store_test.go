package store_test

import (
	"context"
	"testing"

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

// BenchmarkTransfer measures one ledger transfer (its own transaction,
// bank to player) on each backend; PostgreSQL only when
// POKERROOM_TEST_POSTGRES is set.
func BenchmarkTransfer(b *testing.B) {
	for _, be := range storetest.Backends() {
		b.Run(be.Name, func(b *testing.B) {
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
