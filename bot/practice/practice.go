// Package practice holds the practice opponents' decisions: a computer
// player that sees only its seat's view of a hand and weighs its chance
// against the pot odds. The table (package bot) seats them and applies
// what they choose; their chips come from the house.
package practice

import (
	"math/rand/v2"

	"github.com/pokerroom/pokerroom/engine"
)

// Opponent is a practice (computer) opponent with a simple, honest
// strategy: it sees only what its seat may see (the snapshot redacted for
// it), estimates its hand's chance against the players still in by dealing
// the unseen cards at random, and compares it with the pot odds. It bets and raises strong
// hands, calls when the price is right, checks when it can and folds the
// rest. Chips for practice opponents come from the house (the room's job).
type Opponent struct {
	// Rand drives the estimates and the choices; a seeded source makes a
	// practice opponent reproducible.
	Rand *rand.Rand
	// Trials is the number of deals per estimate; 0 means 300.
	Trials int
	// Draw are the five-card draw rules of the table played (its deck,
	// jokers and five figures, R-CARD-7): a hand's worth and what to
	// keep follow them. The zero value is a full deck without jokers.
	Draw engine.DrawRules
}

// Act returns the practice opponent's action for seat in s, which must be
// the snapshot as that seat sees it (s.For(seat)) with seat to act. The
// action is always one Legal allows.
func (p *Opponent) Act(s engine.Snapshot, seat int) engine.Action {
	l := s.Legal
	a := engine.Action{Seat: seat}
	if l.Discard {
		a.Kind, a.Cards = engine.Discard, p.discards(s.Seats[seat].Hole, l)
		return a
	}
	eq := p.equity(s, seat)
	pot := s.Total
	call := l.CallAmount
	odds := 0.0
	if call > 0 {
		odds = float64(call) / float64(pot+call)
	}
	raiseTo := func(frac float64) int64 {
		// A bet or raise of about frac of the pot, within the legal range.
		to := l.MinTo
		if want := int64(float64(pot)*frac) + s.Seats[seat].Bet + call; want > to {
			to = want
		}
		return min(max(to, l.MinTo), l.MaxTo)
	}
	strong := eq > 0.5+0.1*float64(p.opponents(s, seat)-1)
	switch {
	case strong && l.CanRaise && p.Rand.IntN(3) > 0:
		a.Kind, a.Amount = engine.Raise, raiseTo(0.75)
	case strong && l.CanBet:
		a.Kind, a.Amount = engine.Bet, raiseTo(0.6)
	case call == 0:
		a.Kind = engine.Check
		if l.CanBet && eq > 0.45 && p.Rand.IntN(4) == 0 {
			a.Kind, a.Amount = engine.Bet, raiseTo(0.5)
		}
	case eq >= odds:
		a.Kind = engine.Call
	default:
		a.Kind = engine.Fold
	}
	return a
}

// opponents counts the players still in besides seat.
func (p *Opponent) opponents(s engine.Snapshot, seat int) int {
	n := 0
	for _, v := range s.Seats {
		if v.Seat != seat && v.Status != engine.SeatFolded {
			n++
		}
	}
	return max(n, 1)
}

// equity estimates the share of the pot seat's hand wins against the
// players still in, holding random unseen cards, the board completed at
// random (the high hand only; in hi/lo a qualifying low counts half).
func (p *Opponent) equity(s engine.Snapshot, seat int) float64 {
	hole := s.Seats[seat].Hole
	board := []engine.Card{}
	if len(s.Boards) > 0 {
		board = s.Boards[0]
	}
	if s.Game == engine.Draw {
		return drawStrength(engine.EvalDraw(hole, p.Draw))
	}
	var seen engine.CardSet
	for _, c := range hole {
		seen = seen.Add(c)
	}
	for _, c := range board {
		seen = seen.Add(c)
	}
	var unseen []engine.Card
	for c := engine.Card(0); c < 52; c++ {
		if !seen.Has(c) {
			unseen = append(unseen, c)
		}
	}
	opp := p.opponents(s, seat)
	nHole := len(hole)
	need := opp*nHole + (5 - len(board))
	if need > len(unseen) {
		return 0.5
	}
	trials := p.Trials
	if trials <= 0 {
		trials = 300
	}
	if s.Game == engine.Holdem && nHole == 2 {
		if eq, ok := preflopEquity(hole, board, opp); ok {
			return eq
		}
		return p.holdemEquity(hole, board, unseen, opp, trials)
	}
	return p.dealtEquity(s.Game, hole, board, unseen, opp, trials)
}

