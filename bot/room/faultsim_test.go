package room_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
	"github.com/pokerroom/pokerroom/bot/outbox"
	"github.com/pokerroom/pokerroom/store/storetest"
)

// The fault simulation (issue 19): the whole room (table actors, group
// commit, the store on SQLite or PostgreSQL, practice opponents) on a
// fake clock, driven by one seed. The seed decides everything: the
// variant, what scripted people type and when (joining, leaving, topping
// up, sitting out, acting, letting their time run, pressing stale and
// duplicate buttons), and the faults: a write lost before its commit, a
// write stored but reported failed, the database unreachable for a while,
// the process stopping at any point (everything in memory dropped, the
// room reopened from the store), the process stopping right after a
// commit. After every step with the database up the invariants are
// checked; at the end the faults clear and the room must play on. The
// seeds meet an outage in the middle of a chip move only as they happen
// to: TestAnOutageInTheMiddleOfEachChipMove meets each kind on purpose.
//
//	POKERROOM_SIM_SEED=N    replay one seed
//	POKERROOM_SIM_SEEDS=N   run seeds 1..N (default 12, 4 with -short)
//	POKERROOM_SIM_STEPS=N   steps per seed (default 160)
//
// Determinism: the room settles after every step (every actor idle) and
// the clock moves only when the script says, so a seed replays the same
// commands, faults and crash points; goroutines inside one step (a table
// and the group commit) still interleave as the scheduler likes, which the
// invariants must hold for whatever the interleaving.

const (
	simSeedEnv  = "POKERROOM_SIM_SEED"
	simSeedsEnv = "POKERROOM_SIM_SEEDS"
	simStepsEnv = "POKERROOM_SIM_STEPS"
)

func TestFaultSimulation(t *testing.T) {
	runFaultSimulation(t, "")
}

// The same on PostgreSQL (CI sets POKERROOM_TEST_POSTGRES).
func TestFaultSimulationPostgres(t *testing.T) {
	if os.Getenv(storetest.PostgresEnv) == "" {
		t.Skip(storetest.PostgresEnv + " is not set: the fault simulation on PostgreSQL not run (see .ci/postgres.sh)")
	}
	runFaultSimulation(t, "postgres")
}

func envInt(t *testing.T, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		t.Fatalf("%s=%q: want a number", name, v)
	}
	return n
}

// simTotals adds up what every seed injected and checked.
type simTotals struct {
	mu     sync.Mutex
	seeds  int
	steps  int
	checks int
	hands  int64
	faults map[string]int
}

func (s *simTotals) add(steps, checks int, hands int64, faults map[string]int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seeds++
	s.hands += hands
	s.steps += steps
	s.checks += checks
	for k, v := range faults {
		s.faults[k] += v
	}
}

func (s *simTotals) String() string {
	keys := make([]string, 0, len(s.faults))
	for k := range s.faults {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	fmt.Fprintf(&b, "%d seeds, %d steps, %d hands, %d invariant checks, 0 violations; faults injected:", s.seeds, s.steps, s.hands, s.checks)
	for _, k := range keys {
		fmt.Fprintf(&b, " %s=%d", k, s.faults[k])
	}
	return b.String()
}

func runFaultSimulation(t *testing.T, backend string) {
	var seeds []uint64
	if one := os.Getenv(simSeedEnv); one != "" {
		n, err := strconv.ParseUint(one, 10, 64)
		if err != nil {
			t.Fatalf("%s=%q: want a number", simSeedEnv, one)
		}
		seeds = []uint64{n}
	} else {
		def := 12
		if backend != "" {
			def = 4
		}
		if testing.Short() {
			def = 4
		}
		for n := range envInt(t, simSeedsEnv, def) {
			seeds = append(seeds, uint64(n+1))
		}
	}
	steps := envInt(t, simStepsEnv, 160)
	totals := &simTotals{faults: map[string]int{}}
	start := time.Now()
	for _, seed := range seeds {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			dsn := t.TempDir() + "/room.db"
			if backend == "postgres" {
				dsn = storetest.PostgresDSN(t)
			}
			s := newSim(t, dsn, seed)
			defer func() {
				if t.Failed() {
					t.Logf("reproduce: %s=%d %s=%d go test ./bot/room -run '^%s$' -v", simSeedEnv, seed, simStepsEnv, steps, strings.Split(t.Name(), "/")[0])
				}
			}()
			s.run(steps)
			var hands int64
			if err := s.h.store.DB().Table("hands").Count(&hands).Error; err != nil {
				t.Fatal(err)
			}
			totals.add(steps, s.checks, hands, s.faults())
		})
	}
	t.Logf("%s in %v (%s)", totals, time.Since(start).Round(time.Millisecond), map[string]string{"": "sqlite", "postgres": "postgres"}[backend])
}

