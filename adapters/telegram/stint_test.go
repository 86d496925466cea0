package telegram_test

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A player seated anew at a table played earlier (here a cash player who
// left and came back; a tournament player moved back to a table alike)
// gets a new cards message for the new seat: the message of the earlier
// stint, far up the private chat, was edited instead, so the new cards
// arrived with no new message to see.
func TestNewSeatAtATablePlayedEarlierStartsANewCardsMessage(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.openTable(ana, ben)
	first := e.waitText(ana, "hand 1: your cards")
	e.say(group, ana, "/leave")
	e.waitText(group, "Ana")
	e.playHand(1)
	fake.Wait(wait, "Ana to leave the table", func() bool {
		m, ok := e.tableMessage(1)
		return ok && strings.Contains(m.Text, "Ben") && !strings.Contains(m.Text, "hand 2")
	})
	e.say(group, ana, "/join")
	second := e.waitText(ana, "hand 2: your cards")
	if second.ID == first.ID {
		t.Errorf("Ana's cards of her new seat edited the message of her earlier seat (%d):\n%s", first.ID, strings.Join(fake.Transcript(ana), "\n"))
	}
	// One stored record a player and table, whatever the seats taken
	// there: the seat is in the value, not in a key more a stint.
	fake.Wait(wait, "the new cards message stored", func() bool {
		v, err := e.store.MessageID(context.Background(), "telegram:cards:"+strconv.FormatInt(ana, 10)+":1")
		return err == nil && strings.HasPrefix(v, strconv.Itoa(second.ID)+" ")
	})
}
