package room_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
)

// A table command whose write was stored but reported failed (the
// connection lost at the commit) was answered "the room cannot reach its
// database, try again": a player who did so topped up twice. The table
// reads itself back; the answer now says what the store holds: stored
// (check the table before sending it again), or, for a write really lost,
// not done.
func TestTableCommandAnsweredAsStoredAfterAFailedWrite(t *testing.T) {
	for i, tc := range []struct {
		who, line string
	}{
		{"ana", "/topup 50"},
		{"ana", "/sitout"},
		{"", "/call"}, // the player to act
		{"cy", "/join 100"},
	} {
		for _, fault := range []bottest.Fault{bottest.Ambiguous, bottest.Lose} {
			stored := fault == bottest.Ambiguous
			t.Run(tc.line+map[bool]string{true: ", stored", false: ", lost"}[stored], func(t *testing.T) {
				h := newHarness(t, uint64(40+i))
				h.must("admin", "/newtable nlhe 1/2 timer=30 bank=10")
				h.must("ana", "/join 100")
				h.must("ben", "/join 100")
				who := tc.who
				if who == "" {
					who = h.toAct()
				}
				h.wallet(who)
				state := func() string {
					hands, err := h.store.OpenHands(context.Background(), 1)
					if err != nil || len(hands) != 1 {
						t.Fatalf("open hands %v, %v", hands, err)
					}
					return fmt.Sprintf("%s events=%d", h.snapshot(), len(hands[0].Events))
				}
				before := state()
				f := withFaults(h)
				faultTableWrite(f, 1, fault)
				_, err := h.do(who, tc.line)
				if changed := state() != before; changed != stored {
					t.Fatalf("%s %s: the store changed %v, want %v", who, tc.line, changed, stored)
				}
				want := bot.KeyUnavailable
				if stored {
					want = "table.stored_after_all"
				}
				var e *bot.Error
				if !errors.As(err, &e) || e.Key != want {
					t.Fatalf("%s %s, %s: answered %v, want %s", who, tc.line, map[bool]string{true: "stored", false: "lost"}[stored], err, want)
				}
				h.checkBooks()
			})
		}
	}
}

// A table change whose join at the new table was stored but reported
// failed was answered "Your change could not be made ... Your chips are in
// your wallet", with the player seated at the new table and their chips
// there (R-CASH-5).
func TestATableChangeStoredAfterAllIsNotToldFailed(t *testing.T) {
	h := newHarness(t, 16)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("admin", "/newtable nlhe 1/2")
	h.must("dan", "/join 100 #1")
	h.must("eve", "/join 100 #1")
	h.playToEnd(40)
	h.must("dan", "/sitout #1") // after a hand (seed 003 #19); eve leaves: no hand at #1, ana moves at once
	h.must("eve", "/leave #1")
	h.playToEnd(40)
	h.must("ana", "/join 100 #1")
	h.must("ben", "/join 100 #2")
	f := withFaults(h)
	writes := faultTableWrite(f, 2, bottest.Ambiguous) // the leave at #1, then the join at #2
	r, err := h.do("ana", "/join #2")
	if writes.Load() < 2 {
		t.Fatalf("%d table writes: the join at #2 was not written", writes.Load())
	}
	text := r.Text
	if err != nil {
		text = bot.FromError(err).Message("en")
	}
	seats, serr := h.store.Seats(context.Background(), 2)
	if serr != nil || len(seats) != 2 {
		t.Fatalf("#2's stored seats %+v, %v: the join at #2 was not stored (answered %q)", seats, serr, text)
	}
	if v := h.tableOf("#2"); !strings.Contains(v, " ana ") {
		t.Fatalf("#2's message does not show ana, seated there:\n%s", v)
	}
	if strings.Contains(text, "could not be made") || strings.Contains(text, "in your wallet") {
		t.Fatalf("ana, seated at #2 with her chips, is told %q", text)
	}
}