var (
	simHumans  = []string{"ana", "ben", "cy", "dan"}
	simActions = []string{"/check", "/call", "/fold", "/raise min", "/allin", "/bet 4", "/raise 9"}
	simGames   = []string{"nlhe", "plo", "draw", "flhe", "o8"}
)

// simSender is the platform behind a real outbox: as its own seeded
// source says, it answers 429 with a retry_after, fails a delivery (a
// timeout: the message is dropped, as a platform error drops it), or
// delivers; it keeps what it delivered. calm stops the faults.
type simSender struct {
	mu        sync.Mutex
	r         *rand.Rand
	calm      bool
	ids       int
	delivered []bot.Outgoing
	faults    map[string]int
}

func (p *simSender) Deliver(ctx context.Context, m bot.Outgoing, id string) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.calm {
		switch x := p.r.IntN(100); {
		case x < 6:
			p.faults["platform 429"]++
			return "", &bot.RateLimitError{RetryAfter: time.Duration(1+p.r.IntN(5)) * time.Second}
		case x < 9:
			p.faults["platform timeout"]++
			return "", context.DeadlineExceeded
		}
	}
	p.delivered = append(p.delivered, m)
	if id == "" {
		p.ids++
		id = strconv.Itoa(p.ids)
	}
	return id, nil
}

func (p *simSender) all() []bot.Outgoing {
	p.mu.Lock()
	defer p.mu.Unlock()
	return append([]bot.Outgoing(nil), p.delivered...)
}

// simLimits are Telegram's limits, ten times faster (the simulation's
// chats are busier than a real one).
var simLimits = bot.Limits{PerChat: 10, PerChatBurst: 3, PerGroupMin: 600, PerGroupBurst: 20, Global: 300, GlobalBurst: 30}

// sim is one seed's run.
type sim struct {
	t      *testing.T
	seed   uint64
	r      *rand.Rand
	h      *harness
	f      *bottest.FaultStore
	next   atomic.Int32 // the fault of the next write (a bottest.Fault)
	crash  bool         // restart once the step that the fault hit is done
	down   int          // steps left of an outage
	tokens []string     // button tokens seen, for stale presses
	send   *simSender
	out    *outbox.Outbox
	// schedFrom is when the schedule was set (0: none).
	schedFrom time.Time
	// tourney: this seed runs a tournament (T1) whose players are
	// simPlayers.
	tourney bool
	// rc draws the second cash table's commands and the pool's closing
	// (its own stream: the other commands of a seed stay as they were).
	rc    *rand.Rand
	pools int64 // the highest pool number opened
	// stopped: the room is closed (it died during an outage).
	stopped bool
	checks  int
	extra   map[string]int // faults the store does not count
}

func newSim(t *testing.T, dsn string, seed uint64) *sim {
	s := &sim{t: t, seed: seed, r: rand.New(rand.NewPCG(seed, 0x5eed)), rc: rand.New(rand.NewPCG(seed, 0xc4a9)), extra: map[string]int{}}
	s.h = newHarnessWith(t, dsn, seed, time.Second)
	// One seed in three also runs a re-entry tournament and a schedule.
	s.tourney = s.r.IntN(3) == 0
	s.h.withCron = s.tourney
	s.attach()
	return s
}

