package room_test

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// failClose loses every CloseTable: a tournament table's close is not
// stored (the database went away between its last write and the close).
type failClose struct {
	bot.Storage
	hits atomic.Int64
}

func (f *failClose) CloseTable(ctx context.Context, tableID int64, at time.Time) error {
	f.hits.Add(1)
	return errCrash
}

// A multi-table tournament whose broken tables' closes were lost, then a
// restart mid-tournament: the tables it broke do not come back into play,
// the tournament plays on to its results, and once it is over no table of
// it is left open in the store.
func TestBrokenTourneyTablesWhoseCloseWasLostStayOutAfterARestart(t *testing.T) {
	h := newHarnessWith(t, filepath.Join(t.TempDir(), "room.db"), 47, 2*time.Second)
	h.room.Close()
	f := &failClose{Storage: h.store}
	h.reopenWith(f)
	h.must("admin", "/tourney create Lost buyin=10 start=+1m seats=4 bots=on min=2")
	h.must("admin", "/tourney bots 10")
	h.sleep(time.Minute + time.Second)
	for range 600 {
		if f.hits.Load() > 0 {
			break
		}
		h.sleep(10 * time.Second)
	}
	if f.hits.Load() == 0 || len(h.newsWith("Results:")) > 0 {
		t.Fatalf("%d closes lost before the results (%d news)", f.hits.Load(), len(h.news()))
	}
	before := len(h.room.Tables())
	t.Logf("%d closes lost, %d tables playing, %d open in the store", f.hits.Load(), before, h.openTables())
	h.restart()
	if after := len(h.room.Tables()); after != before {
		t.Errorf("%d tables play after the restart, %d before it: a broken table came back", after, before)
	}
	h.playTourney(time.Minute, 3000)
	if n := h.openTables(); n != 0 || len(h.room.Tables()) != 0 {
		t.Fatalf("after the results: %d tables open in the store, %v in the room", n, h.room.Tables())
	}
	h.wantEmptyAccount("tourney:1")
}
