package tournament

import (
	"strings"

	"github.com/pokerroom/pokerroom/bot"
)

// tr is bot.Text: the text of key in lang with args.
func tr(lang, key string, args ...any) string { return bot.Text(lang, key, args...) }

// structureName is a structure's name in lang: the tourney package names
// its built-in structures in English ("multi-table turbo", "sit-and-go
// time limit 20+5") and the room calls an admin's own levels "custom";
// those are said in the chat's words. Poker's own words (sit-and-go,
// turbo, hyper, the speed= values) stay as they are.
func structureName(lang, name string) string {
	switch {
	case name == "custom":
		return tr(lang, "structure.custom")
	case strings.HasPrefix(name, "multi-table"):
		return tr(lang, "structure.mtt", strings.TrimPrefix(name, "multi-table"))
	case strings.HasPrefix(name, "sit-and-go time limit "):
		return tr(lang, "structure.time_limit", strings.TrimPrefix(name, "sit-and-go time limit "))
	}
	return name
}
