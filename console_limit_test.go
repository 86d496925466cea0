package main

import (
	"context"
	"strings"
	"testing"
)

// The terminal console is one person at one keyboard, whose answers print
// at once: no platform's send budget to protect. A newcomer who pastes a
// dozen commands (or types fast) gets every one answered, not "You are
// sending commands too fast" and then silence, under run's defaults
// (USER_COMMAND_RATE 1, USER_COMMAND_BURST 8) and in `pokerroom console`.
func TestTheConsoleAnswersEveryCommandTypedAtOnce(t *testing.T) {
	const n = 15
	input := strings.Repeat("/wallet\n", n)
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"run", nil},
		{"console", []string{"console"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			env, _ := tempDB(t)
			r := runMain(t, context.Background(), env, strings.NewReader(input), tc.args...)
			if r.code != exitOK {
				t.Fatalf("exit status %d, stderr:\n%s", r.code, r.stderr)
			}
			if strings.Contains(r.stdout, "too fast") {
				t.Errorf("the console's user was told to slow down:\n%s", r.stdout)
			}
			if got := strings.Count(r.stdout, "Your wallet"); got != n {
				t.Errorf("%d of %d /wallet answered:\n%s", got, n, r.stdout)
			}
		})
	}
}
