package room_test

import (
	"context"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/outbox"
	"github.com/pokerroom/pokerroom/store"
	"github.com/pokerroom/pokerroom/store/storetest"
)

// discardOutbox takes every message and keeps none: the benchmark
// measures the room, not an adapter.
type discardOutbox struct{}

func (discardOutbox) Enqueue(bot.Outgoing) error { return nil }

// discardSender is a platform that takes every delivery.
type discardSender struct{}

func (discardSender) Deliver(_ context.Context, _ bot.Outgoing, id string) (string, error) {
	if id == "" {
		id = "1"
	}
	return id, nil
}

// BenchmarkActions measures one action through the whole room: tables of
// six practice opponents acting at once on SQLite (the table actors, the
// group commit, the store, the views rendered and queued). One op is one
// action: with -benchmem, allocs/op and B/op are per action (the
// practice opponents' estimates included, 100 deals each as in `sim`);
// allocs/action and B/action say the same from the runtime's counters.
// The views go to an outbox that keeps none, so every version of a table
// message is rendered as it is queued; with "-outbox", to a real outbox
// (bot/outbox) sending one message a second per chat, as to Telegram,
// which renders only the versions it sends (bot.Deferred).
//
//	go test -run '^$' -bench Actions -benchmem ./bot/room/
func BenchmarkActions(b *testing.B) {
	for _, tc := range []struct {
		tables int
		outbox bool
	}{{1, false}, {100, false}, {100, true}} {
		tables := tc.tables
		name := strconv.Itoa(tables) + "-tables"
		if tc.outbox {
			name += "-outbox"
		}
		b.Run(name, func(b *testing.B) {
			ctx := context.Background()
			var out bot.Enqueuer = discardOutbox{}
			if tc.outbox {
				ob := outbox.New(discardSender{}, bot.Limits{PerChat: 1, PerChatBurst: 1}, bot.SystemClock{}, nil)
				octx, cancel := context.WithCancel(ctx)
				done := make(chan struct{})
				go func() {
					defer close(done)
					_ = ob.Run(octx, nil)
				}()
				defer func() { cancel(); <-done }()
				out = ob
			}
			s := storetest.OpenSQLite(b, store.Options{})
			if _, err := s.Migrate(ctx); err != nil {
				b.Fatal(err)
			}
			metrics := bot.NewMetrics()
			rm, err := room.New(room.Config{Store: s, Clock: bot.SystemClock{}, Seed: 1, DeckSeed: 1, Metrics: metrics,
				CommandRate: -1, BotTrials: 100, BotsAlone: true, // tables of practice opponents alone
				Outboxes: map[string]bot.Enqueuer{"bench": out},
				Admins:   map[string]bot.Admins{"bench": bot.AdminsFunc(func(context.Context, string, string) (bool, error) { return true, nil })}})
			if err != nil {
				b.Fatal(err)
			}
			if err := rm.Start(ctx); err != nil {
				b.Fatal(err)
			}
			defer rm.Close()
			for i := range tables {
				for _, c := range []bot.Command{
					{Name: "newtable", Args: []string{"nlhe", "1/2"}},
					{Name: "addbot", Args: []string{"6"}},
				} {
					c.Platform, c.Chat, c.User, c.UserName = "bench", "bench-"+strconv.Itoa(i), "admin", "admin"
					if _, err := rm.Handle(ctx, c); err != nil {
						b.Fatalf("/%s: %v", c.Name, err)
					}
				}
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			a0 := metrics.Actions.Load()
			b.ResetTimer()
			for metrics.Actions.Load()-a0 < int64(b.N) {
				time.Sleep(time.Millisecond) // the tables play on their own
			}
			b.StopTimer()
			runtime.ReadMemStats(&after)
			n := float64(metrics.Actions.Load() - a0)
			b.ReportMetric(float64(after.Mallocs-before.Mallocs)/n, "allocs/action")
			b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/n, "B/action")
		})
	}
}
