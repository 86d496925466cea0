package telegram

import "github.com/pokerroom/pokerroom/bot"

// Limits are Telegram's limits on what a bot sends, the default of
// Config.Limits, and the limits package telegramtest's fake enforces.
//
// The figures are the Bot API FAQ's, "My bot is hitting limits, how do I
// avoid this?" (https://core.telegram.org/bots/faq): in one chat, avoid
// sending more than one message per second (PerChat 1, no burst); in a
// group, no more than 20 messages per minute (PerGroupMin 20); in all,
// about 30 messages per second (Global 30). Telegram tolerates short
// bursts over these without saying how long; the adapter does not count
// on them. A 429 that comes anyway is waited out (its retry_after).
var Limits = bot.Limits{PerChat: 1, PerChatBurst: 1, PerGroupMin: 20, Global: 30, GlobalBurst: 30}
