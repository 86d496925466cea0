package discord_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/adapters/discord"
	"github.com/pokerroom/pokerroom/bot"
)

// A global 429 (Discord, "Rate Limits": X-RateLimit-Global, Retry-After,
// and no bucket's headers) holds every request of the bot, not the one
// route that met it. The adapter held only the channel that met it: every
// other channel's message went to Discord during the wait, each one
// another 429 counted toward the invalid requests that get a bot's IP
// banned (10,000 in 10 minutes). They wait it out without calling.
func TestGlobalRateLimitHoldsEveryChannel(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	ctx := context.Background()
	to := func(chat string) bot.Outgoing {
		return bot.Outgoing{To: bot.Destination{Platform: discord.Platform, Chat: chat}, Body: bot.View{Kind: bot.ViewNotice, Text: "Hand 3 at #1\nAna wins 12"}}
	}
	fake.FloodGlobal(time.Second * scale) // a second, as the fake's clock runs
	var rl *bot.RateLimitError
	if _, err := e.ad.Deliver(ctx, to(channel), ""); !errors.As(err, &rl) {
		t.Fatalf("a message met by a global 429: %v, want a wait", err)
	}
	for _, ch := range []string{"601", channel} {
		if _, err := e.ad.Deliver(ctx, to(ch), ""); !errors.As(err, &rl) || rl.RetryAfter <= 0 {
			t.Fatalf("a message to %s during the global limit: %v, want a wait", ch, err)
		}
	}
	if n := fake.Stats().DuringGlobal; n != 1 {
		t.Fatalf("%d calls while the global limit was spent, want 1 (the one that met it)", n)
	}
	time.Sleep(rl.RetryAfter)
	if _, err := e.ad.Deliver(ctx, to("601"), ""); err != nil {
		t.Fatalf("after the wait: %v", err)
	}
}
