package console

import (
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// The console's own user reads about themself in the second person
// (issue 23): "you call 2", not "you calls 2".
func TestTheConsolesUserReadsTheSecondPerson(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"you sits at seat 1 of #1 with 200.", "you sit at seat 1 of #1 with 200."},
		{"you is registered for Friday (1 player).", "you are registered for Friday (1 player)."},
		{"you's time ran out: you folds.", "your time ran out: you fold."},
		{"Last: you calls 2 · Alba raises to 6 · you folds", "Last: you call 2 · Alba raises to 6 · you fold"},
		{"you goes all in", "you go all in"},
		{"you passes", "you pass"},
		{"you wins 14 from the pot", "you win 14 from the pot"},
		{"you has 200 chips", "you have 200 chips"},
		{"Bruno calls 2", "Bruno calls 2"},
		{"It is Carla's turn, not yours.", "It is Carla's turn, not yours."},
		{"youth sits", "youth sits"},
	} {
		if got := secondPerson(tc.in); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.in, got, tc.want)
		}
	}
}

// The table message and the hand's summary, which the room sends (not
// answers), read of the console's user in the second person too: the
// newcomer's first hand showed "Last: … · you calls 1" and "you wins 4
// from the main pot", and leaving on one's turn "you fold and leaves #1".
func TestTheRoomsMessagesReadTheSecondPerson(t *testing.T) {
	for _, colour := range []bool{false, true} {
		var out strings.Builder
		s := NewSink(&out, false)
		s.Colour = colour
		for _, text := range []string{
			"Table #1 · NL Hold'em 1/2 · hand 1\nLast: Bruno folds · Carla folds · you calls 1",
			"Hand 1 at #1 (NL Hold'em 1/2)\nyou shows 5♦ A♥: Pair of aces\nyou wins 4 from the main pot",
			"you folds and leaves #1.",
		} {
			r := bot.TextRich(text)
			if err := s.Enqueue(bot.Outgoing{To: bot.Destination{Platform: Platform, Chat: Chat}, Body: bot.View{Kind: bot.ViewTable, Text: text, Rich: &r}}); err != nil {
				t.Fatal(err)
			}
		}
		got := out.String()
		for _, want := range []string{"you call 1", "you show ", "you win 4 from the main pot", "you fold and leave #1."} {
			if !strings.Contains(got, want) {
				t.Errorf("colour %v: no %q in\n%s", colour, want, got)
			}
		}
	}
}