// attach restarts the room on a FaultStore over the harness's store, its
// messages also going through a real outbox to a faulty platform.
func (s *sim) attach() {
	s.h.room.Close()
	s.f = bottest.NewFaultStore(s.h.store)
	s.f.Decide = func(string) bottest.Fault { return bottest.Fault(s.next.Swap(0)) }
	s.send = &simSender{r: rand.New(rand.NewPCG(s.seed, 0x0b0c)), faults: map[string]int{}}
	s.out = outbox.New(s.send, simLimits, s.h.clock, s.f)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = s.out.Run(ctx, nil)
	}()
	s.t.Cleanup(func() { cancel(); <-done })
	s.h.tee = s.out
	s.h.reopenWith(s.f)
}

// closeRoom stops the process: the room and its schedules.
func (s *sim) closeRoom() {
	if s.h.cron != nil {
		s.h.cron.Stop()
		s.h.cron = nil
	}
	s.h.room.Close()
}

func (s *sim) faults() map[string]int {
	out := s.f.Injected()
	for k, v := range s.extra {
		out[k] += v
	}
	s.send.mu.Lock()
	for k, v := range s.send.faults {
		out[k] += v
	}
	s.send.mu.Unlock()
	return out
}

func (s *sim) fail(format string, args ...any) {
	s.t.Helper()
	s.t.Fatalf("seed %d: "+format, append([]any{s.seed}, args...)...)
}

