package room_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
	"github.com/pokerroom/pokerroom/engine"
)

// The table options the rule books name (issue 21, defect 7): the
// fixed-limit cap and small blind (R-BET-5), five-card draw's jokers and
// stripped decks (R-CARD-7).

var yourCardsRE = regexp.MustCompile(`your cards ((?:(?:[2-9TJQKA][shdc]|Jk) ?)+)`)

// dealt returns every card user was dealt, from the private messages.
func (h *harness) dealt(user string) []string {
	var out []string
	for _, text := range h.private(user) {
		for _, m := range yourCardsRE.FindAllStringSubmatch(bottest.LetterCards(text), -1) {
			out = append(out, strings.Fields(m[1])...)
		}
	}
	return out
}

// R-CARD-7: a draw table with jokers=2 deck=32 deals from 32 cards (sevens
// up) and two jokers; before, both options were "Unknown option" and a
// draw table always dealt the full deck without jokers.
func TestDrawTableDealsTheStrippedDeckWithJokers(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/newtable draw 1/2 jokers=2 deck=32 seats=4 rake=off")
	players := []string{"ana", "ben", "cy", "dan"}
	for _, u := range players {
		h.must(u, "/join 100")
	}
	for range 6 {
		h.foldAround()
	}
	jokers, cards := 0, 0
	for _, u := range players {
		for _, c := range h.dealt(u) {
			cards++
			switch {
			case c == "Jk":
				jokers++
			case strings.ContainsRune("23456", rune(c[0])):
				t.Errorf("%s was dealt %s, not in a 32-card deck", u, c)
			}
		}
	}
	if cards < 4*5*5 {
		t.Fatalf("only %d cards dealt in six hands", cards)
	}
	if jokers == 0 {
		t.Errorf("no joker among the %d cards dealt from a deck with two", cards)
	}
}

// R-CARD-7 (seed 004): the deck's options are refused where the rule
// books do not allow them: outside five-card draw, a deck too small for
// the seats (the rule of 11), values the books do not name.
func TestDeckOptionsFollowTheRuleBooks(t *testing.T) {
	h := newHarness(t, 2)
	h.fails("admin", "/newtable nlhe 1/2 jokers=1", "newtable.draw_only")
	h.fails("admin", "/newtable plo 1/2 deck=36", "newtable.draw_only")
	h.fails("admin", "/newtable nlhe 1/2 figures=on", "newtable.draw_only")
	h.fails("admin", "/newtable draw 1/2 jokers=3", "newtable.jokers")
	h.fails("admin", "/newtable draw 1/2 deck=48", "newtable.deck")
	h.fails("admin", "/newtable draw 1/2 deck=32", "newtable.deck_seats") // six seats
	h.fails("admin", "/newtable draw 1/2 deck=40 seats=7", "newtable.deck_seats")
	h.fails("admin", "/newtable draw 1/2 seats=8", "newtable.deck_seats") // 004: at most seven
	h.must("admin", "/newtable draw 1/2 deck=40 jokers=1 figures=on seats=6")
	h.must("admin", "/newtable nlhe 1/2 deck=52 jokers=0")
	h.fails("admin", "/newtable nlhe 1/2 discards=3", "newtable.draw_only")
	h.fails("admin", "/newtable draw 1/2 discards=2", "newtable.range")
}

// Seed 004: the house may limit the draw to four or three cards, set
// with the table (discards=3): a player changing four is refused, saying
// the limit, and changes three; the table's title says it.
func TestDrawLimitedToThreeCards(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/newtable draw 1/2 rake=off discards=3")
	if !strings.Contains(h.table().Text, "draw up to 3") {
		t.Fatalf("the title does not say the limit:\n%s", h.table().Text)
	}
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.toTheDraw()
	who := h.toAct()
	r := h.must(who, "/cards")
	cards := strings.Fields(r.Text[strings.Index(r.Text, "your cards ")+len("your cards "):])
	if e := h.fails(who, "/discard "+strings.Join(cards[:4], " "), "action.bad_discard"); !strings.Contains(e.Message(bot.English), "up to 3") {
		t.Fatalf("four cards refused with %q", e.Message(bot.English))
	}
	h.must(who, "/discard "+strings.Join(cards[:3], " "))
	if h.toAct() == who {
		t.Fatalf("three cards not taken:\n%s", h.table().Text)
	}
}

