package telegram_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/bottest"
)

// A typed /call that reaches the table long after it was sent (the bot
// was down, Telegram kept the message; here the room's clock is an hour
// past the message's date, Message.date) is not played on a turn that
// began after it was typed: the player is told, and the turn waits for
// them. A button press carries its hand and action and is not concerned.
func TestTypedActionSentBeforeTheTurnBeganIsNotPlayed(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	clock := bottest.NewClock(time.Now().Add(time.Hour).Truncate(time.Second))
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{clock: clock})
	defer e.stop()
	e.openTable(ana, ben)
	e.advance(5 * time.Second) // the first hand is dealt
	m := e.waitTable(1)
	who, _ := toAct(m)
	e.say(group, who, "/call")
	e.waitText(who, "was sent before your turn began")
	if now, _ := e.tableMessage(1); now.Text != m.Text {
		t.Errorf("the stale /call was played:\nbefore %s\nafter %s", m.Text, now.Text)
	}
}
