package telegram_test

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/adapters/telegram/telegramtest"
)

const (
	dave    = int64(104) // @dave_p, shown as "Dave"
	mallory = int64(105) // no username, whose first name is "dave_p"
)

// addImpersonation adds Dave (username dave_p) and Mallory, who named
// herself "dave_p", and has both use a command in the group (members).
func addImpersonation(e *env) {
	e.t.Helper()
	e.fake.AddUser(telegramtest.User{ID: dave, FirstName: "Dave", Username: "dave_p"})
	e.fake.AddUser(telegramtest.User{ID: mallory, FirstName: "dave_p"})
	e.fake.Start(dave, "")
	e.fake.Start(mallory, "")
	e.say(group, dave, "/wallet")
	e.waitText(dave, "Your wallet")
	e.say(group, mallory, "/wallet")
	e.fake.Wait(wait, "Mallory's wallet", func() bool {
		return len(e.fake.BotMessages(mallory)) > 0 && strings.Contains(e.fake.BotMessages(mallory)[len(e.fake.BotMessages(mallory))-1].Text, "wallet")
	})
}

func (e *env) banned(user int64) bool {
	e.t.Helper()
	found, err := e.store.FindPlayers(context.Background(), "telegram", strconv.FormatInt(user, 10))
	if err != nil || len(found) != 1 {
		e.t.Fatalf("player %d: %v %v", user, found, err)
	}
	return found[0].Banned != ""
}

// "/ban @dave_p" names the user whose Telegram username is dave_p; a
// member who took "dave_p" as her first name is not the one banned (the
// username was only mapped for /grant, so /ban matched display names).
func TestBanByUsernameBansThatUserNotANamesake(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{owners: []string{"telegram:101"}})
	addImpersonation(e)
	e.say(group, ana, "/ban @dave_p spam")
	e.waitText(ana, "banned from the bot")
	if !e.banned(dave) || e.banned(mallory) {
		t.Errorf("/ban @dave_p: Dave banned %v, Mallory banned %v; want Dave only", e.banned(dave), e.banned(mallory))
	}
}

// "/grant @dave_p 500" after a restart, before Dave wrote again: the
// chips go to the user whose username is dave_p, never to a member whose
// first name is "dave_p" (the usernames were known in memory only).
func TestGrantByUsernameAfterARestartReachesThatUser(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	db := filepath.Join(t.TempDir(), "room.db")
	e := start(t, fake, db, options{})
	addImpersonation(e)
	e.stop()
	e = start(t, fake, db, options{})
	e.say(group, mallory, "/tables")
	e.say(group, ana, "/grant @dave_p 500")
	m := e.waitText(group, "500 chips")
	if !strings.HasPrefix(m.Text, "Dave receives") {
		t.Errorf("/grant @dave_p 500 answered %q, want Dave to receive them", m.Text)
	}
}

const eve = int64(106) // takes the username dave_p once Dave gives it up

// rename has user take username (Telegram shows it from their next
// update on) and, when speak is set, start the bot and ask for their
// wallet in the group.
func (e *env) rename(user int64, first, username string, speak bool) {
	e.t.Helper()
	e.fake.AddUser(telegramtest.User{ID: user, FirstName: first, Username: username})
	if speak {
		e.fake.Start(user, "")
		e.say(group, user, "/wallet")
		e.fake.Wait(wait, "the wallet answer", func() bool {
			msgs := e.fake.BotMessages(user)
			return len(msgs) > 0 && strings.Contains(msgs[len(msgs)-1].Text, "wallet")
		})
	}
}

// "@name" follows the username Telegram last showed: Dave who gave up
// dave_p is no longer @dave_p (refused as unknown until its new holder
// writes), Eve who took it and wrote is; a restart keeps that. A name
// nobody was seen with is refused, never matched against display names
// (Mallory, whose first name is "dave_p").
func TestUsernameNamesWhoTelegramLastShowedWithIt(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	db := filepath.Join(t.TempDir(), "room.db")
	e := start(t, fake, db, options{owners: []string{"telegram:101"}})
	e.waitText(ana, "/help")
	e.fake.AddUser(telegramtest.User{ID: mallory, FirstName: "dave_p"})
	e.fake.Start(mallory, "")
	e.say(group, mallory, "/wallet")
	e.fake.Wait(wait, "Mallory's wallet", func() bool { return len(e.fake.BotMessages(mallory)) > 0 })

	refused := func(step, cmd string) {
		t.Helper()
		before := len(e.fake.BotMessages(ana))
		e.say(group, ana, cmd)
		var got string
		e.fake.Wait(wait, "the answer to "+cmd, func() bool {
			msgs := e.fake.BotMessages(ana)
			if len(msgs) > before {
				got = msgs[len(msgs)-1].Text
				return true
			}
			return false
		})
		if !strings.Contains(got, "@dave_p") || strings.Contains(got, "banned from the bot") {
			t.Errorf("%s: %s answered %q, want a refusal naming @dave_p", step, cmd, got)
		}
		for _, u := range []int64{dave, mallory, eve} {
			if found, _ := e.store.FindPlayers(context.Background(), "telegram", strconv.FormatInt(u, 10)); len(found) == 1 && found[0].Banned != "" {
				t.Fatalf("%s: %s banned user %d", step, cmd, u)
			}
		}
	}
	refused("no one seen as @dave_p", "/ban @dave_p spam")

	e.rename(dave, "Dave", "dave_p", true)
	e.rename(dave, "Dave", "dave_new", true)
	e.rename(eve, "Eve", "dave_p", false)
	refused("Dave gave up @dave_p, Eve took it unseen", "/ban @dave_p spam")

	e.stop()
	e = start(t, fake, db, options{owners: []string{"telegram:101"}})
	refused("after a restart", "/ban @dave_p spam")

	e.rename(eve, "Eve", "dave_p", true)
	e.say(group, ana, "/ban @dave_p spam")
	e.waitText(ana, "banned from the bot")
	if !e.banned(eve) || e.banned(dave) || e.banned(mallory) {
		t.Errorf("/ban @dave_p once Eve wrote as dave_p: Eve %v, Dave %v, Mallory %v; want Eve only", e.banned(eve), e.banned(dave), e.banned(mallory))
	}
}

// "/ban @telegram:<id>" (a platform:userid with an "@" before it) is not
// a username: it is left for the room, which bans that user.
func TestBanByPlatformIDWithAnAtIsNoUsername(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{owners: []string{"telegram:101"}})
	addImpersonation(e)
	e.say(group, ana, "/ban @telegram:104 spam")
	e.waitText(ana, "banned from the bot")
	if !e.banned(dave) || e.banned(mallory) {
		t.Errorf("/ban @telegram:104: Dave banned %v, Mallory banned %v; want Dave only", e.banned(dave), e.banned(mallory))
	}
}
