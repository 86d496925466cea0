package room_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// A template saved before close= became a delay (6b9fc5f) kept close= as
// the instant it named at the save: after the upgrade, the tournaments
// made from it must still count it from each use (its options say
// "close=+50m"), not close their registration at once.
func TestTemplateStoredWithAnInstantCloseStillCountsFromEachUse(t *testing.T) {
	h := newHarness(t, 5)
	saved := h.clock.Now()
	h.must("admin", "/tourney template save weekly Weekly buyin=10+1 start=+1h close=+50m min=2")
	ctx := context.Background()
	ts, err := h.store.Templates(ctx, 0)
	if err != nil || len(ts) != 1 {
		t.Fatalf("templates %v, %v", ts, err)
	}
	var set map[string]any
	if err := json.Unmarshal([]byte(ts[0].Config), &set); err != nil {
		t.Fatal(err)
	}
	if _, ok := set["close_in"]; !ok {
		t.Fatalf("no close_in to take out: %s", ts[0].Config)
	}
	delete(set, "close_in") // as the old code stored it
	set["close_at"] = saved.Add(50 * time.Minute).UTC().Format(time.RFC3339Nano)
	b, _ := json.Marshal(set)
	ts[0].Config = string(b)
	if err := h.store.SaveTemplate(ctx, ts[0]); err != nil {
		t.Fatal(err)
	}
	h.restart()
	h.sleep(2 * time.Hour)
	if r := h.must("admin", "/tourney template use weekly"); !strings.Contains(r.Text, "T1") {
		t.Fatalf("use: %q", r.Text)
	}
	h.must("alice", "/register")
	h.sleep(40 * time.Minute)
	h.must("bob", "/register")
	h.sleep(10*time.Minute + time.Second)
	h.fails("carol", "/register", "tourney.reg_closed")
}
