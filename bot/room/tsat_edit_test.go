package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-TRN-6, R-TRN-15: a satellite's guaranteed seats (tickets=) are a
// guarantee of their value, which the house covers. An admin's
// /tourney edit of another option (the speed, the name) dropped it: the
// edited satellite's guarantee was read again from its options, where
// tickets= is no guarantee= (the two are exclusive), so it became 0, the
// lobby no longer showed it and the seats promised were not given.
func TestEditingASatelliteKeepsItsGuaranteedSeats(t *testing.T) {
	for _, edit := range []string{"/tourney edit T2 speed=turbo", "/tourney edit T2 tickets=2"} {
		t.Run(edit, func(t *testing.T) {
			h := newHarness(t, 67)
			h.must("admin", "/tourney create Main Event buyin=100+10 start=+3h")
			h.must("admin", "/tourney create Sat buyin=20+2 start=sng players=6 seats=6 speed=hyper target=T1 tickets=3 bots=on")
			h.must("admin", edit)
			seats := 3
			if strings.Contains(edit, "tickets=2") {
				seats = 2
			}
			want := map[int]string{3: "330", 2: "220"}[seats]
			if info := h.must("admin", "/tourney info T2").Text; !strings.Contains(info, want) {
				t.Fatalf("after %q the satellite's lobby does not show the guaranteed %s:\n%s", edit, want, info)
			}
			h.must("admin", "/tourney start T2")
			h.playTourney(time.Minute, 600)
			if n := len(h.newsWith("wins a seat: registered for T1")); n != seats {
				t.Fatalf("%d seats given after %q, want the %d guaranteed: %q", n, edit, seats, h.news())
			}
			h.wantEmptyAccount("tourney:2")
		})
	}
}
