package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `pokerroom export --out DIR` naming a folder is refused up front (exit
// 2, the folder named as one), with or without --force: it was answered
// "the file exists (add --force to replace it)", and with --force the
// whole export ran, then failed to rename over the folder (exit 1),
// leaving nothing but the misleading advice.
func TestExportOutNamingAFolderIsRefused(t *testing.T) {
	env, _ := tempDB(t)
	ctx := context.Background()
	if r := runMain(t, ctx, env, nil, "migrate"); r.code != exitOK {
		t.Fatal(r.stderr)
	}
	parent := t.TempDir()
	dir := filepath.Join(parent, "exports")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"export", "--community", "1", "--out", dir},
		{"export", "--community", "1", "--out", dir, "--force"},
	} {
		r := runMain(t, ctx, env, nil, args...)
		want := "--out " + dir + ": a folder, not a file (name a file in it, for example " + filepath.Join(dir, "hands.txt") + ")"
		if r.code != exitUsage || !strings.Contains(r.stderr, want) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", args, r.code, r.stderr, exitUsage, want)
		}
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			t.Errorf("%q: the folder is gone: %v", args, err)
		}
		if entries, _ := os.ReadDir(parent); len(entries) != 1 {
			t.Errorf("%q: files left beside the folder: %v", args, entries)
		}
	}
}
