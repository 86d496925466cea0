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

// A level without an ante is told without one (no "ante 0") in the news,
// the lobby and the table's title; a level with one names it, and a
// big-blind ante is told as such on the table too. (Each structure here
// has one level, its last: the lobby says so, no "next in".)
func TestALevelWithoutAnAnteSaysNone(t *testing.T) {
	for _, c := range []struct {
		levels, news, lobby, title string
	}{
		{"100/200/0_10m", "blinds 100/200 (from the next hand)", "Level 1: 100/200 · the last level", "level 1: 100/200 · hand"},
		{"100/200/25_10m", "blinds 100/200 ante 25 (from the next hand)", "Level 1: 100/200 ante 25 · the last level", "level 1: 100/200 ante 25 · hand"},
		{"100/200/200_bba_10m", "blinds 100/200, big-blind ante 200 (from", "Level 1: 100/200, big-blind ante 200 · the last level", "level 1: 100/200, big-blind ante 200 · hand"},
	} {
		t.Run(c.levels, func(t *testing.T) {
			h := newHarness(t, 7)
			h.must("admin", "/tourney create Lv start=+1m min=2 seats=6 bots=on levels="+c.levels)
			h.must("alice", "/register")
			h.must("admin", "/tourney bots 3")
			h.sleep(time.Minute + time.Second)
			if len(h.newsWith(c.news)) != 1 {
				t.Errorf("level news: %q", h.newsWith("level 1"))
			}
			if l := h.lobby().Text; !strings.Contains(l, c.lobby) {
				t.Errorf("lobby:\n%s", l)
			}
			if tb := h.table().Text; !strings.Contains(tb, c.title) {
				t.Errorf("table:\n%s", tb)
			}
			if all := strings.Join(h.group(), "\n"); strings.Contains(all, "ante 0") {
				t.Errorf("the group read \"ante 0\":\n%s", all)
			}
		})
	}
}
