package room_test

import (
	"strings"
	"testing"
)

// What a tournament says to one player alone speaks that player's
// language (README "Languages"), as every other private answer does:
// after /lang es in an English chat, ana's /tourney info, structure,
// payouts and players are in Spanish, while ben's stay in the chat's
// English (found by an outside review: they spoke the chat's language).
func TestTourneyPrivateAnswersSpeakThePlayersOwnLanguage(t *testing.T) {
	h := newHarness(t, 3)
	h.must("admin", "/tourney create Seis start=sng players=6 seats=6 buyin=10+1 speed=turbo")
	h.must("ana", "/lang es")
	for _, tc := range []struct{ cmd, es, en string }{
		{"/tourney info", "Estado:", "Status:"},
		{"/tourney structure", "Estructura sit-and-go turbo", "Structure sit-and-go turbo"},
		{"/tourney payouts", "Aún no hay premios", "No prizes yet"},
	} {
		if r := h.must("ana", tc.cmd); !strings.Contains(r.Text, tc.es) {
			t.Errorf("ana (/lang es) %s: want %q in\n%s", tc.cmd, tc.es, r.Text)
		}
		if r := h.must("ben", tc.cmd); !strings.Contains(r.Text, tc.en) {
			t.Errorf("ben (the chat's English) %s: want %q in\n%s", tc.cmd, tc.en, r.Text)
		}
	}
}
