package tourney

import (
	"errors"
	"fmt"
	"testing"
)

func ids(n int) []EntryID {
	out := make([]EntryID, n)
	for i := range out {
		out[i] = EntryID(i + 1)
	}
	return out
}

// fullTable returns a table of size seats with the given seats occupied
// (entry = seat number).
func fullTable(size int, occupied ...Seat) *Table {
	t := &Table{ID: 1, Seats: make([]EntryID, size)}
	for _, s := range occupied {
		t.Seats[s-1] = EntryID(s)
	}
	return t
}

func checkSeating(t *testing.T, s *Seating, players int) {
	t.Helper()
	seen := map[EntryID]bool{}
	minC, maxC := 99, -1
	for _, tb := range s.Tables {
		c := tb.Count()
		minC, maxC = min(minC, c), max(maxC, c)
		for i, e := range tb.Seats {
			if e == 0 {
				continue
			}
			if seen[e] {
				t.Fatalf("entry %d seated twice", e)
			}
			seen[e] = true
			if p, ok := s.Where(e); !ok || p.Table != tb.ID || p.Seat != Seat(i+1) {
				t.Fatalf("entry %d index %v, seat %d at table %d", e, p, i+1, tb.ID)
			}
		}
	}
	if len(seen) != players || s.Players() != players {
		t.Fatalf("%d seated, want %d", len(seen), players)
	}
	if maxC-minC > 1 {
		t.Fatalf("tables differ by %d players", maxC-minC)
	}
}

// R-TRN-10
func TestTableSizesAndFinalTableSize(t *testing.T) {
	for n := 1; n <= 11; n++ {
		_, err := NewSeating(n)
		valid := n == 2 || n == 4 || n == 6 || n == 9 || n == 10
		if (err == nil) != valid {
			t.Errorf("table size %d: %v", n, err)
		}
	}
	// R-TRN-11: a full table plus one, at most 10; heads-up keeps two.
	for size, final := range map[int]int{2: 2, 4: 5, 6: 7, 9: 10, 10: 10} {
		if got := FinalTableSize(size); got != final {
			t.Errorf("final table for %d-max: %d, want %d", size, got, final)
		}
	}
}

// R-TRN-11
func TestDrawSeatsAtRandomOnEvenTables(t *testing.T) {
	s, err := Draw(ids(23), 9, testRand(1))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Tables) != 3 {
		t.Fatalf("%d tables for 23 players", len(s.Tables))
	}
	checkSeating(t, s, 23)
	other, _ := Draw(ids(23), 9, testRand(2))
	same := true
	for e := EntryID(1); e <= 23; e++ {
		a, _ := s.Where(e)
		b, _ := other.Where(e)
		if a != b {
			same = false
		}
	}
	if same {
		t.Errorf("two seeds gave the same draw")
	}
}

// R-TRN-11, TDA 11: a field that starts larger than one table plays at
// tables of the event's size (ten entrants of a 9-max event at two
// tables of five, never one table of ten); the final table of a full
// table plus one forms once busts bring the field down to it.
func TestDrawNeverStartsAtATableLargerThanTheEventsSize(t *testing.T) {
	for _, c := range []struct {
		entries, size int
		counts        []int
	}{
		{10, 9, []int{5, 5}},
		{7, 6, []int{4, 3}},
		{5, 4, []int{3, 2}},
		{9, 9, []int{9}},
		{11, 10, []int{6, 5}},
		{3, 2, []int{2, 1}},
	} {
		s, err := Draw(ids(c.entries), c.size, testRand(uint64(c.entries)))
		if err != nil {
			t.Fatal(err)
		}
		var counts []int
		for _, tb := range s.Tables {
			counts = append(counts, tb.Count())
			if tb.Size() != c.size {
				t.Errorf("%d entrants %d-max: a table of %d seats", c.entries, c.size, tb.Size())
			}
		}
		if fmt.Sprint(counts) != fmt.Sprint(c.counts) {
			t.Errorf("%d entrants %d-max: tables of %v players, want %v", c.entries, c.size, counts, c.counts)
		}
		checkSeating(t, s, c.entries)
	}
}

