package main

import (
	"context"
	"os"
	"strings"
	"testing"
)

// A DATABASE_URL (or the console's --db) naming a directory is a bad
// configuration like any other: exit status 2 and one line naming the
// setting and the directory, nothing created in it. It exited 1, as a
// failed command does, with a logged error (found by an outside review).
func TestDatabaseURLNamingADirectoryExitsTwo(t *testing.T) {
	for _, tc := range []struct {
		name    string
		args    []string
		setting string // the setting the line names
	}{
		{"run", nil, "DATABASE_URL: "},
		{"migrate", []string{"migrate"}, "DATABASE_URL: "},
		{"audit", []string{"audit"}, "DATABASE_URL: "},
		{"adminlog", []string{"adminlog"}, "DATABASE_URL: "},
		{"export", []string{"export", "--community", "1"}, "DATABASE_URL: "},
		{"console --db", []string{"console", "--db"}, "--db: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			args := tc.args
			if tc.name == "console --db" {
				args = append(args, dir)
			}
			r := runMain(t, context.Background(), map[string]string{"DATABASE_URL": dir}, strings.NewReader(""), args...)
			if r.code != exitUsage {
				t.Errorf("exit status %d, want 2\nstderr: %s", r.code, r.stderr)
			}
			if !strings.Contains(r.stderr, tc.setting+dir+" is a directory, not a database file") {
				t.Errorf("stderr does not name %s and the directory:\n%s", tc.setting, r.stderr)
			}
			if strings.Count(r.stderr, "\n") != 1 {
				t.Errorf("stderr is not one line:\n%s", r.stderr)
			}
			if entries, _ := os.ReadDir(dir); len(entries) != 0 {
				t.Errorf("%d files were created in the directory", len(entries))
			}
		})
	}
}
