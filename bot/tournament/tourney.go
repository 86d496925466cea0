package tournament

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	mrand "math/rand/v2"
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

// Director is a tournament's director.
type Director struct {
	Deps    *Deps
	env     Env
	reg     *Registry
	id      int64
	Comm    bot.Community
	Set     Settings
	Account int64 // the tournament's ledger account: prize pool and bounties
	house   int64 // the house account of its economy: fees, overlays, practice opponents

	Tourney *tourney.Tournament
	seq     int64 // the last op stored

	// stale: an op's write failed and the store could not be read to
	// rebuild the tournament, so memory may hold an op nobody stored.
	// Nothing happens (commands answered "paused", no timer, reports kept)
	// until retryAt's rebuild succeeds; staleSeq is the op that failed
	// and staleBefore, staleAfter the live state around it; staleThen
	// what follows it (doThen) if the rebuild finds it stored.
	stale                   bool
	staleSeq                int64
	staleBefore, staleAfter liveState
	staleThen               func()
	retryAt                 time.Time
	retryWait               time.Duration

	Inbox   chan *Request
	repMu   sync.Mutex
	reports []table.HandReport
	repSig  chan struct{}
	wake    chan struct{}
	timer   bot.Timer
	timerAt time.Time
	Done    chan struct{}

	tableIDs map[tourney.TableID]int64 // tournament table -> room table
	Tables   map[tourney.TableID]*table.Table
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
	credit   map[tourney.EntryID]int64   // chips bought: rebuys and add-on
	ko       map[tourney.EntryID]koTally // knockouts and bounties collected (tstats.go)
	// stats are the players' statistics the next op's write carries (the
	// finish op's).
	stats    []bot.TourneyResult
	pending  map[tourney.EntryID]pendingBust
	Ticketed map[tourney.EntryID]bool // satellite seats given
	given    map[tourney.EntryID]bool // of those, the seats given as registrations (not in chips)
	// Shares are what a deal gave the players still in (R-TRN-18);
	// proposal is a deal waiting for every player's yes.
	Shares   map[tourney.EntryID]int64
	proposal *dealProposal
	// Windfall is a windfall's draw (R-TRN-17); ending: a timed
	// tournament's time is up, the tables finish their hands.
	Windfall *tourney.WindfallOutcome
	ending   bool
	Dealt    bool  // the shares are a deal's (else a timed end's)
	Kept     int64 // a deal's part of the first prize left in play
	waitSaid bool  // a final said it waits for its flights
	// regClosed: an admin (or close=) closed registration before the
	// start; closeDone: the close= time has acted (once).
	regClosed, closeDone bool
	// idleSince: over, when the tournament was last used (it retires an
	// hour later); loaded: brought back by a command (loadEnded).
	idleSince time.Time
	Loaded    bool
	// dq are disqualifications waiting for their table's hand to end.
	dq      map[tourney.EntryID]bool
	Players map[tourney.EntryID]bot.Player
	bots    map[tourney.EntryID]bool
	pauses  []tourney.Pause
	// announced is the index of the last level announced; gathering:
	// tables are held until all are, to balance them.
	announced         int
	gathering         bool
	bubbleSaid, final bool
	// h4h are the busts of the hand-for-hand hand in play, by table,
	// eliminated together once every table has played it (TDA 12);
	// h4hStacks the stacks those tables reported; h4hSaid: the places
	// (or a satellite's seats) whose bubble hand for hand was announced
	// at; h4hDealt: the tables whose hand in play was
	// released hand for hand (only its busts wait for the others).
	h4h       map[tourney.TableID][]table.ReportBust
	h4hStacks map[tourney.EntryID]int64
	h4hSaid   int
	h4hDealt  map[tourney.TableID]bool
	addOnOpen bool
	Over      bool // finished or cancelled, paid
	// target is a satellite's target event (fixed at creation, read by
	// other actors); reserving counts satellites being created for this
	// event, which has its buy-in fixed meanwhile; ticketsDone: a
	// satellite's seats are settled: all given, or the satellite
	// cancelled.
	target       int64
	Reserving    int
	SeatsSettled atomic.Bool
	// Staged tournaments (R-TRN-16). A flight's final (fixed at
	// creation, read by other actors), and at its end its survivors'
	// stacks and the level it ended on. A final's flights taken in, by
	// label, and the index of the level it starts at.
	finalID    int64
	qualifiers map[tourney.EntryID]int64
	endedLevel int
	flights    []tourney.FlightResult
	FlightDone map[string]bool
	fromIndex  int
	// Pairs (R-TRN-19, tpairs.go): the pairs by number, each player's
	// pair, and after the merge each pair's entry.
	pairs        map[int]*pairOf
	pairByPlayer map[int64]int
	pairEntry    map[tourney.EntryID]int
	merged       bool
	version      int64
	lastLobby    string
	// Summary (a line for /tourneys), overFlag and seatsSettled are read
	// outside the
	// actor.
	Summary  atomic.Value
	overFlag atomic.Bool
}

