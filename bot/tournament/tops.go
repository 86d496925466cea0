package tournament

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/tourney"
)

// tOp is one operation of a tournament director, stored in its log
// (TourneyOp: the kind and the JSON of the op) before it is shown. The
// live path (tourneyActor.do) and the replay after a restart apply it
// the same way, so the state after a restart is the state before. Each
// kind is its own type with only the data it needs; the JSON field names
// are those of the log written so far.
type tOp interface {
	// kind names the op in the log.
	kind() string
	// apply changes the director's state; an error leaves it unchanged
	// (the op is refused) or, for a replay, reports a log that does not
	// fit.
	apply(a *Director) (any, error)
}

// Op kinds, as stored.
const (
	opOpen       = "open"
	OpRegister   = "register"
	opUnregister = "unregister"
	opStart      = "start"
	opTable      = "table"
	opHand       = "hand"
	opRebalance  = "rebalance"
	opLateEnd    = "late_end"
	opPause      = "pause"
	opResume     = "resume"
	opCancel     = "cancel"
	OpFinish     = "finish"
	opLevel      = "level"
	opRebuy      = "rebuy"
	opAddOn      = "addon"
	opRebuyEnd   = "rebuy_end"
	opAddOnEnd   = "addon_end"
	opTicket     = "ticket"
	opDeal       = "deal"
	opWindfall   = "windfall"
	opTimedEnd   = "timed_end"
	opDisqualify = "dq"
	OpQualify    = "qualify"
	opMerge      = "merge"
	opClose      = "close"
	opRefuse     = "refuse"
)

// opTypes makes an empty op of each stored kind, for the replay.
var opTypes = map[string]func() tOp{
	opOpen: func() tOp { return &openOp{} }, opClose: func() tOp { return &closeOp{} },
	OpRegister: func() tOp { return &RegisterOp{} }, opUnregister: func() tOp { return &unregisterOp{} },
	opStart: func() tOp { return &startOp{} }, opTable: func() tOp { return &tableOp{} },
	opHand: func() tOp { return &handOp{} }, opRebalance: func() tOp { return &rebalanceOp{} },
	opLateEnd: func() tOp { return &lateEndOp{} }, opPause: func() tOp { return &pauseOp{} },
	opResume: func() tOp { return &resumeOp{} }, opCancel: func() tOp { return &cancelOp{} },
	OpFinish: func() tOp { return &FinishOp{} }, opLevel: func() tOp { return &levelOp{} },
	opRebuy: func() tOp { return &rebuyOp{} }, opAddOn: func() tOp { return &addOnOp{} },
	opRebuyEnd: func() tOp { return &rebuyEndOp{} }, opAddOnEnd: func() tOp { return &addOnEndOp{} },
	opTicket: func() tOp { return &ticketOp{} }, opDeal: func() tOp { return &dealOp{} },
	opWindfall: func() tOp { return &windfallOp{} }, opTimedEnd: func() tOp { return &timedEndOp{} },
	opDisqualify: func() tOp { return &dqOp{} }, OpQualify: func() tOp { return &QualifyOp{} },
	opMerge: func() tOp { return &mergeOp{} }, opRefuse: func() tOp { return &refuseOp{} },
}

// decodeOp reads a stored op.
func decodeOp(kind, data string) (tOp, error) {
	mk, ok := opTypes[kind]
	if !ok {
		return nil, fmt.Errorf("unknown tournament op %q", kind)
	}
	op := mk()
	if err := json.Unmarshal([]byte(data), op); err != nil {
		return nil, err
	}
	return op, nil
}

// openOp opens registration, or opens it again after a close.
type openOp struct{}

func (openOp) kind() string { return opOpen }
func (openOp) apply(a *Director) (any, error) {
	if a.regClosed { // opened again after a close
		a.regClosed = false
		return nil, nil
	}
	return nil, a.Tourney.OpenRegistration()
}

// closeOp closes registration before the start.
type closeOp struct{}

