package room_test

import (
	"strings"
	"testing"
	"time"
)

// R-TIME-2: with protect=on, a player whose time runs out facing a raise,
// with the small blind in the pot, is declared all in for it instead of
// folding: the table shows it, the declaration survives a restart (the
// hand is replayed from its events), the player keeps the rest of the
// stack and the books balance.
func TestAllInProtectionDeclaresTheTimedOutPlayerAllIn(t *testing.T) {
	h := newHarness(t, 41)
	h.must("admin", "/newtable nlhe 1/2 protect=on timer=30 bank=0 rake=off")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.must("cy", "/join 100 post")
	h.foldAround()
	button, sb, bb, dealt := h.positions()
	if len(dealt) != 3 {
		t.Fatalf("want three dealt in:\n%s", h.table().Text)
	}
	if h.toAct() != button {
		t.Fatalf("%s to act, want the button %s:\n%s", h.toAct(), button, h.table().Text)
	}
	h.must(button, "/raise 10")
	if h.toAct() != sb {
		t.Fatalf("%s to act, want the small blind %s", h.toAct(), sb)
	}
	h.sleep(31 * time.Second)
	if got := strings.Join(h.private(sb), "\n"); !strings.Contains(got, "Your time ran out: you are declared all in") {
		t.Fatalf("%s not told of the declared all-in: %q", sb, got)
	}
	if text := h.table().Text; !strings.Contains(text, sb+" is declared all in for 1 (all-in protection)") ||
		!strings.Contains(text, "all in (protected)") {
		t.Fatalf("the table does not show the declared all-in:\n%s", text)
	}
	if h.toAct() != bb {
		t.Fatalf("%s to act, want the big blind %s", h.toAct(), bb)
	}
	h.restart()
	if text := h.table().Text; !strings.Contains(text, "all in (protected)") || h.toAct() != bb {
		t.Fatalf("after a restart the declared all-in is gone or %s is not to act:\n%s", bb, text)
	}
	h.must(bb, "/call")
	h.playToEnd(20)
	if !strings.Contains(h.table().Text, sb+"  ") {
		t.Fatalf("%s no longer sits:\n%s", sb, h.table().Text)
	}
	h.checkBooks()
	// The hand's exports say what happened: PokerStars' timeout line, and
	// a comment in PHH, which has no verb for it.
	h.must(sb, "/export 1")
	h.must(sb, "/export 1 phh")
	files := h.files()[sb]
	if len(files) != 2 || !strings.Contains(string(files[0].Data), sb+" has timed out and is declared all-in for 1") {
		t.Fatalf("exports %d, the PokerStars file:\n%s", len(files), files[0].Data)
	}
	if !strings.Contains(string(files[1].Data), "declared all-in for 1 (all-in protection)") {
		t.Errorf("the PHH file:\n%s", files[1].Data)
	}
}

// R-TIME-2: without protect=on (the default), the same timeout folds.
func TestAllInProtectionIsOffByDefault(t *testing.T) {
	h := newHarness(t, 41)
	h.must("admin", "/newtable nlhe 1/2 timer=30 bank=0 rake=off")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.must("cy", "/join 100 post")
	h.foldAround()
	button, sb, _, _ := h.positions()
	h.must(button, "/raise 10")
	h.sleep(31 * time.Second)
	if got := strings.Join(h.private(sb), "\n"); !strings.Contains(got, "Your time ran out: you fold") {
		t.Fatalf("%s did not fold: %q", sb, got)
	}
}

// R-CASH-4, R-TIME-2: /sitout on one's own turn acts at once (a check
// when free, else a fold), not when the timer runs out, and it is no
// timeout: not shown as one, not counted toward sitting out. Even with
// protect=on it folds: the player chose to go.
func TestSitOutOnOwnTurnActsAtOnce(t *testing.T) {
	h := newHarness(t, 41)
	h.must("admin", "/newtable nlhe 1/2 protect=on timer=30 bank=0 rake=off")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.must("cy", "/join 100 post")
	h.foldAround()
	button, sb, _, _ := h.positions()
	h.must(button, "/raise 10")
	hand := h.handNo()
	h.must(sb, "/sitout")
	if who := h.toAct(); who == sb && h.handNo() == hand {
		t.Fatalf("%s sat out on their turn and is still to act:\n%s", sb, h.table().Text)
	}
	if !strings.Contains(h.table().Text, sb+" folds") {
		t.Fatalf("%s's hand not folded at once:\n%s", sb, h.table().Text)
	}
	for _, g := range h.group() {
		if strings.Contains(g, "time ran out") || strings.Contains(g, "declared all in") {
			t.Fatalf("the sit-out is shown as a timeout:\n%s", g)
		}
	}
	if got := strings.Join(h.private(sb), "\n"); strings.Contains(got, "Your time ran out") {
		t.Fatalf("%s told of a timeout: %q", sb, got)
	}
}
