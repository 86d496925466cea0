package store

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Tx is a database transaction opened by [Store.InTx]. Everything done
// through one Tx commits or rolls back together.
type Tx struct {
	db        *gorm.DB
	s         *Store
	transfers uint64
	// forget are hands whose logs this transaction wrote other than by
	// CommitTables: their remembered lengths are dropped once it ends.
	forget []int64
}

// maxAttempts bounds the retries of a transaction that PostgreSQL aborted
// for a serialization failure or a deadlock.
const maxAttempts = 10

// InTx runs fn in one transaction and commits if fn returns nil. On
// PostgreSQL a transaction aborted by a serialization failure or a
// deadlock is retried from the start, so fn must have no effect outside
// the transaction. A fence (fence.go) that refuses writes when fn ends,
// or a lease fence whose lease no longer names its holder, rolls the
// transaction back.
func (s *Store) InTx(ctx context.Context, fn func(tx *Tx) error) error {
	if s.loc.Backend == SQLite {
		s.stmts.prepare(ctx, s.sqlDB)
	}
	for attempt := 1; ; attempt++ {
		tx := &Tx{s: s}
		err := s.db.WithContext(ctx).Transaction(func(db *gorm.DB) error {
			tx.db = db
			if err := fn(tx); err != nil {
				return err
			}
			// The statements on prepared SQL pass no gorm callback: the
			// fence is asked here, before the commit, for all of them.
			if err := s.fenced(); err != nil {
				return err
			}
			return tx.leaseHeld()
		})
		for _, h := range tx.forget {
			s.seqs.forget(h)
		}
		if err == nil {
			s.transfers.Add(tx.transfers)
			if s.ckpt != nil {
				s.ckpt.written()
			}
			return nil
		}
		if !retryable(err) || attempt == maxAttempts {
			return err
		}
		// Back off a little, with jitter, before trying again.
		d := time.Duration(attempt) * time.Duration(1+rand.IntN(5)) * time.Millisecond
		select {
		case <-ctx.Done():
			return err
		case <-time.After(d):
		}
	}
}

// retryable reports whether err is a PostgreSQL serialization failure
// (40001) or deadlock (40P01).
func retryable(err error) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == "40001" || pgErr.Code == "40P01"
	}
	return false
}

// Transfer is a request to move Amount chips between two accounts.
type Transfer struct {
	From, To  int64 // account IDs
	Amount    int64 // > 0
	Reason    string
	Reference string
}

// Transfer moves chips in its own transaction; see [Tx.Transfer].
func (s *Store) Transfer(ctx context.Context, t Transfer) (LedgerEntry, error) {
	var e LedgerEntry
	err := s.InTx(ctx, func(tx *Tx) error {
		var err error
		e, err = tx.Transfer(t)
		return err
	})
	return e, err
}

// Transfer writes one ledger entry and updates both balances. It refuses,
// with the typed errors of this package, an amount <= 0
// ([ErrNonPositiveAmount]), the same account on both sides
// ([ErrSameAccount]), an empty reason ([ErrMissingReason]), an unknown
// account ([ErrNotFound]) and a transfer that would make a balance
// negative that may not go negative ([*InsufficientFundsError]).
//
// Both accounts are locked in ascending ID order, so that concurrent
// transfers cannot deadlock each other on PostgreSQL.
func (tx *Tx) Transfer(t Transfer) (LedgerEntry, error) {
	if err := checkTransfer(t); err != nil {
		return LedgerEntry{}, err
	}
	from, to, err := tx.lockAccounts(t.From, t.To)
	if err != nil {
		return LedgerEntry{}, err
	}
	if err := move(&from, &to, t); err != nil {
		return LedgerEntry{}, err
	}
	for _, u := range [2]struct {
		id, delta int64
	}{{from.ID, -t.Amount}, {to.ID, t.Amount}} {
		if _, err := tx.exec(sqlBalance, u.delta, u.id); err != nil {
			return LedgerEntry{}, fmt.Errorf("update balance of account %d: %w", u.id, err)
		}
	}
	e := LedgerEntry{
		FromAccountID: t.From,
		ToAccountID:   t.To,
		Amount:        t.Amount,
		Reason:        t.Reason,
		Reference:     t.Reference,
		CreatedAt:     tx.s.now(),
	}
	err = tx.query(sqlLedgerEntry,
		func(r *sql.Rows) error { return r.Scan(&e.ID) }, e.FromAccountID, e.ToAccountID, e.Amount, e.Reason, e.Reference, e.CreatedAt)
	if err != nil || e.ID == 0 {
		return LedgerEntry{}, fmt.Errorf("write ledger entry: %w", cmp.Or(err, errors.New("no id returned")))
	}
	tx.transfers++
	return e, nil
}

