package engine

// Snapshot: the read model of a hand for views, and redaction for one viewer.

import "math/bits"

// SeatStatus is where a player stands in the hand.
type SeatStatus uint8

// Seat statuses.
const (
	SeatActive SeatStatus = iota // in the hand with chips behind
	SeatActing                   // in the hand, and the player to act
	SeatFolded                   // folded (or mucked at the showdown)
	SeatAllIn                    // in the hand with no chips behind
	numSeatStatuses
)

var seatStatusNames = [numSeatStatuses]string{"active", "acting", "folded", "all_in"}

// String returns "active", "acting", "folded" or "all_in".
func (s SeatStatus) String() string { return enumString(s, seatStatusNames[:], "SeatStatus") }

// MarshalText implements encoding.TextMarshaler.
func (s SeatStatus) MarshalText() ([]byte, error) {
	return enumMarshal(s, seatStatusNames[:], "seat status")
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (s *SeatStatus) UnmarshalText(b []byte) error {
	return enumUnmarshal(s, seatStatusNames[:], "seat status", b)
}

// SeatView is one player of a snapshot.
type SeatView struct {
	Seat   int        `json:"seat"`
	Stack  int64      `json:"stack"`     // chips behind
	Bet    int64      `json:"bet"`       // put in during the current round
	Put    int64      `json:"committed"` // put in during the hand, antes included
	Status SeatStatus `json:"status"`
	// Hole are the player's cards; nil in a snapshot redacted for another
	// viewer, unless shown.
	Hole []Card `json:"hole,omitempty"`
	// Shown: the cards were turned up at the showdown (all may see them).
	Shown bool `json:"shown,omitempty"`
	// Mucked: the hand was mucked at the showdown without being shown.
	Mucked bool `json:"mucked,omitempty"`
	// Drew is the number of cards changed in the draw (-1 before the draw).
	Drew int `json:"drew"`
	// Declared: all in by the all-in protection, with Stack kept behind
	// (R-TIME-2); Status is SeatAllIn.
	Declared bool `json:"declared,omitempty"`
}

// PotView is one pot: its chips and who can win it; when the hand is over,
// its rake and awards.
type PotView struct {
	Amount   int64   `json:"amount"`
	Eligible []int   `json:"eligible"`
	Rake     int64   `json:"rake,omitempty"`
	Awards   []Award `json:"awards,omitempty"`
}

// ShownHand is a hand turned up at the showdown with its value on a board,
// so that a summary can say "Full house, kings full of fours"
// (High.Describe) without evaluating again.
type ShownHand struct {
	Seat   int       `json:"seat"`
	Board  int       `json:"board,omitempty"`
	Cards  []Card    `json:"cards"`
	High   HandValue `json:"high"`
	Low    LowValue  `json:"low,omitempty"`
	HasLow bool      `json:"has_low,omitempty"` // a qualifying eight-or-better low
}

// Snapshot is a hand as views show it: a plain value that shares no memory
// with the hand.
type Snapshot struct {
	Game    Game    `json:"game"`
	Betting Betting `json:"betting"`
	// The stakes.
	SmallBlindAmount int64 `json:"small_blind_amount"`
	BigBlindAmount   int64 `json:"big_blind_amount"`
	Ante             int64 `json:"ante,omitempty"`
	BigBlindAnte     int64 `json:"big_blind_ante,omitempty"`
	StraddleAmount   int64 `json:"straddle_amount,omitempty"`

	// Button and the seats of the blinds and straddle (-1 when none).
	Button     int `json:"button"`
	SmallBlind int `json:"small_blind"`
	BigBlind   int `json:"big_blind"`
	Straddle   int `json:"straddle"`

	Street Street     `json:"street"`
	Boards [][]Card   `json:"boards"` // one board, or two when run twice
	Seats  []SeatView `json:"seats"`
	// Pots are the pots as they stand: the chips put in so far, the current
	// round's bets included, split by all-in levels; when the hand is over,
	// the pots awarded.
	Pots []PotView `json:"pots"`
	// Total is every chip in the middle (pots and bets), rake deducted.
	Total int64 `json:"total"`

	// ToAct is the player to act (-1 when nobody), and Legal what they may do.
	ToAct int   `json:"to_act"`
	Legal Legal `json:"legal"`
	// Actions counts the events so far: a view made from this snapshot is
	// stale once the hand has more.
	Actions int `json:"actions"`

	Over      bool        `json:"over"`
	Shown     []ShownHand `json:"shown,omitempty"`
	Rake      int64       `json:"rake,omitempty"`
	CarryOver int64       `json:"carry_over,omitempty"`
	// Viewer is the seat the snapshot was redacted for: -1 for a spectator,
	// AllCards for an unredacted snapshot.
	Viewer int `json:"viewer"`
}

// AllCards is Snapshot.Viewer of a snapshot that shows every card.
const AllCards = -2

// Snapshot returns the hand as it stands, every card included: redact it
// with For before showing it to anybody.
func (h *Hand) Snapshot() Snapshot { return h.snapshot(AllCards) }

// SnapshotFor returns the hand as viewer (a seat, or -1 for a spectator)
// may see it, equal to Snapshot().For(viewer) but made in one pass: the
// table redraws its message, and a practice opponent reads its cards, at
// every action. SnapshotFor(AllCards) is Snapshot().
func (h *Hand) SnapshotFor(viewer int) Snapshot { return h.snapshot(viewer) }

// snapshot is the hand as viewer (a seat, -1 for a spectator, AllCards)
// may see it.
func (h *Hand) snapshot(viewer int) Snapshot {
	c := &h.cfg
	sees := func(i int) bool { return viewer == AllCards || i == viewer || h.shown[i] }
	s := Snapshot{
		Game: c.Game, Betting: c.Betting,
		SmallBlindAmount: c.SmallBlind, BigBlindAmount: c.BigBlind, Ante: c.Ante,
		BigBlindAnte: c.BigBlindAnte, StraddleAmount: c.Straddle,
		Button: h.button, SmallBlind: h.sb, BigBlind: h.bb, Straddle: h.straddle,
		Street: h.street, ToAct: h.toAct, Actions: len(h.events),
		Over: h.over, Rake: h.rake, CarryOver: h.carry, Total: h.Pot(), Viewer: viewer,
	}
	if h.over {
		s.ToAct = -1
	}
	if viewer == AllCards || viewer == s.ToAct {
		s.Legal = h.Legal()
	} else {
		// What the player to act may do is nobody else's business beyond
		// whose turn it is: Legal's Seat, the seat to act or -1.
		s.Legal = Legal{Seat: max(s.ToAct, -1)}
	}
	// Every board's cards and the hole cards viewer sees share one array.
	nCards := 0
	for b := 0; b < h.runs; b++ {
		nCards += h.boardN[b]
	}
	for i := 0; i < h.n; i++ {
		if sees(i) {
			nCards += h.nHole
		}
	}
	cards := make([]Card, nCards)
	s.Boards = make([][]Card, h.runs)
	for b := 0; b < h.runs; b++ {
		n := copy(cards, h.board[b][:h.boardN[b]])
		s.Boards[b], cards = cards[:n:n], cards[n:]
	}
	mucked := uint16(0)
	drew := [MaxSeats]int{}
	for i := range drew {
		drew[i] = -1
	}
	for _, e := range h.events {
		switch e.Kind {
		case EvMuck:
			mucked |= 1 << e.Seat
		case EvDiscard:
			drew[e.Seat] = len(e.Cards)
		}
	}
	s.Seats = make([]SeatView, h.n)
	for i := 0; i < h.n; i++ {
		var hole []Card
		if sees(i) {
			hole, cards = cards[:h.nHole:h.nHole], cards[h.nHole:]
			copy(hole, h.hole[i][:h.nHole])
		}
		v := SeatView{Seat: i, Stack: h.stack[i], Bet: h.bet[i], Put: h.total[i] + h.ante[i],
			Hole: hole, Shown: h.shown[i],
			Mucked: mucked&(1<<i) != 0, Drew: drew[i], Declared: h.declared[i]}
		switch {
		case h.status[i] == stFolded || v.Mucked:
			v.Status = SeatFolded
		case h.status[i] == stAllIn:
			v.Status = SeatAllIn
		case i == s.ToAct:
			v.Status = SeatActing
		}
		if h.over {
			v.Bet = 0
		}
		s.Seats[i] = v
	}
	if h.over {
		r := h.Result()
		for _, p := range r.Pots {
			s.Pots = append(s.Pots, PotView{Amount: p.Amount, Eligible: p.Eligible, Rake: p.Rake, Awards: p.Awards})
		}
		if h.street == Showdown && h.carry == 0 {
			s.Shown = h.shownHands()
		}
	} else {
		// The pots as they stand, on a copy: building them changes nothing
		// of the hand but its pot table.
		cp := *h
		cp.buildPotsAs(0, true)
		s.Pots = make([]PotView, 0, cp.nPots)
		n := 0
		for p := 0; p < cp.nPots; p++ {
			n += bits.OnesCount16(cp.pots[p].eligible)
		}
		eligible := make([]int, 0, n) // every pot's, in one array
		for p := 0; p < cp.nPots; p++ {
			from := len(eligible)
			for i := 0; i < h.n; i++ {
				if cp.pots[p].eligible&(1<<i) != 0 {
					eligible = append(eligible, i)
				}
			}
			s.Pots = append(s.Pots, PotView{Amount: cp.pots[p].amount, Eligible: eligible[from:len(eligible):len(eligible)]})
		}
	}
	return s
}

// shownHands returns the hands shown at the showdown with their values.
func (h *Hand) shownHands() []ShownHand {
	var v showdownValues
	h.evaluate(&v)
	var out []ShownHand
	for _, e := range h.events {
		if e.Kind != EvShow {
			continue
		}
		i := e.Seat
		for b := 0; b < h.runs; b++ {
			out = append(out, ShownHand{Seat: i, Board: b, Cards: append([]Card{}, h.hole[i][:h.nHole]...),
				High: v.hi[b][i], Low: v.lo[b][i], HasLow: v.lok[b][i]})
		}
	}
	return out
}

// For returns the snapshot as viewer may see it: their own hole cards, and
// the others' only when shown at the showdown; viewer -1 is a spectator, who
// sees no hole card before it is shown.
func (s Snapshot) For(viewer int) Snapshot {
	out := s
	out.Viewer = viewer
	out.Seats = make([]SeatView, len(s.Seats))
	n := 0
	for _, v := range s.Seats {
		if v.Seat == viewer || v.Shown {
			n += len(v.Hole)
		}
	}
	holes := make([]Card, 0, n) // the hole cards viewer sees, in one array
	for i, v := range s.Seats {
		if v.Seat != viewer && !v.Shown {
			v.Hole = nil
		} else {
			k := len(holes)
			holes = append(holes, v.Hole...)
			v.Hole = holes[k:len(holes):len(holes)]
		}
		out.Seats[i] = v
	}
	if viewer != s.ToAct {
		// What the player to act may do is nobody else's business beyond
		// whose turn it is; Legal.Seat stays.
		out.Legal = Legal{Seat: s.Legal.Seat}
	}
	return out
}

// Redact returns a copy of events as viewer (a seat, or -1 for a spectator)
// may see them: the hole cards dealt to others, the cards they throw and
// draw in five-card draw are removed (the number of cards stays in Amount);
// shows, boards and everything else are kept.
func Redact(events []Event, viewer int) []Event {
	out := make([]Event, len(events))
	for k, e := range events {
		switch e.Kind {
		case EvDealHole, EvDiscard, EvDrawCards:
			if e.Seat != viewer {
				e.Amount = int64(len(e.Cards))
				e.Cards = nil
			}
		}
		if e.Cards != nil {
			e.Cards = append([]Card{}, e.Cards...)
		}
		out[k] = e
	}
	return out
}
