package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/tourney"
)

// A table after a restart: read back from the store (seats, state, the
// hand in play resumed from its events, or voided), its deadlines armed
// again.

// load reads the table as the store holds it (seats, the table's state,
// the hand in progress, the timers) and only then replaces what the actor
// holds: at start (fresh false: the record and deadlines the room read),
// and after a failed write (fresh true: everything read anew). On an error
// nothing in memory changed. A hand that cannot be resumed (a gap in its
// log, an event or setup that cannot be read, one the engine refuses) is
// voided as a misdeal: ended, its chips back on the stacks they started
// from (the stored seats hold them until the hand ends), in one write.
func (t *Table) load(ctx context.Context, fresh bool) error {
	seats, err := t.loadSeats(ctx)
	if err != nil {
		return err
	}
	stateJSON, deadlines, closed, err := t.loadState(ctx, fresh)
	if err != nil {
		return err
	}
	var st State
	if stateJSON != "" {
		if err := json.Unmarshal([]byte(stateJSON), &st); err != nil {
			return fmt.Errorf("%w: table state: %w", ErrBadRecord, err)
		}
	}
	in, voided, err := t.loadHand(ctx, seats, &st)
	if err != nil {
		return err
	}
	// Nothing can fail from here: the actor takes the stored state whole.
	t.Seats = seats
	t.stateJSON = stateJSON
	t.handNo, t.button, t.carry, t.lastReport = st.Hands, st.Button, st.Carry, st.Report
	t.carryBy = st.CarryBy
	t.shownStored = st.Hands
	if st.Shown != nil {
		t.shownStored = *st.Shown
	}
	t.bigBlind = st.BigBlindSeat - 1
	if t.Tour == nil {
		// A table closed in the store (a closing write stored although
		// reported failed) closes again, with nothing left to move; so
		// does a table of a pool closed before a restart, its request
		// not stored yet (CloseAfterHand).
		t.closing = st.Closing || closed || t.poolClosed
	}
	t.tpos, t.twoLeft = tourney.Positions{}, st.TwoLeft
	if st.Pos != nil {
		t.tpos = *st.Pos
	}
	t.hand, t.setup, t.handID, t.order, t.last, t.fair.hand, t.hidden = in.hand, in.setup, in.id, in.order, lastLines{}, in.fair, in.hidden
	t.turnAt, t.turnPhase, t.turnStart, t.reminded = time.Time{}, "", time.Time{}, false
	t.dealt = t.Deps.Clock.Now() // a hand restored is shown again from now
	t.botAt, t.botN = time.Time{}, 0
	t.leftMu.Lock()
	t.waiting, t.left, t.sitoutAt, t.sitoutWarn = nil, map[int64]LeftStack{}, map[int]time.Time{}, map[int]bool{}
	t.leftMu.Unlock()
	t.breaks = map[int64]time.Time{}
	t.outq, t.unseat, t.seatsDirty, t.seatsSaved = nil, nil, false, 0
	t.seatsStored = seatsSum(t.seatRecords())
	for _, d := range deadlines {
		t.restoreDeadline(d)
	}
	if t.hand != nil && t.turnAt.IsZero() && t.hand.ToAct() >= 0 {
		now := t.Deps.Clock.Now()
		t.turnAt, t.turnPhase, t.turnStart = now.Add(t.Config.Timer), "timer", now
	}
	for _, id := range voided {
		t.notifyGroup("table.voided", id, t.Label())
	}
	return nil
}

// loadSeats reads the table's seats as stored.
func (t *Table) loadSeats(ctx context.Context) ([]*Seat, error) {
	recs, err := t.Deps.Store.Seats(ctx, t.ID)
	if err != nil {
		return nil, err
	}
	seats := make([]*Seat, t.Config.Seats)
	for _, sr := range recs {
		if sr.Seat < 1 || sr.Seat > len(seats) {
			return nil, fmt.Errorf("%w: seat %d outside the table's %d", ErrBadRecord, sr.Seat, len(seats))
		}
		s := new(Seat)
		if err := json.Unmarshal([]byte(sr.State), s); err != nil {
			return nil, fmt.Errorf("%w: seat %d state: %w", ErrBadRecord, sr.Seat, err)
		}
		s.Stack, s.SittingOut = sr.Stack, sr.SittingOut
		if s.Player.ID != sr.PlayerID {
			return nil, fmt.Errorf("%w: seat %d: state of player %d, record of %d", ErrBadRecord, sr.Seat, s.Player.ID, sr.PlayerID)
		}
		if s.Bank > t.Config.Bank {
			s.Bank = t.Config.Bank
		}
		if !s.Bot && t.TourneyID == 0 && t.Tour == nil {
			// A player's chips at a cash table go back to their wallet in
			// the table's economy (a seat taken before economies named the
			// global wallet).
			acc, err := t.env.Wallet(ctx, s.Player, t.Comm)
			if err != nil {
				return nil, err
			}
			s.Account = acc
		}
		seats[sr.Seat-1] = s
	}
	return seats, nil
}

