package telegram

import (
	"reflect"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

func TestDeepLinkPayloads(t *testing.T) {
	for _, c := range []struct {
		payload string
		name    string
		args    []string
	}{
		{"cards", "cards", nil},
		{"join_7", "join", []string{"#7"}},
		{"join_x", "start", nil},
		{"join_", "start", nil},
		{"anything", "start", nil},
	} {
		name, args := deepLink(c.payload)
		if name != c.name || !reflect.DeepEqual(args, c.args) {
			t.Errorf("deepLink(%q) = %s %v, want %s %v", c.payload, name, args, c.name, c.args)
		}
	}
}

func TestClipKeepsTelegramsLengths(t *testing.T) {
	long := strings.Repeat("é", 5000)
	if got := []rune(clip(long, maxText)); len(got) != maxText || got[len(got)-1] != '…' {
		t.Errorf("clip to %d gave %d characters", maxText, len(got))
	}
	if clip("short", 200) != "short" {
		t.Error("clip changed a short text")
	}
}

// A button whose token would not fit in callback_data is left out rather
// than refused by Telegram with the whole message; link buttons stay.
func TestKeyboardDropsOversizedTokens(t *testing.T) {
	kb := keyboard([][]bot.Button{{{Label: "ok", Token: "t1"}, {Label: "big", Token: strings.Repeat("x", 65)}},
		{{Label: "link", URL: "https://t.me/x?start=cards"}}, {{Label: "typed only", Command: "/fold"}}})
	if len(kb.InlineKeyboard) != 2 || len(kb.InlineKeyboard[0]) != 1 || *kb.InlineKeyboard[0][0].CallbackData != "t1" ||
		*kb.InlineKeyboard[1][0].URL != "https://t.me/x?start=cards" {
		t.Errorf("keyboard = %+v", kb.InlineKeyboard)
	}
}
