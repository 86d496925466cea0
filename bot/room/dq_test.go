package room_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// R-TRN-20: /tourney dq names one player. Two players in the event shown
// by the same name ("Alex") are not told apart by it: the admin is asked
// which (by user id), and nobody is disqualified meanwhile; the one named
// by id is.
func TestDisqualifyingAnAmbiguousNameDisqualifiesNobody(t *testing.T) {
	h := newHarnessWith(t, filepath.Join(t.TempDir(), "room.db"), 43, 2*time.Second)
	h.must("admin", "/tourney create Clean buyin=10+1 start=+1m seats=6 bots=on min=2")
	for _, id := range []string{"alex1", "alex2"} {
		if _, err := h.room.Handle(context.Background(), bot.Command{Platform: "console", Chat: "group", User: id, UserName: "Alex", Name: "register"}); err != nil {
			t.Fatalf("%s: /register: %v", id, err)
		}
	}
	h.must("admin", "/tourney bots 2")
	h.sleep(time.Minute + time.Second)
	e := h.fails("admin", "/tourney dq Alex", "dq.ambiguous")
	if msg := e.Message(bot.English); !strings.Contains(msg, "alex1") || !strings.Contains(msg, "alex2") {
		t.Errorf("the refusal does not name the candidates: %q", msg)
	}
	h.must("admin", "/tourney dq alex2")
	h.sleep(3 * time.Minute)
	if n := len(h.newsWith("is disqualified from Clean")); n != 1 {
		t.Fatalf("%d disqualifications, want 1: %q", n, h.news())
	}
}
