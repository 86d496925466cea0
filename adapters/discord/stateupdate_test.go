package discord_test

import (
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// The gateway's CHANNEL_UPDATE (an admin renaming the channel, editing
// its overwrites) rewrites the channel in discordgo's state in place,
// under the state's lock; the adapter read the channel's fields (its
// name for the chat's title, its kind, its server) after the lock was
// let go: a data race on every command in a channel being edited (go
// test -race fails it; a torn read may name the wrong chat). Commands
// run while the channel changes.
func TestCommandsWhileTheChannelIsEdited(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			case <-time.After(time.Millisecond):
				fake.DenyBot(channel, 0) // a CHANNEL_UPDATE of the channel
			}
		}
	}()
	for range 20 {
		if r := e.slash(ben, "wallet"); r.Message == nil || !strings.Contains(r.Message.Text(), "10,000") {
			t.Errorf("/wallet answered %+v while the channel was edited", r)
		}
	}
	close(stop)
	wg.Wait()
}
