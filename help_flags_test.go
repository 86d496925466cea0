package main

import (
	"context"
	"regexp"
	"testing"
)

// README: `pokerroom help COMMAND` lists every flag of a command. The
// commands that read their own flags (console, sim, export) list them
// there too, as `COMMAND -h` does, not only their one-line summary.
func TestHelpCommandListsItsFlags(t *testing.T) {
	for _, tc := range []struct {
		cmd   string
		flags []string
	}{
		{"console", []string{"-script", "-seed", "-db", "-files"}},
		{"sim", []string{"-tables", "-hands", "-db", "-seed", "-rate", "-tourney"}},
		{"export", []string{"-community", "-since", "-format", "-player", "-tz", "-out", "-force"}},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			r := runMain(t, context.Background(), nil, nil, "help", tc.cmd)
			if r.code != exitOK {
				t.Fatalf("exit status %d, stderr:\n%s", r.code, r.stderr)
			}
			for _, f := range tc.flags {
				if !regexp.MustCompile(`(?m)^  ` + f + `( |$)`).MatchString(r.stdout) {
					t.Errorf("help %s does not list %s:\n%s", tc.cmd, f, r.stdout)
				}
			}
		})
	}
}
