package room_test

import (
	"strings"
	"testing"
)

// Seed 004 ("Aperturas": "la más usual es con pot o jack pot, que consiste
// en que cada jugador pone una cantidad para recibir las cinco cartas
// iniciales ... los jugadores sólo pueden abrir si tienen por lo menos una
// pareja de jotas"; "si todos los jugadores pasan, los envites que hay en
// la mesa quedan como bote para la jugada siguiente"): a draw table may
// play the seed's usual game, openers=jacks: no blinds, every player antes
// the small blind, bets from the big blind, the opening bet needs a pair
// of jacks or better, and a pot nobody opens is carried to the next hand.
// Found by an outside review: draw tables played only with blinds, so the
// big blind opened every pot, and the openers and the carried pot the
// engine knows could never happen at a table.
func TestDrawTableWithJacksOrBetterOpenersCarriesThePotNobodyOpens(t *testing.T) {
	h := newHarness(t, 10)
	r := h.must("admin", "/newtable draw 1/2 openers=jacks")
	if !strings.Contains(r.Text, "jacks or better") {
		t.Errorf("the table does not say its openers: %q", r.Text)
	}
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	if tb := h.table().Text; !strings.Contains(tb, "Pot: 2") {
		t.Fatalf("hand 1 does not start with two antes of 1:\n%s", tb)
	}
	h.must("cy", "/join 100") // no big blind to wait for: dealt the next hand
	h.playToEnd(20)           // everybody checks: nobody opens
	if g := strings.Join(h.group(), "\n"); !strings.Contains(g, "Nobody opened: 2 carried to the next hand") {
		t.Fatalf("the pot nobody opened is not carried:\n%s", g)
	}
	tb := h.table().Text
	if !strings.Contains(tb, "Pot: 5") || !strings.Contains(tb, "cy  99") {
		t.Fatalf("hand 2 does not start with the 2 carried and three antes:\n%s", tb)
	}
	h.checkBooks()
	h.fails("admin", "/newtable nlhe 1/2 openers=jacks", "newtable.draw_only")
	h.fails("admin", "/newpool draw 1/2 openers=jacks", "newpool.openers")
}