func (s *sim) run(steps int) {
	h := s.h
	game := simGames[s.r.IntN(len(simGames))]
	h.must("admin", "/newtable "+game+" 1/2 buyin=40-200 timer=20 bank=10")
	h.must("admin", "/addbot 2")
	for _, u := range simHumans[:2] {
		h.must(u, "/join #1")
	}
	// A second table of the same game and stakes: joining one from the
	// other changes tables (R-CASH-5), and an admin may close it.
	h.must("admin", "/newtable "+game+" 1/2 buyin=40-200 timer=20 bank=10")
	// A tournament seed: a re-entry tournament beside the cash table, its
	// players registering, leaving and re-entering through the faults;
	// and a schedule that creates a tournament every 5 minutes (cron),
	// through the faults and the stops too.
	if s.tourney {
		h.must("admin", "/tourney create Sim buyin=20+2 start=+4m late=3 reentry=2 speed=hyper seats=6 bots=on min=2")
		h.must("admin", "/tourney bots 6")
		h.must("admin", "/tourney template save sched Sched buyin=5 start=+3m seats=6 min=2")
		h.must("admin", "/tourney schedule sched */5 * * * *")
		s.schedFrom = h.clock.Now()
	}
	// A fast-fold pool (R-CASH-7) beside them: its players join, fold
	// fast, act, sit out and leave through the faults.
	h.must("admin", "/newpool nlhe 1/2 buyin=40-200 timer=20 bank=10")
	for _, u := range simPoolPlayers {
		h.must(u, "/pool join")
	}
	for k := range steps {
		s.step(k)
		if s.crash {
			s.crash = false
			s.extra["crash after commit"]++
			s.restart()
		}
		if s.down > 0 {
			if s.down--; s.down == 0 {
				s.f.SetDown(false)
				if s.stopped {
					// The process died in the outage: it starts again once
					// the database answers.
					s.stopped = false
					s.h.reopenWith(s.f)
				}
				s.h.sleep(5 * time.Second) // the tables retry within a few seconds
				s.progressed(k)
			}
			continue
		}
		s.check(k)
	}
	// The faults clear: the room plays on and every table is playing again.
	s.next.Store(0)
	s.f.SetDown(false)
	s.down = 0
	if s.stopped {
		s.stopped = false
		h.reopenWith(s.f)
	}
	h.sleep(10 * time.Second)
	s.progressed(steps)
	s.check(steps)
	for _, u := range simHumans {
		s.cmd(u, "/leave #1")
		s.cmd(u, "/leave #2")
	}
	for _, u := range simPoolPlayers {
		// Each pool by its label: a /closepool that failed leaves its pool
		// open beside the one the admin opened next.
		for id := int64(1); id <= max(s.pools, 1); id++ {
			s.cmd(u, fmt.Sprintf("/pool leave all P%d", id))
		}
	}
	h.sleep(3 * time.Minute) // hands in progress end, leavers are paid
	// A pool entry leaves when its hand ends, which its players, gone,
	// let run out on their timers (and time banks) action by action.
	entries := func() (left []string) {
		for id := int64(1); id <= max(s.pools, 1); id++ {
			left = append(left, h.room.PoolEntries(id)...)
		}
		return left
	}
	for range 20 {
		if len(entries()) == 0 {
			break
		}
		h.sleep(30 * time.Second)
	}
	if left := entries(); len(left) > 0 {
		s.fail("pool entries left after /pool leave all and thirteen minutes: %v", left)
	}
	s.check(steps + 1)
	if s.tourney {
		// The tournament plays to its end: its account pays out whole.
		for range 2000 {
			if s.tourneyOver() {
				break
			}
			h.sleep(30 * time.Second)
		}
		if !s.tourneyOver() {
			pl, _ := h.do("admin", "/tourney players")
			bal, _ := h.do("admin", "/tourney balance")
			s.fail("the tournament did not end once the faults cleared:\n%s\n%s\n%s", strings.Join(h.news(), "\n"), pl.Text, bal.Text)
		}
		s.check(steps + 1)
		if err := s.emptyAccount("tourney:1"); err != nil {
			s.fail("%v", err)
		}
		ts, _ := h.store.Tourneys(context.Background(), 0, false)
		s.extra["tournaments "+ts[0].Status]++
	}
	for _, u := range simHumans {
		if _, seated := h.seatOf(u); seated {
			s.fail("%s still seated after /leave and three minutes:\n%s", u, h.table().Text)
		}
	}
	s.drainOutbox()
	s.checkSchedule()
	s.scanLeaks()
	h.restart()
	s.check(steps + 2)
}

// drainOutbox fails unless the outbox delivers everything it holds once
// the platform stops failing (a bounded wait: its goroutine runs beside
// the fake clock).
func (s *sim) drainOutbox() {
	s.send.mu.Lock()
	s.send.calm = true
	s.send.mu.Unlock()
	deadline := time.Now().Add(30 * time.Second) // a bound on the wait, not a timing assertion
	for s.out.Queued() > 0 && time.Now().Before(deadline) {
		s.h.sleep(time.Second)
		time.Sleep(2 * time.Millisecond) // the outbox's goroutine runs beside the fake clock
	}
	if n := s.out.Queued(); n > 0 {
		s.fail("the outbox still holds %d messages after the platform stopped failing", n)
	}
}

// checkSchedule fails if the schedule made more tournaments than it had
// times to fire (a firing made twice through a fault or a restart).
func (s *sim) checkSchedule() {
	if s.schedFrom.IsZero() {
		return
	}
	ts, err := s.h.store.Tourneys(context.Background(), 0, false)
	if err != nil {
		s.fail("tourneys: %v", err)
	}
	made := 0
	slots := map[time.Time]int{}
	for _, tr := range ts {
		if tr.Name == "Sched" {
			made++
			slot := tr.CreatedAt.Truncate(5 * time.Minute)
			if slots[slot]++; slots[slot] > 1 {
				s.fail("the schedule made two tournaments for its firing at %v", slot)
			}
		}
	}
	times := int(s.h.clock.Now().Truncate(5*time.Minute).Sub(s.schedFrom.Truncate(5*time.Minute)) / (5 * time.Minute))
	s.extra["scheduled tournaments"] += made
	if os.Getenv("SIMDEBUG") != "" {
		for _, tr := range ts {
			s.t.Logf("tourney %d %q %s created %v ended %v", tr.ID, tr.Name, tr.Status, tr.CreatedAt, tr.EndedAt)
		}
		s.t.Logf("schedule from %v to %v: %d times", s.schedFrom, s.h.clock.Now(), times)
	}
	if made > times {
		s.fail("the schedule fired %d times and made %d tournaments", times, made)
	}
}

