package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// news returns the tournament news the group saw.
func (h *harness) news() []string {
	var out []string
	for _, m := range h.rec.all() {
		if v, ok := m.Body.(bot.View); ok && v.Kind == bot.ViewNews && m.To.Chat == "group" {
			out = append(out, v.Text)
		}
	}
	return out
}

func (h *harness) newsWith(s string) []string {
	var out []string
	for _, n := range h.news() {
		if strings.Contains(n, s) {
			out = append(out, n)
		}
	}
	return out
}

// lobby returns the latest lobby message.
func (h *harness) lobby() bot.View {
	h.t.Helper()
	msgs := h.rec.all()
	for i := len(msgs) - 1; i >= 0; i-- {
		if v, ok := msgs[i].Body.(bot.View); ok && v.Kind == bot.ViewLobby {
			return v
		}
	}
	h.t.Fatal("no lobby yet")
	return bot.View{}
}

// playTourney advances the clock until the tournament's results are out.
func (h *harness) playTourney(step time.Duration, limit int) {
	h.t.Helper()
	for range limit {
		if len(h.newsWith("Results:")) > 0 {
			return
		}
		h.sleep(step)
	}
	h.t.Fatalf("the tournament did not end; news:\n%s\ntable:\n%s", strings.Join(h.news(), "\n"), h.table().Text)
}

// A freeroll sit-and-go starts when the admin fills it with practice
// opponents, plays to a winner with the blinds rising on the clock, and
// places everyone (R-TRN-1, R-TRN-7, R-TRN-9).
func TestFreerollSitAndGoPlaysToAWinner(t *testing.T) {
	h := newHarness(t, 7)
	r := h.must("admin", "/tourney create Freeroll Hyper start=sng players=6 seats=6 speed=hyper bots=on")
	if !strings.Contains(r.Text, "T1") {
		t.Fatalf("create: %q", r.Text)
	}
	if !strings.Contains(h.lobby().Text, "freeroll") {
		t.Fatalf("lobby: %s", h.lobby().Text)
	}
	h.must("alice", "/register")
	h.fails("alice", "/register", "tourney.already_registered")
	h.fails("bob", "/tourney start", "admin.only")
	h.must("admin", "/tourney start")
	if len(h.newsWith("starts: 6 players at 1 tables")) != 1 {
		t.Fatalf("no start news: %q", h.news())
	}
	h.must("alice", "/sitout") // away: dealt in and folded until /back
	h.playTourney(time.Minute, 600)
	res := h.newsWith("Results:")[0]
	for i := 1; i <= 6; i++ {
		if !strings.Contains(res, fmt.Sprintf("%d. ", i)) {
			t.Errorf("results without place %d:\n%s", i, res)
		}
	}
	if got := h.wallet("alice"); got != 10000 {
		t.Errorf("freeroll moved chips: alice has %d", got)
	}
	t.Logf("news:\n%s", strings.Join(h.news(), "\n"))
}
