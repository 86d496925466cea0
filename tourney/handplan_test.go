package tourney

import "testing"

// R-SEAT-1, R-SEAT-2, R-SEAT-3, R-TRN-5, R-TRN-11: the button and the
// blinds of a tournament table hand after hand, and who is dealt in.
func TestPlanHandDeadButtonAndBlinds(t *testing.T) {
	cases := []struct {
		name     string
		seats    []Seat // occupied, of 6
		last     Positions
		want     Positions
		order    []Seat
		waiting  []Seat
		noSBPost bool
	}{
		{name: "R-SEAT-1 first hand after the draw: the button on seat 1",
			seats: []Seat{1, 2, 3, 4, 5, 6}, want: Positions{Button: 1, SmallBlind: 2, BigBlind: 3}, order: []Seat{1, 2, 3, 4, 5, 6}},
		{name: "R-SEAT-1 seat 1 empty: the first player after it",
			seats: []Seat{3, 4, 6}, want: Positions{Button: 3, SmallBlind: 4, BigBlind: 6}, order: []Seat{3, 4, 6}},
		{name: "the big blind moves one player on",
			seats: []Seat{1, 2, 3, 4, 5, 6}, last: Positions{Button: 1, SmallBlind: 2, BigBlind: 3},
			want: Positions{Button: 2, SmallBlind: 3, BigBlind: 4}, order: []Seat{2, 3, 4, 5, 6, 1}},
		{name: "TDA 31 the big blind busted: the small blind is dead, the next player posts the big blind",
			seats: []Seat{1, 2, 4, 5, 6}, last: Positions{Button: 1, SmallBlind: 2, BigBlind: 3},
			want: Positions{Button: 2, SmallBlind: 3, BigBlind: 4, SmallBlindDead: true}, order: []Seat{2, 4, 5, 6, 1}, noSBPost: true},
		{name: "TDA 31 the small blind busted: the button is dead, the player before it acts last",
			seats: []Seat{1, 3, 4, 5, 6}, last: Positions{Button: 1, SmallBlind: 2, BigBlind: 3},
			want: Positions{Button: 2, SmallBlind: 3, BigBlind: 4}, order: []Seat{1, 3, 4, 5, 6}},
		{name: "TDA 31 both blinds busted: dead button and dead small blind",
			seats: []Seat{1, 4, 5, 6}, last: Positions{Button: 1, SmallBlind: 2, BigBlind: 3},
			want: Positions{Button: 2, SmallBlind: 3, BigBlind: 4, SmallBlindDead: true}, order: []Seat{1, 4, 5, 6}, noSBPost: true},
		{name: "TDA 32 the big blind after an empty seat still moves to the next player",
			seats: []Seat{1, 2, 3, 6}, last: Positions{Button: 1, SmallBlind: 2, BigBlind: 3},
			want: Positions{Button: 2, SmallBlind: 3, BigBlind: 6}, order: []Seat{2, 3, 6, 1}},
		{name: "R-SEAT-3 TDA 33 heads-up: last big blind gets the button and small blind",
			seats: []Seat{3, 5}, last: Positions{Button: 1, SmallBlind: 3, BigBlind: 5},
			want: Positions{Button: 5, SmallBlind: 5, BigBlind: 3, HeadsUp: true}, order: []Seat{5, 3}},
		{name: "TDA 7, 9 a player seated between the button and the small blind waits",
			seats: []Seat{1, 2, 3, 4, 5, 6}, last: Positions{Button: 1, SmallBlind: 2, BigBlind: 4},
			want: Positions{Button: 2, SmallBlind: 4, BigBlind: 5}, order: []Seat{2, 4, 5, 6, 1}, waiting: []Seat{3}},
		{name: "TDA 9, 10 a player moved into the seat after the big blind posts the big blind",
			seats: []Seat{1, 2, 3, 4, 5}, last: Positions{Button: 1, SmallBlind: 2, BigBlind: 3},
			want: Positions{Button: 2, SmallBlind: 3, BigBlind: 4}, order: []Seat{2, 3, 4, 5, 1}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := fullTable(6, c.seats...)
			tb.Pos = c.last
			p, err := tb.PlanHand()
			if err != nil {
				t.Fatal(err)
			}
			if p.Positions != c.want {
				t.Errorf("positions %+v, want %+v", p.Positions, c.want)
			}
			checkEach(t, "dealt", p.Order, c.order)
			checkEach(t, "waiting", p.Waiting, c.waiting)
			if p.SmallBlindDead != c.noSBPost {
				t.Errorf("small blind dead = %v", p.SmallBlindDead)
			}
			if tb.Pos != c.last {
				t.Errorf("PlanHand changed the table: %+v", tb.Pos)
			}
		})
	}
}

