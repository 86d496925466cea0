package main

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"

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
	s, loc := playOn(t, env, path, time.Date(2025, 1, 1, 12, 0, 0, 0, time.UTC), func(string) bool { return true },
		"admin: /newtable nlhe 1/2", "ana: /join 100")
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

// playOn migrates the database at path, plays the lines ("user: /cmd
// args") in the console group of a room on it at start (admin says who
// administers the group), stops the room and returns its store, still
// open, and the database's location.
func playOn(t *testing.T, env map[string]string, path string, start time.Time, admin func(user string) bool, lines ...string) (*store.Store, store.Location) {
	t.Helper()
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
	rm, err := room.New(room.Config{Store: s, Clock: bottest.NewClock(start), DeckSeed: 1, Seed: 1,
		Admins: map[string]bot.Admins{"console": bot.AdminsFunc(func(_ context.Context, _, user string) (bool, error) { return admin(user), nil })}})
	if err != nil {
		t.Fatal(err)
	}
	if err := rm.Start(ctx); err != nil {
		t.Fatal(err)
	}
	for _, l := range lines {
		user, line, _ := strings.Cut(l, ": ")
		name, args, ok := bot.ParseCommand(line)
		if !ok {
			t.Fatalf("%q is not a command", line)
		}
		if _, err := rm.Handle(ctx, bot.Command{Platform: "console", Chat: "group", ChatTitle: "group", User: user, UserName: user, Name: name, Args: args}); err != nil {
			t.Fatalf("%s: %v", l, err)
		}
	}
	if err := rm.Settle(ctx); err != nil {
		t.Fatal(err)
	}
	rm.Close()
	return s, loc
}

// The commands that read a room's database (audit, adminlog, export)
// refuse a SQLite file that does not exist, with exit status 2 and a line
// naming DATABASE_URL, and create nothing: an audit of a mistyped path
// used to create and migrate an empty database and report every check OK
// (found by an outside review).
func TestReadingCommandsRefuseADatabaseThatDoesNotExist(t *testing.T) {
	for _, args := range [][]string{{"audit"}, {"adminlog"}, {"export", "--community", "1"}} {
		t.Run(args[0], func(t *testing.T) {
			env, path := tempDB(t)
			r := runMain(t, context.Background(), env, nil, args...)
			if r.code != exitUsage || !strings.Contains(r.stderr, "DATABASE_URL: no database at "+path) || strings.Contains(r.stdout, "OK") {
				t.Fatalf("exit %d, want 2 naming the missing database\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
			}
			if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
				t.Fatalf("%s: the database file was created (%v)", args[0], err)
			}
		})
	}
}
