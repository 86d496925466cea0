package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/store"
)

// testEveryWriteFollowsTheLease: once another process took the room's
// lease, none of the room's writes commits, the single ones outside a
// batch included (key values, message ids, deadlines cleared, tables
// opened and closed, tournaments, templates, players, communities and
// their settings, accounts, secrets), whatever its own clock believes:
// each is refused naming the fence and the database is left as the
// other process has it. Before, only the transactions of InTx read the
// lease: a room whose clock ran behind could still, for instance, rewind
// the other's update cursor, clear its deadlines or close its tables.
func testEveryWriteFollowsTheLease(t *testing.T, open Opener) {
	st, s, table := roomTable(t, open)
	ctx := context.Background()
	c, err := st.Community(ctx, "console", "room", "The room")
	if err != nil {
		t.Fatal(err)
	}
	ann, err := st.Player(ctx, "console", "ann", "Ann")
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range []error{
		st.SetValue(ctx, "cron:daily", "1"),
		st.SetMessageID(ctx, "table:1:1", "m1"),
		st.SetDeadline(ctx, bot.Deadline{Key: "table:1:turn", At: epoch.Add(time.Minute)}),
		st.SaveTemplate(ctx, bot.Template{CommunityID: c.ID, Name: "daily", Config: "{}", Spec: "20:00"}),
	} {
		if set != nil {
			t.Fatal(set)
		}
	}
	if _, err := st.AddTourney(ctx, bot.TourneyRecord{CommunityID: c.ID, Name: "Sunday", Status: "registering"}); err != nil {
		t.Fatal(err)
	}
	if ok, _, _, err := s.TakeLease(ctx, "room:lease", "a", epoch, epoch.Add(30*time.Second)); !ok || err != nil {
		t.Fatalf("a takes the lease: %v %v", ok, err)
	}
	s.SetFence(func() error { return nil }) // a's clock: it still holds it
	s.SetFenceLease("room:lease", "a")
	if ok, _, _, err := s.TakeLease(ctx, "room:lease", "b", epoch.Add(31*time.Second), epoch.Add(61*time.Second)); !ok || err != nil {
		t.Fatalf("b takes a's run-out lease: %v %v", ok, err)
	}
	before := dump(t, s)
	for _, w := range []struct {
		name  string
		write func() error
	}{
		{"SetValue", func() error { return st.SetValue(ctx, "cron:daily", "0") }},
		{"SetMessageID", func() error { return st.SetMessageID(ctx, "table:1:1", "m0") }},
		{"ClearDeadline", func() error { return st.ClearDeadline(ctx, "table:1:turn") }},
		{"SetDeadline", func() error { return st.SetDeadline(ctx, bot.Deadline{Key: "table:1:turn", At: epoch}) }},
		{"AddTable", func() error {
			_, err := st.AddTable(ctx, bot.TableRecord{CommunityID: c.ID, Name: "t2", Variant: "nlhe", Stakes: "1/2"})
			return err
		}},
		{"CloseTable", func() error { return st.CloseTable(ctx, table, epoch) }},
		{"AddTourney", func() error {
			_, err := st.AddTourney(ctx, bot.TourneyRecord{CommunityID: c.ID, Name: "Monday", Status: "registering"})
			return err
		}},
		{"SaveTemplate", func() error {
			return st.SaveTemplate(ctx, bot.Template{CommunityID: c.ID, Name: "daily", Config: "{}", Spec: "21:00"})
		}},
		{"DeleteTemplate", func() error { return st.DeleteTemplate(ctx, c.ID, "daily") }},
		{"Player (a new one)", func() error { _, err := st.Player(ctx, "console", "bob", "Bob"); return err }},
		{"Player (renamed)", func() error { _, err := st.Player(ctx, "console", "ann", "Annie"); return err }},
		{"SetBanned", func() error { return st.SetBanned(ctx, ann.ID, "spam") }},
		{"SetPlayerLanguage", func() error { return st.SetPlayerLanguage(ctx, ann.ID, "es") }},
		{"Community (a new one)", func() error { _, err := st.Community(ctx, "console", "other", "Other"); return err }},
		{"SetCommunity", func() error { c2 := c; c2.Language = "es"; c2.GrantCap = 5; return st.SetCommunity(ctx, c2) }},
		{"MoveCommunity", func() error { _, err := st.MoveCommunity(ctx, "console", "room", "room2"); return err }},
		{"OpenAccount", func() error {
			_, err := st.OpenAccount(ctx, bot.AccountPlayer, "wallet:ann", ann.ID)
			return err
		}},
		{"Secret", func() error { _, err := st.Secret(ctx, "tokens", 32); return err }},
		{"CreateTable", func() error {
			return s.CreateTable(ctx, &store.Table{CommunityID: c.ID, Name: "t3", Variant: "nlhe", Stakes: "1/2"})
		}},
	} {
		if err := w.write(); !errors.Is(err, store.ErrFenced) {
			t.Errorf("%s after b took the lease: %v, want it refused (ErrFenced)", w.name, err)
		}
	}
	if after := dump(t, s); !slices.Equal(before, after) {
		t.Errorf("the database changed after b took the lease:\n%s", diff(before, after))
	}
}

// dump is every row of every table of the store, as text, sorted.
func dump(t *testing.T, s *store.Store) []string {
	t.Helper()
	var out []string
	for _, table := range store.Tables() {
		rows, err := s.DB().Raw("SELECT * FROM " + table).Rows()
		if err != nil {
			t.Fatalf("dump %s: %v", table, err)
		}
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatalf("dump %s: %v", table, err)
			}
			text := make([]string, len(vals))
			for i, v := range vals {
				switch v := v.(type) {
				case []byte:
					text[i] = fmt.Sprintf("%q", v)
				case string:
					text[i] = fmt.Sprintf("%q", v)
				default:
					text[i] = fmt.Sprint(v)
				}
			}
			out = append(out, table+": "+strings.Join(text, " "))
		}
		if err := rows.Close(); err != nil {
			t.Fatalf("dump %s: %v", table, err)
		}
	}
	slices.Sort(out)
	return out
}

// diff lists the rows only before and only after.
func diff(before, after []string) string {
	var b strings.Builder
	for _, r := range before {
		if !slices.Contains(after, r) {
			fmt.Fprintf(&b, "- %s\n", r)
		}
	}
	for _, r := range after {
		if !slices.Contains(before, r) {
			fmt.Fprintf(&b, "+ %s\n", r)
		}
	}
	return b.String()
}
