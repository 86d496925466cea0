package tourney

import (
	"errors"
	"fmt"
	"sort"
)

// TableID numbers a tournament's tables from 1.
type TableID int

// Errors about seating.
var (
	ErrBadTableSize  = errors.New("table size must be 2, 4, 6, 9 or 10")
	ErrAlreadySeated = errors.New("entry already seated")
	ErrNotSeated     = errors.New("entry not seated")
	ErrNoEntryZero   = errors.New("entry 0 is not an entry")
	ErrTableNotFound = errors.New("no such table")
	ErrTooFewToDeal  = errors.New("fewer than two players at the table")
)

// ValidTableSize reports whether n is a table size the room offers
// (R-TRN-10): heads-up, 4, 6 (short-handed), 9 or 10.
func ValidTableSize(n int) bool {
	switch n {
	case 2, 4, 6, 9, 10:
		return true
	}
	return false
}

// FinalTableSize is the size of the final table (R-TRN-11, TDA 11): a full
// table plus one, at most 10; heads-up events keep tables of two.
func FinalTableSize(tableSize int) int {
	if tableSize <= 2 {
		return 2
	}
	return min(tableSize+1, 10)
}

// Positions are the button and blinds of one hand at a table. With a dead
// button (R-SEAT-2) the button may sit on an empty seat and the small
// blind may be dead (not posted).
type Positions struct {
	Button, SmallBlind, BigBlind Seat
	SmallBlindDead               bool // the small-blind seat is empty: no small blind
	HeadsUp                      bool // two players: the button posts the small blind
}

// Table is one table of a tournament.
type Table struct {
	ID    TableID
	Seats []EntryID // Seats[s-1] is the entry in seat s; 0 is empty
	// Pos is the last hand's positions (zero before the first hand).
	Pos Positions
}

// Size is the number of seats.
func (t *Table) Size() int { return len(t.Seats) }

// Count is the number of players seated.
func (t *Table) Count() int {
	n := 0
	for _, e := range t.Seats {
		if e != 0 {
			n++
		}
	}
	return n
}

func (t *Table) occupied(s Seat) bool { return s >= 1 && int(s) <= len(t.Seats) && t.Seats[s-1] != 0 }

// nextOccupied is the first occupied seat clockwise strictly after s.
func (t *Table) nextOccupied(s Seat) Seat {
	n := len(t.Seats)
	for k := 1; k <= n; k++ {
		c := Seat((int(s)-1+k)%n + 1)
		if t.occupied(c) {
			return c
		}
	}
	return 0
}

// NextPositions returns the button and blinds of the next hand without
// changing the table (R-SEAT-1..3). The first hand puts the button on
// seat 1, or the first occupied seat after it. Later hands use the dead
// button (TDA 31): the big blind moves to the next player clockwise, the
// small blind is the seat that was big blind (dead if it is now empty)
// and the button the seat that was small blind (dead if empty). Heads-up,
// the button posts the small blind and the big blind still moves to the
// next player, so nobody posts the big blind twice in a row (TDA 33).
func (t *Table) NextPositions() (Positions, error) {
	if t.Count() < 2 {
		return Positions{}, ErrTooFewToDeal
	}
	prev := t.Pos
	first := prev.BigBlind == 0
	if t.Count() == 2 {
		var bb Seat
		if first {
			btn := t.nextOccupied(Seat(len(t.Seats)))
			bb = t.nextOccupied(btn)
		} else {
			bb = t.nextOccupied(prev.BigBlind)
		}
		btn := t.nextOccupied(bb)
		return Positions{Button: btn, SmallBlind: btn, BigBlind: bb, HeadsUp: true}, nil
	}
	if first {
		btn := t.nextOccupied(Seat(len(t.Seats))) // seat 1 or the first occupied after it
		sb := t.nextOccupied(btn)
		return Positions{Button: btn, SmallBlind: sb, BigBlind: t.nextOccupied(sb)}, nil
	}
	p := Positions{
		Button:     prev.SmallBlind,
		SmallBlind: prev.BigBlind,
		BigBlind:   t.nextOccupied(prev.BigBlind),
	}
	p.SmallBlindDead = !t.occupied(p.SmallBlind)
	return p, nil
}

