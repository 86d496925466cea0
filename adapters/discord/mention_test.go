package discord_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// A member mentioned in a text option arrives as Discord writes a
// mention, "<@102>": "/tourney dq" with Ben mentioned disqualifies Ben
// (R-TRN-20); it was answered "Nobody called <@102> is still in this
// tournament".
func TestTourneyDqOfAMentionedMember(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.slash(ana, "tourney", str("action", "create"), str("options", "Mentions start=sng players=4 seats=4 speed=hyper bots=on"))
	e.slash(ben, "register")
	e.slash(ana, "tourney", str("action", "bots"), str("options", "3"))
	r := e.slash(ana, "tourney", str("action", "dq"), str("options", "<@"+ben+">"))
	if text := r.Message.Text(); !strings.Contains(text, "disqualified") {
		t.Fatalf("/tourney dq <@%s>: %q", ben, text)
	}
}
