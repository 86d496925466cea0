package engine_test

import (
	"fmt"

	"github.com/pokerroom/pokerroom/engine"
)

func ExampleEvalHigh() {
	board := engine.MustParseCards("Kd 4c 4s 9h 2c")
	alice := engine.EvalHigh(append(engine.MustParseCards("Ks Kh"), board...))
	bob := engine.EvalHigh(append(engine.MustParseCards("Ah 4d"), board...))
	fmt.Println(alice.Describe("en"), "|", alice.Describe("es"))
	fmt.Println(bob.Describe("en"), "|", bob.Describe("es"))
	fmt.Println(alice > bob)
	// Output:
	// Full house, kings full of fours | Full de reyes con cuatros
	// Three of a kind, fours (A-K) | Trío de cuatros (A-K)
	// true
}

func ExampleEvalOmahaHiLo() {
	hole := engine.MustParseCards("Ac 2d Kh Ks")
	board := engine.MustParseCards("Kc 3d 4h 8s 9c")
	hi, lo, ok := engine.EvalOmahaHiLo(hole, board)
	fmt.Println(hi, "/", lo, ok)
	// Output: Three of a kind, kings (9-8) / 8-4-3-2-A low true
}

func ExampleEvalDraw() {
	rules := engine.DrawRules{Jokers: 1, DeckSize: 32}
	fmt.Println(engine.EvalDraw(engine.MustParseCards("As 7d 8h 9c Tc"), rules))
	fmt.Println(engine.EvalDraw(engine.MustParseCards("Qs Qd Qh Qc Jk"), rules))
	// Output:
	// Straight, ten high
	// Five of a kind, queens (with a joker)
}

func ExampleShuffledDeck() {
	// Tests and replays use a seeded reader; the room uses crypto/rand.Reader.
	deck, err := engine.ShuffledDeck(engine.NewSeededReader(7))
	if err != nil {
		panic(err)
	}
	fmt.Println(len(deck))
	// Output: 52
}
