package room_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// The cash table's rules as played through the room (issue 21): the
// button and the blinds (the engine's NextCashHand, asked by the table),
// posting to enter, the clock, leaving on one's turn, a player at two
// tables.

var seatLineRE = regexp.MustCompile(`(?m)^[▶ ] (\d+)  (\S+)  \d+(.*)$`)

// positions reads the button of the hand the table message shows, and
// so the small and the big blind: the next players dealt in clockwise
// (heads-up the button is the small blind); dealt is every player dealt
// in, clockwise from seat 1.
func (h *harness) positions() (button, sb, bb string, dealt []string) {
	d := -1
	for _, m := range seatLineRE.FindAllStringSubmatch(h.table().Text, -1) {
		name, marks := m[2], m[3]
		if name == "—" || strings.Contains(marks, "sitting out") || strings.Contains(marks, "waits") {
			continue
		}
		if strings.Contains(marks, "dealer") {
			d = len(dealt)
		}
		dealt = append(dealt, name)
	}
	if d < 0 || len(dealt) < 2 {
		return "", "", "", dealt
	}
	at := func(k int) string { return dealt[(d+k)%len(dealt)] }
	if len(dealt) == 2 {
		return at(0), at(0), at(1), dealt
	}
	return at(0), at(1), at(2), dealt
}

// foldAround has everyone to act fold until the hand ends.
func (h *harness) foldAround() {
	h.t.Helper()
	hand := h.handNo()
	for range 20 {
		if h.handNo() != hand || h.toAct() == "" {
			return
		}
		h.must(h.toAct(), "/fold")
	}
	h.t.Fatalf("hand %s did not end", hand)
}

// R-SEAT-2 (003 #8), the reproduction: cy sits out, and the big
// blind still moves from hand 5's big blind to the next player dealt in,
// and on around the table one player a hand (the small blind the last big
// blind): nobody is skipped, nobody pays it twice in a row, each of the
// three pays it twice in six hands. (Before, dan's big blind in hand 5
// went to ben in hand 6, past ana.)
func TestCashBigBlindMovesToTheNextSeatedPlayer(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/newtable nlhe 1/2 rake=off")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.must("cy", "/join 100 post")
	h.must("dan", "/join 100 post")
	for range 4 {
		h.foldAround()
	}
	h.must("cy", "/sitout") // from the next hand
	_, _, last, _ := h.positions()
	h.foldAround()
	seatOrder := []string{"ana", "ben", "dan"}
	next := func(name string) string {
		for k, n := range seatOrder {
			if n == name {
				return seatOrder[(k+1)%len(seatOrder)]
			}
		}
		return ""
	}
	paid := map[string]int{}
	for range 6 {
		_, sb, bb, dealt := h.positions()
		if len(dealt) != 3 || bb == "" {
			t.Fatalf("hand %s: want ana, ben and dan dealt in and a big blind:\n%s", h.handNo(), h.table().Text)
		}
		if bb != next(last) {
			t.Fatalf("hand %s: the big blind went from %s to %s, not to %s:\n%s", h.handNo(), last, bb, next(last), h.table().Text)
		}
		if sb != last {
			t.Fatalf("hand %s: the small blind is %s, not the last big blind %s:\n%s", h.handNo(), sb, last, h.table().Text)
		}
		paid[bb]++
		last = bb
		h.foldAround()
	}
	for _, n := range seatOrder {
		if paid[n] != 2 {
			t.Fatalf("big blinds paid in six hands: %v", paid)
		}
	}
}

