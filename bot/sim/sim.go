// Package sim drives the whole room with practice opponents and measures
// it: `pokerroom sim` (the command in package main parses the flags, opens
// the database and calls Run). Tables of six practice opponents, or one
// sit-and-go, play through the actors, the store with group commit and an
// outbox at one message a second per chat into a counting sink; then the
// throughput, latency, messages per hand and memory are printed.
//
// It is a driver, not part of the room: it measures wall-clock time and
// runs the room on the system clock.
package sim

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/outbox"
	"github.com/pokerroom/pokerroom/bot/tourneycheck"
)

// Exit statuses Run returns, as the sim command's.
const (
	exitOK    = 0
	exitFail  = 1 // the run failed
	exitUsage = 2 // bad options, or a database that is not empty
)

// simPlatform is the simulator's platform: chats "sim-1", "sim-2"...
const simPlatform = "sim"

// countingSender is the simulator's platform: it counts what it is given.
type countingSender struct{ sent atomic.Int64 }

func (c *countingSender) Deliver(_ context.Context, m bot.Outgoing, id string) (string, error) {
	n := c.sent.Add(1)
	if id != "" {
		return id, nil
	}
	return strconv.FormatInt(n, 10), nil
}

// Options are what a run plays: the sim command's flags.
type Options struct {
	// Tables of six practice opponents each play Hands hands (1..100000
	// each); ignored with Tourney.
	Tables, Hands int
	// Seed seeds the decks and the practice opponents.
	Seed uint64
	// Rate is the load offered, in actions a second across all tables:
	// practice opponents think Tables/Rate on average before acting; 0 is
	// no thinking (the room's limit).
	Rate float64
	// Times, when above 0, offers Times the baseline's transfer rate
	// measured first in the same run instead of Rate (needs Baseline).
	Times float64
	// Trials is the deals in a practice opponent's estimate (1..100000).
	Trials int
	// Tourney, when not 0, plays one sit-and-go of this many practice
	// opponents (2..100000) to a winner instead of cash tables.
	Tourney int
	// Baseline is the ledger transfers, each its own transaction, measured
	// first on the same database (0: skip).
	Baseline int
}

// Check says what is wrong with o, in the words of the command's flags;
// nil when Run can play it.
func (o Options) Check() error {
	switch {
	case o.Tourney != 0 && (o.Tourney < 2 || o.Tourney > 100000):
		return fmt.Errorf("--tourney %d: want 2..100000", o.Tourney)
	case o.Tourney == 0 && (o.Tables < 1 || o.Tables > 100000 || o.Hands < 1 || o.Hands > 100000):
		return fmt.Errorf("--tables %d --hands %d: want --tables 1..100000 and --hands 1..100000", o.Tables, o.Hands)
	case o.Rate < 0 || math.IsNaN(o.Rate) || math.IsInf(o.Rate, 0):
		return fmt.Errorf("--rate %v: want 0 (no thinking) or a number of actions a second above 0", o.Rate)
	case o.Times < 0 || math.IsNaN(o.Times) || math.IsInf(o.Times, 0):
		return fmt.Errorf("--rate %vx: want a multiple of the baseline above 0", o.Times)
	case o.Times > 0 && o.Baseline == 0:
		return fmt.Errorf("--rate %vx offers a multiple of the baseline: give --baseline more than 0 transfers", o.Times)
	case o.Trials < 1 || o.Trials > 100000:
		return fmt.Errorf("--trials %d: want 1..100000", o.Trials)
	case o.Baseline < 0:
		return fmt.Errorf("--baseline %d: want 0 (skip) or more transfers", o.Baseline)
	}
	return nil
}

// Config is one run: what it plays, on what, and where it writes.
type Config struct {
	Options
	// Store is the room's storage, migrated and without tables.
	Store bot.Storage
	// Database names it in the first line printed ("sqlite /tmp/sim.db");
	// it must hold no password.
	Database string
	// Log is the room's logger (default: discarded).
	Log *slog.Logger
	// CPUProfile, when not nil, receives a CPU profile of the run.
	CPUProfile io.Writer
	// Trace, when not nil, receives an execution trace of the run (go
	// tool trace): where the group commit's goroutine waits, and on what.
	Trace io.Writer
	// HeapProfile, when not nil, receives a heap profile taken where the
	// memory per idle table is measured (after the run, after GC): what
	// the idle tables hold.
	HeapProfile io.Writer
	// Out receives the figures; Progress a progress line rewritten every
	// second, and what went wrong.
	Out, Progress io.Writer
}