// dealtEquity is equity's loop for any game: trials deals of the unseen
// cards (opp hands of len(hole) cards, then the rest of the board), each
// hand evaluated whole.
func (p *Opponent) dealtEquity(game engine.Game, hole, board, unseen []engine.Card, opp, trials int) float64 {
	nHole := len(hole)
	need := opp*nHole + (5 - len(board))
	eval := func(h, b []engine.Card) (engine.HandValue, engine.LowValue, bool) {
		switch game {
		case engine.Omaha, engine.Omaha5:
			return engine.EvalOmaha(h, b), 0, false
		case engine.OmahaHiLo, engine.OmahaHiLo5:
			return engine.EvalOmahaHiLo(h, b)
		}
		return engine.EvalHoldem(h, b), 0, false
	}
	full := make([]engine.Card, 5)
	copy(full, board)
	won := 0.0
	for t := 0; t < trials; t++ {
		// A partial shuffle of the cards needed.
		for i := 0; i < need; i++ {
			j := i + p.Rand.IntN(len(unseen)-i)
			unseen[i], unseen[j] = unseen[j], unseen[i]
		}
		copy(full[len(board):], unseen[opp*nHole:need])
		myHi, myLo, myHasLo := eval(hole, full)
		bestHi, winHi, bestLo, winLo, anyLo := true, 1, true, 1, myHasLo
		for o := 0; o < opp; o++ {
			hi, lo, hasLo := eval(unseen[o*nHole:(o+1)*nHole], full)
			switch {
			case hi > myHi:
				bestHi = false
			case hi == myHi:
				winHi++
			}
			if hasLo {
				anyLo = true
				switch {
				case !myHasLo || lo > myLo:
					bestLo = false
				case lo == myLo:
					winLo++
				}
			}
		}
		share := 0.0
		if bestHi {
			share = 1 / float64(winHi)
		}
		if game.HiLo() && anyLo {
			share /= 2
			if myHasLo && bestLo {
				share += 0.5 / float64(winLo)
			}
		}
		won += share
	}
	return won / float64(trials)
}

//go:generate go test -run TestPreflopTableMatchesDealing -generate .

// preflopEquity is Hold'em's share of the pot for hole against opp random
// hands before the flop, from preflopTable (100,000 deals an entry, dealt
// by holdemEquity: go generate); ok is false with a board or beyond nine
// hands.
func preflopEquity(hole, board []engine.Card, opp int) (eq float64, ok bool) {
	if len(board) > 0 || len(hole) != 2 || opp < 1 || opp > 9 {
		return 0, false
	}
	a, b := int(hole[0].Rank()), int(hole[1].Rank())
	if a < b {
		a, b = b, a
	}
	if hole[0].Suit() != hole[1].Suit() {
		a, b = b, a // offsuit: below the diagonal
	}
	return float64(preflopTable[a][b][opp-1]) / 10000, true
}

