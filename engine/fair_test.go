package engine

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"testing"
)

func provableFixture(t *testing.T) Provable {
	t.Helper()
	deck, _ := NewDeck(52, 0)
	if err := Shuffle(deck, NewSeededReader(7)); err != nil {
		t.Fatal(err)
	}
	p, err := NewProvable(deck, bytes.NewReader(bytes.Repeat([]byte{0xab}, 2*SaltSize)))
	if err != nil {
		t.Fatal(err)
	}
	p.PerCard = false // a deck committed to its whole text, as hands dealt before fair_cards.go were
	return p
}

// The commitment is the SHA-256 of "<deck> <salt hex>", as the README's
// shell recipe computes it.
func TestCommitmentIsTheHashOfDeckAndSalt(t *testing.T) {
	p := provableFixture(t)
	text := FormatCards(p.Deck) + " " + strings.Repeat("ab", SaltSize)
	sum := sha256.Sum256([]byte(text))
	if got, want := p.Commitment(), hex.EncodeToString(sum[:]); got != want {
		t.Fatalf("commitment %s, want %s", got, want)
	}
	if p.Preimage() != text {
		t.Fatalf("preimage %q, want %q", p.Preimage(), text)
	}
	if len(strings.Fields(p.DeckText())) != 52 {
		t.Fatalf("deck text %q", p.DeckText())
	}
}

func TestVerifyRefusesATamperedDeckOrSalt(t *testing.T) {
	p := provableFixture(t)
	c := p.Commitment()
	if err := Verify(c, p.DeckText(), p.SaltHex(), nil, p.Dealt(nil)); err != nil {
		t.Fatalf("the honest reveal: %v", err)
	}
	swapped := append([]Card(nil), p.Deck...)
	swapped[0], swapped[1] = swapped[1], swapped[0]
	salt := []byte(p.SaltHex())
	salt[0] = '0'
	cases := []struct {
		name       string
		deck, salt string
		want       error
	}{
		{"two cards swapped", FormatCards(swapped), p.SaltHex(), ErrCommitmentMismatch},
		{"another salt", p.DeckText(), string(salt), ErrCommitmentMismatch},
		{"a card left out", FormatCards(p.Deck[1:]), p.SaltHex(), ErrCommitmentMismatch},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if err := Verify(c, tc.deck, tc.salt, nil, nil); !errors.Is(err, tc.want) {
				t.Fatalf("Verify = %v, want %v", err, tc.want)
			}
		})
	}
}

func TestVerifyRefusesCardsNotDealtFromTheMixedDeck(t *testing.T) {
	p := provableFixture(t)
	seeds := []string{"ana:lucky", "ben:42"}
	dealt := p.Dealt(seeds)
	if err := Verify(p.Commitment(), p.DeckText(), p.SaltHex(), seeds, dealt); err != nil {
		t.Fatalf("the honest deal: %v", err)
	}
	// The operator deals the committed deck, ignoring the seeds.
	if err := Verify(p.Commitment(), p.DeckText(), p.SaltHex(), seeds, p.Deck); !errors.Is(err, ErrDealtMismatch) {
		t.Fatalf("seeds ignored: %v", err)
	}
	// A seed dropped.
	if err := Verify(p.Commitment(), p.DeckText(), p.SaltHex(), seeds[:1], dealt); !errors.Is(err, ErrDealtMismatch) {
		t.Fatalf("a seed dropped: %v", err)
	}
	// Two dealt cards swapped.
	bad := append([]Card(nil), dealt...)
	bad[2], bad[3] = bad[3], bad[2]
	if err := Verify(p.Commitment(), p.DeckText(), p.SaltHex(), seeds, bad); !errors.Is(err, ErrDealtMismatch) {
		t.Fatalf("cards swapped: %v", err)
	}
}

func TestSeedsReshuffleTheCommittedDeck(t *testing.T) {
	p := provableFixture(t)
	if got := p.Dealt(nil); FormatCards(got) != p.DeckText() {
		t.Fatal("without seeds the committed deck is not dealt as it is")
	}
	a, b := p.Dealt([]string{"x", "y"}), p.Dealt([]string{"y", "x"})
	if FormatCards(a) == p.DeckText() || FormatCards(a) == FormatCards(b) {
		t.Fatal("the seeds, or their order, do not change the deal")
	}
	if FormatCards(a) != FormatCards(p.Dealt([]string{"x", "y"})) {
		t.Fatal("the same seeds dealt two decks")
	}
	var set CardSet
	for _, c := range a {
		set = set.Add(c)
	}
	if set.Len() != 52 {
		t.Fatalf("the mixed deck is not a permutation: %d distinct cards", set.Len())
	}
}

