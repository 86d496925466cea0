package engine

import (
	"bytes"
	"errors"
	"io"
	"math"
	"slices"
	"strings"
	"testing"
)

// R-CARD-1, R-CARD-7: the full deck and the stripped decks of seed 004, with
// up to two jokers; other sizes are errors.
func TestNewDeck(t *testing.T) {
	tests := []struct {
		size, jokers int
		lowest       Rank
	}{
		{52, 0, Two}, {40, 0, Five}, {36, 1, Six}, {32, 2, Seven}, {52, 2, Two},
	}
	for _, tt := range tests {
		deck, err := NewDeck(tt.size, tt.jokers)
		if err != nil {
			t.Fatalf("NewDeck(%d, %d): %v", tt.size, tt.jokers, err)
		}
		if len(deck) != tt.size+tt.jokers {
			t.Errorf("NewDeck(%d, %d) has %d cards", tt.size, tt.jokers, len(deck))
		}
		if hasDup(deck) {
			t.Errorf("NewDeck(%d, %d) repeats a card", tt.size, tt.jokers)
		}
		jokers := 0
		for _, c := range deck {
			if c.IsJoker() {
				jokers++
			} else if c.Rank() < tt.lowest {
				t.Errorf("NewDeck(%d) holds %v, below %v", tt.size, c, tt.lowest)
			}
		}
		if jokers != tt.jokers {
			t.Errorf("NewDeck(%d, %d) has %d jokers", tt.size, tt.jokers, jokers)
		}
		if got := (DrawRules{DeckSize: tt.size}).LowestRank(); got != tt.lowest {
			t.Errorf("DrawRules{DeckSize: %d}.LowestRank() = %v, want %v", tt.size, got, tt.lowest)
		}
	}
	for _, bad := range [][2]int{{48, 0}, {53, 0}, {0, 0}, {52, 3}, {52, -1}} {
		if _, err := NewDeck(bad[0], bad[1]); err == nil {
			t.Errorf("NewDeck(%d, %d) should fail", bad[0], bad[1])
		}
	}
}

// R-CARD-1: a shuffle is a permutation, the same seed gives the same deck,
// and different seeds give different decks.
func TestShuffleIsADeterministicPermutationForASeed(t *testing.T) {
	a, err := ShuffledDeck(NewSeededReader(42))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := ShuffledDeck(NewSeededReader(42))
	c, _ := ShuffledDeck(NewSeededReader(43))
	if !slices.Equal(a, b) {
		t.Error("same seed, different decks")
	}
	if slices.Equal(a, c) {
		t.Error("different seeds, same deck")
	}
	sorted := slices.Clone(a)
	slices.Sort(sorted)
	fresh, _ := NewDeck(52, 0)
	if !slices.Equal(sorted, fresh) {
		t.Error("shuffled deck is not a permutation of the deck")
	}
}

// R-CARD-1: bytes in the incomplete last block are rejected, not folded by
// a modulo, and the shuffle reads no byte it does not use.
func TestShuffleRejectsBiasedBytesAndReadsOnlyWhatItUses(t *testing.T) {
	// Three cards: the first draw is from 3 values, accepted below 255; the
	// second from 2 values.
	cards := []Card{0, 1, 2}
	r := bytes.NewReader([]byte{255, 4, 7, 99})
	if err := Shuffle(cards, r); err != nil {
		t.Fatal(err)
	}
	// 255 rejected; 4%3 = 1 swaps positions 2 and 1: [0 2 1]; 7%2 = 1 swaps
	// position 1 with itself.
	if want := []Card{0, 2, 1}; !slices.Equal(cards, want) {
		t.Errorf("got %v, want %v", cards, want)
	}
	if r.Len() != 1 {
		t.Errorf("%d bytes left, want 1: the shuffle read past what it used", r.Len())
	}
}

type failingReader struct{ left int }

func (f *failingReader) Read(p []byte) (int, error) {
	if f.left == 0 {
		return 0, errors.New("entropy source failed")
	}
	n := min(len(p), f.left)
	for i := range p[:n] {
		p[i] = byte(i * 7)
	}
	f.left -= n
	return n, nil
}

// R-CARD-1: a failing random source is reported, and the cards are still a
// permutation of the input.
func TestShuffleReportsAReaderError(t *testing.T) {
	deck, _ := NewDeck(52, 0)
	err := Shuffle(deck, &failingReader{left: 10})
	if err == nil || !strings.Contains(err.Error(), "shuffle") {
		t.Fatalf("Shuffle with a failing reader: err = %v", err)
	}
	if err := Shuffle(deck, bytes.NewReader(nil)); !errors.Is(err, io.EOF) {
		t.Errorf("Shuffle with an empty reader: err = %v, want one wrapping io.EOF", err)
	}
	sorted := slices.Clone(deck)
	slices.Sort(sorted)
	fresh, _ := NewDeck(52, 0)
	if !slices.Equal(sorted, fresh) {
		t.Error("after an error the cards are not a permutation of the deck")
	}
	if _, err := ShuffledDeck(&failingReader{}); err == nil {
		t.Error("ShuffledDeck with a failing reader should fail")
	}
}

