package phh

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// corpusDir returns the shared PHH corpus (../shared/testdata/phh from the
// repository root), skipping the test when it is missing.
func corpusDir(t testing.TB) string {
	dir, err := filepath.Abs(filepath.Join("..", "..", "shared", "testdata", "phh"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("PHH corpus not found at %s", dir)
	}
	return dir
}

// corpusKey names a hand of the corpus by its path under the corpus folder
// and its [n] table: "generated/NT.phhs 107".
func corpusKey(dir string, r *Result) string {
	file := strings.TrimPrefix(filepath.ToSlash(r.Hand.File), filepath.ToSlash(dir)+"/")
	if r.Hand.Name != "" {
		return file + " " + r.Hand.Name
	}
	return file
}

// readCorpus replays the whole corpus and returns every result.
func readCorpus(t testing.TB) (string, []*Result, Summary) {
	dir := corpusDir(t)
	var results []*Result
	r := &Runner{OnResult: func(res *Result) { results = append(results, res) }}
	if err := r.ReplayFS(os.DirFS(dir), ".", dir); err != nil {
		t.Fatal(err)
	}
	return dir, results, r.Summary
}

// TestCorpusReplaysEveryHand replays the shared corpus: every file parses
// and every NT, PO, FT and FO8 hand with finishing stacks matches (under the
// room's rules, or PokerKit's where they differ); only the ante-trimming
// hands the README names may be counted apart, and the counts add up.
func TestCorpusReplaysEveryHand(t *testing.T) {
	dir, results, sum := readCorpus(t)
	if sum.Hands < 9000 {
		t.Errorf("replayed %d hands, the corpus holds about 9,000", sum.Hands)
	}
	for _, r := range results {
		if r.Hand == nil {
			t.Errorf("unreadable input: %v", r.Err)
			continue
		}
		key := corpusKey(dir, r)
		_, supported := Variants[r.Hand.Variant]
		switch {
		case r.Status == Skipped && supported:
			t.Errorf("%s: supported variant skipped: %s", key, r.Reason)
		case r.Status == Mismatch:
			t.Errorf("%s", r.Report())
		case r.Status == Apart:
			t.Logf("%s", r.Report())
		case r.PokerKitRules:
			t.Logf("matches under PokerKit's rules only: %s", key)
		}
	}
	if sum.Hands != sum.Match+sum.Mismatch+sum.Skipped+sum.AnteTrimming {
		t.Errorf("summary does not add up: %+v", sum)
	}
	if sum.HalfChip != 4 {
		t.Errorf("%d half-chip hands, the Pluribus data has 4", sum.HalfChip)
	}
	if sum.PokerKitRules > 10 {
		t.Errorf("too many hands counted apart or matched under PokerKit's rules: %+v", sum)
	}
	t.Log(sum.Apart())
	t.Log(sum.String())
}
