package main

import (
	"context"
	"strings"
	"testing"
	"time"
)

// Ctrl-C during `pokerroom sim` ended it with exit status 1 and not a word:
// the run looked like a crash. It says it was interrupted before its
// figures (exit 1: no figures were measured).
func TestSimInterruptedSaysSo(t *testing.T) {
	env, _ := tempDB(t)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(1500*time.Millisecond, cancel)
	r := runMain(t, ctx, env, nil, "sim", "--tables", "2", "--hands", "100000", "--rate", "20", "--baseline", "0", "--trials", "10")
	if r.code != exitFail || !strings.Contains(r.stderr, "pokerroom sim: interrupted") {
		t.Errorf("exit %d, want 1 and a line saying it was interrupted\nstderr: %s", r.code, r.stderr)
	}
}
