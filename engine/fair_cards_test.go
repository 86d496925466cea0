package engine_test

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

// provableHand commits to a shuffled deck (salt and key from a seeded
// source) and plays a four-handed hand dealt from it mixed with seeds:
// the first to act folds preflop, the others check or call down, so that
// at the showdown (R-POT-2) some hands may be mucked.
func provableHand(t *testing.T, seed uint64, seeds []string) (engine.Provable, engine.Setup, *engine.Hand) {
	t.Helper()
	d, _ := engine.NewDeck(52, 0)
	src := engine.NewSeededReader(seed)
	if err := engine.Shuffle(d, src); err != nil {
		t.Fatal(err)
	}
	p, err := engine.NewProvable(d, src)
	if err != nil {
		t.Fatal(err)
	}
	seats := []engine.Seat{{Stack: 100}, {Stack: 100}, {Stack: 100}, {Stack: 100}}
	setup := engine.Setup{Rules: nlhe(1, 2), Seats: seats, Deck: p.Dealt(seeds)}
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	first := true
	for !h.Done() {
		l := h.Legal()
		a := engine.Action{Seat: l.Seat, Kind: engine.Check}
		switch {
		case first:
			a.Kind, first = engine.Fold, false
		case !l.CanCheck:
			a.Kind = engine.Call
		}
		if _, err := h.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	return p, setup, h
}

// The provable deck's commitment, recomputed here from the documented
// formulas alone (README "A deck anyone can verify"): each position's salt
// from the hand's secret key, each position's hash from its card and salt,
// the commitment from the hashes and the hand's salt.
func TestPerCardCommitmentIsTheDocumentedHashOfThePositions(t *testing.T) {
	p, _, _ := provableHand(t, 3, nil)
	hexOf := func(s string) string { b := sha256.Sum256([]byte(s)); return hex.EncodeToString(b[:]) }
	var leaves []string
	for i, c := range p.Deck {
		salt := hexOf("pokerroom-card-v2\n" + hex.EncodeToString(p.Key[:]) + "\n" + strconv.Itoa(i))[:32]
		if got := p.CardSalt(i); got != salt {
			t.Fatalf("position %d's salt %s, want %s", i, got, salt)
		}
		leaves = append(leaves, hexOf(c.String()+" "+salt))
	}
	want := hexOf(strings.Join(leaves, " ") + " " + hex.EncodeToString(p.Salt[:]))
	if got := p.Commitment(); got != want {
		t.Fatalf("commitment %s, want %s", got, want)
	}
	if strings.Join(p.Leaves(), " ") != strings.Join(leaves, " ") {
		t.Fatal("Leaves are not the positions' hashes")
	}
}

// The reveal proves the cards everyone saw (the board, the hands shown
// down) and no other: a hand folded or mucked, the burnt cards and the stub
// are not in it, and nothing in the revealed text names them. A verifier
// with the commitment, the leaves, the salt and the seeds accepts it.
func TestRevealHoldsOnlyTheCardsShown(t *testing.T) {
	for _, seeds := range [][]string{nil, {"ana: lucky", "ben: 42"}} {
		mucked := false
		for seed := uint64(1); seed <= 40; seed++ {
			p, setup, h := provableHand(t, seed, seeds)
			shown := engine.ShownCards(h.Events())
			rev := p.Reveal(seeds, setup.Deck, shown)
			if err := engine.VerifyReveal(p.Commitment(), p.Leaves(), hex.EncodeToString(p.Salt[:]), seeds, rev); err != nil {
				t.Fatalf("seed %d: the honest reveal: %v", seed, err)
			}
			var inReveal engine.CardSet
			words := map[string]bool{}
			for _, r := range rev {
				inReveal = inReveal.Add(r.Card)
				for _, w := range strings.Fields(r.String()) {
					words[w] = true
				}
				if setup.Deck[r.Dealt] != r.Card {
					t.Fatalf("seed %d: %s was not dealt from position %d", seed, r.Card, r.Dealt)
				}
			}
			var want engine.CardSet
			for _, c := range shown {
				want = want.Add(c)
			}
			if inReveal != want {
				t.Fatalf("seed %d: the reveal holds %v, the cards shown are %v", seed, inReveal, want)
			}
			for _, c := range setup.Deck {
				if !want.Has(c) && words[c.String()] {
					t.Fatalf("seed %d: %s, never shown, is in the reveal", seed, c)
				}
			}
			for _, e := range h.Events() {
				mucked = mucked || e.Kind == engine.EvMuck
			}
			if mucked {
				break // a hand with a muck at the showdown was checked
			}
		}
		if !mucked {
			t.Fatalf("seeds %q: no hand had a muck at the showdown", seeds)
		}
	}
}

// A forged reveal is refused: another card for a position, a card said to
// be dealt from elsewhere, a leaf or the salt changed.
func TestVerifyRevealRefusesAForgedReveal(t *testing.T) {
	seeds := []string{"cy: 7"}
	p, setup, h := provableHand(t, 5, seeds)
	rev := p.Reveal(seeds, setup.Deck, engine.ShownCards(h.Events()))
	salt := hex.EncodeToString(p.Salt[:])
	other := p.Deck[0]
	if other == rev[0].Card {
		other = p.Deck[1]
	}
	cases := []struct {
		name   string
		forge  func(leaves []string, rev []engine.RevealedCard) ([]string, []engine.RevealedCard, string)
		wanted error
	}{
		{"another card", func(l []string, r []engine.RevealedCard) ([]string, []engine.RevealedCard, string) {
			r[0].Card = other
			return l, r, salt
		}, engine.ErrRevealMismatch},
		{"dealt from elsewhere", func(l []string, r []engine.RevealedCard) ([]string, []engine.RevealedCard, string) {
			r[0].Dealt++
			return l, r, salt
		}, engine.ErrRevealMismatch},
		{"a leaf changed", func(l []string, r []engine.RevealedCard) ([]string, []engine.RevealedCard, string) {
			l[len(l)-1] = strings.Repeat("0", 64)
			return l, r, salt
		}, engine.ErrCommitmentMismatch},
		{"another salt", func(l []string, r []engine.RevealedCard) ([]string, []engine.RevealedCard, string) {
			return l, r, strings.Repeat("0", 32)
		}, engine.ErrCommitmentMismatch},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			l, r, s := tc.forge(p.Leaves(), append([]engine.RevealedCard(nil), rev...))
			if err := engine.VerifyReveal(p.Commitment(), l, s, seeds, r); !errors.Is(err, tc.wanted) {
				t.Fatalf("VerifyReveal = %v, want %v", err, tc.wanted)
			}
		})
	}
	for _, r := range rev {
		back, err := engine.ParseRevealedCard(r.String())
		if err != nil || back != r {
			t.Fatalf("%s reads back as %v, %v", r, back, err)
		}
	}
}

// The commitment a table computes at every hand is the hash of the
// documented preimage for any deck (a short deck, one with a joker, none
// at all), and computing it builds no leaf texts: it allocates its
// result only, nothing a card.
func TestPerCardCommitmentHashesThePreimageWithoutBuildingIt(t *testing.T) {
	full, _, _ := provableHand(t, 5, nil)
	for _, tc := range []struct {
		name string
		deck []engine.Card
	}{
		{"full deck", full.Deck},
		{"short deck", full.Deck[:36]},
		{"with the joker", append(slices.Clone(full.Deck[:20]), engine.Joker1)},
		{"no cards", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := full
			p.Deck = tc.deck
			sum := sha256.Sum256([]byte(p.Preimage()))
			if got, want := p.Commitment(), hex.EncodeToString(sum[:]); got != want {
				t.Fatalf("commitment %s, want the preimage's hash %s", got, want)
			}
		})
	}
	if n := testing.AllocsPerRun(20, func() { _ = full.Commitment() }); n > 1 {
		t.Fatalf("Commitment allocates %.0f times, want 1 (its text)", n)
	}
}
