package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"github.com/pokerroom/pokerroom/engine"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/phh"
)

// TestExportCommand: `pokerroom export` writes a community's hands, played
// by the room (a sit-and-go of practice opponents), as PokerStars text and
// as a PHH file that the replay command replays to the same stacks; its
// line on standard error counts them.
func TestExportCommand(t *testing.T) {
	env, _ := tempDB(t)
	ctx := context.Background()
	if r := runMain(t, ctx, env, nil, "sim", "--tourney", "6", "--rate", "0", "--baseline", "0", "--trials", "20", "--db", env["DATABASE_URL"]); r.code != exitOK {
		t.Fatalf("sim: exit %d\n%s", r.code, r.stderr)
	}
	dir := t.TempDir()
	ps, ph := filepath.Join(dir, "hands.txt"), filepath.Join(dir, "hands.phhs")
	r := runMain(t, ctx, env, nil, "export", "--community", "1", "--since", "2000-01-01", "--out", ps)
	if r.code != exitOK || !strings.Contains(r.stderr, "pokerroom export: community 1, pokerstars: written ") {
		t.Fatalf("export: exit %d\n%s", r.code, r.stderr)
	}
	text, err := os.ReadFile(ps)
	if err != nil {
		t.Fatal(err)
	}
	hands := strings.Count(string(text), "PokerStars Hand #")
	if hands < 3 || !strings.Contains(r.stderr, fmt.Sprintf("written %d hands", hands)) || !strings.Contains(string(text), ": Tournament #1, ") || strings.Contains(string(text), "Dealt to ") {
		t.Fatalf("%d hands in the file; stderr\n%s\n%s", hands, r.stderr, text)
	}
	r = runMain(t, ctx, env, nil, "export", "--community=1", "--format=phh", "--tz", "Europe/Madrid", "--out", ph)
	if r.code != exitOK || !strings.Contains(r.stderr, "community 1, phh: written ") {
		t.Fatalf("export phh: exit %d\n%s", r.code, r.stderr)
	}
	checkExportedCommitments(t, ph)
	var out, errs bytes.Buffer
	if code := phh.RunCommand([]string{ph}, &out, &errs); code != 0 || strings.Contains(out.String(), " 0 match") || !strings.Contains(out.String(), " 0 mismatch") {
		t.Fatalf("replay of the export: exit %d\n%s%s", code, out.String(), errs.String())
	}
	// --force replaces an earlier export.
	r = runMain(t, ctx, env, nil, "export", "--community", "1", "--since", "2999-01-01", "--force", "--out", ps)
	if b, _ := os.ReadFile(ps); r.code != exitOK || len(b) != 0 {
		t.Fatalf("export --force over %s: exit %d, %d bytes left\n%s", ps, r.code, len(b), r.stderr)
	}
	r = runMain(t, ctx, env, nil, "export", "--community", "sim:sim-1", "--since", "2999-01-01")
	if r.code != exitOK || r.stdout != "" || !strings.Contains(r.stderr, "written 0 hands") {
		t.Fatalf("nothing since 2999: exit %d %q\n%s", r.code, r.stdout, r.stderr)
	}
}

