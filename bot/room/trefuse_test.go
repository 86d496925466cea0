package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-TRN-2 (seed 001 #6: "La Organización podrá rechazar la inscripción de
// cualquier participante"): an admin refuses a player's entry with
// /tourney refuse <player>. Before the start the registration is
// cancelled and refunded; the player may not register again, after the
// start not re-enter either. There was no command for it: the room's
// rule (tourney.Refuse) could not be reached from the chat.
func TestAdminRefusesAnEntry(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/tourney create Friday buyin=100+10 start=+1h min=2")
	before := h.wallet("bob")
	h.must("alice", "/register")
	h.must("bob", "/register")
	h.must("carol", "/register")
	h.fails("alice", "/tourney refuse bob", "admin.only")
	h.fails("admin", "/tourney refuse", "refuse.usage")
	h.fails("admin", "/tourney refuse nobody", "dq.no_such")
	r := h.must("admin", "/tourney refuse bob")
	if !strings.Contains(r.Text, "bob") {
		t.Errorf("the refusal does not name bob: %q", r.Text)
	}
	if got := h.wallet("bob"); got != before {
		t.Errorf("bob's wallet %d after the refusal, want %d (refunded)", got, before)
	}
	h.fails("bob", "/register", "tourney.refused")
	if info := h.must("alice", "/tourney info").Text; !strings.Contains(info, "2 in (2 entries)") {
		t.Errorf("the lobby after the refusal:\n%s", info)
	}
	if rep, out := h.audit(); !rep.OK() { // the account holds the two entries left
		t.Errorf("the audit after a refusal:\n%s", out)
	}
	h.restart() // the refusal is in the tournament's log
	h.fails("bob", "/register", "tourney.refused")
	h.sleep(time.Hour)
	if r := h.must("admin", "/tourney refuse carol"); !strings.Contains(r.Text, "carol may not enter Friday again") {
		t.Errorf("a refusal after the start: %q", r.Text)
	}
	if info := h.must("alice", "/tourney info").Text; !strings.Contains(info, "2 in (2 entries)") {
		t.Errorf("an entry in play was taken out by a refusal:\n%s", info)
	}
}