// app is where a run writes: the figures to stdout, progress and errors to
// stderr, the room's log to log.
type app struct {
	stdout, stderr io.Writer
	log            *slog.Logger
}

// checkEmpty refuses a database that holds tables (exit 2) or whose
// tables cannot be read (exit 1), saying why.
func (a *app) checkEmpty(ctx context.Context, s bot.Storage) int {
	open, err := s.OpenTables(ctx, 0)
	switch {
	case err != nil:
		fmt.Fprintf(a.stderr, "pokerroom sim: read the database's tables: %v\n", err)
		return exitFail
	case len(open) > 0:
		fmt.Fprintf(a.stderr, "pokerroom sim: the database must be empty of tables (found %d open): give --db a fresh database\n", len(open))
		return exitUsage
	}
	return exitOK
}

// Run plays cfg and prints its figures. It returns the sim command's exit
// status: 0 when the run finished, 1 when it failed, 2 for bad options or
// a database holding tables; the cause of a failure is written to
// cfg.Progress.
func Run(ctx context.Context, cfg Config) int {
	a := &app{stdout: cfg.Out, stderr: cfg.Progress, log: cfg.Log}
	if a.log == nil {
		a.log = slog.New(slog.DiscardHandler)
	}
	o := cfg.Options
	if err := o.Check(); err != nil {
		fmt.Fprintf(a.stderr, "pokerroom sim: %v\n", err)
		return exitUsage
	}
	if cfg.Store == nil || cfg.Out == nil || cfg.Progress == nil {
		fmt.Fprintln(a.stderr, "pokerroom sim: a run needs a store and somewhere to write")
		return exitFail
	}
	if o.Tourney > 0 {
		o.Tables, o.Hands = (o.Tourney+8)/9, 1
	}
	s := cfg.Store
	out := a.stdout
	if code := a.checkEmpty(ctx, s); code != exitOK {
		return code
	}
	if o.Tourney > 0 {
		fmt.Fprintf(out, "sim: a sit-and-go of %d practice opponents on %s, offered load %s\n", o.Tourney, cfg.Database, offered(o.Rate, o.Times))
	} else {
		fmt.Fprintf(out, "sim: %d tables x %d hands on %s, offered load %s\n", o.Tables, o.Hands, cfg.Database, offered(o.Rate, o.Times))
	}

	transferRate, err := a.baseline(ctx, s, &o)
	if err != nil {
		fmt.Fprintf(a.stderr, "pokerroom sim: baseline: %v\n", err)
		return exitFail
	}

	var think time.Duration
	if o.Rate > 0 {
		think = time.Duration(float64(o.Tables) / o.Rate * float64(time.Second))
	}
	sender := &countingSender{}
	clock := bot.SystemClock{}
	ob := outbox.New(sender, bot.Limits{PerChat: 1, PerChatBurst: 1}, clock, nil)
	metrics := bot.NewMetrics()
	metrics.WatchOutbox(ob)
	maxHands := o.Hands
	if o.Tourney > 0 {
		maxHands = 0
	}
	var storage bot.Storage = s
	var outbox bot.Enqueuer = ob
	var check *tourneycheck.Checker
	if o.Tourney > 0 {
		// The table rules (issue 21), checked over every hand played.
		check = tourneycheck.New(9, "sim-1", "sim-news")
		storage, outbox = check.Storage(s), check.Outbox(ob)
	}
	rm, err := room.New(room.Config{Store: storage, Clock: clock, Log: a.log, Seed: o.Seed, DeckSeed: o.Seed,
		MaxHands: maxHands, Metrics: metrics, BotDelay: think, BotTrials: o.Trials, BotsAlone: true,
		// One simulated admin opens every table: no per-user command limit.
		CommandRate: -1,
		Outboxes:    map[string]bot.Enqueuer{simPlatform: outbox},
		Admins:      map[string]bot.Admins{simPlatform: bot.AdminsFunc(func(context.Context, string, string) (bool, error) { return true, nil })},
		// The simulator's chats are its own: its news channel is posted to.
		Spectators: map[string]bot.Spectators{simPlatform: bot.SpectatorsFunc(func(_ context.Context, _, _, target string) (string, error) { return target, nil })}})
	if err != nil {
		fmt.Fprintf(a.stderr, "pokerroom sim: %v\n", err)
		return exitFail
	}
	obCtx, obStop := context.WithCancel(ctx)
	var obWG sync.WaitGroup
	obWG.Add(1)
	go func() { defer obWG.Done(); _ = ob.Run(obCtx, nil) }()
	defer func() { obStop(); obWG.Wait() }()

	if cfg.CPUProfile != nil {
		if err := pprof.StartCPUProfile(cfg.CPUProfile); err != nil {
			fmt.Fprintf(a.stderr, "pokerroom sim: %v\n", err)
			return exitFail
		}
		defer pprof.StopCPUProfile()
	}
	if cfg.Trace != nil {
		if err := trace.Start(cfg.Trace); err != nil {
			fmt.Fprintf(a.stderr, "pokerroom sim: %v\n", err)
			return exitFail
		}
		defer trace.Stop()
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := rm.Start(ctx); err != nil {
		fmt.Fprintf(a.stderr, "pokerroom sim: %v\n", err)
		return exitFail
	}
	defer rm.Close()
	if o.Tourney > 0 {
		return simTourney(ctx, a, rm, metrics, o.Tourney, check)
	}
	start := time.Now()
	if err := openTables(ctx, rm, o.Tables); err != nil {
		fmt.Fprintf(a.stderr, "pokerroom sim: %v\n", err)
		return exitFail
	}
	during, ok := playHands(ctx, a, rm, metrics, int64(o.Tables), int64(o.Tables)*int64(o.Hands), start)
	if !ok {
		return exitFail
	}
	elapsed := time.Since(start)
	drain(ctx, ob, 5*time.Second)
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	perTable := (int64(after.HeapAlloc+after.StackInuse) - int64(before.HeapAlloc+before.StackInuse)) / int64(o.Tables)
	writeHeapProfile(cfg.HeapProfile, cfg.Progress)
	cashFigures{tables: o.Tables, elapsed: elapsed, steady: during, transferRate: transferRate,
		perTable: perTable, sent: sender.sent.Load(), left: ob.Queued()}.print(out, metrics)
	return exitOK
}

// openTables opens n tables, "sim-1" to "sim-n", and seats six practice
// opponents at each, a few tables at a time; the first error stops it.
func openTables(ctx context.Context, rm *room.Room, n int) error {
	sem := make(chan struct{}, 16)
	errc := make(chan error, 1)
	var wg sync.WaitGroup
	for i := 1; i <= n; i++ {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			chat := "sim-" + strconv.Itoa(i)
			for _, c := range []bot.Command{
				{Name: "newtable", Args: []string{"nlhe", "1/2"}},
				{Name: "addbot", Args: []string{"6"}},
			} {
				c.Platform, c.Chat, c.User, c.UserName = simPlatform, chat, "admin", "admin"
				if _, err := rm.Handle(ctx, c); err != nil {
					select {
					case errc <- fmt.Errorf("%s /%s: %w", chat, c.Name, err):
					default:
					}
					return
				}
			}
		}()
	}
	wg.Wait()
	select {
	case err := <-errc:
		return err
	default:
		return nil
	}
}

