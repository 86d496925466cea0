package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-TRN-3 (seed 000: "un torneo con reentradas puede tener un límite ...
// una vez hayas usado el número de entradas permitidas, no se te permitirá
// volver a jugar"): a player out during late registration is told how
// many entries they have left, or that they have none, not "/reenter to
// play again, if you have entries left" whatever the limit: in an event
// with no re-entry that sent them to a command that refuses them.
func TestAPlayerOutDuringLateRegistrationIsToldTheEntriesLeft(t *testing.T) {
	h := newHarness(t, 23)
	h.must("admin", "/tourney create Late buyin=20+2 start=+1m late=6 seats=6 min=2 reentry=2")
	for _, u := range []string{"alice", "bob", "carol"} {
		h.must(u, "/register")
	}
	h.sleep(time.Minute + time.Second)
	bust := func(name string) string {
		t.Helper()
		for range 300 {
			if len(h.newsWith(name+" is out")) > 0 {
				msgs := h.private("alice")
				return msgs[len(msgs)-1]
			}
			h.do("alice", "/allin")
			for _, u := range []string{"bob", "carol"} {
				if _, err := h.do(u, "/call"); err != nil {
					h.do(u, "/check")
				}
			}
		}
		t.Fatalf("%s is not out: %q", name, h.news())
		return ""
	}
	if msg := bust("alice"); !strings.Contains(msg, "/reenter") || !strings.Contains(msg, "1 entry left") {
		t.Errorf("alice out with an entry left is told: %q", msg)
	}
	h.must("alice", "/reenter")
	if msg := bust("alice [2]"); strings.Contains(msg, "/reenter") || !strings.Contains(msg, "no entries left") {
		t.Errorf("alice out with no entry left is told: %q", msg)
	}
}