// loadState reads the table's stored state and deadlines: from the room's
// start (taken from what it read for every table) or afresh from the store
// (after a failed write); closed: the store no longer holds the table open.
func (t *Table) loadState(ctx context.Context, fresh bool) (stateJSON string, deadlines []bot.Deadline, closed bool, err error) {
	stateJSON = t.stateJSON
	if fresh {
		recs, err := t.Deps.Store.OpenTables(ctx, t.Comm.ID)
		if err != nil {
			return "", nil, false, err
		}
		closed = true
		for _, rec := range recs {
			if rec.ID == t.ID {
				stateJSON, closed = rec.State, false
			}
		}
		all, err := t.Deps.Store.Deadlines(ctx)
		if err != nil {
			return "", nil, false, err
		}
		for _, d := range all {
			if id, ok := DeadlineTable(d.Key); ok && id == t.ID {
				deadlines = append(deadlines, d)
			}
		}
	} else {
		deadlines = t.env.TakeDeadlines(t.ID)
	}
	return stateJSON, deadlines, closed, nil
}

// loadHand resumes the hand stored in play, if any; a hand that cannot be
// resumed is voided (its chips back to the stacks it started from) and
// listed in voided.
func (t *Table) loadHand(ctx context.Context, seats []*Seat, st *State) (in inPlay, voided []string, err error) {
	hands, err := t.Deps.Store.OpenHands(ctx, t.ID)
	if err != nil {
		return inPlay{}, nil, err
	}
	for i, hr := range hands {
		h, hs, hidden, why := resumeHand(hr)
		if why == "" && i < len(hands)-1 {
			why = "a later hand was started" // cannot happen with CommitTables; never play it
		}
		if why != "" {
			var hs bot.HandTag
			if json.Unmarshal([]byte(hr.Setup.Tag), &hs) == nil && hs.Number > st.Hands {
				st.Hands = hs.Number // the next hand has a number (and a deck) of its own
			}
			if err := t.voidHand(ctx, hr, why, seats, st); err != nil {
				return inPlay{}, nil, fmt.Errorf("void hand %d: %w", hr.ID, err)
			}
			voided = append(voided, fmt.Sprintf("%d", hr.ID))
			t.Deps.Log.Error("hand voided: it cannot be resumed; its chips went back to the stacks it started from", "table", t.ID, "hand", hr.ID, "why", why)
			continue
		}
		setup := hr.Setup
		in = inPlay{hand: h, setup: &setup, id: hr.ID, order: hs.Order, fair: fairOf(hr, hs), hidden: hidden}
		st.Hands, st.Button = hs.Number, hs.Button
		st.BigBlindSeat = bigBlindOf(hs.Order) + 1
		if hs.Pos != nil {
			st.Pos = hs.Pos
			st.BigBlindSeat = int(hs.Pos.BigBlind)
		}
	}
	return in, voided, nil
}

// inPlay is the hand in play as loadHand resumed it: the hand, its setup,
// id, order of table seats and deck commitment.
type inPlay struct {
	hand  *engine.Hand
	setup *engine.Setup
	id    int64
	order []int
	fair  fairHand
	// hidden are the hand's fast folds out of turn not shown yet.
	hidden map[int]bool
}

// resumeHand rebuilds a stored hand and the fast folds out of turn it
// has not shown yet (hiddenFolds); why says why it cannot be (the hand is
// then voided).
func resumeHand(hr bot.HandRecord) (h *engine.Hand, hs bot.HandTag, hidden map[int]bool, why string) {
	if hr.Broken != "" {
		return nil, hs, nil, hr.Broken
	}
	if err := json.Unmarshal([]byte(hr.Setup.Tag), &hs); err != nil || len(hs.Order) != len(hr.Setup.Seats) {
		return nil, hs, nil, "its seat order was not stored"
	}
	hidden = map[int]bool{}
	h, err := engine.ResumeSteps(hr.Setup, hr.Events, func(h *engine.Hand, a engine.Action, prev int, street engine.Street) {
		hiddenFolds(h, a, prev, street, hidden)
	})
	if err != nil {
		return nil, hs, nil, "the engine cannot replay it: " + err.Error()
	}
	if len(hidden) == 0 {
		hidden = nil
	}
	return h, hs, hidden, ""
}

