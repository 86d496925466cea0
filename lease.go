package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"runtime"
	"strings"
	"sync"
	"syscall"
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
	// it): a process stopped without giving it up (killed, crashed) on
	// another host holds it that long. On this host one known to be gone
	// holds it no longer (holderGone).
	leaseTTL = 30 * time.Second
)

// heldHere are the holders of the leases this process holds (a test runs
// several rooms in one process: each is a holder of its own).
var heldHere sync.Map

// roomLease is this process's lease of the room on its database. While
// it cannot be renewed (the database out of reach), the process goes on
// until the lease's end, less a margin for clocks that differ between
// hosts (ttl/6); from then on the store's fence refuses every write, so
// that a second process that takes the lease over once it ran out is the
// only one writing. A renewal that comes through while the lease still
// names this process (nobody took it) lifts the fence; one another took
// stops this process.
type roomLease struct {
	s      *store.Store
	holder string
	log    *slog.Logger
	ttl    time.Duration
	// renew renews the lease until a time (the store's RenewLease; a test
	// cuts it off).
	renew func(ctx context.Context, until time.Time) (ok bool, other string, err error)

	mu sync.Mutex
	// last is when the last renewal was asked (for last + ttl), on this
	// process's monotonic clock: writes stop at the lease's end less the
	// margin (check).
	last time.Time
}

// takeRoom takes the room's lease of s for this process, or says which
// process holds it.
func takeRoom(ctx context.Context, s *store.Store, log *slog.Logger) (*roomLease, error) {
	return takeRoomFor(ctx, s, log, programLeaseTTL)
}

// programLeaseTTL is the lease takeRoom takes: leaseTTL (a test shortens
// it).
var programLeaseTTL = leaseTTL

// takeRoomFor is takeRoom with a lease of ttl.
func takeRoomFor(ctx context.Context, s *store.Store, log *slog.Logger, ttl time.Duration) (*roomLease, error) {
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	tag := hex.EncodeToString(b)
	if ns := pidNamespace(); ns != "" {
		tag += "@" + ns // two containers may share a host name, not a pid namespace
	}
	l := &roomLease{s: s, holder: fmt.Sprintf("pid %d on %s (%s)", os.Getpid(), host, tag), log: log, ttl: ttl}
	l.renew = func(ctx context.Context, until time.Time) (bool, string, error) {
		return s.RenewLease(ctx, roomLeaseKey, l.holder, until)
	}
	ctx, cancel := context.WithTimeout(ctx, ttl/3) // a database that stops answering at start
	defer cancel()
	now := time.Now()
	ok, other, until, err := s.TakeLease(ctx, roomLeaseKey, l.holder, now, now.Add(ttl))
	if err == nil && !ok && holderGone(other, host) {
		// Killed or crashed on this host, in this pid namespace (a
		// restart after kill -9): its lease is taken over at once, as one
		// run out. The update is of the value read: a holder that renewed
		// meanwhile keeps it.
		log.Info("taking over the room's lease of a process that is gone", "holder", other)
		ok, other, until, err = s.TakeLease(ctx, roomLeaseKey, l.holder, until, now.Add(ttl))
	}
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, &heldError{holder: other, until: until}
	}
	heldHere.Store(l.holder, true)
	l.renewed(now)
	s.SetFence(l.check)
	// The clock's fence above spares a cut-off room its writes; the
	// database's makes sure none it sends commits once another room took
	// the lease (clocks that differ more than the margin, a commit
	// delayed on the network).
	s.SetFenceLease(roomLeaseKey, l.holder)
	return l, nil
}

