package telegram_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/adapters/telegram"
	"github.com/pokerroom/pokerroom/bot"
)

// A private notice that tells nothing secret (bot.View.Public: a
// tournament's rebuy offer, a seat move, a turn reminder) for a member who
// never started the bot, or blocked it, is shown in their group, naming
// them, with the button that starts the bot: it was dropped, and a busted
// player never heard that they could rebuy (R-TRN-4). A notice not marked
// public (a partner's cards in a consultation) never goes to the group.
func TestPublicNoticeForAnUnreachedMemberGoesToTheirGroup(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.waitText(ana, "/help")
	e.say(group, cy, "/wallet") // Cy never started the bot: the group is where the adapter knows him
	e.waitText(group, "Cy: I cannot send you private messages yet")

	to := bot.Destination{Platform: telegram.Platform, User: "103"}
	secret := bot.View{Kind: bot.ViewNotice, Text: "Ana's cards: A♠ K♠"}
	offer := bot.View{Kind: bot.ViewNotice, Text: "Sunday: you are out of chips. /rebuy #4 within 60 s to play on.", Public: true}
	for _, v := range []bot.View{secret, offer} {
		if err := e.ad.Enqueue(bot.Outgoing{To: to, Priority: bot.PriorityPrivate, Body: v}); err != nil {
			t.Fatal(err)
		}
	}
	m := e.waitText(group, "/rebuy #4")
	if !strings.HasPrefix(m.Text, "Cy: ") || len(m.Keyboard) != 1 || m.Keyboard[0][0].URL == "" {
		t.Errorf("the offer in the group: %q with buttons %+v, want it naming Cy with the Start button", m.Text, m.Keyboard)
	}
	time.Sleep(200 * time.Millisecond)
	if n := fake.CountText(group, "A♠"); n != 0 {
		t.Errorf("a private notice not marked public was posted in the group %d times", n)
	}

	// Ben started the bot, then blocked it: the same.
	fake.Start(ben, "")
	e.waitText(ben, "")
	e.say(group, ben, "/wallet")
	e.waitText(ben, "Your chips")
	fake.Block(ben)
	offer.Text = "Sunday: you move to table 2 (#5), seat 3."
	if err := e.ad.Enqueue(bot.Outgoing{To: bot.Destination{Platform: telegram.Platform, User: "102"}, Priority: bot.PriorityPrivate, Body: offer}); err != nil {
		t.Fatal(err)
	}
	if m := e.waitText(group, "you move to table 2"); !strings.HasPrefix(m.Text, "Ben: ") {
		t.Errorf("the move in the group: %q, want it naming Ben", m.Text)
	}
}
