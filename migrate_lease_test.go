package main

import (
	"context"
	"database/sql"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/store"
)

// A newer binary started beside the room that runs on a database of an
// older schema (a second terminal, a new container started before the old
// one stopped) upgraded the schema under the running room, and only then
// was refused by the room's lease (found by an outside review). Every
// command that migrates is refused first, naming the running room and the
// upgrade it would have made; the schema is left as it was, and upgraded
// once the room stopped.
func TestASchemaUpgradeBesideARunningRoomIsRefusedBeforeItChangesAnything(t *testing.T) {
	env, path := tempDB(t)
	s := openMigrated(t, path)
	ctx := context.Background()
	latest := store.LatestSchemaVersion()
	if latest <= store.LeaseSchemaVersion {
		t.Fatalf("the test needs a migration after the lease's (%d), the latest is %d", store.LeaseSchemaVersion, latest)
	}
	// The database as the binary before the latest migration left it.
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	for _, q := range []string{"DROP TABLE tourney_stats", "DELETE FROM schema_migrations WHERE version = 11"} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	version := func() int {
		var v int
		if err := raw.QueryRow("SELECT MAX(version) FROM schema_migrations").Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	if latest != 11 || version() != 10 {
		t.Fatalf("schema %d, latest %d: the test downgrades 11 to 10", version(), latest)
	}
	const running = "pid 2 on elsewhere (x)"
	now := time.Now()
	if ok, other, _, err := s.TakeLease(ctx, roomLeaseKey, running, now, now.Add(time.Minute)); !ok || err != nil {
		t.Fatalf("the running room's lease: %v %q %v", ok, other, err)
	}
	for _, args := range [][]string{{"migrate"}, nil, {"audit"}, {"console", "--db", path}} {
		r := runMain(t, ctx, env, strings.NewReader("status\n"), args...)
		if r.code == exitOK || !strings.Contains(r.stderr, running) || !strings.Contains(r.stderr, "runs the room on this database (schema version 10): stop it before this binary upgrades it to version 11") {
			t.Errorf("%v beside the running room: exit %d\nstderr: %s", args, r.code, r.stderr)
		}
		if v := version(); v != 10 {
			t.Fatalf("%v beside the running room upgraded the schema to %d", args, v)
		}
	}
	if err := s.ReleaseLease(ctx, roomLeaseKey, running); err != nil {
		t.Fatal(err)
	}
	if r := runMain(t, ctx, env, nil, "migrate"); r.code != exitOK || version() != latest {
		t.Fatalf("migrate once the room stopped: exit %d, schema %d\nstderr: %s", r.code, version(), r.stderr)
	}
	if ok, _, _, err := s.TakeLease(ctx, roomLeaseKey, "pid 3 on elsewhere (y)", time.Now(), time.Now().Add(time.Minute)); !ok || err != nil {
		t.Errorf("the lease after the upgrade was not given up: %v %v", ok, err)
	}
}
