package room_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// /history #N from a private chat tells a table's last hands (names,
// stacks, actions, cards shown) to a member of its community only, as
// /verify and /join from a private chat do: a user who never used the
// group (here one of another community) could read every open table's
// hands by guessing its number.
func TestHistoryFromAPrivateChatNeedsTheTablesCommunity(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.playToEnd(40)
	h.must("cy", "/wallet") // a member of the group, not seated
	if _, err := h.in("club-b", "", "zed", "/wallet"); err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"ana", "cy"} {
		r, err := h.in("", "", u, "/history #1")
		if err != nil || !strings.Contains(r.Text, "#1 · hand 1") {
			t.Fatalf("%s, a member, in private: /history #1 = %q, %v", u, r.Text, err)
		}
	}
	for _, u := range []string{"zed", "stranger"} {
		r, err := h.in("", "", u, "/history #1")
		var e *bot.Error
		if !errors.As(err, &e) || e.Key != "table.no_such" {
			t.Errorf("%s, not a member of #1's community, in private: /history #1 = %q, %v; want table.no_such", u, r.Text, err)
		}
	}
}
