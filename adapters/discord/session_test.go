package discord_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A gateway session Discord ended (the bot came back after its resume
// window, or Discord invalidated it) is answered with an Invalid Session
// (op 9, d=false) on a socket that closes. discordgo kept sending RESUME
// for the dead session for ever: the bot never came back, no command was
// answered, until it was restarted. The adapter identifies anew.
func TestAnEndedGatewaySessionIdentifiesAnew(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{resumeWindow: time.Second})
	fake.ExpireSession()
	fake.Wait(wait, "a new IDENTIFY after the Invalid Session", func() bool {
		st := fake.Stats()
		return st.Invalid > 0 && st.Identifies >= 2 && fake.Connected()
	})
	if r := e.slash(ben, "wallet"); r.Message == nil || !strings.Contains(r.Message.Text(), "10,000") {
		t.Fatalf("after the new session /wallet answered %+v, want the balance", r)
	}
	if n := fake.Stats().Identifies; n != 2 {
		t.Errorf("%d IDENTIFYs, want 2 (the first and the one after the session ended)", n)
	}
}
