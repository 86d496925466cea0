package telegram_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"

	"github.com/pokerroom/pokerroom/adapters/telegram"
	"github.com/pokerroom/pokerroom/adapters/telegram/telegramtest"
	"github.com/pokerroom/pokerroom/bot"
)

// BenchmarkCapacity measures how stale the groups' table messages get when
// one bot token serves many 6-max tables at once, within Telegram's limits
// (1 message a second per chat, 20 a minute per group, 30 a second in
// all). Telegram documents the 30 a second for messages and says nothing
// of edits: edits=global counts edits against it (the cautious reading),
// edits=per-chat leaves them to the per-chat limits. Each table is in its own group
// with six practice opponents who think 5 s per action on average (a chat
// player's pace); the clock runs CAPACITY_SCALE times faster (default 20)
// for the fake, the outbox and the players alike, for CAPACITY_MINUTES
// simulated minutes after a minute of warm-up (default 5).
//
// Reported, in Telegram's time: p50-stale-s and p99-stale-s (a table's
// change queued to the group seeing it), msgs/hand (sends and edits to
// groups per hand), 429s.
//
//	go test -run '^$' -bench Capacity -benchtime 1x ./adapters/telegram/
func BenchmarkCapacity(b *testing.B) {
	scale := envFloat("CAPACITY_SCALE", 20)
	minutes := envFloat("CAPACITY_MINUTES", 5)
	for _, editsGlobal := range []bool{true, false} {
		for _, n := range []int{100, 200, 300, 400} {
			name := fmt.Sprintf("edits=global/tables=%d", n)
			if !editsGlobal {
				name = fmt.Sprintf("edits=per-chat/tables=%d", n)
			}
			b.Run(name, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					capacityRun(b, n, scale, minutes, editsGlobal)
				}
			})
		}
	}
}

func envFloat(name string, def float64) float64 {
	if v, err := strconv.ParseFloat(os.Getenv(name), 64); err == nil && v > 0 {
		return v
	}
	return def
}

func capacityRun(b *testing.B, tables int, scale, minutes float64, editsGlobal bool) {
	b.StopTimer()
	const admin = int64(1)
	fake := telegramtest.NewServer(b, token, botName)
	fake.Scale = scale
	fl := telegramtest.Limits()
	fl.GlobalNewOnly = !editsGlobal
	fake.SetLimits(fl)
	fake.AddUser(telegramtest.User{ID: admin, FirstName: "Admin"})
	for g := 0; g < tables; g++ {
		fake.AddGroup(int64(-1000000-g), fmt.Sprintf("Table %d", g), admin)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := openStore(b, filepath.Join(b.TempDir(), "room.db"))
	defer s.Close()
	sc := func(d time.Duration) time.Duration { return time.Duration(float64(d) / scale) }
	limits := scaled(telegram.Limits, scale)
	limits.GlobalNewOnly = !editsGlobal
	ad, err := telegram.New(telegram.Config{Token: token, Endpoint: fake.Endpoint(), PollTimeout: time.Second, Limits: limits,
		State: s, MaxBackoff: 100 * time.Millisecond})
	if err != nil {
		b.Fatal(err)
	}
	rm, err := room.New(room.Config{Store: s, Clock: bot.SystemClock{}, Seed: 3,
		Outboxes: map[string]bot.Enqueuer{telegram.Platform: ad}, Admins: map[string]bot.Admins{telegram.Platform: ad},
		HandPause: sc(2 * time.Second), BotDelay: sc(5 * time.Second), BotTrials: 30,
		// Tables of practice opponents alone: the load measured.
		BotsAlone: true,
		// One admin opens every table at once: no per-user command limit.
		CommandRate: -1})
	if err != nil {
		b.Fatal(err)
	}
	if err := rm.Start(ctx); err != nil {
		b.Fatal(err)
	}
	defer rm.Close()
	done := make(chan error, 1)
	go func() { done <- ad.Run(ctx, rm) }()
	for g := 0; g < tables; g++ {
		chat := int64(-1000000 - g)
		fake.Say(chat, admin, "/newtable nlhe 1/2")
		fake.Say(chat, admin, "/addbot 6")
	}
	time.Sleep(sc(time.Minute)) // warm-up: every table open and dealing
	ad.Outbox().ResetDelays()
	st0, hands0 := fake.Stats(), rm.Metrics().Hands.Load()
	b.StartTimer()
	time.Sleep(sc(time.Duration(minutes * float64(time.Minute))))
	b.StopTimer()
	st, hands := fake.Stats(), rm.Metrics().Hands.Load()-hands0
	d := ad.Outbox().Delays()
	cancel()
	<-done
	if hands == 0 {
		b.Fatal("no hand was played")
	}
	b.ReportMetric(d.P50.Seconds()*scale, "p50-stale-s")
	b.ReportMetric(d.P99.Seconds()*scale, "p99-stale-s")
	b.ReportMetric(float64(st.ToGroups-st0.ToGroups)/float64(hands), "msgs/hand")
	b.ReportMetric(float64(hands)/float64(tables)/minutes*60, "hands/table/h")
	b.ReportMetric(float64(st.RateLimited-st0.RateLimited), "429s")
}