// migrateUnheld brings s's schema up to date. A database that holds a
// room of an older schema is upgraded only while no other process holds
// the room's lease: a newer binary started beside the room that runs on
// it (a second terminal, a new container started before the old one
// stopped, `pokerroom migrate` or `audit` run at it) changed the schema
// under the running room before the lease refused it (found by an outside
// review). The lease is held, and renewed, while the schema changes, and
// given up after; a database of no room yet, or of a schema older than
// the lease, has none to ask.
func migrateUnheld(ctx context.Context, s *store.Store, log *slog.Logger) (int, error) {
	v, err := s.SchemaVersion(ctx)
	if err != nil {
		return 0, err
	}
	if v < store.LeaseSchemaVersion || v >= store.LatestSchemaVersion() {
		return s.Migrate(ctx)
	}
	l, err := takeRoom(ctx, s, log)
	if err != nil {
		var held *heldError
		if errors.As(err, &held) {
			err = fmt.Errorf("another pokerroom (%s) runs the room on this database (schema version %d): stop it before this binary upgrades it to version %d (one stopped without closing holds it until %s UTC)",
				held.holder, v, store.LatestSchemaVersion(), held.until.UTC().Format(time.TimeOnly))
		}
		return 0, err
	}
	_, stop := l.keepNow()
	defer func() {
		stop()
		l.release()
		s.SetFenceLease("", "")
		s.SetFence(nil)
	}()
	return s.Migrate(ctx)
}

// renewed records a renewal asked at start (for start + ttl).
func (l *roomLease) renewed(start time.Time) {
	l.mu.Lock()
	l.last = start
	l.mu.Unlock()
}

// check is the store's fence: an error once the lease may have run out
// unrenewed.
func (l *roomLease) check() error {
	l.mu.Lock()
	last := l.last
	l.mu.Unlock()
	if time.Since(last) < l.ttl-l.ttl/6 {
		return nil
	}
	return fmt.Errorf("the room's lease, last renewed at %s UTC, could not be renewed in time (the database out of reach): writes resume once it is",
		last.UTC().Format(time.TimeOnly))
}

// heldError is takeRoom's refusal: another process holds the room's lease.
type heldError struct {
	holder string
	until  time.Time
}

func (e *heldError) Error() string { return e.advice("DATABASE_URL") }

// advice is the refusal for a command whose database is the setting
// named (run's DATABASE_URL, console's and sim's --db).
func (e *heldError) advice(setting string) string {
	return fmt.Sprintf("another pokerroom (%s) runs the room on this database: stop it first, or give this one another %s (one stopped without closing holds it until %s UTC)",
		e.holder, setting, e.until.UTC().Format(time.TimeOnly))
}

// holderGone reports whether the lease's holder, as takeRoom names one
// ("pid N on HOST (tag@pid namespace)"), is a process of this host (host)
// and pid namespace that is gone: its pid runs nothing, or it is this
// process's pid without being one of its holders. A holder of another pid
// namespace is not known to be gone, even on this host name: two
// containers may share one (network_mode: host), each with its own pids,
// and a container restarted is in a new namespace (its lease runs out).
func holderGone(holder, host string) bool {
	var pid int
	var on, tag string
	if n, err := fmt.Sscanf(holder, "pid %d on %s %s", &pid, &on, &tag); n != 3 || err != nil || on != host || host == "" {
		return false
	}
	if _, ns, ok := strings.Cut(strings.TrimSuffix(tag, ")"), "@"); ok && ns != pidNamespace() {
		return false // a process of another pid namespace (a container sharing the host name): its pid means nothing here
	}
	if pid == os.Getpid() {
		_, mine := heldHere.Load(holder)
		return !mine
	}
	return !processRuns(pid)
}

// pidNamespace names this process's pid namespace (Linux: the inode of
// /proc/self/ns/pid), "" where it cannot be told.
func pidNamespace() string {
	l, err := os.Readlink("/proc/self/ns/pid")
	if err != nil {
		return ""
	}
	_, ns, ok := strings.Cut(strings.TrimSuffix(l, "]"), "[")
	if !ok {
		return ""
	}
	return ns
}

// processRuns reports whether a process of pid runs on this host; where
// that cannot be asked (Windows), it is taken to run. A process killed
// whose parent has not collected it yet (a zombie, on Linux) runs no more.
func processRuns(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	if runtime.GOOS == "windows" {
		return true
	}
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid)); err == nil {
		// "pid (command) state ...": the state follows the last ')'.
		if i := bytes.LastIndexByte(b, ')'); i >= 0 && i+2 < len(b) && (b[i+2] == 'Z' || b[i+2] == 'X') {
			return false
		}
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, os.ErrPermission) || errors.Is(err, syscall.EPERM)
}

