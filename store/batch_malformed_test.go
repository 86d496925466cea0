package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
	"github.com/pokerroom/pokerroom/store/storetest"
)

// A malformed write in a batch (a seat numbered 0, a negative stack, a
// hand event numbered below 0, a tournament op without a number or a
// kind, a tournament's statistics without their op) is refused as
// bot.ErrMalformed, on both backends, and nothing of its batch is
// stored: the good write beside it neither. ErrMalformed is a refusal
// the group commit knows, so that it stores the batch's other writes
// alone.
func TestMalformedWriteIsRefusedAndStoresNothingOfItsBatch(t *testing.T) {
	for _, b := range storetest.Backends() {
		t.Run(b.Name, func(t *testing.T) {
			s, good := probeStore(t, b)
			ctx := context.Background()
			c, err := s.Community(ctx, "console", "room", "The room")
			if err != nil {
				t.Fatal(err)
			}
			bad, err := s.AddTable(ctx, bot.TableRecord{CommunityID: c.ID, Name: "t2", Variant: "nlhe", Stakes: "1/2"})
			if err != nil {
				t.Fatal(err)
			}
			tour, err := s.AddTourney(ctx, bot.TourneyRecord{CommunityID: c.ID, Name: "Friday", Status: "registering"})
			if err != nil {
				t.Fatal(err)
			}
			p, err := s.Player(ctx, "console", "ana", "Ana")
			if err != nil {
				t.Fatal(err)
			}
			var d [52]engine.Card
			setup := engine.Setup{Rules: engine.Config{Game: engine.Holdem, SmallBlind: 1, BigBlind: 2},
				Seats: []engine.Seat{{Stack: 100}, {Stack: 100}}, Deck: enginetest.FullDeck(&d)}
			at := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
			for _, tc := range []struct {
				name string
				w    bot.TableWrite
			}{
				{"a seat numbered 0", bot.TableWrite{Seats: []bot.SeatRecord{{Seat: 0, PlayerID: p.ID, Stack: 10}}, SaveSeats: true}},
				{"a negative stack", bot.TableWrite{Seats: []bot.SeatRecord{{Seat: 1, PlayerID: p.ID, Stack: -1}}, SaveSeats: true}},
				{"an event numbered below 0", bot.TableWrite{NewHand: &setup, Events: []engine.Event{{Seq: -1, Kind: engine.EvFold}}}},
				{"an op without a number", bot.TableWrite{TourneyOps: []bot.TourneyOp{{TourneyID: tour, Kind: "register"}}}},
				{"an op without a kind", bot.TableWrite{TourneyOps: []bot.TourneyOp{{TourneyID: tour, Seq: 1}}}},
				{"statistics without an op", bot.TableWrite{TourneyStats: []bot.TourneyResult{{CommunityID: c.ID, PlayerID: p.ID}}}},
			} {
				w := tc.w
				w.TableID, w.At = bad, at
				ok := &bot.TableWrite{TableID: good, At: at, Seats: []bot.SeatRecord{{Seat: 3, PlayerID: p.ID, Stack: 50}}, SaveSeats: true}
				err := s.CommitTables(ctx, []*bot.TableWrite{ok, &w})
				if !errors.Is(err, bot.ErrMalformed) {
					t.Errorf("%s: %v, want it refused as malformed", tc.name, err)
				}
				for _, id := range []int64{good, bad} {
					if seats, err := s.Seats(ctx, id); err != nil || len(seats) > 0 {
						t.Errorf("%s: table %d holds seats %+v (%v), want none: nothing of a refused batch is stored", tc.name, id, seats, err)
					}
				}
				if ops, err := s.TourneyOps(ctx, tour); err != nil || len(ops) > 0 {
					t.Errorf("%s: the tournament holds ops %+v (%v), want none", tc.name, ops, err)
				}
			}
		})
	}
}
