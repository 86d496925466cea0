package engine

import (
	"errors"
	"slices"
)

// The button and the blinds of a cash table, hand after hand (R-SEAT-1..4,
// R-CASH-4): the one rule the room asks before it deals a cash hand.
//
//   - The first hand: the button by high card among the players (R-SEAT-1).
//   - Then the big blind moves to the next player dealt in after the last
//     hand's big blind, whatever seats emptied or sat out in between (003
//     #8: when the seat due the big blind is free, the big blind runs on to
//     the next seat, R-SEAT-2). The small blind is the player dealt in just
//     before the big blind and the button the one before the small blind,
//     so the button may stay where it was or jump a seat, but nobody pays
//     the big blind twice in a round and nobody is skipped.
//   - Heads-up the other player has the button and posts the small blind
//     (R-SEAT-3); since the big blind still moves on, nobody posts it twice
//     in a row when play becomes heads-up.
//   - A newcomer joining a running game waits until the big blind reaches
//     their seat, or posts a big blind to play at once wherever they land,
//     the button and the small blind included (R-SEAT-4, 003 #17).
//   - A player sitting out is passed over and owes no blinds on return
//     (R-CASH-4, 003 #18): they are dealt in again at once.

// SeatState is how a cash table's seat stands before a hand.
type SeatState uint8

const (
	// SeatOut is a seat nobody plays from this hand: empty, or its player
	// sits out, is leaving or is short of a big blind.
	SeatOut SeatState = iota
	// SeatPlaying is a player dealt in.
	SeatPlaying
	// SeatWaiting is a newcomer who comes in when the big blind reaches
	// their seat (R-SEAT-4).
	SeatWaiting
	// SeatPosting is a newcomer who posts a big blind to play at once
	// (R-SEAT-4).
	SeatPosting
)

// CashHand is who plays the next hand of a cash table, and where the
// button and the blinds are. Seats are the table's seats, 0..n-1.
type CashHand struct {
	// Order is the seats dealt in, clockwise from the button (Order[0]):
	// Setup.Seats in this order with Setup.Button 0 deals the hand.
	Order []int
	// Button, SmallBlind and BigBlind are seats; heads-up the button is
	// the small blind.
	Button, SmallBlind, BigBlind int
	// Posting is the newcomers dealt in who post a big blind to enter
	// (Seat.Post): never the big blind's seat, which posts it anyway.
	Posting []int
	// Waiting is the newcomers who still wait for the big blind.
	Waiting []int
}

// ErrTooFewPlayers is returned by NextCashHand when fewer than two players
// can be dealt in.
var ErrTooFewPlayers = errors.New("engine: fewer than two players to deal in")

// NextCashHand returns the next hand of a cash table whose seats stand as
// seats, after a hand whose button and big blind were lastButton and
// lastBigBlind (-1 and -1 before the first hand). draw decides the first
// button: the players dealt in, in seat order, take its last cards, the
// highest card wins (R-SEAT-1). A lastBigBlind of -1 after a hand
// (lastButton >= 0: a table stored before the big blind was kept) is taken
// as two seats after lastButton, as if nobody had left.
//
// With fewer than two players other than the newcomers, the newcomers are
// dealt in: there is no game to wait for, and nobody posts to enter.
func NextCashHand(seats []SeatState, lastButton, lastBigBlind int, draw []Card) (CashHand, error) {
	n := len(seats)
	var dealt, waiting, posting []int
	for i, s := range seats {
		switch s {
		case SeatPlaying:
			dealt = append(dealt, i)
		case SeatPosting:
			posting = append(posting, i)
		case SeatWaiting:
			waiting = append(waiting, i)
		}
	}
	if len(dealt) < 2 {
		dealt = sortedUnion(sortedUnion(dealt, waiting), posting)
		waiting, posting = nil, nil
	} else {
		dealt = sortedUnion(dealt, posting)
	}
	if len(dealt) < 2 {
		return CashHand{}, ErrTooFewPlayers
	}
	in := func(list []int, i int) bool { return slices.Contains(list, i) }
	var h CashHand
	switch {
	case lastBigBlind < 0 && lastButton < 0:
		if len(draw) < len(dealt) {
			return CashHand{}, errors.New("engine: too few cards to draw for the button")
		}
		cards := make([]Card, len(dealt))
		for k := range dealt {
			cards[k] = draw[len(draw)-1-k]
		}
		b := ButtonByHighCard(cards)
		if b < 0 {
			return CashHand{}, errors.New("engine: the cards drawn for the button are not valid")
		}
		h.Order = rotate(n, dealt, dealt[b])
		h.Button = dealt[b]
		_, bb := BlindSeats(len(h.Order), 0, false)
		h.BigBlind = h.Order[bb]
		posting = nil // no game was running: nobody pays to enter
	default:
		from := lastBigBlind
		if from < 0 {
			from = (lastButton + 2) % n
		}
		h.BigBlind = -1
		for k := 1; k <= n; k++ {
			i := (from + k) % n
			if in(dealt, i) {
				h.BigBlind = i
				break
			}
			if in(waiting, i) { // the big blind reaches a newcomer
				h.BigBlind = i
				dealt = sortedUnion(dealt, []int{i})
				break
			}
		}
		// The players dealt in counter-clockwise from the big blind: the
		// small blind, then the button (heads-up the other player is both).
		ccw := rotate(n, dealt, h.BigBlind)
		button := ccw[len(ccw)-1]
		if len(ccw) > 2 {
			button = ccw[len(ccw)-2]
		}
		h.Button = button
		h.Order = rotate(n, dealt, button)
	}
	h.SmallBlind = h.Order[0]
	if len(h.Order) > 2 {
		h.SmallBlind = h.Order[1]
	}
	for _, i := range posting {
		if i != h.BigBlind {
			h.Posting = append(h.Posting, i)
		}
	}
	for _, i := range waiting {
		if !in(dealt, i) {
			h.Waiting = append(h.Waiting, i)
		}
	}
	return h, nil
}

// rotate returns the seats of list (sorted) clockwise from seat first, one
// of them.
func rotate(n int, list []int, first int) []int {
	out := make([]int, 0, len(list))
	for k := range n {
		i := (first + k) % n
		for _, d := range list {
			if d == i {
				out = append(out, i)
			}
		}
	}
	return out
}

// sortedUnion returns the seats of a and b in seat order, once each.
func sortedUnion(a, b []int) []int {
	out := append(append([]int(nil), a...), b...)
	slices.Sort(out)
	return slices.Compact(out)
}
