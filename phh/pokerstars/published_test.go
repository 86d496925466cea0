package pokerstars_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestParserReadsPublishedHands reads every published PokerStars hand of
// testdata/published (cash and tournament, Hold'em, Omaha, hi/lo, five-card
// draw, side pots, a board run twice) and checks that the reader understood them: the chips
// put in make the total pot, the collections and the rake make it too, and
// every raise is over the round's highest bet. The same reader then checks
// the writer's output.
func TestParserReadsPublishedHands(t *testing.T) {
	files, err := filepath.Glob("testdata/published/*.txt")
	if err != nil || len(files) < 10 {
		t.Fatalf("published hands: %v, %d files", err, len(files))
	}
	hands, showdowns, sidePots, hiLo, draws, twice := 0, 0, 0, 0, 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range splitHands(string(data)) {
			h, err := parseHand(text)
			if err != nil {
				t.Fatalf("%s: %v\n%s", f, err, text)
			}
			if err := h.consistent(); err != nil {
				t.Errorf("%s: %v", f, err)
			}
			hands++
			for _, a := range h.Actions {
				switch a.Verb {
				case "shows":
					showdowns++
				case "discards", "stands pat":
					draws++
				}
			}
			if len(h.Pots) > 0 {
				sidePots++
			}
			if h.RunTwice && len(h.Board2) == 5 && h.Collected[len(h.Collected)-1].Run == 1 {
				twice++
			}
			if strings.Contains(h.Game, "Hi/Lo") && len(h.Collected) > 1 {
				hiLo++
			}
		}
	}
	if hands < 60 || showdowns < 20 || sidePots < 4 || hiLo < 4 || draws < 20 || twice < 1 {
		t.Errorf("read %d hands, %d shown hands, %d with side pots, %d hi/lo splits, %d draws, %d boards run twice: fewer than the files hold",
			hands, showdowns, sidePots, hiLo, draws, twice)
	}
}

// The reader refuses what is not a PokerStars hand and what does not add up,
// so that the tests built on it can fail.
func TestParserRefusesBrokenHands(t *testing.T) {
	good := "PokerStars Hand #1:  Hold'em No Limit (1/2) - 2026/11/26 9:05:00 CET [2026/11/26 3:05:00 ET]\n" +
		"Table 'T' 9-max (Play Money) Seat #1 is the button\n" +
		"Seat 1: ann (100 in chips)\nSeat 2: bob (100 in chips)\n" +
		"ann: posts small blind 1\nbob: posts big blind 2\n*** HOLE CARDS ***\n" +
		"ann: raises 4 to 6\nbob: folds\nUncalled bet (4) returned to ann\n" +
		"ann collected 4 from pot\nann: doesn't show hand\n*** SUMMARY ***\nTotal pot 4 | Rake 0\n" +
		"Seat 1: ann (button) (small blind) collected (4)\nSeat 2: bob (big blind) folded before Flop\n"
	h, err := parseHand(good)
	if err != nil || h.consistent() != nil {
		t.Fatalf("the good hand: %v %v", err, h.consistent())
	}
	tests := []struct{ name, from, to string }{
		{"not a header", "PokerStars Hand #1:", "Stars Hand #1:"},
		{"a raise over the wrong bet", "raises 4 to 6", "raises 5 to 6"},
		{"the pot does not add up", "Total pot 4", "Total pot 5"},
		{"the summary's winnings", "collected (4)", "collected (3)"},
		{"no summary", "*** SUMMARY ***", "*** SUMMRY ***"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := parseHand(strings.Replace(good, tt.from, tt.to, 1))
			if err == nil {
				err = h.consistent()
			}
			if err == nil {
				t.Errorf("accepted")
			}
		})
	}
}