// lockAccounts reads the two accounts of a transfer, locked in ascending
// id order on PostgreSQL (SQLite has one writer).
func (tx *Tx) lockAccounts(fromID, toID int64) (from, to Account, err error) {
	lo, hi := min(fromID, toID), max(fromID, toID)
	q := sqlLockAccounts
	if tx.s.loc.Backend != SQLite {
		q += " FOR UPDATE"
	}
	var found [2]bool
	err = tx.query(q, func(r *sql.Rows) error {
		var a Account
		if err := r.Scan(&a.ID, &a.Kind, &a.Balance); err != nil {
			return err
		}
		if a.ID == fromID {
			from, found[0] = a, true
		}
		if a.ID == toID {
			to, found[1] = a, true
		}
		return nil
	}, lo, hi)
	switch {
	case err != nil:
		return from, to, fmt.Errorf("lock accounts %d and %d: %w", lo, hi, err)
	case !found[0]:
		return from, to, fmt.Errorf("transfer from account %d: %w", fromID, ErrNotFound)
	case !found[1]:
		return from, to, fmt.Errorf("transfer to account %d: %w", toID, ErrNotFound)
	}
	return from, to, nil
}

// now is the time rows are stamped with: the clock's, in UTC, to the
// microsecond (as gorm's NowFunc), so that what is read back equals what
// was written on both backends.
func (s *Store) now() time.Time { return storedTime(s.clock.Now()) }

// storedTime is t as every time column holds it: in UTC, to the
// microsecond (PostgreSQL's precision), without the monotonic clock
// reading that time.Now carries. What is read back then equals what was
// written on both backends; SQLite, which keeps a time as the text of
// time.Time.String, would otherwise keep nanoseconds and an "m=+0.017"
// of the process that wrote it.
func storedTime(t time.Time) time.Time { return t.UTC().Round(time.Microsecond) }

// timeArg is t (a storedTime) as an argument of the statements over rows
// (execRows), boxed once for the rows that share it. SQLite's driver
// stores a time as its text, time.Time.String, formatted for every
// argument: here it is formatted once, the same text
// (TestStoredTimesAreUTCMicrosecondsWithoutAMonotonicReading reads the
// texts back).
// PostgreSQL takes the time itself.
func (tx *Tx) timeArg(t time.Time) any {
	if tx.s.loc.Backend == Postgres {
		return t
	}
	return t.String()
}

// Balance returns an account's balance (the cached column; [Store.Audit]
// checks it against the ledger).
func (s *Store) Balance(ctx context.Context, accountID int64) (int64, error) {
	a, err := s.Account(ctx, accountID)
	return a.Balance, err
}

// Account returns one account.
func (s *Store) Account(ctx context.Context, id int64) (Account, error) {
	return takeByID[Account](ctx, s.db, "account", id)
}

