package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync/atomic"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A fence keeps a process that may no longer own the room from writing:
// the room's lease (package main) sets one, which refuses every write once
// the lease could not be renewed in time, so that a process cut off from
// the database longer than its lease does not write beside the one that
// took the lease over meanwhile. Reads, and the lease's own renewals, pass.

// ErrFenced is wrapped by the error of a write the fence refused.
var ErrFenced = errors.New("this process no longer holds the room's lease")

// noFence marks a statement the fence lets through (the lease's own).
const noFence = "pokerroom:nofence"

// fence is the check a Store runs before each write; nil when none is set.
// lease, when set, is the lease each transaction of InTx finds still
// naming its holder before it commits.
type fence struct {
	check atomic.Pointer[func() error]
	lease atomic.Pointer[fenceLease]
}

// fenceLease is a lease (its key) a holder must hold for its
// transactions to commit.
type fenceLease struct{ key, holder string }

// SetFenceLease makes every transaction of [Store.InTx] read key's lease
// as its last statement and commit only while it names holder: else it
// is rolled back with an error wrapping [ErrFenced]. The fence of
// SetFence is this process's clock; this one is the database's, which a
// clock that differs from the other process's, or a commit delayed on
// the network past the lease's end, does not fool. On PostgreSQL the
// lease's row is read FOR SHARE: a process taking the lease over waits
// for the transaction to end. An empty key removes it.
func (s *Store) SetFenceLease(key, holder string) {
	if key == "" {
		s.fence.lease.Store(nil)
		return
	}
	s.fence.lease.Store(&fenceLease{key: key, holder: holder})
}

// The last statement of a transaction behind a lease fence.
const (
	sqlFenceLease   = "SELECT value FROM key_values WHERE key = ?"
	sqlFenceLeasePG = sqlFenceLease + " FOR SHARE"
)

// leaseHeld is nil when the transaction tx may commit: no lease fence is
// set, or the lease still names its holder.
func (tx *Tx) leaseHeld() error {
	l := tx.s.fence.lease.Load()
	if l == nil {
		return nil
	}
	q := sqlFenceLease
	if tx.s.loc.Backend == Postgres {
		q = sqlFenceLeasePG
	}
	value, found := "", false
	err := tx.query(q, func(r *sql.Rows) error { found = true; return r.Scan(&value) }, l.key)
	if err != nil {
		return err
	}
	_, who := parseLease(value)
	switch {
	case !found:
		return &fencedError{fmt.Errorf("the room's lease was given up while this process could not renew it")}
	case who != l.holder:
		return &fencedError{fmt.Errorf("another process (%s) took the room's lease", who)}
	}
	return nil
}

// SetFence makes check run before every write of s (each statement made
// through gorm, and each transaction of [Store.InTx] before it commits): a
// non-nil error refuses the write with that error, wrapping [ErrFenced].
// nil removes the fence.
func (s *Store) SetFence(check func() error) {
	if check == nil {
		s.fence.check.Store(nil)
		return
	}
	s.fence.check.Store(&check)
}

// fenced is the fence's verdict now: nil lets a write through.
func (s *Store) fenced() error {
	f := s.fence.check.Load()
	if f == nil {
		return nil
	}
	if err := (*f)(); err != nil {
		return &fencedError{err}
	}
	return nil
}

// fencedError is a write refused by the fence.
type fencedError struct{ err error }

func (e *fencedError) Error() string { return "write refused: " + e.err.Error() }

// Unwrap gives both the fence's reason and ErrFenced.
func (e *fencedError) Unwrap() []error { return []error{ErrFenced, e.err} }

// registerFence runs s's fence before each statement that writes through
// gorm (create, update, delete, raw SQL).
func (s *Store) registerFence() error {
	check := func(db *gorm.DB) {
		if _, ok := db.Get(noFence); ok {
			return
		}
		if err := s.fenced(); err != nil {
			_ = db.AddError(err)
		}
	}
	cb := s.db.Callback()
	if err := cb.Create().Before("gorm:create").Register("pokerroom:fence", check); err != nil {
		return err
	}
	if err := cb.Update().Before("gorm:update").Register("pokerroom:fence", check); err != nil {
		return err
	}
	if err := cb.Delete().Before("gorm:delete").Register("pokerroom:fence", check); err != nil {
		return err
	}
	return cb.Raw().Before("gorm:raw").Register("pokerroom:fence", check)
}

// write runs fn, a write of s that is no part of a larger transaction, in
// a transaction of InTx: as every other write of the room, it commits only
// while this process holds the lease (leaseHeld), not on the clock's fence
// alone. fn may run more than once (InTx retries).
func (s *Store) write(ctx context.Context, fn func(db *gorm.DB) error) error {
	return s.InTx(ctx, func(tx *Tx) error { return fn(tx.db) })
}

// insert creates row in a transaction of its own (write) and returns it
// with its id. Each attempt creates a copy of row: a retried transaction
// does not see the id an attempt rolled back set.
func insert[T any](ctx context.Context, s *Store, row T) (T, error) {
	var made T
	err := s.write(ctx, func(db *gorm.DB) error {
		made = row
		return db.Omit(clause.Associations).Create(&made).Error
	})
	return made, err
}

// unfenced is db for the lease's own statements, which the fence lets
// through.
func unfenced(ctx context.Context, db *gorm.DB) *gorm.DB {
	return db.WithContext(ctx).Set(noFence, true).Session(&gorm.Session{})
}
