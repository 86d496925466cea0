package tourney

import (
	"slices"
	"testing"
)

// R-TRN-11: "the player moved is the one who would be big blind next, to
// the worst position (never the small blind) at the shortest table (TDA
// 10-A, 10-C)". Seed 001, TDA 10-A: "se trasladará al jugador que va a
// ser ciega grande a la peor posición de la nueva mesa ... La peor
// posición nunca es la ciega pequeña." A table SeatLate opened has not
// dealt: balancing fixes its first hand's positions so that the players
// already there keep the button and small blind (dead when alone) and the
// players moved in take the big blind and the seats after it, dealt in,
// never on the button nor in the small blind.
func TestBalanceToATableThatHasNotDealtNeverGivesTheButtonOrSmallBlind(t *testing.T) {
	for _, c := range []struct {
		name           string
		entrants, size int
		late           []EntryID // registrants after the tables dealt
	}{
		{"9-max, two full tables, one late registrant", 18, 9, []EntryID{19}},
		{"6-max, two full tables, one late registrant", 12, 6, []EntryID{13}},
		{"6-max, two late registrants at the new table", 12, 6, []EntryID{13, 14}},
		{"4-max, two full tables, one late registrant", 8, 4, []EntryID{9}},
	} {
		for seed := uint64(1); seed <= 20; seed++ {
			s, err := Draw(ids(c.entrants), c.size, testRand(seed))
			if err != nil {
				t.Fatal(err)
			}
			for _, tb := range s.Tables {
				if _, err := tb.StartHand(); err != nil {
					t.Fatal(err)
				}
			}
			var at TableID
			for _, e := range c.late {
				p, err := s.SeatLate(e, testRand(seed+100))
				if err != nil {
					t.Fatal(err)
				}
				at = p.Table
			}
			dst, _ := s.Table(at)
			if len(s.Tables) != 3 || dst.Pos != (Positions{}) {
				t.Fatalf("%s: the late registrants are not at a new third table: %d tables", c.name, len(s.Tables))
			}
			moves := s.Balance()
			var in []Seat
			for _, m := range moves {
				if m.To.Table == at {
					in = append(in, m.To.Seat)
				}
			}
			if len(in) == 0 {
				t.Fatalf("%s: nobody moved to the new table: %v", c.name, moves)
			}
			plan, err := dst.PlanHand()
			if err != nil {
				t.Fatal(err)
			}
			for _, seat := range in {
				if seat == plan.Button || seat == plan.SmallBlind {
					t.Errorf("%s, seed %d: moved to seat %d, the button or small blind of %+v", c.name, seed, seat, plan.Positions)
				}
				if !slices.Contains(plan.Order, seat) {
					t.Errorf("%s, seed %d: moved to seat %d, not dealt in: %+v", c.name, seed, seat, plan)
				}
			}
			if plan.BigBlind != in[0] {
				t.Errorf("%s, seed %d: the first player moved in is at seat %d, the big blind is seat %d", c.name, seed, in[0], plan.BigBlind)
			}
		}
	}
}

// Tournaments whose rebalances were logged before the rule above replay
// to the same seats: with LowestSeatAtNewTable a player moved to a table
// that has not dealt takes its lowest open seat, and the table's
// positions stay unset.
func TestBalanceToATableThatHasNotDealtUnderTheOldRule(t *testing.T) {
	s, err := Draw(ids(12), 6, testRand(3))
	if err != nil {
		t.Fatal(err)
	}
	for _, tb := range s.Tables {
		_, _ = tb.StartHand()
	}
	p, err := s.SeatLate(13, testRand(4))
	if err != nil {
		t.Fatal(err)
	}
	s.LowestSeatAtNewTable = true
	dst, _ := s.Table(p.Table)
	var want []Seat
	for i, e := range dst.Seats {
		if e == 0 {
			want = append(want, Seat(i+1))
		}
	}
	var got []Seat
	for _, m := range s.Balance() {
		if m.To.Table == p.Table {
			got = append(got, m.To.Seat)
		}
	}
	if len(got) == 0 || !slices.Equal(got, want[:len(got)]) || dst.Pos != (Positions{}) {
		t.Errorf("moved in to seats %v (positions %+v), want the lowest open ones %v", got, dst.Pos, want[:len(got)])
	}
}
