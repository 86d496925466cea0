package console

import "testing"

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