// cmd runs a command as user; an internal error (a bug, a panic) fails
// the run, every other refusal is a fine answer.
func (s *sim) cmd(user, line string) error {
	s.t.Helper()
	_, err := s.h.do(user, line)
	s.noteErr(user, line, err)
	return err
}

func (s *sim) noteErr(user, line string, err error) {
	s.t.Helper()
	if bot.ErrorCode(err) == bot.EInternal {
		s.fail("%s %s: internal error %v", user, line, err)
	}
}

func (s *sim) step(k int) {
	h, r := s.h, s.r
	if s.down == 0 {
		switch x := r.IntN(100); {
		case x < 4: // the database goes away for a few steps
			s.f.SetDown(true)
			s.down = 2 + r.IntN(6)
			return
		case x < 9: // the next write is lost before its commit
			s.next.Store(int32(bottest.Lose))
		case x < 14: // the next write is stored and reported failed
			s.next.Store(int32(bottest.Ambiguous))
		case x < 17: // ... and the process dies right then
			s.next.Store(int32(bottest.Ambiguous))
			s.crash = true
		case x < 20: // the process stops between two commands
			s.extra["crash between commands"]++
			s.restart()
			return
		}
	}
	if s.stopped {
		// The process is down with the database: only time passes.
		s.h.clock.Advance(time.Duration(1+r.IntN(20)) * time.Second)
		return
	}
	if s.down > 0 && r.IntN(10) == 0 {
		// The process dies during the outage (it cannot start again until
		// the database is back).
		s.extra["crash during an outage"]++
		s.closeRoom()
		s.stopped = true
		return
	}
	u := simHumans[r.IntN(len(simHumans))]
	if s.rc.IntN(6) == 0 {
		s.second(u)
		return
	}
	if s.tourney && r.IntN(5) == 0 {
		p := simPlayers[r.IntN(len(simPlayers))]
		cmds := []string{"/register", "/register", "/reenter", "/unregister", "/tourney players"}
		s.cmd(p, cmds[r.IntN(len(cmds))])
		return
	}
	if r.IntN(5) == 0 {
		p, line := simPoolPlayers[r.IntN(len(simPoolPlayers))], simPoolCmds[r.IntN(len(simPoolCmds))]
		if err := s.cmd(p, line); err == nil && line == "/fastfold" {
			s.extra["pool fast folds"]++
		} else if err == nil && strings.HasPrefix(line, "/pool join") {
			s.extra["pool entries joined"]++
		}
		return
	}
	switch x := r.IntN(100); {
	case x < 45:
		who := h.toAct()
		if !isHuman(who) {
			h.sleep(time.Duration(1+r.IntN(3)) * time.Second) // practice opponents think
			return
		}
		s.collectTokens()
		for _, a := range []string{simActions[r.IntN(len(simActions))], "/check", "/call", "/fold"} {
			if err := s.cmd(who, a); err == nil || bot.ErrorCode(err) != bot.EInvalid {
				return
			}
		}
	case x < 53:
		args := []string{"/join #1", "/join #1 40", "/join #1 200", "/join #1 100 post", "/join #1 500"}
		s.cmd(u, args[r.IntN(len(args))])
	case x < 59:
		s.cmd(u, "/leave #1")
	case x < 65:
		s.cmd(u, fmt.Sprintf("/topup #1 %d", 1+r.IntN(150)))
	case x < 69:
		s.cmd(u, "/sitout #1")
	case x < 74:
		s.cmd(u, "/back #1")
	case x < 80: // a stale or repeated button press
		s.collectTokens()
		if len(s.tokens) == 0 {
			return
		}
		tok := s.tokens[r.IntN(len(s.tokens))]
		s.extra["stale or repeated press"]++
		_, err := h.press(u, tok)
		s.noteErr(u, "(press)", err)
		if who := h.toAct(); isHuman(who) && r.IntN(2) == 0 {
			_, err = h.press(who, tok)
			s.noteErr(who, "(press)", err)
		}
	case x < 82:
		s.cmd("admin", "/addbot #1 1")
	case x < 83:
		s.cmd("admin", "/kickbot #1")
	case x < 84:
		s.cmd(u, "/wallet")
	case x < 85: // an admin grants chips or takes some back (with its admin log entry)
		n := 1 + r.IntN(300)
		if r.IntN(3) == 0 {
			n = -n
		}
		s.cmd("admin", fmt.Sprintf("/grant @%s %d", u, n))
	default: // time passes: timers run out
		h.sleep(time.Duration(1+r.IntN(40)) * time.Second)
	}
}

