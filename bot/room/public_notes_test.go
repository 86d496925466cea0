package room_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// privateViews is every private view user was sent.
func (h *harness) privateViews(user string) []bot.View {
	var out []bot.View
	for _, m := range h.rec.all() {
		if m.To.Private() && m.To.User == user {
			out = append(out, m.Body.(bot.View))
		}
	}
	return out
}

// The private notes that tell nothing secret are marked public
// (bot.View.Public), so that a platform that cannot reach the player
// privately shows them in the group rather than drop them: the turn
// reminder (R-TIME-1) and a tournament's notes to an entry (its seat, a
// bust's rebuy offer: R-TRN-4); the hole cards never are.
func TestNotesAPlayerMustNotMissAreMarkedPublic(t *testing.T) {
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
			for _, v := range h.privateViews(who) {
				switch {
				case v.Kind == bot.ViewCards && v.Public:
					t.Errorf("hole cards marked public: %q", v.Text)
				case strings.Contains(v.Text, c.note):
					found = true
					if !v.Public || v.Kind != bot.ViewNotice {
						t.Errorf("%q: kind %v, public %v; want a public notice", v.Text, v.Kind, v.Public)
					}
				}
			}
			if !found {
				t.Fatalf("no %q note for %s: %q", c.note, who, h.private(who))
			}
		})
	}
}
