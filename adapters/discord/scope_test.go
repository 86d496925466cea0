package discord_test

import (
	"path/filepath"
	"testing"
)

// A bot moved from guild commands (DISCORD_GUILDS, for development) to
// global ones kept its guild commands registered beside the global ones:
// the server's members saw every command twice in the picker; and the
// reverse. Registering in one scope empties the other (a bulk overwrite
// with an empty list), as Discord's bots do.
func TestRegisteringInOneScopeEmptiesTheOther(t *testing.T) {
	fake := newFake(t)
	fake.AddGuild("510", "Other server", "610")
	db := filepath.Join(t.TempDir(), "room.db")
	steps := []struct {
		name        string
		global      bool
		live, stale string
	}{
		{"guild commands first", false, guild, ""},
		{"then global", true, "", guild},
		{"back to the guild", false, guild, ""},
	}
	for _, st := range steps {
		e := start(t, fake, db, options{global: st.global})
		fake.Wait(wait, st.name+": the other scope's commands emptied", func() bool {
			return len(fake.Commands(st.stale)) == 0 && len(fake.Commands(st.live)) > 0
		})
		if st.global && len(fake.Commands("510")) != 0 {
			t.Fatalf("%s: commands registered in a server the bot never registered in", st.name)
		}
		e.stop()
	}
}
