package main

import (
	"context"
	"strings"
	"testing"
)

// `COMMAND -h` (or --help) answers with the command's help for every
// command, as README says of run: `pokerroom version --help` was refused as
// an unexpected argument (exit 2) and `pokerroom help -h` as an unknown
// command "-h".
func TestEveryCommandAnswersDashH(t *testing.T) {
	for _, args := range [][]string{{"version", "-h"}, {"version", "--help"}, {"help", "-h"}, {"help", "--help"}} {
		r := runMain(t, context.Background(), nil, nil, args...)
		want := "pokerroom version: "
		if args[0] == "help" {
			want = "Commands:"
		}
		if r.code != exitOK || !strings.Contains(r.stdout, want) {
			t.Errorf("%q: exit %d\nstdout: %s\nstderr: %s", args, r.code, r.stdout, r.stderr)
		}
	}
}