// playHands waits until want hands are played at tables tables and the
// room is settled, showing the progress; it returns what it measured
// while every table played, and false when ctx ended first.
func playHands(ctx context.Context, a *app, rm *room.Room, metrics *bot.Metrics, tables, want int64, start time.Time) (steady, bool) {
	var w steady
	var from bot.Histogram
	started, ended := false, false
	var lastActions int64
	var lastAt time.Time
	ok := pollEverySecond(ctx, a.stderr, func() (bool, string) {
		hands, actions, at := metrics.Hands.Load(), metrics.Actions.Load(), time.Now()
		switch {
		case !started && hands >= tables && hands < want*8/10:
			started, from, lastActions, lastAt = true, metrics.LatencyHistogram(), actions, at
		case started && !ended && hands >= want*8/10:
			ended, w.latency = true, metrics.LatencyHistogram().Since(from)
		case started && !ended && at.Sub(lastAt) > 500*time.Millisecond:
			w.perSecond = append(w.perSecond, float64(actions-lastActions)/at.Sub(lastAt).Seconds())
			lastActions, lastAt = actions, at
		}
		done := hands >= want && rm.Settle(ctx) == nil && metrics.Hands.Load() >= want
		return done, fmt.Sprintf("%d/%d hands, %d actions, %.0fs", hands, want, actions, time.Since(start).Seconds())
	})
	return w, ok
}

// steady is what a run measured while every table played: from when, all
// tables open (they open a few at a time, their players' wallets and
// buy-ins written meanwhile), as many hands as tables were dealt (about
// when the last table opened dealt its first), until 80% of the hands
// were dealt (the end waits for the slowest table).
type steady struct {
	perSecond []float64     // each second's actions
	latency   bot.Histogram // the actions' latencies
}