// R-SEAT-2, TDA 31: over a table's life, with players busting, nobody
// posts the big blind twice in a row and the big blind always moves to
// the next player after the last one.
func TestDeadButtonBigBlindMovesOnePlayerAtATime(t *testing.T) {
	tb := fullTable(9, 1, 2, 3, 4, 5, 6, 7, 8, 9)
	busts := map[int][]Seat{2: {4}, 3: {5, 6}, 5: {9}, 7: {1, 2}, 9: {8}}
	var last Positions
	for hand := 1; hand <= 12; hand++ {
		for _, s := range busts[hand] {
			tb.Seats[s-1] = 0
		}
		if tb.Count() < 2 {
			break
		}
		p, err := tb.PlanHand()
		if err != nil {
			t.Fatal(err)
		}
		if hand > 1 && p.BigBlind != tb.nextOccupied(last.BigBlind) {
			t.Errorf("hand %d: big blind %d, want the next player after %d", hand, p.BigBlind, last.BigBlind)
		}
		if hand > 1 && p.BigBlind == last.BigBlind {
			t.Errorf("hand %d: seat %d posts the big blind twice", hand, p.BigBlind)
		}
		if _, err := tb.StartHand(); err != nil {
			t.Fatal(err)
		}
		last = tb.Pos
	}
}

// R-TRN-11, TDA 10: after hands played at both tables, balancing moves
// the player due to post the big blind next at the fuller table to the
// seat that posts the big blind next at the shorter one.
func TestBalanceAfterHandsPlayedMovesTheNextBigBlind(t *testing.T) {
	s, _ := NewSeating(6)
	t1, t2 := s.newTable(6), s.newTable(6)
	for seat := Seat(1); seat <= 6; seat++ {
		s.put(EntryID(seat), t1, seat)
	}
	for _, seat := range []Seat{1, 3, 4, 6} {
		s.put(EntryID(100+seat), t2, seat)
	}
	for range 3 { // three hands at each table
		if _, err := t1.StartHand(); err != nil {
			t.Fatal(err)
		}
		if _, err := t2.StartHand(); err != nil {
			t.Fatal(err)
		}
	}
	// Table 1's last big blind is seat 5, table 2's seat 1 (4, 6, 1).
	if t1.Pos.BigBlind != 5 || t2.Pos.BigBlind != 1 {
		t.Fatalf("positions %+v %+v", t1.Pos, t2.Pos)
	}
	moves := s.Balance()
	if len(moves) != 1 {
		t.Fatalf("moves %+v", moves)
	}
	if m := moves[0]; m.Entry != 6 || m.To != (Placement{2, 2}) {
		t.Errorf("move %+v, want entry 6 (next big blind) to table 2 seat 2 (the next big blind there)", m)
	}
	if p, _ := t2.NextPositions(); p.BigBlind != 2 {
		t.Errorf("the player moved is not the next big blind: %+v", p)
	}
	if p, _ := t1.NextPositions(); p.BigBlind != 1 {
		t.Errorf("table 1's big blind after the move: %+v", p)
	}
}
