package room_test

import (
	"flag"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/view/viewtest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// Issue 23: every kind of view the room sends, as the room sends it (a
// cash table's message with its buttons, a player's cards, a hand's
// summary, a tournament's lobby and news), in both languages,
// in every platform's form: plain text (testdata/forms.golden, with the
// buttons' commands), Telegram HTML, a Discord embed, a terminal's ANSI
// colours (go test ./bot/room -run TestEveryViewInEveryPlatformsForm
// -update rewrites them).
func TestEveryViewInEveryPlatformsForm(t *testing.T) {
	var g viewtest.Golden
	for _, lang := range []string{bot.English, bot.Spanish} {
		h := newHarness(t, 3)
		if lang == bot.Spanish {
			h.must("admin", "/lang chat es")
		}
		h.must("admin", "/newtable nlhe 1/2")
		h.must("ana", "/join 100")
		h.must("ben", "/join 100")
		g.Head("the table message, hand 1 (" + lang + ")")
		g.Add(t, h.table(), true)
		g.Head("a player's cards (" + lang + ")")
		g.Add(t, h.lastView(bot.ViewCards, "", "ana"), false)
		h.press(h.toAct(), h.button("/fold"))
		g.Head("the summary of hand 1 (" + lang + ")")
		g.Add(t, h.lastView(bot.ViewSummary, "group", ""), false)
		h.must("admin", "/tourney create Big buyin=100+10 bounty=pko guarantee=1000 start=+1m seats=6 min=2 bots=on")
		h.must("cy", "/register")
		h.must("admin", "/tourney bots 5")
		g.Head("a tournament's lobby, registering (" + lang + ")")
		g.Add(t, h.lobby(), true)
		h.sleep(time.Minute)
		g.Head("a tournament's lobby, running (" + lang + ")")
		g.Add(t, h.lobby(), true)
		g.Head("tournament news (" + lang + ")")
		g.Add(t, h.lastView(bot.ViewNews, "group", ""), false)
	}
	g.Check(t, "testdata/forms", *update, "go test ./bot/room -run TestEveryViewInEveryPlatformsForm")
}
