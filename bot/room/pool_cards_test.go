package room_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/room"
)

var cardsTableRE = regexp.MustCompile(`^Table (#\d+), hand`)

// R-CASH-7: a fast-fold entry is dealt at whichever of its pool's tables
// is free, a new one hand after hand. The cards message a platform edits
// hand after hand (bot.CardsTable: one per table since a player at two
// tables keeps both) was one per pool table too: the entry's cards of
// this hand were edited into the message of a table it last played
// several hands ago, higher up in the private chat, while the message at
// its end still showed an old hand's cards. An entry's cards keep one
// message, whichever table deals them.
func TestAPoolEntrysCardsKeepOneMessageAtEveryPoolTable(t *testing.T) {
	h := newHarness(t, 15)
	h.must("admin", "/newpool nlhe 1/2 seats=2 rake=off")
	players := []string{"ana", "ben", "cat", "dan", "eve"} // two tables, one waiting
	for _, u := range players {
		h.must(u, "/pool join 100")
	}
	tables, places := map[string]bool{}, map[string]bool{}
	for round := 0; round < 40; round++ {
		h.sleep(room.PoolGather)
		for _, u := range players {
			_, _ = h.do(u, "/fastfold") // not in a hand: refused
		}
	}
	for _, m := range h.rec.all() {
		if !m.To.Private() || m.To.User != "ana" {
			continue
		}
		v, ok := m.Body.(bot.View)
		if !ok || v.Kind != bot.ViewCards {
			continue
		}
		if sm := cardsTableRE.FindStringSubmatch(v.Text); sm != nil {
			tables[sm[1]] = true
		}
		places[bot.CardsTable(m.Key)] = true
	}
	if len(tables) < 2 {
		t.Skipf("ana played at %v only", tables)
	}
	if len(places) != 1 {
		keys := make([]string, 0, len(places))
		for p := range places {
			keys = append(keys, p)
		}
		t.Fatalf("ana's cards at the pool's tables %v went to %d messages (%s), want one", tables, len(places), strings.Join(keys, ", "))
	}
}
