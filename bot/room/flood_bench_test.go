package room_test

import (
	"context"
	"fmt"
	"hash/fnv"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/outbox"
)

// The flood benchmarks (issue 20, item 6). A room on a store that answers
// /wallet from memory (floodStore) and an outbox with Telegram's limits on
// a clock the benchmark moves: no goroutine, no wall time, the same figures
// on every machine.
//
//	go test -run '^$' -bench FloodFairness -benchtime 1x -timeout 60m ./bot/
//	go test -run '^$' -bench MemoryAfter100kUsers -benchtime 1x ./bot/

// floodStore answers the calls /wallet makes, from nothing: every player
// has been welcomed and holds 10,000 chips. Any other call panics (the
// nil Storage).
type floodStore struct{ bot.Storage }

func idOf(s string) int64 {
	h := fnv.New64a()
	h.Write([]byte(s))
	return int64(h.Sum64() >> 1)
}

func (floodStore) Player(_ context.Context, platform, user, name string) (bot.Player, error) {
	return bot.Player{ID: idOf(user), Platform: platform, UserID: user, DisplayName: name}, nil
}

func (floodStore) Community(_ context.Context, platform, chat, title string) (bot.Community, error) {
	return bot.Community{ID: idOf(chat), Platform: platform, ChatID: chat, Title: title}, nil
}

func (floodStore) Value(context.Context, string) (string, error) { return "done", nil } // every player was welcomed

func (floodStore) OpenAccount(_ context.Context, _ bot.AccountKind, _ string, player int64) (int64, error) {
	return player, nil
}

func (floodStore) Balance(context.Context, int64) (int64, error) { return 10000, nil }

// PlayerAccounts: nobody has a wallet of before economies.
func (floodStore) PlayerAccounts(context.Context, int64) ([]bot.AccountBalance, error) {
	return nil, nil
}

// stepClock is a clock the benchmark sets; nothing here sets a timer.
type stepClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *stepClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *stepClock) set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

type noTimer struct{}

func (noTimer) Stop() bool { return true }

func (c *stepClock) AfterFunc(time.Duration, func()) bot.Timer { return noTimer{} }

// floodProbe is the body of an unrelated user's answer: its index.
// debugFlood logs some unrelated users' delays.
const debugFlood = false

type floodProbe int

// probeSender delivers instantly and notes when each probe went.
type probeSender struct {
	clock *stepClock
	sent  map[floodProbe]time.Time
	flood int // messages delivered for the flood
}

func (s *probeSender) Deliver(_ context.Context, m bot.Outgoing, _ string) (string, error) {
	if p, ok := m.Body.(floodProbe); ok {
		s.sent[p] = s.clock.Now()
	} else {
		s.flood++
	}
	return "", nil
}

// floodCase is one configuration of the flood benchmark.
type floodCase struct {
	name    string
	limit   bool // the per-user command limit (defaults: 8 at once, 1/s)
	origins bool // answers carry their origin (Telegram's adapter sets it)
	group   bool // the flood is in one group; else each flooder's private chat
}

const (
	flooders  = 4000
	floodCmds = 20                     // commands each flooder sends...
	floodGap  = 250 * time.Millisecond // ...this far apart (5 s of flood)
	probes    = 200                    // unrelated users, one command each...
	probeSpan = 10 * time.Second       // ...spread over the first 10 s
	// floodHorizon ends a run: the outbox, which compares every queued
	// message at each send, takes minutes to play the hour a flood
	// without fairness needs to drain.
	floodHorizon = 5 * time.Minute
)

// answer queues what Telegram's adapter queues for a command's outcome
// (adapters/telegram onMessage and tell): nothing when silenced, else the
// answer or the error privately to the user; the origin is the chat the
// command came from.
func answer(o *outbox.Outbox, cmd bot.Command, reply bot.Reply, err error, origins bool, body any) int {
	if bot.IsSilenced(err) {
		return 0
	}
	m := bot.Outgoing{To: bot.Destination{Platform: "telegram", User: cmd.User}, Priority: bot.PriorityPrivate, Body: body}
	if err == nil && !reply.Private && cmd.Chat != "" {
		m.To = bot.Destination{Platform: "telegram", Chat: cmd.Chat}
	}
	if origins {
		m.Origin = cmd.Chat
		if m.Origin == "" {
			m.Origin = cmd.User // a private chat's id is its user's
		}
	}
	if o.Enqueue(m) != nil {
		return 0
	}
	return 1
}

