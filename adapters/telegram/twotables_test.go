package telegram_test

import (
	"path/filepath"
	"strings"
	"testing"
)

// A player at two tables (in two groups) keeps each table's cards in
// their private chat: the cards message a table edits each hand is that
// table's own. One message served every table, so the second table's deal
// overwrote the first table's cards, which the player could then see only
// with the My cards popup.
func TestCardsMessagePerTableForAPlayerAtTwoTables(t *testing.T) {
	const other = int64(-100200399)
	fake := newFake(t)
	fake.AddGroup(other, "Poker afternoon", ana)
	fake.Start(ana, "")
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.say(group, ana, "/newtable nlhe 1/2")
	e.waitText(group, "Table #1 opened")
	e.say(group, ana, "/join")
	e.say(group, ben, "/join")
	e.waitText(ana, "Table #1, hand 1: your cards")
	e.say(other, ana, "/newtable nlhe 1/2")
	e.waitText(other, "Table #2 opened")
	e.say(other, ana, "/join")
	e.say(other, ben, "/join")
	e.waitText(ben, "Table #2, hand 1: your cards")
	e.waitText(ana, "Table #2, hand 1: your cards")
	shown := false
	for _, m := range fake.BotMessages(ana) { // each message as it shows now
		shown = shown || strings.Contains(m.Text, "Table #1, hand")
	}
	if !shown {
		t.Errorf("Ana's private chat no longer shows her cards at #1:\n%s", strings.Join(fake.Transcript(ana), "\n"))
	}
}
