package table

import (
	"context"
	"errors"
	"maps"
	"slices"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/tourney"
)

// A table's write and the group commit it goes through: GroupCommit stores
// the writes of every table in shared transactions; below it, a table's
// side (write, commitWrite) and what a failed write leaves to do.

// GroupCommit batches the writes of many tables into one transaction: a
// table's actor hands its write over and waits for the batch it joined, so
// the room's throughput is not capped at one transaction per action.
type GroupCommit struct {
	c       bot.Committer
	in      chan *pendingWrite
	metrics *bot.Metrics
	// stopped is closed when run has returned: a write still queued then
	// was never committed.
	stopped chan struct{}
}

type pendingWrite struct {
	w    *bot.TableWrite
	done chan error
}

// maxBatch bounds the writes in one transaction.
const maxBatch = 512

// NewGroupCommit returns the group commit of a room's writes through c;
// Run runs it.
func NewGroupCommit(c bot.Committer, m *bot.Metrics) *GroupCommit {
	return &GroupCommit{c: c, in: make(chan *pendingWrite, maxBatch), metrics: m, stopped: make(chan struct{})}
}

// errStopped answers a write queued when the room stopped: it was not
// committed.
var errStopped = errors.New("the room stopped before the write was committed")

// Commit stores w in the next batch and waits for it. ctx bounds the wait
// for a place in the queue, and OpTimeout too when the queue is full.
// Once queued, the write is waited for whatever ctx says (its batch has
// its own deadline): a caller that gave up on a write the batch then
// commits would reload the table before the write lands, and memory would
// fall behind the store. The write's events are encoded first, on the
// caller's goroutine (bot.TableWrite.EncodeEvents): the batch's one
// goroutine only stores.
func (g *GroupCommit) Commit(ctx context.Context, w *bot.TableWrite) error {
	if err := w.EncodeEvents(); err != nil {
		return err
	}
	p := &pendingWrite{w: w, done: make(chan error, 1)}
	select {
	case g.in <- p: // a place at once: no timer made (every action comes here)
	default:
		if err := g.queue(ctx, p); err != nil {
			return err
		}
	}
	select {
	case err := <-p.done:
		return err
	case <-g.stopped:
		select {
		case err := <-p.done: // its batch was the last one
			return err
		default:
			return errStopped
		}
	}
}

// queue waits for a place in the queue for p, up to OpTimeout.
func (g *GroupCommit) queue(ctx context.Context, p *pendingWrite) error {
	ctx, cancel := context.WithTimeout(ctx, OpTimeout)
	defer cancel()
	select {
	case g.in <- p:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-g.stopped:
		return errStopped
	}
}

// Run commits batches until ctx ends: whatever is waiting when the last
// batch finished forms the next one.
func (g *GroupCommit) Run(ctx context.Context) {
	defer close(g.stopped)
	batch := make([]*pendingWrite, 0, maxBatch)
	writes := make([]*bot.TableWrite, 0, maxBatch)
	for {
		batch, writes = batch[:0], writes[:0]
		select {
		case <-ctx.Done():
			return
		case p := <-g.in:
			batch = append(batch, p)
		}
	fill:
		for len(batch) < maxBatch {
			select {
			case p := <-g.in:
				batch = append(batch, p)
			default:
				break fill
			}
		}
		for _, p := range batch {
			writes = append(writes, p.w)
		}
		cctx, cancel := context.WithTimeout(ctx, OpTimeout)
		err := g.c.CommitTables(cctx, writes)
		g.metrics.ObserveBatch(len(batch))
		if err != nil && len(batch) > 1 && refused(err) {
			// One table's bad write must not fail the others: commit
			// each alone to find it. Only a refusal is sure to have
			// rolled back; after any other failure the batch may have
			// been stored (a connection lost at the commit): committing
			// it again would deal a hand twice, so every table reloads
			// what the store holds instead.
			for _, p := range batch {
				p.done <- g.c.CommitTables(cctx, []*bot.TableWrite{p.w})
			}
			cancel()
			continue
		}
		cancel()
		for _, p := range batch {
			p.done <- err
		}
	}
}

// refused reports whether the store refused a write (the transaction
// rolled back for sure) rather than failing in a way that leaves unknown
// whether it was stored.
func refused(err error) bool {
	return errors.Is(err, bot.ErrInsufficientFunds) || errors.Is(err, bot.ErrDuplicate) || errors.Is(err, bot.ErrNotFound) ||
		errors.Is(err, bot.ErrMalformed)
}

