package discord_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/adapters/discord/discordtest"
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

// A table opened in a thread a member started (in a text channel, or a
// post in a forum channel) plays in that thread, where it was asked for:
// it was opened in the parent channel instead, where the forum's table
// could not even be shown (Discord, "Threads": "Messages cannot be sent
// directly in forum channels", 50008). Only the threads the bot opens for
// a tournament's tables belong to their channel.
func TestTableOpenedInAMembersThreadPlaysInThatThread(t *testing.T) {
	for _, tc := range []struct {
		name   string
		forum  bool
		parent string
	}{
		{"a thread of a text channel", false, channel},
		{"a post of a forum channel", true, "650"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := newFake(t)
			if tc.forum {
				fake.AddForum(guild, tc.parent)
			}
			start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
			const thread = "660"
			fake.AddThread(tc.parent, thread, ben, "Friday game")
			r := fake.Answer(fake.Slash(thread, ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2")), wait)
			if r.Message == nil || !strings.Contains(r.Message.Text(), "Table #1 opened") {
				t.Fatalf("/newtable in the thread answered %+v", r.Message)
			}
			fake.Answer(fake.Slash(thread, ana, "join"), wait)
			fake.Answer(fake.Slash(thread, ben, "join"), wait)
			fake.Wait(wait, "the table message in the thread", func() bool {
				for _, m := range fake.Messages(thread) {
					if strings.HasPrefix(m.Text(), "Table #1") && strings.Contains(m.Text(), "· hand 1\n") {
						return true
					}
				}
				return false
			})
			for _, m := range fake.Messages(tc.parent) {
				if strings.HasPrefix(m.Text(), "Table #") {
					t.Fatalf("a table message in the parent channel:\n%s", m.Text())
				}
			}
			if st := fake.Stats(); st.Refused != 0 {
				t.Fatalf("%d messages refused by Discord", st.Refused)
			}
		})
	}
}

// A thread the bot started (a tournament table's, known after a restart
// only from Discord, by its owner) still belongs to its channel.
func TestThreadTheBotStartedBelongsToItsChannelAfterARestart(t *testing.T) {
	fake := newFake(t)
	const thread = "661"
	fake.AddThread(channel, thread, botID, "Friday · table 1")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.slash(ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2"))
	if r := fake.Answer(fake.Slash(thread, ben, "tables"), wait); r.Message == nil || !strings.Contains(r.Message.Text(), "#1") {
		t.Fatalf("/tables in the bot's thread answered %+v, want the channel's table", r.Message)
	}
}

// A tournament table's thread a moderator deleted: its table's messages
// failed (404 Unknown Channel) and were dropped, and the table played on
// unseen, the turn clock folding its players hand after hand. The table
// shows in the tournament's channel instead.
func TestTournamentTableWhoseThreadWasDeletedShowsInTheChannel(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.slash(ana, "tourney", str("action", "create"), str("options", "Threads start=sng players=8 seats=4 speed=hyper bots=on"))
	e.slash(ben, "register")
	e.slash(ana, "tourney", str("action", "start"))
	var threads map[string]string
	fake.Wait(wait, "the tables' threads", func() bool { threads = fake.Threads(channel); return len(threads) == 2 })
	var gone, name string
	for id, n := range threads {
		fake.Wait(wait, "a table message in "+n, func() bool { return len(fake.Messages(id)) > 0 })
		gone, name = id, n
	}
	table := strings.TrimSpace(name[strings.LastIndex(name, "·")+len("·"):]) // "table 2"
	fake.DeleteThread(gone)
	fake.Wait(wait, "the table of the deleted thread in the channel", func() bool {
		for _, m := range fake.Messages(channel) {
			if strings.HasPrefix(m.Text(), "Table #") && strings.Contains(m.Text(), "· "+table+" ·") {
				return true
			}
		}
		return false
	})
}

// A member's thread holding a table, deleted by a moderator (THREAD_DELETE)
// or with its channel (CHANNEL_DELETE of the parent): its table stayed
// open where nobody could reach it, a player waiting there for opponents
// kept their chips at it with no /leave to type. It closes and its
// players are cashed out, as a deleted channel's.
func TestTableInADeletedMembersThreadIsClosed(t *testing.T) {
	for _, tc := range []struct {
		name   string
		delete func(f *discordtest.Server, thread string)
	}{
		{"the thread deleted", func(f *discordtest.Server, thread string) { f.DeleteThread(thread) }},
		{"its channel deleted", func(f *discordtest.Server, _ string) { f.DeleteChannel("601") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := newFake(t)
			e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
			const thread = "662"
			fake.AddThread("601", thread, ben, "Friday game")
			fake.Answer(fake.Slash(thread, ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2")), wait)
			fake.Answer(fake.Slash(thread, ana, "join"), wait)
			fake.Wait(wait, "the table showing Ana seated", func() bool {
				for _, m := range fake.Messages(thread) {
					if strings.HasPrefix(m.Text(), "Table #1") && strings.Contains(m.Text(), "Ana") {
						return true
					}
				}
				return false
			})
			time.Sleep(300 * time.Millisecond) // nothing more to show
			tc.delete(fake, thread)
			deadline := time.Now().Add(wait)
			for {
				r := e.slash(ana, "wallet")
				if r.Message != nil && strings.Contains(r.Message.Text(), "10,000") { // the buy-in back
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("Ana's buy-in is still at the table of a deleted thread: %q", r.Message.Text())
				}
				time.Sleep(200 * time.Millisecond)
			}
		})
	}
}
