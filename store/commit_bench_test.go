package store_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/stats"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/store"
	"github.com/pokerroom/pokerroom/store/storetest"
)

// BenchmarkCommitTables measures the room's group commit alone, on each
// backend (PostgreSQL when POKERROOM_TEST_POSTGRES is set):
// 1,000 six-max tables play hands the engine dealt, one action a write
// (its events), a hand's start (the hand, its first events) and end (the
// seats, the rake on the ledger, the players' statistics) in the writes of
// its first and last actions, 100 tables' writes a transaction, as `sim`
// commits them at its limit. One op is one write; writes/s is what the
// one committer goroutine stores. practice: practice opponents, who act
// at once (no timer, as in `sim`); timers: players, each action storing
// the next one's turn timer and the hand's end clearing it.
func BenchmarkCommitTables(b *testing.B) {
	for _, be := range storetest.Backends() {
		b.Run(be.Name+"/practice", func(b *testing.B) { benchCommitTables(b, be, false) })
		b.Run(be.Name+"/timers", func(b *testing.B) { benchCommitTables(b, be, true) })
	}
}

func benchCommitTables(b *testing.B, be storetest.Backend, timers bool) {
	const tables, batch = 1000, 100
	ctx := context.Background()
	if be.Skip != "" {
		b.Skip(be.Skip)
	}
	s := be.Open(b, store.Options{})
	if _, err := s.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	players := benchPlayers(b, s)
	hands := benchScripts(b, 50, players)
	c, err := s.Community(ctx, "telegram", "-100123", "bench")
	if err != nil {
		b.Fatal(err)
	}
	house, err := s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindHouse, Key: "house"})
	if err != nil {
		b.Fatal(err)
	}
	type table struct {
		id, account int64
		hand        int64 // the hand's id once stored
		script      int   // hands[script] is played
		step        int   // its next write
	}
	ts := make([]*table, tables)
	for i := range ts {
		id, err := s.AddTable(ctx, bot.TableRecord{CommunityID: c.ID, Name: fmt.Sprintf("t%d", i), Variant: "nlhe", Config: `{"config":{"seats":6}}`})
		if err != nil {
			b.Fatal(err)
		}
		acc, err := s.EnsureAccount(ctx, store.AccountSpec{Kind: store.KindSystem, Key: fmt.Sprintf("table:%d", id)})
		if err != nil {
			b.Fatal(err)
		}
		ts[i] = &table{id: id, account: acc.ID, script: i % len(hands)}
	}
	at := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	writes := make([]*bot.TableWrite, 0, batch)
	owners := make([]*table, 0, batch)
	next := 0
	b.ResetTimer()
	for i := 0; i < b.N; i += batch {
		writes, owners = writes[:0], owners[:0]
		for range min(batch, b.N-i) {
			t := ts[next]
			next = (next + 1) % len(ts)
			h := hands[t.script]
			at = at.Add(time.Millisecond)
			w := &bot.TableWrite{TableID: t.id, HandID: t.hand, Events: h.writes[t.step], Encoded: h.encoded[t.step], At: at}
			if t.step == 0 {
				w.NewHand = &h.setup
			}
			last := t.step == len(h.writes)-1
			if last {
				w.EndHand, w.Seats, w.SaveSeats = true, h.seats, true
				w.Moves = []bot.Move{{From: t.account, To: house.ID, Amount: 1, Reason: "rake"}}
				w.Stats = &bot.EndedHandStats{Community: c.ID, Kind: h.stats.Kind, Players: h.stats.Players}
			}
			if turn := fmt.Sprintf("turn:table:%d", t.id); timers && last {
				w.ClearDeadlines = []string{turn}
			} else if timers {
				w.SetDeadlines = []bot.Deadline{{Key: turn, At: at.Add(30 * time.Second), Payload: `{"hand":1,"actions":4,"phase":"timer"}`}}
			}
			writes, owners = append(writes, w), append(owners, t)
		}
		if err := s.CommitTables(ctx, writes); err != nil {
			b.Fatal(err)
		}
		for j, t := range owners {
			t.hand = writes[j].HandID
			if t.step++; t.step == len(hands[t.script].writes) {
				t.step, t.script = 0, (t.script+1)%len(hands)
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "writes/s")
}

// benchScript is a hand the engine played, as the writes of its actions.
type benchScript struct {
	setup  engine.Setup
	writes [][]engine.Event // each write's events: an action and what follows it
	// encoded are the writes' events as the tables encode them before
	// queueing a write (bot.TableWrite.EncodeEvents), off the commit's
	// goroutine: encoded once here, outside the measured time.
	encoded [][]string
	seats   []bot.SeatRecord
	stats   stats.Hand
}

// benchScripts plays n six-handed no-limit hands with random players
// (their seats taken by players).
func benchScripts(b *testing.B, n int, players []int64) []benchScript {
	b.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	out := make([]benchScript, 0, n)
	for len(out) < n {
		setup, h := playSixMax(b, rng, players)
		recs := make([]bot.SeatRecord, len(setup.Seats))
		for i, st := range setup.Seats {
			recs[i] = bot.SeatRecord{Seat: i + 1, PlayerID: players[i], Stack: st.Stack}
		}
		st, err := stats.FromHand(setup, h.Events())
		if err != nil {
			b.Fatal(err)
		}
		sc := benchScript{setup: setup, seats: recs, stats: st}
		var cur []engine.Event
		for _, e := range h.Events() {
			if _, ok := e.Action(); ok && len(cur) > 0 {
				sc.writes = append(sc.writes, cur)
				cur = nil
			}
			cur = append(cur, e)
		}
		sc.writes = append(sc.writes, cur)
		for _, evs := range sc.writes {
			w := bot.TableWrite{Events: evs}
			if err := w.EncodeEvents(); err != nil {
				b.Fatal(err)
			}
			sc.encoded = append(sc.encoded, w.Encoded)
		}
		if len(sc.writes) > 1 {
			out = append(out, sc)
		}
	}
	return out
}
