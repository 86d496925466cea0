package discord_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// A channel where Discord no longer lets the bot post (its access or its
// right to send taken away by an overwrite: 403, 50001 Missing Access or
// 50013 Missing Permissions) is a channel the bot lost, as one deleted or
// a server it left: nobody can see its tables. Its table played on unseen,
// the turn clock acting for players who could not see it, their chips held
// there. The room is told (ChatLost): the table closes after its hand and
// its players are cashed out.
func TestTableInAChannelTheBotMayNoLongerPostInIsClosed(t *testing.T) {
	for _, tc := range []struct {
		name string
		deny int64
	}{
		{"View Channel taken (50001)", discordgo.PermissionViewChannel},
		{"Send Messages taken (50013)", discordgo.PermissionSendMessages},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := newFake(t)
			e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
			e.slash(ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2"), str("options", "timer=5s bank=0"))
			e.slash(ana, "join")
			fake.DenyBot(channel, tc.deny)
			e.slash(ben, "join")
			deadline := time.Now().Add(40 * time.Second)
			for {
				var seated []string
				for _, u := range []string{ana, ben} {
					if r := e.slash(u, "wallet"); r.Message == nil || strings.Contains(r.Message.Text(), "Seated") {
						seated = append(seated, names[u])
					}
				}
				if len(seated) == 0 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("%v still seated at the table nobody can see; log:\n%s", seated, e.logs.String())
				}
				time.Sleep(500 * time.Millisecond)
			}
			if out := e.logs.String(); !strings.Contains(out, fmt.Sprint("id=", channel)) {
				t.Errorf("the lost channel is not logged:\n%s", out)
			}
		})
	}
}

// A moderator who times the bot out (a member's timeout: bots too,
// discord/discord-api-docs#6847) has Discord refuse every message it sends
// or edits in the server with 403 Missing Permissions (50013) until the
// timeout ends: the bot's permissions are unchanged and the channel is
// still there. Found by an outside review: that refusal was taken for the
// channel lost, so a timeout of a minute closed every table the bot
// posted to meanwhile, cashed its players out, and cancelled the
// tournaments announced there. A timeout is waited out: the tables go on.
func TestATimedOutBotKeepsItsTables(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.slash(ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2"))
	e.slash(ana, "join")
	fake.TimeOutBot(guild, 2*time.Second)
	e.slash(ben, "join") // the hand starts: its table message is refused
	time.Sleep(3 * time.Second)
	for _, u := range []string{ana, ben} {
		if r := e.slash(u, "wallet"); r.Message == nil || !strings.Contains(r.Message.Text(), "Seated") {
			t.Errorf("%s was stood up by a timeout of the bot; log:\n%s", names[u], e.logs.String())
		}
	}
	if out := e.logs.String(); strings.Contains(out, "its tables close") {
		t.Errorf("a timeout was taken for the channel lost:\n%s", out)
	}
}
