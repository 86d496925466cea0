package telegram_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/adapters/telegram/telegramtest"
)

// Issue 23: every message goes out as Telegram HTML (parse_mode=HTML),
// the table message formatted (its title and the player to act bold),
// cards with coloured suits, and a name that would format a message if it
// were not escaped reads as typed, in the group, in private and in the
// popup; the fake, which parses the markup as Telegram does, refuses none.
func TestMessagesAreHTMLAndAHostileNameReadsAsTyped(t *testing.T) {
	const evil, hostile = int64(666), "<b>*_[ & </i>"
	fake := newFake(t)
	fake.AddUser(telegramtest.User{ID: evil, FirstName: "<b>*_[", LastName: "& </i>", Username: "evil"})
	fake.Start(evil, "")
	fake.Start(ana, "")
	names[evil] = hostile
	defer delete(names, evil)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.say(group, ana, "/newtable@"+botName+" nlhe 1/2")
	e.waitText(group, "Table #1 opened")
	e.say(group, evil, "/join")
	e.say(group, ana, "/join")
	m := e.waitTable(1)
	if !strings.Contains(m.Text, " "+hostile+" ") {
		t.Errorf("the table message does not show the name as typed:\n%s", m.Text)
	}
	if !strings.Contains(m.Source, "<b>Table #1") || !strings.Contains(m.Source, "&lt;b&gt;*_[ &amp; &lt;/i&gt;") {
		t.Errorf("the table message's HTML is not formatted and escaped:\n%s", m.Source)
	}
	if id, ok := fake.Press(group, m.ID, evil, "My cards"); !ok {
		t.Error("no My cards button")
	} else if a := fake.WaitAnswer(id, wait); !a.ShowAlert || !strings.Contains(a.Text, "hand 1: your cards") || !strings.Contains(a.Text, "\uFE0F") {
		t.Errorf("the My cards popup: %+v, want the cards with coloured suits", a)
	}
	cards := e.waitText(evil, "hand 1: your cards")
	if !strings.Contains(cards.Source, "<b>") || !strings.Contains(cards.Text, "\uFE0F") {
		t.Errorf("the cards message does not show the cards bold with coloured suits: %q", cards.Source)
	}
	e.playHand(1)
	e.say(evil, evil, "/history")
	if h := e.waitText(evil, "· hand 1 ·"); !strings.Contains(h.Text, hostile) {
		t.Errorf("/history does not name the player as typed:\n%s", h.Text)
	}
	for _, chat := range []int64{group, evil, ana} {
		msgs := fake.BotMessages(chat)
		if len(msgs) == 0 {
			t.Fatalf("no messages in %d", chat)
		}
		for _, m := range msgs {
			if m.ParseMode != "HTML" {
				t.Errorf("a message in %d went without parse_mode HTML (%q): %q", chat, m.ParseMode, m.Text)
			}
		}
	}
	if s, ok := e.summary(1); !ok || !strings.ContainsAny(s, "♠♥♦♣") || !strings.Contains(s, hostile) {
		t.Errorf("hand 1's summary: %q", s)
	}
	if n := fake.Stats().Malformed; n != 0 {
		t.Errorf("the fake refused %d messages for their markup or length", n)
	}
}