// takeByID reads the row of T with the given id. A missing row is the zero
// T and ErrNotFound, wrapped as "<what> <id>: ..."; on any other error the
// row is returned as read, with the error.
func takeByID[T any](ctx context.Context, db *gorm.DB, what string, id int64) (T, error) {
	var row T
	err := db.WithContext(ctx).Where("id = ?", id).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		var zero T
		return zero, fmt.Errorf("%s %d: %w", what, id, ErrNotFound)
	}
	return row, err
}

// LedgerBalance computes an account's balance from the ledger alone.
func (s *Store) LedgerBalance(ctx context.Context, accountID int64) (int64, error) {
	var sum int64
	err := s.db.WithContext(ctx).Raw(`SELECT CAST(
		COALESCE((SELECT SUM(amount) FROM ledger_entries WHERE to_account_id = ?), 0) -
		COALESCE((SELECT SUM(amount) FROM ledger_entries WHERE from_account_id = ?), 0) AS BIGINT)`,
		accountID, accountID).Scan(&sum).Error
	return sum, err
}

// AccountAudit is one account whose cached balance differs from its ledger.
type AccountAudit struct {
	AccountID int64
	Balance   int64 // cached column
	Ledger    int64 // sum of the ledger (math.MaxInt64 when it is beyond int64: a tampered ledger)
}

// Audit is the result of [Store.Audit].
type Audit struct {
	Accounts   int            // accounts checked
	Entries    int64          // ledger entries
	Total      int64          // sum of all balances: zero when the books balance
	Mismatches []AccountAudit // accounts whose balance is not the ledger's sum
}

// OK reports whether the books balance: every balance equals its ledger
// sum and the total is zero.
func (a Audit) OK() bool { return a.Total == 0 && len(a.Mismatches) == 0 }

// Audit recomputes every account's balance from the ledger, in one
// consistent snapshot. The sums are taken in Go, entry by entry in the
// order they were written, so they are exact whatever an account's
// lifetime inflow (SQLite's SUM overflows past 2^63): the running sum of an
// account is its balance at that point, which the ledger kept in range.
func (s *Store) Audit(ctx context.Context) (Audit, error) {
	var out Audit
	err := s.db.WithContext(ctx).Transaction(func(db *gorm.DB) error {
		var err error
		out, err = auditLedger(db)
		return err
	}, repeatableRead(s.loc.Backend))
	if err != nil {
		return Audit{}, fmt.Errorf("audit ledger: %w", err)
	}
	return out, nil
}

// auditLedger is [Store.Audit] in the transaction db.
func auditLedger(db *gorm.DB) (Audit, error) {
	var out Audit
	err := func() error {
		var accs []Account
		if err := db.Select("id", "balance").Order("id").Find(&accs).Error; err != nil {
			return err
		}
		ledger := make(map[int64]*big.Int, len(accs))
		for _, a := range accs {
			ledger[a.ID] = new(big.Int)
		}
		rows, err := db.Model(&LedgerEntry{}).Select("from_account_id", "to_account_id", "amount").Order("id").Rows()
		if err != nil {
			return err
		}
		defer rows.Close()
		amount := new(big.Int)
		for rows.Next() {
			var from, to, n int64
			if err := rows.Scan(&from, &to, &n); err != nil {
				return err
			}
			out.Entries++
			amount.SetInt64(n)
			for _, side := range []struct {
				id  int64
				add bool
			}{{from, false}, {to, true}} {
				sum := ledger[side.id]
				if sum == nil {
					sum = new(big.Int)
					ledger[side.id] = sum
				}
				if side.add {
					sum.Add(sum, amount)
				} else {
					sum.Sub(sum, amount)
				}
			}
		}
		if err := rows.Err(); err != nil {
			return err
		}
		out.Accounts = len(accs)
		total := new(big.Int)
		defer func() {
			if total.IsInt64() {
				out.Total = total.Int64()
			} else {
				out.Total = math.MaxInt64
			}
		}()
		for _, a := range accs {
			total.Add(total, big.NewInt(a.Balance))
			sum := ledger[a.ID]
			if !sum.IsInt64() || sum.Int64() != a.Balance {
				m := AccountAudit{AccountID: a.ID, Balance: a.Balance, Ledger: math.MaxInt64}
				if sum.IsInt64() {
					m.Ledger = sum.Int64()
				}
				out.Mismatches = append(out.Mismatches, m)
			}
		}
		return nil
	}()
	if err != nil {
		return Audit{}, err
	}
	return out, nil
}

