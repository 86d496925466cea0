package phh

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

const goodHand = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n" +
	"starting_stacks = [100, 100, 100]\nactions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'd dh p3 7c2d', 'p3 f', 'p1 f']\n"

func handWith(finishing string) string { return goodHand + "finishing_stacks = " + finishing + "\n" }

func TestRunnerReportsFailingHandsAndASummary(t *testing.T) {
	fsys := fstest.MapFS{
		"a/match.phh":       {Data: []byte(handWith("[99, 101, 100]"))},
		"a/wrong.phh":       {Data: []byte(handWith("[99, 100, 101]"))},
		"a/b/stud.phh":      {Data: []byte("variant = 'F7S'\nantes = [1, 1]\nbring_in = 1\nsmall_bet = 2\nbig_bet = 4\nstarting_stacks = [10, 10]\nactions = []\n")},
		"a/b/refused.phh":   {Data: []byte(strings.Replace(handWith("[99, 101, 100]"), "'p3 f'", "'p2 f'", 1))},
		"a/b/broken.phh":    {Data: []byte("variant = 'NT\n")},
		"a/notes.txt":       {Data: []byte("not a hand")},
		"a/many.phhs":       {Data: []byte("[1]\n" + handWith("[99, 101, 100]") + "[2]\n" + handWith("[100, 100, 100]"))},
		"a/legal-only.phh":  {Data: []byte(goodHand)},
		"a/half-chips.phhs": {Data: []byte("[5]\n" + handWith("[99.5, 100.5, 100]"))},
	}
	var out bytes.Buffer
	sum, err := ReplayPaths(fsys, []string{"a"}, &out)
	if err != nil {
		t.Fatal(err)
	}
	want := Summary{Hands: 8, Match: 4, Mismatch: 3, Skipped: 1, Unreadable: 1, HalfChip: 1, LegalityOnly: 1}
	if sum != want {
		t.Errorf("summary = %+v, want %+v", sum, want)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	last := lines[len(lines)-1]
	if last != "replayed 8 hands: 4 match, 3 mismatch, 1 skipped (unsupported variant); 1 unreadable (not counted as hands)" {
		t.Errorf("summary line = %q", last)
	}
	for _, w := range []string{
		"mismatch a/wrong.phh: expected [99 100 101], actual [99 101 100]",
		`mismatch a/b/refused.phh: expected [99 101 100], actual [99 98 100]; refused actions[3] "p2 f" (line 6): engine: not your turn (p3 to act`,
		"error a/b/broken.phh:1: TOML:", // an unparseable file is an error, not a mismatch
		"mismatch a/many.phhs [2]: expected [100 100 100], actual [99 101 100]",
		"0 hands match only under PokerKit's rules (engine.PokerKitRules), 1 half-chip hands compared within one chip, 1 hands without finishing stacks replayed for legality only; 0 ante-trimming hands reported apart",
	} {
		if !strings.Contains(out.String(), w) {
			t.Errorf("report lacks %q:\n%s", w, out.String())
		}
	}
	if strings.Contains(out.String(), "stud") || strings.Contains(out.String(), "notes.txt") {
		t.Errorf("report names a skipped variant or a non-hand file:\n%s", out.String())
	}
}

func TestRunnerKeepsFileOrderBetweenBadAndReplayedHands(t *testing.T) {
	doc := "[1]\n" + handWith("[1, 2, 3]") + "[2]\n" + strings.Replace(goodHand, "'p3 f'", "'p3 xx'", 1) + "[3]\n" + handWith("[4, 5, 6]")
	var out bytes.Buffer
	r := &Runner{Out: &out}
	r.ReplayData("o.phhs", []byte(doc))
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "[1]") || !strings.Contains(lines[1], "hand [2]") || !strings.Contains(lines[2], "[3]") {
		t.Errorf("report not in file order:\n%s", out.String())
	}
}

func TestRunCommandExitStatus(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.phh", handWith("[99, 101, 100]"))
	bad := write("bad.phh", handWith("[1, 2, 3]"))
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	write("empty/notes.txt", "no hands here")
	broken := filepath.Join(t.TempDir(), "broken.phh")
	if err := os.WriteFile(broken, []byte("variant = 'NT\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		args []string
		code int
		out  string
	}{
		{"all match", []string{good}, 0, "replayed 1 hands: 1 match, 0 mismatch, 0 skipped (unsupported variant)\n"},
		{"a folder with a mismatch", []string{dir}, 1, "replayed 2 hands: 1 match, 1 mismatch, 0 skipped (unsupported variant)\n"},
		{"no path", nil, 2, ""},
		{"unknown flag", []string{"-v", good}, 2, ""},
		{"help", []string{"-h"}, 0, "usage: replay PATH... (.phh and .phhs files, or folders holding them)\n"},
		{"missing path", []string{good, filepath.Join(dir, "nope")}, 2, ""},
		{"no hand histories in the folder", []string{empty}, 2, ""},
		{"an unparseable file is an error", []string{good, broken}, 1, "replayed 1 hands: 1 match, 0 mismatch, 0 skipped (unsupported variant); 1 unreadable (not counted as hands)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := RunCommand(tt.args, &stdout, &stderr)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, stderr.String())
			}
			if !strings.HasSuffix(stdout.String(), tt.out) {
				t.Errorf("stdout = %q, want it to end with %q", stdout.String(), tt.out)
			}
			if tt.code == 2 && (stderr.Len() == 0 || stdout.Len() != 0) {
				t.Error("usage error without a message")
			}
		})
	}
	var stdout bytes.Buffer
	RunCommand([]string{bad}, &stdout, &bytes.Buffer{})
	if !strings.Contains(stdout.String(), "mismatch "+filepath.ToSlash(bad)+":") {
		t.Errorf("the failing line does not name the file: %q", stdout.String())
	}
}
