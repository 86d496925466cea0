package store_test

import (
	"context"
	"errors"
	"math"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/store"
	"github.com/pokerroom/pokerroom/store/dburl"
)

// A URL with credentials but no postgres:// scheme is refused, and no error
// shows its password (it used to be echoed, or become a SQLite file name).
func TestParseURLNeverEchoesAPassword(t *testing.T) {
	for _, raw := range []string{
		"user:s3cr3tPW@host:5432/db",
		"//u:s3cr3tPW@host/db",
		"mysql://root:s3cr3tPW@db/x",
		"bogus:root:s3cr3tPW@db",
		"postgres//u:s3cr3tPW@host/db",
		"u:s3cr3tPW@/var/lib/db",
	} {
		t.Run(raw, func(t *testing.T) {
			loc, err := store.ParseURL(raw)
			if err == nil {
				t.Fatalf("accepted as %s %q", loc.Backend, loc)
			}
			if strings.Contains(err.Error(), "s3cr3tPW") {
				t.Fatalf("error shows the password: %v", err)
			}
		})
	}
}

// A PostgreSQL server that accepts connections and never answers: Open
// gives up at the context's deadline instead of hanging.
func TestOpenGivesUpOnASilentServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close() // hold it open, say nothing
		}
	}()
	loc, err := store.ParseURL("postgres://u:pw@" + ln.Addr().String() + "/db?sslmode=disable")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		s, err := store.Open(ctx, loc, store.Options{})
		if err == nil {
			s.Close()
		}
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Open: %v, want a deadline error", err)
		}
		if strings.Contains(err.Error(), ":pw@") {
			t.Fatalf("error shows the password: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Open did not return after its context's deadline")
	}
}

// SQLite paths that SQLite reports as "out of memory (14)" get a plain
// reason.
func TestOpenSQLiteSaysWhatIsWrongWithThePath(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "plain")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	locked := filepath.Join(dir, "locked")
	if err := os.Mkdir(locked, 0o555); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ name, path, want string }{
		{"missing directory", filepath.Join(dir, "nope", "x.db"), "does not exist"},
		{"a directory as the file", dir, "is a directory, not a database file"},
		{"a file as the directory", filepath.Join(file, "x.db"), "is not a directory"},
	}
	if os.Getuid() != 0 { // root writes anywhere
		tests = append(tests, struct{ name, path, want string }{"unwritable directory", filepath.Join(locked, "x.db"), "check the"})
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			loc, err := store.ParseURL(tc.path)
			if err != nil {
				t.Fatal(err)
			}
			_, err = store.Open(context.Background(), loc, store.Options{})
			if err == nil || !strings.Contains(err.Error(), tc.want) || strings.Contains(err.Error(), "out of memory") {
				t.Fatalf("Open(%s): %v, want %q", tc.path, err, tc.want)
			}
		})
	}
}

