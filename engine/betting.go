package engine

// Betting: who acts, what is legal, and the effect of each action
// (R-BET-1..10).

// startPreflop sets up the first betting round after the forced bets.
func (h *Hand) startPreflop() {
	h.street = Preflop
	c := &h.cfg
	// The level to call is the nominal blind (or straddle), even when its
	// poster is short: the minimum bet is still the big blind.
	last := h.button
	if h.bb >= 0 {
		if !h.in.pokerKit {
			h.curBet = c.BigBlind
		}
		last = h.bb
	}
	if h.straddle >= 0 {
		if !h.in.pokerKit {
			h.curBet = max(h.curBet, c.Straddle)
		}
		last = h.straddle
	}
	for i := 0; i < h.n; i++ {
		h.curBet = max(h.curBet, h.bet[i])
	}
	if c.Betting == FixedLimit {
		if h.curBet > 0 {
			h.raises = 1 // the big blind counts as the bet (R-BET-5)
			if h.straddle >= 0 {
				h.raises = 2
			}
		}
		h.fullBet = h.curBet
	} else {
		h.minRaise = c.minBet()
		// The first raise over a straddle adds at least the straddle, as
		// over a big blind; PokerKit's hands add only the minimum bet.
		if h.straddle >= 0 && !h.in.pokerKit {
			h.minRaise = max(h.minRaise, c.Straddle)
		}
	}
	h.toAct = last // progress looks for the first player after it
}

// startRound begins a betting round after the first.
func (h *Hand) startRound(s Street) {
	h.street = s
	for i := 0; i < h.n; i++ {
		h.bet[i] = 0
		h.acted[i] = false
		h.faced[i] = 0
	}
	h.curBet, h.fullBet, h.raises = 0, 0, 0
	h.minRaise = h.cfg.minBet()
	h.aggressor = -1
	h.toAct = h.button
}

// betSize is the fixed-limit bet of the current street.
func (h *Hand) betSize() int64 {
	if h.street == Preflop || h.street == Flop {
		return h.cfg.smallBet()
	}
	return h.cfg.bigBet()
}

// needsAction reports whether seat i still has to act this round.
func (h *Hand) needsAction(i int, activeOthers bool) bool {
	if h.status[i] != stActive {
		return false
	}
	if h.bet[i] < h.curBet {
		// The level may be a nominal blind nobody put in (a big blind all
		// in for less): with nobody else still betting, a player who
		// already covers every other bet has nothing to call.
		return activeOthers || h.in.nominalBlind || h.bet[i] < h.topOtherBet(i)
	}
	// Nobody left to bet against: nothing to decide.
	return !h.acted[i] && activeOthers
}

// topOtherBet is the largest bet of the round of a seat other than i.
func (h *Hand) topOtherBet(i int) int64 {
	var top int64
	for j := 0; j < h.n; j++ {
		if j != i {
			top = max(top, h.bet[j])
		}
	}
	return top
}

// callTo is the bet level seat i's call matches: the round's, or, with
// nobody else still betting and that level a nominal blind nobody put in
// (a big blind all in for less), the largest bet put in (R-BET-8).
func (h *Hand) callTo(i int) int64 {
	if h.in.nominalBlind {
		return h.curBet
	}
	for j := 0; j < h.n; j++ {
		if j != i && h.status[j] == stActive {
			return h.curBet
		}
	}
	return min(h.curBet, max(h.topOtherBet(i), h.bet[i]))
}

// nextToAct returns the first seat after from that must act, or -1.
func (h *Hand) nextToAct(from int) int {
	active := 0
	for i := 0; i < h.n; i++ {
		if h.status[i] == stActive {
			active++
		}
	}
	i := from
	for k := 0; k < h.n; k++ {
		i = h.seatAfter(i)
		if h.needsAction(i, active > 1) {
			return i
		}
	}
	return -1
}

// countStatus returns the seats still in the hand and those with chips.
func (h *Hand) countStatus() (in, active int) {
	for i := 0; i < h.n; i++ {
		switch h.status[i] {
		case stActive:
			in++
			active++
		case stAllIn:
			in++
		}
	}
	return in, active
}

