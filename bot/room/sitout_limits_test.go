package room_test

import (
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// R-CASH-4, seed 003 #18-#19: the time away without blinds is for a player
// who has played a hand at the table with chips there (#19), once a day
// (#18), and for at most two players of a table at once (#18); the day is
// kept across a restart. Found by an outside review: /sitout was taken at
// any time, so a player could sit down and hold the seat without ever
// playing, or sit out before each big blind and /back after it (nothing
// is owed on coming back), never paying a blind.
func TestSittingOutIsLimitedAsSeed003Says(t *testing.T) {
	h := newHarness(t, 10)
	h.must("admin", "/newtable nlhe 1/2 seats=4")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.must("cy", "/join 100 post")
	h.must("dee", "/join 100") // waits for the big blind: has played nothing here
	if e := h.fails("dee", "/sitout", "sitout.not_played"); !strings.Contains(e.Message(bot.English), "played a hand") {
		t.Errorf("dee's refusal: %s", e.Message(bot.English))
	}
	h.playToEnd(40) // cy, posting, is dealt the next hand
	h.must("ana", "/sitout")
	h.must("ben", "/sitout")
	if e := h.fails("cy", "/sitout", "sitout.two_out"); !strings.Contains(e.Message(bot.English), "2 players already sit out") {
		t.Errorf("cy's refusal: %s", e.Message(bot.English))
	}
	h.must("ana", "/back")
	e := h.fails("ana", "/sitout", "sitout.once_a_day")
	if msg := e.Message(bot.English); !strings.Contains(msg, "less than a day ago") {
		t.Errorf("ana's second sit-out: %s", msg)
	}
	h.must("cy", "/sitout") // ana is back: one other sits out
	h.restart()
	h.fails("ana", "/sitout", "sitout.once_a_day")
	h.checkBooks()
}

// R-CASH-4, seed 003 #18 ("una vez al día"): the day of the time away is the
// player's at the table, not the seat's: standing up and sitting down again
// does not give a second sit-out the same day, also after a restart. Found
// by an outside review: /leave then /join gave a fresh seat with no break
// remembered, so a player could take the time away twice an hour.
func TestSittingOutOnceADaySurvivesLeavingAndJoining(t *testing.T) {
	h := newHarness(t, 10)
	h.must("admin", "/newtable nlhe 1/2 seats=4")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.must("cy", "/join 100")
	h.playToEnd(40)
	h.must("ana", "/sitout")
	h.must("ana", "/back")
	h.fails("ana", "/sitout", "sitout.once_a_day")
	h.playToEnd(40)
	h.must("ana", "/leave")
	h.playToEnd(40)
	h.must("ana", "/join post")
	h.playToEnd(40)
	h.playToEnd(40)
	h.fails("ana", "/sitout", "sitout.once_a_day")
	h.must("ana", "/leave")
	h.playToEnd(40)
	h.restart()
	h.must("ana", "/join post")
	h.playToEnd(40)
	h.playToEnd(40)
	h.fails("ana", "/sitout", "sitout.once_a_day")
	h.checkBooks()
}
