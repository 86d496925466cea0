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
	dir, err := filepath.Abs(filepath.Join("..", "..", "..", "shared", "testdata", "phh"))
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

// TestCorpusReplaysEveryHand replays the shared corpus: every file parses,
// every NT, PO, FT and FO8 hand with finishing stacks matches, except the
// hands listed in knownEngineIssues (see /work/notes/phh-findings.md), which
// are logged; a mismatch outside that list fails.
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
		case r.Status == Skipped:
		case r.Status == Match:
		case knownEngineIssues[key] != "":
			t.Logf("known engine issue %s: %s", knownEngineIssues[key], r.Report())
		default:
			t.Errorf("%s", r.Report())
		}
	}
	if sum.Hands != sum.Match+sum.Mismatch+sum.Skipped+sum.AnteTrimming {
		t.Errorf("summary does not add up: %+v", sum)
	}
	if sum.HalfChip != 4 {
		t.Errorf("%d half-chip hands, the Pluribus data has 4", sum.HalfChip)
	}
	t.Log(sum.Apart())
	t.Log(sum.String())
}

// knownEngineIssues lists the corpus hands the engine on branch hand
// (9c8855b) does not replay, by finding of /work/notes/phh-findings.md: F1
// the big-blind ante counted in side pots, F2 odd chips, F3 a short all-in
// reopening the betting (PokerKit), F4 an FO8 low half (PokerKit). Hands
// that match once the engine is fixed are fine; the list only tolerates.
var knownEngineIssues = map[string]string{
	"corpus/NT/wsop-2023-e43-d5/68.phh": "F1", "corpus/PO/wsop-2023-e43-d5/31.phh": "F1",
	"generated/FO8.phhs 1135": "F4", "generated/FO8.phhs 1633": "F2", "generated/NT.phhs 3": "F1",
	"generated/NT.phhs 19": "F1", "generated/NT.phhs 57": "F1", "generated/NT.phhs 89": "F1",
	"generated/NT.phhs 95": "F1", "generated/NT.phhs 107": "F1", "generated/NT.phhs 143": "F2",
	"generated/NT.phhs 235": "F1", "generated/NT.phhs 249": "F1", "generated/NT.phhs 281": "F1",
	"generated/NT.phhs 323": "F1", "generated/NT.phhs 459": "F1", "generated/NT.phhs 475": "F2",
	"generated/NT.phhs 491": "F1", "generated/NT.phhs 501": "F1", "generated/NT.phhs 591": "F1",
	"generated/NT.phhs 605": "F1", "generated/NT.phhs 711": "F1", "generated/NT.phhs 731": "F1",
	"generated/NT.phhs 779": "F1", "generated/NT.phhs 813": "F1", "generated/NT.phhs 869": "F1",
	"generated/NT.phhs 955": "F3", "generated/NT.phhs 973": "F1", "generated/NT.phhs 981": "F1",
	"generated/NT.phhs 993": "F1", "generated/NT.phhs 1059": "F1", "generated/NT.phhs 1109": "F1",
	"generated/NT.phhs 1171": "F1", "generated/NT.phhs 1187": "F1", "generated/NT.phhs 1265": "F1",
	"generated/NT.phhs 1281": "F1", "generated/NT.phhs 1293": "F1", "generated/NT.phhs 1335": "F1",
	"generated/NT.phhs 1437": "F1", "generated/NT.phhs 1467": "F1", "generated/NT.phhs 1491": "F1",
	"generated/NT.phhs 1497": "F1", "generated/NT.phhs 1503": "F2", "generated/NT.phhs 1527": "F1",
	"generated/NT.phhs 1633": "F1", "generated/NT.phhs 1649": "F1", "generated/NT.phhs 1759": "F1",
	"generated/NT.phhs 1765": "F1", "generated/NT.phhs 1821": "F1", "generated/NT.phhs 1857": "F1",
	"generated/NT.phhs 1889": "F1", "generated/NT.phhs 1947": "F1", "generated/PO.phhs 27": "F1",
	"generated/PO.phhs 107": "F1", "generated/PO.phhs 125": "F1", "generated/PO.phhs 151": "F1",
	"generated/PO.phhs 163": "F1", "generated/PO.phhs 189": "F1", "generated/PO.phhs 259": "F3",
	"generated/PO.phhs 377": "F1", "generated/PO.phhs 393": "F1", "generated/PO.phhs 581": "F1",
	"generated/PO.phhs 595": "F1", "generated/PO.phhs 609": "F1", "generated/PO.phhs 645": "F1",
	"generated/PO.phhs 663": "F1", "generated/PO.phhs 673": "F1", "generated/PO.phhs 753": "F1",
	"generated/PO.phhs 807": "F1", "generated/PO.phhs 867": "F1", "generated/PO.phhs 961": "F1",
	"generated/PO.phhs 991": "F1", "generated/PO.phhs 993": "F1", "generated/PO.phhs 1013": "F1",
	"generated/PO.phhs 1045": "F1", "generated/PO.phhs 1077": "F1", "generated/PO.phhs 1125": "F1",
	"generated/PO.phhs 1233": "F1", "generated/PO.phhs 1235": "F1", "generated/PO.phhs 1251": "F1",
	"generated/PO.phhs 1287": "F1", "generated/PO.phhs 1325": "F1", "generated/PO.phhs 1375": "F1",
	"generated/PO.phhs 1385": "F1", "generated/PO.phhs 1571": "F1", "generated/PO.phhs 1599": "F1",
	"generated/PO.phhs 1665": "F1", "generated/PO.phhs 1717": "F1", "generated/PO.phhs 1731": "F1",
	"generated/PO.phhs 1751": "F1", "generated/PO.phhs 1829": "F1", "generated/PO.phhs 1855": "F1",
	"generated/PO.phhs 1899": "F1", "generated/PO.phhs 1915": "F1", "generated/PO.phhs 1943": "F2",
	"generated/PO.phhs 1977": "F1", "generated/PO.phhs 1979": "F1",
}