// othersCover reports whether a seat other than i still in the hand has
// chips beyond the current bet: otherwise a bet or raise could not be called.
func (h *Hand) othersCover(i int) bool {
	for j := 0; j < h.n; j++ {
		if j != i && h.status[j] == stActive && h.stack[j]+h.bet[j] > h.curBet {
			return true
		}
	}
	return false
}

// potForLimit is the pot a pot-limit raise is measured on: every chip in
// the middle, with a preflop all-in short of the big blind counted as a full
// big blind (TDA 50-B).
func (h *Hand) potForLimit() int64 {
	t := h.dead
	for i := 0; i < h.n; i++ {
		t += h.total[i]
		if h.street == Preflop && h.status[i] == stAllIn && !h.declared[i] && h.bet[i] < h.cfg.BigBlind && h.bet[i] > 0 &&
			!(i == h.sb && h.bet[i] <= h.cfg.SmallBlind) && !h.in.pokerKit {
			t += h.cfg.BigBlind - h.bet[i] // the small blind's own short post stays as posted
		}
	}
	return t
}

// reopened reports whether seat i may raise: it has not acted this round,
// or it faces at least a full raise since it acted (R-BET-6, R-BET-7).
func (h *Hand) reopened(i int) bool {
	if !h.acted[i] || h.in.pokerKit {
		return true
	}
	more := h.curBet - h.faced[i]
	if h.cfg.Betting == FixedLimit {
		return 2*more >= h.betSize()
	}
	return more >= h.minRaise
}

// RaiseBar says why the player to act may neither bet nor raise.
type RaiseBar uint8

// The reasons a bet or raise is closed to the player to act.
const (
	RaiseOpen        RaiseBar = iota // they may bet or raise (or it is not a betting turn)
	RaiseShort                       // their stack covers no more than the call
	RaiseCovered                     // every other player still in is all in
	RaiseNotReopened                 // an all-in short of a full raise did not reopen it to them (R-BET-6)
	RaiseCapped                      // fixed limit: the round's bets and raises are capped (R-BET-5)
	RaiseNoOpeners                   // five-card draw with openers: their hand does not open
)

// RaiseBar returns why the player to act may not bet or raise, the checks
// of Legal in its order: RaiseOpen when they may (or nobody is to act, or
// it is the draw).
func (h *Hand) RaiseBar() RaiseBar {
	if h.over || h.toAct < 0 || h.street == DrawStreet {
		return RaiseOpen
	}
	i := h.toAct
	call := int64(0)
	if h.curBet > h.bet[i] {
		call = min(h.callTo(i)-h.bet[i], h.stack[i]) // as Legal's CallAmount
	}
	switch {
	case h.stack[i] <= call:
		return RaiseShort
	case !h.othersCover(i):
		return RaiseCovered
	case h.curBet == 0:
		if h.cfg.Game == Draw && h.street == Preflop && !h.qualifiesToOpen(i) {
			return RaiseNoOpeners
		}
	case !h.reopened(i):
		return RaiseNotReopened
	default:
		if cp := h.cfg.raiseCap(h.in.twoPlayersLeft); cp >= 0 && h.raises >= cp {
			return RaiseCapped
		}
	}
	return RaiseOpen
}

// Legal returns what the player to act may do.
func (h *Hand) Legal() Legal {
	if h.over || h.toAct < 0 {
		return Legal{Seat: -1}
	}
	return h.legal(h.toAct)
}