// A damaged database file is refused at start with a plain reason.
func TestOpenSQLiteRefusesACorruptFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "room.db")
	loc, _ := store.ParseURL(path)
	s, err := store.Open(context.Background(), loc, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	s.Close()
	os.Remove(path + "-wal")
	os.Remove(path + "-shm")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Scribble over the second page onwards (the first keeps the header).
	for i := 4096; i < len(data); i++ {
		data[i] = 0xA5
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err = store.Open(context.Background(), loc, store.Options{})
	if err == nil {
		s.Close()
		t.Fatal("a corrupt database was opened")
	}
	if !strings.Contains(err.Error(), "corrupt") && !strings.Contains(err.Error(), "damaged") {
		t.Fatalf("error %v does not say the file is damaged", err)
	}
	// Not a database at all.
	junk := filepath.Join(t.TempDir(), "junk.db")
	os.WriteFile(junk, []byte(strings.Repeat("this is not sqlite ", 500)), 0o644)
	jloc, _ := store.ParseURL(junk)
	if s, err := store.Open(context.Background(), jloc, store.Options{}); err == nil {
		s.Close()
		t.Fatal("a text file was opened as a database")
	} else if !strings.Contains(err.Error(), "not a SQLite database") {
		t.Fatalf("error %v", err)
	}
}

// Processes creating the same new database at once all succeed: they wait
// for each other (busy_timeout before the WAL switch) instead of failing
// with SQLITE_BUSY.
func TestConcurrentProcessesCreateOneDatabase(t *testing.T) {
	if p := os.Getenv("POKERROOM_TEST_CREATE"); p != "" {
		loc, err := store.ParseURL(p)
		if err != nil {
			t.Fatal(err)
		}
		s, err := store.Open(context.Background(), loc, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if _, err := s.Migrate(context.Background()); err != nil {
			t.Fatal(err)
		}
		return
	}
	rounds, procs := 20, 8
	if testing.Short() {
		rounds = 2
	}
	for r := 0; r < rounds; r++ {
		path := filepath.Join(t.TempDir(), "new.db")
		cmds := make([]*exec.Cmd, procs)
		outs := make([]*strings.Builder, procs)
		for i := range cmds {
			cmds[i] = exec.Command(os.Args[0], "-test.run", "^TestConcurrentProcessesCreateOneDatabase$", "-test.count=1")
			cmds[i].Env = append(os.Environ(), "POKERROOM_TEST_CREATE="+path)
			outs[i] = &strings.Builder{}
			cmds[i].Stdout, cmds[i].Stderr = outs[i], outs[i]
		}
		for _, c := range cmds {
			if err := c.Start(); err != nil {
				t.Fatal(err)
			}
		}
		for i, c := range cmds {
			if err := c.Wait(); err != nil {
				t.Fatalf("round %d, process %d: %v\n%s", r, i, err, outs[i])
			}
		}
	}
}

// The audit is exact whatever an account's lifetime inflow: here two
// accounts each receive and send back more than 2^63 chips in all.
func TestAuditIsExactPastInt64Inflows(t *testing.T) {
	ctx := context.Background()
	loc, _ := store.ParseURL(filepath.Join(t.TempDir(), "a.db"))
	s, err := store.Open(ctx, loc, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	bank, _ := s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindBank, Key: "bank"})
	p, _ := store.Player{}, error(nil)
	_ = p
	a, _ := s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindTable, Key: "table:1"})
	big := int64(math.MaxInt64/2 + 1)
	for k := 0; k < 3; k++ {
		if _, err := s.Transfer(ctx, store.Transfer{From: bank.ID, To: a.ID, Amount: big, Reason: "grant"}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Transfer(ctx, store.Transfer{From: a.ID, To: bank.ID, Amount: big, Reason: "return"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.Transfer(ctx, store.Transfer{From: bank.ID, To: a.ID, Amount: 5, Reason: "grant"}); err != nil {
		t.Fatal(err)
	}
	audit, err := s.Audit(ctx)
	if err != nil {
		t.Fatalf("audit: %v", err)
	}
	if !audit.OK() || audit.Entries != 7 {
		t.Fatalf("audit %+v", audit)
	}
	// A tampered balance is still found.
	if err := s.DB().Exec("UPDATE accounts SET balance = 6 WHERE id = ?", a.ID).Error; err != nil {
		t.Fatal(err)
	}
	audit, err = s.Audit(ctx)
	if err != nil || audit.OK() || len(audit.Mismatches) != 1 || audit.Mismatches[0].Ledger != 5 {
		t.Fatalf("audit of a tampered balance: %+v, %v", audit, err)
	}
}

// With the database gone, SchemaVersion says so instead of answering 0 (the
// console's status showed "schema version: 0").
func TestSchemaVersionReportsADownDatabase(t *testing.T) {
	ctx := context.Background()
	loc, _ := store.ParseURL(filepath.Join(t.TempDir(), "a.db"))
	s, err := store.Open(ctx, loc, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if v, err := s.SchemaVersion(ctx); err == nil {
		t.Fatalf("schema version %d from a closed database, want an error", v)
	}
}

// The SQLite connection runs with the pragmas the DSN asks for, on a
// current SQLite (modernc.org/sqlite).
func TestSQLitePragmasAndVersion(t *testing.T) {
	ctx := context.Background()
	loc, _ := store.ParseURL(filepath.Join(t.TempDir(), "p.db"))
	s, err := store.Open(ctx, loc, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var version string
	if err := s.DB().Raw("select sqlite_version()").Scan(&version).Error; err != nil {
		t.Fatal(err)
	}
	t.Logf("SQLite %s", version)
	if version < "3.50" {
		t.Errorf("SQLite %s: want a current release (3.50 or later)", version)
	}
	for _, p := range []struct{ pragma, want string }{
		{"journal_mode", "wal"}, {"foreign_keys", "1"}, {"busy_timeout", "10000"}, {"synchronous", "1"},
		{"temp_store", "2"}, {"wal_autocheckpoint", strconv.Itoa(dburl.SQLiteBackstopPages)},
	} {
		var got string
		if err := s.DB().Raw("PRAGMA " + p.pragma).Scan(&got).Error; err != nil {
			t.Fatal(err)
		}
		if got != p.want {
			t.Errorf("PRAGMA %s = %s, want %s", p.pragma, got, p.want)
		}
	}
}

// A SQLite URL asking for synchronous(FULL) (commits that survive a power
// failure) gets it on the store's connection: the driver ran pokerroom's
// synchronous(NORMAL) after it and undid it.
func TestSQLiteURLsOwnSynchronousTakesEffect(t *testing.T) {
	ctx := context.Background()
	loc, err := store.ParseURL("file:" + filepath.Join(t.TempDir(), "full.db") + "?_pragma=synchronous(FULL)")
	if err != nil {
		t.Fatal(err)
	}
	s, err := store.Open(ctx, loc, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var got, journal string
	if err := s.DB().Raw("PRAGMA synchronous").Scan(&got).Error; err != nil {
		t.Fatal(err)
	}
	if err := s.DB().Raw("PRAGMA journal_mode").Scan(&journal).Error; err != nil {
		t.Fatal(err)
	}
	if got != "2" || journal != "wal" {
		t.Errorf("PRAGMA synchronous = %s, journal_mode = %s; want 2 (FULL) and wal", got, journal)
	}
}

// A SQLite URL's busy_timeout by the driver's shorthand key
// (`_busy_timeout=60000`) is the store's: pokerroom's busy_timeout(10000),
// run after it, undid it.
func TestSQLiteURLsShorthandBusyTimeoutTakesEffect(t *testing.T) {
	ctx := context.Background()
	loc, err := store.ParseURL("file:" + filepath.Join(t.TempDir(), "busy.db") + "?_busy_timeout=60000")
	if err != nil {
		t.Fatal(err)
	}
	s, err := store.Open(ctx, loc, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var got string
	if err := s.DB().Raw("PRAGMA busy_timeout").Scan(&got).Error; err != nil {
		t.Fatal(err)
	}
	if got != "60000" {
		t.Errorf("PRAGMA busy_timeout = %s, want 60000", got)
	}
}
