package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-TRN-15: a satellite's /tourney payouts says which places win a seat
// in its target and which win chips: it listed "1. 110, 2. 110, 3. 20",
// the seats shown as chip amounts.
func TestSatellitePayoutsNameTheSeats(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/tourney create Main buyin=100+10 start=+3h")
	h.must("admin", "/tourney create Sat buyin=20+2 start=+1h target=T1 bots=on min=2")
	h.must("admin", "/tourney bots T2 12")
	lines := strings.Split(h.must("alice", "/tourney payouts T2").Text, "\n")
	if len(lines) != 4 {
		t.Fatalf("payouts: %q, want a title and three places", lines)
	}
	for i, want := range []string{"1. a seat in T1", "2. a seat in T1", "3. 20"} {
		if got := lines[i+1]; !strings.HasPrefix(got, want) {
			t.Errorf("place %d: %q, want it to begin %q", i+1, got, want)
		}
	}
}

// R-TRN-15: a seat won is told as a seat, not as its value in chips: the
// results and /standings said "2. bob 110", as if the player had won 110
// chips, while the seat registered them in the target (so did the bust
// news of a seat's place, met now only when players bust together into
// the seats, since a satellite ends when its seats are decided).
func TestSatelliteResultsNameTheSeatsWon(t *testing.T) {
	h := newHarness(t, 23)
	h.must("admin", "/tourney create Main Event buyin=100+10 start=+3h")
	h.must("admin", "/tourney create Sat buyin=55 start=sng players=4 seats=6 speed=hyper target=T1")
	for _, p := range []string{"alice", "bob", "carol", "dave"} {
		h.must(p, "/register T2")
	}
	for _, p := range []string{"alice", "bob", "carol", "dave"} {
		_, _ = h.do(p, "/sitout")
	}
	h.playTourney(time.Minute, 600)
	if n := len(h.newsWith("wins a seat: registered for T1")); n != 2 {
		t.Fatalf("%d seats given, want 2: %q", n, h.news())
	}
	results := strings.Join(h.newsWith("Results:"), "\n")
	for _, place := range []string{"\n1. ", "\n2. "} {
		i := strings.Index(results, place)
		if i < 0 || !strings.Contains(strings.SplitN(results[i+1:], "\n", 2)[0], " a seat in T1") {
			t.Errorf("the results' place%q does not name the seat:\n%s", place, results)
		}
	}
	st := h.must("alice", "/standings T2").Text
	if strings.Count(st, "a seat in T1") != 2 || strings.Contains(st, "110") {
		t.Errorf("/standings does not name the seats:\n%s", st)
	}
}

// R-TRN-18, R-TRN-15: a satellite's seats cannot be shared, so no deal
// is made while one is still to be won. A deal at a satellite's final
// table ended it and paid each party only its share of the chip places,
// the seats given to nobody and their value swept to the house as
// "unclaimed bounties" (found by an outside review).
func TestSatelliteDealKeepsTheSeatsToBeGiven(t *testing.T) {
	h := newHarness(t, 23)
	h.must("admin", "/tourney create Main Event buyin=100+10 start=+3h")
	h.must("admin", "/tourney create Sat buyin=55 start=sng players=5 seats=6 speed=hyper target=T1 bots=on")
	h.must("alice", "/register T2")
	h.must("admin", "/tourney start T2") // practice opponents fill it: pool 275, two seats of 110 and 55
	h.fails("alice", "/deal icm T2", "deal.seats")
	h.fails("alice", "/deal chop keep=20 T2", "deal.seats")
	_, _ = h.do("alice", "/sitout")
	h.playTourney(time.Minute, 600)
	if n := len(h.newsWith("wins a seat: registered for T1")); n != 2 {
		t.Errorf("%d seats given after the deal, want 2: %q", n, h.news())
	}
	l := h.ledgerByReason("tourney:2")
	if l["unclaimed bounties"] != 0 {
		t.Errorf("the house took %d of the satellite's pool: %v", l["unclaimed bounties"], l)
	}
	h.wantEmptyAccount("tourney:2")
}

// R-TRN-15: a satellite ends when its seats are decided, the players left
// no more than its seats: they each win one. It played on heads-up
// between two players who had both won a seat, for nothing.
func TestSatelliteEndsWhenItsSeatsAreDecided(t *testing.T) {
	h := newHarness(t, 23)
	h.must("admin", "/tourney create Main Event buyin=100+10 start=+3h")
	h.must("admin", "/tourney create Sat buyin=55 start=sng players=5 seats=6 speed=hyper target=T1 bots=on")
	h.must("alice", "/register T2")
	h.must("admin", "/tourney start T2") // pool 275: two seats of 110, then 55
	_, _ = h.do("alice", "/sitout")
	h.playTourney(time.Minute, 600)
	if n := len(h.newsWith("Sat: the seats are decided: the 2 players left each win a seat in T1")); n != 1 {
		t.Errorf("the end of the seats was not told once: %q", h.news())
	}
	if n := len(h.newsWith("is out in place 2")); n != 0 {
		t.Errorf("a seat winner was played out: %q", h.newsWith("is out in place 2"))
	}
	if n := len(h.newsWith("wins a seat: registered for T1")); n != 2 {
		t.Errorf("%d seats given, want 2: %q", n, h.news())
	}
	results := strings.Join(h.newsWith("Results:"), "\n")
	if strings.Count(results, "a seat in T1") != 2 || !strings.Contains(results, "\n3. ") {
		t.Errorf("results:\n%s", results)
	}
	h.wantEmptyAccount("tourney:2")
}

// R-TRN-15: a satellite whose pool buys its seats exactly (no money left
// for the next place) decides its seats with the bust that bursts its
// bubble: the news say the seats are decided, once, and not also that
// the bubble burst.
func TestSatelliteSeatsDecidedAtTheBubbleSayItOnce(t *testing.T) {
	h := newHarness(t, 23)
	h.must("admin", "/tourney create Main Event buyin=100+10 start=+3h")
	h.must("admin", "/tourney create Sat buyin=55 start=sng players=4 seats=6 speed=hyper target=T1 bots=on")
	h.must("alice", "/register T2")
	h.must("admin", "/tourney start T2") // pool 220: two seats of 110, nothing left
	_, _ = h.do("alice", "/sitout")
	h.playTourney(time.Minute, 600)
	if n := len(h.newsWith("Sat: the seats are decided")); n != 1 {
		t.Fatalf("the seats decided were told %d times, want once: %q", n, h.news())
	}
	if got := h.newsWith("bubble has burst"); len(got) != 0 {
		t.Errorf("the bubble was told too: %q", got)
	}
}