// writeHeapProfile writes the heap profile to w (nil: none is asked), a
// failure told on progress.
func writeHeapProfile(w, progress io.Writer) {
	if w == nil {
		return
	}
	if err := pprof.Lookup("heap").WriteTo(w, 0); err != nil {
		fmt.Fprintf(progress, "sim: heap profile: %v\n", err)
	}
}

// drain lets the outbox send what is left (coalesced) before the messages
// are counted: it returns when nothing is queued, after wait, or when ctx
// ends.
func drain(ctx context.Context, ob *outbox.Outbox, wait time.Duration) {
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	timeout := time.NewTimer(wait)
	defer timeout.Stop()
	for ob.Queued() > 0 {
		select {
		case <-ctx.Done():
			return
		case <-timeout.C:
			return
		case <-tick.C:
		}
	}
}

// cashFigures are what a run of cash tables measured besides the room's
// metrics.
type cashFigures struct {
	tables       int
	elapsed      time.Duration
	steady       steady  // while every table played
	transferRate float64 // the baseline's transfers a second; 0: not measured
	perTable     int64   // bytes of heap and stacks per idle table
	sent         int64   // messages the outbox sent
	left         int     // messages left queued
}

// print writes the figures of a cash-table run.
func (f cashFigures) print(out io.Writer, metrics *bot.Metrics) {
	actions := metrics.Actions.Load()
	achieved := float64(actions) / f.elapsed.Seconds()
	l := metrics.Latency()
	nh := float64(metrics.Hands.Load())
	fmt.Fprintf(out, "hands: %d, actions: %d in %.1fs\n", metrics.Hands.Load(), actions, f.elapsed.Seconds())
	fmt.Fprintf(out, "actions/s: %.0f", achieved)
	if f.transferRate > 0 {
		fmt.Fprintf(out, " (%.1f x the one-transfer-per-transaction rate)", achieved/f.transferRate)
	}
	fmt.Fprintln(out)
	if ps := f.steady.perSecond; len(ps) > 0 {
		sort.Float64s(ps)
		median := ps[len(ps)/2]
		fmt.Fprintf(out, "actions/s while every table plays (median of %d seconds): %.0f", len(ps), median)
		if f.transferRate > 0 {
			fmt.Fprintf(out, " (%.1f x)", median/f.transferRate)
		}
		fmt.Fprintln(out)
	}
	fmt.Fprintf(out, "latency (command received to events committed and views queued): p50 %v, p99 %v, max %v\n",
		l.P50.Round(10*time.Microsecond), l.P99.Round(10*time.Microsecond), l.Max.Round(10*time.Microsecond))
	if sl := f.steady.latency.Summary(); sl.Count > 0 {
		fmt.Fprintf(out, "latency while every table plays (%d actions): p50 %v, p99 %v\n",
			sl.Count, sl.P50.Round(10*time.Microsecond), sl.P99.Round(10*time.Microsecond))
	}
	fmt.Fprintf(out, "messages per hand: %.1f queued, %.1f sent after coalescing (1 message/s per chat), %d left queued\n",
		float64(metrics.Queued.Load())/nh, float64(f.sent)/nh, f.left)
	if b := metrics.Batches.Load(); b > 0 {
		fmt.Fprintf(out, "group commit: %d transactions, %.1f table writes each\n", b, float64(metrics.Batched.Load())/float64(b))
	}
	fmt.Fprintf(out, "memory per idle table: %.1f KB (heap and stacks after GC, over %d tables)\n", float64(f.perTable)/1024, f.tables)
}

// baseline measures o.Baseline transfers' rate (0 when o skips it) and
// prints it, setting o.Rate to its multiple when o asks for one.
func (a *app) baseline(ctx context.Context, s bot.Wallets, o *Options) (float64, error) {
	if o.Baseline == 0 {
		return 0, nil
	}
	rate, err := measureTransfers(ctx, s, o.Baseline)
	if err != nil {
		return 0, err
	}
	fmt.Fprintf(a.stdout, "baseline: %.0f ledger transfers/s, one per transaction\n", rate)
	if o.Times > 0 {
		o.Rate = o.Times * rate
		fmt.Fprintf(a.stdout, "offered load: %.0f actions/s (%g x the baseline)\n", o.Rate, o.Times)
	}
	return rate, nil
}

// measureTransfers times n ledger transfers, each its own transaction.
func measureTransfers(ctx context.Context, s bot.Wallets, n int) (float64, error) {
	bank, err := s.OpenAccount(ctx, bot.AccountBank, "sim-baseline-bank", 0)
	if err != nil {
		return 0, err
	}
	to, err := s.OpenAccount(ctx, bot.AccountSystem, "sim-baseline", 0)
	if err != nil {
		return 0, err
	}
	start := time.Now()
	for range n {
		if err := s.Move(ctx, bot.Move{From: bank, To: to, Amount: 1, Reason: "baseline"}); err != nil {
			return 0, err
		}
	}
	return float64(n) / time.Since(start).Seconds(), nil
}

