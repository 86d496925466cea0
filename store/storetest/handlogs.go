package storetest

import (
	"context"
	"errors"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// testHandLogsOfABatch: seven hands continued in one batch, their logs'
// lengths either remembered from the batches that stored them or read
// (hands started by StartHand; read in chunks of 4, 2 and 1): a gap in the
// last one is found and refuses the batch; without it all seven continue.
func testHandLogsOfABatch(t *testing.T, open Opener) {
	for _, started := range []string{"in a batch", "by StartHand"} {
		t.Run(started, func(t *testing.T) {
			st, _, table := roomTable(t, open)
			ctx := context.Background()
			setup, h, start := handWithActions(t, 3)
			evs := h.Events()
			var more []*bot.TableWrite
			for range 7 {
				w := &bot.TableWrite{TableID: table, NewHand: &setup, Events: evs[:start], At: epoch}
				if started == "by StartHand" {
					id, err := st.StartHand(ctx, table, setup, epoch)
					if err == nil {
						err = st.AppendEvents(ctx, id, evs[:start], nil)
					}
					if err != nil {
						t.Fatal(err)
					}
					w.HandID = id
				} else if err := st.CommitTables(ctx, []*bot.TableWrite{w}); err != nil {
					t.Fatal(err)
				}
				more = append(more, &bot.TableWrite{TableID: table, HandID: w.HandID, Events: evs[start : start+1], At: epoch})
			}
			gap := *more[6]
			gap.Events = evs[start+1 : start+2]
			if err := st.CommitTables(ctx, append(more[:6:6], &gap)); !errors.Is(err, bot.ErrDuplicate) {
				t.Fatalf("a gap in the seventh hand of a batch: %v, want ErrDuplicate", err)
			}
			if err := st.CommitTables(ctx, more); err != nil {
				t.Fatalf("seven hands continued in one batch: %v", err)
			}
			again := *more[0]
			if err := st.CommitTables(ctx, []*bot.TableWrite{&again}); !errors.Is(err, bot.ErrDuplicate) {
				t.Fatalf("an event stored twice: %v, want ErrDuplicate", err)
			}
			for _, w := range more {
				rec, err := st.LoadHand(ctx, w.HandID)
				if err != nil || rec.Broken != "" || len(rec.Events) != start+1 {
					t.Fatalf("hand %d read back: %d events (want %d), broken %q, %v", w.HandID, len(rec.Events), start+1, rec.Broken, err)
				}
			}
		})
	}
}
