// Package storetest is the conformance suite for package store: the same
// tests run against every backend. SQLite always runs, in a temporary
// directory; PostgreSQL runs when the environment variable
// POKERROOM_TEST_POSTGRES holds a DSN (postgres://...), each test in a
// fresh schema that is dropped afterwards, so reruns never collide.
package storetest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/store"
)

// PostgresEnv names the variable holding the PostgreSQL test DSN.
const PostgresEnv = "POKERROOM_TEST_POSTGRES"

// Opener opens a fresh, empty, unmigrated store for one test and closes
// it (and drops what it created) when the test ends.
type Opener func(tb testing.TB, opts store.Options) *store.Store

// Backend is a named Opener.
type Backend struct {
	Name string // "sqlite" or "postgres"
	Open Opener
	// Skip, when not empty, says why this backend cannot run here.
	Skip string
}

// Backends returns SQLite and PostgreSQL. PostgreSQL carries a Skip
// reason when POKERROOM_TEST_POSTGRES is not set.
func Backends() []Backend {
	pg := Backend{Name: "postgres", Open: OpenPostgres}
	if os.Getenv(PostgresEnv) == "" {
		pg.Skip = PostgresEnv + " is not set: PostgreSQL conformance not run (see .ci/postgres.sh)"
	}
	return []Backend{{Name: "sqlite", Open: OpenSQLite}, pg}
}

// OpenSQLite opens a new SQLite database in a temporary directory.
func OpenSQLite(tb testing.TB, opts store.Options) *store.Store {
	tb.Helper()
	loc, err := store.ParseURL(filepath.Join(tb.TempDir(), "test.db"))
	if err != nil {
		tb.Fatal(err)
	}
	return open(tb, loc, opts)
}

// OpenPostgres opens the database named by POKERROOM_TEST_POSTGRES in a
// new schema of its own, dropped when the test ends.
func OpenPostgres(tb testing.TB, opts store.Options) *store.Store {
	tb.Helper()
	loc, err := store.ParseURL(PostgresDSN(tb))
	if err != nil {
		tb.Fatal(err)
	}
	return open(tb, loc, opts)
}

// PostgresDSN creates a new, empty schema in the database named by
// POKERROOM_TEST_POSTGRES and returns a DSN whose search_path selects it.
// The schema is dropped when the test ends. It skips the test when the
// variable is not set.
func PostgresDSN(tb testing.TB) string {
	tb.Helper()
	dsn := os.Getenv(PostgresEnv)
	if dsn == "" {
		tb.Skip(PostgresEnv + " is not set")
	}
	base, err := store.ParseURL(dsn)
	if err != nil {
		tb.Fatalf("%s: %v", PostgresEnv, err)
	}
	if base.Backend != store.Postgres {
		tb.Fatalf("%s: %s is not a PostgreSQL URL", PostgresEnv, base)
	}
	admin := open(tb, base, store.Options{MaxOpenConns: 1})
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		tb.Fatal(err)
	}
	schema := "pokerroom_test_" + hex.EncodeToString(b[:])
	if err := admin.DB().Exec("CREATE SCHEMA " + schema).Error; err != nil {
		tb.Fatalf("create schema %s: %v", schema, err)
	}
	tb.Cleanup(func() {
		if err := admin.DB().Exec("DROP SCHEMA " + schema + " CASCADE").Error; err != nil {
			tb.Errorf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(dsn)
	if err != nil {
		tb.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	tb.Logf("postgres: schema %s in %s", schema, base)
	return u.String()
}

func open(tb testing.TB, loc store.Location, opts store.Options) *store.Store {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := store.Open(ctx, loc, opts)
	if err != nil {
		tb.Fatalf("open %s: %v", loc, err)
	}
	tb.Cleanup(func() {
		if err := s.Close(); err != nil {
			tb.Errorf("close %s: %v", loc, err)
		}
	})
	return s
}

// Clock is a fake [store.Clock] that only moves when told.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a Clock showing t.
func NewClock(t time.Time) *Clock { return &Clock{now: t} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}