// R-SEAT-4 (003 #17): a newcomer who posts to play at once and lands in
// the small blind (ben, the last big blind, sat out: the small blind falls
// on the seat before his) posts a full big blind, not the small blind.
func TestCashPosterInTheSmallBlindPostsTheBigBlind(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/newtable nlhe 1/2 rake=off")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100 seat=3")
	h.must("cy", "/join 100 post seat=4")
	for range 6 {
		if _, _, bb, _ := h.positions(); bb == "ben" {
			break
		}
		h.foldAround()
	}
	if _, _, bb, _ := h.positions(); bb != "ben" {
		t.Fatalf("ben never the big blind:\n%s", h.table().Text)
	}
	h.must("ben", "/sitout")
	h.must("dan", "/join 100 post seat=2")
	h.foldAround()
	text := h.table().Text
	if !strings.Contains(text, "2  dan  98  · bet 2") {
		t.Fatalf("dan, posting in the small blind, does not put in a big blind:\n%s", text)
	}
	if _, _, bb, _ := h.positions(); bb != "cy" {
		t.Fatalf("the big blind is %q, want cy:\n%s", bb, text)
	}
}

// Issue 21 defect 8 (R-TIME-2): /leave on one's own turn is a fold, shown
// as such with the player's name, not as a timeout; and a player who left
// earlier in the hand is not shown as timing out either.
func TestLeaveOnOwnTurnIsAFoldNotATimeout(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/newtable nlhe 1/2 rake=off")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	// Heads-up: ben's fold ends the hand and stands him up at once.
	who := h.toAct()
	r := h.must(who, "/leave")
	if want := who + " folds and leaves #1."; r.Text != want {
		t.Fatalf("/leave on %s's turn answers %q, want %q", who, r.Text, want)
	}
	for _, g := range h.group() {
		if strings.Contains(g, "time ran out") {
			t.Fatalf("the fold is shown as a timeout:\n%s", g)
		}
	}
	if strings.Contains(h.table().Text, "  "+who+"  ") {
		t.Fatalf("%s still sits:\n%s", who, h.table().Text)
	}

	// Three players: cy leaves out of turn; when his turn comes the room
	// acts for him, not as a timeout.
	h.must(who, "/join 100")
	h.must("cy", "/join 100 post")
	h.foldAround()
	if _, _, _, dealt := h.positions(); len(dealt) != 3 {
		t.Fatalf("want three dealt in:\n%s", h.table().Text)
	}
	if h.toAct() == "cy" {
		h.must("cy", "/call")
	}
	h.must("cy", "/leave")
	h.playToEnd(40)
	for _, g := range h.group() {
		if strings.Contains(g, "time ran out") {
			t.Fatalf("cy's turn after /leave is shown as a timeout:\n%s", g)
		}
	}
}

// R-TIME-3 (TDA 27), issue 21 defect 5: with a 30 s timer, a 60 s time bank
// and a 60 s clock, the clock called at once is accepted (the player had
// 90 s anyway) and folds the player at 60 s, not at 91 s; called when the
// player has less than the countdown left, it is refused.
func TestClockCountsTheTimeBank(t *testing.T) {
	h := newHarness(t, 12)
	h.must("admin", "/newtable nlhe 1/2 timer=30 bank=60 clock=60")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	who, other := h.toAct(), "ana"
	if who == "ana" {
		other = "ben"
	}
	r := h.must(other, "/clock")
	if !strings.Contains(r.Text, "calls the clock on "+who+": 1 min to act") {
		t.Fatalf("clock reply %q", r.Text)
	}
	h.sleep(59 * time.Second)
	if h.toAct() != who {
		t.Fatalf("%s no longer to act at 59 s:\n%s", who, h.table().Text)
	}
	h.sleep(2 * time.Second)
	if !strings.Contains(strings.Join(h.group(), "\n"), who+" folds") {
		t.Fatalf("%s not folded at 61 s:\n%s", who, h.table().Text)
	}

	// The next turn: 30 s of timer and the bank, spent at 40 s into the
	// bank the clock would give more time than is left: refused.
	who = h.toAct()
	other = "ana"
	if who == "ana" {
		other = "ben"
	}
	h.sleep(69 * time.Second) // 70 s into the turn: the hand began at 60 s
	if h.toAct() != who {
		t.Fatalf("%s no longer to act 40 s into the bank:\n%s", who, h.table().Text)
	}
	e := h.fails(other, "/clock", "clock.soon")
	if !strings.Contains(e.Error(), "20s") {
		t.Fatalf("the refusal does not say 20s: %v", e)
	}
}

