package main

import (
	"context"
	"log/slog"
	"strings"
	"testing"
)

// console and sim take their database with --db and read no DATABASE_URL,
// but on a database another process runs the room on they were told to
// "give this one another DATABASE_URL", which changes nothing for them.
// They are told to give another --db; run keeps DATABASE_URL.
func TestARefusedLeaseNamesTheSettingOfTheCommand(t *testing.T) {
	ctx := context.Background()
	env, path := tempDB(t)
	s := openMigrated(t, path)
	l, err := takeRoom(ctx, s, slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	defer l.release()
	for _, tc := range []struct {
		args          []string
		want, without string
	}{
		{[]string{"console", "--db", path}, "give this one another --db", "DATABASE_URL"},
		{[]string{"sim", "--tables", "1", "--hands", "1", "--baseline", "0", "--db", path}, "give this one another --db", "DATABASE_URL"},
		{nil, "give this one another DATABASE_URL", "--db"},
	} {
		r := runMain(t, ctx, env, strings.NewReader(""), tc.args...)
		if r.code != exitFail || !strings.Contains(r.stderr, tc.want) || strings.Contains(r.stderr, tc.without) {
			t.Errorf("%q: exit %d, want 1 saying %q (not %q)\nstderr: %s", tc.args, r.code, tc.want, tc.without, r.stderr)
		}
	}
}
