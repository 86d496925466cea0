package room_test

import (
	"context"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// A tournament's Register button pressed from a message in another chat
// (a forwarded lobby keeps its buttons): the presser is not a member of
// the tournament's community, and is registered there only as a typed
// /register in its group would: never from outside it.
func TestRegisterButtonPressedInAnotherChatIsRefused(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/tourney create Friday buyin=10+1 start=+1h")
	tok := h.lobbyButton("/register")
	if tok == "" {
		t.Fatal("the lobby has no Register button")
	}
	_, err := h.room.Handle(context.Background(), bot.Command{Platform: "console", Chat: "elsewhere", User: "zed", UserName: "zed", Token: tok})
	if e, ok := err.(*bot.Error); !ok || e.Key != "register.not_member" {
		t.Fatalf("a press from another chat: %v; players: %s", err, h.must("admin", "/tourney players").Text)
	}
	// A member pressing it anywhere, and anyone pressing it in the
	// tournament's own chat, registers.
	h.must("ana", "/wallet")
	if _, err := h.room.Handle(context.Background(), bot.Command{Platform: "console", Chat: "elsewhere", User: "ana", UserName: "ana", Token: tok}); err != nil {
		t.Fatalf("a member's press from another chat: %v", err)
	}
	if _, err := h.press("zed", tok); err != nil {
		t.Fatalf("zed's press in the tournament's chat: %v", err)
	}
}
