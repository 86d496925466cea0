package telegram_test

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// leaderboardLine is one player's line of /leaderboard.
var leaderboardLine = regexp.MustCompile(`(?m)^(\d+)\. (\S+): net [+-]?[\d,]+ · hands (\d+) · -?[\d.]+ bb/100$`)

// Statistics end to end through Telegram: Ana plays three hands with a
// practice opponent, Ben from the big blind on; /leaderboard in the group lists the two of
// them (never the practice opponent) with their hands; /stats answers
// privately; another's statistics only once they made them public.
func TestStatsAndLeaderboardThroughTelegram(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{maxHands: 3})
	e.say(group, ana, "/newtable nlhe 1/2")
	e.waitText(group, "Table #1 opened")
	e.say(group, ana, "/addbot 1")
	e.say(group, ana, "/join")
	e.say(group, ben, "/join")
	for n := 1; n <= 3; n++ {
		e.playHand(n)
	}

	e.say(group, ben, "/leaderboard all cash")
	board := e.waitText(group, "Leaderboard, cash tables, all time (net chips):")
	lines := leaderboardLine.FindAllStringSubmatch(board.Text, -1)
	if len(lines) != 2 {
		t.Fatalf("the leaderboard lists %d players, want Ana and Ben only:\n%s", len(lines), board.Text)
	}
	hands := map[string]string{}
	for _, l := range lines {
		hands[l[2]] = l[3]
	}
	if hands["Ana"] != "3" || hands["Ben"] == "" || hands["Ben"] == "0" {
		t.Errorf("the leaderboard's players and hands: %v\n%s", hands, board.Text)
	}

	// /stats in the group: the answer goes to Ben privately, never to the
	// group.
	e.say(group, ben, "/stats")
	mine := e.waitText(ben, "Statistics of Ben, cash tables, all time:")
	if !strings.Contains(mine.Text, "Hands "+hands["Ben"]+" · VPIP ") || !strings.Contains(mine.Text, "bb/100 · biggest pot") {
		t.Errorf("Ben's statistics:\n%s", mine.Text)
	}
	if fake.CountText(group, "Statistics of") != 0 {
		t.Error("statistics were posted in the group")
	}
	// Ben's statistics are private until he makes them public.
	e.say(group, ana, "/stats @ben")
	e.waitText(ana, "Ben keeps their statistics private")
	e.say(group, ben, "/stats public")
	e.waitText(ben, "Your statistics in this community are public now")
	e.say(group, ana, "/stats @ben week")
	e.waitText(ana, "Statistics of Ben, cash tables, this week:")
	if fake.CountText(group, "Statistics of") != 0 {
		t.Error("statistics were posted in the group")
	}
}
