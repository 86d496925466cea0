package discord_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"
)

// An admin editing the channel's roles took the bot's right to post away
// for a moment: one message refused (50001 Missing Access or 50013
// Missing Permissions) closed the channel's tables at once and cashed
// everyone out, though the bot could post again a second later. The loss
// is confirmed first: the bot's permissions in the channel are read back
// a few seconds later, and a channel where it may post again keeps its
// tables.
func TestAPermissionHiccupKeepsTheTables(t *testing.T) {
	for _, tc := range []struct {
		name string
		deny int64
	}{
		{"View Channel taken a moment (50001)", discordgo.PermissionViewChannel},
		{"Send Messages taken a moment (50013)", discordgo.PermissionSendMessages},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := newFake(t)
			e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
			e.slash(ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2"), str("options", "timer=5s bank=0"))
			e.slash(ana, "join")
			fake.DenyBot(channel, tc.deny)
			e.slash(ben, "join")
			// a table message refused (an edit without View Channel, the
			// next hand's new message without Send Messages)
			fake.Wait(2*wait, "a message refused", func() bool { return strings.Contains(e.logs.String(), "message not delivered") })
			fake.DenyBot(channel, 0) // the admin is done
			time.Sleep(7 * time.Second)
			for _, u := range []string{ana, ben} {
				if r := e.slash(u, "wallet"); r.Message == nil || !strings.Contains(r.Message.Text(), "Seated") {
					t.Errorf("%s was stood up by a moment's refusal; log:\n%s", names[u], e.logs.String())
				}
			}
			if out := e.logs.String(); strings.Contains(out, "its tables close") {
				t.Errorf("a moment's refusal was taken for the channel lost:\n%s", out)
			}
		})
	}
}

// A channel found postable again after a refusal that is refused again
// within the minute flaps, or its read back was wrong: it is lost at once,
// without another read, rather than playing on unseen a read at a time.
func TestARefusalSoonAfterAHiccupIsTheChannelLost(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.slash(ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2"), str("options", "timer=30s"))
	e.slash(ana, "join")
	fake.DenyBot(channel, discordgo.PermissionViewChannel)
	e.slash(ben, "join")
	time.Sleep(time.Second)
	fake.DenyBot(channel, 0)
	fake.Wait(wait, "the refusal found a hiccup", func() bool {
		return strings.Contains(e.logs.String(), "may post again")
	})
	fake.DenyBot(channel, discordgo.PermissionViewChannel)
	at := time.Now()
	e.slash(ana, "sitout") // the table message changes: refused
	fake.Wait(wait, "the channel lost", func() bool { return strings.Contains(e.logs.String(), "its tables close") })
	if d := time.Since(at); d > 4*time.Second {
		t.Errorf("the channel refused again was found lost after %v, want at once (no second read)", d)
	}
}

// A thread has no permission overwrites of its own: it takes its parent
// channel's, and posting there takes Send Messages in Threads. The
// confirmation of a refusal in a member's thread read the bot's
// permissions on the thread itself, found them whole and took a lasting
// denial on the parent for a moment's hiccup; it reads the parent's.
func TestARefusalInAThreadIsConfirmedOnItsParentsPermissions(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	const thread = "660"
	fake.AddThread(channel, thread, ben, "Friday game")
	if r := fake.Answer(fake.Slash(thread, ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2"), str("options", "timer=5s bank=0")), wait); r.Message == nil || !strings.Contains(r.Message.Text(), "opened") {
		t.Fatalf("/newtable in the thread answered %+v", r.Message)
	}
	fake.Answer(fake.Slash(thread, ana, "join"), wait)
	fake.DenyBot(channel, discordgo.PermissionSendMessagesInThreads) // for good
	fake.Answer(fake.Slash(thread, ben, "join"), wait)               // the hand starts: refused
	fake.Wait(2*wait, "the thread's refusal confirmed", func() bool {
		out := e.logs.String()
		return strings.Contains(out, "may post again") || strings.Contains(out, "its tables close")
	})
	if out := e.logs.String(); strings.Contains(out, "may post again") {
		t.Errorf("a lasting denial on the thread's channel was taken for a hiccup:\n%s", out)
	}
}

// A denial the gateway never reported (no CHANNEL_UPDATE: the bot was
// reconnecting) left the state's copy of the channel with its old
// overwrites: the confirmation read the channel from Discord but worked
// the bot's permissions out from that stale copy, found them whole and
// took a lasting loss for a hiccup, the table playing on unseen until a
// second refusal. The permissions are those of the channel as read.
func TestALossTheGatewayNeverReportedIsConfirmed(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.slash(ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2"), str("options", "timer=5s bank=0"))
	e.slash(ana, "join")
	fake.DenyBotUnseen(channel, discordgo.PermissionSendMessages) // for good
	e.slash(ben, "join")                                          // the hand starts: a message refused
	for end := time.Now().Add(wait); ; time.Sleep(50 * time.Millisecond) {
		out := e.logs.String()
		if strings.Contains(out, "may post again") {
			t.Fatalf("a lasting denial the gateway did not report was taken for a hiccup:\n%s", out)
		}
		if strings.Contains(out, "its tables close") {
			return
		}
		if time.Now().After(end) {
			t.Fatalf("the refusal was not confirmed:\n%s", out)
		}
	}
}