// runFlood plays one flood: 4,000 users send /wallet 20 times, four a
// second, while 200 unrelated users each send one from their private
// chats. It returns the unrelated users' delays (command to answer sent
// through the outbox), the number of answers the flood queued, and how
// many unrelated users were still waiting at the horizon.
func runFlood(b *testing.B, c floodCase) (delays []time.Duration, queued, unanswered int) {
	t0 := time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC)
	clock := &stepClock{now: t0}
	rate := -1.0
	if c.limit {
		rate = 0 // the defaults
	}
	r, err := room.New(room.Config{Store: floodStore{}, Clock: clock, CommandRate: rate})
	if err != nil {
		b.Fatal(err)
	}
	snd := &probeSender{clock: clock, sent: map[floodProbe]time.Time{}}
	o := outbox.New(snd, floodLimits, clock, nil)
	ctx := context.Background()

	type event struct {
		at    time.Time
		cmd   bot.Command
		probe floodProbe
	}
	var events []event
	for j := range floodCmds {
		for u := range flooders {
			user := fmt.Sprint(1_000_000 + u)
			cmd := bot.Command{Platform: "telegram", User: user, UserName: "f" + user, Name: "wallet"}
			if c.group {
				cmd.Chat, cmd.ChatTitle = "-100777", "raided"
			}
			at := t0.Add(time.Duration(j)*floodGap + time.Duration(u)*floodGap/flooders)
			events = append(events, event{at: at, cmd: cmd, probe: -1})
		}
	}
	for k := range probes {
		user := fmt.Sprint(5_000_000 + k)
		at := t0.Add(time.Duration(k)*probeSpan/probes + 7*time.Millisecond)
		events = append(events, event{at: at, cmd: bot.Command{Platform: "telegram", User: user, UserName: "p" + user, Name: "wallet"}, probe: floodProbe(k)})
	}
	slices.SortStableFunc(events, func(a, b event) int { return a.at.Compare(b.at) })

	// advance delivers what the outbox may send until the clock reaches t.
	advance := func(t time.Time) {
		for clock.Now().Before(t) {
			sent, wait, _ := o.Step(ctx, nil)
			if sent {
				continue
			}
			next := t
			if wait >= 0 && clock.Now().Add(wait).Before(t) {
				next = clock.Now().Add(wait)
			}
			clock.set(next)
		}
	}
	asked := map[floodProbe]time.Time{}
	for _, ev := range events {
		// The clock moves in steps of 10 ms at least: the outbox, which
		// scans its ready destinations at each step, is stepped a few
		// thousand times, not at each of the 80,000 commands.
		if ev.at.Sub(clock.Now()) >= 10*time.Millisecond || ev.probe >= 0 {
			advance(ev.at)
		}
		reply, err := r.Handle(ctx, ev.cmd)
		if ev.probe >= 0 {
			asked[ev.probe] = clock.Now()
			if err != nil {
				b.Fatalf("an unrelated user was refused: %v", err)
			}
			answer(o, ev.cmd, reply, err, c.origins, ev.probe)
			continue
		}
		queued += answer(o, ev.cmd, reply, err, c.origins, "flood")
	}
	// Then until every unrelated user has been answered, or the horizon:
	// one still waiting then counts as answered at the horizon (its delay
	// is at least that), and unanswered says how many.
	end := t0.Add(floodHorizon)
	for len(snd.sent) < probes && clock.Now().Before(end) {
		sent, wait, _ := o.Step(ctx, nil)
		if !sent {
			if wait < 0 {
				b.Fatalf("%d unrelated users never answered", probes-len(snd.sent))
			}
			clock.set(clock.Now().Add(wait))
		}
	}
	for k, at := range asked {
		if _, ok := snd.sent[k]; !ok {
			snd.sent[k] = end
			unanswered++
		}
		delays = append(delays, snd.sent[k].Sub(at))
		if debugFlood && k%20 == 0 {
			b.Logf("probe %d asked at %v answered after %v", k, at.Sub(t0), snd.sent[k].Sub(at))
		}
	}
	return delays, queued, unanswered
}

