package room_test

import (
	"context"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/stats"
)

// The statistics a table writes with each hand's end (computed from the
// hand it holds, not read back) are those of the hands as stored,
// replayed: four hands of three players, a raise in each, every player's
// row equal to the sum of bot/stats over the stored hands.
func TestTableStatsEqualTheStoredHandsReplayed(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/newtable nlhe 1/2")
	for _, u := range []string{"ana", "ben", "cy"} {
		h.must(u, "/join 100")
	}
	for range 4 {
		h.must(h.toAct(), "/raise 6")
		h.playToEnd(60)
	}
	ctx := context.Background()
	tabs, err := h.store.OpenTables(ctx, 0)
	if err != nil || len(tabs) != 1 {
		t.Fatalf("tables %+v, %v", tabs, err)
	}
	hands, err := h.store.RecentHands(ctx, tabs[0].ID, 100)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int64]bot.HandStats{}
	played := 0
	for _, rec := range hands {
		if rec.Voided != "" {
			continue
		}
		s, err := stats.FromHand(rec.Setup, rec.Events)
		if err != nil {
			t.Fatalf("hand %d: %v", rec.ID, err)
		}
		played++
		for _, p := range s.Players {
			w := want[p.PlayerID]
			w.Add(p.HandStats)
			want[p.PlayerID] = w
		}
	}
	if played < 4 || len(want) != 3 {
		t.Fatalf("%d hands played by %d players, want 4 by 3", played, len(want))
	}
	for id, w := range want {
		got, err := h.store.PlayerStats(ctx, tabs[0].CommunityID, id, bot.StatsCash, time.Time{})
		if err != nil || got != w {
			t.Errorf("player %d: %+v, %v\nwant %+v", id, got, err, w)
		}
	}
}
