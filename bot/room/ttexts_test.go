package room_test

import (
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
