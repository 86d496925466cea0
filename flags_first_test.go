package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Flags written before the command (`pokerroom --database-url x.db
// migrate`, as many tools take global flags) made the command an argument
// of run: "pokerroom run: unexpected argument "migrate"", which sends the
// reader looking for what is wrong with migrate. The line says to put the
// command first, with the command line to type; nothing runs.
func TestFlagsBeforeTheCommandSayToPutTheCommandFirst(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "x.db")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--database-url=" + db, "migrate"}, `pokerroom: the command comes first, then its flags: pokerroom migrate --database-url=` + db},
		{[]string{"-log-level", "debug", "audit"}, `pokerroom: the command comes first, then its flags: pokerroom audit -log-level debug`},
		{[]string{"--database-url=" + db, "export", "--community", "1"}, `pokerroom: the command comes first, then its flags: pokerroom export --database-url=` + db + ` --community 1`},
		{[]string{"--console=on", "run"}, `pokerroom: the command comes first, then its flags: pokerroom run --console=on`},
		// console reads none of run's flags: the line does not offer one.
		{[]string{"--database-url=" + db, "console", "--seed", "3"}, `pokerroom: the command comes first, then its flags: pokerroom console, whose flags are its own (--database-url=` + db + ` is not one of them): pokerroom help console lists them`},
	} {
		r := runMain(t, context.Background(), map[string]string{"DATABASE_URL": filepath.Join(dir, "room.db")}, nil, tc.args...)
		if r.code != exitUsage || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%q: exit %d, stderr %q; want %d and %q", tc.args, r.code, r.stderr, exitUsage, tc.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("%d files were created", len(entries))
	}
	// An argument that is no command is still refused as one.
	r := runMain(t, context.Background(), map[string]string{"DATABASE_URL": db}, nil, "--log-level=info", "serve")
	if r.code != exitUsage || !strings.Contains(r.stderr, `pokerroom run: unexpected argument "serve"`) {
		t.Errorf("serve: exit %d, stderr %q", r.code, r.stderr)
	}
}
