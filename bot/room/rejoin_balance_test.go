package room_test

import (
	"strings"
	"testing"
)

// R-CASH-5 with seed 003 #13 ("si un jugador se levanta de una mesa y
// posteriormente quiere sentarse en otra ... con el mismo resto ... y
// respetando que no se produzca la diferencia de +1"): a player who left a
// table of a game and stakes less than 15 minutes ago and sits at another
// of them is bound by the tables' balance as a table change is. Found by an
// outside review: a change refused as unbalanced was made at once by
// /leave then /join, leaving the tables three players apart. A table left
// with fewer than two players has no game to keep: its last players go
// where the game is (the rules are silent; a room would not hold them).
func TestLeavingAndJoiningAnotherTableKeepsTheTablesBalanced(t *testing.T) {
	h := newHarness(t, 10)
	h.must("admin", "/newtable nlhe 1/2 seats=6")
	h.must("admin", "/newtable nlhe 1/2 seats=6")
	for _, u := range []string{"ana", "ben", "cy"} {
		h.must(u, "/join #1 100")
	}
	for _, u := range []string{"dee", "eve", "fay", "gus"} {
		h.must(u, "/join #2 100")
	}
	h.fails("ana", "/join #2 100", "join.unbalanced") // three and four: two and five
	h.must("ana", "/leave #1")
	for range 10 { // ana's hand at #1 ends: she stands up
		if r := h.must("ana", "/tables"); strings.Contains(r.Text, "#1 NL Hold'em 1/2 · 2/6 seated") {
			break
		}
		for _, u := range []string{"ben", "cy"} {
			h.do(u, "/fold #1")
		}
	}
	if r := h.must("ana", "/tables"); !strings.Contains(r.Text, "#1 NL Hold'em 1/2 · 2/6 seated") {
		t.Fatalf("ana still seated at #1:\n%s", r.Text)
	}
	e := h.fails("ana", "/join #2", "join.unbalanced_left") // two and five
	if msg := e.Message("en"); !strings.Contains(msg, "#1") || !strings.Contains(msg, "#2") {
		t.Errorf("the refusal does not name the tables: %s", msg)
	}
	h.must("hal", "/join #1 100")
	h.must("ivy", "/join #1 100")
	if r := h.must("ana", "/join #2"); !strings.Contains(r.Text, "ana sits at") { // four and five
		t.Errorf("ana at #2: %q", r.Text)
	}
	h.checkBooks()
}

// R-CASH-3, R-CASH-5 (seed 003 #13: the player comes back "con el mismo
// resto"): a player who busted brings nothing back, so a new buy-in at
// another table of the game and stakes is not a table change and is not
// bound by the balance of the table they busted at, whether they left it
// first or join from the seat they busted in. The room refused it
// ("join.unbalanced_left", "join.unbalanced") as if the player carried
// chips.
func TestABustedPlayerBuysInAtAnotherTableOfTheStakes(t *testing.T) {
	for _, leaveFirst := range []bool{true, false} {
		t.Run(map[bool]string{true: "left first", false: "from the seat"}[leaveFirst], func(t *testing.T) {
			h := newHarness(t, 7)
			h.must("admin", "/newtable nlhe 1/2 seats=6 rake=off")
			h.must("admin", "/newtable nlhe 1/2 seats=6 rake=off")
			for _, u := range []string{"ana", "ben", "cy"} {
				h.must(u, "/join #1 100")
			}
			for _, u := range []string{"dee", "eve", "fay", "gus"} {
				h.must(u, "/join #2 100")
			}
			busted := h.bustAt1()
			if leaveFirst {
				h.must(busted, "/leave #1")
			}
			if r := h.must(busted, "/join #2 100"); !strings.Contains(r.Text, busted+" sits at") {
				t.Errorf("%s at #2: %q", busted, r.Text)
			}
			if r := h.must(busted, "/tables"); !strings.Contains(r.Text, "#1 NL Hold'em 1/2 · 2/6 seated") || !strings.Contains(r.Text, "#2 NL Hold'em 1/2 · 5/6 seated") {
				t.Errorf("after %s's buy-in at #2:\n%s", busted, r.Text)
			}
		})
	}
}

// bustAt1 plays table #1 (ana, ben and cy) until ana or ben busts: ana
// goes all in, ben calls, cy folds. It returns who busted.
func (h *harness) bustAt1() string {
	h.t.Helper()
	for range 200 {
		for _, u := range []string{"ana", "ben"} {
			if strings.Contains(strings.Join(h.private(u), "\n"), "below the big blind") {
				return u
			}
		}
		switch who := h.turnAt("#1"); who {
		case "":
			h.t.Fatalf("nobody to act at #1:\n%s", h.tableOf("#1"))
		case "ana":
			h.must(who, "/allin #1")
		case "ben":
			if _, err := h.do(who, "/call #1"); err != nil {
				h.must(who, "/check #1")
			}
		default:
			h.must(who, "/fold #1")
		}
	}
	h.t.Fatal("nobody busted at #1")
	return ""
}
