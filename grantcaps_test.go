package main

import (
	"context"
	"strings"
	"testing"
)

// GRANT_DAY_MAX below the default GRANT_MAX (50,000), with GRANT_MAX
// left unset, makes the day's cap the most one grant gives too: /grant
// limits said "at most 50,000 chips at once and 10,000 a day", a limit
// no grant could reach, where GRANT_MAX=50000 written out is refused for
// being above the day's cap (found by an outside review).
func TestDayCapBoundsTheDefaultGrantCap(t *testing.T) {
	env, _ := tempDB(t)
	env["GRANT_DAY_MAX"] = "10000"
	r := runMain(t, context.Background(), env, strings.NewReader("/grant limits\nquit\n"))
	if r.code != exitOK {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	if !strings.Contains(r.stdout, "at most 10,000 chips at once and 10,000 a day") {
		t.Errorf("/grant limits with GRANT_DAY_MAX=10000:\n%s", r.stdout)
	}
}
