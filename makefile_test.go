package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"
)

// `make race` (README: make help lists shortcuts, make race among them) ran
// go test -race ./... with go test's default 10-minute timeout, which
// bot/room's race run passes on a two-core machine: CI gives the same run
// -timeout 30m for that reason. Every go test -race line of the Makefile
// allows at least CI's timeout.
func TestMakeRaceAllowsCIsTimeout(t *testing.T) {
	ci, err := os.ReadFile(".ci/run")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go test -race .*-timeout (\S+) \./\.\.\.$`).FindSubmatch(ci)
	if m == nil {
		t.Fatal(".ci/run has no go test -race ... -timeout D ./... line")
	}
	want, err := time.ParseDuration(string(m[1]))
	if err != nil {
		t.Fatal(err)
	}
	mk, err := os.ReadFile("Makefile")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range strings.Split(string(mk), "\n") {
		if !strings.HasPrefix(l, "\t") || !strings.Contains(l, "go test") || !strings.Contains(l, "-race") {
			continue
		}
		n++
		d := regexp.MustCompile(`-timeout[ =](\S+)`).FindStringSubmatch(l)
		if d == nil {
			t.Errorf("Makefile: %q has go test's default 10m timeout; CI allows %s", strings.TrimSpace(l), want)
			continue
		}
		if got, err := time.ParseDuration(d[1]); err != nil || got < want {
			t.Errorf("Makefile: %q allows %s; CI allows %s", strings.TrimSpace(l), d[1], want)
		}
	}
	if n == 0 {
		t.Fatal("Makefile has no go test -race line")
	}
}
