package table

import "testing"

// A table's title says the game as players say it (issue 23): the
// betting, the game, the stakes (a fixed-limit table's bets, its blinds in
// brackets) and a draw deck's jokers and size.
func TestTitlesSayTheGameAsPlayersSayIt(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"nlhe", "1/2"}, "NL Hold'em 1/2"},
		{[]string{"plo", "5/10"}, "PL Omaha 5/10"},
		{[]string{"plo5", "1/2"}, "PL 5-Card Omaha 1/2"},
		{[]string{"flhe", "2/4"}, "Limit Hold'em 4/8 (blinds 2/4)"},
		{[]string{"o8", "1/2"}, "Limit Omaha Hi/Lo 2/4 (blinds 1/2)"},
		{[]string{"nlo8", "1/2"}, "NL Omaha Hi/Lo 1/2"},
		{[]string{"draw", "1/2"}, "PL Five-Card Draw 1/2"},
		{[]string{"draw", "1/2", "jokers=1", "deck=32", "seats=4"}, "PL Five-Card Draw 1/2 (1 joker, 32 cards)"},
		{[]string{"draw", "1/2", "jokers=2"}, "PL Five-Card Draw 1/2 (2 jokers)"},
	} {
		c, err := ParseTableConfig(tc.args)
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		if got := c.Title(); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.args, got, tc.want)
		}
	}
}
