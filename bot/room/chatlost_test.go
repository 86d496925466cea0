package room_test

import (
	"context"
	"testing"
	"time"
)

// A chat the bot was removed from (room.ChatLost): its cash tables close
// after the hand in progress and its running tournament pauses, so no hand
// is dealt where nobody sees it.
func TestChatLostClosesCashTablesAndPausesTournaments(t *testing.T) {
	h := newHarness(t, 11)
	h.must("admin", "/tourney create Duel start=sng players=2 seats=2")
	h.must("ana", "/register")
	h.must("ben", "/register")
	h.sleep(2 * time.Second)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("cy", "/join #2 100")
	h.must("dee", "/join #2 100")
	if err := h.room.ChatLost(context.Background(), "console", "group", "test: the bot was removed"); err != nil {
		t.Fatal(err)
	}
	h.sleep(5 * time.Minute)
	for _, c := range h.room.TablesIn("console", "group") {
		if !c.Tourney {
			t.Errorf("the cash table %s is still open", c.Label)
		}
	}
	h.fails("admin", "/tourney pause", "tourney.not_pausable") // paused already
	h.must("admin", "/tourney resume")
}
