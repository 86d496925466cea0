package engine

import "math/bits"

// Pots: side pots from the chips committed (R-BET-9), rake (R-POT-7) and the
// split of a pot between tied hands with odd chips (R-POT-4).

// potState is one pot of a finished hand.
type potState struct {
	amount   int64  // chips in the pot, rake included
	rake     int64  // rake taken from it
	eligible uint16 // bit i: seat i may win it
}

// buildPots makes the main pot and the side pots from what every seat put
// in (R-BET-8, R-BET-9). Antes and bets are two layers:
//
//   - Antes (the big-blind ante included) are dead money that every player
//     still in can win, except a player all in on the antes (posting no
//     blind or bet): such a player wins from each opponent at most what they
//     posted themselves, so each short ante level closes an ante pot of its
//     own, and the antes above it go to the players who posted more.
//   - Bets: each all-in level of a player still in closes a pot that only
//     the players who reached it can win. Chips of folded players are dead
//     money in the pots they reach.
//
// A carried five-card draw pot goes into the first pot, which every player
// still in can win. Neighbouring pots with the same players are one pot.
//
// The seats of out are treated as folded: their chips stay in the pots as
// dead money but they are eligible for none (PokerKit's killed hands, see
// pokerKitKilled). The room's rules pass 0.
func (h *Hand) buildPots(out uint16) { h.buildPotsAs(out, false) }

// buildPotsAs is buildPots; open builds the pots of a hand still being bet:
// only all-in players close a level, the others may still put chips in and
// can win every pot, and the chips above the last all-in level make a pot of
// the players not all in.
func (h *Hand) buildPotsAs(out uint16, open bool) {
	in := func(i int) bool { return h.status[i] != stFolded && out&(1<<i) == 0 }
	h.nPots = 0
	var pending int64 // chips that only folded players reached, for the next pot
	add := func(amount int64, eligible uint16) {
		switch {
		case eligible == 0 && h.nPots > 0:
			h.pots[h.nPots-1].amount += amount
		case eligible == 0:
			pending += amount
		case h.nPots > 0 && h.pots[h.nPots-1].eligible == eligible:
			h.pots[h.nPots-1].amount += amount
		default:
			h.pots[h.nPots] = potState{amount: amount + pending, eligible: eligible}
			pending = 0
			h.nPots++
		}
	}
	// capped reports whether seat i is all in on the antes: it wins from
	// each opponent's antes at most its own.
	capped := func(i int) bool { return h.status[i] == stAllIn && h.total[i] == 0 }

	// The ante layer.
	var antes int64
	for i := 0; i < h.n; i++ {
		antes += h.ante[i]
	}
	if antes > 0 {
		prev := int64(0)
		for {
			level := int64(-1)
			for i := 0; i < h.n; i++ {
				if in(i) && capped(i) && h.ante[i] > prev && (level < 0 || h.ante[i] < level) {
					level = h.ante[i]
				}
			}
			if level < 0 {
				break
			}
			var amount int64
			var eligible uint16
			for i := 0; i < h.n; i++ {
				amount += min(h.ante[i], level) - min(h.ante[i], prev)
				if in(i) && (!capped(i) || h.ante[i] >= level) {
					eligible |= 1 << i
				}
			}
			add(amount, eligible)
			prev = level
		}
		var rest int64
		var eligible uint16
		for i := 0; i < h.n; i++ {
			rest += h.ante[i] - min(h.ante[i], prev)
			if in(i) && !capped(i) {
				eligible |= 1 << i
			}
		}
		if rest > 0 {
			add(rest, eligible)
		}
	}

	// The bet layer.
	prev := int64(0)
	for {
		// The next level: the smallest commitment above prev of a player in.
		level := int64(-1)
		for i := 0; i < h.n; i++ {
			if in(i) && (!open || h.status[i] == stAllIn) && h.total[i] > prev && (level < 0 || h.total[i] < level) {
				level = h.total[i]
			}
		}
		if level < 0 {
			break
		}
		var amount int64
		var eligible uint16
		for i := 0; i < h.n; i++ {
			amount += min(h.total[i], level) - min(h.total[i], prev)
			if in(i) && (h.total[i] >= level || open && h.status[i] != stAllIn) {
				eligible |= 1 << i
			}
		}
		add(amount, eligible)
		prev = level
	}
	// Folded chips above the last level (none after uncalled returns, but
	// be safe) are dead money in the last pot; in an open hand, the chips
	// above the last all-in level are the players' still betting.
	var above int64
	var betting uint16
	for i := 0; i < h.n; i++ {
		if h.total[i] > prev {
			above += h.total[i] - prev
		}
		if open && in(i) && h.status[i] != stAllIn {
			betting |= 1 << i
		}
	}
	if betting != 0 && above > 0 {
		add(above, betting)
	} else {
		pending += above
	}
	if h.nPots == 0 { // nobody in put a chip in
		var eligible uint16
		for i := 0; i < h.n; i++ {
			if in(i) {
				eligible |= 1 << i
			}
		}
		h.pots[0] = potState{eligible: eligible}
		h.nPots = 1
	}
	h.pots[h.nPots-1].amount += pending
	h.pots[0].amount += h.dead - antes // a carried draw pot
}