// second is a command at the second cash table: a table change to it or
// back (R-CASH-5), a leave or top-up there, or its closing by an admin.
func (s *sim) second(u string) {
	r := s.rc
	switch x := r.IntN(100); {
	case x < 30:
		s.cmd(u, "/join #2")
	case x < 50:
		s.cmd(u, "/join #1")
	case x < 65:
		s.cmd(u, "/leave #2")
	case x < 80:
		s.cmd(u, fmt.Sprintf("/topup #2 %d", 1+r.IntN(150)))
	case x < 83:
		if err := s.cmd("admin", "/closetable #2"); err == nil {
			s.extra["tables closed"]++
		}
	case x < 85: // the pool closes and another opens
		if err := s.cmd("admin", "/closepool"); err == nil {
			s.extra["pools closed"]++
		}
		if rep, err := s.h.do("admin", "/newpool nlhe 1/2 buyin=40-200 timer=20 bank=10"); err == nil {
			if m := simPoolRE.FindStringSubmatch(rep.Text); m != nil {
				n, _ := strconv.ParseInt(m[1], 10, 64)
				s.pools = max(s.pools, n)
			}
		} else {
			s.noteErr("admin", "/newpool", err)
		}
	default:
		s.h.sleep(time.Duration(1+r.IntN(20)) * time.Second)
	}
}

// simPlayers are the tournament's players (simHumans play cash).
var simPlayers = []string{"eve", "fay", "gil"}

// simPoolPlayers play the fast-fold pool with simPoolCmds: at a single
// table an action acts there, at several it asks which (a fine refusal),
// and the pool tables' timers act for whoever does not.
var (
	simPoolPlayers = []string{"hal", "ivy", "jo"}
	simPoolCmds    = []string{"/pool join", "/pool join 100", "/pool join 40", "/fastfold", "/fastfold", "/fastfold", "/check", "/check",
		"/call", "/call", "/fold", "/raise min", "/pool sitout all", "/pool back all", "/pool leave all", "/pool leave 1", "/pool"}
)

func isHuman(who string) bool {
	for _, u := range append(simHumans[:len(simHumans):len(simHumans)], simPlayers...) {
		if u == who {
			return true
		}
	}
	return false
}

// tourneyOver reports whether T1 ended, as the store says.
func (s *sim) tourneyOver() bool {
	ts, err := s.h.store.Tourneys(context.Background(), 0, false)
	if err != nil {
		s.fail("tourneys: %v", err)
	}
	for _, tr := range ts {
		if tr.ID == 1 {
			return !tr.EndedAt.IsZero()
		}
	}
	return false
}

