package discord_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A tournament table plays in a thread of the channel: a player typing a
// command in their table's thread (/sitout) reaches their table, as in
// the channel; it was answered as from a chat of its own, with no tables.
func TestCommandTypedInATournamentTablesThreadReachesTheTable(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.slash(ana, "tourney", str("action", "create"), str("options", "Threads start=sng players=8 seats=4 speed=hyper bots=on"))
	e.slash(ben, "register")
	e.slash(ana, "tourney", str("action", "start"))
	var threads map[string]string
	fake.Wait(wait, "the tables' threads", func() bool { threads = fake.Threads(channel); return len(threads) == 2 })
	var last string
	for i := 0; i < 50; i++ {
		for id := range threads {
			r := fake.Answer(fake.Slash(id, ben, "sitout"), wait)
			last = r.Message.Text()
			if strings.Contains(last, "Ben is away") {
				return
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("/sitout in the table's thread: %q", last)
}