// holdemEquity is equity's loop for Hold'em, the same deals and the same
// result, on the evaluator's keys: the board's key is summed once a deal
// for every hand against it, and only a deal of five cards or more of one
// suit is evaluated card by card.
func (p *Opponent) holdemEquity(hole, board, unseen []engine.Card, opp, trials int) float64 {
	need := opp*2 + (5 - len(board))
	mine, known := engine.KeyOf(hole...), engine.KeyOf(board...)
	var seven [7]engine.Card
	copy(seven[2:], board)
	value := func(h []engine.Card, k engine.HoldemKey) engine.HandValue {
		if v, ok := k.Value(); ok {
			return v
		}
		copy(seven[:2], h)
		return engine.Eval7(&seven)
	}
	won := 0.0
	for t := 0; t < trials; t++ {
		for i := 0; i < need; i++ {
			j := i + p.Rand.IntN(len(unseen)-i)
			unseen[i], unseen[j] = unseen[j], unseen[i]
		}
		copy(seven[2+len(board):], unseen[opp*2:need])
		b := known + engine.KeyOf(unseen[opp*2:need]...)
		my := value(hole, mine+b)
		best, ties := true, 1
		for o := 0; o < opp; o++ {
			h := unseen[o*2 : o*2+2]
			switch v := value(h, engine.KeyOf(h...)+b); {
			case v > my:
				best = false
			case v == my:
				ties++
			}
		}
		if best {
			won += 1 / float64(ties)
		}
	}
	return won / float64(trials)
}

// drawStrength maps a five-card draw hand to a rough chance of winning.
func drawStrength(v engine.HandValue) float64 {
	switch v.Category() {
	case engine.HighCard:
		return 0.15
	case engine.Pair:
		return 0.4
	case engine.TwoPair:
		return 0.62
	case engine.FiveFigures: // between two pair and three of a kind (seed 004)
		return 0.7
	case engine.ThreeOfAKind:
		return 0.75
	}
	return 0.9
}

// discards stands pat on a straight or better under the table's rules
// (a stripped deck's short straights, a flush over a full house, five
// figures); otherwise it keeps pairs and better, four to a flush, or the
// two highest cards, and throws the rest within the draw's limits (one
// of two jokers always goes: the second is dead).
func (p *Opponent) discards(hole []engine.Card, l engine.Legal) []engine.Card {
	if v := engine.EvalDraw(hole, p.Draw); v != 0 && v.Category() >= engine.Straight {
		return nil // a made hand: five figures, a straight or better
	}
	keep := make([]bool, len(hole))
	count := map[engine.Rank]int{}
	suits := map[engine.Suit]int{}
	jokers := 0
	for _, c := range hole {
		if c.IsJoker() {
			jokers++
			continue
		}
		count[c.Rank()]++
		suits[c.Suit()]++
	}
	paired := false
	for i, c := range hole {
		if !c.IsJoker() && count[c.Rank()] >= 2 {
			keep[i], paired = true, true
		}
	}
	if !paired {
		for s, n := range suits {
			if n >= 4 {
				for i, c := range hole {
					if !c.IsJoker() && c.Suit() == s {
						keep[i] = true
					}
				}
			}
		}
	}
	kept := 0
	for _, k := range keep {
		if k {
			kept++
		}
	}
	if kept == 0 {
		// The two highest cards.
		for n := 0; n < 2; n++ {
			best := -1
			for i, c := range hole {
				if !keep[i] && !c.IsJoker() && (best < 0 || c.Rank() > hole[best].Rank()) {
					best = i
				}
			}
			if best >= 0 {
				keep[best] = true
			}
		}
	}
	// One joker is always worth keeping; a second must go.
	keptJoker := false
	for i, c := range hole {
		if c.IsJoker() && !keptJoker {
			keep[i], keptJoker = true, true
		}
	}
	var out []engine.Card
	for i, c := range hole {
		if !keep[i] {
			out = append(out, c)
		}
	}
	max := l.MaxDiscard
	if len(out) > max {
		// Throw the lowest cards first, keeping a thrown joker.
		for len(out) > max {
			low := -1
			for i, c := range out {
				if c.IsJoker() {
					continue
				}
				if low < 0 || c.Rank() > out[low].Rank() {
					low = i // drop the highest from the throw list: keep it
				}
			}
			if low < 0 {
				low = len(out) - 1
			}
			out = append(out[:low], out[low+1:]...)
		}
	}
	return out
}