// A table's writes: each step stored with its chips in one write, and
// what happens when a write fails (the last committed state read back, or
// the table paused until the store answers).

// write stores w (with the seats) through the group commit and waits for
// it. On failure the table reloads what the store holds: memory is never
// ahead of the store.
func (t *Table) write(w *bot.TableWrite) error { return t.commitWrite(w, true) }

// State is what a table keeps between hands (TableRecord.State).
type State struct {
	Hands  int `json:"hands"`
	Button int `json:"button"`
	// BigBlindSeat is the table seat (1..N) of the last big blind; 0 none
	// or not kept yet.
	BigBlindSeat int   `json:"big_blind_seat,omitempty"`
	Carry        int64 `json:"carry,omitempty"`
	// CarryBy is who put the carried pot in (carry.go).
	CarryBy []CarryShare `json:"carry_by,omitempty"`
	// Report is a tournament table's report of its last hand, sent again
	// after a restart.
	Report *HandReport `json:"report,omitempty"`
	// Pos is a tournament table's last button and blinds (dead button).
	Pos *tourney.Positions `json:"pos,omitempty"`
	// TwoLeft: a tournament table's next hand is dealt with two players
	// left in the whole event (Sync.TwoLeft).
	TwoLeft bool `json:"two_left,omitempty"`
	// Closing: a cash or pool table closes after the hand in progress
	// (/closetable, /closepool).
	Closing bool `json:"closing,omitempty"`
	// Shown is the number of the last hand whose summary a cash table
	// sent: below Hands, with no hand in play, the summary of the hand
	// that ended last was not sent (a crash after its end was stored),
	// and a restart sends it. nil (a state stored before it was kept):
	// taken as sent.
	Shown *int `json:"shown,omitempty"`
}

// commitWrite stores w, with the seats and the table's state when seats
// is true (an action that changed neither need not rewrite them).
func (t *Table) commitWrite(w *bot.TableWrite, seats bool) error {
	w.TableID = t.ID
	w.At = t.Deps.Clock.Now()
	var saved uint64
	if seats {
		t.seatsDirty = false
		recs := t.seatRecords()
		// The seats as the store holds them are not written again (the
		// state is): a hand's start rarely changes what its predecessor's
		// end stored.
		if saved = seatsSum(recs); saved != t.seatsSaved {
			w.Seats, w.SaveSeats = recs, true
		}
		st := State{Hands: t.handNo, Button: t.button, BigBlindSeat: t.bigBlind + 1, Carry: t.carry, CarryBy: t.carryBy, Report: t.lastReport, Pos: t.posState(),
			TwoLeft: t.twoLeft && t.Tour != nil, Closing: t.closing && t.Tour == nil}
		if t.keepsShown() {
			st.Shown = new(int)
			*st.Shown = t.summarized
		}
		w.State, w.SaveState = MustJSON(st), true
	}
	err := t.Deps.Commit.Commit(t.Deps.Ctx, w) // which bounds the wait for a place (OpTimeout)
	outq, unseat := t.outq, t.unseat
	t.outq, t.unseat = nil, nil
	if err == nil {
		if w.SaveSeats {
			t.seatsSaved, t.seatsStored = saved, saved
		}
		t.storeCounts()
		if w.SaveState {
			t.stateJSON = w.State
			if t.keepsShown() {
				t.shownStored = t.summarized
			}
		}
		for _, p := range unseat {
			t.env.SetSeated(p, t.ID, false)
		}
		for _, m := range outq {
			t.send(m)
		}
		return nil
	}
	if t.Deps.Ctx.Err() != nil {
		// The room is closing: the write was cut short, not refused. The
		// store holds the last committed state, which the next start
		// restores; nothing is reloaded, paused or told to the chat.
		t.Deps.Log.Info("table write cut short: the room is closing", "table", t.ID)
		t.stopping = true // not reloaded: nothing more may act on this memory
		return WriteErr(err)
	}
	t.Deps.Log.Error("table write failed; reloading the table from the store", "table", t.ID, "err", err)
	before := t.stored() // as the actor left the store, the failed write aside: nothing above changed it
	if !t.reload() {
		t.pause()
		return WriteErr(err)
	}
	if before.landed(w, saved, t.stored()) {
		// Stored after all (the answer was lost, not the write): the
		// table shows it; "try again" would have the player do it twice.
		t.Deps.Log.Warn("a table write reported failed was stored", "table", t.ID)
		t.publishIdle() // a seat taken or left between hands too
		return &bot.Error{Code: ErrStoredAfterAll.Code, Key: ErrStoredAfterAll.Key, Args: []any{t.Label()}, Err: err}
	}
	return WriteErr(err)
}

