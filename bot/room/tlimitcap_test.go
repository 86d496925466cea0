package room_test

import (
	"fmt"
	"testing"
)

// R-BET-5: "The cap holds even with two players in the hand; in a
// tournament it is lifted only when two players remain in the whole event
// (TDA 48)." Seed 001, TDA 48: "En torneos "limit" habrá un límite de
// subidas incluso en el uno contra uno, hasta que queden sólo dos
// jugadores en el torneo". A fixed-limit sit-and-go of two has two players
// in the whole event from its first hand: the fourth raise preflop (the
// big blind is the bet) is taken. One of three keeps the cap.
func TestTourneyLimitCapLiftedOnlyWithTwoPlayersLeftInTheEvent(t *testing.T) {
	for _, c := range []struct {
		name          string
		players, size int
		capped        bool
	}{
		{"two players in the event: no cap", 2, 2, false},
		{"three players in the event: the cap holds", 3, 4, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, 36)
			h.must("admin", fmt.Sprintf("/tourney create Limit start=sng players=%d seats=%d game=flhe", c.players, c.size))
			for _, u := range []string{"alice", "bob", "cyd"}[:c.players] {
				h.must(u, "/register")
			}
			for range 3 { // the big blind's bet and three raises: the cap
				h.must(h.toAct(), "/raise min")
			}
			who := h.toAct()
			if c.capped {
				h.fails(who, "/raise min", "action.capped")
				return
			}
			if _, err := h.do(who, "/raise min"); err != nil {
				t.Fatalf("%s's fourth raise refused: %v\n%s", who, err, h.table().Text)
			}
		})
	}
}
