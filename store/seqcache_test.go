package store_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
	"github.com/pokerroom/pokerroom/store"
)

// A store remembers the length of each open hand's log from its own
// commits. When another process writes to the same hand, the first
// store's next write, continuing what it remembers, is refused by the
// unique index rather than forking the log; after the refusal it reads
// the lengths again and a write continuing the stored log is accepted.
func TestALogWrittenByAnotherStoreIsNotForked(t *testing.T) {
	ctx := context.Background()
	a, b, table, setup, evs, start := seqFixture(t)
	at := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	w := &bot.TableWrite{TableID: table, NewHand: &setup, Events: evs[:start], At: at}
	if err := a.CommitTables(ctx, []*bot.TableWrite{w}); err != nil {
		t.Fatal(err)
	}
	// The other store continues the hand by one event.
	if err := b.CommitTables(ctx, []*bot.TableWrite{{TableID: table, HandID: w.HandID, Events: evs[start : start+1], At: at}}); err != nil {
		t.Fatal(err)
	}
	// a remembers start events: the same event again is refused.
	if err := a.CommitTables(ctx, []*bot.TableWrite{{TableID: table, HandID: w.HandID, Events: evs[start : start+1], At: at}}); !errors.Is(err, bot.ErrDuplicate) {
		t.Fatalf("an event the other store wrote, written again: %v, want ErrDuplicate", err)
	}
	if err := a.CommitTables(ctx, []*bot.TableWrite{{TableID: table, HandID: w.HandID, Events: evs[start+1 : start+2], At: at}}); err != nil {
		t.Fatalf("the next event, after the refusal: %v", err)
	}
	rec, err := b.LoadHand(ctx, w.HandID)
	if err != nil || len(rec.Events) != start+2 || rec.Broken != "" {
		t.Fatalf("hand read back: %d events (want %d), broken %q, %v", len(rec.Events), start+2, rec.Broken, err)
	}
}

// An event stored past a gap by the store's other way of writing a log
// (AppendHandEvents) makes the store forget the length it remembered: the
// room's next write, continuing that length, is refused rather than
// filling the gap under the other event.
func TestALogWrittenPastAGapIsNotFilled(t *testing.T) {
	ctx := context.Background()
	s, _, table, setup, evs, start := seqFixture(t)
	at := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	w := &bot.TableWrite{TableID: table, NewHand: &setup, Events: evs[:start], At: at}
	if err := s.CommitTables(ctx, []*bot.TableWrite{w}); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendHandEvents(ctx, w.HandID, []store.HandEvent{{Seq: start + 2, Kind: "action", Payload: `{}`, CreatedAt: at}}); err != nil {
		t.Fatal(err)
	}
	err := s.CommitTables(ctx, []*bot.TableWrite{{TableID: table, HandID: w.HandID, Events: evs[start : start+1], At: at}})
	if !errors.Is(err, bot.ErrDuplicate) {
		t.Fatalf("a write continuing the remembered length: %v, want ErrDuplicate", err)
	}
}

// seqFixture opens two stores on one new SQLite file with a table, and
// returns a hand's setup, its events after two calls and how many came
// before them.
func seqFixture(t *testing.T) (a, b *store.Store, table int64, setup engine.Setup, evs []engine.Event, start int) {
	t.Helper()
	ctx := context.Background()
	loc, err := store.ParseURL(filepath.Join(t.TempDir(), "two.db"))
	if err != nil {
		t.Fatal(err)
	}
	openStore := func() *store.Store {
		s, err := store.Open(ctx, loc, store.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	}
	a = openStore()
	if _, err := a.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	b = openStore()
	c, err := a.Community(ctx, "console", "room", "The room")
	if err != nil {
		t.Fatal(err)
	}
	table, err = a.AddTable(ctx, bot.TableRecord{CommunityID: c.ID, Name: "t1", Variant: "nlhe", Stakes: "1/2"})
	if err != nil {
		t.Fatal(err)
	}
	var d [52]engine.Card
	setup = engine.Setup{Rules: engine.Config{Game: engine.Holdem, SmallBlind: 1, BigBlind: 2},
		Seats: []engine.Seat{{Stack: 100}, {Stack: 100}, {Stack: 100}}, Deck: enginetest.FullDeck(&d)}
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	start = len(h.Events())
	for range 2 {
		if _, err := h.Apply(engine.Action{Seat: h.ToAct(), Kind: engine.Call}); err != nil {
			t.Fatal(err)
		}
	}
	return a, b, table, setup, h.Events(), start
}
