package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-TRN-4: /addon after the add-on's level says the add-on is over; it
// said "only offered at the end of the rebuy period", as during it.
func TestAddOnAfterItsLevelIsOver(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/tourney create Rebuy buyin=10+1 start=+1m min=2 rebuys=2 rebuylevels=1 addon=10:1500 level=2m bots=on seats=6")
	h.must("alice", "/register")
	h.must("admin", "/tourney bots 4")
	h.sleep(time.Minute)
	_, _ = h.do("alice", "/sitout")
	h.fails("alice", "/addon", "tourney.addon_closed")
	h.sleep(2 * time.Minute)
	if len(h.newsWith("add-on is open")) != 1 {
		t.Fatalf("no add-on: %q", h.news())
	}
	h.sleep(2 * time.Minute)
	if len(h.newsWith("add-on is closed")) != 1 {
		t.Fatalf("the add-on did not close: %q", h.news())
	}
	h.fails("alice", "/addon", "tourney.addon_over")
}

// R-TRN-12: a timed tournament's lobby says when play stops; it showed
// the level's "next in" alone, never the end the prizes depend on.
func TestTimedTournamentLobbySaysWhenPlayStops(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/tourney create Timed buyin=20 start=sng players=6 seats=6 end=30m speed=turbo bots=on")
	h.must("admin", "/tourney start")
	if info := h.must("alice", "/tourney info").Text; !strings.Contains(info, "Play stops in 30 min") {
		t.Errorf("the timed lobby does not say when play stops:\n%s", info)
	}
	h.must("admin", "/tourney create Plain buyin=20 start=sng players=6 seats=6 speed=turbo bots=on")
	h.must("admin", "/tourney start T2")
	if info := h.must("alice", "/tourney info T2").Text; strings.Contains(info, "Play stops") {
		t.Errorf("an untimed lobby names an end:\n%s", info)
	}
}

// R-TRN-8, R-TRN-9: the last level of a structure has no next one: the
// lobby said "next in 0 s" for as long as play lasted once the last level
// ran past its length (and "next in 30 min" for a time-limit
// sit-and-go's one level, when only the end comes then).
func TestLobbyOfTheLastLevelAnnouncesNoNextLevel(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/tourney create Clock start=sng players=6 seats=6 structure=sng20-time end=30m bots=on")
	h.must("admin", "/tourney start")
	info := h.must("alice", "/tourney info").Text
	if !strings.Contains(info, "Level 1: 50/100 · the last level") || strings.Contains(info, "next in") {
		t.Errorf("the time limit's one level:\n%s", info)
	}
}
