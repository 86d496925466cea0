package store_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/store"
)

// The write-ahead log is copied into the database file by the store's
// checkpointer, a little after the writes and without the writer: the
// file grows while the log is far shorter than the writer's own
// checkpoint would wait for (dburl.SQLiteBackstopPages).
func TestTheLogIsCheckpointedBesideTheWriter(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ckpt.db")
	loc, err := store.ParseURL(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := store.Open(ctx, loc, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	size := func(name string) int64 {
		fi, err := os.Stat(name)
		if err != nil {
			return 0
		}
		return fi.Size()
	}
	// The migrations copied and the log emptied, write 100 transfers: about
	// 36 KB of ledger rows, some 700 pages of log (each transfer rewrites a
	// few pages), far fewer than the writer's own checkpoint waits for.
	if err := s.DB().Exec("PRAGMA wal_checkpoint(TRUNCATE)").Error; err != nil {
		t.Fatal(err)
	}
	before := size(path)
	bank, err := s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindBank, Key: "bank"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindPlayer, Key: "wallet:1"})
	if err != nil {
		t.Fatal(err)
	}
	reason := strings.Repeat("a reason long enough to fill pages ", 10)
	for range 100 {
		if _, err := s.Transfer(ctx, store.Transfer{From: bank.ID, To: p.ID, Amount: 1, Reason: reason}); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for size(path) < before+4*4096 {
		if time.Now().After(deadline) {
			t.Fatalf("the database file stayed at %d bytes (%d before the writes, log %d bytes): nothing checkpointed it", size(path), before, size(path+"-wal"))
		}
		time.Sleep(10 * time.Millisecond)
	}
}
