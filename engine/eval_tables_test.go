package engine

import (
	"math/bits"
	"testing"
	"time"
	"unsafe"
)

// forEachRankMultiset calls f with every multiset of n ranks (at most four of
// each), as counts.
func forEachRankMultiset(n int, f func(cnt *[NumRanks]int)) {
	var cnt [NumRanks]int
	var rec func(r, left int)
	rec = func(r, left int) {
		if r == NumRanks {
			if left == 0 {
				f(&cnt)
			}
			return
		}
		for c := 0; c <= 4 && c <= left; c++ {
			cnt[r] = c
			rec(r+1, left-c)
		}
		cnt[r] = 0
	}
	rec(0, n)
}

// cardsWithoutFlush deals the ranks of cnt with suits spread so that no suit
// has five cards.
func cardsWithoutFlush(cnt *[NumRanks]int) []Card {
	var out []Card
	var load [NumSuits]int
	for r := Rank(0); r < NumRanks; r++ {
		var used [NumSuits]bool
		for i := 0; i < cnt[r]; i++ {
			best := -1
			for s := 0; s < NumSuits; s++ {
				if !used[s] && (best < 0 || load[s] < load[best]) {
					best = s
				}
			}
			used[best] = true
			load[best]++
			out = append(out, NewCard(r, Suit(best)))
		}
	}
	return out
}

// R-CARD-2, R-CARD-3: every non-flush rank table entry the evaluator can reach
// (every multiset of five, six or seven ranks) equals the slow evaluator.
func TestRankTableMatchesSlowEvaluatorForEveryRankMultiset(t *testing.T) {
	for n := 5; n <= 7; n++ {
		count := 0
		forEachRankMultiset(n, func(cnt *[NumRanks]int) {
			count++
			cards := cardsWithoutFlush(cnt)
			if got, want := EvalHigh(cards), bestOfSlow(cards); got != want {
				t.Fatalf("%s: EvalHigh = %#x (%v), slow = %#x (%v)", FormatCards(cards), got, got, want, want)
			}
		})
		t.Logf("%d-card rank multisets: %d", n, count)
	}
}

// R-CARD-2: every flush table entry equals the slow evaluator on the suited
// cards of its mask.
func TestFlushTableMatchesSlowEvaluatorForEveryRankMask(t *testing.T) {
	for m := 0; m < flushSlots; m++ {
		var cards []Card
		for r := Rank(0); r < NumRanks; r++ {
			if m&(1<<r) != 0 {
				cards = append(cards, NewCard(r, Hearts))
			}
		}
		var want HandValue
		if len(cards) >= 5 {
			want = bestOfSlow(cards)
		}
		if got := tbl.flushValue[m]; got != want {
			t.Fatalf("flush mask %013b: table %v, slow %v", m, got, want)
		}
	}
}

// R-CARD-6: every entry of the Omaha low table equals the search over hole
// pairs.
func TestOmahaLowTableMatchesPairSearch(t *testing.T) {
	for b := 0; b < 256; b++ {
		for h := 0; h < 256; h++ {
			got := tbl.omahaLowTab[b<<8|h]
			if want := omahaLow8(uint8(h), uint8(b)); got != want {
				t.Fatalf("board %08b hole %08b: table %08b, search %08b", b, h, got, want)
			}
			if got != 0 && bits.OnesCount8(got) != 5 {
				t.Fatalf("board %08b hole %08b: low %08b has not five ranks", b, h, got)
			}
		}
	}
}

// R-CARD-4: every entry of the five-card table that Omaha reads equals the
// slow evaluator.
func TestFiveCardRankTableMatchesSlowEvaluator(t *testing.T) {
	n := 0
	forEachRankMultiset(5, func(cnt *[NumRanks]int) {
		cards := cardsWithoutFlush(cnt)
		var k uint32
		for _, c := range cards {
			k += uint32(tbl.cardKey[c])
		}
		if got, want := rank5Lookup(k), bestOfSlow(cards); got != want {
			t.Fatalf("%s: five-card table %v, slow %v", FormatCards(cards), got, want)
		}
		n++
	})
	if n != 6175 {
		t.Errorf("%d five-card rank multisets, want 6175", n)
	}
}

// Building the tables at start is cheap; this logs how long it takes (see
// also BenchmarkLoadTables) and the memory they hold. No timed assertion.
func TestLoadTablesLogsItsCost(t *testing.T) {
	var fresh evalTables
	start := time.Now()
	fresh.load(tablesBin)
	elapsed := time.Since(start)
	if fresh != tbl {
		t.Error("decoding the tables again gives different tables")
	}
	size := unsafe.Sizeof(fresh)
	t.Logf("tables loaded in %v; %d KiB of tables plus the %d KiB embedded file", elapsed, size/1024, len(tablesBin)/1024)
	if size+uintptr(len(tablesBin)) > 16<<20 {
		t.Errorf("tables take %d bytes, more than 16 MiB", size+uintptr(len(tablesBin)))
	}
}