func (closeOp) kind() string { return opClose }
func (closeOp) apply(a *Director) (any, error) {
	if st := a.Tourney.State(); st != tourney.RegistrationOpen || a.regClosed {
		return nil, &tourney.StateError{Op: "close registration", State: st}
	}
	a.regClosed, a.closeDone = true, true
	return nil, nil
}

// RegisterOp registers a player (a late registration is seated at once:
// the seat is drawn with Seed).
type RegisterOp struct {
	Player *bot.Player `json:"player,omitempty"`
	Bot    bool        `json:"bot,omitempty"`
	Seed   uint64      `json:"seed,omitempty"`
	// Ticket is the satellite whose seat pays the entry.
	Ticket string `json:"ticket,omitempty"`
	// Pair is the pair a registration joins (R-TRN-19); 0 starts one.
	Pair int `json:"pair,omitempty"`
}

func (RegisterOp) kind() string { return OpRegister }
func (op RegisterOp) apply(a *Director) (any, error) {
	if op.Player == nil {
		return nil, errors.New("register without a player")
	}
	reg, err := a.Tourney.Register(tpid(op.Player.ID), op.Player.DisplayName, tourney.Payment{Ticket: op.Ticket}, rngFrom(op.Seed))
	if err != nil {
		return nil, err
	}
	a.Players[reg.Entry.ID] = *op.Player
	if op.Bot {
		a.bots[reg.Entry.ID] = true
	}
	a.joinPair(*op.Player, op.Bot, op.Pair)
	if n, ok := a.pairByPlayer[op.Player.ID]; ok {
		// The pair counts once in the payout table (R-TRN-19).
		if err := a.Tourney.SetPair(reg.Entry.ID, n); err != nil {
			return nil, err
		}
		reg.Entry.Pair = n
	}
	if reg.Seat.Table != 0 {
		a.stacks[reg.Entry.ID] = reg.Chips
	}
	return reg, nil
}

// unregisterOp withdraws a registration before the start; the result is
// the entry withdrawn.
type unregisterOp struct {
	Player *bot.Player `json:"player,omitempty"`
}

func (unregisterOp) kind() string { return opUnregister }
func (op unregisterOp) apply(a *Director) (any, error) {
	if op.Player == nil {
		return nil, errors.New("unregister without a player")
	}
	var id tourney.EntryID
	for _, e := range a.Tourney.Entries() {
		if e.Player == tpid(op.Player.ID) && !e.Out {
			id = e.ID
		}
	}
	if err := a.Tourney.Unregister(tpid(op.Player.ID)); err != nil {
		return nil, err
	}
	a.leavePair(*op.Player)
	delete(a.Players, id)
	delete(a.bots, id)
	return id, nil
}

// refuseOp refuses Player's entries (R-TRN-2): before the start their
// registration is cancelled (refunded with the op), and they may not
// enter again.
type refuseOp struct {
	Player *bot.Player `json:"player,omitempty"`
}

func (refuseOp) kind() string { return opRefuse }
func (op refuseOp) apply(a *Director) (any, error) {
	if op.Player == nil {
		return nil, errors.New("refuse without a player")
	}
	st := a.Tourney.State()
	if st == tourney.Finished || st == tourney.Cancelled {
		return nil, &tourney.StateError{Op: "refuse", State: st}
	}
	var id tourney.EntryID
	for _, e := range a.Tourney.Entries() {
		if e.Player == tpid(op.Player.ID) && !e.Out {
			id = e.ID
		}
	}
	a.Tourney.Refuse(tpid(op.Player.ID))
	if _, err := a.Tourney.Entry(id); id != 0 && err != nil { // the registration was cancelled
		a.leavePair(*op.Player)
		delete(a.Players, id)
		delete(a.bots, id)
	}
	return nil, nil
}

