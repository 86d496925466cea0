package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/tourneycheck"
	"github.com/pokerroom/pokerroom/store"
	"github.com/pokerroom/pokerroom/store/dburl"
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

// runSim is `pokerroom sim --tables N --hands H [--db URL] [--seed N]`:
// N tables of six practice opponents each play H hands through the whole
// room (actors, store with group commit, an outbox at one message a second
// per chat into a counting sink), then the figures are printed.
func runSim(ctx context.Context, a *app) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(a.stderr)
	tables := fs.Int("tables", 100, "tables, each with six practice opponents")
	hands := fs.Int("hands", 20, "hands each table plays")
	dbFlag := fs.String("db", "", "database URL or SQLite file; default: a fresh SQLite file, deleted at the end")
	seed := fs.Uint64("seed", 1, "seed of the decks and the practice opponents")
	cpuprofile := fs.String("cpuprofile", "", "write a CPU profile of the run to this file")
	rate := fs.Float64("rate", 3000, "the load offered, in actions per second across all tables: practice opponents think tables/rate on average before acting; 0 = no thinking (the room's limit)")
	trials := fs.Int("trials", 100, "deals in a practice opponent's estimate")
	tourneyN := fs.Int("tourney", 0, "play one sit-and-go of this many practice opponents to a winner instead of cash tables")
	baseline := fs.Int("baseline", 2000, "ledger transfers, each its own transaction, measured first on the same database (0: skip)")
	if err := fs.Parse(a.args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if *tourneyN != 0 && (*tourneyN < 2 || *tourneyN > 100000) {
		fmt.Fprintln(a.stderr, "pokerroom sim: want --tourney 2..100000")
		return exitUsage
	}
	if *tourneyN > 0 {
		*tables, *hands = (*tourneyN+8)/9, 1
	}
	if *tables < 1 || *tables > 100000 || *hands < 1 || *hands > 100000 || fs.NArg() > 0 {
		fmt.Fprintln(a.stderr, "pokerroom sim: want --tables 1..100000 and --hands 1..100000, no other arguments")
		return exitUsage
	}
	dsn := *dbFlag
	if dsn == "" {
		dir, err := os.MkdirTemp("", "pokerroom-sim-")
		if err != nil {
			fmt.Fprintf(a.stderr, "pokerroom sim: %v\n", err)
			return exitFail
		}
		defer os.RemoveAll(dir)
		dsn = filepath.Join(dir, "sim.db")
	}
	loc, err := dburl.Parse(dsn)
	if err != nil {
		fmt.Fprintf(a.stderr, "pokerroom sim: --db: %v\n", err)
		return exitUsage
	}
	octx, cancel := context.WithTimeout(ctx, openTimeout)
	s, err := store.Open(octx, loc, store.Options{})
	cancel()
	if err != nil {
		fmt.Fprintf(a.stderr, "pokerroom sim: open database: %v\n", err)
		return exitFail
	}
	defer s.Close()
	if _, err := s.Migrate(ctx); err != nil {
		fmt.Fprintf(a.stderr, "pokerroom sim: migrate: %v\n", err)
		return exitFail
	}
	out := a.stdout
	if open, err := s.OpenTables(ctx, 0); err != nil || len(open) > 0 {
		fmt.Fprintf(a.stderr, "pokerroom sim: the database must be empty of tables (found %d open, %v): give --db a fresh database\n", len(open), err)
		return exitUsage
	}
	if *tourneyN > 0 {
		fmt.Fprintf(out, "sim: a sit-and-go of %d practice opponents on %s %s, offered load %s\n", *tourneyN, loc.Backend, loc.String(), offered(*rate))
	} else {
		fmt.Fprintf(out, "sim: %d tables x %d hands on %s %s, offered load %s\n", *tables, *hands, loc.Backend, loc.String(), offered(*rate))
	}

	var transferRate float64
	if *baseline > 0 {
		if transferRate, err = measureTransfers(ctx, s, *baseline); err != nil {
			fmt.Fprintf(a.stderr, "pokerroom sim: baseline: %v\n", err)
			return exitFail
		}
		fmt.Fprintf(out, "baseline: %.0f ledger transfers/s, one per transaction\n", transferRate)
	}

	var think time.Duration
	if *rate > 0 {
		think = time.Duration(float64(*tables) / *rate * float64(time.Second))
	}
	sender := &countingSender{}
	clock := bot.SystemClock{}
	ob := bot.NewOutbox(sender, bot.Limits{PerChat: 1, PerChatBurst: 1}, clock, nil)
	metrics := bot.NewMetrics()
	metrics.WatchOutbox(ob)
	maxHands := *hands
	if *tourneyN > 0 {
		maxHands = 0
	}
	var storage bot.Storage = s
	var outbox bot.Enqueuer = ob
	var check *tourneycheck.Checker
	if *tourneyN > 0 {
		// The table rules (issue 21), checked over every hand played.
		check = tourneycheck.New(9, "sim-1", "sim-news")
		storage, outbox = check.Storage(s), check.Outbox(ob)
	}
	room, err := bot.NewRoom(bot.RoomConfig{Store: storage, Clock: clock, Log: a.log, Seed: *seed, DeckSeed: *seed,
		MaxHands: maxHands, Metrics: metrics, BotDelay: think, BotTrials: *trials,
		// One simulated admin opens every table: no per-user command limit.
		CommandRate: -1,
		Outboxes:    map[string]bot.Enqueuer{simPlatform: outbox},
		Admins:      map[string]bot.Admins{simPlatform: bot.AdminsFunc(func(context.Context, string, string) (bool, error) { return true, nil })}})
	if err != nil {
		fmt.Fprintf(a.stderr, "pokerroom sim: %v\n", err)
		return exitFail
	}
	obCtx, obStop := context.WithCancel(ctx)
	var obWG sync.WaitGroup
	obWG.Add(1)
	go func() { defer obWG.Done(); _ = ob.Run(obCtx, nil) }()
	defer func() { obStop(); obWG.Wait() }()

	if *cpuprofile != "" {
		f, err := os.Create(*cpuprofile)
		if err != nil {
			fmt.Fprintf(a.stderr, "pokerroom sim: %v\n", err)
			return exitFail
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintf(a.stderr, "pokerroom sim: %v\n", err)
			return exitFail
		}
		defer pprof.StopCPUProfile()
	}
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	if err := room.Start(ctx); err != nil {
		fmt.Fprintf(a.stderr, "pokerroom sim: %v\n", err)
		return exitFail
	}
	defer room.Close()
	if *tourneyN > 0 {
		return simTourney(ctx, a, room, metrics, *tourneyN, check)
	}
	// Open the tables and seat the opponents, a few at a time.
	start := time.Now()
	sem := make(chan struct{}, 16)
	errc := make(chan error, 1)
	var wg sync.WaitGroup
	for i := 1; i <= *tables; i++ {
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
				if _, err := room.Handle(ctx, c); err != nil {
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
		fmt.Fprintf(a.stderr, "pokerroom sim: %v\n", err)
		return exitFail
	default:
	}
	want := int64(*tables) * int64(*hands)
	// The rate while every table still plays: each second's actions until
	// 80% of the hands are dealt (the end waits for the slowest table).
	var perSecond []float64
	lastActions, lastAt := metrics.Actions.Load(), time.Now()
	if !pollEverySecond(ctx, a.stderr, func() (bool, string) {
		if a, at := metrics.Actions.Load(), time.Now(); metrics.Hands.Load() < want*8/10 && at.Sub(lastAt) > 500*time.Millisecond {
			if a > 0 && lastActions > 0 {
				perSecond = append(perSecond, float64(a-lastActions)/at.Sub(lastAt).Seconds())
			}
			lastActions, lastAt = a, at
		}
		done := metrics.Hands.Load() >= want && room.Settle(ctx) == nil && metrics.Hands.Load() >= want
		return done, fmt.Sprintf("%d/%d hands, %d actions, %.0fs", metrics.Hands.Load(), want, metrics.Actions.Load(), time.Since(start).Seconds())
	}) {
		return exitFail
	}
	elapsed := time.Since(start)
	// Let the outbox send what is left (coalesced) before counting.
	for deadline := time.Now().Add(5 * time.Second); ob.Queued() > 0 && time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	perTable := (int64(after.HeapAlloc+after.StackInuse) - int64(before.HeapAlloc+before.StackInuse)) / int64(*tables)

	actions := metrics.Actions.Load()
	achieved := float64(actions) / elapsed.Seconds()
	l := metrics.Latency()
	nh := float64(metrics.Hands.Load())
	fmt.Fprintf(out, "hands: %d, actions: %d in %.1fs\n", metrics.Hands.Load(), actions, elapsed.Seconds())
	fmt.Fprintf(out, "actions/s: %.0f", achieved)
	if transferRate > 0 {
		fmt.Fprintf(out, " (%.1f x the one-transfer-per-transaction rate)", achieved/transferRate)
	}
	fmt.Fprintln(out)
	if len(perSecond) > 0 {
		sort.Float64s(perSecond)
		steady := perSecond[len(perSecond)/2]
		fmt.Fprintf(out, "actions/s while every table plays (median of %d seconds): %.0f", len(perSecond), steady)
		if transferRate > 0 {
			fmt.Fprintf(out, " (%.1f x)", steady/transferRate)
		}
		fmt.Fprintln(out)
	}
	fmt.Fprintf(out, "latency (command received to events committed and views queued): p50 %v, p99 %v, max %v\n",
		l.P50.Round(10*time.Microsecond), l.P99.Round(10*time.Microsecond), l.Max.Round(10*time.Microsecond))
	fmt.Fprintf(out, "messages per hand: %.1f queued, %.1f sent after coalescing (1 message/s per chat), %d left queued\n",
		float64(metrics.Queued.Load())/nh, float64(sender.sent.Load())/nh, ob.Queued())
	if b := metrics.Batches.Load(); b > 0 {
		fmt.Fprintf(out, "group commit: %d transactions, %.1f table writes each\n", b, float64(metrics.Batched.Load())/float64(b))
	}
	fmt.Fprintf(out, "memory per idle table: %.1f KB (heap and stacks after GC, over %d tables)\n", float64(perTable)/1024, *tables)
	return exitOK
}

// measureTransfers times n ledger transfers, each its own transaction.
func measureTransfers(ctx context.Context, s *store.Store, n int) (float64, error) {
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

func offered(rate float64) string {
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
func simTourney(ctx context.Context, a *app, room *bot.Room, metrics *bot.Metrics, n int, check *tourneycheck.Checker) int {
	out := a.stdout
	run := func(args ...string) (bot.Reply, error) {
		return room.Handle(ctx, bot.Command{Platform: simPlatform, Chat: "sim-1", User: "admin", UserName: "admin", Name: "tourney", Args: args})
	}
	if _, err := room.Handle(ctx, bot.Command{Platform: simPlatform, Chat: "sim-1", User: "admin", UserName: "admin", Name: "spectate", Args: []string{check.Channel}}); err != nil {
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
		r, err := room.Handle(ctx, bot.Command{Platform: simPlatform, Chat: "sim-1", User: "admin", UserName: "admin", Name: "tourneys"})
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
			return false
		case <-tick.C:
		}
	}
}