// emptyAccount says if the ledger account with key holds chips.
func (s *sim) emptyAccount(key string) error {
	ctx := context.Background()
	acc, err := s.h.store.OpenAccount(ctx, bot.AccountTournament, key, 0)
	if err != nil {
		return err
	}
	if bal, err := s.h.store.Balance(ctx, acc); err != nil || bal != 0 {
		return fmt.Errorf("account %s keeps %d after the tournament (%v)", key, bal, err)
	}
	return nil
}

// collectTokens remembers the buttons of the table message.
func (s *sim) collectTokens() {
	for _, row := range s.h.table().Buttons {
		for _, b := range row {
			if b.Token != "" && len(s.tokens) < 64 {
				s.tokens = append(s.tokens, b.Token)
			}
		}
	}
}

// restart drops everything in memory and reopens the room on the store.
func (s *sim) restart() {
	s.closeRoom()
	s.h.reopenWith(s.f)
}

// check runs the invariants with the database up and the room idle.
func (s *sim) check(k int) {
	s.t.Helper()
	s.checks++
	if err := s.h.booksErr(); err != nil {
		s.fail("after step %d: %v", k, err)
	}
}

// progressed fails unless every table is playing (none paused) once the
// database has been back for a few seconds.
func (s *sim) progressed(k int) {
	s.t.Helper()
	m := s.h.room.Metrics()
	if n := m.Paused.Load(); n != 0 {
		s.fail("after step %d: %d tables still paused with the database back", k, n)
	}
	if n := m.PausedTourneys.Load(); n != 0 {
		s.fail("after step %d: %d tournaments still paused with the database back", k, n)
	}
}

var (
	simPoolRE  = regexp.MustCompile(`pool P(\d+)`)
	simCardsRE = regexp.MustCompile(`Table (#\d+), hand (\d+): your cards (.+)$`)
	simTableRE = regexp.MustCompile(`^Table (#\d+) · .*· hand (\d+)`)
	simSumRE   = regexp.MustCompile(`^Hand (\d+) at (#\d+)`)
)

// scanLeaks fails if a player's hole cards were in a group message of
// the same hand of the same table other than where the player showed
// them.
func (s *sim) scanLeaks() {
	type holding struct{ user, cards string }
	byHand := map[string][]holding{} // "#1/51"
	var group []string
	for _, m := range append(s.send.all(), s.h.rec.all()...) {
		v, ok := m.Body.(bot.View)
		if !ok {
			continue
		}
		// One notation of cards on both sides: a leak in either shows.
		text := bottest.LetterCards(v.Text)
		if m.To.Private() {
			for _, line := range strings.Split(text, "\n") {
				if mm := simCardsRE.FindStringSubmatch(line); mm != nil {
					byHand[mm[1]+"/"+mm[2]] = append(byHand[mm[1]+"/"+mm[2]], holding{m.To.User, mm[3]})
				}
			}
			continue
		}
		group = append(group, text)
	}
	scanned := 0
	for _, text := range group {
		hand, summary := "", false
		if mm := simTableRE.FindStringSubmatch(text); mm != nil {
			hand = mm[1] + "/" + mm[2]
		} else if mm := simSumRE.FindStringSubmatch(text); mm != nil {
			hand, summary = mm[2]+"/"+mm[1], true
		}
		if hand != "" {
			scanned++
		}
		for _, hd := range byHand[hand] {
			for _, line := range strings.Split(text, "\n") {
				if summary && strings.HasPrefix(line, "Deck: ") {
					// The provable deck's reveal (issue 24): the whole deck
					// of a hand over, in its summary only, by design; two
					// hole cards may sit side by side in it.
					continue
				}
				if strings.Contains(line, hd.cards) && !strings.Contains(line, "shows") {
					s.fail("hand %s: %s's cards %s in a group message without a showdown:\n%s", hand, hd.user, hd.cards, text)
				}
			}
		}
	}
	if len(byHand) > 0 && scanned == 0 {
		s.fail("cards were dealt but no group message names its table and hand: the leak scan reads nothing")
	}
}
