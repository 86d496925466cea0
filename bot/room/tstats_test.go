package room_test

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A progressive-knockout sit-and-go of three players and a practice
// opponent, played to the end: /stats shows each player's tournament
// (entries, ITM, ROI, knockouts, best finish, money) and /leaderboard
// tourney ranks them by net prize money, computed here from their wallets
// (what the tournament moved), the results and the bounty news; the
// practice opponent is never listed.
func TestTourneyStatsAfterAKnockoutSitAndGo(t *testing.T) {
	h := newHarness(t, 2)
	h.must("admin", "/tourney create KO buyin=100+10 bounty=pko start=sng players=4 seats=4 speed=hyper bots=on")
	users := []string{"alice", "bob", "carol"}
	for _, u := range users {
		h.must(u, "/register")
	}
	h.must("admin", "/tourney bots 1")
	if len(h.newsWith("KO starts: 4 players")) != 1 {
		t.Fatalf("no start: %q", h.news())
	}
	if r := h.must("alice", "/leaderboard tourney"); !strings.Contains(r.Text, "Nobody has finished a tournament here (all time).") {
		t.Errorf("/leaderboard tourney before the end: %q", r.Text)
	}
	// alice shoves every hand; bob and carol are away (folded).
	h.must("bob", "/sitout")
	h.must("carol", "/sitout")
	for range 3000 {
		if len(h.newsWith("Results:")) > 0 {
			break
		}
		_, _ = h.do("alice", "/allin")
		h.sleep(2 * time.Second)
	}
	h.playTourney(time.Minute, 600)

	// What each player got, by hand: the place and prize of the results,
	// the knockouts of the news, the net of the wallet (10,000 before).
	type want struct {
		place, knockouts int
		cashed           bool
		net              int64
	}
	got := map[string]*want{}
	for _, u := range users {
		got[u] = &want{net: h.wallet(u) - 10000}
	}
	line := regexp.MustCompile(`^(\d+)\. (\S+)( [\d,]+)?$`)
	for _, l := range strings.Split(h.newsWith("Results:")[0], "\n") {
		if m := line.FindStringSubmatch(l); m != nil && got[m[2]] != nil {
			got[m[2]].place, _ = strconv.Atoi(m[1])
			got[m[2]].cashed = m[3] != ""
		}
	}
	ko := regexp.MustCompile(`^\S+ (\S+) wins [\d,]+ for knocking out `)
	for _, n := range h.news() {
		if m := ko.FindStringSubmatch(n); m != nil && got[m[1]] != nil {
			got[m[1]].knockouts++
		}
	}
	// The event must give the checks something to check: a real player
	// with knockouts, one in the money (with this seed alice has won it,
	// knocking out two or three; the practice opponent's timing varies).
	kos, cashed := 0, 0
	for _, w := range got {
		kos += w.knockouts
		if w.cashed {
			cashed++
		}
	}
	if kos == 0 || cashed == 0 {
		t.Fatalf("no real player knocked anyone out or cashed: change the test's seed; news:\n%s", strings.Join(h.news(), "\n"))
	}
	roi := func(net int64) string {
		s := fmt.Sprintf("%.0f", 100*float64(net)/110)
		if net > 0 && s != "0" {
			s = "+" + s
		}
		return s + "%"
	}
	signed := func(n int64) string {
		s := strconv.FormatInt(n, 10)
		if n > 0 {
			s = "+" + s
		}
		return s
	}
	for _, u := range users {
		w := got[u]
		if w.place == 0 {
			t.Fatalf("%s has no place in the results: %q", u, h.newsWith("Results:")[0])
		}
		itm := 0
		if w.cashed {
			itm = 100
		}
		r := h.must(u, "/stats")
		for _, s := range []string{
			fmt.Sprintf("Tournaments of %s, all time:", u),
			fmt.Sprintf("Played 1 · entries 1 · ITM %d%% · ROI %s · knockouts %d · best finish %d", itm, roi(w.net), w.knockouts, w.place),
			fmt.Sprintf("Spent 110 · won %d · net %s", w.net+110, signed(w.net)),
		} {
			if !strings.Contains(r.Text, s) {
				t.Errorf("%s's /stats lacks %q:\n%s", u, s, r.Text)
			}
		}
	}
	// The leaderboard: by net, most first (ties by registration: the
	// players' ids).
	order := append([]string(nil), users...)
	sort.SliceStable(order, func(i, j int) bool { return got[order[i]].net > got[order[j]].net })
	board := h.must("bob", "/leaderboard tourney week").Text
	lines := strings.Split(board, "\n")
	if len(lines) != 4 || lines[0] != "Tournament leaderboard, this week (net prize money):" {
		t.Fatalf("/leaderboard tourney week:\n%s", board)
	}
	for i, u := range order {
		w := got[u]
		itm := 0
		if w.cashed {
			itm = 100
		}
		if want := fmt.Sprintf("%d. %s: net %s · entries 1 · ITM %d%% · ROI %s", i+1, u, signed(w.net), itm, roi(w.net)); lines[i+1] != want {
			t.Errorf("line %d: %q, want %q", i+1, lines[i+1], want)
		}
	}
	if strings.Contains(board, "Alba") {
		t.Errorf("the practice opponent is listed:\n%s", board)
	}
	var rows int64
	if err := h.store.DB().Raw("SELECT COUNT(*) FROM tourney_stats").Scan(&rows).Error; err != nil || rows != 3 {
		t.Errorf("%d rows of tournament statistics (%v), want the 3 players'", rows, err)
	}
	if cash := h.must("bob", "/leaderboard cash").Text; strings.Contains(cash, "Tournament") {
		t.Errorf("/leaderboard cash shows tournaments:\n%s", cash)
	}
	if all := strings.Split(h.must("bob", "/leaderboard tourney all").Text, "\n"); strings.Join(all[1:], "\n") != strings.Join(lines[1:], "\n") {
		t.Errorf("all time and this week differ (one tournament): %q", all)
	}
	h.sleep(24 * time.Hour * 40)
	if later := h.must("bob", "/leaderboard tourney month"); !strings.Contains(later.Text, "Nobody has finished a tournament here (this month).") {
		t.Errorf("a later month: %q", later.Text)
	}
	t.Logf("news:\n%s\nboard:\n%s", strings.Join(h.news(), "\n"), board)
}
