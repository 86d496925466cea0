package telegram_test

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A sit-and-go run entirely from a Telegram group, through the real
// tgbotapi client and the fake Bot API: the admin creates it, a player
// registers with the lobby's button, the admin fills it with practice
// opponents and starts it, and the group is told the story to the
// results, the lobby edited in place (R-TRN-1, R-TRN-7).
func TestTournamentInAGroup(t *testing.T) {
	fake := newFake(t)
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.say(group, ben, "/tourney create Nope start=sng")
	e.waitText(ben, "Only a chat admin") // a refusal is private
	e.say(group, ana, "/tourney create Friday Freeroll start=sng players=4 seats=4 speed=hyper bots=on")
	e.waitText(group, "Tournament T1 created")
	lobby := e.waitText(group, "open for registration")
	if _, ok := fake.Press(group, lobby.ID, ben, "✅ Register"); !ok {
		t.Fatalf("no Register button on the lobby: %+v", lobby.Keyboard)
	}
	e.waitText(group, "Players: 1 in")
	e.say(group, ana, "/tourney start")
	e.waitText(group, "Friday Freeroll starts: 4 players at 1 table")
	e.waitText(ben, "you play at table 1") // told privately where they sit
	e.say(group, ben, "/sitout")
	res := e.waitText(group, "Friday Freeroll is over. Results:")
	if !strings.Contains(res.Text, "Ben") || !strings.Contains(res.Text, "4. ") {
		t.Errorf("results: %q", res.Text)
	}
	lobbies := 0
	for _, m := range fake.BotMessages(group) {
		if strings.HasPrefix(m.Text, "🏆 T1 Friday Freeroll") {
			lobbies++
			if m.Edits == 0 {
				t.Errorf("the lobby was never edited in place")
			}
		}
	}
	if lobbies != 1 {
		t.Errorf("%d lobby messages, want one edited in place", lobbies)
	}
	scanForLeaks(t, fake)
}

// In a supergroup with topics each table of a multi-table tournament has
// a topic of its own; the final table plays in the group.
func TestTournamentTablesInForumTopics(t *testing.T) {
	fake := newFake(t)
	fake.SetForum(group)
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.say(group, ana, "/tourney create Topics start=sng players=8 seats=4 speed=hyper bots=on")
	e.waitText(group, "Tournament T1 created")
	e.say(group, ben, "/register")
	e.waitText(group, "Players: 1 in")
	e.say(group, ana, "/tourney start")
	e.waitText(group, "Topics starts: 8 players at 2 tables")
	e.waitText(ben, "you play at table") // seated: /sitout makes him away
	e.say(group, ben, "/sitout")
	e.waitText(group, "Ben is away")
	if !fake.Wait(90*time.Second, "the results", func() bool {
		for _, m := range fake.BotMessages(group) {
			if strings.Contains(m.Text, "Topics is over. Results:") {
				return true
			}
		}
		return false
	}) {
		t.Fatalf("no results; the group's last messages:\n%s", lastLines(e, 30))
	}
	topics := fake.Topics(group)
	if len(topics) != 2 || topics[0] != "Topics · table 1" || topics[1] != "Topics · table 2" {
		t.Fatalf("topics %q", topics)
	}
	in := map[int]int{}
	for _, m := range fake.BotMessages(group) {
		if strings.HasPrefix(m.Text, "Table #") {
			in[m.Thread]++
		}
	}
	if in[1] == 0 || in[2] == 0 || in[0] == 0 {
		t.Errorf("table messages by topic %v: want both topics and the group (the final table)", in)
	}
}
