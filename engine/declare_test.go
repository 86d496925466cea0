package engine_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

// R-TIME-2: a player declared all in by the all-in protection stays in the
// hand for the chips already in the pot, puts no more in, contests only the
// pot they matched and keeps the rest of the stack.
func TestDeclaredAllInContestsOnlyTheMatchedPot(t *testing.T) {
	// Button 0 acts first three-handed; seat 1 is the small blind, seat 2
	// the big blind. Seat 1 holds the best hand.
	tb := deal(t, nlhe(1, 2), []int64{100, 100, 100}, 0,
		[]string{"7c 2d", "Ah Ad", "Kc Qd"}, "As 9h 5c 3d 8s")
	tb.do("0 raise 10")
	if !tb.h.CanDeclareAllIn() {
		t.Fatal("the small blind facing a raise may not be declared all in")
	}
	ev := tb.do("1 declare")
	if len(ev) != 1 || ev[0].Kind != engine.EvDeclareAllIn || ev[0].Seat != 1 || ev[0].Amount != 1 {
		t.Fatalf("declare events %+v, want one declare_all_in of seat 1 for 1", ev)
	}
	if !tb.h.IsAllIn(1) || !tb.h.Declared(1) || tb.h.Stack(1) != 99 {
		t.Fatalf("seat 1: all in %v, declared %v, stack %d; want all in, declared, 99 behind",
			tb.h.IsAllIn(1), tb.h.Declared(1), tb.h.Stack(1))
	}
	if s := tb.h.Snapshot().Seats[1]; s.Status != engine.SeatAllIn || !s.Declared || s.Stack != 99 {
		t.Fatalf("snapshot of seat 1 %+v", s)
	}
	tb.do("2 call")
	// The others play on in a side pot seat 1 cannot win.
	tb.do("2 check", "0 bet 20", "2 call", "2 check", "0 check", "2 check", "0 check")
	if !tb.h.Done() {
		t.Fatal("hand not over")
	}
	r := tb.h.Result()
	if len(r.Pots) != 2 {
		t.Fatalf("pots %+v, want a main pot and a side pot", r.Pots)
	}
	if p := r.Pots[0]; p.Amount != 3 || !reflect.DeepEqual(p.Eligible, []int{0, 1, 2}) ||
		len(p.Awards) != 1 || p.Awards[0].Seat != 1 {
		t.Fatalf("main pot %+v, want 3 for seats 0-2, won by seat 1", p)
	}
	if p := r.Pots[1]; p.Amount != 58 || !reflect.DeepEqual(p.Eligible, []int{0, 2}) {
		t.Fatalf("side pot %+v, want 58 for seats 0 and 2", p)
	}
	// Seat 1 kept 99 and won the main pot of 3; seat 2's king high beats
	// seat 0's seven high for the side pot.
	wantStacks(t, tb.h, 70, 102, 128)
}

// R-TIME-2: the declaration is an event that replays: a hand resumed from
// its events (after a restart) is the same hand, and the event survives
// JSON.
func TestDeclaredAllInReplays(t *testing.T) {
	tb := deal(t, nlhe(1, 2), []int64{100, 100, 100}, 0, nil)
	tb.do("0 raise 10", "1 declare")
	b, err := json.Marshal(tb.h.Events())
	if err != nil {
		t.Fatal(err)
	}
	var evs []engine.Event
	if err := json.Unmarshal(b, &evs); err != nil {
		t.Fatal(err)
	}
	setup := engine.Setup{Rules: tb.cfg, Seats: tb.seats, Button: tb.button, Deck: tb.deck}
	again, err := engine.Resume(setup, evs)
	if err != nil {
		t.Fatalf("Resume: %v", err)
	}
	if !again.Declared(1) || again.Stack(1) != 99 || again.ToAct() != 2 {
		t.Fatalf("resumed: declared %v, stack %d, to act %d", again.Declared(1), again.Stack(1), again.ToAct())
	}
	if a, ok := evs[len(evs)-1].Action(); !ok || a.Kind != engine.DeclareAllIn || a.Seat != 1 {
		t.Fatalf("the event's action %+v %v", a, ok)
	}
}

// R-TIME-2: no declaration without a bet to face or without chips in the
// pot; the refusal changes nothing.
func TestDeclaredAllInNeedsABetAndChipsIn(t *testing.T) {
	tb := deal(t, nlhe(1, 2), []int64{100, 100, 100}, 0, nil)
	// The button has nothing in the pot.
	if tb.h.CanDeclareAllIn() {
		t.Fatal("the button with no chip in may be declared all in")
	}
	tb.refuse("0 declare", engine.ErrCannotDeclare)
	tb.do("0 call", "1 call")
	// The big blind faces no bet: it checks.
	if tb.h.CanDeclareAllIn() {
		t.Fatal("the big blind facing no bet may be declared all in")
	}
	tb.refuse("2 declare", engine.ErrCannotDeclare)
	tb.do("2 check")
	tb.refuse("1 declare", engine.ErrCannotDeclare) // flop, no bet
}

// R-TIME-2: heads-up, the bettor's chips above what the declared player
// matched go back as uncalled, and the board is run out.
func TestDeclaredAllInHeadsUpReturnsTheUncalledBet(t *testing.T) {
	// Heads-up the button (seat 0) is the small blind and acts first.
	tb := deal(t, nlhe(1, 2), []int64{100, 100}, 0, nil)
	tb.do("0 raise 6")
	ev := tb.do("1 declare")
	ret := eventsOf(ev, engine.EvReturnUncalled)
	if len(ret) != 1 || ret[0].Seat != 0 || ret[0].Amount != 4 {
		t.Fatalf("returns %+v, want 4 back to seat 0", ret)
	}
	if !tb.h.Done() {
		t.Fatal("hand not run out")
	}
	var total int64
	for _, s := range tb.h.Stacks() {
		total += s
	}
	if total != 200 {
		t.Fatalf("stacks %v sum to %d, want 200", tb.h.Stacks(), total)
	}
	if s := tb.h.Stacks(); s[0] != 102 && s[1] != 102 && !(s[0] == 100 && s[1] == 100) {
		t.Fatalf("stacks %v: the pot of 4 should go to one player or be split", s)
	}
}