func (h *Hand) legal(i int) Legal {
	l := Legal{Seat: i}
	if h.street == DrawStreet {
		l.Discard = true
		l.MaxDiscard = h.cfg.maxDiscard()
		l.MustDiscardJoker = h.jokersHeld(i) > 1
		return l
	}
	stack := h.stack[i]
	l.AllInTo = h.bet[i] + stack
	// A fold is always accepted, also when checking is free (TDA 53: the
	// fold is binding).
	l.CanFold = true
	if h.curBet > h.bet[i] {
		l.CallAmount = min(h.callTo(i)-h.bet[i], stack)
	} else {
		l.CanCheck = true
	}
	if stack <= l.CallAmount || !h.othersCover(i) {
		return l
	}
	c := &h.cfg
	if h.curBet == 0 {
		if c.Game == Draw && h.street == Preflop && !h.qualifiesToOpen(i) {
			return l
		}
		l.CanBet = true
		switch c.Betting {
		case FixedLimit:
			l.MinTo = h.betSize()
			l.MaxTo = l.MinTo
		case PotLimit:
			l.MinTo = c.minBet()
			l.MaxTo = max(l.MinTo, h.potForLimit())
		default:
			l.MinTo = c.minBet()
			l.MaxTo = l.AllInTo
		}
	} else {
		if !h.reopened(i) {
			return l
		}
		if cp := c.raiseCap(h.in.twoPlayersLeft); cp >= 0 && h.raises >= cp {
			return l
		}
		l.CanRaise = true
		switch c.Betting {
		case FixedLimit:
			l.MinTo = h.fullBet + h.betSize()
			l.MaxTo = l.MinTo
		case PotLimit:
			l.MinTo = h.curBet + h.minRaise
			l.MaxTo = max(l.MinTo, h.curBet+h.potForLimit()+(h.curBet-h.bet[i]))
		default:
			l.MinTo = h.curBet + h.minRaise
			l.MaxTo = l.AllInTo
		}
	}
	l.MinTo = min(l.MinTo, l.AllInTo)
	l.MaxTo = min(l.MaxTo, l.AllInTo)
	// A pot-sized bet or raise, for the "Pot" button, within the range.
	l.Pot = h.potForLimit() + (h.curBet - h.bet[i])
	l.PotTo = max(l.MinTo, min(l.MaxTo, h.curBet+l.Pot))
	return l
}

// Apply performs the action of the player to act and returns the events it
// caused (including the dealing and awarding that follow). On error the hand
// is unchanged and the error is an *ActionError wrapping one of the Err*
// values.
func (h *Hand) Apply(a Action) ([]Event, error) {
	first := len(h.events)
	if err := h.apply(a); err != nil {
		return nil, &ActionError{Action: a, Err: err, Legal: h.Legal()}
	}
	h.progress()
	return h.events[first:len(h.events):len(h.events)], nil
}

// Verify reports whether Apply would accept the action, without applying it.
func (h *Hand) Verify(a Action) error {
	if err := h.verify(&a); err != nil {
		return &ActionError{Action: a, Err: err, Legal: h.Legal()}
	}
	return nil
}

// verify checks an action and normalises it: AllIn becomes the call, bet or
// raise it means.
func (h *Hand) verify(a *Action) error {
	if h.over {
		return ErrHandOver
	}
	if a.Seat != h.toAct || h.toAct < 0 {
		return ErrNotYourTurn
	}
	if h.street == DrawStreet {
		if a.Kind != Discard {
			return ErrInvalidAction
		}
		return h.verifyDiscard(a.Seat, a.Cards)
	}
	l := h.legal(a.Seat)
	switch a.Kind {
	case Fold:
		if !l.CanFold {
			return ErrInvalidAction
		}
	case Check:
		if !l.CanCheck {
			return ErrCannotCheck
		}
	case Call:
		if l.CallAmount == 0 {
			return ErrCannotCall
		}
	case DeclareAllIn:
		if !h.canDeclare(a.Seat) {
			return ErrCannotDeclare
		}
	case AllIn:
		switch {
		case l.AllInTo <= h.curBet:
			a.Kind = Call
		case h.curBet == 0:
			a.Kind, a.Amount = Bet, l.AllInTo
		default:
			a.Kind, a.Amount = Raise, l.AllInTo
		}
		return h.verify(a)
	case Bet:
		if !l.CanBet {
			if h.curBet == 0 && h.cfg.Game == Draw && h.street == Preflop && h.stack[a.Seat] > 0 && h.othersCover(a.Seat) {
				return ErrNoOpeners
			}
			return ErrCannotBet
		}
		return checkRange(a.Amount, l)
	case Raise:
		if !l.CanRaise {
			return ErrCannotRaise
		}
		return checkRange(a.Amount, l)
	default:
		return ErrInvalidAction
	}
	return nil
}

