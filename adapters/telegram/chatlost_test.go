package telegram_test

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/adapters/telegram/telegramtest"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
)

// walletTotal is the sum of a user's wallets.
func (e *env) walletTotal(user int64) int64 {
	e.t.Helper()
	p, err := e.store.Player(context.Background(), "telegram", strconv.FormatInt(user, 10), "")
	if err != nil {
		e.t.Fatal(err)
	}
	accs, err := e.store.PlayerAccounts(context.Background(), p.ID)
	if err != nil {
		e.t.Fatal(err)
	}
	var sum int64
	for _, a := range accs {
		if a.Kind == bot.AccountPlayer {
			sum += a.Balance
		}
	}
	return sum
}

// A group that removes the bot sees nothing more of its tables: each
// closes after the hand in progress, its players cashed out to their
// wallets (no chip lost), instead of dealing hands nobody sees (every
// send refused with 403). The log says why.
func TestTablesOfAGroupThatRemovedTheBotCloseAfterTheHand(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	clock := bottest.NewClock(time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC))
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{clock: clock})
	e.openTable(ana, ben)
	e.waitText(ana, "hand 1: your cards")
	fake.RemoveBot(group, ana, "kicked")
	// Polled: the fake's Wait wakes at its own changes, and a log line is
	// none of them. The adapter logs why, then the room what it did.
	for deadline := time.Now().Add(wait); !strings.Contains(e.logs.String(), "chat lost: its tables close"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the room was not told:\n%s", e.logs)
		}
	}
	if !strings.Contains(e.logs.String(), "removed from the chat") {
		t.Errorf("the adapter does not log why:\n%s", e.logs)
	}
	// The hand in progress ends on its timers. (Not e.advance: sends
	// refused with 403 change nothing in the fake to wake its Wait.)
	clock.Walk(clock.Now().Add(5*time.Minute), e.settle)
	if ids := e.room.Tables(); len(ids) != 0 {
		t.Fatalf("tables still open after the bot was removed: %v\n%s", ids, e.logs)
	}
	// Both came with the welcome chips (10,000): a hand without a flop
	// takes no rake, so every chip is back in the two wallets.
	if got := e.walletTotal(ana) + e.walletTotal(ben); got != 2*10000 {
		t.Errorf("the wallets hold %d after the close, want %d", got, 2*10000)
	}
}

// A membership update about another member (a player kicked from the
// group) is not the bot's removal: the group's tables go on.
func TestAnotherMembersRemovalLeavesTheTablesOpen(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.openTable(ana, ben)
	e.waitText(ana, "hand 1: your cards")
	fake.MemberUpdate(group, ana, ben, "kicked")
	e.say(group, ana, "/tables")
	e.waitText(group, "#1")
	e.say(group, ana, "/wallet")
	e.waitText(ana, "Your wallet")
	if strings.Contains(e.logs.String(), "removed from the chat") || strings.Contains(e.logs.String(), "chat lost") {
		t.Fatalf("another member's removal was taken for the bot's:\n%s", e.logs)
	}
	if ids := e.room.Tables(); len(ids) != 1 {
		t.Fatalf("tables open after another member's removal: %v, want the one", ids)
	}
}

// A group that removed the bot while it was down, its my_chat_member
// update lost (Telegram keeps updates 24 hours), is found out by the first
// send refused with 403 "bot is not a member": its tables close after the
// hand as on the update, every chip back in the wallets, instead of
// dealing on for ever where nobody sees them.
func TestTablesOfAGroupFoundLostByA403CloseAfterTheHand(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	clock := bottest.NewClock(time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC))
	db := filepath.Join(t.TempDir(), "room.db")
	e := start(t, fake, db, options{clock: clock})
	e.openTable(ana, ben)
	e.waitText(ana, "hand 1: your cards")
	e.stop()
	fake.SetBotMember(group, "kicked") // no update: it was lost
	e = start(t, fake, db, options{clock: clock})
	defer e.stop()
	e.say(ana, ana, "/wallet") // wakes the fake's Wait; the table resends its message meanwhile
	for deadline := time.Now().Add(wait); !strings.Contains(e.logs.String(), "chat lost: its tables close"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the room was not told:\n%s", e.logs)
		}
	}
	clock.Walk(clock.Now().Add(5*time.Minute), e.settle)
	if ids := e.room.Tables(); len(ids) != 0 {
		t.Fatalf("tables still open after the bot was found removed: %v\n%s", ids, e.logs)
	}
	if got := e.walletTotal(ana) + e.walletTotal(ben); got != 2*10000 {
		t.Errorf("the wallets hold %d after the close, want %d", got, 2*10000)
	}
}

