package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// /export in the console writes the player's file in --files and says
// where; a second export of the same minute is written beside it, never
// over it; --files must be a folder.
func TestConsoleExportWritesTheFile(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(t.TempDir(), "export.txt")
	lines := []string{
		"ana: /newtable nlhe 1/2 rake=off", "ana: /join 100", "ben: /join 100",
		"ana: /call", "ben: /check", "ben: /check", "ana: /check", "ben: /check", "ana: /check", "ben: /check", "ana: /check",
		"ana: /export", "ana: /export", "ben: /export abc",
	}
	if err := os.WriteFile(script, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runMain(t, context.Background(), nil, nil, "console", "--script", script, "--seed", "42", "--files", dir)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "hands-*.txt"))
	if len(files) != 2 {
		t.Fatalf("files %v, want two exports side by side:\n%s", files, r.stdout)
	}
	for _, f := range files {
		data, _ := os.ReadFile(f)
		if n := strings.Count(string(data), "PokerStars Hand #"); n != 1 || !strings.Contains(string(data), "Dealt to ana [") || strings.Contains(string(data), "Dealt to ben [") {
			t.Errorf("%s: %d hands, want ana's one:\n%s", f, n, data)
		}
		if !strings.Contains(r.stdout, "[ana] wrote "+f+" (") {
			t.Errorf("the transcript does not say %s was written:\n%s", f, r.stdout)
		}
	}
	if !strings.Contains(r.stdout, "[ben] Usage: /export") {
		t.Errorf("/export abc was not answered with the usage:\n%s", r.stdout)
	}
	if r := runMain(t, context.Background(), nil, nil, "console", "--script", script, "--files", script); r.code != exitUsage || !strings.Contains(r.stderr, "not a folder") {
		t.Errorf("--files with a file: exit %d, %s", r.code, r.stderr)
	}
}

// A player who chose Spanish is told in Spanish where their /export went
// (the console's own line was English only).
func TestConsoleExportSaysWhereInThePlayersLanguage(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(t.TempDir(), "export.txt")
	lines := []string{
		"ana: /newtable nlhe 1/2 rake=off", "ana: /lang es", "ana: /join 100", "ben: /join 100",
		"ana: /call", "ben: /check", "ben: /check", "ana: /check", "ben: /check", "ana: /check", "ben: /check", "ana: /check",
		"ana: /export",
	}
	if err := os.WriteFile(script, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r := runMain(t, context.Background(), nil, nil, "console", "--script", script, "--seed", "42", "--files", dir)
	files, _ := filepath.Glob(filepath.Join(dir, "hands-*.txt"))
	if r.code != exitOK || len(files) != 1 {
		t.Fatalf("exit %d, files %v: %s", r.code, files, r.stderr)
	}
	if !strings.Contains(r.stdout, "[ana] escrito "+files[0]+" (") {
		t.Errorf("ana (/lang es) is not told in Spanish where her file went:\n%s", r.stdout)
	}
}
