package bot

import (
	"strings"
	"testing"
)

// /help <command> answers with the command's own lines where it has them
// (help.join, help.sitout, ...). Those began with an argument list of
// their own, which fell behind the command table: /help join left out
// later (answering a call from the waiting list) and /help sitout its
// [#table], which the command table, the menus and /help's lists show.
// A command's detailed help begins with its arguments as the table
// declares them (in Spanish, as many of them).
func TestDetailedHelpShowsTheCommandsArguments(t *testing.T) {
	checked := 0
	for name, c := range commandIndex {
		msg, ok := Catalogue["help."+name]
		if !ok || name != c.Name {
			continue
		}
		checked++
		want := "/" + name
		if c.Args != "" {
			want += " " + c.Args
		}
		if !strings.HasPrefix(msg.En, want+":") {
			t.Errorf("/help %s: %q, want it to begin %q", name, msg.En, want+":")
		}
		es, _, _ := strings.Cut(msg.Es, ":")
		if n, m := strings.Count(es, "[")+strings.Count(es, "<"), strings.Count(c.Args, "[")+strings.Count(c.Args, "<"); n != m {
			t.Errorf("/help %s in Spanish: %q shows %d arguments, the command table %d (%s)", name, es, n, m, c.Args)
		}
	}
	if checked < 5 {
		t.Fatalf("%d commands with their own help checked", checked)
	}
}
