package room_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// R-TRN-7 (TDA 12): two tables whose hands end in the same instant, each
// busting a player with the field at two more than the places paid,
// report to the director together. Hand for hand is announced when the
// first of those busts (in the order of the tables) brings the field to
// the bubble, and the second, from a hand dealt before hand for hand
// began, is out at once on the bubble, unpaid; before, the second was
// held for a hand-for-hand hand nobody dealt, and hand for hand was never
// announced. Eight players at two tables, six paid; every round, the
// director is held while both tables play their hand, so that their
// reports come together (the order the flaky
// TestBubbleAndHandForHandAreAnnouncedWhenTheyHappen met by chance).
func TestTwoBustsInOneInstantAtTwoTablesAnnounceHandForHand(t *testing.T) {
	const entries, paid = 8, 6
	h := newHarness(t, bubbleSeed)
	h.must("admin", fmt.Sprintf("/tourney create Eight start=sng players=%d seats=4 buyin=10+1 payout=top%d", entries, paid))
	for _, u := range bubbleUser[:entries] {
		h.must(u, "/register")
	}
	ctx := context.Background()
	together := false
	for range 400 {
		before := len(h.newsWith("is out in place"))
		if before >= entries-paid {
			break
		}
		release := h.room.HoldTourneys(ctx)
		h.noSettle = true
		for range 40 {
			if !h.anyToAct() {
				break
			}
			h.shoveAndCall()
			if err := h.room.SettleTables(ctx); err != nil {
				t.Fatal(err)
			}
		}
		h.noSettle = false
		release()
		h.settle()
		if after := len(h.newsWith("is out in place")); before == 0 && after >= 2 {
			together = true
		}
		h.sleep(time.Second)
	}
	if !together {
		t.Fatalf("no round busted players at both tables from the start:\n%s", strings.Join(h.news(), "\n"))
	}
	outs, h4hAt := 0, -1
	for i, n := range h.news() {
		if m := h4hNews.FindStringSubmatch(n); m != nil {
			if h4hAt >= 0 {
				t.Errorf("hand for hand announced twice: %q", n)
			}
			h4hAt = i
			if entries-outs != paid+1 {
				t.Errorf("hand for hand announced with %d players out: %q", outs, n)
			}
		}
		if outNews.MatchString(n) {
			outs++
			if outs == 2 && h4hAt < 0 {
				t.Errorf("the second player is out without hand for hand announced at %d left: %q", paid+1, n)
			}
			if strings.Contains(n, " and wins ") && outs <= entries-paid {
				t.Errorf("out on or before the bubble, yet paid: %q", n)
			}
		}
	}
	if h4hAt < 0 {
		t.Fatalf("hand for hand never announced:\n%s", strings.Join(h.news(), "\n"))
	}
}

// anyToAct reports whether some table's latest message waits for a
// player.
func (h *harness) anyToAct() bool {
	latest := map[string]string{}
	for _, m := range h.rec.all() {
		if v, ok := m.Body.(bot.View); ok && v.Kind == bot.ViewTable && m.To.Chat == "group" {
			latest[strings.SplitN(v.Text, " · ", 2)[0]] = v.Text
		}
	}
	for _, text := range latest {
		if toActRE.MatchString(text) {
			return true
		}
	}
	return false
}