// startOp starts play: the draw for seats with Seed, at At (a scheduled
// event under its minimum is cancelled: R-TRN-1).
type startOp struct {
	Seed uint64    `json:"seed,omitempty"`
	At   time.Time `json:"at,omitzero"`
	// Rule is the seating rule the draw followed: seatingRule since
	// 2026-11-26; 0 in the log of a tournament started before, whose
	// replay draws its seats by the rule of then
	// (tourney.Tournament.UseFinalAtDraw).
	Rule int `json:"rule,omitempty"`
}

// seatingRule is the seating rule of the draws made now: a full table
// plus one starts at two tables (R-TRN-11, TDA 11).
const seatingRule = 1

func (startOp) kind() string { return opStart }
func (op startOp) apply(a *Director) (any, error) {
	t := a.Tourney
	if op.Rule < seatingRule {
		t.UseFinalAtDraw()
	}
	if err := t.Start(op.At, rngFrom(op.Seed)); err != nil {
		return nil, err
	}
	if t.State() != tourney.Cancelled {
		for _, e := range t.Entries() {
			a.stacks[e.ID] = t.Config().Structure.StartingStack
		}
		if a.IsFinal() {
			a.stageFinal()
		}
	}
	return nil, nil
}

// tableOp links a tournament table to the room's table that plays it.
type tableOp struct {
	Table   tourney.TableID `json:"table,omitempty"`
	TableID int64           `json:"table_id,omitempty"`
}

func (tableOp) kind() string { return opTable }
func (op tableOp) apply(a *Director) (any, error) {
	a.tableIDs[op.Table] = op.TableID
	return nil, nil
}

// handOp records a table's hand: the stacks after it and its busts
// (R-TRN-7); the result is the bounties paid (R-TRN-14).
type handOp struct {
	Table  tourney.TableID           `json:"table,omitempty"`
	Busts  []table.ReportBust        `json:"busts,omitempty"`
	Stacks map[tourney.EntryID]int64 `json:"stacks,omitempty"`
	// H4H are the tables of Busts when they busted in one hand-for-hand
	// hand (parallel to Busts): whatever their table, they are ranked by
	// their starting chips, equal chips tie (R-TRN-7).
	H4H []tourney.TableID `json:"h4h,omitempty"`
}

func (handOp) kind() string { return opHand }
func (op handOp) apply(a *Director) (any, error) {
	t := a.Tourney
	for e, s := range op.Stacks {
		a.stacks[e] = s
	}
	var busts []tourney.Bust
	for _, b := range op.Busts {
		busts = append(busts, tourney.Bust{Entry: b.Entry, StartStack: b.Start})
	}
	if len(op.H4H) == len(op.Busts) && len(op.H4H) > 0 {
		if err := t.EliminateHandForHand(bustsByTable(busts, op.H4H)); err != nil {
			return nil, err
		}
	} else if err := t.Eliminate(busts); err != nil {
		return nil, err
	}
	pays := a.knockouts(op.Busts)
	a.countKnockouts(op.Busts, pays)
	for _, b := range op.Busts {
		delete(a.stacks, b.Entry)
	}
	return pays, nil
}

// bustsByTable groups the busts of one hand-for-hand hand by table, in
// the order the tables first appear.
func bustsByTable(busts []tourney.Bust, tables []tourney.TableID) [][]tourney.Bust {
	byTable := map[tourney.TableID][]tourney.Bust{}
	var order []tourney.TableID
	for i, b := range busts {
		if _, ok := byTable[tables[i]]; !ok {
			order = append(order, tables[i])
		}
		byTable[tables[i]] = append(byTable[tables[i]], b)
	}
	var lists [][]tourney.Bust
	for _, no := range order {
		lists = append(lists, byTable[no])
	}
	return lists
}

