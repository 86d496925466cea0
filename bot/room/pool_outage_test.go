package room_test

import (
	"slices"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
	"github.com/pokerroom/pokerroom/bot/room"
)

// R-CASH-7: a fast fold's write (the fold, its chips behind back to the
// wallet, the seat keeping what it left in the pot) is one write: lost,
// nothing happened and the player may fold again; stored although reported
// failed, the fold stands and the entry goes on; with the database away,
// the table is paused and folds when it is back. Every way, the books
// balance and no chip is made or lost.
func TestPoolFastFoldWriteFaults(t *testing.T) {
	cases := []struct {
		name  string
		fault bottest.Fault // of the fast fold's write; Pass: an outage instead
		// folded: the fold stands after the faulty write.
		folded bool
	}{
		{"write lost", bottest.Lose, false},
		{"stored, reported failed", bottest.Ambiguous, true},
		{"database away", bottest.Pass, false},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			h := startSixHanded(t, uint64(30+i))
			f := withFaults(h)
			label := h.playingPoolTable()
			_, sb, _ := h.blinds(tableID(label))
			if c.fault != bottest.Pass {
				faultTableWrite(f, 1, c.fault)
			} else {
				f.SetDown(true)
			}
			_, err := h.do(sb, "/fastfold")
			if c.folded {
				if err != nil {
					t.Fatalf("a fold stored although reported failed: %v", err)
				}
			} else if bot.ErrorCode(err) != bot.EUnavailable {
				t.Fatalf("fast fold during the fault: %v, want unavailable", err)
			}
			f.SetDown(false)
			h.sleep(5 * time.Second)
			entries := h.room.PoolEntries(1)
			if c.folded != slices.Contains(entries, sb+"#1 waiting 99") {
				t.Fatalf("entries %v after the fault (folded %v)", entries, c.folded)
			}
			want := int64(9900)
			if c.folded {
				want = 9999
			}
			if got := h.wallet(sb); got != want {
				t.Fatalf("%s's wallet %d, want %d", sb, got, want)
			}
			h.checkBooks()
			if !c.folded {
				h.must(sb, "/fastfold") // the fold was not done: it is now
				if got := h.wallet(sb); got != 9999 {
					t.Fatalf("%s's wallet %d after folding, want 9999", sb, got)
				}
			}
			h.sleep(room.PoolGather)
			h.poolFoldAll()
			h.checkBooks()
		})
	}
}
