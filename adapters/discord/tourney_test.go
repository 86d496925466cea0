package discord_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A multi-table sit-and-go run from a Discord channel with slash commands:
// each table plays in a thread of its own, the final table in the
// channel, and the news and results reach the channel (R-TRN-1, R-TRN-11).
func TestTournamentTablesInThreads(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	defer func() {
		if t.Failed() {
			t.Logf("logs:\n%s", e.logs.String())
		}
	}()
	r := e.slash(ana, "tourney", str("action", "create"), str("options", "Threads start=sng players=8 seats=4 speed=hyper bots=on"))
	if !strings.Contains(r.Message.Text(), "Tournament T1 created") {
		t.Fatalf("create: %q", r.Message.Text())
	}
	if r := e.slash(ben, "register"); !strings.Contains(r.Message.Text(), "Ben is registered") {
		t.Fatalf("register: %q", r.Message.Text())
	}
	e.slash(ana, "tourney", str("action", "start"))
	for i := 0; ; i++ { // Ben is away once seated: dealt in and folded
		r := e.slash(ben, "sitout")
		if strings.Contains(r.Message.Text(), "Ben is away") {
			break
		}
		if i == 50 {
			t.Fatalf("sitout: %q", r.Message.Text())
		}
		time.Sleep(100 * time.Millisecond)
	}
	fake.Wait(90*time.Second, "the results", func() bool {
		for _, m := range fake.Messages(channel) {
			if strings.Contains(m.Text(), "Threads is over. Results:") {
				return true
			}
		}
		return false
	})
	threads := fake.Threads(channel)
	if len(threads) != 2 {
		t.Fatalf("threads %v, want one per table", threads)
	}
	for id, name := range threads {
		if !strings.HasPrefix(name, "Threads · table ") {
			t.Errorf("thread %q", name)
		}
		tables := 0
		for _, m := range fake.Messages(id) {
			if strings.HasPrefix(m.Text(), "Table #") {
				tables++
			}
		}
		if tables == 0 {
			t.Errorf("no table message in thread %q", name)
		}
	}
}
