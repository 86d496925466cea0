package discord_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/adapters/discord"
	"github.com/pokerroom/pokerroom/bot"
)

// A private notice that tells nothing secret (a tournament's rebuy offer,
// a seat move, a turn reminder: bot.Outgoing.Fallback) for a member the
// adapter cannot reach privately (no interaction of theirs in the last 15
// minutes to follow up, and direct messages off or refused) is shown
// instead in the channel of its table or tournament, naming them: it was
// dropped, and a busted player never heard that they could rebuy
// (R-TRN-4). A notice without a fallback never goes to the channel.
func TestPrivateNoticeFallbackForAnUnreachedMember(t *testing.T) {
	for _, c := range []struct {
		name string
		dm   bool
	}{{"direct messages off", false}, {"direct messages refused", true}} {
		t.Run(c.name, func(t *testing.T) {
			fake := newFake(t)
			e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{dm: c.dm})
			if c.dm {
				fake.BlockDMs(cy)
			}
			e.slash(cy, "wallet")
			fake.Wait(wait, "Cy's interaction noted and aged", func() bool { return e.ad.AgeInteraction(cy) })
			to := bot.Destination{Platform: discord.Platform, User: cy}
			secret := bot.Outgoing{To: to, Priority: bot.PriorityPrivate, Body: bot.View{Kind: bot.ViewNotice, Text: "Ana's cards: A♠ K♠"}}
			offer := bot.Outgoing{To: to, Priority: bot.PriorityPrivate,
				Body: bot.View{Kind: bot.ViewNotice, Text: "Sunday: you are out of chips. /rebuy #4 within 60 s to play on."},
				Fallback: &bot.Outgoing{To: bot.Destination{Platform: discord.Platform, Chat: channel}, Priority: bot.PriorityPrivate,
					Body: bot.View{Kind: bot.ViewNotice, Text: "Cy: Sunday: you are out of chips. /rebuy #4 within 60 s to play on."}}}
			for _, m := range []bot.Outgoing{secret, offer} {
				if err := e.ad.Enqueue(m); err != nil {
					t.Fatal(err)
				}
			}
			var got string
			fake.Wait(wait, "the offer in the channel", func() bool {
				for _, text := range fake.Everything(channel, "") {
					if strings.Contains(text, "/rebuy #4") {
						got = text
						return true
					}
				}
				return false
			})
			if !strings.Contains(got, "Cy") {
				t.Errorf("the offer in the channel: %q, want it naming Cy", got)
			}
			time.Sleep(200 * time.Millisecond)
			for _, text := range fake.Everything(channel, "") {
				if strings.Contains(text, "A♠") {
					t.Errorf("a private notice not marked public was posted in the channel: %q", text)
				}
			}
		})
	}
}
