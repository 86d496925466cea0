package store_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/history"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
	"github.com/pokerroom/pokerroom/store"
	"github.com/pokerroom/pokerroom/store/storetest"
)

// BenchmarkExport10000Hands exports 10,000 stored six-handed hold'em hands
// of one community (store.ExportHands into a history.Exporter, PokerStars
// text to io.Discard) on SQLite, and reports hands/s and the peak of the
// heap during the export over the heap before it (peak-heap-MB): the
// export streams, so the figure is the pages' and one hand's, not the
// hands'.
func BenchmarkExport10000Hands(b *testing.B) {
	const hands = 10000
	ctx := context.Background()
	s := storetest.OpenSQLite(b, store.Options{})
	if _, err := s.Migrate(ctx); err != nil {
		b.Fatal(err)
	}
	comm := storeBenchHands(b, s, hands)
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	heap := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	var peak uint64
	for b.Loop() {
		runtime.GC()
		base := heap()
		e := history.NewExporter(io.Discard, history.FormatPokerStars, history.Options{})
		n := 0
		_, err := s.ExportHands(ctx, store.ExportQuery{CommunityID: comm}, func(h store.ExportedHand) error {
			if n++; n%50 == 0 {
				peak = max(peak, heap()-min(heap(), base))
			}
			tb, err := history.TableOf(h.Table, h.Tourney)
			if err != nil {
				return err
			}
			return e.Write(history.Stored{Hand: h.Hand, Table: tb})
		})
		if err == nil {
			err = e.Flush()
		}
		if err != nil || e.Summary().Written != hands {
			b.Fatalf("%v: %v", err, e.Summary())
		}
	}
	b.ReportMetric(float64(hands)*float64(b.N)/b.Elapsed().Seconds(), "hands/s")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
}

// storeBenchHands stores n ended hands (50 different ones, played by the
// engine, over and over) at a table of a new community, 100 in a commit,
// and returns the community's id.
func storeBenchHands(b *testing.B, s *store.Store, n int) int64 {
	b.Helper()
	ctx := context.Background()
	c, err := s.Community(ctx, "telegram", "-100123", "bench")
	if err != nil {
		b.Fatal(err)
	}
	table, err := s.AddTable(ctx, bot.TableRecord{CommunityID: c.ID, Name: "nlhe 5/10", Variant: "nlhe", Config: `{"config":{"seats":6}}`})
	if err != nil {
		b.Fatal(err)
	}
	players := benchPlayers(b, s)
	type played struct {
		setup  engine.Setup
		events []engine.Event
	}
	var ps []played
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		setup, h := playSixMax(b, rng, players)
		ps = append(ps, played{setup, h.Events()})
	}
	at := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < n; i += 100 {
		var ws []*bot.TableWrite
		for j := i; j < min(i+100, n); j++ {
			p := ps[j%len(ps)]
			ws = append(ws, &bot.TableWrite{TableID: table, NewHand: &p.setup, Events: p.events, EndHand: true, At: at.Add(time.Duration(j) * time.Second)})
		}
		if err := s.CommitTables(ctx, ws); err != nil {
			b.Fatal(err)
		}
	}
	return c.ID
}

// benchPlayers stores the six players of playSixMax's hands.
func benchPlayers(b *testing.B, s *store.Store) []int64 {
	b.Helper()
	var players []int64
	for i := range 6 {
		p, err := s.Player(context.Background(), "telegram", fmt.Sprint(i+1), fmt.Sprint("p", i+1))
		if err != nil {
			b.Fatal(err)
		}
		players = append(players, p.ID)
	}
	return players
}

// playSixMax plays a six-handed no-limit hold'em hand of players (their
// ids in the hand's tag, whose statistics the store adds up when it
// ends), of random stacks (200 to 999 chips) with random play, all drawn
// from rng.
func playSixMax(b *testing.B, rng *rand.Rand, players []int64) (engine.Setup, *engine.Hand) {
	b.Helper()
	tag, _ := json.Marshal(bot.HandTag{Order: []int{0, 1, 2, 3, 4, 5}, Number: 1, Names: []string{"a", "b", "c", "d", "e", "f"}, Players: players})
	seats := make([]engine.Seat, 6)
	for i := range seats {
		seats[i].Stack = int64(200 + rng.IntN(800))
	}
	var d [52]engine.Card
	deck := enginetest.FullDeck(&d)
	enginetest.Shuffle(deck, rng)
	setup := engine.Setup{Rules: engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 5, BigBlind: 10},
		Seats: seats, Deck: deck, Tag: string(tag)}
	h, err := engine.Start(setup)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := (&enginetest.Player{Src: rng}).Play(h); err != nil {
		b.Fatal(err)
	}
	return setup, h
}
