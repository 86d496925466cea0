package discord_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/adapters/discord"
	"github.com/pokerroom/pokerroom/bot"
)

// A tournament table's thread that Discord archived (after its inactivity,
// a paused tournament's; sooner in a busy server) refuses edits of its
// messages (50083: "Users cannot edit messages ... in archived threads");
// the table's next state was dropped and its players saw a stale table
// without their buttons. It is sent again as a new message, which
// unarchives the thread (Discord, "Threads": "Sending a message will
// automatically unarchive the thread").
func TestTableMessageInAnArchivedThreadIsSentAgain(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	ctx := context.Background()
	thread, err := e.ad.OpenThread(ctx, channel, "Friday · table 2")
	if err != nil {
		t.Fatal(err)
	}
	table := func(text string) bot.Outgoing {
		return bot.Outgoing{To: bot.Destination{Platform: discord.Platform, Chat: channel}, Thread: thread,
			Body: bot.View{Kind: bot.ViewTable, Text: text}}
	}
	id, err := e.ad.Deliver(ctx, table("Table #2 · hand 7\nlevel 4 · paused"), "")
	if err != nil {
		t.Fatal(err)
	}
	fake.ArchiveThread(thread)
	got, err := e.ad.Deliver(ctx, table("Table #2 · hand 7\nlevel 4 · Ben to act"), id)
	if err != nil {
		t.Fatalf("the table's next state in the archived thread: %v", err)
	}
	shown := false
	for _, m := range fake.Messages(thread) {
		if m.ID == got && strings.Contains(m.Text(), "Ben to act") {
			shown = true
		}
	}
	if !shown || fake.Archived(thread) {
		t.Fatalf("the table's next state is not shown in the thread (archived: %v):\n%s", fake.Archived(thread), fake.Transcript(thread))
	}
}
