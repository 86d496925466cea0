package main

import (
	"context"
	"strings"
	"testing"
)

// A flag a command does not have is refused with exit status 2 and
// where its flags are listed, as every bad setting says what is
// accepted: "flag provided but not defined: -databse-url" said nothing
// more (found by an outside review); --version points to the version
// command.
func TestUnknownFlagSaysWhereTheFlagsAre(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"migrate", "--databse-url", "x"}, "pokerroom: flag provided but not defined: -databse-url (pokerroom help migrate lists the flags)"},
		{[]string{"-x"}, "pokerroom: flag provided but not defined: -x (pokerroom help run lists the flags)"},
		{[]string{"--version"}, "pokerroom: flag provided but not defined: -version (pokerroom version prints the version; pokerroom help run lists the flags)"},
	} {
		env, _ := tempDB(t)
		r := runMain(t, context.Background(), env, nil, tc.args...)
		if r.code != exitUsage || strings.TrimSpace(r.stderr) != tc.want {
			t.Errorf("%q: exit %d, stderr %q\nwant 2, %q", tc.args, r.code, r.stderr, tc.want)
		}
	}
}
