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
