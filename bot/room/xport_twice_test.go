package room_test

import (
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// R-POT-6: /export phh of a hand whose board was run twice, which PHH has
// no form for, says that is why: the answer listed only the games PHH
// lacks and an opponent's muck, neither of which applies to a Hold'em hand
// run twice with both hands shown.
func TestExportPHHOfAHandRunTwiceSaysWhy(t *testing.T) {
	h := newHarness(t, 24)
	h.must("admin", "/newtable nlhe 1/2 twice=on")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.must(h.toAct(), "/allin")
	h.must(h.toAct(), "/call")
	if !strings.Contains(h.lastView(bot.ViewSummary, "group", "").Text, "Board 2") {
		t.Fatalf("the hand was not run twice:\n%s", h.lastView(bot.ViewSummary, "group", "").Text)
	}
	for _, lang := range []string{bot.English, bot.Spanish} {
		e := h.fails("ana", "/export phh", "export.none_refused")
		if msg := e.Message(lang); !strings.Contains(msg, map[string]string{bot.English: "run twice", bot.Spanish: "dos veces"}[lang]) {
			t.Errorf("%s: the answer does not say that a board run twice has no PHH form: %q", lang, msg)
		}
	}
}

// /export while the player's only hand is still being played says it will
// be exported once it ends: the answer gave hands "played before the room
// recorded who played them" as the only reason, which a new player, whose
// every hand the room recorded, could not make sense of.
func TestExportOfAHandInPlaySaysItComesWhenItEnds(t *testing.T) {
	h := newHarness(t, 24)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	want := map[string]string{bot.English: "once it has ended", bot.Spanish: "cuando termina"}
	for _, lang := range []string{bot.English, bot.Spanish} {
		e := h.fails("ana", "/export", "export.none")
		if msg := e.Message(lang); !strings.Contains(msg, want[lang]) {
			t.Errorf("%s: /export during ana's first hand: %q lacks %q", lang, msg, want[lang])
		}
	}
}
