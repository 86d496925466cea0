package discord_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// /newtable in a channel where the bot may not post its table (the
// interaction's app_permissions lack View Channel, Send Messages or Embed
// Links: Discord refuses the message, 403) opened a table nobody could
// see, taking the players' buy-ins. It is refused at once, saying which
// permissions the bot needs there.
func TestNewTableWhereTheBotMayNotPostIsRefused(t *testing.T) {
	for _, tc := range []struct {
		name string
		deny int64
	}{
		{"no View Channel", discordgo.PermissionViewChannel},
		{"no Send Messages", discordgo.PermissionSendMessages},
		{"no Embed Links", discordgo.PermissionEmbedLinks},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := newFake(t)
			fake.DenyBot(channel, tc.deny)
			e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
			r := e.slash(ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2"))
			if r.Message == nil || !r.Message.Ephemeral() || !strings.Contains(r.Message.Text(), "Embed Links") {
				t.Fatalf("/newtable where the bot may not post answered %+v, want an ephemeral refusal naming the permissions", r.Message)
			}
			if r := e.slash(ben, "tables"); r.Message == nil || !strings.Contains(r.Message.Text(), "No tables") {
				t.Fatalf("/tables afterwards answered %+v, want no tables", r.Message)
			}
		})
	}
}
