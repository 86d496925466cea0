package room_test

import (
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// R-CASH-1: a bare /join with less in the wallet than the table's minimum
// buy-in says so (the least it needs, what the wallet has), as /join with
// an amount does; it answered "The buy-in here is 4,000 to 10,000." as if
// the amount chosen were out of range, while the player had chosen none.
func TestBareJoinShortOfTheMinimumSaysTheWalletIsShort(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/newtable nlhe 10/20 buyin=800-8000")
	h.must("admin", "/newtable nlhe 50/100 buyin=4000-10000")
	h.must("ana", "/join 8000 #1") // 2,000 left in the wallet
	e := h.fails("ana", "/join #2", "join.funds")
	if msg := e.Message(bot.English); !strings.Contains(msg, "4,000") || !strings.Contains(msg, "2,000") {
		t.Fatalf("the refusal: %s", msg)
	}
	h.fails("ana", "/join 4000 #2", "join.funds")
	// The same at a fast-fold pool.
	h.must("admin", "/newpool nlhe 50/100 buyin=4000-10000")
	if e := h.fails("ana", "/pool join", "pool.funds"); !strings.Contains(e.Message(bot.English), "4,000") {
		t.Fatalf("the pool's refusal: %s", e.Message(bot.English))
	}
}
