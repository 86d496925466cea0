package console

import (
	"regexp"
	"testing"
)

// The console's help lists every word of its own that handle answers
// (help, status, as, sleep, quit and its alias exit), in both languages:
// `sleep`, which a script's lines use to move the clock, and `exit` were
// missing, so a reader of help in a script never learnt them.
func TestConsoleHelpListsEveryWordOfItsOwn(t *testing.T) {
	for i, lang := range []string{"en", "es"} {
		help := texts["help"][i]
		for _, w := range []string{"help", "status", "as", "sleep", "quit", "exit"} {
			if !regexp.MustCompile(`(?m)^  ` + w + `\b|\(` + w + `\b`).MatchString(help) {
				t.Errorf("%s help does not list %q:\n%s", lang, w, help)
			}
		}
	}
}