// StartHand fixes the next hand's positions on the table and returns them.
func (t *Table) StartHand() (Positions, error) {
	p, err := t.NextPositions()
	if err == nil {
		t.Pos = p
	}
	return p, err
}

// WaitsForButton reports whether the player in seat s sits between the
// button and the small blind and so is not dealt in this hand (TDA 7, 9;
// R-TRN-5).
func (p Positions) WaitsForButton(s Seat, tableSize int) bool {
	n := Seat(tableSize)
	if p.HeadsUp || p.Button < 1 || p.Button > n || p.SmallBlind < 1 || p.SmallBlind > n {
		return false
	}
	for c := p.Button%Seat(tableSize) + 1; c != p.SmallBlind; c = c%Seat(tableSize) + 1 {
		if c == s {
			return true
		}
		if c == p.Button {
			break
		}
	}
	return false
}

// Placement is where an entry sits.
type Placement struct {
	Table TableID
	Seat  Seat
}

// Move is one player moved between tables.
type Move struct {
	Entry    EntryID
	From, To Placement
}

// Seating is the tables of a tournament.
type Seating struct {
	TableSize int
	FinalSize int
	Tables    []*Table // in ID order
	where     map[EntryID]Placement
	nextID    TableID
	// most is the most players seated at once since the first draw: the
	// final table of a full table plus one is formed when busts bring
	// the field down to it (FinalTableDue).
	most int
	// FinalAtDraw is the rule of tournaments started before 2026-11-26,
	// kept so that their stored log replays to the same seats: a field
	// that fits the final table (ten entrants of a 9-max event) is drawn
	// at one final table, and the final table forms whenever the players
	// fit it.
	FinalAtDraw bool
	// LowestSeatAtNewTable is the balancing rule of rebalances logged
	// before 2026-11-28, kept so that they replay to the same seats: a
	// player moved to a table that has not dealt yet takes its lowest
	// open seat (which may be its first button or small blind).
	LowestSeatAtNewTable bool
}

// NewSeating returns empty seating for tables of tableSize.
func NewSeating(tableSize int) (*Seating, error) {
	if !ValidTableSize(tableSize) {
		return nil, fmt.Errorf("%w: %d", ErrBadTableSize, tableSize)
	}
	return &Seating{TableSize: tableSize, FinalSize: FinalTableSize(tableSize), where: make(map[EntryID]Placement), nextID: 1}, nil
}

// Draw seats entries at random (TDA 6): as few tables of tableSize as
// hold them, table sizes within one of each other, random seats at each
// table. A field that fits one table plays at one table; a field of a
// full table plus one (ten entrants of a 9-max event) starts at two
// tables (five and five) and forms the final table of a full table plus
// one at its first bust (R-TRN-11, TDA 11; see FinalTableDue).
func Draw(entries []EntryID, tableSize int, rng Rand) (*Seating, error) {
	return drawSeating(entries, tableSize, rng, false)
}

// DrawFinalAtDraw is Draw under the rule of tournaments started before
// 2026-11-26 (Seating.FinalAtDraw), for their replay.
func DrawFinalAtDraw(entries []EntryID, tableSize int, rng Rand) (*Seating, error) {
	return drawSeating(entries, tableSize, rng, true)
}

func drawSeating(entries []EntryID, tableSize int, rng Rand, finalAtDraw bool) (*Seating, error) {
	if rng == nil {
		return nil, ErrNilRand
	}
	s, err := NewSeating(tableSize)
	if err != nil {
		return nil, err
	}
	s.FinalAtDraw = finalAtDraw
	return s, s.draw(entries, rng, finalAtDraw)
}

