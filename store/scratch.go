package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// Scratch is a database a command plays on by itself (the console's
// scripts, the simulator): the one it was given, or a fresh SQLite file in
// a temporary directory of its own that Close removes.
type Scratch struct {
	*Store
	// Location is where the database is; its String hides any password.
	Location Location
	// dir is the temporary directory Close removes ("" for a given
	// database, which Close leaves in place).
	dir string
}

// URLError is OpenScratch's error for a database URL that does not parse:
// the caller's input is wrong, not the database.
type URLError struct {
	Err error // from ParseURL; it never holds a password
}

func (e *URLError) Error() string { return e.Err.Error() }

// Unwrap returns the parse error.
func (e *URLError) Unwrap() error { return e.Err }

// OpenScratch opens and migrates the database at dsn (any form ParseURL
// accepts) or, with dsn empty, a fresh SQLite file name+".db" in a new
// temporary directory "pokerroom-"+name+"-*". Connecting is bounded by
// timeout. A dsn that does not parse is a [*URLError]; a failure to create
// the directory, open or migrate is an error saying which step failed;
// then what was opened is closed and the temporary directory removed.
func OpenScratch(ctx context.Context, dsn, name string, timeout time.Duration) (*Scratch, error) {
	return OpenScratchWith(ctx, dsn, name, timeout, nil)
}

// OpenScratchWith is OpenScratch migrating the database with migrate
// (nil: [Store.Migrate]): the caller's, which may refuse to upgrade a
// database another process runs a room on.
func OpenScratchWith(ctx context.Context, dsn, name string, timeout time.Duration, migrate func(context.Context, *Store) (int, error)) (*Scratch, error) {
	if migrate == nil {
		migrate = func(ctx context.Context, s *Store) (int, error) { return s.Migrate(ctx) }
	}
	if name == "" || filepath.Base(name) != name {
		return nil, fmt.Errorf("scratch database name %q: want a plain file name without a directory", name)
	}
	sc := &Scratch{}
	if dsn == "" {
		dir, err := os.MkdirTemp("", "pokerroom-"+name+"-")
		if err != nil {
			return nil, fmt.Errorf("scratch database: %w", err)
		}
		sc.dir = dir
		dsn = filepath.Join(dir, name+".db")
	}
	fail := func(err error) (*Scratch, error) {
		if sc.Store != nil {
			err = errors.Join(err, sc.Store.Close())
		}
		if sc.dir != "" {
			err = errors.Join(err, os.RemoveAll(sc.dir))
		}
		return nil, err
	}
	loc, err := ParseURL(dsn)
	if err != nil {
		return fail(&URLError{Err: err})
	}
	sc.Location = loc
	octx, cancel := context.WithTimeout(ctx, timeout)
	sc.Store, err = Open(octx, loc, Options{})
	cancel()
	if err != nil {
		return fail(fmt.Errorf("open database: %w", err))
	}
	if _, err := migrate(ctx, sc.Store); err != nil {
		return fail(fmt.Errorf("migrate: %w", err))
	}
	return sc, nil
}

// Close closes the database and removes the temporary directory holding a
// fresh one; a database OpenScratch was given stays where it is.
func (s *Scratch) Close() error {
	err := s.Store.Close()
	if s.dir != "" {
		err = errors.Join(err, os.RemoveAll(s.dir))
	}
	return err
}