// R-BET-5: in fixed limit the small blind is half the small bet rounded
// down; /newtable flhe 3/5 was accepted.
func TestFixedLimitSmallBlindIsHalfTheSmallBet(t *testing.T) {
	h := newHarness(t, 2)
	e := h.fails("admin", "/newtable flhe 3/5", "newtable.limit_sb")
	if msg := e.Message("en"); !strings.Contains(msg, "2/5") {
		t.Errorf("refusal %q does not give 2/5", msg)
	}
	h.fails("admin", "/newtable o8 2/2", "newtable.limit_sb")
	h.fails("admin", "/newtable flo 1/1", "newtable.limit_sb")
	h.must("admin", "/newtable flhe 2/5")
	h.must("admin", "/newtable o8 5/10")
	h.must("admin", "/newtable nlhe 3/5") // no limit: any small blind
}

// R-BET-5 (TDA 48: the house sets the cap): with cap=1 a fixed-limit round
// allows the bet and one raise, heads-up too; the big blind is the bet
// preflop, so after the small blind's raise the big blind may only call.
// Without cap= the seeds' three raises hold. cap= is refused outside
// fixed limit.
func TestFixedLimitCapIsATableOption(t *testing.T) {
	h := newHarness(t, 3)
	h.fails("admin", "/newtable nlhe 1/2 cap=2", "newtable.cap_limit")
	h.fails("admin", "/newtable flhe 1/2 cap=0", "newtable.cap")
	h.must("admin", "/newtable flhe 1/2 cap=1 rake=off")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	first := h.toAct()
	h.must(first, "/raise min")
	second := h.toAct()
	if second == first || second == "" {
		t.Fatalf("after %s's raise %q is to act", first, second)
	}
	h.fails(second, "/raise min", "action.capped")
	h.must(second, "/call")
}

// R-BET-5: without cap= a fixed-limit round allows a bet and three
// raises: preflop the big blind is the bet, so three raises follow.
func TestFixedLimitDefaultCapIsThreeRaises(t *testing.T) {
	h := newHarness(t, 3)
	h.must("admin", "/newtable flhe 1/2 rake=off")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	for range 3 {
		h.must(h.toAct(), "/raise min")
	}
	h.fails(h.toAct(), "/raise min", "action.capped")
}

// A bare /discard (or /draw) in the draw names no card: it is refused with
// how to discard or stand pat, and the player is still to act. It used to
// stand the player pat at once, a typo costing the draw; /pat stands pat.
func TestABareDiscardIsRefusedNotAStandPat(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/newtable draw 1/2 rake=off")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.toTheDraw()
	if !strings.Contains(h.table().Text, "/discard") {
		t.Fatalf("not at the draw:\n%s", h.table().Text)
	}
	who := h.toAct()
	before := h.table().Text
	for _, line := range []string{"/discard", "/draw"} {
		h.fails(who, line, "action.draw_now")
		if h.toAct() != who || h.table().Text != before {
			t.Fatalf("%s changed the hand:\n%s", line, h.table().Text)
		}
	}
	h.must(who, "/pat")
	if h.toAct() == who {
		t.Fatalf("/pat did not stand %s pat:\n%s", who, h.table().Text)
	}
}

// R-BET-5, R-BET-6: a raise refused says why: the fixed-limit cap is
// reached, the player's chips only cover the call, or everyone else is all
// in. All three answered "the betting is not open to you".
func TestARefusedRaiseSaysWhy(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/newtable flhe 2/4 cap=1 rake=off")
	h.must("ana", "/join 200")
	h.must("ben", "/join 200")
	first := h.toAct()
	h.must(first, "/raise 8") // the big blind is the bet; one raise: capped
	second := h.toAct()
	h.fails(second, "/raise 12", "action.capped")
	h.must(second, "/fold")

	h.must("admin", "/newtable nlhe 1/2 rake=off")
	h.must("cy", "/join 100 #2")
	h.must("dee", "/join 200 #2")
	for range 3 {
		if h.toAct() == "cy" {
			break
		}
		h.must(h.toAct(), "/fold")
	}
	if h.toAct() != "cy" {
		t.Fatalf("cy never acts first:\n%s", h.table().Text)
	}
	h.must("cy", "/allin") // 100, dee covers
	h.fails("dee", "/raise 200", "action.others_all_in")
	h.must("dee", "/fold")

	// fay holds less than eve's all-in: she can only call all in or fold.
	h.must("admin", "/newtable nlhe 1/2 rake=off")
	h.must("eve", "/join 200 #3")
	h.must("fay", "/join 80 #3")
	for range 3 {
		if h.toAct() == "eve" {
			break
		}
		h.must(h.toAct(), "/fold")
	}
	if h.toAct() != "eve" {
		t.Fatalf("eve never acts first:\n%s", h.table().Text)
	}
	h.must("eve", "/allin")
	h.fails("fay", "/raise 150", "action.call_all_in")
	h.fails("fay", "/bet max", "action.call_all_in")
	h.must("fay", "/fold")
}

