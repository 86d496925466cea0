package engine_test

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
)

// Resume refuses tampered histories with ErrResume, whatever the tampering:
// an action moved out of its turn, a seat changed, an amount changed, an
// action after the end, a dealt card changed.
func TestResumeRefusesTamperedEventsWithErrResume(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{300, 300, 300}, 0, nil)
	tb.do("0 raise 30", "1 call", "2 raise 90", "0 call", "1 fold")
	tb.checkDown()
	orig := tb.h.Events()
	idx := func(k engine.EventKind, seat int) int {
		for i, e := range orig {
			if e.Kind == k && e.Seat == seat {
				return i
			}
		}
		t.Fatalf("no %s by seat %d", k, seat)
		return -1
	}
	tamper := map[string]func(evs []engine.Event) []engine.Event{
		"two actions swapped": func(evs []engine.Event) []engine.Event {
			i := idx(engine.EvCall, 1)
			evs[i-1], evs[i] = evs[i], evs[i-1]
			return evs
		},
		"action given to the wrong seat": func(evs []engine.Event) []engine.Event {
			evs[idx(engine.EvCall, 1)].Seat = 2
			return evs
		},
		"raise amount changed, history kept": func(evs []engine.Event) []engine.Event {
			evs[idx(engine.EvRaise, 2)].Amount = 1000
			return evs
		},
		"raise amount below the minimum": func(evs []engine.Event) []engine.Event {
			evs[idx(engine.EvRaise, 2)].Amount = 31
			return evs
		},
		"fold turned into a check": func(evs []engine.Event) []engine.Event {
			evs[idx(engine.EvFold, 1)].Kind = engine.EvCheck
			return evs
		},
		"action after the end": func(evs []engine.Event) []engine.Event {
			return append(evs, engine.Event{Seq: len(evs), Kind: engine.EvCheck, Street: engine.Showdown, Seat: 0})
		},
		"hole card changed": func(evs []engine.Event) []engine.Event {
			i := idx(engine.EvDealHole, 1)
			evs[i].Cards = append([]engine.Card(nil), evs[i].Cards...)
			evs[i].Cards[0] = engine.MustParseCards("2c")[0]
			if evs[i].Cards[0] == orig[i].Cards[0] {
				evs[i].Cards[0] = engine.MustParseCards("3c")[0]
			}
			return evs
		},
	}
	for name, f := range tamper {
		t.Run(name, func(t *testing.T) {
			evs := f(append([]engine.Event(nil), orig...))
			h, err := engine.Resume(engine.Setup{Rules: tb.cfg, Seats: tb.seats, Button: tb.button, Deck: tb.deck}, evs)
			if !errors.Is(err, engine.ErrResume) {
				t.Fatalf("error %v, want ErrResume", err)
			}
			if h != nil {
				t.Fatal("a refused resume returned a hand")
			}
		})
	}
}

// Resume never rebuilds a different hand silently: after one field of one
// event is changed, it either refuses with ErrResume or returns a hand whose
// events are exactly the ones given (a changed last action that is legal).
func TestResumeNeverAcceptsAChangedHistorySilently(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for it := 0; it < 300; it++ {
		game := []engine.Game{engine.Holdem, engine.Omaha, engine.OmahaHiLo, engine.Draw}[it%4]
		setup, replay := randomTable(r, game)
		h, err := engine.StartReplay(setup, replay)
		if err != nil {
			t.Fatal(err)
		}
		p := &enginetest.Player{Src: r}
		for !h.Done() {
			if _, err := h.Apply(p.Action(h)); err != nil {
				t.Fatal(err)
			}
		}
		orig := h.Events()
		for k := 0; k < 20; k++ {
			evs := append([]engine.Event(nil), orig...)
			i := r.IntN(len(evs))
			e := &evs[i]
			switch r.IntN(6) {
			case 0:
				e.Seat = (e.Seat + 1 + r.IntN(len(setup.Seats))) % (len(setup.Seats) + 1)
			case 1:
				e.Amount += int64(1 + r.IntN(50))
			case 2:
				e.Kind = engine.EventKind(r.IntN(int(engine.EvCarryOver) + 1))
			case 3:
				e.AllIn = !e.AllIn
			case 4:
				e.Street = engine.Street(r.IntN(int(engine.Showdown) + 1))
			case 5:
				if j := r.IntN(len(evs)); j != i {
					evs[i], evs[j] = evs[j], evs[i]
				}
			}
			got, err := engine.ResumeReplay(setup, replay, evs)
			if err != nil {
				if !errors.Is(err, engine.ErrResume) {
					t.Fatalf("event %d changed to %+v: error %v, want ErrResume", i, evs[i], err)
				}
				continue
			}
			if !reflect.DeepEqual(got.Events(), evs) {
				t.Fatalf("event %d changed to %+v: Resume rebuilt a different hand without an error", i, evs[i])
			}
		}
	}
}
