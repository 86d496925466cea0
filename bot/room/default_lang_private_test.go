package room_test

import (
	"context"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// DEFAULT_LANG is the room's language where nothing else decides: a
// private chat with the bot answers a user who chose no language, and
// whose client's is neither English nor Spanish (a Catalan Telegram), in
// it. Private chats have no chat language, and such a user was answered
// in English under DEFAULT_LANG=es (found by an outside review); a
// client's English or Spanish still comes first.
func TestDefaultLangAnswersInPrivateChats(t *testing.T) {
	h := newHarness(t, 3)
	h.defaultLang = "es"
	h.restart()
	h.must("ana", "/wallet") // her welcome chips, in the group
	for _, tc := range []struct{ client, want string }{
		{"ca", "Tus fichas, por comunidad"},
		{"", "Tus fichas, por comunidad"},
		{bot.English, "Your chips, by community"},
	} {
		r, err := h.room.Handle(context.Background(), bot.Command{Platform: "console", User: "ana", UserName: "ana", Lang: tc.client, Name: "wallet"})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(r.Text, tc.want) {
			t.Errorf("client %q: /wallet in private answered %q, want %q", tc.client, r.Text, tc.want)
		}
	}
}
