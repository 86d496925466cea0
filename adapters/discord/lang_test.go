package discord_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/adapters/discord/discordtest"
)

// With DEFAULT_LANG=es, what the adapter writes itself (here the amount
// form) speaks Spanish to members whose client's locale is no language
// the room speaks, as the room's own answers do: it spoke English.
func TestAdapterTextsFollowTheDefaultLanguage(t *testing.T) {
	fake := newFake(t)
	fake.SetLocale(ana, "de")
	fake.SetLocale(ben, "de")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{defaultLang: "es"})
	e.seatTwo()
	var m *discordtest.Message // the table message (in Spanish) with the amount button
	var id string
	fake.Wait(wait, "the table message with its Subir… button", func() bool {
		for _, x := range fake.Messages(channel) {
			if got, ok := button(x, "✏️ Subir"); ok && strings.HasPrefix(x.Text(), "Mesa #") {
				m, id = x, got
				return true
			}
		}
		return false
	})
	if m == nil {
		t.FailNow()
	}
	var r *discordtest.Response
	for _, who := range []string{ana, ben} { // the one to act gets the form
		if r = fake.Answer(fake.Press(who, m, id), wait); r.Type == discordtest.CallbackModal && r.Modal != nil {
			break
		}
	}
	if r.Type != discordtest.CallbackModal || r.Modal == nil {
		t.Fatalf("the Raise button opened %+v, want the amount form", r)
	}
	if r.Modal.Title != "Subida" {
		t.Errorf("the amount form is titled %q, want %q (DEFAULT_LANG=es)", r.Modal.Title, "Subida")
	}
}

// A table that speaks Spanish shows its amount button in Spanish, beside
// its other buttons (Retirarse, Pasar...): the adapter wrote "✏️ Raise…"
// or "✏️ Bet…" whatever the table's language.
func TestAmountButtonSpeaksTheTablesLanguage(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{defaultLang: "es"})
	e.seatTwo()
	fake.Wait(wait, "the Spanish table message with an amount button", func() bool {
		for _, m := range fake.Messages(channel) {
			if !strings.HasPrefix(m.Text(), "Mesa #") {
				continue
			}
			if _, ok := button(m, "✏️ Raise"); ok {
				t.Fatalf("the Spanish table's amount button is in English:\n%s", m.Text())
			}
			if _, ok := button(m, "✏️ Subir"); ok {
				return true
			}
		}
		return false
	})
}
