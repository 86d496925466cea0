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

// The built-in structures' names are said in the chat's language (issue:
// they were English only under DEFAULT_LANG=es): the lobby and /tourney
// structure of a multi-table event, a seed 001 time-limit sit-and-go
// (R-TRN-8, R-TRN-12) and an admin's own levels.
func TestTourneyStructureNamesSpeakTheChatsLanguage(t *testing.T) {
	h := newHarness(t, 3)
	h.defaultLang = "es"
	h.restart()
	for _, tc := range []struct{ create, label, want string }{
		{"/tourney create Viernes start=+1h speed=turbo", "T1", "multimesa turbo"},
		{"/tourney create Reloj start=sng players=6 structure=sng20-time", "T2", "sit-and-go con límite de tiempo 20+5"},
		{"/tourney create Propia start=+1h levels=25/50,50/100_10m", "T3", "personalizada"},
	} {
		h.must("admin", tc.create)
		if r := h.must("ana", "/tourney info "+tc.label); !strings.Contains(r.Text, tc.want) || strings.Contains(r.Text, "multi-table") {
			t.Errorf("%s: the lobby does not name %q:\n%s", tc.create, tc.want, r.Text)
		}
		if r := h.must("ana", "/tourney structure "+tc.label); !strings.Contains(r.Text, "Estructura "+tc.want+",") {
			t.Errorf("%s: /tourney structure does not name %q:\n%s", tc.create, tc.want, r.Text)
		}
	}
	h.defaultLang = "en"
	h.restart()
	if r := h.must("ana", "/tourney structure T1"); !strings.Contains(r.Text, "Structure multi-table turbo,") {
		t.Errorf("under English: %s", r.Text)
	}
}
