package telegram_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/adapters/telegram"
	"github.com/pokerroom/pokerroom/bot"
)

// A private notice that tells nothing secret (a tournament's rebuy offer,
// a seat move, a turn reminder: bot.Outgoing.Fallback) for a member who
// never started the bot, or blocked it, is shown instead in the chat of
// its table or tournament, naming them, with the button that starts the
// bot: it was dropped, and a busted player never heard that they could
// rebuy (R-TRN-4). A notice without a fallback (a partner's cards in a
// consultation) never goes to a group.
func TestPrivateNoticeFallbackForAnUnreachedMember(t *testing.T) {
	const other = int64(-100200399)
	fake := newFake(t)
	fake.AddGroup(other, "Poker afternoon", ana)
	fake.Start(ana, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.waitText(ana, "/help")
	e.say(other, cy, "/wallet") // Cy never started the bot; he last wrote in the other group
	e.waitText(other, "Cy: I cannot send you private messages yet")

	notice := func(user, text, fallback string) bot.Outgoing {
		m := bot.Outgoing{To: bot.Destination{Platform: telegram.Platform, User: user}, Priority: bot.PriorityPrivate,
			Body: bot.View{Kind: bot.ViewNotice, Text: text}}
		if fallback != "" {
			m.Fallback = &bot.Outgoing{To: bot.Destination{Platform: telegram.Platform, Chat: "-100200300"}, Priority: bot.PriorityPrivate,
				Body: bot.View{Kind: bot.ViewNotice, Text: fallback}}
		}
		return m
	}
	for _, m := range []bot.Outgoing{
		notice("103", "Ana's cards: A♠ K♠", ""),
		notice("103", "Sunday: you are out of chips. /rebuy #4 within 60 s to play on.", "Cy: Sunday: you are out of chips. /rebuy #4 within 60 s to play on."),
	} {
		if err := e.ad.Enqueue(m); err != nil {
			t.Fatal(err)
		}
	}
	m := e.waitText(group, "/rebuy #4")
	if !strings.HasPrefix(m.Text, "Cy: ") || len(m.Keyboard) != 1 || m.Keyboard[0][0].URL == "" {
		t.Errorf("the offer in the group: %q with buttons %+v, want it naming Cy with the Start button", m.Text, m.Keyboard)
	}
	time.Sleep(200 * time.Millisecond)
	for _, chat := range []int64{group, other} {
		if n := fake.CountText(chat, "A♠"); n != 0 {
			t.Errorf("a private notice without a fallback was posted in %d %d times", chat, n)
		}
	}
	if n := fake.CountText(other, "/rebuy #4"); n != 0 {
		t.Errorf("the offer went to the group Cy last wrote in, not its tournament's")
	}

	// Ben started the bot, then blocked it: the same.
	fake.Start(ben, "")
	e.waitText(ben, "")
	e.say(group, ben, "/wallet")
	e.waitText(ben, "Your chips")
	fake.Block(ben)
	if err := e.ad.Enqueue(notice("102", "Sunday: you move to table 2 (#5), seat 3.", "Ben: Sunday: you move to table 2 (#5), seat 3.")); err != nil {
		t.Fatal(err)
	}
	e.waitText(group, "Ben: Sunday: you move to table 2")
}