// voidHand ends a hand that cannot be resumed as a misdeal: the stored
// seats keep the stacks the hand started from (a hand moves no chip on
// the ledger before it ends), and a pot carried into it stays carried.
func (t *Table) voidHand(ctx context.Context, hr bot.HandRecord, why string, seats []*Seat, st *State) error {
	st.Carry = max(st.Carry, hr.Setup.CarriedPot)
	var recs []bot.SeatRecord
	for i, s := range seats {
		if s != nil {
			recs = append(recs, bot.SeatRecord{Seat: i + 1, PlayerID: s.Player.ID, Stack: s.Stack, SittingOut: s.SittingOut, State: MustJSON(s)})
		}
	}
	w := &bot.TableWrite{TableID: t.ID, HandID: hr.ID, EndHand: true, Void: why, Seats: recs, SaveSeats: true,
		State: MustJSON(st), SaveState: true, ClearDeadlines: []string{t.key("turn")}, At: t.Deps.Clock.Now()}
	return t.Deps.Store.CommitTables(ctx, []*bot.TableWrite{w})
}

// ErrBadRecord marks a table whose stored record cannot be used (not a
// store that cannot be read): the room starts without it.
var ErrBadRecord = errors.New("the table's stored record cannot be used")

func (t *Table) restoreDeadline(d bot.Deadline) {
	parts := strings.Split(d.Key, ":")
	if len(parts) < 2 {
		return
	}
	switch parts[1] {
	case "turn":
		var p turnPayload
		if json.Unmarshal([]byte(d.Payload), &p) == nil && (p.Hand == t.handID || p.Hand == 0) && t.hand != nil && p.Actions == len(t.hand.Events()) {
			t.turnAt, t.turnPhase, t.turnStart = d.At, p.Phase, p.Start
		}
	case "sitout":
		if n, err := strconv.Atoi(parts[2]); err == nil && n >= 0 && n < len(t.Seats) && t.Seats[n] != nil {
			t.sitoutAt[n] = d.At
			t.sitoutWarn[n] = d.Payload == sitoutWarning // none: the end of the grace (and before the warning)
		}
	case "left":
		var l LeftStack
		if id, err := strconv.ParseInt(parts[2], 10, 64); err == nil && json.Unmarshal([]byte(d.Payload), &l) == nil {
			if l.Stakes == "" {
				// Stored by a version whose records did not say their
				// stakes: they are this table's (R-CASH-3), and must
				// say so once it closes (ClosedLeft).
				l.Comm, l.Variant, l.Stakes = t.Comm.ID, t.Config.Variant, t.Config.Stakes()
			}
			t.setLeft(id, l)
		}
	case "break":
		var at time.Time
		if id, err := strconv.ParseInt(parts[2], 10, 64); err == nil && json.Unmarshal([]byte(d.Payload), &at) == nil {
			t.breaks[id] = at
		}
	case "wait":
		var w waiter
		if json.Unmarshal([]byte(d.Payload), &w) == nil {
			t.waiting = append(t.waiting, w)
			sort.SliceStable(t.waiting, func(i, j int) bool { return t.waiting[i].Since.Before(t.waiting[j].Since) })
		}
	}
}

type turnPayload struct {
	Hand    int64     `json:"hand"`
	Actions int       `json:"actions"`
	Phase   string    `json:"phase"`
	Start   time.Time `json:"start"`
}

// Restore reads the table as the store holds it, after a restart; a
// tournament table waits for its director.
func (t *Table) Restore(ctx context.Context, meta Meta) error {
	if meta.Tourney != 0 {
		t.TourneyID = meta.Tourney
		t.Tour = &TourneyLink{No: meta.TNo, Sig: make(chan struct{}, 1)}
	}
	if err := t.load(ctx, false); err != nil {
		return err
	}
	t.summarized = t.handNo
	if t.hand != nil {
		t.summarized--
	} else if t.keepsShown() && t.shownStored < t.handNo {
		// The last hand's end was stored, its summary not sent (the
		// room stopped in between): sent now, once (standUp stores it
		// sent).
		t.summarized = t.shownStored
		t.showStored(ctx, 0, 0, nil)
	}
	t.storeCounts()
	return nil
}

// keepsShown reports whether the table stores the last hand whose
// summary it sent (State.Shown): a cash table, not a pool's or a
// tournament's.
func (t *Table) keepsShown() bool { return t.Tour == nil && t.TourneyID == 0 && !t.IsPool() }