// takeRake takes the house's share (R-POT-7): cash tables only, nothing when
// the hand ended before the flop (or, in draw, before the draw); a percent of
// the pots, by whole steps when set, capped. The rake comes from each pot in
// proportion to its size, so nobody pays rake on a pot they cannot win; the
// odd chips of rake come from the largest pot (the first of equal ones).
func (h *Hand) takeRake() {
	r := h.cfg.Rake
	if h.cfg.Tournament || r.Percent <= 0 {
		return
	}
	if h.cfg.Game == Draw {
		if !h.drawSeen {
			return
		}
	} else if h.boardN[0] < 3 {
		return
	}
	var total int64
	largest := 0
	for p := 0; p < h.nPots; p++ {
		total += h.pots[p].amount
		if h.pots[p].amount > h.pots[largest].amount {
			largest = p
		}
	}
	base := total
	if r.Step > 0 {
		base = total / r.Step * r.Step
	}
	rake := base * r.Percent / 100
	if r.Cap > 0 && rake > r.Cap {
		rake = r.Cap
	}
	if rake <= 0 {
		return
	}
	left := rake
	for p := 0; p < h.nPots; p++ {
		// rake*amount fits: both are at most ten stacks of MaxChips (2^50)
		// at 100%, and rake is capped by the pot; use 128-bit safe order.
		take := mulDiv(rake, h.pots[p].amount, total)
		h.pots[p].rake = take
		left -= take
	}
	h.pots[largest].rake += left
	for p := 0; p < h.nPots; p++ {
		if h.pots[p].rake > 0 {
			h.rake += h.pots[p].rake
			h.emit(Event{Kind: EvRake, Seat: -1, Pot: p, Amount: h.pots[p].rake})
		}
	}
}

// mulDiv returns a*b/c rounded down, for 0 <= a, b and c > 0, without
// overflowing int64 in the product.
func mulDiv(a, b, c int64) int64 {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	q, _ := bits.Div64(hi, lo, uint64(c))
	return int64(q)
}

// split divides amount among the seats of winners: equal shares, the odd
// chips one each to the winners first left of the button (R-POT-4).
func (h *Hand) split(amount int64, winners uint16, pot, board int, low bool) {
	k := int64(0)
	for w := winners; w != 0; w &= w - 1 {
		k++
	}
	if k == 0 || amount == 0 {
		return
	}
	share, odd := amount/k, amount%k
	i := h.button
	for c := 0; c < h.n; c++ {
		i = h.seatAfter(i)
		if winners&(1<<i) == 0 {
			continue
		}
		won := share
		switch {
		case odd > 0 && (h.cfg.OddChipsToFirst || h.in.pokerKit):
			won += odd
			odd = 0
		case odd > 0:
			won++
			odd--
		}
		h.stack[i] += won
		h.emit(Event{Kind: EvAward, Seat: i, Amount: won, Pot: pot, Board: board, Low: low})
	}
}

// finishUncontested gives every pot to the last player in, unseen (R-POT-3).
func (h *Hand) finishUncontested() {
	h.street = Showdown
	h.buildPots(0)
	h.takeRake()
	for p := 0; p < h.nPots; p++ {
		h.split(h.pots[p].amount-h.pots[p].rake, h.pots[p].eligible, p, 0, false)
	}
	h.finish()
}

// carryOver ends a five-card draw hand nobody opened: the pot stays in the
// middle for the next hand (seed 004).
func (h *Hand) carryOver() {
	h.street = Showdown
	h.buildPots(0)
	for p := 0; p < h.nPots; p++ {
		h.carry += h.pots[p].amount
	}
	h.emit(Event{Kind: EvCarryOver, Seat: -1, Amount: h.carry})
	h.finish()
}

func (h *Hand) finish() {
	h.over = true
	h.toAct = -1
}

// Result sums up the hand: pots with their winners, rake, returned bets,
// carried pot and final stacks. Before the hand is over it holds what is
// known so far (no pots).
func (h *Hand) Result() Result {
	r := Result{Rake: h.rake, CarryOver: h.carry, Stacks: h.Stacks(), Won: make([]int64, h.n)}
	for i := 0; i < h.n; i++ {
		r.Won[i] = h.stack[i] - h.start[i]
	}
	for _, e := range h.events {
		if e.Kind == EvReturnUncalled {
			r.Returned = append(r.Returned, Return{Seat: e.Seat, Amount: e.Amount})
		}
	}
	if !h.over || h.carry > 0 {
		return r
	}
	r.Pots = make([]PotResult, h.nPots)
	for p := 0; p < h.nPots; p++ {
		pr := &r.Pots[p]
		pr.Amount, pr.Rake = h.pots[p].amount, h.pots[p].rake
		pr.Eligible = []int{}
		for i := 0; i < h.n; i++ {
			if h.pots[p].eligible&(1<<i) != 0 {
				pr.Eligible = append(pr.Eligible, i)
			}
		}
		pr.Awards = []Award{}
	}
	for _, e := range h.events {
		if e.Kind == EvAward {
			pr := &r.Pots[e.Pot]
			pr.Awards = append(pr.Awards, Award{Seat: e.Seat, Amount: e.Amount, Board: e.Board, Low: e.Low})
		}
	}
	return r
}