// R-TRN-11, TDA 11: ten entrants of a 9-max event keep their two tables
// while all ten play (balancing has nothing to do), and form the final
// table of ten seats at the first bust; a field that came down from
// eleven to ten forms it at ten.
func TestFinalTableOfAFullTablePlusOneFormsAfterABust(t *testing.T) {
	s, _ := Draw(ids(10), 9, testRand(3))
	if s.FinalTableDue() {
		t.Errorf("ten drawn 9-max: the final table is due before anyone busts")
	}
	moves, err := s.Rebalance(testRand(4))
	if err != nil || len(moves) != 0 || len(s.Tables) != 2 {
		t.Fatalf("ten drawn 9-max, rebalanced: %d moves, %d tables, %v", len(moves), len(s.Tables), err)
	}
	_ = s.Remove(1)
	if !s.FinalTableDue() {
		t.Errorf("nine left: the final table is not due")
	}
	if _, err := s.Rebalance(testRand(5)); err != nil || len(s.Tables) != 1 || s.Tables[0].Size() != 10 {
		t.Fatalf("nine left: %d tables, %v", len(s.Tables), err)
	}
	checkSeating(t, s, 9)

	s, _ = Draw(ids(11), 9, testRand(6))
	_ = s.Remove(11)
	if _, err := s.Rebalance(testRand(7)); err != nil || len(s.Tables) != 1 || s.Tables[0].Size() != 10 {
		t.Fatalf("ten left of eleven: %d tables, %v", len(s.Tables), err)
	}
	checkSeating(t, s, 10)
}

// R-SEAT-1
func TestFirstHandButtonStartsAtSeatOne(t *testing.T) {
	p, _ := fullTable(9, 1, 2, 3, 4, 5).NextPositions()
	if p.Button != 1 || p.SmallBlind != 2 || p.BigBlind != 3 {
		t.Errorf("first hand %+v", p)
	}
	p, _ = fullTable(9, 3, 5, 8).NextPositions()
	if p.Button != 3 || p.SmallBlind != 5 || p.BigBlind != 8 {
		t.Errorf("seat 1 empty: %+v, want the button on the first occupied seat after it", p)
	}
	if _, err := fullTable(9, 4).NextPositions(); !errors.Is(err, ErrTooFewToDeal) {
		t.Errorf("one player: %v", err)
	}
}

// R-SEAT-2
func TestDeadButtonAndDeadSmallBlind(t *testing.T) {
	tb := fullTable(6, 1, 2, 3, 4, 5, 6)
	step := func(want Positions) {
		t.Helper()
		got, err := tb.StartHand()
		if err != nil || got != want {
			t.Fatalf("got %+v %v, want %+v", got, err, want)
		}
	}
	step(Positions{Button: 1, SmallBlind: 2, BigBlind: 3})
	step(Positions{Button: 2, SmallBlind: 3, BigBlind: 4})
	tb.Seats[3] = 0 // the big blind (seat 4) busts
	step(Positions{Button: 3, SmallBlind: 4, BigBlind: 5, SmallBlindDead: true})
	step(Positions{Button: 4, SmallBlind: 5, BigBlind: 6}) // dead button on the empty seat 4
	tb.Seats[4] = 0                                        // the small blind (seat 5) busts
	step(Positions{Button: 5, SmallBlind: 6, BigBlind: 1})
	step(Positions{Button: 6, SmallBlind: 1, BigBlind: 2})
}

