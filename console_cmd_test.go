package main

import (
	"context"
	"flag"
	"os"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// The scripted console session (R-TIME-1, R-TIME-2, R-CASH-3, R-CASH-4,
// R-SEAT-4): three players play ten hands, one lets the clock run out
// (reminder, time bank, fold), one leaves and comes back within 15 minutes
// with the same stack, one sits out and returns. The transcript is the same
// at every run (--seed) and is compared with the golden file.
func TestConsoleScriptGolden(t *testing.T) {
	const golden = "testdata/console/session.golden"
	r := runMain(t, context.Background(), nil, nil, "console", "--script", "testdata/console/session.txt", "--seed", "42")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if *update {
		if err := os.WriteFile(golden, []byte(r.stdout), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to write it)", err)
	}
	if r.stdout != string(want) {
		got, w := strings.Split(r.stdout, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(got), len(w)) {
			if got[i] != w[i] {
				t.Fatalf("transcript differs from %s at line %d:\n got %q\nwant %q", golden, i+1, got[i], w[i])
			}
		}
		t.Fatalf("transcript has %d lines, %s %d", len(got), golden, len(w))
	}
	for _, want := range []string{
		"Your turn: 10s left", "your time bank (1m0s) is running", "Your time ran out: you fold", // R-TIME-1, R-TIME-2
		"ben sits at seat 2 of #1 with 106", // R-CASH-3: the stack ben left with
		"cy sits out", "cy is back",         // R-CASH-4
		"waits for the big blind", // R-SEAT-4
		"Hand 10 at #1",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("the session lacks %q", want)
		}
	}
	checkNoLeak(t, r.stdout)
}

var (
	cardsRE     = regexp.MustCompile(`^\[(\w+)\] Table #1, hand (\d+): your cards (.+)$`)
	groupHandRE = regexp.MustCompile(`(?:· hand |^\[group\] Hand )(\d+)`)
)

// checkNoLeak scans every [group] line for every dealt hole card: one may
// appear only in a line where its owner's hand is shown, and only once the
// hand reached the showdown.
func checkNoLeak(t *testing.T, transcript string) {
	t.Helper()
	type dealt struct{ owner, card string }
	holes := map[string][]dealt{} // hand -> cards
	hand := ""
	lines := strings.Split(transcript, "\n")
	// The private lines first: they may come after the group's first
	// table message of the hand.
	for _, l := range lines {
		if m := cardsRE.FindStringSubmatch(l); m != nil {
			for _, c := range strings.Fields(m[3]) {
				holes[m[2]] = append(holes[m[2]], dealt{m[1], c})
			}
		}
	}
	if len(holes) < 10 {
		t.Fatalf("only %d hands with private cards in the transcript", len(holes))
	}
	checked := 0
	for n, l := range lines {
		if !strings.HasPrefix(l, "[group] ") {
			continue
		}
		if m := groupHandRE.FindStringSubmatch(l); m != nil {
			hand = m[1]
		}
		words := map[string]bool{}
		for _, w := range strings.Fields(l) {
			words[strings.Trim(w, ":,()")] = true
		}
		for _, d := range holes[hand] {
			checked++
			if !words[d.card] {
				continue
			}
			shown := strings.Contains(l, d.owner+" shows ") || regexp.MustCompile(`  `+d.owner+`  \d+  · .*shows `).MatchString(l)
			if !shown {
				t.Errorf("line %d: %s's hole card %s in the group before it was shown: %s", n+1, d.owner, d.card, l)
			}
		}
	}
	if checked == 0 {
		t.Fatal("no group line was checked")
	}
}
