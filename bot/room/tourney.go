package room

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	mrand "math/rand/v2"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/tourney"
)

// The tournament actor: one goroutine per tournament owns its
// tourney.Tournament (registration, the draw, eliminations, balancing,
// payouts) and directs its tables, each a table actor in tournament mode
// (ttable.go). Everything it decides is an op, appended to the
// tournament's log in the same transaction as the chips it moves, and
// applied by one function (mutate) both live and when the log is replayed
// after a restart: the replay rebuilds the same tournament.

// tourneyActor is a tournament's director.
type tourneyActor struct {
	d       *tourneyDeps
	env     tourneyEnv
	reg     *registry
	id      int64
	comm    bot.Community
	set     tourneySettings
	account int64 // the tournament's ledger account: prize pool and bounties
	house   int64 // the house account of its economy: fees, overlays, practice opponents

	t   *tourney.Tournament
	seq int64 // the last op stored

	// stale: an op's write failed and the store could not be read to
	// rebuild the tournament, so memory may hold an op nobody stored.
	// Nothing happens (commands answered "paused", no timer, reports kept)
	// until retryAt's rebuild succeeds; staleSeq is the op that failed
	// and staleBefore, staleAfter the live state around it.
	stale                   bool
	staleSeq                int64
	staleBefore, staleAfter liveState
	retryAt                 time.Time
	retryWait               time.Duration

	inbox   chan treq
	repMu   sync.Mutex
	reports []table.HandReport
	repSig  chan struct{}
	wake    chan struct{}
	timer   bot.Timer
	timerAt time.Time
	done    chan struct{}

	tableIDs map[tourney.TableID]int64 // tournament table -> room table
	tables   map[tourney.TableID]*table.Table
	metas    map[tourney.TableID]table.Meta // tables stored, not started yet
	away     map[tourney.EntryID]bool       // as the tables last reported
	// released is the hand after which a table was last released;
	// backoff holds one whose release dealt nothing (a failed write) for
	// a second, so that a store that fails is not hammered.
	released map[tourney.TableID]int
	backoff  map[tourney.TableID]time.Time
	hands    map[tourney.TableID]int
	// sent counts the releases sent to each table (handReport.Releases).
	sent map[tourney.TableID]int
	// pos are each table's last button and blinds, as it reported them:
	// balancing moves by them (TDA 10).
	pos  map[tourney.TableID]tourney.Positions
	held map[tourney.TableID]bool
	// retry holds a table's report whose busts could not be stored;
	// unlinked, tables stored whose op was not; again, when to try a
	// failed step again.
	retry    map[tourney.TableID]table.HandReport
	unlinked map[tourney.TableID]int64
	again    time.Time
	stacks   map[tourney.EntryID]int64
	credit   map[tourney.EntryID]int64 // chips bought: rebuys and add-on
	pending  map[tourney.EntryID]pendingBust
	ticketed map[tourney.EntryID]bool // satellite seats given
	given    map[tourney.EntryID]bool // of those, the seats given as registrations (not in chips)
	// shares are what a deal gave the players still in (R-TRN-18);
	// proposal is a deal waiting for every player's yes.
	shares   map[tourney.EntryID]int64
	proposal *dealProposal
	// windfall is a windfall's draw (R-TRN-17); ending: a timed
	// tournament's time is up, the tables finish their hands.
	windfall *tourney.WindfallOutcome
	ending   bool
	dealt    bool  // the shares are a deal's (else a timed end's)
	kept     int64 // a deal's part of the first prize left in play
	waitSaid bool  // a final said it waits for its flights
	// regClosed: an admin (or close=) closed registration before the
	// start; closeDone: the close= time has acted (once).
	regClosed, closeDone bool
	// idleSince: over, when the tournament was last used (it retires an
	// hour later); loaded: brought back by a command (loadEnded).
	idleSince time.Time
	loaded    bool
	// dq are disqualifications waiting for their table's hand to end.
	dq      map[tourney.EntryID]bool
	players map[tourney.EntryID]bot.Player
	bots    map[tourney.EntryID]bool
	pauses  []tourney.Pause
	// announced is the index of the last level announced; gathering:
	// tables are held until all are, to balance them.
	announced         int
	gathering         bool
	bubbleSaid, final bool
	// h4h are the busts of the hand-for-hand hand in play, by table,
	// eliminated together once every table has played it (TDA 12);
	// h4hStacks the stacks those tables reported; h4hSaid: hand for
	// hand was announced.
	h4h       map[tourney.TableID][]table.ReportBust
	h4hStacks map[tourney.EntryID]int64
	h4hSaid   bool
	addOnOpen bool
	over      bool // finished or cancelled, paid
	// target is a satellite's target event (fixed at creation, read by
	// other actors); reserving counts satellites being created for this
	// event, which has its buy-in fixed meanwhile; ticketsDone: a
	// satellite's seats are settled: all given, or the satellite
	// cancelled.
	target       int64
	reserving    int
	seatsSettled atomic.Bool
	// Staged tournaments (R-TRN-16). A flight's final (fixed at
	// creation, read by other actors), and at its end its survivors'
	// stacks and the level it ended on. A final's flights taken in, by
	// label, and the index of the level it starts at.
	finalID    int64
	qualifiers map[tourney.EntryID]int64
	endedLevel int
	flights    []tourney.FlightResult
	flightDone map[string]bool
	fromIndex  int
	// Pairs (R-TRN-19, tpairs.go): the pairs by number, each player's
	// pair, and after the merge each pair's entry.
	pairs        map[int]*pairOf
	pairByPlayer map[int64]int
	pairEntry    map[tourney.EntryID]int
	merged       bool
	version      int64
	lastLobby    string
	// summary (a line for /tourneys), overFlag and seatsSettled are read
	// outside the
	// actor.
	summary  atomic.Value
	overFlag atomic.Bool
}

// treq is a command for a tournament's actor.
type treq struct {
	ctx   context.Context
	cmd   bot.Command
	p     bot.Player
	admin bool
	// perm is what the command table asks of the player (PermSeated: an
	// entry still in); the zero value, for the room's own requests, asks
	// nothing.
	perm bot.Permission
	tok  *bot.ButtonToken
	sync bool
	// ticket: a satellite's seat pays the entry.
	ticket *ticketPay
	// carry: a flight's survivors and prize money for its final.
	carry *carry
	// query runs in the actor's goroutine: what another actor asks of
	// this tournament's state.
	query func() error
	reply chan table.Response
}

// pendingBust is a player busted during the rebuy period, with rebuys
// left: out when the window passes without a rebuy (R-TRN-4). At is when
// they busted (tourney.BustStands); a bust whose write failed is tried
// again a second later (At set back so that it stands then).
type pendingBust struct {
	Table tourney.TableID
	Bust  table.ReportBust
	At    time.Time
}

// newDirector returns the director of a tournament, not started.
func newDirector(d *tourneyDeps, env tourneyEnv, reg *registry, rec bot.TourneyRecord, set tourneySettings, comm bot.Community, house int64) (*tourneyActor, error) {
	t, err := tourney.New(set.Config)
	if err != nil {
		return nil, err
	}
	a := &tourneyActor{d: d, env: env, reg: reg, id: rec.ID, comm: comm, house: house, set: set, t: t,
		inbox: make(chan treq, table.InboxSize), repSig: make(chan struct{}, 1), wake: make(chan struct{}, 1), done: make(chan struct{}),
		tableIDs: map[tourney.TableID]int64{}, tables: map[tourney.TableID]*table.Table{}, held: map[tourney.TableID]bool{}, metas: map[tourney.TableID]table.Meta{}, away: map[tourney.EntryID]bool{},
		released: map[tourney.TableID]int{}, backoff: map[tourney.TableID]time.Time{}, hands: map[tourney.TableID]int{}, sent: map[tourney.TableID]int{}, pos: map[tourney.TableID]tourney.Positions{}, retry: map[tourney.TableID]table.HandReport{}, unlinked: map[tourney.TableID]int64{},
		stacks: map[tourney.EntryID]int64{}, credit: map[tourney.EntryID]int64{}, pending: map[tourney.EntryID]pendingBust{}, ticketed: map[tourney.EntryID]bool{},
		players: map[tourney.EntryID]bot.Player{}, bots: map[tourney.EntryID]bool{}, announced: -1, target: set.Target, finalID: set.Flight, flightDone: map[string]bool{},
		pairs: map[int]*pairOf{}, pairByPlayer: map[int64]int{}, pairEntry: map[tourney.EntryID]int{}}
	a.summary.Store(a.label() + " " + set.Config.Name)
	return a, nil
}

