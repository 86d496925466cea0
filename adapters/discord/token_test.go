package discord_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The bot's token reset by its owner while it runs (Reset Token: the old
// one is refused, 401 and gateway close 4004): the bot went on, retrying
// the gateway forever and sending every message to a 401 (invalid
// requests, which get an IP banned), while it looked alive. It stops, as
// it does when the token is refused at start: run exits with the line
// naming DISCORD_TOKEN.
func TestTokenRefusedWhileRunningStopsTheBot(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	fake.ResetToken("MTA-a-new-token.secret")
	fake.Disconnect()
	select {
	case err := <-e.done:
		e.done <- nil // for the test's own stop
		if err == nil || !strings.Contains(err.Error(), "DISCORD_TOKEN") {
			t.Fatalf("the bot stopped with %v, want the token refused", err)
		}
	case <-time.After(wait):
		t.Fatal("the bot runs on with a token Discord refuses")
	}
	if strings.Contains(e.logs.String(), token) {
		t.Error("the token reached the log")
	}
}