// knockouts pays the bounties of a hand's busts (R-TRN-14): the winners
// of the last pot who covered the busted player share the bounty; when
// none covered, the winners share it all the same.
func (a *Director) knockouts(busts []table.ReportBust) []bountyPay {
	bs := a.Tourney.Bounties()
	if bs == nil {
		return nil
	}
	var pays []bountyPay
	for _, b := range busts {
		ws := b.Winners
		covered := false
		for _, w := range ws {
			if w.StartStack >= b.Start {
				covered = true
			}
		}
		if !covered { // nobody who won the last pot covered: the winners share it all the same
			ws = append([]tourney.PotWinner(nil), ws...)
			for i := range ws {
				ws[i].StartStack = b.Start
			}
		}
		if len(ws) == 0 {
			continue
		}
		ps, err := bs.Knockout(b.Entry, b.Start, ws)
		if err != nil {
			continue // a bounty already taken: nothing to pay
		}
		for _, p := range ps {
			pays = append(pays, bountyPay{Victim: b.Entry, BountyPayment: p})
		}
	}
	return pays
}

// rebalanceOp balances or breaks tables (R-TRN-11, TDA 9-10) with Seed;
// the result is the moves.
type rebalanceOp struct {
	Seed   uint64                    `json:"seed,omitempty"`
	Stacks map[tourney.EntryID]int64 `json:"stacks,omitempty"`
	// Pos are the tables' last button and blinds: the player due to post
	// the big blind next moves (TDA 10).
	Pos map[tourney.TableID]tourney.Positions `json:"pos,omitempty"`
	// Rule is the balancing rule the op followed: balanceRule since
	// 2026-11-28; 0 in the log of a rebalance made before, whose replay
	// seats a player moved to a table that has not dealt in its lowest
	// open seat, as then (tourney.Seating.LowestSeatAtNewTable).
	Rule int `json:"rule,omitempty"`
}

// balanceRule is the balancing rule of the rebalances made now: a player
// moved to a table that has not dealt takes the big blind of its first
// hand, never its button nor small blind (R-TRN-11, TDA 10-A).
const balanceRule = 1

func (rebalanceOp) kind() string { return opRebalance }
func (op rebalanceOp) apply(a *Director) (any, error) {
	for e, s := range op.Stacks {
		a.stacks[e] = s
	}
	if a.Tourney.Seating() == nil {
		return nil, nil
	}
	for no, p := range op.Pos {
		if tb, ok := a.Tourney.Seating().Table(no); ok {
			tb.Pos = p
		}
	}
	s := a.Tourney.Seating()
	s.LowestSeatAtNewTable = op.Rule < balanceRule
	defer func() { s.LowestSeatAtNewTable = false }()
	return s.Rebalance(rngFrom(op.Seed))
}

// lateEndOp ends late registration (R-TRN-5): the prize pool is fixed.
type lateEndOp struct{}

func (lateEndOp) kind() string { return opLateEnd }
func (lateEndOp) apply(a *Director) (any, error) {
	if err := a.Tourney.CloseLateRegistration(); err != nil {
		return nil, err
	}
	a.closeDone = true
	a.addOnOpen = a.Tourney.Config().Rebuys.Limit == 0 && a.Tourney.Config().AddOn.Stack > 0
	return nil, nil
}

// rebuyOp is a rebuy (R-TRN-4) of Entry, whose stack was Stack; the
// result is the chips added.
type rebuyOp struct {
	Entry tourney.EntryID `json:"entry,omitempty"`
	Stack int64           `json:"stack,omitempty"`
}

func (rebuyOp) kind() string { return opRebuy }
func (op rebuyOp) apply(a *Director) (any, error) {
	chips, err := a.Tourney.Rebuy(op.Entry, op.Stack)
	if err != nil {
		return nil, err
	}
	return a.credited(op.Entry, chips), nil
}

// addOnOp is Entry's add-on (R-TRN-4); the result is the chips added.
type addOnOp struct {
	Entry tourney.EntryID `json:"entry,omitempty"`
	Stack int64           `json:"stack,omitempty"`
}

func (addOnOp) kind() string { return opAddOn }
func (op addOnOp) apply(a *Director) (any, error) {
	chips, err := a.Tourney.AddOn(op.Entry)
	if err != nil {
		return nil, err
	}
	return a.credited(op.Entry, chips), nil
}

