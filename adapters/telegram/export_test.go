package telegram_test

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/adapters/telegram/telegramtest"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/history/historytest"
)

// waitDocuments waits until user's private chat holds n documents.
func (e *env) waitDocuments(user int64, n int) []telegramtest.Document {
	e.t.Helper()
	e.fake.Wait(wait, "documents in the private chat", func() bool { return len(e.fake.Documents(user)) >= n })
	return e.fake.Documents(user)
}

// checkExport checks a PokerStars export against the stored hands: Ana's
// own hole cards in every hand, no other player's she did not see.
func (e *env) checkExport(d telegramtest.Document, user int64) int {
	e.t.Helper()
	p, err := e.store.Player(context.Background(), "telegram", strconv.FormatInt(user, 10), "")
	if err != nil {
		e.t.Fatal(err)
	}
	n, err := historytest.Check(string(d.Data), p.ID, func(id int64) (bot.HandRecord, error) {
		return e.store.LoadHand(context.Background(), id)
	})
	if err != nil {
		e.t.Errorf("%s: %v\n%s", d.Name, err, d.Data)
	}
	return n
}

// /export end to end through the fake Bot API and the real client: typed
// in the group, the group is told the hands went privately and a document
// (sendDocument, multipart) arrives in the player's private chat only,
// holding PokerStars hands with their own hole cards and no opponent's
// unshown ones; typed privately, the answer names the file; a bad
// argument is answered privately and sends nothing.
func TestExportSendsADocumentToThePlayersPrivateChat(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{maxHands: 3})
	e.openTable(ana, ben)
	for n := 1; n <= 3; n++ {
		e.playHand(n)
	}
	e.say(group, ana, "/export")
	e.waitText(group, "Ana: your hands were sent to you privately")
	docs := e.waitDocuments(ana, 1)
	d := docs[0]
	if !strings.HasPrefix(d.Name, "hands-") || !strings.HasSuffix(d.Name, ".txt") || !strings.Contains(d.Caption, "Your 3 hands (PokerStars)") {
		t.Errorf("document %q, caption %q", d.Name, d.Caption)
	}
	if n := e.checkExport(d, ana); n != 3 || strings.Count(string(d.Data), "PokerStars Hand #") != 3 {
		t.Errorf("%d hands in the export, want 3", n)
	}
	e.say(ana, ana, "/export 2")
	e.waitText(ana, "Your 2 hands are on their way: hands-")
	docs = e.waitDocuments(ana, 2)
	if n := e.checkExport(docs[1], ana); n != 2 {
		t.Errorf("/export 2 gave %d hands", n)
	}
	for _, tc := range []struct{ line, want string }{
		{"/export abc", "Usage: /export"},
		{"/export 0", "ask for 1 to 1000 hands"},
		{"/export T99", "There is no tournament T99 here"},
	} {
		e.say(group, ben, tc.line)
		e.waitText(ben, tc.want)
	}
	for chat, ds := range fake.AllDocuments() {
		if chat != ana {
			t.Errorf("%d documents sent to chat %d; only Ana asked", len(ds), chat)
		}
	}
	if n := len(fake.Documents(ana)); n != 2 {
		t.Errorf("Ana got %d documents, want 2", n)
	}
}

// /export from a player who blocked the bot: the document cannot reach
// them, and the group they asked in is told so, with the Start button,
// not left believing the hands went privately (the file was dropped
// without a word).
func TestExportToAPlayerWhoBlockedTheBotSaysSo(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{maxHands: 1})
	e.openTable(ana, ben)
	e.playHand(1)
	fake.Block(ana)
	e.say(group, ana, "/export")
	// The notice, or its one-line form when Ana was shown one lately.
	m := e.waitText(group, "only in private")
	if !strings.HasPrefix(m.Text, "Ana: ") || len(m.Keyboard) != 1 || !strings.Contains(m.Keyboard[0][0].URL, "?start=") {
		t.Errorf("the notice: %q, buttons %+v\n%v", m.Text, m.Keyboard, fake.Transcript(group))
	}
	if n := len(fake.Documents(ana)); n != 0 {
		t.Errorf("Ana got %d documents though she blocked the bot", n)
	}
}
