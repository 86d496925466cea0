package room_test

import (
	"strings"
	"sync/atomic"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
)

// /tourney create stores the tournament, then opens its registration. When
// that second write failed, the admin was told "The room cannot reach its
// database right now. Try again shortly." although the tournament stood
// (announced, registration closed), and nothing of it was in the admin
// log: trying again made a second one. The answer now says what is: the
// tournament is created, its registration not open, and how to open it;
// the creation is in the admin log.
func TestATourneyCreatedWhoseRegistrationCouldNotOpenSaysSo(t *testing.T) {
	for _, line := range []string{"/tourney create Big start=+2h", "/tourney template use sng20"} {
		t.Run(line, func(t *testing.T) {
			h := newHarness(t, 3)
			f := withFaults(h)
			var stored atomic.Bool
			f.Decide = func(method string) bottest.Fault {
				switch {
				case method == "AddTourney":
					stored.Store(true)
				case method == "CommitTables" && stored.Load():
					return bottest.Lose
				}
				return bottest.Pass
			}
			r, err := h.in("group", "", "admin", line)
			f.Decide = nil
			if err != nil {
				t.Fatalf("%s: told %q though T1 stands: trying again makes another", line, bot.FromError(err).Message(bot.English))
			}
			if !strings.Contains(r.Text, "T1") || !strings.Contains(r.Text, "/tourney open T1") {
				t.Errorf("%s: %q, want T1 named and how to open its registration", line, r.Text)
			}
			if log := h.mustIn("group", "admin", "/adminlog").Text; !strings.Contains(log, line) {
				t.Errorf("the creation is not in the admin log:\n%s", log)
			}
			h.mustIn("group", "admin", "/tourney open T1")
			h.mustIn("group", "ben", "/register T1")
		})
	}
}
