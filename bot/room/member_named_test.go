package room_test

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// An admin names a member by their name as shown (/grant Alex 500,
// /stats Alex). The room looked the name up among every player of the
// platform, at most 10 and the oldest first, before keeping its own
// community's members: with ten players called Alex in other communities,
// this community's Alex was "not a member of this community", and the
// grant refused. Players of other communities no longer hide a member.
func TestAMemberIsFoundByNameWhateverOtherCommunitiesHold(t *testing.T) {
	h := newHarness(t, 7)
	ctx := context.Background()
	for i := range 12 {
		chat := "club-" + strconv.Itoa(i)
		if _, err := h.room.Handle(ctx, bot.Command{Platform: "console", Chat: chat, ChatTitle: chat, User: "alex-" + strconv.Itoa(i),
			UserName: "Alex", Name: "wallet"}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.room.Handle(ctx, bot.Command{Platform: "console", Chat: "group", User: "alex-here", UserName: "Alex", Name: "wallet"}); err != nil {
		t.Fatal(err)
	}
	h.settle()
	for _, line := range []string{"/grant Alex 500", "/grant alex -100"} {
		if r := h.must("admin", line); !strings.Contains(r.Text, "Alex") {
			t.Errorf("%s: %q", line, r.Text)
		}
	}
	r, err := h.room.Handle(ctx, bot.Command{Platform: "console", Chat: "group", User: "alex-here", UserName: "Alex", Name: "wallet"})
	if err != nil || !strings.Contains(r.Text, "10,400") {
		t.Errorf("the member's wallet after a grant of 500 and 100 taken back: %q, %v; want 10,400", r.Text, err)
	}
}