// ErrStoredAfterAll (errors.Is) answers a command whose write was reported
// failed but stored: it was done, and the table shows it.
var ErrStoredAfterAll = &bot.Error{Code: bot.EConflict, Key: "table.stored_after_all"}

// storedView is what a table's write can be recognised by in the store:
// the checksum of its seats, its state, and its hand with the number of
// events.
type storedView struct {
	seats  uint64
	state  string
	hand   int64
	events int
}

// stored is the table's storedView: before a write, of the store as the
// actor last wrote or read it (its memory holds the write's hand events
// already); after a reload, of the store as it is.
func (t *Table) stored() storedView {
	v := storedView{seats: t.seatsStored, state: t.stateJSON, hand: t.handID}
	if t.hand != nil {
		v.events = len(t.hand.Events())
	}
	return v
}

// landed reports whether w, which failed, was stored after all, as the
// table read back (after) shows: each of its seats (saved), its state and
// its hand's events that changed something is in the store. A write that
// changes none of them cannot be told apart: false.
func (before storedView) landed(w *bot.TableWrite, saved uint64, after storedView) bool {
	known := false
	if w.SaveSeats && before.seats != 0 && saved != before.seats {
		if after.seats != saved {
			return false
		}
		known = true
	}
	if w.SaveState && w.State != before.state {
		if after.state != w.State {
			return false
		}
		known = true
	}
	if len(w.Events) > 0 && w.NewHand == nil && w.HandID != 0 && w.HandID == before.hand {
		if w.EndHand && after.hand == w.HandID || !w.EndHand && (after.hand != w.HandID || after.events != before.events) {
			return false
		}
		known = true
	}
	return known
}

// seatsSum is a checksum of seat records (FNV-1a over every field), never
// 0: the seats last stored are known by it (Table.seatsSaved).
func seatsSum(recs []bot.SeatRecord) uint64 {
	const prime = 1099511628211
	h := uint64(14695981039346656037)
	num := func(v int64) {
		for i := 0; i < 64; i += 8 {
			h = (h ^ uint64(byte(v>>i))) * prime
		}
	}
	for _, r := range recs {
		num(int64(r.Seat))
		num(r.PlayerID)
		num(r.Stack)
		if r.SittingOut {
			num(1)
		} else {
			num(0)
		}
		num(int64(len(r.State)))
		for i := 0; i < len(r.State); i++ {
			h = (h ^ uint64(r.State[i])) * prime
		}
	}
	return max(h, 1)
}

// reload puts the table back at what the store holds after a failed write
// (which may have been stored although reported failed). It reports false
// when the store could not be read: the actor then holds a state nobody
// committed, and must pause.
func (t *Table) reload() bool {
	ctx, cancel := context.WithTimeout(t.Deps.Ctx, OpTimeout)
	defer cancel()
	oldHand, shown, hidden := t.handID, t.shownEvents, t.hidden
	if err := t.load(ctx, true); err != nil {
		t.Deps.Log.Error("table reload failed", "table", t.ID, "err", err)
		return false
	}
	defer t.showStored(ctx, oldHand, shown, hidden)
	t.syncSeated()
	t.storeCounts()
	if t.Tour != nil && t.hand == nil {
		// Between hands as stored (a hand's end may be stored although
		// the write was reported failed): hold, and tell the Director
		// what the store holds.
		t.reportHeld()
	}
	now := t.Deps.Clock.Now()
	if t.hand != nil && t.hand.ToAct() >= 0 {
		// The player to act loses no time to the failure.
		t.turnAt, t.turnPhase, t.turnStart, t.reminded = now.Add(t.Config.Timer), "timer", now, false
	}
	// The next step (a practice opponent's action, the next hand) is
	// tried again a second later, not at once: a store that refuses
	// every write is not hammered.
	t.holdUntil = now.Add(time.Second)
	return true
}

