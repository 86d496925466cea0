package telegram_test

import (
	"path/filepath"
	"testing"
)

// With DEFAULT_LANG=es, what the adapter answers itself speaks Spanish to
// a user whose client names no language the room speaks, as the room's
// own answers do: an unknown @username was refused in English.
func TestAdapterAnswersFollowTheDefaultLanguage(t *testing.T) {
	fake := newFake(t) // Ana's client names no language
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{defaultLang: "es"})
	e.say(group, ana, "/tables")
	e.waitText(group, "Aún no hay mesas") // the room speaks Spanish
	e.say(group, ana, "/grant @nobody_here 100")
	e.waitText(group, "No sé quién es @nobody_here")
}
