package main

import (
	"context"
	"strings"
	"testing"
	"time"
)

// TestAdminLogCommand: `pokerroom adminlog` exports what the admins did
// (a grant with its chips, a table opened), newest first, as CSV or JSON,
// one community's or every one's; a bad argument is refused with what is
// accepted, before the database is opened.
func TestAdminLogCommand(t *testing.T) {
	env, path := tempDB(t)
	ctx := context.Background()
	s, _ := playOn(t, env, path, time.Date(2026, 11, 2, 12, 0, 0, 0, time.UTC), func(user string) bool { return user == "admin" },
		"ana: /wallet", "admin: /newtable nlhe 1/2", "admin: /grant @ana 250")
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

// `pokerroom adminlog community=1 community=2` exported community 2's log
// alone, as if the operator had asked for it only: a key given twice is
// refused, naming it, as any other argument the command cannot follow.
func TestAdminLogRefusesAKeyGivenTwice(t *testing.T) {
	env, _ := tempDB(t)
	for _, args := range [][]string{
		{"community=1", "community=2"},
		{"since=2026-11-01", "since=2026-11-02"},
		{"format=csv", "format=json"},
	} {
		k, _, _ := strings.Cut(args[0], "=")
		r := runMain(t, context.Background(), env, nil, append([]string{"adminlog"}, args...)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, k+" given twice") || r.stdout != "" {
			t.Errorf("adminlog %s: exit %d, stdout %q, stderr %q; want 2 and %q", strings.Join(args, " "), r.code, r.stdout, r.stderr, k+" given twice")
		}
	}
}
