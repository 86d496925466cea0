package room_test

import (
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A staged event's money is counted where it was paid (R-TRN-16): each
// qualifying flight adds its players' buy-ins when it ends, and a player
// who did not qualify from it played it as a tournament of its own, lost;
// the final adds its prizes to its qualifiers, whose entries are their
// flights' buy-ins. Counted at the final only, a player who busted in a
// flight had paid for nothing (no line in /stats, absent from the
// tournament leaderboard), and a qualifier's ROI was "-" on 0 spent.
func TestStagedEventCountsTheFlightsBuyIns(t *testing.T) {
	h := newHarnessWith(t, filepath.Join(t.TempDir(), "room.db"), 53, 2*time.Second)
	h.must("admin", "/tourney create Grand Final stage=final start=+5h speed=turbo seats=6")
	h.must("admin", "/tourney create Day 1A flight=T1 buyin=20+2 start=+10m end=10m seats=6 bots=on")
	h.must("admin", "/tourney create Day 1B flight=T1 buyin=20+2 start=+1h end=30m seats=6 bots=on")
	h.must("alice", "/register T2")
	h.must("admin", "/tourney bots 9 T2")
	h.must("bob", "/register T3")
	h.must("admin", "/tourney bots 7 T3")
	h.playUntilResults(1, time.Minute, 3000)
	res := h.newsWith("Grand Final is over. Results:")
	if len(res) != 1 {
		t.Fatalf("no results of the final: %q", h.news())
	}
	m := regexp.MustCompile(`\d+\. alice ([\d,]+)`).FindStringSubmatch(res[0])
	if m == nil || strings.Contains(res[0], "bob") {
		t.Fatalf("the scenario wants alice paid in the final and bob out in his flight:\n%s", res[0])
	}
	prize, _ := strconv.ParseInt(strings.ReplaceAll(m[1], ",", ""), 10, 64)
	net := strconv.FormatInt(prize-22, 10)
	if prize > 22 {
		net = "+" + net
	}
	wants := map[string][]string{
		"alice": {"Played 1 · entries 1 · ITM 100% ·", "Spent 22 · won " + m[1] + " · net " + net},
		"bob":   {"Played 1 · entries 1 · ITM 0% · ROI -100% · knockouts 0 · best finish -", "Spent 22 · won 0 · net -22"},
	}
	for u, want := range wants {
		got := h.must(u, "/stats").Text
		for _, w := range want {
			if !strings.Contains(got, w) {
				t.Errorf("%s's /stats lacks %q:\n%s", u, w, got)
			}
		}
	}
	if board := h.must("bob", "/leaderboard tourney").Text; !strings.Contains(board, "bob: net -22 · entries 1 · ITM 0% · ROI -100%") {
		t.Errorf("the tournament leaderboard lacks bob's lost flight:\n%s", board)
	}
}

// A staged final cancelled after its flights shares their pool among the
// qualifiers by chips: that share is what the event paid them, next to the
// buy-ins their flights counted (a cancelled final is no refund of them).
func TestCancelledFinalCountsTheSharesItPaid(t *testing.T) {
	h := newHarnessWith(t, filepath.Join(t.TempDir(), "room.db"), 53, 2*time.Second)
	h.must("admin", "/tourney create Grand Final stage=final start=+5h speed=turbo seats=6")
	h.must("admin", "/tourney create Day 1A flight=T1 buyin=20+2 start=+10m end=10m seats=6 bots=on")
	h.must("alice", "/register T2")
	h.must("admin", "/tourney bots 9 T2")
	for range 200 {
		if len(h.newsWith("Day 1A is over")) > 0 {
			break
		}
		h.sleep(time.Minute)
	}
	if n := h.newsWith("Day 1A is over"); len(n) != 1 || !strings.Contains(n[0], "alice") {
		t.Fatalf("the scenario wants alice qualified: %q", h.newsWith("Day 1A"))
	}
	before := h.wallet("alice")
	h.must("admin", "/tourney cancel T1")
	share := h.wallet("alice") - before
	if share <= 0 {
		t.Fatalf("alice got %d from the cancelled final", share)
	}
	got := h.must("alice", "/stats").Text
	net := share - 22
	want := "Spent 22 · won " + strconv.FormatInt(share, 10) + " · net "
	if net > 0 {
		want += "+"
	}
	want += strconv.FormatInt(net, 10)
	if !strings.Contains(got, "Played 1 · entries 1 ·") || !strings.Contains(got, want) {
		t.Errorf("alice's /stats after the cancelled final lacks %q:\n%s", want, got)
	}
}
