package main

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
)

// goDuration is a duration as Go writes it ("25m0s", "1m30s", "45s",
// "250ms"), never as people say it. One digit and an s is a card (6s, the
// six of spades), not a duration.
var goDuration = regexp.MustCompile(`\b\d+h\d+m\d+s\b|\b\d+m\d+s\b|\b\d{2,}(\.\d+)?s\b|\b\d+ms\b`)

// letterCards are cards written in letters ("Jd 4s"), as players do not
// read them: the views write suit symbols ("J♦ 4♠"). Only the provable
// deck's reveal (deckReveal) is the committed text, in letters.
var (
	letterCards = regexp.MustCompile(`\b([2-9TJQKA][shdc] )+[2-9TJQKA][shdc]\b`)
	deckReveal  = regexp.MustCompile(`(^|\] |<i>|\*|"|\x1b\[2m)(Deck|Baraja): `)
)

// No text a user reads holds a raw catalogue key, a Go duration or cards in
// letters, and no tournament table a cash table's prompt (issue 23): every
// golden transcript and view is scanned, in both languages and every
// platform's form.
func TestGoldensHoldNoRawKeyNorGoDuration(t *testing.T) {
	files, _ := filepath.Glob("testdata/console/*.golden")
	views, _ := filepath.Glob("bot/table/testdata/views*.golden")
	forms, _ := filepath.Glob("bot/room/testdata/forms*.golden")
	files = append(append(append(files, views...), forms...), "bot/testdata/messages.golden")
	keys := make([]string, 0, len(bot.Catalogue))
	for k := range bot.Catalogue {
		if strings.Contains(k, ".") {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	if len(files) < 5 || len(keys) < 100 {
		t.Fatalf("%d goldens, %d keys: nothing to scan?", len(files), len(keys))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "[script] ") {
				continue // the script's own lines (sleep 95s), not the room's
			}
			if strings.HasPrefix(filepath.Base(f), "tourney-") && strings.Contains(line, "/join to sit down") {
				t.Errorf("%s:%d: a tournament's table shows a cash table's prompt: %s", f, i+1, line)
			}
			if m := goDuration.FindString(line); m != "" {
				t.Errorf("%s:%d: a Go duration %q: %s", f, i+1, m, line)
			}
			if m := letterCards.FindString(line); m != "" && !deckReveal.MatchString(line) {
				t.Errorf("%s:%d: cards in letters %q, not with suit symbols: %s", f, i+1, m, line)
			}
			for _, k := range keys {
				if strings.Contains(line, k+"[") || strings.Contains(line, " "+k+" ") || strings.HasSuffix(line, " "+k) {
					t.Errorf("%s:%d: the raw key %q: %s", f, i+1, k, line)
				}
			}
		}
	}
}

// The scan finds what it looks for.
func TestGoldenScanCatchesDurationsAndKeys(t *testing.T) {
	for _, s := range []string{"kept for 25m0s", "time bank (1m0s)", "10s left", "in 250ms"} {
		if goDuration.FindString(s) == "" {
			t.Errorf("%q not caught", s)
		}
	}
	for _, s := range []string{"kept for 25 min", "10 s left", "1 min 30 s", "NL Hold'em 1/2", "T1s", "Board: 6s Kc 3c", "shows Ts 9s"} {
		if m := goDuration.FindString(s); m != "" {
			t.Errorf("%q caught %q", s, m)
		}
	}
	for s, caught := range map[string]bool{"Board: 6s Kc 3c": true, "shows Ts 9s": true, "Board: 6♠ K♣": false, "As you like": false} {
		if got := letterCards.FindString(s) != ""; got != caught {
			t.Errorf("%q: cards in letters found %v, want %v", s, got, caught)
		}
	}
	if !deckReveal.MatchString("[group] Deck: As Kd") || deckReveal.MatchString("[group] Board: As Kd") {
		t.Error("the deck's reveal is not told from other lines")
	}
}
