package storetest

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/store"
)

// exportedIDs is the oracle: the ids of the community's hands player p
// was dealt in, oldest first, as the operator's export reads them.
func exportedIDs(t *testing.T, r *exportRoom, community, p int64) []int64 {
	t.Helper()
	var ids []int64
	_, err := r.s.ExportHands(context.Background(), store.ExportQuery{CommunityID: community, PlayerID: p}, func(h store.ExportedHand) error {
		ids = append(ids, h.Hand.ID)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return ids
}

// testPlayerHands: a player's export gives the newest hands of the range
// that list the player, oldest first, with their tables; says when the
// range holds more; gives none of a range too large when asked for all;
// reads one tournament's tables; knows no unknown tournament.
func testPlayerHands(t *testing.T, open Opener) {
	r := newExportRoom(t, open)
	allA := exportedIDs(t, r, r.a.ID, 7)
	everywhere := append(slices.Clone(allA), exportedIDs(t, r, r.b.ID, 7)...)
	slices.Sort(everywhere)
	last := func(ids []int64, n int) []int64 { return ids[len(ids)-n:] }
	for _, tc := range []struct {
		name     string
		q        bot.PlayerHandsQuery
		want     []int64
		more     bool
		notFound bool
	}{
		{"every hand of a community", bot.PlayerHandsQuery{CommunityID: r.a.ID, Limit: 100}, allA, false, false},
		{"the last two", bot.PlayerHandsQuery{CommunityID: r.a.ID, Limit: 2}, last(allA, 2), true, false},
		{"exactly as many as there are", bot.PlayerHandsQuery{CommunityID: r.a.ID, Limit: len(allA)}, allA, false, false},
		{"all or none, too many", bot.PlayerHandsQuery{CommunityID: r.a.ID, Limit: 2, All: true}, nil, true, false},
		{"since a date", bot.PlayerHandsQuery{CommunityID: r.a.ID, Since: r.since, Limit: 100}, r.wantA7, false, false},
		{"every community", bot.PlayerHandsQuery{Limit: 1000}, everywhere, false, false},
		{"a tournament", bot.PlayerHandsQuery{TourneyID: r.tourney, Limit: 100}, last(r.wantA7, 1), false, false},
		{"a tournament of the community", bot.PlayerHandsQuery{CommunityID: r.a.ID, TourneyID: r.tourney, Limit: 100}, last(r.wantA7, 1), false, false},
		{"a tournament of another community", bot.PlayerHandsQuery{CommunityID: r.b.ID, TourneyID: r.tourney, Limit: 100}, nil, false, true},
		{"no such tournament", bot.PlayerHandsQuery{TourneyID: r.tourney + 99, Limit: 100}, nil, false, true},
		{"a player in no hand", bot.PlayerHandsQuery{PlayerID: 99, Limit: 100}, nil, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.q.PlayerID == 0 {
				tc.q.PlayerID = 7
			}
			var got []int64
			more, err := r.s.PlayerHands(context.Background(), tc.q, func(h bot.ExportedHand) error {
				got = append(got, h.Hand.ID)
				if h.Table.ID != h.Hand.TableID || (h.Table.ID == r.tt) != (h.Tourney != nil) || h.Hand.EndedAt.IsZero() || len(h.Hand.Events) == 0 {
					t.Errorf("hand %d given with table %+v, tournament %+v", h.Hand.ID, h.Table, h.Tourney)
				}
				return nil
			})
			if errors.Is(err, bot.ErrNotFound) != tc.notFound || (err != nil && !tc.notFound) {
				t.Fatalf("error %v, want not found %v", err, tc.notFound)
			}
			if !slices.Equal(got, tc.want) || more != tc.more {
				t.Errorf("hands %v (more %v), want %v (more %v)", got, more, tc.want, tc.more)
			}
		})
	}
}

// testPlayerHandsStops: a player's export stops at fn's first error and
// at a cancelled context; a query without a limit or a player is refused.
func testPlayerHandsStops(t *testing.T, open Opener) {
	r := newExportRoom(t, open)
	stop := errors.New("stop")
	n := 0
	_, err := r.s.PlayerHands(context.Background(), bot.PlayerHandsQuery{PlayerID: 7, Limit: 100}, func(bot.ExportedHand) error {
		n++
		return stop
	})
	if !errors.Is(err, stop) || n != 1 {
		t.Errorf("after fn's error: %v, %d calls", err, n)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := r.s.PlayerHands(ctx, bot.PlayerHandsQuery{PlayerID: 7, Limit: 100}, func(bot.ExportedHand) error { return nil }); err == nil {
		t.Error("a cancelled export succeeded")
	}
	for _, q := range []bot.PlayerHandsQuery{{PlayerID: 7}, {Limit: 5}} {
		if _, err := r.s.PlayerHands(context.Background(), q, func(bot.ExportedHand) error { return nil }); err == nil {
			t.Errorf("%+v accepted", q)
		}
	}
}