// tableOf returns the latest message of the table labelled label ("#2")
// in the group.
func (h *harness) tableOf(label string) string {
	h.t.Helper()
	msgs := h.rec.all()
	for i := len(msgs) - 1; i >= 0; i-- {
		if v, ok := msgs[i].Body.(bot.View); ok && v.Kind == bot.ViewTable && msgs[i].To.Chat == "group" && strings.HasPrefix(v.Text, "Table "+label+" ") {
			return v.Text
		}
	}
	h.t.Fatalf("no message of table %s", label)
	return ""
}

// turnAt returns who is to act at the table labelled label.
func (h *harness) turnAt(label string) string {
	if m := toActRE.FindStringSubmatch(h.tableOf(label)); m != nil {
		return m[1]
	}
	return ""
}

// checkOrCall has user check, or call when they cannot, adding suffix
// (" #2") to the command.
func (h *harness) checkOrCall(user, suffix string) {
	h.t.Helper()
	if _, err := h.do(user, "/check"+suffix); err != nil {
		h.must(user, "/call"+suffix)
	}
}

// Issue 21 defect 9: a player at two tables types a hand command without
// a table number: it goes to the one table where it is their turn, else
// to the one they last acted at; only when it is their turn at both are
// they asked which.
func TestHandCommandGoesToTheTableWhereItIsYourTurn(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/newtable nlhe 1/2 rake=off")
	h.must("admin", "/newtable nlhe 2/4 rake=off") // other stakes: no table change (R-CASH-5)
	h.must("ana", "/join 100 #1")
	h.must("ben", "/join 100 #1")
	h.must("ana", "/join 200 #2")
	h.must("cy", "/join 200 #2")
	other := map[string]string{"#1": "#2", "#2": "#1"}
	// Make it ana's turn at exactly one table (the others call, or ana at
	// table 2 when it is her turn at both).
	for range 10 {
		one, two := h.turnAt("#1") == "ana", h.turnAt("#2") == "ana"
		if one != two {
			break
		}
		if one {
			h.fails("ana", "/call", "table.which") // her turn at both: ambiguous
			h.checkOrCall("ana", " #2")
			continue
		}
		for _, l := range []string{"#1", "#2"} {
			if w := h.turnAt(l); w != "" {
				h.checkOrCall(w, " "+l)
			}
		}
	}
	table := "#1"
	if h.turnAt("#2") == "ana" {
		table = "#2"
	}
	if h.turnAt(table) != "ana" || h.turnAt(other[table]) == "ana" {
		t.Fatalf("not ana's turn at one table only:\n%s\n%s", h.tableOf("#1"), h.tableOf("#2"))
	}
	acts := regexp.MustCompile(`ana (checks|calls)`)
	n := len(acts.FindAllString(h.tableOf(table), -1))
	h.checkOrCall("ana", "")
	if got := len(acts.FindAllString(h.tableOf(table), -1)); got != n+1 {
		t.Fatalf("ana's action without a table number is not at %s:\n%s", table, h.tableOf(table))
	}
	// Her turn at neither table (she acts where it is, naming the table):
	// /cards goes to the table she last acted at.
	last := table
	for range 10 {
		switch {
		case h.turnAt("#1") == "ana":
			last = "#1"
		case h.turnAt("#2") == "ana":
			last = "#2"
		default:
			r := h.must("ana", "/cards")
			if !strings.Contains(r.Text, last+",") {
				t.Fatalf("/cards without a table number: %q, want table %s", r.Text, last)
			}
			return
		}
		h.checkOrCall("ana", " "+last)
	}
	t.Fatal("always ana's turn")
}

