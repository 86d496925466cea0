package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-TRN-4 with seed 000 ("el add-on ... se realiza en el momento que el
// registro tardío ha terminado (por lo general esto sucede durante un
// receso o break del torneo)"): the break that follows the last level of
// the rebuy period ends it, and the add-on is offered during that break.
// The room kept rebuys open through the break and refused /addon until
// the next level was being dealt.
func TestTheAddOnIsOfferedInTheBreakAfterTheRebuyPeriod(t *testing.T) {
	h := newHarness(t, 31)
	h.must("admin", "/tourney create Rebuy buyin=10+1 start=+1m min=2 seats=6 rebuys=2 rebuylevels=1 addon=10:5000 levels=25/50,break_5m,50/100,100/200 level=10m")
	for _, u := range []string{"alice", "bob"} {
		h.must(u, "/register")
	}
	h.sleep(time.Minute + time.Second)
	h.sleep(10*time.Minute + 30*time.Second) // level 1 is over: the break
	if len(h.newsWith("break")) == 0 {
		t.Fatalf("no break: %q", h.news())
	}
	if len(h.newsWith("rebuy")) == 0 || len(h.newsWith("add-on")) == 0 {
		t.Errorf("the break after the rebuy period does not end it nor offer the add-on: %q", h.news())
	}
	r, err := h.do("alice", "/addon")
	if err != nil {
		t.Fatalf("alice's /addon in the break after the rebuy period: %v", err)
	}
	if !strings.Contains(r.Text, "5,000") {
		t.Errorf("the add-on: %q", r.Text)
	}
}
