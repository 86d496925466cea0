package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-TRN-4: a tournament with rebuys and an add-on says so in its lobby:
// how many rebuys, their price and chips, for how many levels, and the
// add-on. A freezeout's lobby has no such line.
func TestLobbyShowsRebuysAndAddOn(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/tourney create Rebuys buyin=10+1 start=+1h rebuys=2 rebuylevels=3 addon=10:5000")
	h.lobbyHas("Rebuys: 2 at 10 for 10,000 chips, during 3 levels · add-on 10 for 5,000 chips")
	h.must("admin", "/tourney cancel")
	h.must("admin", "/tourney create Unlimited buyin=10+1 start=+1h rebuys=99 rebuy=20 rebuychips=3000 rebuylevels=1")
	h.lobbyHas("Rebuys: unlimited at 20 for 3,000 chips, during 1 level")
	h.must("admin", "/tourney cancel")
	h.must("admin", "/tourney create Freeze buyin=10+1 start=+1h")
	if text := h.lobby().Text; strings.Contains(text, "Rebuys") || strings.Contains(text, "add-on") {
		t.Errorf("a freezeout's lobby names rebuys or an add-on:\n%s", text)
	}
}

// R-TRN-1: a cancelled tournament's lobby shows no prize pool, guarantee
// or places paid: its entries were refunded, and it says so.
func TestCancelledLobbyShowsNoPrizePool(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/tourney create Gone buyin=10+1 start=+1h guarantee=500")
	h.must("alice", "/register")
	h.must("bob", "/register")
	h.lobbyHas("Players: 2 in (2 entries) · prize pool 500")
	h.must("admin", "/tourney cancel")
	text := h.lobby().Text
	for _, gone := range []string{"prize pool", "Guaranteed", "Paid:"} {
		if strings.Contains(text, gone) {
			t.Errorf("the cancelled lobby still shows %q:\n%s", gone, text)
		}
	}
	h.lobbyHas("Cancelled: 2 entries refunded, no prizes")
}

// R-TRN-18, R-TRN-6: /deal during late registration, even with everyone
// at the one table, is refused for what it is (the field can grow, the
// prize pool is not fixed), not as "a deal is made at the final table".
func TestDealDuringLateRegistrationSaysWhy(t *testing.T) {
	h := newHarness(t, 23)
	h.must("admin", "/tourney create Late buyin=20+2 start=+1m late=3 seats=6 min=2")
	h.must("alice", "/register")
	h.must("bob", "/register")
	h.sleep(time.Minute + time.Second)
	if !strings.Contains(h.lobby().Text, "late registration") && !strings.Contains(h.lobby().Text, "Late registration") {
		t.Fatalf("not in late registration:\n%s", h.lobby().Text)
	}
	h.fails("alice", "/deal icm", "deal.late_reg")
}