// keep renews the lease until ctx ends; it fails when another process
// took it, or it was given up meanwhile, so that the room stops. A
// database that cannot be reached is tried again every second (ttl/30)
// until it answers; meanwhile the fence (check) refuses writes once the
// lease may have run out.
func (l *roomLease) keep(ctx context.Context) error {
	var failing time.Time // since when renewals fail
	fenced := false       // told that writes are refused
	for {
		wait := l.ttl / 3
		if !failing.IsZero() {
			wait = l.ttl / 30
		}
		select {
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
		start := time.Now()
		// Each renewal waits at most until the next: a database that
		// stops answering is met as an error, not a renewal hung while
		// the lease runs out.
		cctx, cancel := context.WithTimeout(ctx, l.ttl/3)
		ok, other, err := l.renew(cctx, start.Add(l.ttl))
		cancel()
		switch {
		case err != nil && ctx.Err() != nil:
			return nil
		case err != nil:
			if failing.IsZero() {
				failing = start
				l.log.Warn("could not renew the room's lease; trying every second", "err", err)
			}
			if cerr := l.check(); cerr != nil && !fenced {
				fenced = true
				l.log.Error("writes are refused", "why", cerr)
			}
		case !ok && other != "":
			return fmt.Errorf("another pokerroom (%s) took the room on this database: this one stops", other)
		case !ok:
			return fmt.Errorf("the room's lease on this database was given up by another process while this one could not renew it: this one stops")
		default:
			l.renewed(start)
			if !failing.IsZero() {
				l.log.Info("renewed the room's lease", "after", time.Since(failing).Round(time.Millisecond))
				failing, fenced = time.Time{}, false
			}
		}
	}
}

// keepNow renews the lease from now on (keep) until stop, which waits
// for the renewals to end. lost is the program's part: it returns keep's
// error once the lease is lost, nil once its ctx ends.
func (l *roomLease) keepNow() (lost func(ctx context.Context) error, stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	var err error
	go func() {
		defer close(done)
		err = l.keep(ctx)
	}()
	lost = func(ctx context.Context) error {
		select {
		case <-done:
			return err
		case <-ctx.Done():
			return nil
		}
	}
	return lost, func() { cancel(); <-done }
}

// holdRoom takes the room's lease of s for a command playing a room of its
// own (console, sim: name) and keeps it while the command runs: a lease
// held by another process is refused (told on stderr, with the exit code
// to return, ok false). The context returned ends when the lease is lost;
// done stops the renewals and gives the lease up, once the room closed.
func (a *app) holdRoom(ctx context.Context, s *store.Store, name string) (_ context.Context, done func(), ok bool) {
	lease, err := takeRoom(ctx, s, a.log)
	var held *heldError
	switch {
	case errors.As(err, &held): // their database is --db
		fmt.Fprintf(a.stderr, "pokerroom %s: %s\n", name, held.advice("--db"))
		return ctx, nil, false
	case err != nil:
		fmt.Fprintf(a.stderr, "pokerroom %s: %v\n", name, err)
		return ctx, nil, false
	}
	ctx, stop := context.WithCancel(ctx)
	lost, stopKeep := lease.keepNow()
	told := make(chan struct{})
	go func() {
		defer close(told)
		if err := lost(ctx); err != nil {
			fmt.Fprintf(a.stderr, "pokerroom %s: %v\n", name, err)
			stop()
		}
	}()
	return ctx, func() { stop(); <-told; stopKeep(); lease.release() }, true
}

// release gives the lease up, once the room has closed.
func (l *roomLease) release() {
	ctx, cancel := context.WithTimeout(context.Background(), closeTimeout)
	defer cancel()
	defer heldHere.Delete(l.holder)
	if err := l.s.ReleaseLease(ctx, roomLeaseKey, l.holder); err != nil {
		l.log.Warn("could not give up the room's lease", "err", err)
	}
}
