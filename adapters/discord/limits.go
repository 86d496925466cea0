package discord

import "github.com/pokerroom/pokerroom/bot"

// Limits are Discord's limits on what a bot sends, the default of
// Config.Limits, and the figures of package discordtest's fake.
//
// The figures are from Discord's developer documentation, "Rate Limits"
// (https://discord.com/developers/docs/topics/rate-limits): a bot may
// make 50 requests a second in all (the global limit: Global 50); each
// route has its own bucket, which Discord does not publish but announces
// in the X-RateLimit-* headers of every answer, and the bucket it
// announces for a channel's messages is 5 per 5 seconds (PerChat 1 with
// a burst of 5). discordgo also reads those headers and waits when a
// bucket is spent, so a bucket that changes is still respected.
var Limits = bot.Limits{PerChat: 1, PerChatBurst: 5, Global: 50, GlobalBurst: 50}