// R-SEAT-2 across a restart: the table keeps its last big blind (with the
// hand in play, from the hand's own order), so after the restart the big
// blind still moves on to the next player, the seat sitting out passed
// over.
func TestCashBigBlindMovesOnAfterARestart(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/newtable nlhe 1/2 rake=off")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.must("cy", "/join 100 post")
	h.must("dan", "/join 100 post")
	h.foldAround()
	h.foldAround()
	h.must("cy", "/sitout")
	seatOrder := []string{"ana", "ben", "dan"}
	for range 4 {
		h.foldAround()
		_, _, last, _ := h.positions()
		h.restart()
		h.foldAround()
		_, sb, bb, _ := h.positions()
		k := 0
		for i, n := range seatOrder {
			if n == last {
				k = i
			}
		}
		if want := seatOrder[(k+1)%3]; bb != want || sb != last {
			t.Fatalf("after a restart in the hand %s was big blind: small %s big %s, want %s and %s:\n%s", last, sb, bb, last, want, h.table().Text)
		}
	}
}

// R-SEAT-5 (003 #16): a player whose stack fell below the big blind sits
// out "until /topup" (README); the top-up to the buy-in range deals them
// in again. Heads-up the table used to wait for players with both seated
// until the player also typed /back.
func TestATopUpAfterBustingDealsThePlayerInAgain(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/newtable nlhe 1/2 rake=off buyin=80-400")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	busted := ""
	for hand := 0; busted == "" && hand < 10; hand++ {
		h.must(h.toAct(), "/allin")
		h.must(h.toAct(), "/call")
		for _, u := range []string{"ana", "ben"} {
			if strings.Contains(strings.Join(h.private(u), "\n"), "below the big blind") {
				busted = u
			}
		}
	}
	if busted == "" {
		t.Fatal("nobody busted in ten all-ins")
	}
	if who := h.toAct(); who != "" {
		t.Fatalf("a hand is played with %s out of chips: %s to act", busted, who)
	}
	h.must(busted, "/topup 80")
	if h.toAct() == "" {
		t.Fatalf("%s topped up and no hand is dealt:\n%s", busted, h.table().Text)
	}
	// A player who sits out by choice stays out after a top-up.
	h.foldAround()
	other := map[string]string{"ana": "ben", "ben": "ana"}[busted]
	h.must(other, "/sitout")
	h.foldAround()
	h.must(other, "/topup 20")
	if who := h.toAct(); who != "" {
		t.Fatalf("%s sat out by choice and a top-up dealt a hand (%s to act)", other, who)
	}
}

// Practice opponents play against people: when the table's players all sit
// out or leave, its practice opponents wait for one instead of dealing
// each other hand after hand forever (flooding the chat; a console script
// with such a table never finished). A player back deals the next hand.
func TestPracticeOpponentsAloneWaitForAPlayer(t *testing.T) {
	h := newHarness(t, 14)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 200")
	h.must("admin", "/addbot 2")
	if h.handNo() == "" {
		t.Fatalf("no hand with ana and two practice opponents:\n%s", h.table().Text)
	}
	h.must("ana", "/sitout")
	h.playToEnd(60)
	hand := h.handNo()
	for range 3 {
		h.sleep(time.Minute)
	}
	if h.handNo() != hand || h.toAct() != "" {
		t.Fatalf("practice opponents dealt hand %s after %s with ana sitting out:\n%s", h.handNo(), hand, h.table().Text)
	}
	h.must("ana", "/back")
	if h.toAct() == "" {
		t.Fatalf("ana is back and no hand is dealt:\n%s", h.table().Text)
	}
	h.playToEnd(60)
	h.must("ana", "/leave")
	h.playToEnd(60)
	hand = h.handNo()
	h.sleep(time.Minute)
	if h.handNo() != hand {
		t.Fatalf("practice opponents dealt hand %s after %s with nobody else at the table", h.handNo(), hand)
	}
}

// R-CASH-3: coming back within 15 minutes with less than the stack left
// with is refused with that rule, not "The buy-in here is 200 to 200",
// which reads as the table's range.
func TestComingBackShortSaysTheFifteenMinuteRule(t *testing.T) {
	h := newHarness(t, 3)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 200")
	h.must("ana", "/leave")
	e := h.fails("ana", "/join 100", "join.rathole")
	if msg := e.Message(bot.English); !strings.Contains(msg, "200") || !strings.Contains(msg, "15 min") {
		t.Errorf("the refusal: %s", msg)
	}
	h.sleep(16 * time.Minute)
	h.must("ana", "/join 100")
}

