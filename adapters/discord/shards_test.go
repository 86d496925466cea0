package discord_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/adapters/discord"
)

// A bot grown past what one gateway shard may hold (2,500 servers) is
// refused by Discord at IDENTIFY with close 4011 Sharding required; so are
// an invalid shard (4010) and intents it may not have (4013, 4014), none
// of which a retry can mend (Discord, "Gateway Close Event Codes":
// reconnect false). The bot retried for ever, logging only that Discord
// was unreachable. Run stops with an error naming what to set.
func TestShardingRequiredStopsTheBotNamingTheSetting(t *testing.T) {
	fake := newFake(t)
	fake.RequireShards(2)
	ad, err := discord.New(discord.Config{Token: token, APIURL: fake.URL(), MaxBackoff: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- ad.Run(ctx, nil) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "DISCORD_SHARD_COUNT") || !strings.Contains(err.Error(), "4011") {
			t.Fatalf("Run refused for want of shards: %v, want an error naming DISCORD_SHARD_COUNT", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run retries a gateway that requires sharding")
	}
}
