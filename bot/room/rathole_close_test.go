package room_test

import (
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// R-CASH-3 (seed 003 #13): closing a table (/closetable) does not free its
// players from the 15-minute rule. Ana, who left #1 with 200 before it
// closed, and ben, cashed out with 150 by the closing itself, come back to
// #2 (same game and stakes) with at least those stacks, also after a
// restart; after 15 minutes the usual range. Found by an outside review:
// the stacks left with lived only on the closed table, so a fresh short
// buy-in elsewhere was accepted (ratholing).
func TestClosingATableKeepsTheStacksLeftWithThere(t *testing.T) {
	h := newHarness(t, 31)
	h.must("admin", "/newtable nlhe 1/2 buyin=80-200")
	h.must("admin", "/newtable nlhe 1/2 buyin=80-200")
	h.must("ana", "/join 200 #1")
	h.must("ana", "/leave #1")
	h.must("ben", "/join 150 #1")
	h.must("admin", "/closetable #1")
	e := h.fails("ana", "/join 80 #2", "join.rathole")
	if msg := e.Message(bot.English); !strings.Contains(msg, "You left #1") || !strings.Contains(msg, "200") {
		t.Errorf("ana's refusal at #2: %s", msg)
	}
	h.fails("ben", "/join 80 #2", "join.rathole")
	h.restart()
	h.fails("ana", "/join 80 #2", "join.rathole")
	e = h.fails("ben", "/join 80 #2", "join.rathole")
	if msg := e.Message(bot.English); !strings.Contains(msg, "150") {
		t.Errorf("ben's refusal at #2 after a restart: %s", msg)
	}
	if r := h.must("ben", "/join #2"); !strings.Contains(r.Text, "with 150") {
		t.Fatalf("ben's default buy-in at #2: %s", r.Text)
	}
	h.sleep(16 * time.Minute)
	h.must("ana", "/join 80 #2")
	h.checkBooks()
}
