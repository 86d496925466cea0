package main

import (
	"bytes"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot/table"
	"github.com/pokerroom/pokerroom/engine"
)

// fairRecipe returns the README's shell recipe for checking a deck
// commitment (between its markers, without the code fence) and the
// section it is in.
func fairRecipe(t *testing.T) (recipe, section string) {
	t.Helper()
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	_, section, ok := strings.Cut(readme, "### A deck anyone can verify\n")
	if !ok {
		t.Fatal(`README.md has no section "A deck anyone can verify"`)
	}
	section, _, _ = strings.Cut(section, "\n### ")
	_, rest, ok1 := strings.Cut(section, "<!-- fair-recipe:begin")
	block, _, ok2 := strings.Cut(rest, "<!-- fair-recipe:end -->")
	_, block, ok3 := strings.Cut(block, "```sh\n")
	block, _, ok4 := strings.Cut(block, "```")
	if !ok1 || !ok2 || !ok3 || !ok4 {
		t.Fatal("README.md's recipe is not between its markers in a sh code block")
	}
	if n := strings.Count(strings.TrimSpace(block), "\n") + 1; n != 3 {
		t.Fatalf("the recipe has %d lines, the issue asks for three:\n%s", n, block)
	}
	return block, section
}

// runRecipe runs the recipe with sh; it skips when sh or sha256sum is
// not on PATH.
func runRecipe(t *testing.T, recipe string) string {
	t.Helper()
	for _, tool := range []string{"sh", "sha256sum"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not on PATH: the README's recipe needs it", tool)
		}
	}
	var out, errb bytes.Buffer
	cmd := exec.Command("sh", "-c", recipe)
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("sh -c recipe: %v: %s", err, errb.String())
	}
	return strings.Fields(out.String() + " ")[0]
}

var (
	recipeLeavesRE = regexp.MustCompile(`(?m)^LEAVES='([^']*)'$`)
	recipeSaltRE   = regexp.MustCompile(`(?m)^SALT='([0-9a-f]*)'$`)
	sampleRE       = regexp.MustCompile(`(?m)^Deck commitment: ([0-9a-f]{64}) `)
	cardRecipeRE   = regexp.MustCompile(`(?m)^printf '%s %s' '(\S+)' '([0-9a-f]{32})' \| sha256sum$`)
)

// The README's three-line sha256sum recipe prints the commitment of its
// sample (a real hand of the console's golden session) from the positions'
// hashes and the salt, the commitment of any deck as engine.Provable makes
// it, and another hash when a position's hash or the salt is changed; its
// one-line card recipe prints the sample's first position hash from a card
// shown and its salt: what /verify checks, without the bot.
func TestReadmeFairRecipe(t *testing.T) {
	recipe, section := fairRecipe(t)
	leaves, salt, sample := recipeLeavesRE.FindStringSubmatch(recipe), recipeSaltRE.FindStringSubmatch(recipe), sampleRE.FindStringSubmatch(section)
	card := cardRecipeRE.FindStringSubmatch(section)
	if leaves == nil || salt == nil || sample == nil || card == nil {
		t.Fatalf("the recipe's LEAVES and SALT, the card recipe, or the sample's commitment, are missing:\n%s", section)
	}
	// The sample is what the room showed: its lines are in the golden.
	golden, err := os.ReadFile("testdata/console/session.golden")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{"Deck commitment: " + sample[1], "Salt: " + salt[1] + " · commitment " + sample[1]} {
		if !strings.Contains(string(golden), "[group] "+line) {
			t.Fatalf("the README's sample line %q is not in session.golden", line)
		}
	}
	// Its position hashes are those of hand 1's deck (the console's --seed 42).
	d, _ := engine.NewDeck(52, 0)
	src := engine.NewSeededReader(table.Mix(42, 1, 1))
	if err := engine.Shuffle(d, src); err != nil {
		t.Fatal(err)
	}
	if p, err := engine.NewProvable(d, src); err != nil || p.LeavesText() != leaves[1] || p.Commitment() != sample[1] {
		t.Fatalf("the sample's LEAVES are not hand 1's position hashes (%v)", err)
	}
	if got := runRecipe(t, recipe); got != sample[1] {
		t.Fatalf("the recipe prints %s, the sample's commitment is %s", got, sample[1])
	}
	if got := runRecipe(t, card[0]); got != strings.Fields(leaves[1])[0] {
		t.Fatalf("the card recipe prints %s, the sample's first position hash is %s", got, strings.Fields(leaves[1])[0])
	}
	// Any deck, salt and key: the recipe with them is the engine's commitment.
	d, _ = engine.NewDeck(52, 0)
	if err := engine.Shuffle(d, engine.NewSeededReader(11)); err != nil {
		t.Fatal(err)
	}
	p, err := engine.NewProvable(d, engine.NewSeededReader(12))
	if err != nil {
		t.Fatal(err)
	}
	with := func(leavesText, saltHex string) string {
		r := strings.Replace(recipe, leaves[0], "LEAVES='"+leavesText+"'", 1)
		return strings.Replace(r, salt[0], "SALT='"+saltHex+"'", 1)
	}
	if got := runRecipe(t, with(p.LeavesText(), p.SaltHex())); got != p.Commitment() {
		t.Fatalf("the recipe prints %s, engine.Provable commits to %s", got, p.Commitment())
	}
	// Tampered: two positions swapped, or another salt, hash to another value.
	ls := p.Leaves()
	ls[0], ls[1] = ls[1], ls[0]
	if got := runRecipe(t, with(strings.Join(ls, " "), p.SaltHex())); got == p.Commitment() {
		t.Fatal("a deck with two positions swapped hashes to the commitment")
	}
	if got := runRecipe(t, with(p.LeavesText(), strings.Repeat("0", 32))); got == p.Commitment() {
		t.Fatal("another salt hashes to the commitment")
	}
}