func checkRange(to int64, l Legal) error {
	if to < l.MinTo {
		return ErrBelowMinimum
	}
	if to > l.MaxTo {
		return ErrAboveMaximum
	}
	return nil
}

// apply verifies and performs one action, without the automatic steps after it.
func (h *Hand) apply(a Action) error {
	if err := h.verify(&a); err != nil {
		return err
	}
	i := a.Seat
	switch a.Kind {
	case Fold:
		h.status[i] = stFolded
		h.emit(Event{Kind: EvFold, Seat: i})
	case Check:
		h.acted[i] = true
		h.faced[i] = h.curBet
		h.emit(Event{Kind: EvCheck, Seat: i})
	case Call:
		amt := min(h.callTo(i)-h.bet[i], h.stack[i])
		h.putIn(i, amt)
		h.acted[i] = true
		h.faced[i] = h.curBet
		h.emit(Event{Kind: EvCall, Seat: i, Amount: amt, AllIn: h.status[i] == stAllIn})
	case Bet, Raise:
		h.raiseTo(i, a.Amount)
		kind := EvRaise
		if a.Kind == Bet {
			kind = EvBet
		}
		h.emit(Event{Kind: kind, Seat: i, Amount: a.Amount, AllIn: h.status[i] == stAllIn})
	case Discard:
		h.discard(i, a.Cards)
	case DeclareAllIn:
		// All in for what is in the pot: no chip moves, the stack stays
		// behind, and the pots are built as for any all-in (R-TIME-2).
		h.status[i] = stAllIn
		h.declared[i] = true
		h.acted[i] = true
		h.emit(Event{Kind: EvDeclareAllIn, Seat: i, Amount: h.total[i] + h.ante[i]})
	}
	return nil
}

// CanDeclareAllIn reports whether the player to act may be declared all in
// by the all-in protection (R-TIME-2, seed 002): in a betting round, facing
// a bet, with chips already in the pot this hand (a blind, an ante, a bet).
// A player who faces no bet checks instead, one with nothing in the pot
// folds.
func (h *Hand) CanDeclareAllIn() bool {
	return !h.over && h.toAct >= 0 && h.canDeclare(h.toAct)
}

func (h *Hand) canDeclare(i int) bool {
	return h.street != DrawStreet && h.status[i] == stActive && h.curBet > h.bet[i] && h.total[i]+h.ante[i] > 0
}

// putIn moves chips from seat i's stack to its bet.
func (h *Hand) putIn(i int, amt int64) {
	h.stack[i] -= amt
	h.bet[i] += amt
	h.total[i] += amt
	if h.stack[i] == 0 {
		h.status[i] = stAllIn
	}
}

// raiseTo makes seat i's bet the total to, updating the raise bookkeeping.
func (h *Hand) raiseTo(i int, to int64) {
	h.putIn(i, to-h.bet[i])
	incr := to - h.curBet
	if h.cfg.Betting == FixedLimit {
		// A full bet or raise, or an all-in of at least half of one, counts
		// as a raise: it reopens the betting and the next raise builds on it.
		if 2*(to-h.fullBet) >= h.betSize() {
			h.raises++
			h.fullBet = to
		}
	} else if incr >= h.minRaise {
		h.minRaise = incr
		h.raises++
	}
	h.curBet = to
	h.aggressor = i
	h.acted[i] = true
	h.faced[i] = to
}

// progress runs the automatic steps after an action: the next player, the
// end of a round, dealing, the showdown.
func (h *Hand) progress() {
	for !h.over {
		in, _ := h.countStatus()
		if in == 1 {
			h.endRound()
			h.finishUncontested()
			return
		}
		if h.street == DrawStreet {
			if nx := h.nextDrawer(); nx >= 0 {
				h.toAct = nx
				return
			}
			h.afterDraw()
			continue
		}
		if nx := h.nextToAct(h.toAct); nx >= 0 {
			h.toAct = nx
			return
		}
		h.endRound()
		h.nextStreet()
	}
}

