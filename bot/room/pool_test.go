package room_test

import (
	"testing"
)

func TestPoolSmoke(t *testing.T) {
	h := newHarness(t, 1)
	t.Log(h.must("admin", "/newpool nlhe 1/2 seats=3").Text)
	for _, u := range []string{"ana", "ben", "cat", "dan", "eve", "fay"} {
		t.Log(h.must(u, "/pool join 100").Text)
	}
	t.Log(h.room.PoolEntries(1))
	t.Log(h.must("ana", "/pool").Text)
	for _, s := range h.group() {
		t.Log(s)
	}
}
