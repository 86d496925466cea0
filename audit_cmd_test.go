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

// TestAuditCommand: `pokerroom audit` on a room's database says OK and
// exits 0; with a seat's stack changed by SQL it names the table and
// exits 1.
func TestAuditCommand(t *testing.T) {
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
	room, err := bot.NewRoom(bot.RoomConfig{Store: s, Clock: bottest.NewClock(time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC)), DeckSeed: 1, Seed: 1,
		Admins: map[string]bot.Admins{"console": bot.AdminsFunc(func(context.Context, string, string) (bool, error) { return true, nil })}})
	if err != nil {
		t.Fatal(err)
	}
	if err := room.Start(ctx); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ user, name, arg string }{{"admin", "newtable", "nlhe 1/2"}, {"ana", "join", "100"}} {
		if _, err := room.Handle(ctx, bot.Command{Platform: "console", Chat: "group", User: c.user, UserName: c.user, Name: c.name, Args: strings.Fields(c.arg)}); err != nil {
			t.Fatalf("/%s: %v", c.name, err)
		}
	}
	if err := room.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	room.Close()
	tables, err := s.OpenTables(ctx, 0)
	if err != nil || len(tables) != 1 {
		t.Fatalf("tables %v, %v", tables, err)
	}
	id := tables[0].ID
	s.Close()

	r := runMain(t, ctx, env, nil, "audit")
	if r.code != exitOK || !strings.Contains(r.stdout, "tables    OK (1 checked)") || !strings.HasSuffix(r.stdout, "OK\n") {
		t.Fatalf("clean audit: exit %d\n%s\n%s", r.code, r.stdout, r.stderr)
	}

	s, err = store.Open(ctx, loc, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.DB().Exec("UPDATE seats SET stack = stack - 10 WHERE table_id = ?", id).Error; err != nil {
		t.Fatal(err)
	}
	s.Close()
	r = runMain(t, ctx, env, nil, "audit")
	want := "table 1: account table:1 (#"
	if r.code != exitFail || !strings.Contains(r.stdout, "tables    1 MISMATCHES") || !strings.Contains(r.stdout, want) ||
		!strings.Contains(r.stdout, "expected 90 chips, held 100") || !strings.Contains(r.stdout, "ledger    OK") {
		t.Fatalf("tampered audit: exit %d, want 1 naming %q\n%s\n%s", r.code, want, r.stdout, r.stderr)
	}
}
