package room_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// /spectate asks the platform (bot.Spectators) about its target: each
// refusal is answered with its own key and the target as typed, a
// platform that cannot be asked is "could not check, try again", and in
// every such case the spectator chat stays as it was. The id the platform
// resolves is what is stored.
func TestSpectateChecksItsTargetWithThePlatform(t *testing.T) {
	h := newHarness(t, 17)
	h.must("admin", "/newtable nlhe 1/2")
	var asked []string
	h.spectate = func(_ context.Context, chat, user, target string) (string, error) {
		asked = append(asked, chat+" "+user+" "+target)
		switch target {
		case "@summaries":
			return "-1001", nil
		case "@group":
			return "group", nil // the chat itself, by another name
		case "@nowhere":
			return "", fmt.Errorf("getChat: %w", bot.ErrSpectateNoChat)
		case "@theirs":
			return "", fmt.Errorf("getChatMember: %w", bot.ErrSpectateNotAdmin)
		case "@readonly":
			return "", bot.ErrSpectateCannotPost
		case "@server":
			return "", bot.ErrSpectateElsewhere
		case "@silent":
			return "", nil
		}
		return "", context.DeadlineExceeded
	}
	h.must("admin", "/spectate @summaries")
	for _, c := range []struct{ target, key string }{
		{"@nowhere", "spectate.no_chat"},
		{"@theirs", "spectate.not_admin"},
		{"@readonly", "spectate.cannot_post"},
		{"@server", "spectate.elsewhere"},
		{"@slow", "spectate.unavailable"},
		{"@silent", "spectate.unavailable"},
		{"@group", "spectate.same"},
	} {
		e := h.fails("admin", "/spectate "+c.target, c.key)
		if c.key != "spectate.same" && (len(e.Args) != 1 || e.Args[0] != c.target) {
			t.Errorf("%s: the refusal shows %v, want the target as typed", c.target, e.Args)
		}
		if text := bot.Translate(e, bot.Spanish); strings.Contains(text, "spectate.") {
			t.Errorf("%s: untranslated: %q", c.target, text)
		}
	}
	if e := h.fails("admin", "/spectate @slow", "spectate.unavailable"); e.Code != bot.EUnavailable || !errors.Is(e, context.DeadlineExceeded) {
		t.Errorf("a platform not answering: %+v", e)
	}
	if asked[0] != "group admin @summaries" {
		t.Errorf("the platform was asked %q", asked[0])
	}
	// Not an admin here: the platform is not even asked.
	n := len(asked)
	h.fails("ana", "/spectate @summaries", "admin.only")
	if len(asked) != n {
		t.Error("the platform was asked for a user who is no admin of the chat")
	}
	// The refusals changed nothing: summaries go to the resolved id.
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.playToEnd(40)
	got := 0
	for _, m := range h.rec.all() {
		switch m.To.Chat {
		case "-1001":
			got++
		case "@summaries", "@nowhere", "@theirs", "@slow":
			t.Errorf("a message went to %q", m.To.Chat)
		}
	}
	if got == 0 {
		t.Error("no summary reached the resolved spectator chat")
	}
	h.must("admin", "/spectate off")
}