// showStored shows what the store holds when a write reported failed was
// stored after all: a hand dealt (its table message and hole cards), an
// action taken, or a hand ended (its summary; the leavers stand up, or a
// closing tournament table closes, once the actor is back in its loop:
// nothing here writes). For a write really lost there is nothing new to
// show. hidden are the fast folds out of turn not shown before the write:
// those the stored step passed are shown with it, as revealFolds does.
func (t *Table) showStored(ctx context.Context, oldHand int64, shown int, hidden map[int]bool) {
	switch {
	case t.hand != nil && t.handID != oldHand:
		t.version = 0
		t.publish()
		t.sendCards(nil)
	case t.hand != nil && len(t.hand.Events()) > shown:
		evs := t.hand.Events()[shown:]
		t.noteEvents(evs)
		for _, k := range slices.Sorted(maps.Keys(hidden)) {
			if !t.hidden[k] {
				t.noteEvents([]engine.Event{{Kind: engine.EvFold, Seat: k}})
			}
		}
		t.publish()
		t.sendCards(evs)
	case t.hand == nil && t.handNo > t.summarized:
		t.summarized = t.handNo
		recs, err := t.Deps.Store.RecentHands(ctx, t.ID, 1)
		if err == nil && len(recs) == 1 && recs[0].Voided == "" {
			if v, err := t.pastSummary(recs[0]); err == nil {
				t.send(bot.Outgoing{To: t.group(), Thread: t.thread, Priority: bot.PrioritySummary, Body: v})
				if sc := t.env.CommunityNow(t.Comm).SpectatorChat; sc != "" && t.Tour == nil {
					t.send(bot.Outgoing{To: bot.Destination{Platform: t.Comm.Platform, Chat: sc}, Priority: bot.PrioritySummary, Body: v})
				}
			}
		}
		t.afterHandDue = true
		if t.Tour == nil && !t.IsPool() {
			t.nextAt = t.Deps.Clock.Now().Add(t.Deps.Cfg.HandPause)
		}
		t.publishIdle()
	}
}

// duties does what a hand's end left to do when its end was shown by
// showStored: the leavers stand up, a closing tournament table closes,
// a pool table hands every seat back to its pool (poolStep, as finish
// has it: standing a leaving entry up as a cash table's leaver would
// leave it active in the pool, handed back by nobody).
func (t *Table) duties() {
	if t.paused || !t.afterHandDue || t.hand != nil {
		return
	}
	t.afterHandDue = false
	switch {
	case t.Tour != nil && t.closing:
		t.applySync(Sync{Close: true})
	case t.IsPool():
		t.poke()
	case t.Tour == nil:
		t.standUp()
	}
}

// pause stops the table until the store answers again.
func (t *Table) pause() {
	now := t.Deps.Clock.Now()
	if !t.paused {
		t.paused, t.pausedAt, t.pauseWait = true, now, FirstPauseRetry
		t.pauseTold = map[int64]bool{}
		t.Deps.Metrics.Paused.Add(1)
		t.Deps.Log.Warn("table paused: the database is unreachable", "table", t.ID)
		t.notifyGroup("table.paused", t.Label())
		t.showPaused()
	} else {
		t.pauseWait = min(2*t.pauseWait, MaxPauseRetry)
	}
	t.retryAt = now.Add(t.pauseWait)
}

// tryResume reads the store again; on success play resumes.
func (t *Table) tryResume() {
	t.retryAt = time.Time{}
	t.lastShown = false // the paused message is replaced by the table, once
	if !t.reload() {
		t.pause()
		return
	}
	t.paused = false
	t.Deps.Metrics.Paused.Add(-1)
	t.Deps.Log.Info("table resumed", "table", t.ID, "paused_for", t.Deps.Clock.Now().Sub(t.pausedAt))
	t.notifyGroup("table.resumed", t.Label())
	t.publish() // the same table as reload showed, if it showed one: not sent twice
	if t.hand != nil {
		t.sendCards(nil)
	}
	t.applySyncs()
	t.poke()
}

// pausedReply answers a command while the table is paused: the reason
// the first time a player asks, then a short reminder.
func (t *Table) pausedReply(p bot.Player) error {
	if t.pauseTold[p.ID] {
		return bot.Errorf(bot.EUnavailable, "table.still_paused", t.Label())
	}
	t.pauseTold[p.ID] = true
	return bot.Errorf(bot.EUnavailable, "table.paused_cmd", t.Label())
}
