package room_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// R-CASH-3 (seed 003 #13): a "left with" record stored by a version from
// before records carried their game and stakes binds at the stakes of the
// table it names. Ana left #1 with 200; the room is upgraded (restarted,
// her record as the older version wrote it: stack and time only); #1
// closes within her 15 minutes: she still comes back to #2, of the same
// game and stakes, with at least 200.
func TestAnOlderLeftWithRecordBindsAtItsTablesStakes(t *testing.T) {
	h := newHarness(t, 31)
	h.must("admin", "/newtable nlhe 1/2 buyin=80-200")
	h.must("admin", "/newtable nlhe 1/2 buyin=80-200")
	h.must("ana", "/join 200 #1")
	h.must("ana", "/leave #1")
	ctx := context.Background()
	ds, err := h.store.Deadlines(ctx)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range ds {
		if !strings.HasPrefix(d.Key, "t1:left:") {
			continue
		}
		var old struct {
			Stack int64     `json:"stack"`
			Until time.Time `json:"until"`
		}
		if err := json.Unmarshal([]byte(d.Payload), &old); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(old)
		d.Payload = string(b)
		if err := h.store.SetDeadline(ctx, d); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 1 {
		t.Fatalf("%d left-with records stored at #1, want ana's", n)
	}
	h.restart()
	h.fails("ana", "/join 80 #2", "join.rathole") // #1 open: its own record
	h.must("admin", "/closetable #1")
	h.fails("ana", "/join 80 #2", "join.rathole")
	h.restart()
	h.fails("ana", "/join 80 #2", "join.rathole")
	if r := h.must("ana", "/join #2"); !strings.Contains(r.Text, "with 200") {
		t.Fatalf("ana's default buy-in at #2: %s", r.Text)
	}
	h.checkBooks()
}

// R-CASH-3: a stack left with at a table closed since, stored for the room
// (key left:<table>:<player>) without its game and stakes, as a build from
// before the previous fix wrote it when it closed a table whose records
// lacked them, is read at the stakes of the table it names: after a
// restart ana still comes back to #2 with at least 200.
func TestAClosedTablesLeftWithRecordWithoutStakesBindsAtItsStakes(t *testing.T) {
	h := newHarness(t, 31)
	h.must("admin", "/newtable nlhe 1/2 buyin=80-200")
	h.must("admin", "/newtable nlhe 1/2 buyin=80-200")
	h.must("admin", "/newtable nlhe 2/4 buyin=80-200")
	h.must("ana", "/join 200 #1")
	h.must("ana", "/leave #1")
	h.must("admin", "/closetable #1")
	ctx := context.Background()
	ds, err := h.store.Deadlines(ctx)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, d := range ds {
		if !strings.HasPrefix(d.Key, "left:1:") {
			continue
		}
		var old struct {
			Stack int64     `json:"stack"`
			Until time.Time `json:"until"`
		}
		if err := json.Unmarshal([]byte(d.Payload), &old); err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(old)
		d.Payload = string(b)
		if err := h.store.SetDeadline(ctx, d); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 1 {
		t.Fatalf("%d records of #1 stored for the room, want ana's", n)
	}
	h.restart()
	h.fails("ana", "/join 80 #2", "join.rathole")
	h.must("ana", "/join 80 #3") // other stakes: not bound
	h.checkBooks()
}