// credited adds a rebuy's or an add-on's chips to e's stack.
func (a *Director) credited(e tourney.EntryID, chips tourney.Chips) tourney.Chips {
	a.credit[e] += chips
	a.stacks[e] += chips
	delete(a.pending, e)
	return chips
}

// rebuyEndOp ends the rebuy period; the add-on opens (R-TRN-4).
type rebuyEndOp struct{}

func (rebuyEndOp) kind() string { return opRebuyEnd }
func (rebuyEndOp) apply(a *Director) (any, error) {
	if err := a.Tourney.EndRebuyPeriod(); err != nil {
		return nil, err
	}
	a.addOnOpen = a.Tourney.Config().AddOn.Stack > 0
	return nil, nil
}

// addOnEndOp closes the add-on (R-TRN-4).
type addOnEndOp struct{}

func (addOnEndOp) kind() string { return opAddOnEnd }
func (addOnEndOp) apply(a *Director) (any, error) {
	a.Tourney.CloseAddOn()
	a.addOnOpen = false
	return nil, nil
}

// pauseOp stops the clock at At.
type pauseOp struct {
	At time.Time `json:"at,omitzero"`
}

func (pauseOp) kind() string { return opPause }
func (op pauseOp) apply(a *Director) (any, error) {
	a.pauses = append(a.pauses, tourney.Pause{From: op.At})
	return nil, nil
}

// resumeOp starts the clock again at At.
type resumeOp struct {
	At time.Time `json:"at,omitzero"`
}

func (resumeOp) kind() string { return opResume }
func (op resumeOp) apply(a *Director) (any, error) {
	if n := len(a.pauses); n > 0 && a.pauses[n-1].To.IsZero() {
		a.pauses[n-1].To = op.At
	}
	return nil, nil
}

// cancelOp cancels the tournament (entries are refunded).
type cancelOp struct{}

func (cancelOp) kind() string                   { return opCancel }
func (cancelOp) apply(a *Director) (any, error) { return nil, a.Tourney.Cancel() }

// FinishOp records that the tournament is over and paid: its league
// points (R-LGE-2), or a flight's survivors (Stacks) and the level it
// ended on (R-TRN-16).
type FinishOp struct {
	Stacks map[tourney.EntryID]int64 `json:"stacks,omitempty"`
	Level  int                       `json:"level,omitempty"`
	// Points are a finished tournament's league points by player (R-LGE-2).
	Points map[int64]int `json:"points,omitempty"`
}

func (FinishOp) kind() string { return OpFinish }
func (op FinishOp) apply(a *Director) (any, error) {
	a.Over = true
	if a.finalID != 0 && op.Stacks != nil { // a flight's survivors
		a.qualifiers, a.endedLevel = op.Stacks, op.Level
	}
	return nil, nil
}

// QualifyOp takes a flight's survivors into its staged final (R-TRN-16).
type QualifyOp struct {
	// Flight is the flight's label (stored as "ticket").
	Flight     string      `json:"ticket,omitempty"`
	Level      int         `json:"level,omitempty"`
	Stack      int64       `json:"stack,omitempty"` // the flight's prize money carried
	Qualifiers []qualifier `json:"qualifiers,omitempty"`
	Seed       uint64      `json:"seed,omitempty"`
}

func (QualifyOp) kind() string                      { return OpQualify }
func (op QualifyOp) apply(a *Director) (any, error) { return nil, a.applyQualify(op) }

// mergeOp joins each pair's stacks (R-TRN-19).
type mergeOp struct {
	Stacks map[tourney.EntryID]int64 `json:"stacks,omitempty"`
}

func (mergeOp) kind() string                      { return opMerge }
func (op mergeOp) apply(a *Director) (any, error) { return nil, a.applyMerge(op) }

