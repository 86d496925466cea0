package storetest

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// testTableHand: a hand is found by its table and its number at the table
// (the room's tag), ended or still open, with its events; a number the
// table never dealt, or another table's, is ErrNotFound.
func testTableHand(t *testing.T, open Opener) {
	st, s, table := roomTable(t, open)
	ctx := context.Background()
	c, _ := st.Community(ctx, "console", "room", "The room")
	other, err := st.AddTable(ctx, bot.TableRecord{CommunityID: c.ID, Name: "t2", Variant: "nlhe", Stakes: "1/2"})
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(5, 6))
	ids := map[int]int64{}
	// Numbers 1, 2, 4, 5 at the table (3 never stored), 9 at the other;
	// every hand but the last is over.
	for _, n := range []int{1, 2, 4, 5} {
		ids[n] = storeNumberedHand(t, st, table, n, r, n != 5)
	}
	storeNumberedHand(t, st, other, 9, r, true)
	// A hand whose tag holds a deck commitment keeps it in its column too.
	setup := randomHandSetup(r)
	setup.Tag = `{"order":[],"number":6,"button":0,"fair":{"commitment":"c0ffee","salt":"00"}}`
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	w := &bot.TableWrite{TableID: table, NewHand: &setup, Events: h.Events(), At: epoch}
	if err := st.CommitTables(ctx, []*bot.TableWrite{w}); err != nil {
		t.Fatal(err)
	}
	var commitments []string
	if err := s.DB().Raw("SELECT commitment FROM hands WHERE table_id = ? ORDER BY id", table).Scan(&commitments).Error; err != nil {
		t.Fatal(err)
	}
	if strings.Join(commitments, ",") != ",,,,c0ffee" {
		t.Fatalf("the hands' commitments %q, want only the last one's", commitments)
	}
	ids[6] = w.HandID
	for _, n := range []int{1, 2, 4, 5, 6} {
		rec, err := st.TableHand(ctx, table, n)
		if err != nil || rec.ID != ids[n] || len(rec.Events) == 0 {
			t.Fatalf("hand %d: %+v, %v (want id %d)", n, rec.ID, err, ids[n])
		}
		if open := rec.EndedAt.IsZero(); open != (n >= 5) {
			t.Fatalf("hand %d open = %v", n, open)
		}
	}
	for _, tc := range []struct {
		table int64
		n     int
	}{{table, 3}, {table, 7}, {table, 0}, {table, 9}, {other, 1}, {other + 100, 1}} {
		if _, err := st.TableHand(ctx, tc.table, tc.n); !errors.Is(err, bot.ErrNotFound) {
			t.Fatalf("table %d hand %d: %v, want ErrNotFound", tc.table, tc.n, err)
		}
	}
}

// storeNumberedHand stores a random hand with number n in its tag.
func storeNumberedHand(t *testing.T, st bot.Storage, table int64, n int, r *rand.Rand, end bool) int64 {
	t.Helper()
	setup := randomHandSetup(r)
	setup.Tag = fmt.Sprintf(`{"order":[],"number":%d,"button":0}`, n)
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	w := &bot.TableWrite{TableID: table, NewHand: &setup, Events: h.Events(), EndHand: end, At: epoch}
	if err := st.CommitTables(context.Background(), []*bot.TableWrite{w}); err != nil {
		t.Fatal(err)
	}
	return w.HandID
}
