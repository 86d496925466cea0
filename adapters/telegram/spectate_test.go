package telegram_test

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// /spectate on Telegram: the target must be a chat the bot can post to
// and that the admin who asks administers. A @username is resolved with
// getChat and its numeric id stored; another group where the admin is no
// admin, a name no chat has, a chat the bot left or may not post in are
// each refused with their own answer, and the summaries never go there.
func TestSpectateTargetIsCheckedOnTelegram(t *testing.T) {
	const (
		theirs     = int64(-100999888) // Cy's group: Ana is no admin there
		channel    = int64(-100777666) // Ana's channel @my_summaries
		readonly   = int64(-100777555) // Ana's channel; the bot may not post
		kicked     = int64(-100777444) // Ana's group; the bot was removed
		restricted = int64(-100777333) // Ana's group; the bot may not send
	)
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	fake.AddGroup(theirs, "Someone else's group", cy)
	fake.AddChannel(channel, "my_summaries", "Summaries", ben, ana)
	fake.AddChannel(readonly, "read_only_news", "Read only", ana)
	fake.SetBotMember(readonly, "administrator no_post")
	fake.AddGroup(kicked, "Gone", ana)
	fake.SetBotMember(kicked, "kicked")
	fake.AddGroup(restricted, "Muted", ana)
	fake.SetBotMember(restricted, "restricted")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	refusals := []struct{ target, answer string }{
		{strconv.FormatInt(theirs, 10), "You are not an administrator of -100999888"},
		{"@nobody_has_this", "I cannot find @nobody_has_this, or I am not in it"},
		{"summaries", "I cannot find summaries, or I am not in it"},
		{"@read_only_news", "I cannot post in @read_only_news"},
		{strconv.FormatInt(kicked, 10), "I cannot find -100777444, or I am not in it"},
		{strconv.FormatInt(restricted, 10), "I cannot post in -100777333"},
	}
	for _, r := range refusals {
		e.say(group, ana, "/spectate "+r.target)
		e.waitText(ana, r.answer) // errors reach a user who started the bot privately
	}
	// Ben owns the channel but is no admin of the group: the room's own
	// check refuses him before Telegram is asked.
	e.say(group, ben, "/spectate @my_summaries")
	e.waitText(ben, "admin")
	e.say(group, ana, "/spectate @my_summaries")
	e.waitText(group, "Hand summaries will also be posted to @my_summaries.")
	e.openTable(ana, ben)
	e.playHand(1)
	e.waitTable(2)
	e.waitText(channel, "Hand 1")
	time.Sleep(200 * time.Millisecond)
	for _, chat := range []int64{theirs, readonly, kicked, restricted} {
		if n := len(fake.BotMessages(chat)); n != 0 {
			t.Errorf("chat %d was sent %d messages: %v", chat, n, fake.Transcript(chat))
		}
	}
	if strings.Contains(strings.Join(fake.Transcript(group), "\n"), "I cannot") {
		t.Errorf("a refusal was posted in the group:\n%v", fake.Transcript(group))
	}
}

// When Telegram fails (500) or does not answer in time, /spectate says it
// could not check and changes nothing: never a success.
func TestSpectateWhenTelegramCannotBeAsked(t *testing.T) {
	const channel = int64(-100777666)
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	fake.AddChannel(channel, "my_summaries", "Summaries", ana)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{checkTimeout: 300 * time.Millisecond})
	e.say(group, ana, "/spectate off") // Ana's admin check of the group stands while Telegram fails
	e.waitText(group, "Hand summaries stay in this chat only.")
	fake.SetFailing("getChatMember", 2) // the admin check's (an admin is asked each time) and the check of the channel's
	e.say(group, ana, "/spectate @my_summaries")
	e.waitText(ana, "Could not check @my_summaries with the platform just now; nothing was changed.")
	fake.SetSlow("getChat", 3*time.Second)
	began := time.Now()
	e.say(group, ana, "/spectate "+strconv.FormatInt(channel, 10))
	m := e.waitText(ana, "Could not check -100777666")
	if took := time.Since(began); took > 2500*time.Millisecond {
		t.Errorf("the answer took %v: the check's timeout was not kept", took)
	}
	fake.SetSlow("getChat", 0)
	e.openTable(ana, ben)
	e.playHand(1)
	e.waitTable(2)
	if n := len(fake.BotMessages(channel)); n != 0 || strings.Contains(m.Text, "will also be posted") {
		t.Errorf("the channel got %d messages after failed checks", n)
	}
	if strings.Contains(strings.Join(fake.Transcript(group), "\n"), "will also be posted") {
		t.Error("a failed check was answered as a success")
	}
}

// A spectator channel that stops taking the bot's posts (the bot removed
// from it, or its right to post taken away) is noticed: the group that set
// it is told once that its summaries stay in the chat, the setting is
// cleared (every later summary is not sent to be refused), and the
// group's own tables play on.
func TestSpectatorChannelThatRefusesTheBotIsTurnedOffAndTheGroupTold(t *testing.T) {
	const channel = int64(-100777666)
	for _, tc := range []struct{ name, member string }{
		{"the bot removed from the channel (403)", "kicked"},
		{"the bot's right to post taken away (400)", "administrator no_post"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := newFake(t)
			fake.Start(ana, "")
			fake.Start(ben, "")
			fake.AddChannel(channel, "my_summaries", "Summaries", ana)
			e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
			defer e.stop()
			e.say(group, ana, "/spectate @my_summaries")
			e.waitText(group, "Hand summaries will also be posted to @my_summaries.")
			e.openTable(ana, ben)
			e.playHand(1)
			e.waitText(channel, "Hand 1")
			fake.SetBotMember(channel, tc.member)
			e.playHand(2)
			e.waitText(group, "I can no longer post to the spectator channel")
			e.playHand(3)
			e.waitTable(4)
			if n := fake.CountText(group, "I can no longer post to the spectator channel"); n != 1 {
				t.Errorf("the group was told %d times, want once", n)
			}
			if ids := e.room.Tables(); len(ids) != 1 {
				t.Errorf("the group's tables are %v, want its one table playing on", ids)
			}
			c, err := e.store.Community(context.Background(), "telegram", strconv.FormatInt(group, 10), "")
			if err != nil {
				t.Fatal(err)
			}
			if c.SpectatorChat != "" {
				t.Errorf("the spectator channel is still %q, want it cleared", c.SpectatorChat)
			}
		})
	}
}