// Request is a command for a tournament's actor.
type Request struct {
	ctx    context.Context
	Cmd    bot.Command
	Player bot.Player
	Admin  bool
	// KeepGuarantee: an edit may not raise the guarantee (an admin's: it
	// was capped when the tournament was made).
	KeepGuarantee bool
	// Perm is what the command table asks of the player (PermSeated: an
	// entry still in); the zero value, for the room's own requests, asks
	// nothing.
	Perm bot.Permission
	Tok  *bot.ButtonToken
	Sync bool
	// ticket: a satellite's seat pays the entry.
	ticket *ticketPay
	// carry: a flight's survivors and prize money for its final.
	carry *carry
	// Query runs in the actor's goroutine: what another actor asks of
	// this tournament's state.
	Query func() error
	Reply chan table.Response
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

// New returns the director of a tournament, not started.
func New(d *Deps, env Env, reg *Registry, rec bot.TourneyRecord, set Settings, comm bot.Community, house int64) (*Director, error) {
	t, err := tourney.New(set.Config)
	if err != nil {
		return nil, err
	}
	a := &Director{Deps: d, env: env, reg: reg, id: rec.ID, Comm: comm, house: house, Set: set, Tourney: t,
		Inbox: make(chan *Request, table.InboxSize), repSig: make(chan struct{}, 1), wake: make(chan struct{}, 1), Done: make(chan struct{}),
		tableIDs: map[tourney.TableID]int64{}, Tables: map[tourney.TableID]*table.Table{}, held: map[tourney.TableID]bool{}, metas: map[tourney.TableID]table.Meta{}, away: map[tourney.EntryID]bool{},
		released: map[tourney.TableID]int{}, backoff: map[tourney.TableID]time.Time{}, hands: map[tourney.TableID]int{}, sent: map[tourney.TableID]int{}, pos: map[tourney.TableID]tourney.Positions{}, retry: map[tourney.TableID]table.HandReport{}, unlinked: map[tourney.TableID]int64{},
		stacks: map[tourney.EntryID]int64{}, credit: map[tourney.EntryID]int64{}, pending: map[tourney.EntryID]pendingBust{}, Ticketed: map[tourney.EntryID]bool{},
		Players: map[tourney.EntryID]bot.Player{}, bots: map[tourney.EntryID]bool{}, announced: -1, target: set.Target, finalID: set.Flight, FlightDone: map[string]bool{},
		pairs: map[int]*pairOf{}, pairByPlayer: map[int64]int{}, pairEntry: map[tourney.EntryID]int{}}
	a.Summary.Store(a.Label() + " " + set.Config.Name)
	return a, nil
}

// rng is the randomness of an op: a seed stored with it, so that the
// replay draws the same seats.
func rngFrom(seed uint64) *mrand.Rand { return mrand.New(mrand.NewPCG(seed, seed^0x9e3779b97f4a7c15)) }

func (a *Director) seed() uint64 {
	if a.Deps.DeckSeed != 0 {
		return table.Mix(a.Deps.DeckSeed, uint64(a.id), uint64(a.seq+1))
	}
	return mrand.Uint64() | 1
}

type bountyPay struct {
	Victim tourney.EntryID
	tourney.BountyPayment
}

// do stores an op with the chips it moves (and a status change), then
// keeps it applied; a failed write rebuilds the tournament from the store.
func (a *Director) do(op tOp, moves func(res any) []bot.Move, status *bot.TourneyStatus) (any, error) {
	return a.doThen(op, moves, status, nil)
}

// doThen is do, then then (when not nil) once the op is stored: at once,
// or, when its write was reported failed with the store out of reach
// (the director paused), once the store answers again and has it. What
// follows an op (its results told, its tables closed) is not lost with
// the answer of a write that was stored.
func (a *Director) doThen(op tOp, moves func(res any) []bot.Move, status *bot.TourneyStatus, then func(res any)) (any, error) {
	// What is live and not an op (the stacks reported since the last op,
	// the rebuy windows), as it was before the op and as the op left it:
	// a rebuild after a failed write puts back the one that matches
	// whether the op was stored.
	stats := a.stats // for this op only, stored or not
	a.stats = nil
	if a.stale {
		return nil, bot.Errorf(bot.EUnavailable, "tourney.db_paused", a.Label())
	}
	before := a.saveLive()
	res, err := op.apply(a)
	if err != nil {
		return nil, err
	}
	// After the op, the maps themselves: a rebuild makes new ones and
	// leaves these as they are.
	after := liveState{stacks: a.stacks, pending: a.pending, proposal: a.proposal, ending: a.ending}
	w := &bot.TableWrite{TourneyOps: []bot.TourneyOp{{TourneyID: a.id, Seq: a.seq + 1, Kind: op.kind(), Data: table.MustJSON(op)}}, Status: status,
		TourneyStats: stats}
	if moves != nil {
		w.Moves = moves(res)
	}
	if status == nil {
		w.Status = &bot.TourneyStatus{TourneyID: a.id, Status: a.status()}
	}
	w.At = a.Deps.Clock.Now()
	ctx, cancel := context.WithTimeout(a.Deps.Ctx, table.OpTimeout)
	defer cancel()
	if err := a.Deps.Commit.Commit(ctx, w); err != nil {
		a.Deps.Log.Error("tournament write failed; rebuilding it from the store", "tourney", a.id, "err", err)
		seq := a.seq + 1
		lerr := a.Replay(ctx)
		if lerr != nil {
			a.Deps.Log.Error("tournament rebuild failed; paused until the store answers", "tourney", a.id, "err", lerr)
			a.goStale(seq, before, after)
			if then != nil {
				a.staleThen = func() { then(res) }
			}
			return nil, table.WriteErr(err)
		}
		if a.seq >= seq {
			// Stored after all (the answer was lost, not the write): the
			// replay made the same state, and the op goes on.
			a.restoreLive(after)
			a.Deps.Log.Warn("a tournament write reported failed was stored", "tourney", a.id, "op", op.kind())
			if then != nil {
				then(res)
			}
			return res, nil
		}
		a.restoreLive(before)
		return nil, table.WriteErr(err)
	}
	a.seq++
	if then != nil {
		then(res)
	}
	return res, nil
}

// goStale pauses the director after a failed write it could not
// rebuild from: see tourneyActor.stale.
func (a *Director) goStale(seq int64, before, after liveState) {
	now := a.Deps.Clock.Now()
	if !a.stale {
		a.stale, a.staleSeq, a.staleBefore, a.staleAfter = true, seq, before, after
		a.retryWait = table.FirstPauseRetry
		a.Deps.Metrics.PausedTourneys.Add(1)
		a.Deps.Log.Warn("tournament paused: the database is unreachable", "tourney", a.id)
	} else {
		a.retryWait = min(2*a.retryWait, table.MaxPauseRetry)
	}
	a.retryAt = now.Add(a.retryWait)
}

// tryFresh rebuilds a stale director from the store; on success it goes
// on where the store says it is.
func (a *Director) tryFresh() {
	ctx, cancel := context.WithTimeout(a.Deps.Ctx, table.OpTimeout)
	defer cancel()
	if err := a.Replay(ctx); err != nil {
		a.Deps.Log.Error("tournament rebuild failed", "tourney", a.id, "err", err)
		a.goStale(a.staleSeq, a.staleBefore, a.staleAfter)
		return
	}
	then := a.staleThen
	if a.seq >= a.staleSeq {
		a.restoreLive(a.staleAfter)
	} else {
		a.restoreLive(a.staleBefore)
		then = nil
	}
	a.stale, a.retryAt, a.staleThen = false, time.Time{}, nil
	a.Deps.Metrics.PausedTourneys.Add(-1)
	a.Deps.Log.Info("tournament resumed", "tourney", a.id)
	a.setFlags()
	if then != nil {
		then()
	}
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

func (a *Director) saveLive() liveState {
	return liveState{stacks: maps.Clone(a.stacks), pending: maps.Clone(a.pending), proposal: a.proposal, ending: a.ending}
}

// restoreLive puts live state back after a rebuild: the tables' stacks
// of the players the store still has in play, and the rest as it was.
func (a *Director) restoreLive(l liveState) {
	for e, s := range l.stacks {
		if _, ok := a.stacks[e]; ok {
			a.stacks[e] = s
		}
	}
	a.pending, a.proposal, a.ending = l.pending, l.proposal, l.ending
}

// setFlags publishes what other goroutines read: over, and a cancelled
// satellite's seats settled.
func (a *Director) setFlags() {
	a.overFlag.Store(a.Over || a.Tourney.State() == tourney.Cancelled)
	if a.Tourney.State() == tourney.Cancelled {
		a.SeatsSettled.Store(true)
	}
}

// status is the tournament's state as listed.
func (a *Director) status() string {
	if a.Over && a.Tourney.State() == tourney.Finished {
		return "finished"
	}
	return bot.StateNames[a.Tourney.State()].En
}

// Replay rebuilds the tournament from its stored ops.
func (a *Director) Replay(ctx context.Context) error {
	ops, err := a.Deps.Store.TourneyOps(ctx, a.id)
	if err != nil {
		return err
	}
	return a.ReplayOps(ops)
}

// ReplayOps rebuilds the tournament from ops, its stored log: replay's
// work, and the chip audit's (AuditChips), which reads the log itself.
func (a *Director) ReplayOps(ops []bot.TourneyOp) error {
	// An admin may start a scheduled event early: the start op's time is
	// then its start.
	for _, o := range ops {
		if o.Kind != opStart {
			continue
		}
		var op startOp
		if json.Unmarshal([]byte(o.Data), &op) == nil && a.Set.Config.Kind == tourney.Scheduled && op.At.Before(a.Set.Config.StartAt) {
			a.Set.Config.StartAt = op.At
		}
	}
	t, err := tourney.New(a.Set.Config)
	if err != nil {
		return err
	}
	a.Tourney, a.seq = t, 0
	a.tableIDs, a.stacks, a.Players, a.bots = map[tourney.TableID]int64{}, map[tourney.EntryID]int64{}, map[tourney.EntryID]bot.Player{}, map[tourney.EntryID]bool{}
	a.credit, a.pending, a.Ticketed, a.given = map[tourney.EntryID]int64{}, map[tourney.EntryID]pendingBust{}, map[tourney.EntryID]bool{}, nil
	a.ko = nil
	a.Shares, a.proposal, a.Windfall, a.ending, a.Dealt, a.Kept = nil, nil, nil, false, false, 0
	a.pauses, a.announced, a.Over, a.addOnOpen = nil, -1, false, false
	a.qualifiers, a.endedLevel, a.flights, a.FlightDone, a.fromIndex = nil, 0, nil, map[string]bool{}, 0
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
func (a *Director) clock() tourney.Clock {
	c := a.Tourney.Clock()
	c.Pauses = a.pauses
	c.FromIndex = a.fromIndex
	return c
}

func (a *Director) paused() bool {
	n := len(a.pauses)
	return n > 0 && a.pauses[n-1].To.IsZero()
}

func (a *Director) running() bool {
	switch a.Tourney.State() {
	case tourney.LateRegistration, tourney.Running, tourney.FinalTable:
		return true
	}
	return false
}

// Report hands a table's report to the director (table.Director); it
// never blocks.
func (a *Director) Report(tableID int64, rep table.HandReport) {
	a.repMu.Lock()
	a.reports = append(a.reports, rep)
	a.repMu.Unlock()
	select {
	case a.repSig <- struct{}{}:
	default:
	}
}

func (a *Director) takeReports() []table.HandReport {
	a.repMu.Lock()
	defer a.repMu.Unlock()
	r := a.reports
	a.reports = nil
	return r
}

// Run is the actor's loop.
func (a *Director) Run(ctx context.Context) {
	defer close(a.Done)
	defer func() {
		if a.stale {
			a.Deps.Metrics.PausedTourneys.Add(-1)
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
		case rp := <-a.Inbox:
			req := *rp
			if req.Sync {
				var r bot.Reply
				if a.drain() {
					r.Text = "busy" // it took in reports: the tables may have more to do
				}
				req.Reply <- table.Response{Reply: r}
				break
			}
			if req.Query != nil {
				req.Reply <- table.Response{Err: req.Query()}
				break
			}
			r, err := a.handle(req)
			req.Reply <- table.Response{Reply: r, Err: err}
			if a.retired() {
				a.idleSince = a.Deps.Clock.Now() // used: kept another while
			}
		case <-a.repSig:
			a.onReports()
		case <-a.wake:
			a.timerAt = time.Time{}
			a.tick()
			if a.retired() && !a.Deps.Clock.Now().Before(a.idleSince.Add(retireAfter)) {
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
func (a *Director) drain() bool {
	took := false
	for range 1000 {
		if at := a.nextDeadline(); !at.IsZero() && !at.After(a.Deps.Clock.Now()) {
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
func (a *Director) resume() {
	a.setFlags()
	a.tick()
	a.publishLobby()
}

// arm sets the actor's timer to its next deadline.
func (a *Director) arm() {
	at := a.nextDeadline()
	if at.IsZero() || at.Equal(a.timerAt) {
		return
	}
	if a.timer != nil {
		a.timer.Stop()
	}
	a.timerAt = at
	a.timer = a.Deps.Clock.AfterFunc(max(at.Sub(a.Deps.Clock.Now()), 0), func() {
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
func (a *Director) nextDeadline() time.Time {
	if a.stale {
		return a.retryAt
	}
	if a.retired() {
		if a.idleSince.IsZero() {
			a.idleSince = a.Deps.Clock.Now()
		}
		return a.idleSince.Add(retireAfter)
	}
	at := a.deadline()
	if a.again.After(a.Deps.Clock.Now()) && (at.IsZero() || a.again.Before(at)) {
		at = a.again // a step whose write failed
	}
	return at
}

// allHeld reports whether every table is between hands, waiting for
// the director.
func (a *Director) allHeld() bool {
	for no := range a.Tables {
		if !a.held[no] {
			return false
		}
	}
	return true
}

// retireAfter is how long a tournament that is over stays in memory
// after its last command; retired reports one with nothing left to do.
const retireAfter = time.Hour

func (a *Director) retired() bool {
	return !a.stale && a.Over && (a.target == 0 && a.finalID == 0 || a.SeatsSettled.Load())
}

// retryLater has tick try again, a second later, a step whose write
// failed.
func (a *Director) retryLater() { a.again = a.Deps.Clock.Now().Add(time.Second) }

func (a *Director) deadline() time.Time {
	cfg := a.Tourney.Config()
	st := a.Tourney.State()
	if (st == tourney.Finished || st == tourney.Cancelled) && !a.Over ||
		st == tourney.Finished && (a.target != 0 || a.finalID != 0) && !a.SeatsSettled.Load() {
		// Payouts, refunds or seats whose write failed: tick tries
		// again.
		return a.Deps.Clock.Now().Add(time.Second)
	}
	now := a.Deps.Clock.Now()
	next := a.timetable().Next(now, a.clock(), a.progress())
	switch {
	case st == tourney.Announced:
		return next
	case st == tourney.RegistrationOpen:
		if a.IsFinal() && next.Equal(cfg.StartAt) && !now.Before(cfg.StartAt) {
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
	clock := a.clock()
	for _, p := range a.pending {
		// The rebuy window runs on the clock: none while it is paused.
		if until := clock.RunAfter(p.At, tourney.RebuyWindow); !until.IsZero() && (at.IsZero() || until.Before(at)) {
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

// Name and label show the tournament.
func (a *Director) Name() string { return a.Set.Config.Name }

// Label is the tournament as players name it ("T3").
func (a *Director) Label() string { return "T" + strconv.FormatInt(a.id, 10) }

// entryName shows an entry: its pseudonym while in play in an anonymous
// event, else the name with the entry number (R-TRN-3, R-TRN-13).
func (a *Director) entryName(e tourney.EntryID) string {
	if n, ok := a.pairName(e); ok && !a.Tourney.Config().Anonymous {
		return n
	}
	n, err := a.Tourney.DisplayName(e)
	if err != nil {
		return "?"
	}
	return n
}

func (a *Director) lang() string {
	c := a.env.CommunityNow(a.Comm)
	if c.Language == "" {
		return bot.English
	}
	return c.Language
}

// send queues m as this tournament's message.
func (a *Director) send(m bot.Outgoing) {
	m.Source = a.Ref()
	a.env.Send(m)
}

// news posts a line to the chat and to the spectator channel.
func (a *Director) news(key string, args ...any) {
	text := "🏆 " + tr(a.lang(), key, args...)
	v := bot.View{Kind: bot.ViewNews, Text: text}
	c := a.env.CommunityNow(a.Comm)
	a.send(bot.Outgoing{To: bot.Destination{Platform: c.Platform, Chat: c.ChatID}, Thread: a.Set.Thread, Priority: bot.PrioritySummary, Body: v})
	if c.SpectatorChat != "" {
		a.send(bot.Outgoing{To: bot.Destination{Platform: c.Platform, Chat: c.SpectatorChat}, Priority: bot.PrioritySummary, Body: v})
	}
}

// playerLang is the language e's player reads (privateTo's).
func (a *Director) playerLang(e tourney.EntryID) string {
	if p, ok := a.Players[e]; ok {
		return bot.LangFor(p.Language, "", a.lang())
	}
	return a.lang()
}

// privateTo sends an entry's player a private note, in their own
// language (else the chat's). Each tells what the tournament's news tell
// anyway (a seat, a move, a bust and its rebuy offer, a prize): a
// platform that cannot reach the player privately shows it in the
// tournament's chat, naming them, rather than drop it (bot.Outgoing.Fallback);
// not in an anonymous event, where that would unmask a pseudonym.
func (a *Director) privateTo(e tourney.EntryID, key string, args ...any) {
	p, ok := a.Players[e]
	if !ok || a.bots[e] {
		return
	}
	text := tr(a.playerLang(e), key, args...)
	m := bot.Outgoing{To: bot.Destination{Platform: p.Platform, User: p.UserID}, Priority: bot.PriorityPrivate,
		Body: bot.View{Kind: bot.ViewNotice, Text: text}}
	if !a.Tourney.Config().Anonymous { // naming the player would tell whose pseudonym is whose (R-TRN-13)
		c := a.env.CommunityNow(a.Comm)
		m.Fallback = &bot.Outgoing{To: bot.Destination{Platform: c.Platform, Chat: c.ChatID}, Thread: a.Set.Thread, Priority: bot.PriorityPrivate, Source: a.Ref(),
			Body: bot.View{Kind: bot.ViewNotice, Text: p.DisplayName + ": " + text}}
	}
	a.send(m)
}

// Do sends a request to the actor and waits; a full inbox is EBusy.
func (a *Director) Do(ctx context.Context, req Request) (bot.Reply, error) {
	req.ctx = ctx
	req.Reply = make(chan table.Response, 1)
	return table.Ask(ctx, a.Inbox, &req, req.Reply, a.Done, a.Deps.Metrics, bot.KeyUnavailable, func() error {
		return bot.Errorf(bot.ENotFound, "tourney.no_such", a.Label())
	})
}

// tpid is a player as the tournament knows them.
func tpid(id int64) tourney.PlayerID { return tourney.PlayerID(strconv.FormatInt(id, 10)) }

// SettleNow asks the director to take in every report and due timer and
// waits until it has, its turn in a full inbox included; it reports
// whether the director took in reports (its tables may then have more to
// do). A director that stops meanwhile has nothing left to do; ctx ending
// is EUnavailable.
func (a *Director) SettleNow(ctx context.Context) (took bool, err error) {
	req := Request{ctx: ctx, Sync: true, Reply: make(chan table.Response, 1)}
	select {
	case a.Inbox <- &req:
	case <-a.Done:
		return false, nil
	case <-ctx.Done():
		return false, &bot.Error{Code: bot.EUnavailable, Key: bot.KeyBusy, Err: ctx.Err()}
	}
	select {
	case resp := <-req.Reply:
		return resp.Reply.Text != "", resp.Err
	case <-a.Done:
		return false, nil
	case <-ctx.Done():
		return false, &bot.Error{Code: bot.EUnavailable, Key: bot.KeyBusy, Err: ctx.Err()}
	}
}
