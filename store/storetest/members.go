package storetest

import (
	"context"
	"strconv"
	"testing"
)

// testFindMembers: FindMembers finds a name among the players with a key
// under the prefix only (a community's members, by their welcome keys),
// however many others have the name: FindPlayers keeps 10.
func testFindMembers(t *testing.T, open Opener) {
	st, _, _ := roomTable(t, open)
	ctx := context.Background()
	ana, _ := st.Player(ctx, "discord", "111", "Ana")
	for i := range 12 {
		st.Player(ctx, "discord", "9"+strconv.Itoa(i), "Ana")
	}
	late, _ := st.Player(ctx, "discord", "999", "Ana")
	for _, id := range []int64{ana.ID, late.ID} {
		if err := st.MoveOnce(ctx, "welcome:5:"+strconv.FormatInt(id, 10)); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.MoveOnce(ctx, "welcome:6:"+strconv.FormatInt(ana.ID, 10)+"0"); err != nil {
		t.Fatal(err)
	}
	if found, err := st.FindMembers(ctx, "discord", "ana", "welcome:5:"); err != nil || len(found) != 2 || found[0].ID != ana.ID || found[1].ID != late.ID {
		t.Fatalf("members named ana under welcome:5: %+v, %v; want players %d and %d", found, err, ana.ID, late.ID)
	}
	if found, err := st.FindMembers(ctx, "discord", "999", "welcome:6:"); err != nil || len(found) != 0 {
		t.Fatalf("a member of welcome:6: by another's key: %+v, %v", found, err)
	}
	if found, err := st.FindMembers(ctx, "telegram", "ana", "welcome:5:"); err != nil || len(found) != 0 {
		t.Fatalf("another platform's: %+v, %v", found, err)
	}
}