// A group that mutes the bot (an admin restricts it, or it was restricted
// while the bot was down and the first send is refused with 400 "not
// enough rights to send text messages") sees no table any more: the
// tables close after the hand in progress, every chip back in the
// wallets, as when the bot is removed, instead of dealing hands nobody
// sees while they hold the players' chips.
func TestTablesOfAGroupThatMutedTheBotCloseAfterTheHand(t *testing.T) {
	for _, tc := range []struct {
		name string
		mute func(fake *telegramtest.Server)
	}{
		{"muted by an admin (my_chat_member)", func(fake *telegramtest.Server) { fake.MuteBot(group, ana, true) }},
		{"found muted by a refused send", func(fake *telegramtest.Server) { fake.SetBotMember(group, "restricted") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := newFake(t)
			fake.Start(ana, "")
			fake.Start(ben, "")
			clock := bottest.NewClock(time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC))
			e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{clock: clock})
			defer e.stop()
			e.openTable(ana, ben)
			e.waitText(ana, "hand 1: your cards")
			tc.mute(fake)
			// The turn clock plays on; the next message the table sends is
			// refused (polled: a refusal changes nothing in the fake).
			for deadline := time.Now().Add(wait); !strings.Contains(e.logs.String(), "chat lost: its tables close"); time.Sleep(10 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("the room was not told:\n%s", e.logs)
				}
				clock.Walk(clock.Now().Add(10*time.Second), e.settle)
			}
			clock.Walk(clock.Now().Add(5*time.Minute), e.settle)
			if ids := e.room.Tables(); len(ids) != 0 {
				t.Fatalf("tables still open after the bot was muted: %v\n%s", ids, e.logs)
			}
			if got := e.walletTotal(ana) + e.walletTotal(ben); got != 2*10000 {
				t.Errorf("the wallets hold %d after the close, want %d", got, 2*10000)
			}
		})
	}
}

// A send refused as if the bot were muted while Telegram says it may send
// (Telegram has given such answers in error during its own outages) does
// not close the group's tables: the refusal is confirmed with the bot's
// membership first, and play goes on.
func TestARefusalTelegramDoesNotConfirmKeepsTheTables(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	clock := bottest.NewClock(time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC))
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{clock: clock})
	defer e.stop()
	e.openTable(ana, ben)
	e.waitText(ana, "hand 1: your cards")
	fake.GlitchSends(group, 1)
	for deadline := time.Now().Add(wait); !strings.Contains(e.logs.String(), "taken for a passing error"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the refusal was not met or not checked:\n%s", e.logs)
		}
		clock.Walk(clock.Now().Add(10*time.Second), e.settle)
	}
	clock.Walk(clock.Now().Add(time.Minute), e.settle)
	if strings.Contains(e.logs.String(), "chat lost") {
		t.Fatalf("the room was told the chat was lost:\n%s", e.logs)
	}
	if ids := e.room.Tables(); len(ids) != 1 {
		t.Fatalf("tables open after a refusal Telegram did not confirm: %v, want the one", ids)
	}
	for deadline := time.Now().Add(wait); ; time.Sleep(10 * time.Millisecond) {
		if _, ok := e.tableMessage(2); ok {
			break // the next hand is dealt and shown in the group
		}
		if time.Now().After(deadline) {
			t.Fatalf("no hand 2 shown in the group after the refusal:\n%s", e.logs)
		}
		clock.Walk(clock.Now().Add(10*time.Second), e.settle)
	}
}

// A running tournament whose group mutes the bot pauses, and each player
// in play is told privately why in words that fit a mute (not only a
// removal) and what brings play back.
func TestTournamentOfAGroupThatMutedTheBotPausesAndSaysWhy(t *testing.T) {
	fake := newFake(t)
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	defer e.stop()
	e.say(group, ana, "/tourney create Friday Freeroll start=sng players=4 seats=4 speed=hyper bots=on")
	e.waitText(group, "open for registration")
	e.say(group, ben, "/register")
	e.waitText(group, "Players: 1 in")
	e.say(group, ana, "/tourney start")
	e.waitText(ben, "you play at table")
	fake.MuteBot(group, ana, true)
	m := e.waitText(ben, "Friday Freeroll is paused")
	if !strings.Contains(m.Text, "muted") || !strings.Contains(m.Text, "/tourney resume") {
		t.Errorf("Ben was told %q: not that the bot was muted, or not how play resumes", m.Text)
	}
}

// A group whose permissions silenced the bot for a while (no
// my_chat_member update: a change of the chat's default permissions sends
// none) and then let it speak again is followed the next time too: once a
// send gets through, a later refusal is news again, so the tables opened
// since are not left dealing where nobody sees them.
func TestAGroupThatSilencesTheBotAgainIsFollowedAgain(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	clock := bottest.NewClock(time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC))
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{clock: clock})
	defer e.stop()
	silence := func(round int) {
		t.Helper()
		fake.SetBotMember(group, "restricted")
		for deadline := time.Now().Add(wait); strings.Count(e.logs.String(), "chat lost: its tables close") < round; time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("round %d: the room was not told:\n%s", round, e.logs)
			}
			clock.Walk(clock.Now().Add(10*time.Second), e.settle)
		}
		clock.Walk(clock.Now().Add(5*time.Minute), e.settle)
		if ids := e.room.Tables(); len(ids) != 0 {
			t.Fatalf("round %d: tables still open after the bot was silenced: %v", round, ids)
		}
	}
	e.openTable(ana, ben)
	e.waitText(ana, "hand 1: your cards")
	silence(1)
	fake.SetBotMember(group, "member") // allowed to send again
	e.say(group, ana, "/newtable nlhe 1/2")
	e.waitText(group, "Table #2 opened")
	e.say(group, ana, "/join")
	e.say(group, ben, "/join")
	e.waitText(group, "Ben sits at seat 2 of #2")
	silence(2)
}
