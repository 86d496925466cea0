package room_test

import (
	"maps"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// The tournament as players see it (issue 23): what the group, the lobby
// and each player are told.

// A one-table sit-and-go that ends never calls its table broken: the
// table closes saying the tournament is over, queued after the result of
// the hand that ended it and in the summaries' turn, so that an outbox
// sending table messages first cannot put it before that result.
func TestFinishedSitAndGoClosesItsTableAsOverNotBroken(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/tourney create Solo start=sng players=4 seats=6 speed=hyper bots=on")
	h.must("alice", "/register")
	h.must("admin", "/tourney start")
	h.must("alice", "/sitout")
	h.playTourney(time.Minute, 600)
	closing, lastSummary := -1, -1
	for i, m := range h.rec.all() {
		v, ok := m.Body.(bot.View)
		if !ok || m.To.Private() {
			continue
		}
		if strings.Contains(v.Text, "is broken") {
			t.Errorf("a one-table sit-and-go said a table is broken: %q", v.Text)
		}
		if v.Kind == bot.ViewSummary && strings.HasPrefix(v.Text, "Hand ") {
			lastSummary = i
		}
		if strings.Contains(v.Text, "the tournament is over; this table is closed") {
			closing = i
			if m.Priority < bot.PrioritySummary {
				t.Errorf("the closing notice goes out with priority %d, ahead of the hands' summaries (%d)", m.Priority, bot.PrioritySummary)
			}
		}
	}
	if closing < 0 {
		t.Fatalf("the table never said it closed; group:\n%s", strings.Join(h.group(), "\n"))
	}
	if closing < lastSummary {
		t.Errorf("the closing notice (message %d) is queued before the last hand's result (message %d)", closing, lastSummary)
	}
}

var (
	moveItem   = regexp.MustCompile(`(\S+) → table (\d+) seat (\d+)`)
	movePublic = regexp.MustCompile(`^🏆 T1 moves: `)
	movedNote  = regexp.MustCompile(`you move to table (\d+) \(#\d+\), seat (\d+)\.`)
)

// R-TRN-11: each rebalance tells the group in one message who moved
// where ("T1 moves: ana → table 2 seat 4, ben → table 1 seat 3"), the
// same seats each player moved is told privately.
func TestRebalanceAnnouncesItsMovesInOneGroupMessage(t *testing.T) {
	h := newHarness(t, 5)
	users := []string{"ana", "ben", "cy", "dan", "eva", "fay", "gus", "hal", "ivy", "jo"}
	h.must("admin", "/tourney create Movers start=sng players=10 seats=4 payout=top3")
	for _, u := range users {
		h.must(u, "/register")
	}
	for range 300 {
		if len(h.newsWith("Results:")) > 0 {
			break
		}
		for _, u := range users {
			_, _ = h.do(u, "/allin")
		}
		h.sleep(time.Second)
	}
	public := map[string]int{}
	biggest := 0
	for _, n := range h.news() {
		if !movePublic.MatchString(n) {
			continue
		}
		items := moveItem.FindAllStringSubmatch(n, -1)
		biggest = max(biggest, len(items))
		for _, it := range items {
			public[it[1]+" "+it[2]+" "+it[3]]++
		}
	}
	private := map[string]int{}
	for _, u := range users {
		for _, p := range h.private(u) {
			if m := movedNote.FindStringSubmatch(p); m != nil {
				private[u+" "+m[1]+" "+m[2]]++
			}
		}
	}
	if len(private) == 0 {
		t.Fatalf("nobody was moved: the rule was not put to the test; news:\n%s", strings.Join(h.news(), "\n"))
	}
	if !maps.Equal(public, private) {
		t.Errorf("the group was told the moves %v, the players %v", public, private)
	}
	if biggest < 2 {
		t.Errorf("no group message names more than one move (largest %d): one message per move, not per rebalance?", biggest)
	}
	t.Logf("moves told: %v", public)
}

// /tourney start of a sit-and-go that practice opponents fill says so,
// and that it starts once they are seated: not "Tournament T1 started"
// ahead of the seats they take. The start is told when it happens, with
// every seat filled.
func TestStartFilledByPracticeOpponentsSaysWhatHappens(t *testing.T) {
	h := newHarness(t, 3)
	h.must("admin", "/tourney create Fill start=sng players=4 seats=6 bots=on")
	h.must("alice", "/register")
	r := h.must("admin", "/tourney start")
	if want := "3 practice opponents take the empty seats of T1; it starts when they are seated."; r.Text != want {
		t.Errorf("/tourney start answered %q, want %q", r.Text, want)
	}
	if n := len(h.newsWith("Fill starts: 4 players at 1 table")); n != 1 {
		t.Errorf("the start was told %d times with 4 players; news:\n%s", n, strings.Join(h.news(), "\n"))
	}
}