// BenchmarkFloodFairness measures how long an unrelated user waits for the
// answer to one command while 4,000 users flood the room (p99 and max of
// 200 such users, from the command to the answer sent within Telegram's
// limits), and how many answers the flood costs the 30-a-second budget.
// "before" is the room without the command limit and without origins. A
// run stops at floodHorizon: "unanswered" counts the unrelated users still
// waiting then, whose delay is counted as the horizon (a lower bound).
func BenchmarkFloodFairness(b *testing.B) {
	for _, c := range []floodCase{
		{name: "group/before", group: true},
		{name: "group/limit", group: true, limit: true},
		{name: "group/origins", group: true, origins: true},
		{name: "group/limit+origins", group: true, limit: true, origins: true},
		{name: "private/before"},
		{name: "private/limit", limit: true},
		{name: "private/origins", origins: true},
		{name: "private/limit+origins", limit: true, origins: true},
	} {
		b.Run(c.name, func(b *testing.B) {
			var all []time.Duration
			queued, unanswered := 0, 0
			for b.Loop() {
				d, q, u := runFlood(b, c)
				all, queued, unanswered = append(all, d...), queued+q, unanswered+u
			}
			slices.Sort(all)
			p99 := all[min(len(all)-1, len(all)*99/100)]
			b.ReportMetric(p99.Seconds(), "p99-s")
			b.ReportMetric(all[len(all)-1].Seconds(), "max-s")
			b.ReportMetric(float64(queued)/float64(b.N), "flood-answers")
			// Unrelated users not answered within the horizon (their delay
			// above is then a lower bound).
			b.ReportMetric(float64(unanswered)/float64(b.N), "unanswered")
		})
	}
}

// BenchmarkMemoryAfter100kUsers measures the heap in use after 100,000
// distinct users have each sent one command in a group, answered through
// the outbox: the room's players, the command buckets and the outbox's
// destinations are what grows with users. "unbounded" is the room
// without bounds (MaxUsers larger than the users) and without the limit.
func BenchmarkMemoryAfter100kUsers(b *testing.B) {
	for _, c := range []struct {
		name     string
		maxUsers int
		rate     float64
	}{
		{"unbounded", 1 << 30, -1},
		{"bounded", 0, 0},
	} {
		b.Run(c.name, func(b *testing.B) {
			var heap, players, buckets, dests float64
			for b.Loop() {
				runtime.GC()
				var before runtime.MemStats
				runtime.ReadMemStats(&before)
				t0 := time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC)
				clock := &stepClock{now: t0}
				r, err := room.New(room.Config{Store: floodStore{}, Clock: clock, CommandRate: c.rate, MaxUsers: c.maxUsers})
				if err != nil {
					b.Fatal(err)
				}
				snd := &probeSender{clock: clock, sent: map[floodProbe]time.Time{}}
				o := outbox.New(snd, floodLimits, clock, nil)
				ctx := context.Background()
				for u := range 100_000 {
					// 25 new users a second (within the 30/s limit): 100,000 in
					// about 67 minutes.
					clock.set(t0.Add(time.Duration(u) * 40 * time.Millisecond))
					cmd := bot.Command{Platform: "telegram", Chat: "-100777", ChatTitle: "big group", User: fmt.Sprint(1_000_000 + u), Name: "wallet"}
					cmd.UserName = "user " + cmd.User
					reply, err := r.Handle(ctx, cmd)
					answer(o, cmd, reply, err, true, "wallet")
					for {
						if sent, _, _ := o.Step(ctx, nil); !sent {
							break
						}
					}
				}
				runtime.GC()
				var after runtime.MemStats
				runtime.ReadMemStats(&after)
				heap += float64(after.HeapInuse) - float64(before.HeapInuse)
				players += float64(r.PlayersCached())
				buckets += float64(r.BucketsKept())
				dests += float64(o.Destinations())
				runtime.KeepAlive(r)
				runtime.KeepAlive(o)
			}
			n := float64(b.N)
			b.ReportMetric(heap/n, "heap-bytes")
			b.ReportMetric(heap/n/100_000, "bytes/user")
			b.ReportMetric(players/n, "players-cached")
			b.ReportMetric(buckets/n, "buckets")
			b.ReportMetric(dests/n, "destinations")
		})
	}
}

// floodLimits are Telegram's figures (adapters/telegram.Limits, where they
// live and are sourced): the core imports no adapter.
var floodLimits = bot.Limits{PerChat: 1, PerChatBurst: 1, PerGroupMin: 20, Global: 30, GlobalBurst: 30}
