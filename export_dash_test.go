package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `pokerroom export ... --out -` wrote a file named "-" in the working
// directory (`rm -- -` to get rid of it), where "-" means the standard
// stream, as console's --script - reads standard input. It writes to
// standard output, as without --out.
func TestExportOutDashIsStandardOutput(t *testing.T) {
	db := filepath.Join(t.TempDir(), "room.db")
	script, err := filepath.Abs("testdata/console/session.txt")
	if err != nil {
		t.Fatal(err)
	}
	if r := runMain(t, context.Background(), nil, nil, "console", "--seed", "42", "--script", script, "--db", db); r.code != exitOK {
		t.Fatalf("console: exit %d\n%s", r.code, r.stderr)
	}
	dir := t.TempDir()
	t.Chdir(dir)
	r := runMain(t, context.Background(), map[string]string{"DATABASE_URL": db}, nil, "export", "--community", "console:group", "--out", "-")
	if r.code != exitOK || !strings.Contains(r.stdout, "PokerStars Hand #") {
		t.Errorf("exit %d, stdout %d bytes\nstderr: %s", r.code, len(r.stdout), r.stderr)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files written in the working directory: %v", entries)
	}
	// --force makes no sense without a file to replace.
	if r := runMain(t, context.Background(), map[string]string{"DATABASE_URL": db}, nil, "export", "--community", "console:group", "--out", "-", "--force"); r.code != exitUsage {
		t.Errorf("--out - --force: exit %d\n%s", r.code, r.stderr)
	}
}
