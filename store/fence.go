package store

import (
	"context"
	"errors"
	"sync/atomic"

	"gorm.io/gorm"
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
type fence struct{ check atomic.Pointer[func() error] }

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

// unfenced is db for the lease's own statements, which the fence lets
// through.
func unfenced(ctx context.Context, db *gorm.DB) *gorm.DB {
	return db.WithContext(ctx).Set(noFence, true).Session(&gorm.Session{})
}
