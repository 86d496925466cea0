package telegram_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/adapters/telegram/telegramtest"
)

// A member without a username is named in a command the way Telegram's
// clients write it: picked from the mention list, their name ("Cy Lee",
// with its space) carries a text_mention of their user id. "/grant Cy Lee
// 500" so written gives Cy Lee the chips (it was refused with the usage:
// three arguments).
func TestGrantToATextMentionOfAUserWithoutUsername(t *testing.T) {
	const cyLee = int64(106)
	const grant = `"message":{"message_id":960,"date":1,"chat":{"id":-100200300,"type":"supergroup","title":"Poker night"},` +
		`"from":{"id":101,"is_bot":false,"first_name":"Ana","username":"ana"},` +
		`"text":"/grant Cy Lee 500","entities":[{"type":"bot_command","offset":0,"length":6},` +
		`{"type":"text_mention","offset":7,"length":6,"user":{"id":106,"is_bot":false,"first_name":"Cy","last_name":"Lee"}}]}`
	fake := newFake(t)
	fake.Start(ana, "")
	fake.AddUser(telegramtest.User{ID: cyLee, FirstName: "Cy", LastName: "Lee"})
	fake.Start(cyLee, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.say(group, cyLee, "/wallet")
	e.waitText(cyLee, "Your wallet")
	fake.PushRaw(grant)
	m := e.waitText(group, "500 chips")
	if !strings.HasPrefix(m.Text, "Cy Lee receives 500") {
		t.Errorf("the grant answered %q", m.Text)
	}
}
