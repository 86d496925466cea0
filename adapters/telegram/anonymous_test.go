package telegram_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// A command sent on behalf of the group (an admin with "Remain
// anonymous" on: Telegram sends it from GroupAnonymousBot with the group
// as sender_chat) was dropped without a word; it is answered in the
// group, in the chat's language, saying why nothing was done and what to
// do. Nothing is run for anyone.
func TestAnonymousAdminsCommandIsAnsweredInTheGroup(t *testing.T) {
	const anonymous = `"message":{"message_id":950,"date":1,"chat":{"id":-100200300,"type":"supergroup","title":"Poker night"},` +
		`"from":{"id":1087968824,"is_bot":true,"first_name":"Group","username":"GroupAnonymousBot"},` +
		`"sender_chat":{"id":-100200300,"type":"supergroup","title":"Poker night"},` +
		`"text":"/newtable nlhe 1/2","entities":[{"type":"bot_command","offset":0,"length":9}]}`
	fake := newFake(t)
	fake.Start(ana, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	fake.PushRaw(anonymous)
	m := e.waitText(group, "anonymous")
	if m.ReplyTo != 950 {
		t.Errorf("the answer replies to message %d, want 950", m.ReplyTo)
	}
	if !strings.Contains(m.Text, "Remain anonymous") {
		t.Errorf("the answer %q does not say how to act as oneself", m.Text)
	}
	e.say(group, ana, "/tables")
	e.waitText(group, "No tables here") // nothing was opened
	// In a Spanish chat, in Spanish.
	e.say(group, ana, "/lang chat es")
	e.waitText(group, "español")
	fake.PushRaw(strings.Replace(anonymous, `"message_id":950`, `"message_id":951`, 1))
	e.waitText(group, "anónimo")
}

// A linked channel's post is forwarded into its discussion group by
// Telegram itself: from the service user 777000 ("Telegram", not a bot),
// with the channel as sender_chat and is_automatic_forward set. It is no
// one's command: nothing is run, no one is answered, and the service user
// never becomes a player.
func TestChannelPostForwardedIntoTheDiscussionGroupRunsNothing(t *testing.T) {
	const forwarded = `"message":{"message_id":960,"date":1,"chat":{"id":-100200300,"type":"supergroup","title":"Poker night"},` +
		`"from":{"id":777000,"is_bot":false,"first_name":"Telegram"},` +
		`"sender_chat":{"id":-100999111,"type":"channel","title":"Poker news"},"is_automatic_forward":true,` +
		`"forward_from_chat":{"id":-100999111,"type":"channel","title":"Poker news"},"forward_from_message_id":5,"forward_date":1,` +
		`"text":"/tables","entities":[{"type":"bot_command","offset":0,"length":7}]}`
	fake := newFake(t)
	fake.Start(ana, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	fake.PushRaw(forwarded)
	e.say(group, ana, "/tables")
	e.waitText(group, "No tables here")
	for _, m := range fake.BotMessages(group) {
		if m.ReplyTo == 960 {
			t.Errorf("the forwarded channel post was run or answered: %q", m.Text)
		}
	}
}
