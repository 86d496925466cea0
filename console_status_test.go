package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/store"
)

// The console's help offers "status: the database and which platforms are
// configured"; in `pokerroom console` it answered "status unavailable: no
// status source". It shows the console's database (its --db, or the fresh
// file it plays on) and its schema version, and no platform (console reads
// no token).
func TestConsoleStatusShowsItsDatabase(t *testing.T) {
	db := filepath.Join(t.TempDir(), "given.db")
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"--db", []string{"console", "--db", db}, "database: sqlite " + db},
		{"fresh", []string{"console"}, "database: sqlite "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runMain(t, context.Background(), nil, strings.NewReader("status\n"), tc.args...)
			if r.code != exitOK {
				t.Fatalf("exit status %d, stderr:\n%s", r.code, r.stderr)
			}
			for _, w := range []string{tc.want, fmt.Sprintf("schema version: %d", store.LatestSchemaVersion()), "telegram: not configured", "discord: not configured"} {
				if !strings.Contains(r.stdout, w) {
					t.Errorf("status lacks %q:\n%s", w, r.stdout)
				}
			}
			if strings.Contains(r.stdout, "unavailable") {
				t.Errorf("status unavailable:\n%s", r.stdout)
			}
		})
	}
}
