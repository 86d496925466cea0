package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-TRN-15 with TDA 12: a multi-table satellite deals hand for hand at the
// bubble of its seats, not only at its last paid place's. 24 entrants at
// 5+1 for seats of 22 buy 5 seats and 10 chips to place 6: hand for hand
// at 7 left (6 paid) goes on at 6 left (5 seats), still at two tables of
// four, and is announced there. Found by an outside review: the tables
// dealt freely at 6 left, the one bubble of a satellite that decides who
// wins a seat.
//
// The tables play at once, so which hands they deal between two steps of
// the clock, and so the cards, vary from run to run: where places 7 and 6
// go out in one hand-for-hand round (told together) the field never has 6
// left, and the next seed is played, until a run where it had.
func TestMultiTableSatelliteDealsHandForHandAtTheSeatBubble(t *testing.T) {
	for seed := uint64(21); seed < 29; seed++ {
		news := playSatelliteToItsSeats(t, seed)
		all := strings.Join(news, "\n")
		if !strings.Contains(all, "hand for hand: 7 left, 6 paid") {
			t.Fatalf("seed %d: no hand for hand at the paid bubble; news:\n%s", seed, all)
		}
		seventh, sixth := newsIndex(news, "out in place 7."), newsIndex(news, "out in place 6 ")
		if seventh < 0 || sixth < 0 {
			t.Fatalf("seed %d: places 7 and 6 not told; news:\n%s", seed, all)
		}
		if sixth == seventh+1 || sixth < seventh {
			continue // out in one round (told together, in either order): the field went from 7 to 5
		}
		if between := strings.Join(news[seventh+1:sixth], "\n"); !strings.Contains(between, "hand for hand: 6 left, 5 seats") {
			t.Fatalf("seed %d: 6 left for 5 seats without hand for hand; news between the two busts:\n%s\nall news:\n%s", seed, between, all)
		}
		return
	}
	t.Fatal("in every run places 7 and 6 went out in one round: the seat bubble was never played")
}

// playSatelliteToItsSeats plays a 24-entrant satellite for 5 seats to its
// end and returns the tournament news.
func playSatelliteToItsSeats(t *testing.T, seed uint64) []string {
	h := newHarness(t, seed)
	h.must("admin", "/tourney create Main Event buyin=20+2 start=+3h")
	h.must("admin", "/tourney create Sat buyin=5+1 start=sng players=24 seats=4 speed=hyper target=T1 bots=on")
	h.must("alice", "/register T2")
	h.must("admin", "/tourney start T2")
	h.must("alice", "/sitout")
	h.playTourney(time.Minute, 900)
	return h.news()
}

// newsIndex is the index of the first news line holding s, or -1.
func newsIndex(news []string, s string) int {
	for i, n := range news {
		if strings.Contains(n, s) {
			return i
		}
	}
	return -1
}
