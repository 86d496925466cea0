package store_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
	"github.com/pokerroom/pokerroom/store"
	"github.com/pokerroom/pokerroom/store/storetest"
)

// nowClock is the system's clock: its times carry a monotonic reading and
// nanoseconds, as the room's do.
type nowClock struct{}

func (nowClock) Now() time.Time { return time.Now() }

// storedText is a time column's text on SQLite as the store must write
// it: UTC, at most six digits of fraction, no monotonic reading.
var storedText = regexp.MustCompile(`^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})? \+0000 UTC$`)

// Every time the store writes is in UTC to the microsecond, without the
// "m=+0.017" of the process that wrote it: on SQLite the text of each
// time column of each table says so after a table's hand is played and
// closed and the other rows stamped are written, whichever clock gave
// the time (the store's, or the room's in a write).
func TestStoredTimesAreUTCMicrosecondsWithoutAMonotonicReading(t *testing.T) {
	b := storetest.Backends()[0]
	if b.Name != "sqlite" {
		t.Fatalf("the first backend is %s, want sqlite", b.Name)
	}
	s := b.Open(t, store.Options{Clock: nowClock{}})
	ctx := context.Background()
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	c, err := s.Community(ctx, "console", "room", "The room")
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Player(ctx, "console", "ana", "Ana")
	if err != nil {
		t.Fatal(err)
	}
	table, err := s.AddTable(ctx, bot.TableRecord{CommunityID: c.ID, Name: "t1", Variant: "nlhe", Stakes: "1/2"})
	if err != nil {
		t.Fatal(err)
	}
	tour, err := s.AddTourney(ctx, bot.TourneyRecord{CommunityID: c.ID, Name: "Friday", Status: "registering"})
	if err != nil {
		t.Fatal(err)
	}
	var d [52]engine.Card
	setup := engine.Setup{Rules: engine.Config{Game: engine.Holdem, SmallBlind: 1, BigBlind: 2},
		Seats: []engine.Seat{{Stack: 100}, {Stack: 100}}, Deck: enginetest.FullDeck(&d)}
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	start := &bot.TableWrite{TableID: table, NewHand: &setup, Events: h.Events(), At: time.Now(),
		Seats: []bot.SeatRecord{{Seat: 1, PlayerID: p.ID, Stack: 100}}, SaveSeats: true,
		SetDeadlines: []bot.Deadline{{Key: "turn:1", At: time.Now().Add(time.Minute), Payload: "{}"}},
		TourneyOps:   []bot.TourneyOp{{TourneyID: tour, Seq: 1, Kind: "register", At: time.Now()}}}
	if err := s.CommitTables(ctx, []*bot.TableWrite{start}); err != nil {
		t.Fatal(err)
	}
	n := len(h.Events())
	if _, err := h.Apply(engine.Action{Seat: h.ToAct(), Kind: engine.Fold}); err != nil {
		t.Fatal(err)
	}
	end := &bot.TableWrite{TableID: table, HandID: start.HandID, Events: h.Events()[n:], EndHand: true, Close: true, At: time.Now()}
	if err := s.CommitTables(ctx, []*bot.TableWrite{end}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Secret(ctx, "button-tokens", 32); err != nil {
		t.Fatal(err)
	}
	if err := s.SetValue(ctx, "cron:x", "1"); err != nil {
		t.Fatal(err)
	}
	if err := s.SetPlayerLanguage(ctx, p.ID, "es"); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveTemplate(ctx, bot.Template{CommunityID: c.ID, Name: "daily", Config: "{}", Spec: "{}", Last: time.Now()}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddAdminEntry(ctx, bot.AdminEntry{CommunityID: c.ID, At: time.Now(), Actor: "ana", Action: "note"}); err != nil {
		t.Fatal(err)
	}
	var tables []string
	if err := s.DB().Raw("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").Scan(&tables).Error; err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, tb := range tables {
		var cols []struct{ Name, Type string }
		if err := s.DB().Raw("SELECT name, type FROM pragma_table_info(?)", tb).Scan(&cols).Error; err != nil {
			t.Fatal(err)
		}
		for _, col := range cols {
			if !strings.EqualFold(col.Type, "datetime") {
				continue
			}
			var texts []string
			q := `SELECT CAST("` + col.Name + `" AS TEXT) FROM "` + tb + `" WHERE "` + col.Name + `" IS NOT NULL`
			if err := s.DB().Raw(q).Scan(&texts).Error; err != nil {
				t.Fatal(err)
			}
			for _, v := range texts {
				checked++
				if !storedText.MatchString(v) {
					t.Errorf("%s.%s holds %q, want UTC to the microsecond with no monotonic reading", tb, col.Name, v)
				}
			}
		}
	}
	if checked < 15 {
		t.Fatalf("%d stored times checked, want the rows written above (15 or more)", checked)
	}
	t.Logf("%d stored times checked", checked)
}

// The admin log read from a local time (the room's clock on a host not
// in UTC) finds the entries written since then: the room reads a failed
// grant back this way (and the daily cap), and SQLite compares the
// column's UTC text with the parameter's.
func TestAdminEntriesSinceALocalTimeFindTheEntriesWrittenSince(t *testing.T) {
	for _, b := range storetest.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			if b.Skip != "" {
				t.Skip(b.Skip)
			}
			s := b.Open(t, store.Options{Clock: nowClock{}})
			ctx := context.Background()
			if _, err := s.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			at := time.Date(2026, 11, 27, 10, 30, 0, 123456789, time.UTC)
			if err := s.AddAdminEntry(ctx, bot.AdminEntry{CommunityID: 7, At: at, Action: "grant", Amount: 500}); err != nil {
				t.Fatal(err)
			}
			for _, zone := range []*time.Location{time.UTC, time.FixedZone("CET", 3600), time.FixedZone("EST", -5*3600)} {
				for _, since := range []time.Time{at.Add(-time.Second), at.Add(-time.Hour)} {
					got, err := s.AdminEntries(ctx, bot.AdminQuery{CommunityID: 7, Since: since.In(zone)})
					if err != nil {
						t.Fatal(err)
					}
					if len(got) != 1 {
						t.Errorf("since %s: %d entries, want the one written at %s", since.In(zone), len(got), at)
					}
				}
				if got, err := s.AdminEntries(ctx, bot.AdminQuery{CommunityID: 7, Since: at.Add(time.Second).In(zone)}); err != nil || len(got) != 0 {
					t.Errorf("since a second after it, in %s: %d entries, %v; want none", zone, len(got), err)
				}
			}
		})
	}
}
