package room_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// From a private chat, a table of a community the user is not a member of
// answers every table command as a table that does not exist, as /history
// does: /join named the table's community, and /clock and /seed told the
// user they were not seated, which told outsiders which tables exist (and
// where). A member still joins from a private chat.
func TestAStrangerCannotTellAnotherCommunitysTableFromNoTable(t *testing.T) {
	h := newHarness(t, 3)
	h.mustIn("group", "admin", "/newtable nlhe 1/2")
	h.mustIn("group", "ana", "/join 100")
	h.mustIn("group", "cy", "/join 100")
	h.walletIn("other", "", "ben") // a member of another community only
	answer := func(line string) string {
		_, err := h.in("", "", "ben", line)
		var e *bot.Error
		if !errors.As(err, &e) {
			t.Fatalf("ben's private %s: %v, want a refusal", line, err)
		}
		return string(e.Code) + " " + strings.ReplaceAll(e.Message("en"), "#99", "#1")
	}
	for _, cmd := range []string{"/join 100", "/clock", "/seed hello", "/history", "/sitout", "/fold", "/fastfold"} {
		if got, want := answer(cmd+" #1"), answer(cmd+" #99"); got != want {
			t.Errorf("%s: a table elsewhere answers %q, no table %q", cmd, got, want)
		}
	}
	h.walletIn("group", "", "ben")
	if _, err := h.in("", "", "ben", "/join 100 #1"); err != nil {
		t.Fatalf("a member's private /join: %v", err)
	}
}