// R-CASH-3 ("leaving and returning to the same stakes within 15 minutes
// brings back the same stack", seed 003 #13: a player who leaves one
// table and wants to sit at another): the stack left with at #1 comes
// back at #2, another table of the same game and stakes, naming #1; a
// table of other stakes or another game is a fresh buy-in; after 15
// minutes the usual range. A change between two tables of the same
// stakes brings the stack (seed 003 #12) the same way. Restarting the room keeps it. Found by an outside review: the
// stack was remembered per table.
func TestComingBackToAnotherTableOfTheSameStakesBringsTheStack(t *testing.T) {
	h := newHarness(t, 31)
	h.must("admin", "/newtable nlhe 1/2 buyin=80-200")
	h.must("admin", "/newtable nlhe 1/2 buyin=80-200")
	h.must("admin", "/newtable nlhe 2/4")
	h.must("admin", "/newtable plo 1/2 buyin=80-200")
	h.must("ana", "/join 200 #1")
	h.must("ana", "/leave")
	h.sleep(time.Minute)
	h.restart()
	e := h.fails("ana", "/join 80 #2", "join.rathole")
	if msg := e.Message(bot.English); !strings.Contains(msg, "You left #1") || !strings.Contains(msg, "200") {
		t.Errorf("the refusal at #2: %s", msg)
	}
	if r := h.must("ana", "/join #2"); !strings.Contains(r.Text, "with 200") {
		t.Fatalf("ana's default buy-in at #2: %s", r.Text)
	}
	h.must("ana", "/leave")
	h.must("ana", "/join 160 #3") // other stakes, and another game: fresh buy-ins
	h.must("ana", "/join 80 #4")
	h.must("ana", "/leave #3")
	h.must("ana", "/leave #4")
	h.sleep(16 * time.Minute)
	h.must("ana", "/join 90 #1")
	// A change from #1 to #2 (seed 003 #12) brings the stack: less is
	// refused, and ana stays at #1; with no amount she moves with it.
	h.fails("ana", "/join 80 #2", "join.rathole")
	if !strings.Contains(h.tableOf("#1"), "ana") {
		t.Fatalf("a refused change stood ana up at #1:\n%s", h.tableOf("#1"))
	}
	if r := h.must("ana", "/join #2"); !strings.Contains(r.Text, "ana leaves #1 with 90") || !strings.Contains(r.Text, "with 90") {
		t.Fatalf("the change from #1 to #2 says\n%s", r.Text)
	}
}

// R-CASH-3: the latest stack left with at the game and stakes is the one
// that comes back, none too: players who left #1 with 200, went to #2
// and lost everything there join #1 again with the usual buy-in (an
// older stack elsewhere no longer binds them). A table change to a table
// that is closing is refused before the player stands up at the old
// one. Found by an independent review of the change.
func TestTheLatestStackLeftWithCountsAndAClosingTableTakesNoChange(t *testing.T) {
	h := newHarness(t, 33)
	h.must("admin", "/newtable nlhe 1/2 buyin=80-200 rake=off")
	h.must("admin", "/newtable nlhe 1/2 buyin=80-200 rake=off")
	h.must("admin", "/newtable nlhe 1/2 buyin=80-200 rake=off")
	for _, u := range []string{"ana", "ben"} {
		h.must(u, "/join 200 #1")
		h.must(u, "/leave #1")
		h.must(u, "/join #2")
	}
	who := h.turnAt("#2")
	h.must(who, "/allin #2")
	other := map[string]string{"ana": "ben", "ben": "ana"}[who]
	h.must(other, "/call #2")
	loser := ""
	for _, u := range []string{"ana", "ben"} {
		if regexp.MustCompile(`(?m)^\S*\s*\d+\s+` + u + `\s+0\b`).MatchString(h.tableOf("#2")) {
			loser = u
		}
	}
	if loser == "" {
		t.Fatalf("nobody lost everything (a split pot: pick another seed):\n%s", h.tableOf("#2"))
	}
	h.sleep(time.Second)
	h.must(loser, "/leave #2")
	h.must(loser, "/join 80 #1") // not "at least 200": the 0 left at #2 is the latest
	// #3 closes after its hand: a change to it is refused, the player
	// stays. (#1 gets two players sitting out, so that it deals no hand
	// and the change would keep the tables balanced.)
	h.must("eve", "/join 100 #1")
	h.must("eve", "/sitout #1")
	h.must("fay", "/join 100 #1")
	h.must("fay", "/sitout #1")
	for range 40 {
		w := h.turnAt("#1")
		if w == "" {
			break
		}
		h.checkOrCall(w, " #1")
	}
	h.must("cy", "/join 100 #3")
	h.must("dee", "/join 100 #3")
	h.must("admin", "/closetable #3")
	h.fails(loser, "/join #3", "closetable.no_join")
	if !strings.Contains(h.tableOf("#1"), loser) {
		t.Fatalf("a refused change stood %s up at #1:\n%s", loser, h.tableOf("#1"))
	}
	h.checkBooks()
}