// draw seats entries at random on new tables; final lets a field that
// fits the final table play at one final table (a redraw after busts).
func (s *Seating) draw(entries []EntryID, rng Rand, final bool) error {
	seen := make(map[EntryID]bool, len(entries))
	for _, e := range entries {
		if e == 0 {
			return ErrNoEntryZero
		}
		if seen[e] {
			return fmt.Errorf("%w: %d", ErrDuplicate, e)
		}
		seen[e] = true
	}
	order := append([]EntryID(nil), entries...)
	shuffle(rng, len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	n := len(order)
	var sizes []int
	switch {
	case n == 0:
	case n <= s.TableSize:
		sizes = []int{s.TableSize}
	case final && n <= s.FinalSize:
		sizes = []int{s.FinalSize}
	default:
		k := (n + s.TableSize - 1) / s.TableSize
		for range k {
			sizes = append(sizes, s.TableSize)
		}
	}
	groups := make([][]EntryID, len(sizes))
	for i, e := range order {
		groups[i%len(sizes)] = append(groups[i%len(sizes)], e)
	}
	for i, g := range groups {
		t := s.newTable(sizes[i])
		seats := make([]Seat, sizes[i])
		for k := range seats {
			seats[k] = Seat(k + 1)
		}
		shuffle(rng, len(seats), func(a, b int) { seats[a], seats[b] = seats[b], seats[a] })
		for k, e := range g {
			s.put(e, t, seats[k])
		}
	}
	return nil
}

func (s *Seating) newTable(size int) *Table {
	t := &Table{ID: s.nextID, Seats: make([]EntryID, size)}
	s.nextID++
	s.Tables = append(s.Tables, t)
	return t
}

func (s *Seating) put(e EntryID, t *Table, seat Seat) {
	t.Seats[seat-1] = e
	s.where[e] = Placement{Table: t.ID, Seat: seat}
	s.most = max(s.most, len(s.where))
}

// Table returns a table by ID.
func (s *Seating) Table(id TableID) (*Table, bool) {
	for _, t := range s.Tables {
		if t.ID == id {
			return t, true
		}
	}
	return nil, false
}

// Where returns an entry's table and seat.
func (s *Seating) Where(e EntryID) (Placement, bool) {
	p, ok := s.where[e]
	return p, ok
}

// Players is the number of seated entries.
func (s *Seating) Players() int { return len(s.where) }

// FinalTableDue reports whether the players left play at one final table
// (R-TRN-11, TDA 11): they fit one table of the event's size, or they
// fit the final table of a full table plus one after busts brought the
// field down to it. A field that never had more players than the final
// table seats (ten entrants of a 9-max event) plays at two tables until
// its first bust.
func (s *Seating) FinalTableDue() bool {
	s.index()
	n := s.Players()
	if s.FinalAtDraw {
		return n <= s.FinalSize
	}
	return n <= s.TableSize || n <= s.FinalSize && s.most > s.FinalSize
}

// Remove takes a busted or disqualified entry off its seat.
func (s *Seating) Remove(e EntryID) error {
	p, ok := s.where[e]
	if !ok {
		return ErrNotSeated
	}
	t, _ := s.Table(p.Table)
	t.Seats[p.Seat-1] = 0
	delete(s.where, e)
	return nil
}

// SeatLate seats a late registrant or re-entry (R-TRN-3, R-TRN-5) in a
// random open seat of one of the shortest tables, opening a new table
// when every seat is taken (balancing then fills it).
func (s *Seating) SeatLate(e EntryID, rng Rand) (Placement, error) {
	if rng == nil {
		return Placement{}, ErrNilRand
	}
	if e == 0 {
		return Placement{}, ErrNoEntryZero
	}
	if !ValidTableSize(s.TableSize) {
		// A Seating not made by NewSeating or Draw, with no table size
		// to open its first table with.
		return Placement{}, fmt.Errorf("%w: %d", ErrBadTableSize, s.TableSize)
	}
	s.index()
	if _, ok := s.where[e]; ok {
		return Placement{}, ErrAlreadySeated
	}
	open := s.openSeatsAtShortest(nil)
	if len(open) == 0 {
		t := s.newTable(s.TableSize)
		open = []Placement{{Table: t.ID, Seat: Seat(rng.IntN(s.TableSize) + 1)}}
	}
	p := open[rng.IntN(len(open))]
	t, _ := s.Table(p.Table)
	s.put(e, t, p.Seat)
	return p, nil
}

// index fills in what a Seating built as a literal lacks: the entries'
// places, read from its tables, and the next table's ID.
func (s *Seating) index() {
	if s.where == nil {
		s.where = make(map[EntryID]Placement)
		for _, t := range s.Tables {
			for i, e := range t.Seats {
				if e != 0 {
					s.where[e] = Placement{Table: t.ID, Seat: Seat(i + 1)}
				}
			}
		}
	}
	for _, t := range s.Tables {
		s.nextID = max(s.nextID, t.ID+1)
	}
	s.nextID = max(s.nextID, 1)
	s.most = max(s.most, len(s.where))
}

// openSeatsAtShortest lists the open seats of the tables with the fewest
// players among those not excluded.
func (s *Seating) openSeatsAtShortest(exclude *Table) []Placement {
	fewest := -1
	for _, t := range s.Tables {
		if t == exclude || t.Count() == t.Size() {
			continue
		}
		if fewest < 0 || t.Count() < fewest {
			fewest = t.Count()
		}
	}
	var out []Placement
	for _, t := range s.Tables {
		if t == exclude || t.Count() != fewest {
			continue
		}
		for i, e := range t.Seats {
			if e == 0 {
				out = append(out, Placement{Table: t.ID, Seat: Seat(i + 1)})
			}
		}
	}
	return out
}

// Rebalance runs between hands: it forms the final table when the players
// fit it, breaks tables while the players fit into one table fewer, then
// balances. It returns every move made; a nil rng is ErrNilRand.
func (s *Seating) Rebalance(rng Rand) ([]Move, error) {
	if rng == nil {
		return nil, ErrNilRand
	}
	if len(s.Tables) > 1 && s.FinalTableDue() {
		return s.FormFinalTable(rng)
	}
	moves, err := s.BreakTables(rng)
	if err != nil {
		return nil, err
	}
	return append(moves, s.Balance()...), nil
}

// FormFinalTable redraws every remaining player at random into one final
// table of FinalSize seats (TDA 11).
func (s *Seating) FormFinalTable(rng Rand) ([]Move, error) {
	if rng == nil {
		return nil, ErrNilRand
	}
	var entries []EntryID
	from := make(map[EntryID]Placement)
	for _, t := range s.Tables {
		for _, e := range t.Seats {
			if e != 0 {
				entries = append(entries, e)
				from[e] = s.where[e]
			}
		}
	}
	s.Tables, s.where = nil, make(map[EntryID]Placement)
	t := s.newTable(s.FinalSize)
	seats := make([]Seat, s.FinalSize)
	for k := range seats {
		seats[k] = Seat(k + 1)
	}
	shuffle(rng, len(entries), func(a, b int) { entries[a], entries[b] = entries[b], entries[a] })
	shuffle(rng, len(seats), func(a, b int) { seats[a], seats[b] = seats[b], seats[a] })
	var moves []Move
	for k, e := range entries {
		s.put(e, t, seats[k])
		moves = append(moves, Move{Entry: e, From: from[e], To: s.where[e]})
	}
	return moves, nil
}

// BreakTables breaks tables while the players fit into one table fewer
// (R-TRN-11, TDA 9). The table broken is always the highest-numbered one
// (the fixed procedure); its players, in random order, take random open
// seats at the shortest remaining tables, where they may land in the
// blinds or on the button.
func (s *Seating) BreakTables(rng Rand) ([]Move, error) {
	if rng == nil {
		return nil, ErrNilRand
	}
	var moves []Move
	for len(s.Tables) > 1 && s.Players() <= (len(s.Tables)-1)*s.TableSize {
		broken := s.Tables[len(s.Tables)-1]
		var players []EntryID
		for _, e := range broken.Seats {
			if e != 0 {
				players = append(players, e)
			}
		}
		shuffle(rng, len(players), func(a, b int) { players[a], players[b] = players[b], players[a] })
		s.Tables = s.Tables[:len(s.Tables)-1]
		for _, e := range players {
			from := s.where[e]
			open := s.openSeatsAtShortest(nil)
			p := open[rng.IntN(len(open))]
			t, _ := s.Table(p.Table)
			s.put(e, t, p.Seat)
			moves = append(moves, Move{Entry: e, From: from, To: p})
		}
	}
	return moves, nil
}

// Balance moves players between hands until no table has more than one
// player more than another (R-TRN-11, TDA 10). The player moved is the
// one who would be big blind next at the fullest table (the lowest
// numbered among equals); they go to the worst position at the shortest
// table: the first open seat after its last big blind, so that they post
// the big blind next, never the small-blind seat.
//
// A table that has not dealt yet (one SeatLate opened) has no last big
// blind; seed 001's TDA 10-A still moves the player "a la peor posición
// de la nueva mesa" and "la peor posición nunca es la ciega pequeña".
// Balancing then fixes where its first hand's button and blinds go from
// (Table.Pos, as if a hand had been played; AnchorFirstHand): the
// players already there keep the button and small blind the first-hand
// rule gives them (the button on the first player from seat 1, the small
// blind the next; dead when they are alone), and the players moved in
// take the big blind and the seats after it, never the button nor the
// small blind.
func (s *Seating) Balance() []Move {
	var moves []Move
	for len(s.Tables) > 1 {
		tables := append([]*Table(nil), s.Tables...)
		sort.SliceStable(tables, func(a, b int) bool { return tables[a].Count() > tables[b].Count() })
		src := tables[0]
		dst := tables[len(tables)-1]
		for _, t := range tables {
			if t.Count() == dst.Count() {
				dst = t
				break
			}
		}
		if src.Count()-dst.Count() <= 1 {
			break
		}
		seat := s.nextBigBlindSeat(src)
		if !s.LowestSeatAtNewTable {
			dst.AnchorFirstHand()
		}
		to := worstSeat(dst)
		if seat == 0 || to == 0 {
			break
		}
		e := src.Seats[seat-1]
		from := s.where[e]
		src.Seats[seat-1] = 0
		s.put(e, dst, to)
		moves = append(moves, Move{Entry: e, From: from, To: Placement{Table: dst.ID, Seat: to}})
	}
	return moves
}

// nextBigBlindSeat is the seat that would post the big blind next.
func (s *Seating) nextBigBlindSeat(t *Table) Seat {
	if p, err := t.NextPositions(); err == nil {
		return p.BigBlind
	}
	return t.nextOccupied(Seat(len(t.Seats)))
}

// worstSeat is the first open seat clockwise after the table's last big
// blind, skipping the seat that will be the small blind; before the
// first hand, the lowest open seat.
func worstSeat(t *Table) Seat {
	n := len(t.Seats)
	if t.Pos.BigBlind == 0 {
		for i, e := range t.Seats {
			if e == 0 {
				return Seat(i + 1)
			}
		}
		return 0
	}
	for k := 1; k <= n; k++ {
		c := Seat((int(t.Pos.BigBlind)-1+k)%n + 1)
		if c != t.Pos.BigBlind && !t.occupied(c) {
			return c
		}
	}
	return 0
}

// AnchorFirstHand fixes, on a table that has not dealt yet and has a
// player, the positions its first hand follows on from (Pos, as the last
// hand's): the next hand's button is the first player from seat 1 and
// its small blind the next player, or with one player the seat after
// theirs, empty (a dead small blind). Players seated later in the open
// seats after that small blind come before the rest to the big blind
// (worstSeat). It reports whether it set them.
func (t *Table) AnchorFirstHand() bool {
	if t.Pos.BigBlind != 0 || t.Count() == 0 {
		return false
	}
	n := Seat(len(t.Seats))
	btn := t.nextOccupied(n)
	sb := t.nextOccupied(btn)
	if sb == btn {
		sb = btn%n + 1
	}
	// The last hand's small blind is the next button, its big blind the
	// next small blind (NextPositions); its button is not used.
	t.Pos = Positions{SmallBlind: btn, BigBlind: sb}
	return true
}

// Redraw reseats every remaining player at random, as at the start of a
// new day of a multi-day event (R-TRN-16, seed 001 #17); a field that
// fits the final table is drawn at the final table.
func (s *Seating) Redraw(rng Rand) error {
	if rng == nil {
		return ErrNilRand
	}
	var entries []EntryID
	for _, t := range s.Tables {
		for _, e := range t.Seats {
			if e != 0 {
				entries = append(entries, e)
			}
		}
	}
	s.Tables, s.where = nil, make(map[EntryID]Placement)
	return s.draw(entries, rng, true)
}

// HandPlan is who plays a tournament table's next hand and how the
// engine deals it (R-SEAT-1..3, TDA 7, 9, 31-33).
type HandPlan struct {
	Positions
	// Order is the seats dealt in, clockwise, starting with the player
	// who acts last after the flop: the button's player, or with a dead
	// button the player before it. Dealt with the engine's button at
	// Order[0], the small blind is Order[1] and the big blind Order[2]
	// (Order[1] when the small blind is dead; heads-up Order[0] is the
	// button and small blind, Order[1] the big blind).
	Order []Seat
	// Waiting are players seated between the button and the small blind
	// (a late registrant or a player moved in): dealt out until the
	// button has passed them (TDA 7, 9).
	Waiting []Seat
}

// PlanHand returns the next hand of the table without changing it: the
// positions of NextPositions (seat 1 after a draw, then a dead button,
// TDA 31-32) and who is dealt in. Every player seated is dealt in but
// those between the button and the small blind. A table's last hand
// whose positions no longer fit its seats (a seat beyond the table) is
// treated as no hand at all.
func (t *Table) PlanHand() (HandPlan, error) {
	for _, s := range []Seat{t.Pos.Button, t.Pos.SmallBlind, t.Pos.BigBlind} {
		if s < 0 || int(s) > len(t.Seats) {
			t.Pos = Positions{}
		}
	}
	p, err := t.NextPositions()
	if err != nil {
		return HandPlan{}, err
	}
	plan := HandPlan{Positions: p}
	var dealt []Seat
	for i, e := range t.Seats {
		s := Seat(i + 1)
		switch {
		case e == 0:
		case p.WaitsForButton(s, len(t.Seats)):
			plan.Waiting = append(plan.Waiting, s)
		default:
			dealt = append(dealt, s)
		}
	}
	if !p.HeadsUp && len(dealt) < 3 {
		// Two dealt in but three seated: nobody waits for a game of two.
		dealt = sortedSeats(append(dealt, plan.Waiting...))
		plan.Waiting = nil
	}
	// The engine's button is the player dealt in just before the first
	// blind posted: the small blind, or the big blind when it is dead.
	first := p.SmallBlind
	if p.SmallBlindDead {
		first = p.BigBlind
	}
	if p.HeadsUp {
		first = p.BigBlind
	}
	at := 0
	for k, s := range dealt {
		if s == first {
			at = k
		}
	}
	for k := range dealt {
		plan.Order = append(plan.Order, dealt[(at-1+k+len(dealt))%len(dealt)])
	}
	return plan, nil
}

func sortedSeats(s []Seat) []Seat {
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s
}
