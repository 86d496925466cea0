package storetest

import (
	"context"
	"errors"
	"reflect"
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

// testEncodedEvents: a write whose events its writer encoded
// (TableWrite.EncodeEvents) stores the same hand as one the store encodes
// itself; an encoding of the wrong length is not used.
func testEncodedEvents(t *testing.T, open Opener) {
	st, _, table := roomTable(t, open)
	ctx := context.Background()
	setup, h, _ := handWithActions(t, 3)
	evs := h.Events()
	plain := &bot.TableWrite{TableID: table, NewHand: &setup, Events: evs, At: epoch}
	encoded := &bot.TableWrite{TableID: table, NewHand: &setup, Events: evs, At: epoch}
	if err := encoded.EncodeEvents(); err != nil || len(encoded.Encoded) != len(evs) {
		t.Fatalf("EncodeEvents: %d of %d events, %v", len(encoded.Encoded), len(evs), err)
	}
	short := &bot.TableWrite{TableID: table, NewHand: &setup, Events: evs, At: epoch, Encoded: encoded.Encoded[:1]}
	if err := st.CommitTables(ctx, []*bot.TableWrite{plain, encoded, short}); err != nil {
		t.Fatal(err)
	}
	want, err := st.LoadHand(ctx, plain.HandID)
	if err != nil || len(want.Events) != len(evs) {
		t.Fatalf("the hand encoded by the store: %d events, %v", len(want.Events), err)
	}
	for _, w := range []*bot.TableWrite{encoded, short} {
		got, err := st.LoadHand(ctx, w.HandID)
		if err != nil || got.Broken != "" || !reflect.DeepEqual(got.Events, want.Events) {
			t.Errorf("hand %d (%d encodings): %v, broken %q, %v; want the events the store encoded", w.HandID, len(w.Encoded), got.Events, got.Broken, err)
		}
	}
}