// R-SEAT-3
func TestHeadsUpButtonPostsSmallBlindAndNobodyPostsBigBlindTwice(t *testing.T) {
	tb := fullTable(9, 1, 2, 3)
	var lastBB EntryID
	hands := []Positions{}
	for k := 0; k < 2; k++ {
		p, _ := tb.StartHand()
		hands = append(hands, p)
	}
	lastBB = tb.Seats[hands[1].BigBlind-1]
	tb.Seats[hands[1].Button-1] = 0 // the button busts: play becomes heads-up
	for k := 0; k < 6; k++ {
		p, err := tb.StartHand()
		if err != nil {
			t.Fatal(err)
		}
		if !p.HeadsUp || p.Button != p.SmallBlind || p.Button == p.BigBlind {
			t.Fatalf("heads-up positions %+v", p)
		}
		bb := tb.Seats[p.BigBlind-1]
		if bb == lastBB {
			t.Fatalf("entry %d posts the big blind twice in a row", bb)
		}
		lastBB = bb
	}
	// The same when the big blind busts into heads-up.
	tb = fullTable(9, 2, 5, 7)
	p, _ := tb.StartHand()
	tb.Seats[p.BigBlind-1] = 0
	q, _ := tb.StartHand()
	if !q.HeadsUp || q.Button == q.BigBlind || q.BigBlind != 2 {
		t.Errorf("heads-up after the big blind busts: %+v", q)
	}
}

// R-TRN-11
func TestBalanceMovesNextBigBlindToWorstPosition(t *testing.T) {
	s, _ := NewSeating(9)
	t1 := s.newTable(9)
	t2 := s.newTable(9)
	for seat := Seat(1); seat <= 9; seat++ {
		s.put(EntryID(seat), t1, seat)
	}
	for seat := Seat(1); seat <= 6; seat++ {
		s.put(EntryID(100+seat), t2, seat)
	}
	t1.Pos = Positions{Button: 1, SmallBlind: 2, BigBlind: 3}
	t2.Pos = Positions{Button: 4, SmallBlind: 5, BigBlind: 6}
	moves := s.Balance()
	if len(moves) != 1 {
		t.Fatalf("moves %+v, want one", moves)
	}
	m := moves[0]
	if m.Entry != 4 || m.From != (Placement{1, 4}) || m.To != (Placement{2, 7}) {
		t.Errorf("move %+v, want entry 4 (next big blind at table 1) to table 2 seat 7", m)
	}
	if p, _ := t2.NextPositions(); p.BigBlind != 7 {
		t.Errorf("the moved player should post the big blind next: %+v", p)
	}
	checkSeating(t, s, 15)

	// Never the small blind: when the last big blind's seat is empty it is
	// the small blind's seat and is skipped.
	tb := fullTable(9, 1, 2, 3, 4, 5)
	tb.Pos = Positions{Button: 3, SmallBlind: 4, BigBlind: 6}
	if w := worstSeat(tb); w != 7 {
		t.Errorf("worst seat %d, want 7 (seat 6 will be the dead small blind)", w)
	}
}

// R-TRN-11
func TestBreakTablesWhenPlayersFitOneFewer(t *testing.T) {
	s, _ := Draw(ids(27), 9, testRand(5))
	// Nine players bust, three from each table.
	for _, tb := range s.Tables {
		n := 0
		for _, e := range tb.Seats {
			if e != 0 && n < 3 {
				_ = s.Remove(e)
				n++
			}
		}
	}
	moves, _ := s.Rebalance(testRand(6))
	if len(s.Tables) != 2 || s.Tables[0].ID != 1 || s.Tables[1].ID != 2 {
		t.Fatalf("tables after break: %d", len(s.Tables))
	}
	if len(moves) != 6 {
		t.Errorf("%d moves, want the 6 players of table 3", len(moves))
	}
	for _, m := range moves {
		if m.From.Table != 3 {
			t.Errorf("move from table %d: the highest-numbered table breaks", m.From.Table)
		}
	}
	checkSeating(t, s, 18)
}

// R-TRN-11
func TestFinalTableSeatsFullTablePlusOne(t *testing.T) {
	s, _ := Draw(ids(12), 6, testRand(8))
	for e := EntryID(1); e <= 5; e++ {
		_ = s.Remove(e)
	}
	_, _ = s.Rebalance(testRand(9))
	if len(s.Tables) != 1 || s.Tables[0].Size() != 7 || s.Tables[0].Count() != 7 {
		t.Fatalf("final table: %d tables, size %d", len(s.Tables), s.Tables[0].Size())
	}
	checkSeating(t, s, 7)
	// Heads-up events keep tables of two: winners meet at a broken table.
	h, _ := Draw(ids(8), 2, testRand(10))
	for _, tb := range h.Tables[:2] {
		for _, e := range tb.Seats {
			if e != 0 {
				_ = h.Remove(e)
				break
			}
		}
	}
	_, _ = h.Rebalance(testRand(11))
	if len(h.Tables) != 3 {
		t.Errorf("heads-up event: %d tables for 6 players, want 3", len(h.Tables))
	}
	for _, tb := range h.Tables {
		if tb.Size() != 2 {
			t.Errorf("heads-up table of %d seats", tb.Size())
		}
	}
	checkSeating(t, h, h.Players())
}

