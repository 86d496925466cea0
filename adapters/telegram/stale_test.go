package telegram_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A typed /call sent while the bot was down (Telegram kept it; its date,
// Message.date, a minute before the bot came back) is not played on a turn
// that began after it was typed: the player is told, and the turn waits
// for them. A message that comes while the bot polls is played whatever
// its date says (this host's clock and Telegram's may differ, and a fake
// may date every message alike); a button press carries its hand and
// action and is not concerned.
func TestTypedActionSentWhileTheBotWasDownIsNotPlayed(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	db := filepath.Join(t.TempDir(), "room.db")
	e := start(t, fake, db, options{})
	e.openTable(ana, ben)
	m := e.waitTable(1)
	who, _ := toAct(m)
	e.stop()
	fake.SayAt(group, who, "/call", time.Now().Add(-time.Minute))
	e = start(t, fake, db, options{})
	defer e.stop()
	e.waitText(who, "was sent before your turn began")
	if now, _ := e.tableMessage(1); strings.Contains(now.Text, "calls") {
		t.Errorf("the /call typed while the bot was down was played:\n%s", now.Text)
	}
	// Typed now, with a date an hour old (a host clock an hour ahead of
	// Telegram's): played.
	fake.SayAt(group, who, "/call", time.Now().Add(-time.Hour))
	e.waitText(group, "calls")
}
