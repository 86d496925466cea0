package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	mathrand "math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/pokerroom/pokerroom/store/dburl"
	"gorm.io/driver/postgres"
	gormsqlite "gorm.io/driver/sqlite"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
	"modernc.org/sqlite"
)

// Backend names a database engine.
type Backend = dburl.Backend

// Supported backends.
const (
	SQLite   = dburl.SQLite
	Postgres = dburl.Postgres
)

// DefaultSQLiteFile is the database used when DATABASE_URL is empty.
const DefaultSQLiteFile = dburl.DefaultSQLiteFile

// AcceptedURLs describes the accepted forms of a database URL.
const AcceptedURLs = dburl.AcceptedURLs

// Location is a parsed database URL (see package dburl).
type Location = dburl.Location

// ParseURL parses a database URL; see dburl.Parse.
func ParseURL(raw string) (Location, error) { return dburl.Parse(raw) }

// Clock tells the time. Tests pass a fake one.
type Clock interface{ Now() time.Time }

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// Options configure [Open].
type Options struct {
	// Clock stamps rows (CreatedAt, ledger entries). Default: the system clock.
	Clock Clock
	// MaxOpenConns bounds the PostgreSQL connection pool (default 16).
	// SQLite always uses one connection.
	MaxOpenConns int
}

// Store is a database holding pokerroom's state. It is safe for
// concurrent use.
type Store struct {
	db        *gorm.DB
	sqlDB     *sql.DB
	loc       Location
	clock     Clock
	transfers atomic.Uint64
	// stmts are the SQLite statements of the hot writes, prepared once.
	stmts stmtCache
	// seqs are the open hands' log lengths the last commits left.
	seqs seqCache
	// ckpt checkpoints a SQLite file's write-ahead log (nil otherwise).
	ckpt *checkpointer
	// fence refuses writes once this process may no longer own the room
	// (fence.go).
	fence fence
}

// Open connects to the database at loc, within ctx's deadline. It does not
// migrate: call [Store.Migrate]. A SQLite file that another process is
// creating or recovering at the same moment (SQLITE_BUSY, which SQLite
// returns there without waiting) is waited for, up to sqliteBusyWait.
func Open(ctx context.Context, loc Location, opts Options) (*Store, error) {
	deadline := time.Now().Add(sqliteBusyWait)
	for {
		s, err := open(ctx, loc, opts)
		if err == nil || loc.Backend != SQLite || !isBusy(err) || time.Now().After(deadline) {
			return s, err
		}
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(time.Duration(10+mathrand.IntN(40)) * time.Millisecond):
		}
	}
}

// sqliteBusyWait bounds how long Open waits for another process to finish
// creating the same SQLite file.
const sqliteBusyWait = 10 * time.Second

// isBusy reports whether err is SQLite's "database is locked".
func isBusy(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "SQLITE_BUSY") || strings.Contains(msg, "database is locked")
}

func open(ctx context.Context, loc Location, opts Options) (*Store, error) {
	if opts.Clock == nil {
		opts.Clock = systemClock{}
	}
	if opts.MaxOpenConns <= 0 {
		opts.MaxOpenConns = 16
	}
	clock := opts.Clock
	cfg := &gorm.Config{
		Logger:         logger.Default.LogMode(logger.Silent),
		TranslateError: true,
		// gorm's own ping has no context: a server that accepts and never
		// answers would hang the start, deaf to Ctrl-C. Ping(ctx) below.
		DisableAutomaticPing:   true,
		SkipDefaultTransaction: true,
		NowFunc: func() time.Time {
			// PostgreSQL keeps microseconds: round so that what is read
			// back equals what was written, on both backends.
			return storedTime(clock.Now())
		},
	}
	var dialector gorm.Dialector
	switch loc.Backend {
	case SQLite:
		// SQLite reports most of these as "out of memory (14)".
		if loc.Path != ":memory:" {
			if err := checkSQLitePath(loc.Path); err != nil {
				return nil, fmt.Errorf("open sqlite database %s: %w", loc, err)
			}
		}
		dialector = sqliteDialector{gormsqlite.Dialector{DriverName: "sqlite", DSN: loc.DSN()}}
	case Postgres:
		dialector = postgres.Open(loc.DSN())
	default:
		return nil, fmt.Errorf("open database: unknown backend %q", loc.Backend)
	}
	db, err := gorm.Open(dialector, cfg)
	if err != nil {
		return nil, loc.Hide(fmt.Errorf("open %s database %s: %w", loc.Backend, loc, sqliteHint(err)))
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, loc.Hide(fmt.Errorf("open %s database %s: %w", loc.Backend, loc, err))
	}
	switch loc.Backend {
	case SQLite:
		// One connection: SQLite allows one writer at a time, and a
		// single connection serialises transactions in the pool instead
		// of failing them with "database is locked".
		sqlDB.SetMaxOpenConns(1)
		sqlDB.SetMaxIdleConns(1)
		sqlDB.SetConnMaxLifetime(0)
	case Postgres:
		sqlDB.SetMaxOpenConns(opts.MaxOpenConns)
		sqlDB.SetMaxIdleConns(opts.MaxOpenConns)
		sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	}
	s := &Store{db: db, sqlDB: sqlDB, loc: loc, clock: clock}
	if err := s.registerFence(); err != nil {
		sqlDB.Close()
		return nil, fmt.Errorf("open %s database %s: %w", loc.Backend, loc, err)
	}
	if err := s.Ping(ctx); err != nil {
		sqlDB.Close()
		if ctx.Err() != nil {
			return nil, fmt.Errorf("open %s database %s: no answer: %w", loc.Backend, loc, ctx.Err())
		}
		// The driver's error may quote the URL: its passwords hidden.
		return nil, loc.Hide(fmt.Errorf("open %s database %s: %w", loc.Backend, loc, sqliteHint(err)))
	}
	if loc.Backend == SQLite {
		if err := s.quickCheck(ctx); err != nil {
			sqlDB.Close()
			return nil, fmt.Errorf("open sqlite database %s: %w", loc, err)
		}
		if loc.Path != ":memory:" {
			if s.ckpt, err = startCheckpointer(loc.DSN()); err != nil {
				sqlDB.Close()
				return nil, fmt.Errorf("open sqlite database %s: %w", loc, err)
			}
		}
	}
	return s, nil
}

