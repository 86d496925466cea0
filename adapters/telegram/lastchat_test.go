package telegram_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// A player who blocks the bot after a restart is still shown, in the group
// they play in, the button that starts the bot again: the group each user
// last wrote in is stored (telegram:lastchat:<id>, with the name the
// group knows them by), not kept in memory only, where a restart lost it
// and the notice never came (the player was left without cards and
// without a word).
func TestStartNoticeAfterARestartReachesTheGroupThePlayerLastWroteIn(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(cy, "")
	db := filepath.Join(t.TempDir(), "room.db")
	// Played at once: no turn reminder goes to Cy (it would be refused
	// first, and shown in the group by its own fallback).
	e := start(t, fake, db, options{})
	e.openTable(ana, cy)
	n := 1
	if who, _ := toAct(e.waitTable(n)); who != ana {
		e.playHand(n) // the next hand is Ana's to act first
		n++
	}
	e.waitText(cy, fmt.Sprintf("hand %d: your cards", n))
	e.stop()

	fake.Block(cy)
	e2 := start(t, fake, db, options{})
	m := e2.waitTable(n)
	if who, _ := toAct(m); who != ana {
		t.Fatalf("hand %d is not Ana's to act:\n%s", n, m.Text)
	}
	// Only Ana acts after the restart: Cy's next cards are refused.
	if _, ok := fake.Press(group, m.ID, ana, "Fold"); !ok {
		t.Fatalf("no Fold button: %+v", m.Keyboard)
	}
	if m := e2.waitText(group, "I cannot send you private messages yet"); !strings.HasPrefix(m.Text, "Cy: ") {
		t.Errorf("the notice does not name Cy as it did before the restart: %q", m.Text)
	}
}

// A player who blocked the bot and unblocks it from Telegram's settings
// (no /start sent) gets their cards privately again from the next hand:
// the bot heard of the unblocking (my_chat_member) but went on treating
// them as refusing, until they typed /start or the bot restarted.
func TestPlayerWhoUnblocksTheBotGetsCardsPrivatelyAgain(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(cy, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.openTable(ana, cy)
	e.waitText(cy, "hand 1: your cards")
	fake.Block(cy)
	e.playHand(1)
	e.waitText(group, "I cannot send you private messages yet")
	fake.Unblock(cy)
	// The unblocking is handled beside the hands: a hand or two may still
	// be dealt before it; by the fifth, the cards come privately.
	for n := 2; n <= 5; n++ {
		e.playHand(n)
		e.waitTable(n + 1)
		if fake.CountText(cy, fmt.Sprintf("hand %d: your cards", n+1)) > 0 {
			return
		}
	}
	e.waitText(cy, "hand 6: your cards")
}