// R-TRN-5
func TestLateRegistrantGetsRandomSeatAtShortestTable(t *testing.T) {
	s, _ := Draw(ids(17), 9, testRand(12))
	p, err := s.SeatLate(100, testRand(13))
	if err != nil {
		t.Fatal(err)
	}
	tb, _ := s.Table(p.Table)
	if tb.Count() != 9 {
		t.Errorf("late registrant joined a table of %d, want the short one", tb.Count()-1)
	}
	checkSeating(t, s, 18)
	// Every seat taken: a new table opens and balancing fills it.
	p, _ = s.SeatLate(101, testRand(14))
	if p.Table != 3 {
		t.Errorf("new table %d", p.Table)
	}
	s.Balance()
	checkSeating(t, s, 19)
	if _, err := s.SeatLate(101, testRand(1)); !errors.Is(err, ErrAlreadySeated) {
		t.Errorf("seated twice: %v", err)
	}
	// A player landing between the button and the small blind waits.
	pos := Positions{Button: 3, SmallBlind: 6, BigBlind: 7}
	for seat, waits := range map[Seat]bool{4: true, 5: true, 6: false, 7: false, 8: false, 3: false} {
		if got := pos.WaitsForButton(seat, 9); got != waits {
			t.Errorf("seat %d waits = %v", seat, got)
		}
	}
}

// R-TRN-5: seating a late registrant needs a table size to open the first
// table with; a Seating without one is refused with ErrBadTableSize (it
// panicked: "invalid argument to IntN"), and one built as a literal with
// a size opens its first table.
func TestSeatLateWithoutATableSizeIsAnError(t *testing.T) {
	var zero Seating
	if _, err := zero.SeatLate(1, testRand(1)); !errors.Is(err, ErrBadTableSize) {
		t.Errorf("SeatLate on a Seating without a table size: %v, want %v", err, ErrBadTableSize)
	}
	lit := &Seating{TableSize: 6}
	p, err := lit.SeatLate(1, testRand(2))
	if err != nil || p.Table != 1 || p.Seat < 1 || p.Seat > 6 {
		t.Fatalf("first late registrant of a literal Seating: %+v, %v", p, err)
	}
	if got, ok := lit.Where(1); !ok || got != p {
		t.Errorf("Where(1) = %+v, %v; want %+v", got, ok, p)
	}
	checkSeating(t, lit, 1)
}

// A tournament started before the rule above replays its stored draw to
// the seats it drew then: a field that fits the final table at one table
// of ten, the final table whenever the players fit it.
func TestDrawUnderTheRuleOfBeforeSeatsTheFinalTableAtOnce(t *testing.T) {
	s, err := DrawFinalAtDraw(ids(10), 9, testRand(10))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Tables) != 1 || s.Tables[0].Size() != 10 || s.Tables[0].Count() != 10 {
		t.Fatalf("tables %d, first of %d seats", len(s.Tables), s.Tables[0].Size())
	}
	if !s.FinalTableDue() {
		t.Fatal("ten at the final table of ten: not the final table")
	}
	checkSeating(t, s, 10)
	tr := newTourney(t, func(c *Config) { c.TableSize = 9 })
	register(t, tr, 10)
	tr.UseFinalAtDraw()
	if err := tr.Start(t0, testRand(1)); err != nil {
		t.Fatal(err)
	}
	if n := len(tr.Seating().Tables); n != 1 || tr.State() != FinalTable {
		t.Fatalf("a replayed start of before: %d tables, state %v", n, tr.State())
	}
}
