package room_test

import (
	"strings"
	"testing"
	"time"
)

// A big-blind ante level (TDA 2024 RP-11: only the big blind posts it)
// is told as one: the news, the lobby and /tourney structure said "ante
// 200" for it, which reads as every player posting 200.
func TestBigBlindAnteLevelIsToldAsOne(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/tourney create BBA start=+1m min=2 seats=6 bots=on levels=100/200/200_bba_10m,200/400/400_bba_10m")
	h.must("alice", "/register")
	h.must("admin", "/tourney bots 3")
	if s := h.must("alice", "/tourney structure").Text; !strings.Contains(s, "1. 100/200 (big-blind ante 200)") {
		t.Errorf("structure:\n%s", s)
	}
	h.sleep(time.Minute + time.Second)
	if len(h.newsWith("blinds 100/200, big-blind ante 200")) != 1 {
		t.Errorf("level news: %q", h.newsWith("level 1"))
	}
	if l := h.lobby().Text; !strings.Contains(l, "Level 1: 100/200, big-blind ante 200") {
		t.Errorf("lobby:\n%s", l)
	}
}
