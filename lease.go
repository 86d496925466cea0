package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/pokerroom/pokerroom/store"
)

// The room's lease: one process runs the room on a database. A second
// (another `go run .` in a second terminal, a second container on the same
// PostgreSQL) would restore and deal the same tables at once; it is
// refused at start, naming the process that runs the room.
const (
	roomLeaseKey = "room:lease"
	// leaseTTL is how long a lease lasts unless renewed (every third of
	// it): a process stopped without giving it up (killed, crashed) holds
	// it that long.
	leaseTTL = 30 * time.Second
)

// roomLease is this process's lease of the room on its database.
type roomLease struct {
	s      *store.Store
	holder string
	log    *slog.Logger
}

// takeRoom takes the room's lease of s for this process, or says which
// process holds it.
func takeRoom(ctx context.Context, s *store.Store, log *slog.Logger) (*roomLease, error) {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	l := &roomLease{s: s, holder: fmt.Sprintf("pid %d on %s (%s)", os.Getpid(), host, hex.EncodeToString(b)), log: log}
	now := time.Now()
	ok, other, until, err := s.TakeLease(ctx, roomLeaseKey, l.holder, now, now.Add(leaseTTL))
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("another pokerroom (%s) runs the room on this database: stop it first, or give this one another DATABASE_URL (one stopped without closing holds it until %s UTC)",
			other, until.UTC().Format(time.TimeOnly))
	}
	return l, nil
}

// keep renews the lease until ctx ends; it fails when another process
// took it (this one could not renew it in time), so that the room stops.
// A database that cannot be reached is retried at the next renewal.
func (l *roomLease) keep(ctx context.Context) error {
	t := time.NewTicker(leaseTTL / 3)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
		now := time.Now()
		ok, other, _, err := l.s.TakeLease(ctx, roomLeaseKey, l.holder, now, now.Add(leaseTTL))
		switch {
		case err != nil && ctx.Err() == nil:
			l.log.Warn("could not renew the room's lease", "err", err)
		case err == nil && !ok:
			return fmt.Errorf("another pokerroom (%s) took the room on this database: this one stops", other)
		}
	}
}

// release gives the lease up, once the room has closed.
func (l *roomLease) release() {
	ctx, cancel := context.WithTimeout(context.Background(), closeTimeout)
	defer cancel()
	if err := l.s.ReleaseLease(ctx, roomLeaseKey, l.holder); err != nil {
		l.log.Warn("could not give up the room's lease", "err", err)
	}
}