// MixStream is as documented: SHA-256 in counter mode, keyed by the hash of
// the tag, the salt and the seeds (an independent computation here).
func TestMixStreamIsTheDocumentedCounterMode(t *testing.T) {
	salt := bytes.Repeat([]byte{1}, SaltSize)
	key := sha256.Sum256([]byte("pokerroom-mix-v1\n" + hex.EncodeToString(salt) + "\nana\nben\n"))
	var want []byte
	for i := uint64(0); i < 3; i++ {
		var c [8]byte
		binary.BigEndian.PutUint64(c[:], i)
		b := sha256.Sum256(append(key[:], c[:]...))
		want = append(want, b[:]...)
	}
	got := make([]byte, len(want))
	r := MixStream(salt, []string{"ana", "ben"})
	// Read in uneven pieces: the stream does not depend on the reads.
	for n := 0; n < len(got); {
		k := min(7, len(got)-n)
		m, err := r.Read(got[n : n+k])
		if err != nil {
			t.Fatal(err)
		}
		n += m
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("stream\n%x\nwant\n%x", got, want)
	}
}

// Seed 004 (five-card draw, R-CARD-7's game): the seed that shuffles the
// discards before they are dealt again is the documented hash of the salt
// and the seeds, so checkable once they are revealed; another salt or
// another seed gives another.
func TestReshuffleSeedIsTheDocumentedHashOfSaltAndSeeds(t *testing.T) {
	p := provableFixture(t)
	sum := sha256.Sum256([]byte("pokerroom-reshuffle-v1\n" + strings.Repeat("ab", SaltSize) + "\nana\nben\n"))
	if got, want := p.ReshuffleSeed([]string{"ana", "ben"}), binary.BigEndian.Uint64(sum[:8]); got != want {
		t.Fatalf("reshuffle seed %x, want %x", got, want)
	}
	seen := map[uint64]string{}
	q := p
	q.Salt[0] ^= 1
	for name, v := range map[string]uint64{"no seeds": p.ReshuffleSeed(nil), "ana": p.ReshuffleSeed([]string{"ana"}),
		"ana ben": p.ReshuffleSeed([]string{"ana", "ben"}), "ben ana": p.ReshuffleSeed([]string{"ben", "ana"}), "other salt": q.ReshuffleSeed(nil)} {
		if v == 0 {
			t.Errorf("%s: seed 0 deals the discards in the order thrown", name)
		}
		if o, ok := seen[v]; ok {
			t.Errorf("%s and %s give the same seed", name, o)
		}
		seen[v] = name
	}
}

// R-CARD-1: the mixed deal stays uniform: over many seeds, the first card
// dealt is each of the 52 about equally often (chi-square, 51 degrees of
// freedom, 0.1% critical value 87.97).
func TestMixedDealIsUniform(t *testing.T) {
	p := provableFixture(t)
	const n = 52 * 200
	var counts [52]int
	for i := range n {
		counts[p.Dealt([]string{fmt.Sprint(i)})[0]]++
	}
	chi := 0.0
	exp := float64(n) / 52
	for _, c := range counts {
		d := float64(c) - exp
		chi += d * d / exp
	}
	if chi > 87.97 {
		t.Fatalf("chi-square %.1f over 51 degrees of freedom", chi)
	}
}

func TestParseProvableRefusesAMalformedReveal(t *testing.T) {
	p := provableFixture(t)
	cases := []struct{ name, deck, salt, want string }{
		{"short salt", p.DeckText(), "abcd", "salt must be 16 bytes"},
		{"salt not hex", p.DeckText(), strings.Repeat("zz", SaltSize), "salt must be 16 bytes"},
		{"a card twice", "As As Kd", p.SaltHex(), "As twice"},
		{"not a card", "As Xx Kd", p.SaltHex(), "the deck"},
		{"three jokers", "Jk Jk Jk As", p.SaltHex(), "more than two jokers"},
		{"one card", "As", p.SaltHex(), "fewer than two cards"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseProvable(tc.deck, tc.salt)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want one saying %q", err, tc.want)
			}
		})
	}
	// Two jokers read as the two jokers of a draw deck (R-CARD-7).
	q, err := ParseProvable("Jk As Jk", p.SaltHex())
	if err != nil || q.Deck[0] != Joker1 || q.Deck[2] != Joker2 {
		t.Fatalf("two jokers: %v, %v", q.Deck, err)
	}
}

func TestNewProvableFailsWithoutRandomness(t *testing.T) {
	if _, err := NewProvable(nil, bytes.NewReader(nil)); err == nil {
		t.Fatal("a salt from an empty source")
	}
}
