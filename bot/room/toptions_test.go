package room_test

import (
	"strings"
	"testing"
	"time"
)

// Tournament options of issue 21 (defect 10): a freeroll's rebuys, the
// README's template save, seed 001's sit-and-go structures.

// R-TRN-4, R-TRN-2: a freeroll may sell rebuys "at a price set for the
// tournament" (000), so rebuys= on a freeroll needs rebuy=<price>; before,
// it was accepted and every rebuy was free.
func TestFreerollRebuysNeedAPrice(t *testing.T) {
	h := newHarness(t, 3)
	e := h.fails("admin", "/tourney create Free start=+1h rebuys=3", "tourney.freeroll_rebuys")
	if msg := e.Message("en"); !strings.Contains(msg, "rebuy=") {
		t.Errorf("refusal %q does not say how to set the price", msg)
	}
	h.fails("admin", "/tourney create Free start=+1h buyin=free rebuys=3 rebuy=0", "tourney.freeroll_rebuys")
	h.must("admin", "/tourney create Free start=+1h buyin=free rebuys=3 rebuy=100")
	h.must("admin", "/tourney create Paid start=+1h buyin=10+1 rebuys=3") // the buy-in's price
}

// The README's "/tourney template save <name> <options>" works: without
// a tournament name the tournament takes the template's (it was refused
// with the /tourney create usage).
func TestTemplateSaveWithoutATournamentName(t *testing.T) {
	h := newHarness(t, 3)
	h.must("admin", "/tourney template save weekly buyin=10+1 start=+1h")
	if r := h.must("admin", "/tourney template use weekly"); !strings.Contains(r.Text, "weekly") {
		t.Errorf("tournament from template weekly: %q", r.Text)
	}
	h.must("admin", "/tourney template save friday Friday Turbo buyin=10+1 start=+1h speed=turbo")
	if r := h.must("admin", "/tourney template use friday"); !strings.Contains(r.Text, "Friday Turbo") {
		t.Errorf("tournament from template friday: %q", r.Text)
	}
}

// R-TRN-8: seed 001's sit-and-go structures are built in: structure=sng50
// plays 2,000 chips and the seed's levels of 12 minutes (25/50, 50/100,
// ...), and /tourney template use sng100-time creates the 10,000-chip
// time-limit sit-and-go at 200/400. Before, nothing reached them.
func TestSeedSitAndGoStructuresAreSelectable(t *testing.T) {
	h := newHarness(t, 3)
	h.fails("admin", "/tourney create S start=sng structure=sng70", "tourney.structure")
	h.fails("admin", "/tourney create S start=sng structure=sng50 speed=turbo", "tourney.structure_with")
	h.must("admin", "/tourney create Club SNG start=sng buyin=50+5 structure=sng50")
	s := h.must("admin", "/tourney structure T1").Text
	for _, want := range []string{"2,000", "25/50", "50/100", "5,000/10,000", "12 min"} {
		if !strings.Contains(s, want) {
			t.Errorf("structure of structure=sng50 lacks %q:\n%s", want, s)
		}
	}
	if list := h.must("admin", "/tourney template list").Text; !strings.Contains(list, "sng100-time") {
		t.Errorf("template list does not show the built-in templates:\n%s", list)
	}
	r := h.must("admin", "/tourney template use sng100-time")
	if !strings.Contains(r.Text, "Sit&Go Time Limit 100+10") {
		t.Errorf("built-in template: %q", r.Text)
	}
	s = h.must("admin", "/tourney structure T2").Text
	for _, want := range []string{"10,000", "200/400"} {
		if !strings.Contains(s, want) {
			t.Errorf("structure of sng100-time lacks %q:\n%s", want, s)
		}
	}
}

// R-TRN-8, R-TRN-12: a seed time-limit sit-and-go plays its one level
// (50/100 on 2,000 chips for sng20-time) and is over by its time limit
// (end=5m here): played to a winner, or stopped and paid by ICM.
func TestSeedTimeLimitSitAndGoPlaysWithinItsLimit(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/tourney create TL buyin=20 start=sng players=6 seats=6 structure=sng20-time end=5m bots=on")
	h.must("admin", "/tourney start T1")
	for range 11 { // 5m30s
		if len(h.newsWith("TL is over")) == 1 {
			break
		}
		h.sleep(30 * time.Second)
	}
	if len(h.newsWith("TL: level 1, blinds 50/100")) != 1 || len(h.newsWith("TL is over")) != 1 {
		t.Fatalf("not over by the time limit at 50/100: %q", h.news())
	}
	if l := h.ledgerByReason("tourney:1"); l["timed end"]+l["prize"] != 6*20 {
		t.Errorf("paid %v, pool %d", l, 6*20)
	}
}
