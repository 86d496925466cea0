package room_test

import (
	"strings"
	"testing"
)

// R-CASH-1 (seed 003 #2): a top-up never takes a stack above the table's
// maximum. One asked during a hand was checked against the stack the
// hand started with and added, whole, when the next hand began: a player
// who sat with 50 at a table of 40 to 200, topped up 150 during the hand
// and won it started the next hand with 250. What would go past the
// maximum goes back to the wallet when the top-up joins the stack.
func TestATopUpDuringAHandNeverTakesTheStackAboveTheMaximum(t *testing.T) {
	for seed := uint64(1); seed <= 40; seed++ {
		h := newHarness(t, seed)
		h.must("admin", "/newtable nlhe 1/2 buyin=40-200 rake=off")
		h.must("ana", "/join 50")
		h.must("ben", "/join 200")
		wallet := h.wallet("ana")
		h.must("ana", "/topup 150") // 50 + 150: the maximum, from the next hand
		who := h.toAct()
		h.must(who, "/allin")
		h.must(map[string]string{"ana": "ben", "ben": "ana"}[who], "/call")
		h.playToEnd(20)
		if !strings.Contains(strings.Join(h.group(), "\n"), "ana wins 100") {
			continue // ana did not win the whole pot: another seed
		}
		st, ok := h.seatOf("ana") // the next hand dealt: the top-up in the stack
		if !ok || st.Stack > 200 {
			t.Fatalf("seed %d: ana's stack %d (seated %v) after winning 100 with a top-up of 150: above the maximum 200", seed, st.Stack, ok)
		}
		if got, want := h.wallet("ana"), wallet-100; got != want {
			t.Fatalf("seed %d: ana's wallet %d, want %d (what went past the maximum back)", seed, got, want)
		}
		return
	}
	t.Fatal("ana won no hand in 40 seeds")
}
