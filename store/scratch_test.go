package store_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/store"
)

// A scratch database is migrated and ready; a fresh one lives in a
// temporary directory that Close removes, a given one stays after Close,
// and bad input is refused with what is wrong.
func TestOpenScratch(t *testing.T) {
	ctx := context.Background()
	given := filepath.Join(t.TempDir(), "given.db")
	for _, tc := range []struct {
		name, dsn, file string
		// removed: the database file is gone after Close.
		removed bool
		// badURL: a *store.URLError; wantErr: the error says this.
		badURL  bool
		wantErr string
	}{
		{name: "fresh", dsn: "", file: "sim.db", removed: true},
		{name: "given", dsn: given, file: "given.db"},
		{name: "bad url", dsn: "bogus://x", badURL: true, wantErr: `unsupported scheme "bogus"`},
		{name: "credentials without scheme", dsn: "ann:secret@db/x", badURL: true, wantErr: "postgres://"},
		{name: "missing directory", dsn: filepath.Join(t.TempDir(), "missing", "x.db"), wantErr: "open database: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := store.OpenScratch(ctx, tc.dsn, "sim", 10*time.Second)
			if tc.wantErr != "" {
				var ue *store.URLError
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) || errors.As(err, &ue) != tc.badURL {
					t.Fatalf("error %v (URLError: %v); want one saying %q, URLError %v", err, errors.As(err, &ue), tc.wantErr, tc.badURL)
				}
				if strings.Contains(err.Error(), "secret") {
					t.Fatalf("the error shows the password: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			path := sc.Location.Path
			if filepath.Base(path) != tc.file {
				t.Errorf("database file %s, want one named %s", path, tc.file)
			}
			if v, err := sc.SchemaVersion(ctx); err != nil || v == 0 {
				t.Errorf("schema version %d, %v: not migrated", v, err)
			}
			if tc.removed && !strings.HasPrefix(filepath.Base(filepath.Dir(path)), "pokerroom-sim-") {
				t.Errorf("fresh database in %s, want a directory pokerroom-sim-*", filepath.Dir(path))
			}
			if err := sc.Close(); err != nil {
				t.Fatal(err)
			}
			_, err = os.Stat(path)
			if gone := errors.Is(err, os.ErrNotExist); gone != tc.removed {
				t.Errorf("after Close the file is gone: %v, want %v (stat: %v)", gone, tc.removed, err)
			}
			if tc.removed {
				if _, err := os.Stat(filepath.Dir(path)); !errors.Is(err, os.ErrNotExist) {
					t.Errorf("the temporary directory is left after Close: %v", err)
				}
			}
		})
	}
	if _, err := store.OpenScratch(ctx, "", "../x", time.Second); err == nil {
		t.Error("a name with a directory was accepted")
	}
}