// ticketOp records a satellite's seat awarded to Entry (R-TRN-15); Given:
// it went as a registration in the target, not in chips.
type ticketOp struct {
	Entry tourney.EntryID `json:"entry,omitempty"`
	Given bool            `json:"given,omitempty"`
}

func (ticketOp) kind() string { return opTicket }
func (op ticketOp) apply(a *Director) (any, error) {
	a.Ticketed[op.Entry] = true
	if op.Given {
		if a.given == nil {
			a.given = map[tourney.EntryID]bool{}
		}
		a.given[op.Entry] = true
	}
	return nil, nil
}

// windfallOp draws a windfall's prize multiplier with Seed (R-TRN-17).
type windfallOp struct {
	Seed uint64 `json:"seed,omitempty"`
}

func (windfallOp) kind() string { return opWindfall }
func (op windfallOp) apply(a *Director) (any, error) {
	w, err := tourney.DrawWindfall(a.Tourney.Config().BuyIn, rngFrom(op.Seed))
	if err != nil {
		return nil, err
	}
	a.Windfall = &w
	return w, nil
}

// dqOp disqualifies Entry, whose Stack leaves play (R-TRN-20).
type dqOp struct {
	Entry tourney.EntryID `json:"entry,omitempty"`
	Stack int64           `json:"stack,omitempty"`
}

func (dqOp) kind() string { return opDisqualify }
func (op dqOp) apply(a *Director) (any, error) {
	if _, err := a.Tourney.Disqualify(op.Entry, op.Stack); err != nil {
		return nil, err
	}
	delete(a.stacks, op.Entry)
	delete(a.pending, op.Entry)
	return nil, nil
}

// timedEndOp ends a timed tournament by chips (R-TRN-12): Shares are
// the prizes by ICM; a flight's survivors qualify at Level (R-TRN-16).
type timedEndOp struct {
	Stacks map[tourney.EntryID]int64 `json:"stacks,omitempty"`
	Shares map[tourney.EntryID]int64 `json:"shares,omitempty"`
	Level  int                       `json:"level,omitempty"`
}

func (timedEndOp) kind() string { return opTimedEnd }
func (op timedEndOp) apply(a *Director) (any, error) {
	if err := a.Tourney.FinishByChips(op.Stacks); err != nil {
		return nil, err
	}
	a.Shares = op.Shares
	if a.finalID != 0 { // a flight: its survivors with chips qualify
		a.qualifiers, a.endedLevel = map[tourney.EntryID]int64{}, op.Level
		for e, s := range op.Stacks {
			if s > 0 { // not one busted and waiting to rebuy
				a.qualifiers[e] = s
			}
		}
	}
	return nil, nil
}

// dealOp is a deal the players still in agreed (R-TRN-18): Shares are
// paid; Stack, when positive, is the part of the first prize kept in
// play.
type dealOp struct {
	Stacks map[tourney.EntryID]int64 `json:"stacks,omitempty"`
	Shares map[tourney.EntryID]int64 `json:"shares,omitempty"`
	Stack  int64                     `json:"stack,omitempty"`
}

func (dealOp) kind() string { return opDeal }
func (op dealOp) apply(a *Director) (any, error) {
	if op.Stack > 0 {
		// A deal that keeps part of the first prize in play: the shares
		// are paid with the op, play goes on for the rest.
		a.Dealt, a.Shares, a.Kept = true, op.Shares, op.Stack
		return nil, nil
	}
	// The deal ends play: the places by chips (league points), the
	// prizes of the players still in by the deal.
	if err := a.Tourney.FinishByChips(op.Stacks); err != nil {
		return nil, err
	}
	a.Dealt = true
	a.Shares = op.Shares
	return nil, nil
}

// levelOp records that level Level (an index of the structure) was
// announced.
type levelOp struct {
	Level int `json:"level,omitempty"`
}

func (levelOp) kind() string { return opLevel }
func (op levelOp) apply(a *Director) (any, error) {
	a.announced = op.Level
	return nil, nil
}
