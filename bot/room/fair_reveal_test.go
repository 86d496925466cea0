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

// /verify's verdict comes before the proofs of the cards shown: each card
// shown takes some 45 characters (its positions and salt), so six Omaha
// hands shown down (24 cards and a board or two) make an answer longer
// than a Discord message (2,000 characters), which the platform cuts at
// its end; the verdict must not be what is cut.
func TestVerifyTellsItsVerdictBeforeTheProofs(t *testing.T) {
	h := newHarness(t, 3)
	h.must("admin", "/newtable plo 1/2")
	for _, u := range []string{"ana", "ben", "cy", "dee", "eve", "fay"} {
		h.must(u, "/join 100")
	}
	for k := 0; k < 80 && h.toAct() != ""; k++ {
		who := h.toAct()
		if _, err := h.do(who, "/allin"); err != nil {
			h.checkOrCall(who, "")
		}
	}
	r := h.must("ana", "/verify #1 1").Text
	verdict, shown := strings.Index(r, "✓ matches"), strings.Index(r, "Shown (")
	if verdict < 0 || shown < 0 || verdict > shown || verdict > 1000 {
		t.Fatalf("/verify's verdict at %d, the proofs at %d (%d characters):\n%s", verdict, shown, len(r), r)
	}
}

// A player dealt in a hand may check it after its table closed (a cash
// table closed by an admin, every table of a tournament that ended: its
// final hands): /verify answered "no such table" once the table was gone.
// Someone not dealt in learns nothing of a closed table's hands.
func TestVerifyAHandOfAClosedTableYouPlayed(t *testing.T) {
	h := newHarness(t, 3)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.playToEnd(40)
	h.must("admin", "/closetable #1")
	h.playToEnd(40) // hand 2, dealt before the close, ends; the table closes
	if r := h.must("ana", "/verify #1 1"); !strings.Contains(r.Text, "✓ matches") || !strings.Contains(r.Text, "Hand 1 at #1") {
		t.Fatalf("/verify of a hand ana played at a closed table:\n%s", r.Text)
	}
	h.fails("cy", "/verify #1 1", "table.no_such")
	h.fails("ana", "/verify #1 99", "table.no_such")
}
