package room_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// R-CASH-6, R-TRN-13 (seed 000: anonymous tables show pseudonyms only):
// a private note's group fallback (bot.Outgoing.Fallback) names the
// player, so at an anonymous table or tournament it told the group which
// player the pseudonym to act was ("ana: 10 s left to act at #1" while
// the table showed "Anonym 2" to act), or which seat an entry drew. There
// the note stays private, without a fallback.
func TestAnonymousNotesHaveNoGroupFallbackNamingThePlayer(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(h *harness) string // who is to get the note
		note  string
	}{
		{"turn reminder at an anonymous table", func(h *harness) string {
			h.must("admin", "/newtable nlhe 1/2 timer=30 bank=20 anon=on")
			h.must("ana", "/join 100")
			h.must("ben", "/join 100")
			h.sleep(21 * time.Second)
			for _, who := range []string{"ana", "ben"} {
				for _, m := range h.private(who) {
					if strings.Contains(m, "10 s left") {
						return who
					}
				}
			}
			return "ana"
		}, "10 s left"},
		{"seat in an anonymous tournament", func(h *harness) string {
			h.must("admin", "/tourney create Masked start=sng players=2 seats=2 anon=on")
			h.must("ana", "/register")
			h.must("ben", "/register")
			h.sleep(2 * time.Second)
			return "ana"
		}, "you play at table"},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, 11)
			who := c.setup(h)
			found := false
			for _, m := range h.privateMessages(who) {
				v := m.Body.(bot.View)
				if !strings.Contains(v.Text, c.note) {
					continue
				}
				found = true
				if m.Fallback != nil {
					t.Errorf("%q has a group fallback: %q", v.Text, bot.Resolved(*m.Fallback).Body.(bot.View).Text)
				}
			}
			if !found {
				t.Fatalf("no %q note for %s: %q", c.note, who, h.private(who))
			}
		})
	}
}
