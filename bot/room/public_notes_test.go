package room_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// privateMessages is every private message user was sent.
func (h *harness) privateMessages(user string) []bot.Outgoing {
	var out []bot.Outgoing
	for _, m := range h.rec.all() {
		if m.To.Private() && m.To.User == user {
			out = append(out, m)
		}
	}
	return out
}

// The private notes that tell nothing secret carry a fallback, a notice
// in the group naming the player (bot.Outgoing.Fallback), which a
// platform that cannot reach the player privately shows rather than drop
// the note: the turn reminder (R-TIME-1) and a tournament's notes to an
// entry (its seat, a bust's rebuy offer: R-TRN-4); the hole cards never.
func TestNotesAPlayerMustNotMissHaveAGroupFallback(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(h *harness) string // who is to get the note
		note  string
	}{
		{"turn reminder", func(h *harness) string {
			h.must("admin", "/newtable nlhe 1/2 timer=30 bank=20")
			h.must("ana", "/join 100")
			h.must("ben", "/join 100")
			who := h.toAct()
			h.sleep(21 * time.Second)
			return who
		}, "10 s left"},
		{"tournament seat", func(h *harness) string {
			h.must("admin", "/tourney create Duo start=sng players=2 seats=2")
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
				switch {
				case v.Kind == bot.ViewCards && m.Fallback != nil:
					t.Errorf("hole cards with a fallback: %q", v.Text)
				case strings.Contains(v.Text, c.note):
					found = true
					if m.Fallback == nil || m.Fallback.To.Private() || m.Fallback.To.Chat != "group" {
						t.Fatalf("%q: fallback %+v; want a notice in the group", v.Text, m.Fallback)
					}
					if f := bot.Resolved(*m.Fallback).Body.(bot.View); f.Text != who+": "+v.Text {
						t.Errorf("the fallback of %q reads %q, want it naming %s", v.Text, f.Text, who)
					}
				}
			}
			if !found {
				t.Fatalf("no %q note for %s: %q", c.note, who, h.private(who))
			}
		})
	}
}
