package tournament

import "github.com/pokerroom/pokerroom/bot"

// tr is bot.Text: the text of key in lang with args.
func tr(lang, key string, args ...any) string { return bot.Text(lang, key, args...) }
