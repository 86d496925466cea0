package discord_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/pokerroom/pokerroom/bot/room"

	"github.com/pokerroom/pokerroom/adapters/discord"
	"github.com/pokerroom/pokerroom/adapters/discord/discordtest"
	"github.com/pokerroom/pokerroom/bot"
)

// silencing is a room that silences one user's every command (as if over
// their command limit and told once already).
type silencing struct {
	*room.Room
	user string
}

func (s silencing) Handle(ctx context.Context, cmd bot.Command) (bot.Reply, error) {
	if cmd.User == s.user {
		return bot.Reply{}, bot.ErrSilenced
	}
	return s.Room.Handle(ctx, cmd)
}

// A silenced slash command is acknowledged within Discord's window by an
// ephemeral deferral deleted at once, a silenced press by a deferred
// update: nobody sees a word, nothing is sent to the channel.
func TestSilencedInteractionsAreAcknowledgedWithoutAWord(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{wrap: func(r *room.Room) discord.Room {
		return silencing{Room: r, user: ben}
	}})
	e.slash(ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2"))
	fake.Wait(wait, "the table message", func() bool { return len(fake.Messages(channel)) >= 2 })
	before := len(fake.Messages(channel))
	r := e.slash(ben, "wallet")
	if r.Type != discordtest.CallbackDeferred || r.Message == nil || !r.Message.Ephemeral() || !r.Message.Deleted || r.Message.Text() != "" {
		t.Errorf("the silenced command answered %+v (message %+v), want an ephemeral deferral deleted", r.Type, r.Message)
	}
	msgs := fake.Messages(channel)
	if len(msgs) == 0 {
		t.Fatal("no message in the channel to press on")
	}
	m := msgs[len(msgs)-1]
	it := fake.PressData(ben, m, "forged")
	if r := fake.Answer(it, wait); r.Type != discordtest.CallbackDeferredUpdate {
		t.Errorf("the silenced press answered %+v, want a deferred update", r)
	}
	if got := fake.Followups(it); len(got) != 0 {
		t.Errorf("follow-ups to the silenced press: %v", got)
	}
	if after := len(fake.Messages(channel)); after != before {
		t.Errorf("%d messages posted in the channel for the silenced user", after-before)
	}
}
