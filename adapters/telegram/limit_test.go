package telegram_test

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot/room"

	"github.com/pokerroom/pokerroom/adapters/telegram"
	"github.com/pokerroom/pokerroom/bot"
)

// silencing is a room that silences one user's every command (as if over
// their command limit and told once already).
type silencing struct {
	*room.Room
	user int64
}

func (s silencing) Handle(ctx context.Context, cmd bot.Command) (bot.Reply, error) {
	if cmd.User == strconv.FormatInt(s.user, 10) {
		return bot.Reply{}, bot.ErrSilenced
	}
	return s.Room.Handle(ctx, cmd)
}

func TestSilencedCommandsSendNothingAndPressesAreAcknowledgedWithoutText(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{wrap: func(r *room.Room) telegram.Room {
		return silencing{Room: r, user: ben}
	}})
	fake.Wait(wait, "ana's /start answer", func() bool { return len(fake.BotMessages(ana)) > 0 })
	fake.Say(group, ben, "/wallet")
	fake.Say(ben, ben, "/wallet")
	fake.Say(group, ben, "/tables")
	id := fake.PressData(group, 0, ben, "x")
	// ana's command in the group comes after ben's on the group's lane:
	// once she is answered, ben's have been handled.
	fake.Say(group, ana, "/wallet")
	fake.Wait(wait, "ana's wallet", func() bool {
		for _, m := range fake.BotMessages(ana) {
			if strings.Contains(m.Text, "Your wallet") {
				return true
			}
		}
		return false
	})
	a := fake.WaitAnswer(id, wait)
	if !a.Answered || a.Text != "" || a.ShowAlert {
		t.Errorf("the silenced press: answered %v, text %q, alert %v; want acknowledged without text", a.Answered, a.Text, a.ShowAlert)
	}
	if got := fake.BotMessages(ben); len(got) != 0 {
		t.Errorf("ben was sent %d messages while silenced (his /start included): %v", len(got), got)
	}
	for _, m := range fake.BotMessages(group) {
		if strings.Contains(m.Text, "Ben") || strings.Contains(m.Text, "fast") {
			t.Errorf("the group was told of ben: %q", m.Text)
		}
	}
	_ = e
}
