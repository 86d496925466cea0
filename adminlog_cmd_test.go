package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
	"github.com/pokerroom/pokerroom/store"
)

// TestAdminLogCommand: `pokerroom adminlog` exports what the admins did
// (a grant with its chips, a table opened), newest first, as CSV or JSON,
// one community's or every one's; a bad argument is refused with what is
// accepted, before the database is opened.
func TestAdminLogCommand(t *testing.T) {
	env, path := tempDB(t)
	ctx := context.Background()
	if r := runMain(t, ctx, env, nil, "migrate"); r.code != exitOK {
		t.Fatalf("migrate: %d\n%s", r.code, r.stderr)
	}
	loc, err := store.ParseURL(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := store.Open(ctx, loc, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	room, err := bot.NewRoom(bot.RoomConfig{Store: s, Clock: bottest.NewClock(time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC)), DeckSeed: 1, Seed: 1,
		Admins: map[string]bot.Admins{"console": bot.AdminsFunc(func(_ context.Context, _, user string) (bool, error) { return user == "admin", nil })}})
	if err != nil {
		t.Fatal(err)
	}
	if err := room.Start(ctx); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ user, name, arg string }{{"ana", "wallet", ""}, {"admin", "newtable", "nlhe 1/2"}, {"admin", "grant", "@ana 250"}} {
		if _, err := room.Handle(ctx, bot.Command{Platform: "console", Chat: "group", ChatTitle: "group", User: c.user, UserName: c.user, Name: c.name, Args: strings.Fields(c.arg)}); err != nil {
			t.Fatalf("/%s: %v", c.name, err)
		}
	}
	room.Close()
	s.Close()

	r := runMain(t, ctx, env, nil, "adminlog")
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if r.code != exitOK || len(lines) != 3 || !strings.HasPrefix(lines[0], "id,community_id,at,") ||
		!strings.Contains(lines[1], ",admin,grant,") || !strings.HasSuffix(lines[1], ",ana,250,/grant @ana 250") ||
		!strings.Contains(lines[2], ",admin,newtable,0,,0,/newtable nlhe 1/2") {
		t.Fatalf("adminlog: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}
	r = runMain(t, ctx, env, nil, "adminlog", "community=999", "format=json")
	if r.code != exitOK || r.stdout != "" {
		t.Fatalf("another community's log: exit %d %q", r.code, r.stdout)
	}
	r = runMain(t, ctx, env, nil, "adminlog", "since=2026-11-03", "format=json")
	if r.code != exitOK || r.stdout != "" {
		t.Fatalf("the log since the next day: exit %d %q", r.code, r.stdout)
	}
	r = runMain(t, ctx, env, nil, "adminlog", "format=json")
	if r.code != exitOK || strings.Count(r.stdout, "\n") != 2 || !strings.Contains(r.stdout, `"Amount":250`) {
		t.Fatalf("JSON: exit %d\n%s", r.code, r.stdout)
	}
	for _, bad := range []struct{ arg, want string }{
		{"since=yesterday", `since "yesterday" is not a date (accepted: YYYY-MM-DD`},
		{"community=T1", `community "T1" is not a community id`},
		{"format=xml", `format "xml" (accepted: csv, json)`},
		{"who=me", `unknown key "who"`},
		{"grants", `"grants" is not key=value`},
	} {
		r := runMain(t, ctx, env, nil, "adminlog", bad.arg)
		if r.code != exitUsage || !strings.Contains(r.stderr, bad.want) {
			t.Errorf("adminlog %s: exit %d, stderr %q; want 2 and %q", bad.arg, r.code, r.stderr, bad.want)
		}
	}
}
