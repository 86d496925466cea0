package room_test

import (
	"strings"
	"testing"
)

// DEFAULT_LANG is the language of every chat that has not chosen one with
// /lang chat (README): a chat whose settings were saved for another
// reason (/spectate off, /grant limits, a Discord channel's first
// command) follows a later change of DEFAULT_LANG; the default it spoke
// was not stored as the chat's choice.
func TestDefaultLangIsNotStoredAsTheChatsChoice(t *testing.T) {
	h := newHarness(t, 3)
	h.defaultLang = "es"
	h.restart()
	if r := h.must("ana", "/tables"); !strings.Contains(r.Text, "Aún no hay mesas") {
		t.Fatalf("DEFAULT_LANG=es: %q", r.Text)
	}
	h.must("admin", "/spectate off")
	h.defaultLang = "en"
	h.restart()
	if r := h.must("ana", "/tables"); !strings.Contains(r.Text, "No tables here") {
		t.Errorf("DEFAULT_LANG=en after a /spectate under es: %q", r.Text)
	}
	// A chat that chose stays with its choice.
	h.must("admin", "/lang chat es")
	h.defaultLang = ""
	h.restart()
	if r := h.must("ana", "/tables"); !strings.Contains(r.Text, "Aún no hay mesas") {
		t.Errorf("the chat's /lang chat es was lost: %q", r.Text)
	}
}
