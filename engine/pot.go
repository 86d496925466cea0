package engine

// Pots: side pots from the chips committed (R-BET-9), rake (R-POT-7) and the
// split of a pot between tied hands with odd chips (R-POT-4).

// potState is one pot of a finished hand.
type potState struct {
	amount   int64  // chips in the pot, rake included
	rake     int64  // rake taken from it
	eligible uint16 // bit i: seat i may win it
}

// buildPots makes the main pot and the side pots from what every seat bet:
// each all-in level of a player still in the hand closes a pot that only the
// players who reached it can win (R-BET-9). Chips of folded players are dead
// money in the pots they reach; antes (the big-blind ante included) and a
// carried pot are dead money in the main pot, which a player all in on the
// ante alone can win: they make a pot of their own then.
//
// The seats of out are treated as folded: their chips stay in the pots as
// dead money but they are eligible for none (PokerKit's killed hands, see
// pokerKitKilled). The room's rules pass 0.
func (h *Hand) buildPots(out uint16) {
	in := func(i int) bool { return h.status[i] != stFolded && out&(1<<i) == 0 }
	h.nPots = 0
	prev := int64(0)
	if h.dead > 0 {
		for i := 0; i < h.n; i++ {
			if in(i) && h.total[i] == 0 {
				h.pots[0] = potState{amount: h.dead}
				for j := 0; j < h.n; j++ {
					if in(j) {
						h.pots[0].eligible |= 1 << j
					}
				}
				h.nPots = 1
				break
			}
		}
	}
	deadPot := h.nPots == 1
	for {
		// The next level: the smallest commitment above prev of a player in.
		level := int64(-1)
		for i := 0; i < h.n; i++ {
			if in(i) && h.total[i] > prev && (level < 0 || h.total[i] < level) {
				level = h.total[i]
			}
		}
		if level < 0 {
			break
		}
		var p potState
		for i := 0; i < h.n; i++ {
			p.amount += min(h.total[i], level) - min(h.total[i], prev)
			if in(i) && h.total[i] >= level {
				p.eligible |= 1 << i
			}
		}
		if p.eligible == 0 && h.nPots > 0 { // only folded players reached it
			h.pots[h.nPots-1].amount += p.amount
		} else {
			h.pots[h.nPots] = p
			h.nPots++
		}
		prev = level
	}
	if h.nPots == 0 { // nobody in bet a chip
		for i := 0; i < h.n; i++ {
			if in(i) {
				h.pots[0].eligible |= 1 << i
			}
		}
		h.nPots = 1
	}
	// Folded chips above the last level (none after uncalled returns, but
	// be safe) and a carried pot are dead money.
	for i := 0; i < h.n; i++ {
		if h.total[i] > prev {
			h.pots[h.nPots-1].amount += h.total[i] - prev
		}
	}
	if !deadPot {
		h.pots[0].amount += h.dead
	}
}

// takeRake takes the house's share (R-POT-7): cash tables only, nothing when
// the hand ended before the flop (or, in draw, before the draw); a percent of
// the pots, by whole steps when set, capped; from the main pot first.
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
	for p := 0; p < h.nPots; p++ {
		total += h.pots[p].amount
	}
	base := total
	if r.Step > 0 {
		base = total / r.Step * r.Step
	}
	rake := base * r.Percent / 100
	if r.Cap > 0 && rake > r.Cap {
		rake = r.Cap
	}
	for p := 0; p < h.nPots && rake > 0; p++ {
		take := min(rake, h.pots[p].amount)
		h.pots[p].rake = take
		h.rake += take
		rake -= take
		h.emit(Event{Kind: EvRake, Seat: -1, Pot: p, Amount: take})
	}
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
		case odd > 0 && (h.cfg.OddChipsToFirst || h.cfg.PokerKit):
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