// A card thrown in the draw that is not the player's is named: "/discard
// 6♦ 7c" answered only "Choose up to 5 of your own cards to change, each
// once", leaving the player to find which card was wrong.
func TestADiscardOfACardNotYoursNamesIt(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/newtable draw 1/2 rake=off")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	for range 4 {
		if strings.Contains(h.table().Text, "/discard") {
			break
		}
		who := h.toAct()
		if _, err := h.do(who, "/check"); err != nil {
			h.must(who, "/call")
		}
	}
	who := h.toAct()
	cards := h.dealt(who)
	mine := cards[len(cards)-5:]
	other := ""
	for _, c := range []string{"2c", "3c", "4c", "5c", "6c", "7c"} {
		if !slices.Contains(mine, c) {
			other = c
			break
		}
	}
	e := h.fails(who, "/discard "+mine[0]+" "+other, "action.not_your_card")
	cs, err := engine.ParseCards(other)
	if err != nil {
		t.Fatal(err)
	}
	if msg := e.Message(bot.English); !strings.Contains(msg, engine.FormatSymbols(cs)) {
		t.Errorf("the refusal does not name %s: %s", other, msg)
	}
	h.must(who, "/discard "+mine[0])
}

// R-CARD-7: with two jokers in the deck a player throws the joker they
// hold by typing "Jk", whichever of the deck's two it is. "Jk" was read as
// the first joker only: holding the second, "/discard Jk" was refused
// ("Choose up to 5 of your own cards").
func TestAJokerIsThrownByJkWhicheverItIs(t *testing.T) {
	h := newHarness(t, 11)
	h.must("admin", "/newtable draw 1/2 jokers=2 deck=32 seats=4 rake=off")
	h.must("ana", "/join 200")
	h.must("ben", "/join 200")
	thrown := 0
	for hand := 0; hand < 60 && thrown < 6; hand++ {
		for range 4 {
			if strings.Contains(h.table().Text, "/discard") {
				break
			}
			who := h.toAct()
			if _, err := h.do(who, "/check"); err != nil {
				h.must(who, "/call")
			}
		}
		for range 2 { // each player's draw
			if !strings.Contains(h.table().Text, "/discard") {
				break
			}
			who := h.toAct()
			cards := h.dealt(who)
			mine := cards[len(cards)-5:]
			line := "/pat"
			switch n := strings.Count(strings.Join(mine, " "), "Jk"); n {
			case 1:
				line, thrown = "/discard Jk", thrown+1
			case 2:
				line, thrown = "/discard Jk Jk", thrown+1
			}
			h.must(who, line)
		}
		h.foldAround()
	}
	if thrown < 6 {
		t.Fatalf("only %d jokers held at the draw in 60 hands", thrown)
	}
}

// toTheDraw plays a two-player draw hand's first betting round (call,
// check) up to the draw.
func (h *harness) toTheDraw() {
	h.t.Helper()
	for range 4 {
		if strings.Contains(h.table().Text, "/discard") {
			return
		}
		who := h.toAct()
		if _, err := h.do(who, "/check"); err != nil {
			h.must(who, "/call")
		}
	}
}

// R-BET-5, R-BET-6: /allin refused as a raise says why, as /raise does: the
// fixed-limit cap, or everyone else all in. It answered "You cannot raise
// now: the betting is not open to you" to a player facing an all-in they
// cover, who may only call.
func TestARefusedAllInSaysWhy(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/newtable flhe 2/4 cap=1 rake=off")
	h.must("ana", "/join 200")
	h.must("ben", "/join 200")
	first := h.toAct()
	h.must(first, "/raise 8")
	second := h.toAct()
	h.fails(second, "/allin", "action.capped")
	h.must(second, "/fold")

	h.must("admin", "/newtable nlhe 1/2 rake=off")
	h.must("cy", "/join 100 #2")
	h.must("dee", "/join 200 #2")
	for range 3 {
		if h.toAct() == "cy" {
			break
		}
		h.must(h.toAct(), "/fold")
	}
	if h.toAct() != "cy" {
		t.Fatalf("cy never acts first:\n%s", h.table().Text)
	}
	h.must("cy", "/allin")
	h.fails("dee", "/allin", "action.others_all_in")
	h.must("dee", "/call")
}
