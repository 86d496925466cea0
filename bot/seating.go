package bot

import (
	"sort"

	"github.com/pokerroom/pokerroom/engine"
)

// Seating of tournament tables: which table seats (0..n-1, some empty)
// are dealt into the next hand, and where the button is (engine seat k is
// table seat order[k], order[0] the button). Cash tables ask
// engine.NextCashHand instead (R-SEAT-1..4: the big blind moves to the
// next player dealt in).

// planHand returns the table seats dealt in, clockwise from the button.
// dealt are the seats that play (sorted); waitingBB the newcomers who come
// in only when the big blind reaches them. The button moves to the next
// seat dealt in after lastButton; before the first hand (lastButton < 0)
// the highest card of the deck's last ones decides, suits breaking ties
// (R-SEAT-1).
func planHand(n, lastButton int, dealt, waitingBB []int, deck []engine.Card) []int {
	button := nextButton(n, lastButton, dealt, deck)
	for _, i := range waitingBB {
		with := append(append([]int(nil), dealt...), i)
		sort.Ints(with)
		if bigBlindSeat(n, with, button) == i {
			dealt = with
		}
	}
	return clockwise(n, dealt, button)
}

// nextButton is the seat of the next button.
func nextButton(n, last int, dealt []int, deck []engine.Card) int {
	if last < 0 {
		// The cards drawn for the button are the deck's last ones, which
		// a hand of ten players or fewer never reaches.
		cards := make([]engine.Card, len(dealt))
		for k := range dealt {
			cards[k] = deck[len(deck)-1-k]
		}
		return dealt[engine.ButtonByHighCard(cards)]
	}
	for k := 1; k <= n; k++ {
		i := (last + k) % n
		for _, d := range dealt {
			if d == i {
				return i
			}
		}
	}
	return dealt[0]
}

// clockwise returns dealt starting at the button.
func clockwise(n int, dealt []int, button int) []int {
	out := make([]int, 0, len(dealt))
	for k := 0; k < n; k++ {
		i := (button + k) % n
		for _, d := range dealt {
			if d == i {
				out = append(out, i)
			}
		}
	}
	return out
}

// bigBlindSeat returns the table seat posting the big blind when dealt
// play with button.
func bigBlindSeat(n int, dealt []int, button int) int {
	order := clockwise(n, dealt, button)
	if len(order) < 2 || order[0] != button {
		return -1
	}
	_, bb := engine.BlindSeats(len(order), 0, false)
	return order[bb]
}

// admitNewcomers splits the seats added to a tournament table since its
// last hand (a late registrant, a player moved in) into those dealt in
// and those who wait: a newcomer is dealt in anywhere but the button or
// the small blind, where they would play a round without paying the
// blinds; they wait a hand, until the button has passed (R-TRN-5, TDA 7).
// dealt are the seats playing on; with fewer than two players otherwise,
// everyone plays.
func admitNewcomers(n, lastButton int, dealt, newcomers []int, deck []engine.Card) (in, wait []int) {
	in = append([]int(nil), newcomers...)
	for range len(newcomers) + 1 {
		all := append(append([]int(nil), dealt...), in...)
		sort.Ints(all)
		if len(all) < 2 {
			break
		}
		order := planHand(n, lastButton, all, nil, deck)
		sb := order[1]
		if len(order) == 2 {
			sb = order[0] // heads-up: the button posts the small blind
		}
		var keep []int
		moved := false
		for _, i := range in {
			if i == order[0] || i == sb {
				wait = append(wait, i)
				moved = true
				continue
			}
			keep = append(keep, i)
		}
		in = keep
		if !moved {
			break
		}
	}
	if len(dealt)+len(in) < 2 {
		in = append(in, wait...)
		wait = nil
	}
	sort.Ints(in)
	sort.Ints(wait)
	return in, wait
}

// buttonPassed reports whether the button, moving from seat from to seat
// to, went by seat i (which was not dealt in).
func buttonPassed(n, from, to, i int) bool {
	for k := 1; k < n; k++ {
		j := (from + k) % n
		if j == to {
			return false
		}
		if j == i {
			return true
		}
	}
	return false
}
