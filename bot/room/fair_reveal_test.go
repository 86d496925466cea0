package room_test

import (
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

// The reveal after a hand proves the deck was fixed before it without
// showing a card nobody saw: a hand folded, the stub (README "A deck
// anyone can verify"). Three players: the first to act folds, the others
// check or call down; no card of the folded hand nor of the stub is in the
// summary or in /verify's answer, which still matches.
func TestRevealShowsNoCardNobodySaw(t *testing.T) {
	h := newHarness(t, 3)
	h.must("admin", "/newtable nlhe 1/2")
	for _, u := range []string{"ana", "ben", "cy"} {
		h.must(u, "/join 100")
	}
	h.must(h.toAct(), "/fold")
	for k := 0; k < 40 && h.toAct() != ""; k++ {
		h.checkOrCall(h.toAct(), "")
	}
	sum, _ := summaryOf(h, "1")
	verify := h.must("ana", "/verify #1 1").Text
	if !strings.Contains(verify, "✓ matches") {
		t.Fatalf("/verify of an honest hand:\n%s", verify)
	}
	rec, _ := storedHand(h, 1)
	var shown engine.CardSet
	for _, c := range engine.ShownCards(rec.Events) {
		shown = shown.Add(c)
	}
	words := map[string]bool{}
	for _, w := range strings.Fields(sum + "\n" + verify) {
		words[w] = true
	}
	for _, c := range rec.Setup.Deck {
		if !shown.Has(c) && words[c.String()] {
			t.Fatalf("%s was never shown, the reveal holds it:\n%s\n%s", c, sum, verify)
		}
	}
}