// Close closes the database.
func (s *Store) Close() error {
	if s.ckpt != nil {
		s.ckpt.close()
	}
	s.stmts.close()
	return s.sqlDB.Close()
}

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	var one int
	// A query, not just PingContext: it proves the connection works.
	if err := s.db.WithContext(ctx).Raw("SELECT 1").Scan(&one).Error; err != nil {
		return err
	}
	if one != 1 {
		return errors.New("database answered SELECT 1 with something else")
	}
	return nil
}

// Backend returns the database engine.
func (s *Store) Backend() Backend { return s.loc.Backend }

// Location returns where the database is, without secrets.
func (s *Store) Location() Location { return s.loc }

// TransferCount returns the number of ledger transfers committed through
// this Store since it was opened.
func (s *Store) TransferCount() uint64 { return s.transfers.Load() }

// DB returns the underlying gorm handle, for tests and tools only.
func (s *Store) DB() *gorm.DB { return s.db }

// NotAFileError is Open's error for a SQLite path that names a directory:
// the configuration is wrong, not the database (nothing was created).
type NotAFileError struct {
	Path string
}

func (e *NotAFileError) Error() string {
	return fmt.Sprintf("%s is a directory, not a database file (name a file inside it, for example %s)", e.Path, filepath.Join(e.Path, DefaultSQLiteFile))
}

// checkSQLitePath says plainly what SQLite would report as "out of memory
// (14)": a missing directory, a directory given as the file, a file or
// directory this user may not write.
func checkSQLitePath(path string) error {
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("directory %s does not exist", dir)
	case !fi.IsDir():
		return fmt.Errorf("%s is not a directory", dir)
	}
	fi, statErr := os.Stat(path)
	if statErr == nil && fi.IsDir() {
		return &NotAFileError{Path: path}
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil && errors.Is(statErr, fs.ErrNotExist) {
		// No file to blame: the directory would not take a new one.
		return fmt.Errorf("cannot create %s (%v): check the directory %s, its owner and permissions (this process runs as uid %d)", path, errors.Unwrap(err), dir, os.Getuid())
	}
	if err != nil {
		return fmt.Errorf("cannot open %s for reading and writing (%v): check the file's owner and permissions (this process runs as uid %d)", path, errors.Unwrap(err), os.Getuid())
	}
	f.Close()
	// WAL keeps two files beside the database: the directory must be
	// writable too.
	probe, err := os.CreateTemp(dir, ".pokerroom-write-check-*")
	if err != nil {
		return fmt.Errorf("directory %s is not writable (%v): SQLite keeps its -wal and -shm files beside the database; check the directory's owner and permissions (this process runs as uid %d)", dir, errors.Unwrap(err), os.Getuid())
	}
	probe.Close()
	os.Remove(probe.Name())
	return nil
}

// sqliteHint adds a plain reason to SQLite's numbered errors.
func sqliteHint(err error) error {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "(26)") || strings.Contains(msg, "file is not a database"):
		return fmt.Errorf("the file is not a SQLite database, or it is corrupt: %w", err)
	case strings.Contains(msg, "(14)") || strings.Contains(msg, "unable to open"):
		return fmt.Errorf("cannot open the file (check the path, its directory and their permissions): %w", err)
	case strings.Contains(msg, "(11)") || strings.Contains(msg, "malformed"):
		return fmt.Errorf("the database file is corrupt: %w", err)
	}
	return err
}

// quickCheck runs PRAGMA quick_check and refuses a damaged database.
func (s *Store) quickCheck(ctx context.Context) error {
	var rows []string
	if err := s.db.WithContext(ctx).Raw("PRAGMA quick_check").Scan(&rows).Error; err != nil {
		return fmt.Errorf("integrity check: %w", sqliteHint(err))
	}
	if len(rows) != 1 || rows[0] != "ok" {
		first := ""
		if len(rows) > 0 {
			first = rows[0]
		}
		return fmt.Errorf("the database file is damaged (PRAGMA quick_check: %s); restore it from a backup", first)
	}
	return nil
}

// sqliteDialector is gorm's SQLite dialect on modernc.org/sqlite, a
// maintained pure-Go SQLite (no cgo): gorm.io/driver/sqlite's dialect with
// the driver named "sqlite", and modernc's constraint errors translated to
// gorm's (gorm.io/driver/sqlite reads mattn/go-sqlite3's error fields).
type sqliteDialector struct{ gormsqlite.Dialector }

// Translate maps SQLite's extended result codes for a primary key or unique
// violation and a foreign key violation to gorm's errors.
func (d sqliteDialector) Translate(err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() {
		case 1555, 2067: // SQLITE_CONSTRAINT_PRIMARYKEY, SQLITE_CONSTRAINT_UNIQUE
			return gorm.ErrDuplicatedKey
		case 787: // SQLITE_CONSTRAINT_FOREIGNKEY
			return gorm.ErrForeignKeyViolated
		}
	}
	return err
}
