package room_test

import (
	"context"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/store"
	"github.com/pokerroom/pokerroom/store/storetest"
)

// discardOutbox takes every message and keeps none: the benchmark
// measures the room, not an adapter.
type discardOutbox struct{}

func (discardOutbox) Enqueue(bot.Outgoing) error { return nil }

// BenchmarkActions measures one action through the whole room: tables of
// six practice opponents acting at once on SQLite (the table actors, the
// group commit, the store, the views rendered and queued). One op is one
// action: with -benchmem, allocs/op and B/op are per action (the
// practice opponents' estimates included, 100 deals each as in `sim`);
// allocs/action and B/action say the same from the runtime's counters.
//
//	go test -run '^$' -bench Actions -benchmem ./bot/
func BenchmarkActions(b *testing.B) {
	for _, tables := range []int{1, 100} {
		b.Run(strconv.Itoa(tables)+"-tables", func(b *testing.B) {
			ctx := context.Background()
			s := storetest.OpenSQLite(b, store.Options{})
			if _, err := s.Migrate(ctx); err != nil {
				b.Fatal(err)
			}
			metrics := bot.NewMetrics()
			rm, err := room.New(room.Config{Store: s, Clock: bot.SystemClock{}, Seed: 1, DeckSeed: 1, Metrics: metrics,
				CommandRate: -1, BotTrials: 100,
				Outboxes: map[string]bot.Enqueuer{"bench": discardOutbox{}},
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