// AccountSpec describes an account for [Store.EnsureAccount].
type AccountSpec struct {
	Kind     AccountKind
	Key      string
	PlayerID *int64
}

// EnsureAccount returns the account with spec.Key, creating it with a zero
// balance if it does not exist. An existing account of another kind is
// refused with [ErrConflict].
func (s *Store) EnsureAccount(ctx context.Context, spec AccountSpec) (Account, error) {
	if !spec.Kind.Valid() {
		return Account{}, fmt.Errorf("account %q: unknown kind %q", spec.Key, spec.Kind)
	}
	if spec.Key == "" {
		return Account{}, errors.New("account: empty key")
	}
	a := Account{Kind: spec.Kind, Key: spec.Key, PlayerID: spec.PlayerID}
	got, err := ensure(ctx, s, &a, "key = ?", spec.Key)
	if err != nil {
		return Account{}, fmt.Errorf("account %q: %w", spec.Key, err)
	}
	if got.Kind != spec.Kind {
		return Account{}, fmt.Errorf("account %q is a %s account, not %s: %w", spec.Key, got.Kind, spec.Kind, ErrConflict)
	}
	return *got, nil
}

// EnsurePlayer returns the player (platform, userID), creating it if
// needed; an existing player's display name is updated when it changed.
func (s *Store) EnsurePlayer(ctx context.Context, platform Platform, userID, displayName string) (Player, error) {
	p := Player{Platform: platform, UserID: userID, DisplayName: displayName}
	got, err := ensure(ctx, s, &p, "platform = ? AND user_id = ?", platform, userID)
	if err != nil {
		return Player{}, fmt.Errorf("player %s/%s: %w", platform, userID, err)
	}
	if displayName != "" && got.DisplayName != displayName {
		got.DisplayName = displayName
		err := s.write(ctx, func(db *gorm.DB) error { return db.Model(got).Update("display_name", displayName).Error })
		if err != nil {
			return Player{}, fmt.Errorf("player %s/%s: %w", platform, userID, err)
		}
	}
	return *got, nil
}

// EnsureCommunity returns the community (platform, chatID), creating it
// if needed.
func (s *Store) EnsureCommunity(ctx context.Context, platform Platform, chatID, title string) (Community, error) {
	c := Community{Platform: platform, ChatID: chatID, Title: title}
	got, err := ensure(ctx, s, &c, "platform = ? AND chat_id = ?", platform, chatID)
	if err != nil {
		return Community{}, fmt.Errorf("community %s/%s: %w", platform, chatID, err)
	}
	return *got, nil
}

// ensure finds the row matching where, or creates fresh (in a
// transaction of its own: write). A concurrent creation is resolved by
// reading the winner's row.
func ensure[T any](ctx context.Context, s *Store, fresh *T, where string, args ...any) (*T, error) {
	var found T
	err := s.db.WithContext(ctx).Where(where, args...).Take(&found).Error
	if err == nil {
		return &found, nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, err
	}
	err = s.write(ctx, func(db *gorm.DB) error {
		row := *fresh
		// Not a unique violation, which would abort a PostgreSQL
		// transaction before the winner's row is read.
		res := db.Omit(clause.Associations).Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
		switch {
		case res.Error != nil:
			return res.Error
		case res.RowsAffected == 1:
			found = row
			return nil
		}
		return db.Where(where, args...).Take(&found).Error
	})
	if err != nil {
		return nil, err
	}
	return &found, nil
}
