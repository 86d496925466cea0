package room_test

import "testing"

// R-CASH-1: a bare /topup at the table's maximum says there is nothing to
// add, not "Usage: /topup <chips>; you can add up to 0".
func TestBareTopUpAtTheMaximumSaysNothingToAdd(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/newtable nlhe 1/2 buyin=80-200")
	h.must("ana", "/join 200")
	h.fails("ana", "/topup", "topup.at_max")
}