// TestExportCommandRefusesBadInput: every bad flag says what is wrong and
// exits 2; a database that cannot be read exits 1, without its password.
func TestExportCommandRefusesBadInput(t *testing.T) {
	env, _ := tempDB(t)
	ctx := context.Background()
	if r := runMain(t, ctx, env, nil, "migrate"); r.code != exitOK {
		t.Fatal(r.stderr)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "--community is required"},
		{[]string{"--community", "1", "--format", "xml"}, `unknown format "xml" (accepted: pokerstars, phh)`},
		{[]string{"--community", "1", "--since", "26/11/2026"}, `--since "26/11/2026" is not a date (accepted: YYYY-MM-DD`},
		{[]string{"--community", "1", "--tz", "Mars/Olympus"}, `--tz "Mars/Olympus" is not a time zone`},
		{[]string{"--community", "1", "--player", "-3"}, "--player -3 is not a player id"},
		{[]string{"--community", "telegram:-100999"}, "--community: no community telegram:-100999"},
		{[]string{"--community", "77"}, "--community: no community number 77"},
		{[]string{"--community", "the group"}, `community "the group": not a community`},
		{[]string{"--community", "1", "extra"}, `unexpected argument "extra"`},
		{[]string{"--community", "1", "--force"}, "--force replaces the --out file: give --out FILE"},
		{[]string{"--communty", "1"}, "flag provided but not defined: -communty"},
		{[]string{"--community", "1", "--log-level", "loud"}, "LOG_LEVEL"},
	} {
		r := runMain(t, ctx, env, nil, append([]string{"export"}, tc.args...)...)
		if r.code != exitUsage || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("export %q: exit %d, stderr %q; want %d and %q", tc.args, r.code, r.stderr, exitUsage, tc.want)
		}
	}
	bad := filepath.Join(t.TempDir(), "not.db")
	if err := os.WriteFile(bad, []byte("not a database at all, just text"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, db := range []string{bad, "postgres://u:hunter2@127.0.0.1:1/db"} {
		r := runMain(t, ctx, map[string]string{"DATABASE_URL": db}, nil, "export", "--community", "1")
		if r.code != exitFail || !strings.Contains(r.stderr, "pokerroom export: open the database: ") || strings.Contains(r.stderr, "hunter2") {
			t.Errorf("%s: exit %d, stderr %q", db, r.code, r.stderr)
		}
	}
	// An existing file is not overwritten without --force: exit 2, the
	// file untouched.
	kept := filepath.Join(t.TempDir(), "kept.txt")
	if err := os.WriteFile(kept, []byte("last month's hands\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if r := runMain(t, ctx, env, nil, "export", "--community", "1", "--out", kept); r.code != exitUsage || !strings.Contains(r.stderr, "--out "+kept+": the file exists (add --force to replace it)") {
		t.Errorf("--out on an existing file: exit %d %s", r.code, r.stderr)
	}
	if b, _ := os.ReadFile(kept); string(b) != "last month's hands\n" {
		t.Errorf("the existing file was changed: %q", b)
	}
	out := filepath.Join(t.TempDir(), "no", "such", "dir", "x.txt")
	if r := runMain(t, ctx, env, nil, "export", "--community", "1", "--out", out); r.code != exitUsage || !strings.Contains(r.stderr, "--out "+out+": no folder") {
		t.Errorf("--out in a missing folder: exit %d %s", r.code, r.stderr)
	}
}

// checkExportedCommitments: the operator's PHH export carries each hand's
// provable deck (issue 24: "the commitment and reveal are ... exported
// with it"): every position's hash and the salt hash to the commitment,
// each shown card's proof to its position's hash, and the deck and key
// written (the operator's export alone) give that commitment again.
func checkExportedCommitments(t *testing.T, file string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	field := func(sec, key string) string {
		m := regexp.MustCompile(`(?m)^` + key + ` = "([^"]*)"$`).FindStringSubmatch(sec)
		if m == nil {
			return ""
		}
		return m[1]
	}
	array := func(sec, key string) []string {
		m := regexp.MustCompile(`(?m)^` + key + ` = \[(.*)\]$`).FindStringSubmatch(sec)
		if m == nil {
			return nil
		}
		var out []string
		for _, q := range regexp.MustCompile(`"([^"]*)"`).FindAllStringSubmatch(m[1], -1) {
			out = append(out, q[1])
		}
		return out
	}
	checked, proofs := 0, 0
	for _, sec := range strings.Split(string(b), "\n[") {
		c, salt, deck, key := field(sec, "_deck_commitment"), field(sec, "_deck_salt"), field(sec, "_deck"), field(sec, "_deck_key")
		if c == "" {
			continue
		}
		leaves, seeds := array(sec, "_deck_leaves"), array(sec, "_deck_seeds")
		sum := sha256.Sum256([]byte(strings.Join(leaves, " ") + " " + salt))
		if hex.EncodeToString(sum[:]) != c || len(leaves) != 52 {
			t.Fatalf("an exported hand's position hashes and salt do not hash to its commitment %s:\n%s", c, sec)
		}
		var shown []engine.RevealedCard
		for _, s := range array(sec, "_deck_shown") {
			r, err := engine.ParseRevealedCard(s)
			if err != nil {
				t.Fatal(err)
			}
			shown = append(shown, r)
		}
		proofs += len(shown)
		if err := engine.VerifyReveal(c, leaves, salt, seeds, shown); err != nil {
			t.Fatalf("an exported hand's shown cards (%d) do not match its position hashes: %v\n%s", len(shown), err, sec)
		}
		if p, err := engine.ParseProvableCards(deck, salt, key); err != nil || p.Commitment() != c {
			t.Fatalf("an exported hand's deck and key do not give its commitment %s: %v\n%s", c, err, sec)
		}
		checked++
	}
	if checked == 0 || proofs == 0 {
		t.Fatalf("no hand of the export carries its commitment, or no card shown:\n%.2000s", b)
	}
}