// /addbot asking for more practice opponents than the table has free
// seats seats as many as fit and says how many were asked for and free.
func TestAddingMoreOpponentsThanSeatsSaysSo(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/newtable nlhe 1/2 seats=3")
	r := h.must("admin", "/addbot 5")
	if !strings.Contains(r.Text, "You asked for 5; the table had 3 free seats.") {
		t.Fatalf("/addbot 5 at a table of 3 seats answered %q", r.Text)
	}
	if r := h.must("admin", "/kickbot"); r.Text == "" {
		t.Fatal("no answer to /kickbot")
	}
	h.must("alice", "/join")
	if r := h.must("admin", "/addbot 2"); strings.Contains(r.Text, "You asked") {
		t.Fatalf("/addbot 2 with 2 seats free answered %q", r.Text)
	}
}

// /leave on one's own turn in a hand that goes on after the fold: the
// leave is stored with the fold, so a restart before the hand ends still
// stands the player up when it does (the seat used to come back seated).
func TestLeaveOnOwnTurnSurvivesARestartMidHand(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/newtable nlhe 1/2 rake=off")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.must("cy", "/join 100 post")
	h.foldAround()
	if _, _, _, dealt := h.positions(); len(dealt) != 3 {
		t.Fatalf("want three dealt in:\n%s", h.table().Text)
	}
	who := h.toAct()
	h.must(who, "/leave")
	if h.toAct() == "" {
		t.Fatalf("the hand ended with %s's fold; want it to go on:\n%s", who, h.table().Text)
	}
	h.restart()
	h.playToEnd(40)
	if strings.Contains(h.table().Text, "  "+who+"  ") {
		t.Fatalf("%s, who left during the hand, sits again after a restart:\n%s", who, h.table().Text)
	}
	h.checkBooks()
}

// R-TIME-3 with seed 003 #19 ("para solicitar el reloj, se debe haber
// jugado al menos una mano y tener resto en la mesa"): at a cash table the
// clock is called by a player who has been dealt a hand here and has chips
// on the table; a newcomer still waiting for the big blind is refused.
// Found by an outside review: anyone who had just sat down could put the
// acting player on a one-minute clock.
func TestCashClockNeedsAHandPlayedAndChips(t *testing.T) {
	h := newHarness(t, 12)
	h.must("admin", "/newtable nlhe 1/2 seats=4")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.must("cy", "/join 100")
	h.must("dee", "/join 100") // waits for the big blind
	e := h.fails("dee", "/clock", "clock.not_played")
	if !strings.Contains(e.Message(bot.English), "played a hand") {
		t.Errorf("dee's refusal: %s", e.Message(bot.English))
	}
	who := h.toAct()
	other := "ana"
	if who == "ana" {
		other = "ben"
	}
	h.must(other, "/clock") // dealt in this hand, chips on the table
}