// chiSquareQ returns the upper tail probability of the chi-square
// distribution with k degrees of freedom at x: Q(k/2, x/2), the regularized
// upper incomplete gamma function, by its series or continued fraction.
func chiSquareQ(k float64, x float64) float64 {
	a, z := k/2, x/2
	if z <= 0 {
		return 1
	}
	lg, _ := math.Lgamma(a)
	front := math.Exp(-z + a*math.Log(z) - lg)
	if z < a+1 {
		// Series for P(a, z).
		sum, term := 1/a, 1/a
		for n := 1; n < 100000; n++ {
			term *= z / (a + float64(n))
			sum += term
			if term < sum*1e-16 {
				break
			}
		}
		return 1 - front*sum
	}
	// Lentz's continued fraction for Q(a, z).
	const tiny = 1e-300
	b := z + 1 - a
	c, d := 1/tiny, 1/b
	h := d
	for i := 1; i < 100000; i++ {
		an := -float64(i) * (float64(i) - a)
		b += 2
		d = an*d + b
		if math.Abs(d) < tiny {
			d = tiny
		}
		c = b + an/c
		if math.Abs(c) < tiny {
			c = tiny
		}
		d = 1 / d
		del := d * c
		h *= del
		if math.Abs(del-1) < 1e-16 {
			break
		}
	}
	return front * h
}

func TestChiSquareQKnownValues(t *testing.T) {
	tests := []struct{ k, x, q float64 }{
		{1, 3.841458820694124, 0.05},
		{2, 9.21034037197618, 0.01},
		{51, 68.66929391228578, 0.05},
		{10, 29.58829844507442, 0.001},
	}
	for _, tt := range tests {
		if got := chiSquareQ(tt.k, tt.x); math.Abs(got-tt.q) > 1e-9 {
			t.Errorf("Q(k=%v, x=%v) = %v, want %v", tt.k, tt.x, got, tt.q)
		}
	}
}

// R-CARD-1: over 200,000 seeded shuffles every card lands in every position
// uniformly. Two chi-square tests, each failing a correct shuffle with
// probability below 5e-7 (so below 1e-6 together):
//
//   - per card: its 52 position counts are multinomial, chi-square with 51
//     degrees of freedom; each of the 52 cards is tested at 5e-7/52
//     (Bonferroni);
//   - the whole 52x52 table: each shuffle adds a random permutation matrix,
//     whose covariance is (1/(n-1)) P⊗P with P = I - J/n (n = 52), so the
//     Pearson statistic is n/(n-1) times a chi-square with (n-1)^2 degrees of
//     freedom (mean n(n-1) = 51*52); it is scaled back before the test.
func TestShuffleIsUniformChiSquare(t *testing.T) {
	worst, whole := shuffleChiSquare(t, Shuffle, 200_000)
	if worst < chiAlpha/52 || whole < chiAlpha {
		t.Errorf("Shuffle fails the uniformity test: smallest per-card p = %.3g (threshold %.3g), whole table p = %.3g (threshold %.3g)",
			worst, chiAlpha/52, whole, chiAlpha)
	}
	t.Logf("200000 shuffles: smallest per-card p = %.3g, whole table p = %.3g", worst, whole)
}

// The uniformity test has the power to see a modulo-biased shuffle.
func TestChiSquareCatchesAModuloBiasedShuffle(t *testing.T) {
	biased := func(cards []Card, r io.Reader) error {
		var b [1]byte
		for i := len(cards) - 1; i > 0; i-- {
			if _, err := io.ReadFull(r, b[:]); err != nil {
				return err
			}
			j := int(b[0]) % (i + 1) // modulo bias
			cards[i], cards[j] = cards[j], cards[i]
		}
		return nil
	}
	worst, whole := shuffleChiSquare(t, biased, 200_000)
	if worst >= chiAlpha/52 && whole >= chiAlpha {
		t.Errorf("a modulo-biased shuffle passed: smallest per-card p = %.3g, whole table p = %.3g", worst, whole)
	}
}

const chiAlpha = 5e-7

// shuffleChiSquare shuffles a 52-card deck the given number of times from a
// fixed seed and returns the smallest per-card p-value and the whole-table
// p-value.
func shuffleChiSquare(t *testing.T, shuffle func([]Card, io.Reader) error, shuffles int) (worst, whole float64) {
	t.Helper()
	const n = 52
	var counts [n][n]int // counts[card][position]
	r := NewSeededReader(20261121)
	deck := make([]Card, n)
	for s := 0; s < shuffles; s++ {
		for i := range deck {
			deck[i] = Card(i)
		}
		if err := shuffle(deck, r); err != nil {
			t.Fatal(err)
		}
		for pos, c := range deck {
			counts[c][pos]++
		}
	}
	expected := float64(shuffles) / n
	total := 0.0
	worst = 1.0
	for c := 0; c < n; c++ {
		x := 0.0
		for pos := 0; pos < n; pos++ {
			d := float64(counts[c][pos]) - expected
			x += d * d / expected
		}
		total += x
		worst = min(worst, chiSquareQ(n-1, x))
	}
	return worst, chiSquareQ((n-1)*(n-1), total*(n-1)/n)
}