// rng is the randomness of an op: a seed stored with it, so that the
// replay draws the same seats.
func rngFrom(seed uint64) *mrand.Rand { return mrand.New(mrand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

func (a *tourneyActor) seed() uint64 {
	if a.d.deckSeed != 0 {
		return mix(a.d.deckSeed, uint64(a.id), uint64(a.seq+1))
	}
	return mrand.Uint64() | 1
}

type bountyPay struct {
	Victim tourney.EntryID
	tourney.BountyPayment
}

// do stores an op with the chips it moves (and a status change), then
// keeps it applied; a failed write rebuilds the tournament from the store.
func (a *tourneyActor) do(op tOp, moves func(res any) []bot.Move, status *bot.TourneyStatus) (any, error) {
	// What is live and not an op (the stacks reported since the last op,
	// the rebuy windows), as it was before the op and as the op left it:
	// a rebuild after a failed write puts back the one that matches
	// whether the op was stored.
	if a.stale {
		return nil, bot.Errorf(bot.EUnavailable, "tourney.db_paused", a.label())
	}
	before := a.saveLive()
	res, err := op.apply(a)
	if err != nil {
		return nil, err
	}
	// After the op, the maps themselves: a rebuild makes new ones and
	// leaves these as they are.
	after := liveState{stacks: a.stacks, pending: a.pending, proposal: a.proposal, ending: a.ending}
	w := &bot.TableWrite{TourneyOps: []bot.TourneyOp{{TourneyID: a.id, Seq: a.seq + 1, Kind: op.kind(), Data: table.MustJSON(op)}}, Status: status}
	if moves != nil {
		w.Moves = moves(res)
	}
	if status == nil {
		w.Status = &bot.TourneyStatus{TourneyID: a.id, Status: a.status()}
	}
	w.At = a.d.clock.Now()
	ctx, cancel := context.WithTimeout(a.d.ctx, table.OpTimeout)
	defer cancel()
	if err := a.d.commit.Commit(ctx, w); err != nil {
		a.d.log.Error("tournament write failed; rebuilding it from the store", "tourney", a.id, "err", err)
		seq := a.seq + 1
		lerr := a.replay(ctx)
		if lerr != nil {
			a.d.log.Error("tournament rebuild failed; paused until the store answers", "tourney", a.id, "err", lerr)
			a.goStale(seq, before, after)
			return nil, table.WriteErr(err)
		}
		if a.seq >= seq {
			// Stored after all (the answer was lost, not the write): the
			// replay made the same state, and the op goes on.
			a.restoreLive(after)
			a.d.log.Warn("a tournament write reported failed was stored", "tourney", a.id, "op", op.kind())
			return res, nil
		}
		a.restoreLive(before)
		return nil, table.WriteErr(err)
	}
	a.seq++
	return res, nil
}

// goStale pauses the director after a failed write it could not
// rebuild from: see tourneyActor.stale.
func (a *tourneyActor) goStale(seq int64, before, after liveState) {
	now := a.d.clock.Now()
	if !a.stale {
		a.stale, a.staleSeq, a.staleBefore, a.staleAfter = true, seq, before, after
		a.retryWait = table.FirstPauseRetry
		a.d.metrics.PausedTourneys.Add(1)
		a.d.log.Warn("tournament paused: the database is unreachable", "tourney", a.id)
	} else {
		a.retryWait = min(2*a.retryWait, table.MaxPauseRetry)
	}
	a.retryAt = now.Add(a.retryWait)
}

// tryFresh rebuilds a stale director from the store; on success it goes
// on where the store says it is.
func (a *tourneyActor) tryFresh() {
	ctx, cancel := context.WithTimeout(a.d.ctx, table.OpTimeout)
	defer cancel()
	if err := a.replay(ctx); err != nil {
		a.d.log.Error("tournament rebuild failed", "tourney", a.id, "err", err)
		a.goStale(a.staleSeq, a.staleBefore, a.staleAfter)
		return
	}
	if a.seq >= a.staleSeq {
		a.restoreLive(a.staleAfter)
	} else {
		a.restoreLive(a.staleBefore)
	}
	a.stale, a.retryAt = false, time.Time{}
	a.d.metrics.PausedTourneys.Add(-1)
	a.d.log.Info("tournament resumed", "tourney", a.id)
	a.setFlags()
	a.onReports()
	a.tick()
	a.publishLobby()
}

// liveState is what a tournament holds that is not an op: the stacks
// the tables reported since the last op, the rebuy windows, a deal
// proposed and a timed end under way.
type liveState struct {
	stacks   map[tourney.EntryID]int64
	pending  map[tourney.EntryID]pendingBust
	proposal *dealProposal
	ending   bool
}

func (a *tourneyActor) saveLive() liveState {
	return liveState{stacks: maps.Clone(a.stacks), pending: maps.Clone(a.pending), proposal: a.proposal, ending: a.ending}
}

// restoreLive puts live state back after a rebuild: the tables' stacks
// of the players the store still has in play, and the rest as it was.
func (a *tourneyActor) restoreLive(l liveState) {
	for e, s := range l.stacks {
		if _, ok := a.stacks[e]; ok {
			a.stacks[e] = s
		}
	}
	a.pending, a.proposal, a.ending = l.pending, l.proposal, l.ending
}

// setFlags publishes what other goroutines read: over, and a cancelled
// satellite's seats settled.
func (a *tourneyActor) setFlags() {
	a.overFlag.Store(a.over || a.t.State() == tourney.Cancelled)
	if a.t.State() == tourney.Cancelled {
		a.seatsSettled.Store(true)
	}
}

// status is the tournament's state as listed.
func (a *tourneyActor) status() string {
	if a.over && a.t.State() == tourney.Finished {
		return "finished"
	}
	return bot.StateNames[a.t.State()].En
}

// replay rebuilds the tournament from its stored ops.
func (a *tourneyActor) replay(ctx context.Context) error {
	ops, err := a.d.store.TourneyOps(ctx, a.id)
	if err != nil {
		return err
	}
	return a.replayOps(ops)
}

// replayOps rebuilds the tournament from ops, its stored log: replay's
// work, and the chip audit's (AuditChips), which reads the log itself.
func (a *tourneyActor) replayOps(ops []bot.TourneyOp) error {
	// An admin may start a scheduled event early: the start op's time is
	// then its start.
	for _, o := range ops {
		if o.Kind != opStart {
			continue
		}
		var op startOp
		if json.Unmarshal([]byte(o.Data), &op) == nil && a.set.Config.Kind == tourney.Scheduled && op.At.Before(a.set.Config.StartAt) {
			a.set.Config.StartAt = op.At
		}
	}
	t, err := tourney.New(a.set.Config)
	if err != nil {
		return err
	}
	a.t, a.seq = t, 0
	a.tableIDs, a.stacks, a.players, a.bots = map[tourney.TableID]int64{}, map[tourney.EntryID]int64{}, map[tourney.EntryID]bot.Player{}, map[tourney.EntryID]bool{}
	a.credit, a.pending, a.ticketed, a.given = map[tourney.EntryID]int64{}, map[tourney.EntryID]pendingBust{}, map[tourney.EntryID]bool{}, nil
	a.shares, a.proposal, a.windfall, a.ending, a.dealt, a.kept = nil, nil, nil, false, false, 0
	a.pauses, a.announced, a.over, a.addOnOpen = nil, -1, false, false
	a.qualifiers, a.endedLevel, a.flights, a.flightDone, a.fromIndex = nil, 0, nil, map[string]bool{}, 0
	a.pairs, a.pairByPlayer, a.pairEntry, a.merged = map[int]*pairOf{}, map[int64]int{}, map[tourney.EntryID]int{}, false
	a.regClosed, a.closeDone = false, false
	for _, o := range ops {
		op, err := decodeOp(o.Kind, o.Data)
		if err != nil {
			return fmt.Errorf("op %d %s: %w", o.Seq, o.Kind, err)
		}
		if o.Seq != a.seq+1 {
			return fmt.Errorf("op %d follows op %d", o.Seq, a.seq)
		}
		if _, err := op.apply(a); err != nil {
			return fmt.Errorf("op %d %s: %w", o.Seq, o.Kind, err)
		}
		a.seq = o.Seq
	}
	return nil
}

// clock is the level clock with the pauses.
func (a *tourneyActor) clock() tourney.Clock {
	c := a.t.Clock()
	c.Pauses = a.pauses
	c.FromIndex = a.fromIndex
	return c
}

func (a *tourneyActor) paused() bool {
	n := len(a.pauses)
	return n > 0 && a.pauses[n-1].To.IsZero()
}

func (a *tourneyActor) running() bool {
	switch a.t.State() {
	case tourney.LateRegistration, tourney.Running, tourney.FinalTable:
		return true
	}
	return false
}

// report hands a table's report to the actor; it never blocks.
// eventName is the tournament's name (director).
func (a *tourneyActor) EventName() string { return a.set.Config.Name }

func (a *tourneyActor) Report(tableID int64, rep table.HandReport) {
	a.repMu.Lock()
	a.reports = append(a.reports, rep)
	a.repMu.Unlock()
	select {
	case a.repSig <- struct{}{}:
	default:
	}
}

func (a *tourneyActor) takeReports() []table.HandReport {
	a.repMu.Lock()
	defer a.repMu.Unlock()
	r := a.reports
	a.reports = nil
	return r
}

// run is the actor's loop.
func (a *tourneyActor) run(ctx context.Context) {
	defer close(a.done)
	defer func() {
		if a.stale {
			a.d.metrics.PausedTourneys.Add(-1)
		}
	}()
	defer func() {
		if a.timer != nil {
			a.timer.Stop()
		}
	}()
	a.resume()
	for {
		select {
		case <-ctx.Done():
			return
		case req := <-a.inbox:
			if req.sync {
				var r bot.Reply
				if a.drain() {
					r.Text = "busy" // it took in reports: the tables may have more to do
				}
				req.reply <- table.Response{Reply: r}
				break
			}
			if req.query != nil {
				req.reply <- table.Response{Err: req.query()}
				break
			}
			r, err := a.handle(req)
			req.reply <- table.Response{Reply: r, Err: err}
			if a.retired() {
				a.idleSince = a.d.clock.Now() // used: kept another while
			}
		case <-a.repSig:
			a.onReports()
		case <-a.wake:
			a.timerAt = time.Time{}
			a.tick()
			if a.retired() && !a.d.clock.Now().Before(a.idleSince.Add(retireAfter)) {
				a.reg.retire(a)
				return // a command that names it loads it again (loadEnded)
			}
		}
		if ctx.Err() == nil {
			a.arm()
		}
	}
}

// drain takes in every report and due timer: what Settle waits for.
func (a *tourneyActor) drain() bool {
	took := false
	for range 1000 {
		if at := a.nextDeadline(); !at.IsZero() && !at.After(a.d.clock.Now()) {
			a.tick()
		}
		select {
		case <-a.repSig:
			took = true
			a.onReports()
		case <-a.wake:
			a.timerAt = time.Time{}
			a.tick()
		default:
			a.arm()
			return took
		}
	}
	a.arm()
	return took
}

// resume brings a tournament back after a restart: its tables are told
// where everyone sits; those between hands have reported again.
func (a *tourneyActor) resume() {
	a.setFlags()
	a.tick()
	a.publishLobby()
}

// arm sets the actor's timer to its next deadline.
func (a *tourneyActor) arm() {
	at := a.nextDeadline()
	if at.IsZero() || at.Equal(a.timerAt) {
		return
	}
	if a.timer != nil {
		a.timer.Stop()
	}
	a.timerAt = at
	a.timer = a.d.clock.AfterFunc(max(at.Sub(a.d.clock.Now()), 0), func() {
		select {
		case a.wake <- struct{}{}:
		default:
		}
	})
}

// nextDeadline is when the tournament next has something to do: open
// registration, start, or change level. They are computed from what is
// stored (the settings, the start, the pauses), so a restart re-arms
// them, and one that passed while the room was down fires at once.
func (a *tourneyActor) nextDeadline() time.Time {
	if a.stale {
		return a.retryAt
	}
	if a.retired() {
		if a.idleSince.IsZero() {
			a.idleSince = a.d.clock.Now()
		}
		return a.idleSince.Add(retireAfter)
	}
	at := a.deadline()
	if a.again.After(a.d.clock.Now()) && (at.IsZero() || a.again.Before(at)) {
		at = a.again // a step whose write failed
	}
	return at
}

// allHeld reports whether every table is between hands, waiting for
// the director.
func (a *tourneyActor) allHeld() bool {
	for no := range a.tables {
		if !a.held[no] {
			return false
		}
	}
	return true
}

// retireAfter is how long a tournament that is over stays in memory
// after its last command; retired reports one with nothing left to do.
const retireAfter = time.Hour

func (a *tourneyActor) retired() bool {
	return !a.stale && a.over && (a.target == 0 && a.finalID == 0 || a.seatsSettled.Load())
}

// retryLater has tick try again, a second later, a step whose write
// failed.
func (a *tourneyActor) retryLater() { a.again = a.d.clock.Now().Add(time.Second) }

func (a *tourneyActor) deadline() time.Time {
	cfg := a.t.Config()
	st := a.t.State()
	if (st == tourney.Finished || st == tourney.Cancelled) && !a.over ||
		st == tourney.Finished && (a.target != 0 || a.finalID != 0) && !a.seatsSettled.Load() {
		// Payouts, refunds or seats whose write failed: tick tries
		// again.
		return a.d.clock.Now().Add(time.Second)
	}
	now := a.d.clock.Now()
	next := a.timetable().Next(now, a.clock(), a.progress())
	switch {
	case st == tourney.Announced:
		return next
	case st == tourney.RegistrationOpen:
		if a.isFinal() && next.Equal(cfg.StartAt) && !now.Before(cfg.StartAt) {
			return now.Add(time.Minute) // its flights are still playing
		}
		return next
	case !a.running():
		return time.Time{}
	}
	var at time.Time
	for no, b := range a.backoff {
		if !b.After(now) {
			delete(a.backoff, no) // passed: a deadline only while it is ahead
			continue
		}
		if a.held[no] && (at.IsZero() || b.Before(at)) {
			at = b
		}
	}
	for _, p := range a.pending {
		if until := p.At.Add(tourney.RebuyWindow); at.IsZero() || until.Before(at) {
			at = until
		}
	}
	if a.proposal != nil && (at.IsZero() || a.proposal.until.Before(at)) {
		at = a.proposal.until
	}
	if !next.IsZero() && (at.IsZero() || next.Before(at)) {
		at = next
	}
	return at
}

// tick does what is due now.
func (a *tourneyActor) tick() {
	now := a.d.clock.Now()
	if a.stale {
		if !now.Before(a.retryAt) {
			a.tryFresh()
		}
		return
	}
	if !a.over { // a payout or a refund whose write failed: again
		switch a.t.State() {
		case tourney.Finished:
			a.finish()
		case tourney.Cancelled:
			_ = a.refundAll("tn.cancelled")
		}
	} else if a.t.State() == tourney.Finished && a.target != 0 && !a.seatsSettled.Load() {
		a.awardTickets() // tickets not given yet (a failed write, a restart)
	} else if a.t.State() == tourney.Finished && a.finalID != 0 && !a.seatsSettled.Load() {
		a.carryToFinal() // qualifiers not taken in yet
	}
	if a.runTimetable(now) || !a.running() {
		return
	}
	for no, rep := range a.retry {
		if !now.Before(a.backoff[no]) {
			delete(a.retry, no)
			a.onReport(rep)
		}
	}
	if !a.running() {
		return
	}
	a.expireBusts(now)
	if a.proposal != nil && !now.Before(a.proposal.until) {
		a.proposal = nil
		a.news("tn.deal_expired", a.name())
	}
	a.releaseHeld()
}

// timetable is the tournament's calendar, for the pure clock rules.
func (a *tourneyActor) timetable() tourney.Timetable {
	cfg := a.t.Config()
	return tourney.Timetable{Kind: cfg.Kind, OpenAt: a.set.OpenAt, CloseAt: a.set.CloseAt, StartAt: cfg.StartAt,
		LateLevels: a.set.LateLevels, RebuyLevels: a.set.RebuyLevels, Rebuys: cfg.Rebuys.Limit > 0}
}

// progress is what the director has done, for the pure clock rules.
func (a *tourneyActor) progress() tourney.Progress {
	return tourney.Progress{State: a.t.State(), CloseDone: a.closeDone, Announced: a.announced,
		RebuysOpen: a.t.RebuysOpen(), AddOnOpen: a.addOnOpen, Paused: a.paused(), Ending: a.ending}
}

// runTimetable does what the calendar and the level clock make due at
// now (tourney.Timetable.Due decides, this applies and announces), and
// asks again after a change of state (an opening or a start makes the
// next steps due). It reports whether the tournament finished in it.
func (a *tourneyActor) runTimetable(now time.Time) (finished bool) {
	for range 3 {
		from := a.t.State()
		level := false
		for _, d := range a.timetable().Due(now, a.clock(), a.progress()) {
			a.applyDue(d, now)
			if st := a.t.State(); st == tourney.Finished || st == tourney.Cancelled {
				// Over with this step (late registration ended with one
				// player left, a start under the minimum): what was due
				// with it is not.
				return true
			}
			level = level || d.Kind == tourney.DueLevel
		}
		if level {
			a.publishLobby()
		}
		if a.t.State() == from {
			break
		}
	}
	return false
}

// applyDue applies one step of the clock.
func (a *tourneyActor) applyDue(d tourney.Due, now time.Time) {
	st := d.Clock
	switch d.Kind {
	case tourney.DueOpen:
		if _, err := a.do(openOp{}, nil, nil); err == nil {
			a.news("tn.open", a.name(), a.label())
			a.publishLobby()
		}
	case tourney.DueClose:
		a.closeRegistration() // close=: its time has come
	case tourney.DueStart:
		if n := a.finalWaits(); n > 0 {
			if !a.waitSaid {
				a.waitSaid = true
				a.news("tn.final_waits", a.name(), n)
			}
		} else {
			a.start(now)
		}
	case tourney.DueTimeUp:
		a.ending = true
		a.news("tn.time_up", a.name())
	case tourney.DueLevel:
		if _, err := a.do(levelOp{Level: st.Index}, nil, nil); err == nil {
			if st.OnBreak {
				a.news("tn.break", a.name(), table.DurationText(st.Level.Duration))
			} else {
				a.news("tn.level", a.name(), st.Number, bot.Chips(st.Level.SmallBlind), bot.Chips(st.Level.BigBlind), bot.Chips(st.Level.Ante))
			}
		}
	case tourney.DueRebuyEnd:
		if _, err := a.do(rebuyEndOp{}, nil, nil); err == nil {
			a.news("tn.rebuy_end", a.name())
			if a.addOnOpen {
				c := a.t.Config().AddOn
				a.news("tn.addon_open", a.name(), bot.Chips(c.Stack), bot.Chips(c.Price))
			}
		}
	case tourney.DueAddOnEnd:
		if _, err := a.do(addOnEndOp{}, nil, nil); err == nil {
			a.news("tn.addon_end", a.name())
		}
	case tourney.DueLateEnd:
		_ = a.endLate() // a failed write pauses the director (do)
	}
}

// closeRegistration closes registration before the start (it can be
// opened again with /tourney open), or ends late registration
// (/tourney close, or the close= time).
func (a *tourneyActor) closeRegistration() error {
	switch a.t.State() {
	case tourney.RegistrationOpen:
		if a.regClosed {
			return bot.Errorf(bot.EInvalid, "tourney.reg_closed", a.label())
		}
		if _, err := a.do(closeOp{}, nil, nil); err != nil {
			return err
		}
		a.news("tn.reg_closed", a.name())
	case tourney.LateRegistration:
		if err := a.endLate(); err != nil {
			return err
		}
	default:
		return &tourney.StateError{Op: "close registration", State: a.t.State()}
	}
	a.publishLobby()
	return nil
}

// endLate ends late registration (its levels are over, or close=, or
// /tourney close) and tells it; a field down to one player then ends.
func (a *tourneyActor) endLate() error {
	if _, err := a.do(lateEndOp{}, nil, nil); err != nil {
		return err
	}
	a.news("tn.late_end", a.name(), a.t.Active(), bot.Chips(a.t.PrizePool().Total))
	a.tellInTheMoney(nil, true)
	if a.addOnOpen {
		c := a.t.Config().AddOn
		a.news("tn.addon_open", a.name(), bot.Chips(c.Stack), bot.Chips(c.Price))
	}
	if a.t.State() == tourney.Finished {
		a.finish()
	}
	return nil
}

// expireBusts eliminates the busted players whose time to rebuy is over,
// or who can rebuy no more.
func (a *tourneyActor) expireBusts(now time.Time) {
	byTable := map[tourney.TableID][]table.ReportBust{}
	for e, p := range a.pending {
		if !tourney.BustStands(now, p.At, a.t.RebuysOpen()) {
			continue
		}
		delete(a.pending, e)
		byTable[p.Table] = append(byTable[p.Table], p.Bust)
	}
	nos := make([]tourney.TableID, 0, len(byTable))
	for no := range byTable {
		nos = append(nos, no)
	}
	sort.Slice(nos, func(i, j int) bool { return nos[i] < nos[j] })
	for _, no := range nos {
		bs := byTable[no]
		sort.Slice(bs, func(i, j int) bool { return bs[i].Entry < bs[j].Entry })
		if err := a.eliminate(no, bs, nil); err != nil {
			// Not stored: the busts wait a second and are tried again.
			for _, b := range bs {
				a.pending[b.Entry] = pendingBust{Table: no, Bust: b, At: now.Add(time.Second - tourney.RebuyWindow)}
			}
			continue
		}
		if a.over || a.t.State() == tourney.Finished {
			return
		}
	}
}

// rebuysLeft reports whether entry e may still rebuy.
func (a *tourneyActor) rebuysLeft(e tourney.EntryID) bool {
	r := a.t.Config().Rebuys
	if !a.t.RebuysOpen() || r.Limit == 0 {
		return false
	}
	en, err := a.t.Entry(e)
	return err == nil && (r.Limit == tourney.Unlimited || en.Rebuys < r.Limit)
}

// start starts the tournament: the draw, the tables, the first hands. A
// scheduled event under its minimum is cancelled and refunded (R-TRN-1).
func (a *tourneyActor) start(now time.Time) error {
	if _, err := a.do(startOp{Seed: a.seed(), At: now, Rule: seatingRule}, nil, nil); err != nil {
		return err
	}
	if a.t.State() == tourney.Cancelled {
		return a.refundAll("tn.cancel_min")
	}
	if a.set.Windfall && a.windfall == nil {
		res, err := a.do(windfallOp{Seed: a.seed()}, nil, nil)
		if err != nil {
			return err
		}
		w := res.(tourney.WindfallOutcome)
		a.news("tn.windfall", a.name(), w.Multiplier, bot.Chips(w.Pool))
	}
	if err := a.ensureTables(); err != nil {
		return err
	}
	a.news("tn.start", a.name(), a.t.Active(), len(a.t.Seating().Tables), bot.Chips(a.t.PrizePool().Total))
	for _, tb := range a.t.Seating().Tables {
		for _, e := range tb.Seats {
			if e != 0 {
				a.tellSeat(e, tb.ID, 0)
			}
		}
	}
	a.tick()
	a.publishLobby()
	return nil
}

// onReports takes in the tables' reports of their hands.
func (a *tourneyActor) onReports() {
	if a.stale {
		return // kept until the director is rebuilt
	}
	for _, rep := range a.takeReports() {
		a.onReport(rep)
	}
	a.releaseHeld()
}

func (a *tourneyActor) onReport(rep table.HandReport) {
	if !a.running() {
		return
	}
	if _, ok := a.tables[rep.Table]; !ok {
		return
	}
	if rep.Releases >= a.sent[rep.Table] {
		// A report sent before the table took in its last release (the
		// report of a table starting, read after the director released
		// it) is taken in, but the table is playing, not held.
		a.held[rep.Table] = true
		a.hands[rep.Table] = rep.Hand
		if rep.Pos != nil {
			a.pos[rep.Table] = *rep.Pos
		}
	}
	if h, ok := a.released[rep.Table]; ok && h == rep.Hand {
		a.backoff[rep.Table] = a.d.clock.Now().Add(time.Second)
	}
	stacks := map[tourney.EntryID]int64{}
	away := map[tourney.EntryID]bool{}
	for _, e := range rep.Away {
		away[e] = true
	}
	for e, s := range rep.Stacks {
		if tb, ok := a.t.Seating().Where(e); ok && tb.Table == rep.Table {
			a.away[e] = away[e]
			// Chips bought and not yet at the table count already.
			s += max(a.credit[e]-rep.Credits[e], 0)
			a.stacks[e] = s
			stacks[e] = s
		}
	}
	for e := range a.dq {
		if pl, ok := a.t.Seating().Where(e); ok && pl.Table == rep.Table {
			a.disqualify(e)
		}
	}
	var busts []table.ReportBust
	for _, b := range rep.Busts {
		en, err := a.t.Entry(b.Entry)
		if err != nil || en.Out || a.stacks[b.Entry] > 0 {
			continue // out already, or rebought during the hand
		}
		if _, waiting := a.pending[b.Entry]; waiting {
			continue
		}
		if a.rebuysLeft(b.Entry) {
			a.pending[b.Entry] = pendingBust{Table: rep.Table, Bust: b, At: a.d.clock.Now()}
			a.privateTo(b.Entry, "tn.rebuy_now", a.name(), table.DurationText(tourney.RebuyWindow), a.label())
			continue
		}
		busts = append(busts, b)
	}
	if len(busts) == 0 {
		return
	}
	if a.handForHand() {
		// Hand for hand: taken out together once every table has played
		// this hand (flushHandForHand), so that busts at different tables
		// share their places (TDA 12).
		if a.h4h == nil {
			a.h4h, a.h4hStacks = map[tourney.TableID][]table.ReportBust{}, map[tourney.EntryID]int64{}
		}
		a.h4h[rep.Table] = busts
		maps.Copy(a.h4hStacks, stacks)
		return
	}
	if err := a.eliminate(rep.Table, busts, stacks); err != nil {
		// Not stored: the table stays held and the report is taken in
		// again a second later (tick), so that no bust is lost.
		a.retry[rep.Table] = rep
		a.backoff[rep.Table] = a.d.clock.Now().Add(time.Second)
	}
}

// eliminate takes the players busted in one hand out (R-TRN-7), pays the
// bounties (R-TRN-14) and tells the story.
func (a *tourneyActor) eliminate(tb tourney.TableID, busts []table.ReportBust, stacks map[tourney.EntryID]int64) error {
	return a.eliminateAt(tb, busts, nil, stacks)
}

// flushHandForHand takes out the players busted in the hand-for-hand
// hand every table has now played, together: busts at different tables
// tie and share their places' prizes (TDA 12, R-TRN-7).
func (a *tourneyActor) flushHandForHand() error {
	if len(a.h4h) == 0 {
		return nil
	}
	nos := make([]tourney.TableID, 0, len(a.h4h))
	for no := range a.h4h {
		nos = append(nos, no)
	}
	sort.Slice(nos, func(i, j int) bool { return nos[i] < nos[j] })
	var busts []table.ReportBust
	var tables []tourney.TableID
	for _, no := range nos {
		for _, b := range a.h4h[no] {
			busts = append(busts, b)
			tables = append(tables, no)
		}
	}
	if err := a.eliminateAt(0, busts, tables, a.h4hStacks); err != nil {
		return err
	}
	a.h4h, a.h4hStacks = nil, nil
	return nil
}

// eliminateAt takes out the players busted in one hand: at one table, or
// with tables (the table of each bust) in one hand-for-hand hand.
func (a *tourneyActor) eliminateAt(tb tourney.TableID, busts []table.ReportBust, tables []tourney.TableID, stacks map[tourney.EntryID]int64) error {
	if len(busts) >= a.t.Active() && a.t.State() != tourney.LateRegistration {
		// Cannot happen at a table of one tournament: someone won the pot.
		a.d.log.Error("a hand busted every player left", "tourney", a.id)
		return nil
	}
	res, err := a.do(handOp{Table: tb, Busts: busts, Stacks: stacks, H4H: tables}, a.bountyMoves, nil)
	if err != nil {
		return err
	}
	for _, p := range res.([]bountyPay) {
		a.news("tn.bounty", a.entryName(p.Entry), bot.Chips(p.Cash), a.entryName(p.Victim))
	}
	st := a.t.Standings()
	prizes, _ := a.t.Prizes()
	for _, b := range busts {
		place := 0
		for _, s := range st {
			if s.Entry == b.Entry {
				place = s.Place
			}
		}
		var prize int64
		if place >= 1 && a.t.State() != tourney.LateRegistration && a.finalID == 0 { // a flight pays no prizes
			prize = a.t.PrizeOf(b.Entry) // tied players share their places' prizes
		}
		switch {
		case a.t.State() == tourney.LateRegistration:
			// The field can still grow: the place is not known yet.
			a.news("tn.out_late", a.entryName(b.Entry))
			a.privateTo(b.Entry, "tn.you_out_late", a.name(), a.label())
			continue
		case prize > 0:
			a.news("tn.out_paid", a.entryName(b.Entry), place, bot.Chips(prize))
		default:
			a.news("tn.out", a.entryName(b.Entry), place)
		}
		a.privateTo(b.Entry, "tn.you_out", a.name(), place)
	}
	if a.t.State() == tourney.Finished {
		a.finish()
		return nil
	}
	n := a.t.Active()
	if !a.bubbleSaid && a.t.State() != tourney.LateRegistration && n <= len(prizes) && n > 1 && a.finalID == 0 {
		a.bubbleSaid = true
		a.news("tn.bubble", a.name(), n)
	}
	a.publishLobby()
	return nil
}

func (a *tourneyActor) bountyMoves(res any) []bot.Move {
	var out []bot.Move
	for _, p := range res.([]bountyPay) {
		if p.Cash > 0 {
			out = append(out, bot.Move{From: a.account, To: a.walletOf(p.Entry), Amount: p.Cash, Reason: "bounty", Reference: a.ref()})
		}
	}
	return out
}

func (a *tourneyActor) ref() string { return "tourney:" + strconv.FormatInt(a.id, 10) }

// walletOf is the account an entry's winnings go to (the house for a
// practice opponent).
func (a *tourneyActor) walletOf(e tourney.EntryID) int64 {
	return a.walletOfPlayer(a.players[e], a.bots[e])
}

// walletOfPlayer is a player's wallet; the house's for a practice
// opponent (or when the wallet cannot be read).
func (a *tourneyActor) walletOfPlayer(p bot.Player, isBot bool) int64 {
	if isBot {
		return a.house
	}
	ctx, cancel := context.WithTimeout(a.d.ctx, table.OpTimeout)
	defer cancel()
	acc, err := a.env.wallet(ctx, p, a.comm)
	if err != nil {
		a.d.log.Error("wallet of a tournament player", "tourney", a.id, "player", p.ID, "err", err)
		return a.house
	}
	return acc
}

// needsRebalance reports whether the tables must be broken or balanced
// (R-TRN-11), or the final table formed.
func (a *tourneyActor) needsRebalance() bool {
	s := a.t.Seating()
	if s == nil || len(s.Tables) < 2 {
		return false
	}
	if s.FinalTableDue() || s.Players() <= (len(s.Tables)-1)*s.TableSize {
		return true
	}
	lo, hi := s.TableSize+1, -1
	for _, t := range s.Tables {
		lo, hi = min(lo, t.Count()), max(hi, t.Count())
	}
	return hi-lo > 1
}

// handForHand: at the bubble of a multi-table event every table deals
// its next hand together (TDA 12).
func (a *tourneyActor) handForHand() bool {
	if a.t.State() != tourney.Running || a.finalID != 0 {
		return false
	}
	prizes, err := a.t.Prizes()
	return err == nil && tourney.HandForHand(a.t.Active(), len(prizes), len(a.t.Seating().Tables))
}

// releaseHeld lets held tables deal their next hand, at the level of the
// clock (R-TRN-9): not during a break or a pause, and, to balance the
// tables or hand for hand, only once every table is held.
func (a *tourneyActor) releaseHeld() {
	if !a.running() || a.paused() {
		return
	}
	if len(a.h4h) > 0 {
		if !a.allHeld() {
			return // the other tables finish the hand-for-hand hand
		}
		if err := a.flushHandForHand(); err != nil {
			a.retryLater()
			return
		}
		if !a.running() {
			return
		}
	}
	if a.proposal != nil {
		a.tryDeal()
		return // play waits while the players consider a deal
	}
	if a.ending {
		a.tryTimedEnd()
		return
	}
	lvl, num, ok := a.clock().LevelForNextHand(a.d.clock.Now())
	if !ok {
		return
	}
	if err := a.ensureTables(); err != nil {
		// A table the seating has and the room does not yet (a failed
		// write): tried again a second later.
		a.retryLater()
		return
	}
	all := a.allHeld()
	if a.needMerge() { // the pairs' stacks join between hands (R-TRN-19)
		if !all {
			a.gathering = true
			return
		}
		if err := a.merge(); err != nil {
			a.retryLater()
			return
		}
	}
	if a.needsRebalance() {
		if !all {
			a.gathering = true
			return
		}
		if err := a.rebalance(); err != nil {
			return
		}
	}
	a.gathering = false
	if a.handForHand() {
		if !a.h4hSaid {
			a.h4hSaid = true
			prizes, _ := a.t.Prizes()
			a.news("tn.h4h", a.name(), a.t.Active(), len(prizes))
		}
		if !all {
			return
		}
	}
	nos := make([]tourney.TableID, 0, len(a.tables))
	for no := range a.tables {
		nos = append(nos, no)
	}
	sort.Slice(nos, func(i, j int) bool { return nos[i] < nos[j] })
	for _, no := range nos {
		if _, again := a.retry[no]; !a.held[no] || again {
			continue
		}
		s := a.desired(no)
		if !s.Close && a.withChips(s) < 2 {
			continue // nobody to play against: held until balancing brings players (or rebuys come)
		}
		if at := a.backoff[no]; a.d.clock.Now().Before(at) {
			continue
		}
		if s.Close {
			a.tables[no].Tour.Direct(s)
			delete(a.tables, no)
			delete(a.held, no)
			continue
		}
		s.Level, s.Release = table.LevelOf(lvl, num), true
		a.held[no] = false
		a.sent[no]++
		a.released[no] = a.lastHand(no)
		a.tables[no].Tour.Direct(s)
	}
}

// withChips counts the seats of a sync that can be dealt in.
func (a *tourneyActor) withChips(s table.Sync) int {
	n := 0
	for _, ss := range s.Seats {
		if ss.Stack > 0 {
			n++
		}
	}
	return n
}

// rebalance breaks and balances the tables, or forms the final table
// (R-TRN-11), and tells the players moved where they go.
func (a *tourneyActor) rebalance() error {
	stacks := map[tourney.EntryID]int64{}
	for e, s := range a.stacks {
		if _, ok := a.t.Seating().Where(e); ok {
			stacks[e] = s
		}
	}
	pos := map[tourney.TableID]tourney.Positions{}
	for _, tb := range a.t.Seating().Tables {
		if p, ok := a.pos[tb.ID]; ok {
			pos[tb.ID] = p
		}
	}
	wasFinal := len(a.t.Seating().Tables) == 1
	res, err := a.do(rebalanceOp{Seed: a.seed(), Stacks: stacks, Pos: pos}, nil, nil)
	if err != nil {
		return err
	}
	if err := a.ensureTables(); err != nil {
		return err
	}
	moves := res.([]tourney.Move)
	for _, m := range moves {
		a.tellSeat(m.Entry, m.To.Table, m.From.Table)
	}
	var broken []int
	for no := range a.tables {
		if _, ok := a.t.Seating().Table(no); !ok {
			broken = append(broken, int(no))
		}
	}
	sort.Ints(broken)
	for _, no := range broken {
		a.news("tn.broken", a.name(), no)
	}
	if !wasFinal && len(a.t.Seating().Tables) == 1 && !a.final {
		a.final = true
		a.news("tn.final", a.name(), a.t.Active())
	}
	return nil
}

// tellSeat tells a player privately where they sit (moved from another
// table when from is not 0).
func (a *tourneyActor) tellSeat(e tourney.EntryID, to, from tourney.TableID) {
	id := a.tableIDs[to]
	pl, _ := a.t.Seating().Where(e)
	if from != 0 {
		a.privateTo(e, "tn.moved", a.name(), int(to), "#"+strconv.FormatInt(id, 10), int(pl.Seat))
		return
	}
	a.privateTo(e, "tn.seat", a.name(), int(to), "#"+strconv.FormatInt(id, 10), int(pl.Seat))
}

// finish pays a finished tournament through the ledger: the guarantee's
// overlay from the house (R-TRN-6), the prizes by place (R-TRN-7), the
// winner's own bounty (R-TRN-14), and closes its last table.
func (a *tourneyActor) finish() {
	if a.finalID != 0 {
		a.finishFlight() // no prizes: the survivors go to the final
		return
	}
	results, err := a.t.Results()
	if err != nil {
		a.d.log.Error("tournament results", "tourney", a.id, "err", err)
		return
	}
	pool := a.t.PrizePool()
	var moves []bot.Move
	if pool.Overlay > 0 {
		moves = append(moves, bot.Move{From: a.house, To: a.account, Amount: pool.Overlay, Reason: "guarantee overlay", Reference: a.ref()})
	}
	paid := int64(0)
	seats := false
	for _, res := range results {
		switch {
		case a.windfall != nil:
			if i := res.Place - 1; i >= 0 && i < len(a.windfall.Payouts) && a.windfall.Payouts[i] > 0 {
				v := a.windfall.Payouts[i]
				moves = append(moves, a.prizeMoves(res.Entry, v, "prize")...)
				paid += v
			}
		case a.shares != nil && a.inDeal(res.Entry) && a.kept > 0:
			// The shares were paid with the deal; the winner takes what
			// it kept in play.
			if res.Place == 1 {
				moves = append(moves, a.prizeMoves(res.Entry, a.kept, "deal kept in play")...)
				paid += a.kept
			}
		case a.shares != nil && a.inDeal(res.Entry):
			if v := a.shares[res.Entry]; v > 0 {
				reason := "timed end"
				if a.dealt {
					reason = "deal"
				}
				moves = append(moves, a.prizeMoves(res.Entry, v, reason)...)
				paid += v
			}
		case res.Kind == tourney.SeatPrize:
			paid += res.Prize // the ticket: paid into the target when its holder is registered there
			seats = true
		case res.Prize > 0:
			moves = append(moves, a.prizeMoves(res.Entry, res.Prize, "prize")...)
			paid += res.Prize
		}
	}
	winner := tourney.EntryID(0)
	if len(results) > 0 && results[0].Place == 1 {
		winner = results[0].Entry
	}
	owners := []tourney.EntryID{winner}
	if a.shares != nil && a.kept == 0 { // after a deal that ends play, every party keeps the bounty on their head
		owners = owners[:0]
		for e := range a.shares {
			owners = append(owners, e)
		}
		sort.Slice(owners, func(i, j int) bool { return owners[i] < owners[j] })
	}
	if bs := a.t.Bounties(); bs != nil {
		for _, e := range owners {
			if own := bs.Of(e); e != 0 && own > 0 {
				moves = append(moves, bot.Move{From: a.account, To: a.walletOf(e), Amount: own, Reason: "own bounty", Reference: a.ref()})
				paid += own
			}
		}
	}
	ctx, cancel := context.WithTimeout(a.d.ctx, table.OpTimeout)
	bal, err := a.d.store.Balance(ctx, a.account)
	cancel()
	if err != nil {
		a.d.log.Error("tournament balance", "tourney", a.id, "err", err)
		return
	}
	if pool.League > 0 && a.set.League != "" { // the league's share (R-LGE-1), before a windfall's cover is counted
		if acc, err := a.leagueAccount(); err == nil {
			moves = append(moves, bot.Move{From: a.account, To: acc, Amount: pool.League, Reason: "league share", Reference: a.ref()})
			paid += pool.League
		} else {
			a.d.log.Error("league account", "tourney", a.id, "err", err)
			return
		}
	}
	if short := paid - bal - pool.Overlay; a.windfall != nil && short > 0 {
		// A windfall's multiplier can pass what was paid in: the house
		// covers it (and keeps what a small multiplier leaves).
		moves = append([]bot.Move{{From: a.house, To: a.account, Amount: short, Reason: "windfall", Reference: a.ref()}}, moves...)
		bal += short
	}
	if rest := bal + pool.Overlay - paid; rest > 0 {
		reason := "unclaimed bounties"
		if a.windfall != nil {
			reason = "windfall"
		}
		moves = append(moves, bot.Move{From: a.account, To: a.house, Amount: rest, Reason: reason, Reference: a.ref()})
	}
	// A satellite ends when its tickets are all given (awardTickets).
	if _, err := a.do(finishOp{Points: a.leaguePoints(results)}, func(any) []bot.Move { return moves }, &bot.TourneyStatus{TourneyID: a.id, Status: "finished", Ended: !seats}); err != nil {
		return
	}
	if a.set.League != "" {
		a.news("tn.league", a.name(), a.set.League)
	}
	for no, t := range a.tables {
		t.Tour.Direct(table.Sync{Close: true})
		delete(a.tables, no)
	}
	a.news("tn.results", a.name(), a.resultsText(results))
	if seats {
		a.awardTickets()
	}
	a.publishLobby()
}

// refundAll refunds every entry of a cancelled tournament: the prize and
// bounty parts from its account, the fee from the house.
func (a *tourneyActor) refundAll(key string) error {
	var moves []bot.Move
	for _, e := range a.t.Entries() {
		moves = append(moves, a.refundMoves(e.ID)...)
	}
	if a.isFinal() {
		moves = append(moves, a.finalRefund()...)
	}
	if _, err := a.do(finishOp{}, func(any) []bot.Move { return moves }, &bot.TourneyStatus{TourneyID: a.id, Status: "cancelled", Ended: true}); err != nil {
		return err
	}
	for no, t := range a.tables {
		t.Tour.Direct(table.Sync{Close: true})
		delete(a.tables, no)
	}
	a.news(key, a.name(), a.t.Active())
	a.publishLobby()
	return nil
}

// refundMoves gives an entry's buy-in back: the prize part, the bounty
// still on its head (bounties already won stay won: the account holds
// exactly what is refunded), the fee from the house.
func (a *tourneyActor) refundMoves(e tourney.EntryID) []bot.Move {
	b := a.t.Config().BuyIn
	if b.Freeroll() {
		return nil
	}
	w := a.walletOf(e)
	var out []bot.Move
	bounty := b.Bounty
	if bs := a.t.Bounties(); bs != nil && a.t.Seating() != nil {
		bounty = bs.Of(e)
	}
	if en, err := a.t.Entry(e); err == nil {
		c := a.t.Config()
		bounty += int64(en.Rebuys) * c.Rebuys.Price
		if en.AddOn {
			bounty += c.AddOn.Price
		}
	}
	if v := b.Prize + bounty; v > 0 {
		out = append(out, bot.Move{From: a.account, To: w, Amount: v, Reason: "tournament refund", Reference: a.ref()})
	}
	if b.Fee > 0 && w != a.house {
		out = append(out, bot.Move{From: a.house, To: w, Amount: b.Fee, Reason: "tournament fee refund", Reference: a.ref()})
	}
	return out
}

// name and label show the tournament.
func (a *tourneyActor) name() string  { return a.set.Config.Name }
func (a *tourneyActor) label() string { return "T" + strconv.FormatInt(a.id, 10) }

// entryName shows an entry: its pseudonym while in play in an anonymous
// event, else the name with the entry number (R-TRN-3, R-TRN-13).
func (a *tourneyActor) entryName(e tourney.EntryID) string {
	if n, ok := a.pairName(e); ok && !a.t.Config().Anonymous {
		return n
	}
	n, err := a.t.DisplayName(e)
	if err != nil {
		return "?"
	}
	return n
}

func (a *tourneyActor) lang() string {
	c := a.env.communityNow(a.comm)
	if c.Language == "" {
		return bot.English
	}
	return c.Language
}

// send queues m as this tournament's message.
func (a *tourneyActor) send(m bot.Outgoing) {
	m.Source = a.ref()
	a.env.send(m)
}

// news posts a line to the chat and to the spectator channel.
func (a *tourneyActor) news(key string, args ...any) {
	text := "🏆 " + tr(a.lang(), key, args...)
	v := bot.View{Kind: bot.ViewNews, Text: text}
	c := a.env.communityNow(a.comm)
	a.send(bot.Outgoing{To: bot.Destination{Platform: c.Platform, Chat: c.ChatID}, Priority: bot.PrioritySummary, Body: v})
	if c.SpectatorChat != "" {
		a.send(bot.Outgoing{To: bot.Destination{Platform: c.Platform, Chat: c.SpectatorChat}, Priority: bot.PrioritySummary, Body: v})
	}
}

// privateTo sends an entry's player a private note.
func (a *tourneyActor) privateTo(e tourney.EntryID, key string, args ...any) {
	p, ok := a.players[e]
	if !ok || a.bots[e] {
		return
	}
	a.send(bot.Outgoing{To: bot.Destination{Platform: p.Platform, User: p.UserID}, Priority: bot.PriorityPrivate,
		Body: bot.View{Kind: bot.ViewNotice, Text: tr(a.lang(), key, args...)}})
}

// tdo sends a request to the actor and waits; a full inbox is EBusy.
func (a *tourneyActor) tdo(ctx context.Context, req treq) (bot.Reply, error) {
	req.ctx = ctx
	req.reply = make(chan table.Response, 1)
	select {
	case a.inbox <- req:
	default:
		a.d.metrics.Busy.Add(1)
		return bot.Reply{}, bot.Errorf(bot.EBusy, bot.KeyBusy)
	}
	select {
	case resp := <-req.reply:
		return resp.Reply, resp.Err
	case <-ctx.Done():
		return bot.Reply{}, &bot.Error{Code: bot.EUnavailable, Key: bot.KeyUnavailable, Err: ctx.Err()}
	case <-a.done:
		return bot.Reply{}, bot.Errorf(bot.ENotFound, "tourney.no_such", a.label())
	}
}

// tpid is a player as the tournament knows them.
func tpid(id int64) tourney.PlayerID { return tourney.PlayerID(strconv.FormatInt(id, 10)) }

// awardTickets registers each satellite seat's winner in the target
// event, the seat's value paid from the satellite's account into the
// target's (R-TRN-15). When the target cannot take them (over, full,
// already registered with an entry in play), the winner is paid the
// seat's value in chips instead, as tournament money. Each seat given is
// an op: after a restart only the others are given.
func (a *tourneyActor) awardTickets() {
	results, err := a.t.Results()
	if err != nil {
		return
	}
	target := a.reg.get(a.target)
	left := false
	for _, res := range results {
		if res.Kind != tourney.SeatPrize || a.ticketed[res.Entry] {
			continue
		}
		p := a.players[res.Entry]
		var moves []bot.Move
		ok := false
		if target != nil {
			ctx, cancel := context.WithTimeout(a.d.ctx, table.OpTimeout)
			_, err := target.tdo(ctx, treq{cmd: bot.Command{Name: "ticket"}, p: p, ticket: &ticketPay{from: a.account, label: a.label(), bot: a.bots[res.Entry]}})
			if errors.Is(err, tourney.ErrAlreadyRegistered) {
				// Registered already: by this seat when an earlier answer
				// was lost (the seat is given), or on their own money
				// (the seat is paid in chips).
				// The target's registrations this satellite paid for the
				// player, against the seats already given to them here
				// (other entries): one more means this seat's answer was
				// lost (given); none more, that this seat is theirs in
				// chips (registered on their own money, or a second seat).
				reg, sat := err, a.label()
				given := 0
				for e := range a.given {
					if e != res.Entry && a.players[e].ID == p.ID {
						given++
					}
				}
				_, err = target.tdo(ctx, treq{query: func() error {
					if target.ticketRegs(p.ID, sat) <= given {
						return reg
					}
					return nil
				}})
			}
			cancel()
			if bot.ErrorCode(err) == bot.EUnavailable || bot.ErrorCode(err) == bot.EBusy {
				// The target cannot answer now (its store, a full inbox):
				// the seat is given later, not paid in chips.
				left = true
				continue
			}
			ok = err == nil
			if err != nil {
				a.d.log.Info("satellite seat paid in chips", "tourney", a.id, "target", a.target, "err", err)
			}
		}
		if !ok {
			moves = []bot.Move{{From: a.account, To: a.walletOf(res.Entry), Amount: res.Prize, Reason: "seat as tournament money", Reference: a.ref()}}
		}
		if _, err := a.do(ticketOp{Entry: res.Entry, Given: ok}, func(any) []bot.Move { return moves }, nil); err != nil {
			left = true
			continue
		}
		if ok {
			a.news("tn.ticket", a.entryName(res.Entry), "T"+strconv.FormatInt(a.target, 10))
		} else {
			a.news("tn.ticket_money", a.entryName(res.Entry), bot.Chips(res.Prize))
		}
	}
	if left {
		return
	}
	a.settle()
}

// settle stores that a finished satellite or flight gave what it owed
// (seats, qualifiers): it has ended. A failed write is tried again (tick).
func (a *tourneyActor) settle() bool {
	w := &bot.TableWrite{Status: &bot.TourneyStatus{TourneyID: a.id, Status: "finished", Ended: true}, At: a.d.clock.Now()}
	ctx, cancel := context.WithTimeout(a.d.ctx, table.OpTimeout)
	defer cancel()
	if err := a.d.commit.Commit(ctx, w); err != nil {
		a.d.log.Error("tournament end", "tourney", a.id, "err", err)
		return false
	}
	a.seatsSettled.Store(true)
	return true
}

// ticketPay is a satellite paying an entry into this tournament.
type ticketPay struct {
	from  int64 // the satellite's account
	label string
	bot   bool
}

// tryTimedEnd ends a timed tournament once every table has finished its
// hand: the players still in are placed by their chips and paid by ICM on
// their stacks, tickets kept out of the split and given to the largest
// stacks (R-TRN-12).
func (a *tourneyActor) tryTimedEnd() {
	if !a.allHeld() {
		return
	}
	rem, ids := a.remaining()
	if a.finalID != 0 { // a flight (R-TRN-16): no prizes, the survivors qualify
		stacks := map[tourney.EntryID]int64{}
		for i, e := range ids {
			stacks[e] = rem[i].Stack
		}
		level := max(a.clock().At(a.d.clock.Now()).Number, 1)
		if _, err := a.do(timedEndOp{Stacks: stacks, Level: level}, nil, nil); err != nil {
			return
		}
		a.finish()
		return
	}
	prizes, err := a.t.Prizes()
	if err != nil {
		a.d.log.Error("timed end", "tourney", a.id, "err", err)
		return
	}
	if len(prizes) > len(rem) {
		prizes = prizes[:len(rem)]
	}
	awards, err := tourney.TimedEnd(rem, prizes, rngFrom(a.seed()))
	if err != nil {
		a.d.log.Error("timed end", "tourney", a.id, "err", err)
		return
	}
	stacks, shares := map[tourney.EntryID]int64{}, map[tourney.EntryID]int64{}
	for i, e := range ids {
		stacks[e] = rem[i].Stack
		if awards[i].Prize.Kind == tourney.ChipPrize {
			shares[e] = awards[i].Prize.Chips
		}
	}
	if _, err := a.do(timedEndOp{Stacks: stacks, Shares: shares}, nil, nil); err != nil {
		return
	}
	a.finish()
}

// disqualify takes an entry out for collusion or chip dumping (R-TRN-20):
// its chips leave play, it takes no place and may not enter again. Its
// table must be between hands; otherwise it waits for that hand's end.
func (a *tourneyActor) disqualify(e tourney.EntryID) error {
	pl, seated := a.t.Seating().Where(e)
	if seated && !a.held[pl.Table] {
		if a.dq == nil {
			a.dq = map[tourney.EntryID]bool{}
		}
		a.dq[e] = true
		return nil
	}
	delete(a.dq, e)
	name := a.entryName(e)
	paid := a.inTheMoney()
	if _, err := a.do(dqOp{Entry: e, Stack: a.stacks[e]}, nil, nil); err != nil {
		return err
	}
	a.news("tn.disqualified", name, a.name())
	a.privateTo(e, "tn.you_disqualified", a.name())
	a.tellInTheMoney(paid, false)
	if seated {
		if t := a.tables[pl.Table]; t != nil {
			t.Tour.Direct(table.Sync{Only: true, Seats: map[int]table.SyncSeat{}, Remove: []int{int(pl.Seat) - 1}})
		}
	}
	if a.t.State() == tourney.Finished {
		a.finish()
	}
	a.publishLobby()
	return nil
}

// lastHand is the number of the last hand table no reported.
func (a *tourneyActor) lastHand(no tourney.TableID) int { return a.hands[no] }

// ticketRegs counts the registrations (entries, in play or out) a seat of
// the satellite labelled sat paid for player.
func (a *tourneyActor) ticketRegs(player int64, sat string) int {
	n := 0
	for _, e := range a.t.Entries() {
		if e.Player == tpid(player) && e.Ticket == sat {
			n++
		}
	}
	return n
}
