package bot

import (
	"reflect"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

func TestPlanHand(t *testing.T) {
	deck := engine.MustParseCards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As")
	for _, tc := range []struct {
		name      string
		n, last   int
		dealt, bb []int
		want      []int
	}{
		// R-SEAT-1: the last cards of the deck are As, Ks, Qs: seat 0
		// draws the ace of spades and deals first.
		{"first button by high card", 6, -1, []int{0, 2, 4}, nil, []int{0, 2, 4}},
		// R-SEAT-2: the button moves to the next seat dealt in; an empty
		// seat is skipped, so the big blind moves on too.
		{"button moves on", 6, 0, []int{0, 2, 4}, nil, []int{2, 4, 0}},
		{"empty seats skipped", 6, 4, []int{0, 1, 5}, nil, []int{5, 0, 1}},
		// R-SEAT-4: a newcomer comes in when the big blind reaches them...
		{"newcomer at the big blind", 6, 0, []int{0, 1, 3}, []int{4}, []int{1, 3, 4, 0}},
		// ...and not before.
		{"newcomer waits", 6, 0, []int{0, 1, 3}, []int{2}, []int{1, 3, 0}},
		{"heads-up", 2, 0, []int{0, 1}, nil, []int{1, 0}},
	} {
		got := planHand(tc.n, tc.last, tc.dealt, tc.bb, deck)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: order %v, want %v", tc.name, got, tc.want)
		}
	}
}

// R-TRN-5 (TDA 7): a late registrant or a player moved in is dealt in
// at once unless the hand would give them the button or the small blind;
// then they wait until the button has passed.
func TestAdmitNewcomers(t *testing.T) {
	deck := engine.MustParseCards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As")
	for _, tc := range []struct {
		name          string
		n, last       int
		dealt, new    []int
		wantIn, wantW []int
	}{
		// Button was seat 0: seat 1 would get the button now.
		{"on the button: waits", 6, 0, []int{0, 3, 4}, []int{1}, nil, []int{1}},
		// Seat 2 would be the small blind (button at 1).
		{"on the small blind: waits", 6, 0, []int{0, 1, 4}, []int{2}, nil, []int{2}},
		{"at the big blind: plays", 6, 0, []int{0, 1, 2}, []int{3}, []int{3}, nil},
		{"later: plays", 6, 0, []int{0, 1, 2, 3}, []int{5}, []int{5}, nil},
		// Two newcomers side by side: the first would be the button, then
		// (it waiting) the second: both wait.
		{"side by side at the button", 9, 0, []int{0, 5, 6}, []int{1, 2}, nil, []int{1, 2}},
		{"one waits, one plays", 9, 0, []int{0, 3, 4}, []int{1, 6}, []int{6}, []int{1}},
		{"no game without them", 6, 0, []int{0}, []int{1}, []int{1}, nil},
	} {
		in, wait := admitNewcomers(tc.n, tc.last, tc.dealt, tc.new, deck)
		if !reflect.DeepEqual(in, tc.wantIn) || !reflect.DeepEqual(wait, tc.wantW) {
			t.Errorf("%s: in %v wait %v, want in %v wait %v", tc.name, in, wait, tc.wantIn, tc.wantW)
		}
	}
}

// A newcomer who waited is dealt in once the button has gone by their
// seat, even where the button would skip them for ever: three-handed, the
// seat between the two others (R-TRN-5).
func TestNewcomerIsDealtInOnceTheButtonPasses(t *testing.T) {
	n, button := 3, 0
	dealt, seat := []int{0, 2}, 1
	waiting := true
	for hand := 1; hand <= 3 && waiting; hand++ {
		in, wait := admitNewcomers(n, button, dealt, []int{seat}, nil)
		if len(in) > 0 {
			t.Fatalf("hand %d: dealt in at once as %v", hand, in)
		}
		order := planHand(n, button, dealt, nil, nil)
		if len(wait) == 1 && buttonPassed(n, button, order[0], seat) {
			waiting = false
		}
		button = order[0]
	}
	if waiting {
		t.Fatal("the button never passed the newcomer")
	}
	order := planHand(n, button, []int{0, 1, 2}, nil, nil)
	if order[0] == seat {
		t.Fatalf("after waiting, the newcomer gets the button: %v", order)
	}
}