// offered words the load offered: a multiple of the baseline, actions a
// second, or none (unlimited).
func offered(rate, times float64) string {
	if times > 0 {
		return fmt.Sprintf("%g x the baseline", times)
	}
	if rate <= 0 {
		return "unlimited (practice opponents act at once)"
	}
	return fmt.Sprintf("%.0f actions/s", rate)
}

// simTourney plays a sit-and-go of n practice opponents through the room
// (registration, the draw, balancing and breaking tables, payouts) and
// prints how long it took and the action latency, then the table rules
// check has seen (check: the dead button, balancing moves, table sizes
// each second, hand for hand); a rule broken fails the run.
func simTourney(ctx context.Context, a *app, rm *room.Room, metrics *bot.Metrics, n int, check *tourneycheck.Checker) int {
	out := a.stdout
	run := func(args ...string) (bot.Reply, error) {
		return rm.Handle(ctx, bot.Command{Platform: simPlatform, Chat: "sim-1", User: "admin", UserName: "admin", Name: "tourney", Args: args})
	}
	if _, err := rm.Handle(ctx, bot.Command{Platform: simPlatform, Chat: "sim-1", User: "admin", UserName: "admin", Name: "spectate", Args: []string{check.Channel}}); err != nil {
		fmt.Fprintf(a.stderr, "pokerroom sim: /spectate: %v\n", err)
		return exitFail
	}
	check.Sizes.MaxWaits = 10 // one check a second: a hand in progress may take a few
	start := time.Now()
	if _, err := run("create", "Sim", "start=sng", "players="+strconv.Itoa(n), "buyin=100", "seats=9", "speed=hyper", "level=30s", "bots=on", "timer=30s"); err != nil {
		fmt.Fprintf(a.stderr, "pokerroom sim: /tourney create: %v\n", err)
		return exitFail
	}
	for left := n; left > 0; left -= min(left, 50) {
		if _, err := run("bots", strconv.Itoa(min(left, 50))); err != nil {
			fmt.Fprintf(a.stderr, "pokerroom sim: /tourney bots: %v\n", err)
			return exitFail
		}
	}
	registered := time.Since(start)
	paid := 0
	if r, err := run("payouts"); err == nil {
		paid = tourneycheck.PaidPlaces(r.Text)
	}
	if !pollEverySecond(ctx, a.stderr, func() (bool, string) {
		if r, err := run("balance"); err == nil {
			check.Balance(r.Text)
		}
		r, err := rm.Handle(ctx, bot.Command{Platform: simPlatform, Chat: "sim-1", User: "admin", UserName: "admin", Name: "tourneys"})
		done := err == nil && !strings.Contains(r.Text, "T1 ")
		return done, fmt.Sprintf("%d hands, %d actions, %.0fs", metrics.Hands.Load(), metrics.Actions.Load(), time.Since(start).Seconds())
	}) {
		return exitFail
	}
	elapsed := time.Since(start)
	l := metrics.Latency()
	fmt.Fprintf(out, "registration of %d entries: %.1fs\n", n, registered.Seconds())
	fmt.Fprintf(out, "tournament played to a winner in %.1fs: %d hands, %d actions\n", elapsed.Seconds(), metrics.Hands.Load(), metrics.Actions.Load())
	fmt.Fprintf(out, "latency (command received to events committed and views queued): p50 %v, p99 %v, max %v\n",
		l.P50.Round(10*time.Microsecond), l.P99.Round(10*time.Microsecond), l.Max.Round(10*time.Microsecond))
	report := check.Check(paid)
	fmt.Fprintln(out, report)
	if !report.OK() {
		return exitFail
	}
	return exitOK
}

// pollEverySecond calls step once a second until it reports done,
// writing its progress line over the last one on w; false when ctx ends
// first.
func pollEverySecond(ctx context.Context, w io.Writer, step func() (done bool, progress string)) bool {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		done, line := step()
		fmt.Fprintf(w, "\r%s   ", line)
		if done {
			fmt.Fprintln(w)
			return true
		}
		select {
		case <-ctx.Done():
			fmt.Fprintln(w)
			fmt.Fprintln(w, "pokerroom sim: interrupted before the run ended: no figures")
			return false
		case <-tick.C:
		}
	}
}
