package main

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/store"
)

// The commands that read a room's database (audit, adminlog, export) pointed
// at a database that is no room's (another application's SQLite file, an
// empty file) created the room's whole schema in it and reported every check
// OK, exit 0: a mistyped DATABASE_URL passed for a clean room, and another
// application's database got nineteen tables. They refuse it, exit 2, with a
// line naming DATABASE_URL, and leave its tables as they were.
func TestReadingCommandsRefuseADatabaseThatIsNoRoom(t *testing.T) {
	for _, kind := range []string{"empty file", "another application's"} {
		for _, args := range [][]string{{"audit"}, {"adminlog"}, {"export", "--community", "1"}} {
			t.Run(kind+"/"+args[0], func(t *testing.T) {
				path := filepath.Join(t.TempDir(), "other.db")
				if err := os.WriteFile(path, nil, 0o644); err != nil {
					t.Fatal(err)
				}
				if kind != "empty file" {
					loc, err := store.ParseURL(path)
					if err != nil {
						t.Fatal(err)
					}
					s, err := store.Open(context.Background(), loc, store.Options{})
					if err != nil {
						t.Fatal(err)
					}
					if err := s.DB().Exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)").Error; err != nil {
						t.Fatal(err)
					}
					s.Close()
				}
				before := sqliteTables(t, path)
				r := runMain(t, context.Background(), map[string]string{"DATABASE_URL": path}, nil, args...)
				if r.code != exitUsage || !strings.Contains(r.stderr, "DATABASE_URL: "+path+" holds no pokerroom database") || strings.Contains(r.stdout, "OK") {
					t.Errorf("exit %d, want 2 naming DATABASE_URL\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
				}
				if after := sqliteTables(t, path); !slices.Equal(before, after) {
					t.Errorf("the database's tables changed: %v, then %v", before, after)
				}
			})
		}
	}
}

// sqliteTables lists the tables of the SQLite file at path.
func sqliteTables(t *testing.T, path string) []string {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.Query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var names []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		names = append(names, n)
	}
	return names
}
