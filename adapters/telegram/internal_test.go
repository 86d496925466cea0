package telegram

import (
	"reflect"
	"strings"
	"testing"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

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

// The webhook's server bounds every wait of a request: the headers, the
// body, the answer and an idle connection (a client that stalls cannot
// hold a connection for ever).
func TestWebhookServerBoundsEveryWait(t *testing.T) {
	srv := webhookServer("127.0.0.1:0", nil)
	for _, c := range []struct {
		what string
		d    time.Duration
	}{
		{"ReadHeaderTimeout", srv.ReadHeaderTimeout},
		{"ReadTimeout", srv.ReadTimeout},
		{"WriteTimeout", srv.WriteTimeout},
		{"IdleTimeout", srv.IdleTimeout},
	} {
		if c.d <= 0 {
			t.Errorf("the webhook server's %s is %v: a stalled client holds its connection for ever", c.what, c.d)
		}
	}
}

// The refusals Telegram gives a bot muted in a group, or without the
// right to post in a channel, are told from the other 400s: those stop
// the chat's tables as a 403 does; a message not modified or a chat not
// found does not.
func TestMutedRefusalsAreToldFromOtherBadRequests(t *testing.T) {
	for _, tc := range []struct {
		desc  string
		muted bool
	}{
		{"Bad Request: not enough rights to send text messages to the chat", true},
		{"Bad Request: CHAT_WRITE_FORBIDDEN", true},
		{"Bad Request: have no rights to send a message", true},
		{"Bad Request: need administrator rights in the channel chat", true},
		{"Bad Request: message is not modified: specified new message content and reply markup are exactly the same", false},
		{"Bad Request: chat not found", false},
		{"Bad Request: message thread not found", false},
	} {
		if got := isMuted(&tgbotapi.Error{Code: 400, Message: tc.desc}); got != tc.muted {
			t.Errorf("isMuted(%q) = %v, want %v", tc.desc, got, tc.muted)
		}
	}
}
