package discord_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/pokerroom/pokerroom/adapters/discord/discordtest"
)

// /spectate on Discord: the channel must be in the same server and the bot
// must be able to send there; another server's channel, a channel the bot
// may not write in and an unknown one are each refused with their own
// ephemeral answer, and nothing is ever posted there.
func TestSpectateTargetIsCheckedOnDiscord(t *testing.T) {
	fake := newFake(t)
	fake.AddGuild("700", "Someone else's server", "701")
	fake.AddChannel(guild, "602")
	fake.DenyBot("602", discordgo.PermissionSendMessages)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	for _, c := range []struct{ target, answer string }{
		{"701", "701 is in another server"},
		{"602", "I cannot post in 602"},
		{"999", "I cannot find 999"},
	} {
		r := e.slash(ana, "spectate", discordtest.Option{Name: "channel", Type: 7, Value: c.target})
		if !strings.Contains(r.Message.Text(), c.answer) || !r.Message.Ephemeral() {
			t.Errorf("/spectate %s answered %+v", c.target, r.Message)
		}
	}
	if r := e.slash(ana, "spectate", discordtest.Option{Name: "channel", Type: 7, Value: "601"}); !strings.Contains(r.Message.Text(), "will also be posted to 601") {
		t.Fatalf("/spectate 601 answered %+v", r.Message)
	}
	for _, ch := range []string{"701", "602"} {
		if n := len(fake.Messages(ch)); n != 0 {
			t.Errorf("channel %s got %d messages", ch, n)
		}
	}
}
