package room_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// storeOldTemplate saves name as a template the way the versions before
// delaysOnly stored one whose start= was a time of day or a date: its
// options as typed and, as start_in, the delay from the save to the
// moment they named.
func storeOldTemplate(t *testing.T, h *harness, name, start string, startIn time.Duration) {
	t.Helper()
	h.must("admin", "/tourney template save "+name+" Nightly buyin=10+1 min=2 start=+2h")
	ctx := context.Background()
	ts, err := h.store.Templates(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tpl := range ts {
		if tpl.Name != name {
			continue
		}
		var set map[string]any
		if err := json.Unmarshal([]byte(tpl.Config), &set); err != nil {
			t.Fatal(err)
		}
		args, _ := set["args"].([]any)
		for i, a := range args {
			if a == "start=+2h" {
				args[i] = "start=" + start
			}
		}
		set["start_in"] = int64(startIn)
		b, _ := json.Marshal(set)
		tpl.Config = string(b)
		if err := h.store.SaveTemplate(ctx, tpl); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Fatalf("no template %s", name)
}

// R-TRN-1: a template stored by an older version with a time of day or a
// date as its start (start=23:00 saved at 21:00 was kept as "two hours
// after each use") starts at the time its options name: the next 23:00
// after each use, or the date while it is ahead; a date gone by is
// refused, saying how to save it again. It started two hours after each
// use, at noon for a use in the morning (found by an outside review).
func TestTemplateStoredWithAClockTimeStartStartsWhenItSays(t *testing.T) {
	h := newHarness(t, 5)
	storeOldTemplate(t, h, "nightly", "23:00", 2*time.Hour)
	storeOldTemplate(t, h, "final", "2026-11-30T21:00", 7*24*time.Hour)
	h.restart()
	h.sleep(13 * time.Hour) // the next morning, 10:00
	for _, tc := range []struct{ name, want string }{
		{"nightly", "2026-11-24 23:00 UTC"},
		{"final", "2026-11-30 21:00 UTC"},
	} {
		if r := h.must("admin", "/tourney template use "+tc.name); !strings.Contains(r.Text, tc.want) {
			t.Errorf("use %s: %q, want a start at %s", tc.name, r.Text, tc.want)
		}
	}
	h.sleep(7 * 24 * time.Hour) // 2026-12-01 10:00
	if r := h.must("admin", "/tourney template use nightly"); !strings.Contains(r.Text, "2026-12-01 23:00 UTC") {
		t.Errorf("use nightly a week later: %q, want a start at 23:00 that day", r.Text)
	}
	e := h.fails("admin", "/tourney template use final", "template.start_past")
	if msg := bot.Translate(e, bot.English); !strings.Contains(msg, "start=+") {
		t.Errorf("the refusal does not say how to save it again: %q", msg)
	}
}
