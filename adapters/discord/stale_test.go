package discord_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// An interaction Discord replays after a RESUME, older than its 3-second
// window, can no longer be acknowledged: its member was already shown
// "The application did not respond" (Discord, "Receiving and Responding":
// "If the 3 second deadline is exceeded, the token will be invalidated").
// Its command was run all the same: a /join the member saw fail took their
// buy-in and seated them. It is not run.
func TestInteractionReplayedPastItsWindowIsNotRun(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{ackAfter: 100 * time.Millisecond})
	e.slash(ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2"))
	// Discord's window, shorter than the bot's reconnection (about 1 s):
	// the interaction sent while the bot is away is past it when replayed.
	fake.SetAckWindow(300 * time.Millisecond)
	fake.Disconnect()
	fake.Slash(channel, ben, "join")
	fake.Wait(wait, "the bot to resume and try to acknowledge the replayed /join", func() bool {
		return fake.Stats().Resumes == 1 && fake.Stats().Late == 1
	})
	time.Sleep(500 * time.Millisecond) // a /join run anyway would be done by now
	fake.SetAckWindow(3 * time.Second)
	if r := e.slash(ben, "wallet"); r.Message == nil || !strings.Contains(r.Message.Text(), "10,000") {
		t.Fatalf("after a /join Discord never saw acknowledged, /wallet answered %+v, want the untouched 10,000", r.Message)
	}
	if r := e.slash(ben, "tables"); r.Message == nil || !strings.Contains(r.Message.Text(), "0/") {
		t.Fatalf("after a /join Discord never saw acknowledged, /tables answered %+v, want nobody seated", r.Message)
	}
}