// endRound returns an uncalled bet (R-BET-9, R-POT-3) and closes the round.
func (h *Hand) endRound() {
	top, second := -1, int64(0)
	for i := 0; i < h.n; i++ {
		if top < 0 || h.bet[i] > h.bet[top] {
			if top >= 0 {
				second = max(second, h.bet[top])
			}
			top = i
		} else {
			second = max(second, h.bet[i])
		}
	}
	if top >= 0 && h.bet[top] > second {
		ret := h.bet[top] - second
		h.bet[top] -= ret
		h.total[top] -= ret
		h.stack[top] += ret
		// A declared all-in stays all in: its bet above what the others
		// matched comes back, it bets no more (R-TIME-2).
		if h.status[top] == stAllIn && !h.declared[top] {
			h.status[top] = stActive
		}
		h.emit(Event{Kind: EvReturnUncalled, Seat: top, Amount: ret})
	}
	if h.curBet > 0 || h.aggressor >= 0 {
		h.lastAggr = h.aggressor
	} else {
		h.lastAggr = -1
	}
	for i := 0; i < h.n; i++ {
		h.bet[i] = 0
	}
	h.toAct = -1
}

// nextStreet moves on after a betting round.
func (h *Hand) nextStreet() {
	_, active := h.countStatus()
	if h.cfg.Game == Draw {
		switch h.street {
		case Preflop:
			// Everybody checked: the pot goes to the next hand (seed 004).
			// Players all in from the antes did not check: with fewer than
			// two able to bet, the hand goes on to the draw.
			if h.curBet == 0 && active >= 2 {
				h.carryOver()
				return
			}
			h.startDraw()
		default:
			h.showdown()
		}
		return
	}
	if active < 2 || h.street == River {
		if h.street != River {
			h.runOut()
		}
		h.showdown()
		return
	}
	switch h.street {
	case Preflop:
		h.street = Flop
		h.dealBoard(0, 3)
		h.startRound(Flop)
	case Flop:
		h.street = Turn
		h.dealBoard(0, 1)
		h.startRound(Turn)
	case Turn:
		h.street = River
		h.dealBoard(0, 1)
		h.startRound(River)
	}
}

// dealBoard burns a card and deals k cards to board b.
func (h *Hand) dealBoard(b, k int) {
	h.next++ // burn
	start := h.boardN[b]
	for j := 0; j < k; j++ {
		h.board[b][start+j] = h.deck[h.next]
		h.next++
	}
	h.boardN[b] += k
	h.emit(Event{Kind: EvDealBoard, Seat: -1, Board: b, Cards: h.cards(h.board[b][start : start+k])})
}

// runOut deals the rest of the board when no more betting is possible, after
// turning the hands face up (R-POT-2); twice when the table runs it twice
// (R-POT-6).
func (h *Hand) runOut() {
	h.showAll()
	have := h.boardN[0]
	h.completeBoard(0)
	// The second run deals again what the first one dealt, burns included.
	if h.cfg.runItTwice() && h.deckN-h.next >= h.next-h.runStart(have) {
		h.runs = 2
		h.boardN[1] = have
		copy(h.board[1][:have], h.board[0][:have])
		h.completeBoard(1)
	}
}

// runStart is the deck position where the cards after the first have board
// cards began (before their burn).
func (h *Hand) runStart(have int) int {
	pos := h.n * h.nHole
	switch have {
	case 3:
		pos += 4 // burn and flop
	case 4:
		pos += 6 // then burn and turn
	}
	return pos
}

func (h *Hand) completeBoard(b int) {
	for h.boardN[b] < 5 {
		k := 1
		if h.boardN[b] == 0 {
			k = 3
		}
		h.street = Street(h.boardN[b] + k - 2) // 3 cards: flop, 4: turn, 5: river
		h.dealBoard(b, k)
	}
}
