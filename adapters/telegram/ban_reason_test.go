package telegram_test

import (
	"path/filepath"
	"testing"
)

// "/ban @dave_p insulted @maria_g": the player banned is the one named
// first; an @name in the reason is text. Since the adapter refuses a
// username it does not know, the whole ban was refused ("I cannot tell
// who @maria_g is"), for a word of its reason.
func TestBanReasonMayMentionAUsernameTheBotDoesNotKnow(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{owners: []string{"telegram:101"}})
	addImpersonation(e)
	e.say(group, ana, "/ban @dave_p insulted @maria_g")
	e.waitText(ana, "banned from the bot")
	if !e.banned(dave) {
		t.Error("Dave is not banned")
	}
}
