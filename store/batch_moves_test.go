package store_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/store"
	"github.com/pokerroom/pokerroom/store/storetest"
)

var errRollback = errors.New("rollback")

func probeStore(t *testing.T, b storetest.Backend) (*store.Store, int64) {
	t.Helper()
	if b.Skip != "" {
		t.Skip(b.Skip)
	}
	ctx := context.Background()
	s := b.Open(t, store.Options{})
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	c, err := s.Community(ctx, "console", "room", "The room")
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.AddTable(ctx, bot.TableRecord{CommunityID: c.ID, Name: "t1", Variant: "nlhe", Stakes: "1/2"})
	if err != nil {
		t.Fatal(err)
	}
	return s, id
}

func errKind(err error) string {
	for _, e := range []struct {
		n string
		e error
	}{{"insufficient", store.ErrInsufficientFunds}, {"notfound", bot.ErrNotFound}, {"nonpositive", store.ErrNonPositiveAmount},
		{"same", store.ErrSameAccount}, {"reason", store.ErrMissingReason}, {"overflow", store.ErrBalanceOverflow}} {
		if errors.Is(err, e.e) {
			return e.n
		}
	}
	if err == nil {
		return "nil"
	}
	return "other: " + err.Error()
}

// TestBatchMovesEqualTransfersInTurn: random batches over >64 accounts,
// compared with Tx.Transfer one by one.
func TestBatchMovesEqualTransfersInTurn(t *testing.T) {
	for _, b := range storetest.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			s, table := probeStore(t, b)
			ctx := context.Background()
			bank, err := s.OpenAccount(ctx, bot.AccountBank, "bank", 0)
			if err != nil {
				t.Fatal(err)
			}
			var accs []int64
			for i := range 90 {
				id, err := s.OpenAccount(ctx, bot.AccountTable, fmt.Sprint("t", i), 0)
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.Transfer(ctx, store.Transfer{From: bank, To: id, Amount: 300, Reason: "fund"}); err != nil {
					t.Fatal(err)
				}
				accs = append(accs, id)
			}
			accs = append(accs, bank)
			r := rand.New(rand.NewPCG(1, 2))
			committed := 0
			for iter := range 60 {
				var writes []*bot.TableWrite
				var ts []store.Transfer
				for range 1 + r.IntN(6) {
					w := &bot.TableWrite{TableID: table}
					for range 1 + r.IntN(30) {
						m := bot.Move{From: accs[r.IntN(len(accs))], To: accs[r.IntN(len(accs))], Amount: 1 + r.Int64N(250), Reason: "probe"}
						if m.From == m.To {
							m.To = bank
							if m.From == bank {
								m.From = accs[0]
							}
						}
						switch r.IntN(60) {
						case 0:
							m.To = 987654
						case 1:
							m.Amount = 0
						case 2:
							m.To = m.From
						case 3:
							m.Reason = ""
						}
						w.Moves = append(w.Moves, m)
						ts = append(ts, store.Transfer{From: m.From, To: m.To, Amount: m.Amount, Reason: m.Reason})
					}
					writes = append(writes, w)
				}
				var seqErr error
				_ = s.InTx(ctx, func(tx *store.Tx) error {
					for _, tr := range ts {
						if _, err := tx.Transfer(tr); err != nil {
							seqErr = err
							return err
						}
					}
					return errRollback
				})
				before := map[int64]int64{}
				for _, a := range accs {
					before[a], _ = s.Balance(ctx, a)
				}
				batchErr := s.CommitTables(ctx, writes)
				if errKind(seqErr) != errKind(batchErr) || (seqErr != nil && batchErr != nil && seqErr.Error() != batchErr.Error()) {
					t.Errorf("iter %d: in turn %v; batch %v", iter, seqErr, batchErr)
				}
				if batchErr == nil {
					committed++
					for _, tr := range ts {
						before[tr.From] -= tr.Amount
						before[tr.To] += tr.Amount
					}
				}
				for _, a := range accs {
					if got, _ := s.Balance(ctx, a); got != before[a] {
						t.Fatalf("iter %d: account %d %d, want %d", iter, a, got, before[a])
					}
				}
			}
			if committed == 0 || committed == 60 {
				t.Errorf("%d of 60 batches committed: want some refused, some not", committed)
			}
			au, err := s.Audit(ctx)
			if err != nil || !au.OK() {
				t.Errorf("audit %+v %v", au, err)
			}
		})
	}
}

// TestBatchMovesRefuseInTurn: a batch whose first move overdraws and whose later
// move has a zero amount: one by one the overdraw is refused first
// (a refusal, which the group commit isolates); the batch says
// non-positive amount (not a refusal).
func TestBatchMovesRefuseInTurn(t *testing.T) {
	for _, b := range storetest.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			s, table := probeStore(t, b)
			ctx := context.Background()
			bank, _ := s.OpenAccount(ctx, bot.AccountBank, "bank", 0)
			a, _ := s.OpenAccount(ctx, bot.AccountTable, "a", 0)
			w1 := &bot.TableWrite{TableID: table, Moves: []bot.Move{{From: a, To: bank, Amount: 5, Reason: "overdraw"}}}
			w2 := &bot.TableWrite{TableID: table, Moves: []bot.Move{{From: bank, To: a, Amount: 0, Reason: "zero"}}}
			err := s.CommitTables(ctx, []*bot.TableWrite{w1, w2})
			if !errors.Is(err, bot.ErrInsufficientFunds) {
				t.Errorf("batch: %v; in turn the first write's overdraw is refused first (insufficient funds)", err)
			}
		})
	}
}
