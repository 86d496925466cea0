package discord_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/adapters/discord"
)

// A server that removes the bot sees nothing more of its tables: they
// close (after the hand in progress; here none), their players cashed out
// to their wallets, instead of going on where every send is refused
// (403). The log says why.
func TestTablesOfAServerThatRemovedTheBotClose(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.slash(ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2"))
	e.slash(ana, "join")
	if n := len(e.room.TablesIn(discord.Platform, channel)); n != 1 {
		t.Fatalf("%d tables open, want 1", n)
	}
	fake.RemoveBot(guild)
	deadline := time.Now().Add(wait)
	for len(e.room.Tables()) > 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if ids := e.room.Tables(); len(ids) != 0 {
		t.Fatalf("tables still open after the bot was removed from the server: %v\n%s", ids, e.logs)
	}
	if !strings.Contains(e.logs.String(), "removed from the server") {
		t.Errorf("the log does not say why the tables closed:\n%s", e.logs)
	}
}
