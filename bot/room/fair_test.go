package room_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// The provable deck in play (issue 24): bot/table/fair.go commits, mixes
// and reveals; bot/room/verify.go checks.

var (
	commitRE = regexp.MustCompile(`(?m)^Deck commitment: ([0-9a-f]{64})`)
	nextRE   = regexp.MustCompile(`(?m)^Next hand's deck: ([0-9a-f]{64}) · (\d+) seeds`)
	deckRE   = regexp.MustCompile(`(?m)^Deck: (.+)$`)
	saltRE   = regexp.MustCompile(`(?m)^Salt: ([0-9a-f]{32}) · commitment ([0-9a-f]{64})$`)
)

// summaryOf returns the summary of hand n and its index among the
// recorded messages.
func summaryOf(h *harness, n string) (string, int) {
	h.t.Helper()
	for i, m := range h.rec.all() {
		if v, ok := m.Body.(bot.View); ok && v.Kind == bot.ViewSummary && strings.HasPrefix(v.Text, "Hand "+n+" at ") {
			return v.Text, i
		}
	}
	h.t.Fatalf("no summary of hand %s", n)
	return "", 0
}

// storedHand reads hand n of table 1 from the store.
func storedHand(h *harness, n int) (bot.HandRecord, bot.HandTag) {
	h.t.Helper()
	rec, err := h.store.TableHand(context.Background(), 1, n)
	if err != nil {
		h.t.Fatal(err)
	}
	tag, err := bot.ParseHandTag(rec.Setup.Tag)
	if err != nil || tag.Fair == nil {
		h.t.Fatalf("hand %d: tag %q: %v", n, rec.Setup.Tag, err)
	}
	return rec, tag
}

// setSetup replaces a stored hand's setup, as someone with the database
// could.
func setSetup(h *harness, id int64, setup engine.Setup) {
	h.t.Helper()
	h.tampered = true
	b, err := json.Marshal(setup)
	if err != nil {
		h.t.Fatal(err)
	}
	if err := h.store.DB().Exec("UPDATE hands SET setup = ? WHERE id = ?", string(b), id).Error; err != nil {
		h.t.Fatal(err)
	}
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// R-CARD-1: the commitment the table message shows before the first card
// (before anyone's hole cards are sent) is the SHA-256 of the deck and
// salt the summary reveals; the salt reaches no chat before the hand is
// over; the store holds the revealed deck; /verify agrees.
func TestCommitmentShownBeforeTheDealIsTheHashOfTheReveal(t *testing.T) {
	h := newHarness(t, 3)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	idle := commitRE.FindStringSubmatch(h.table().Text)
	if idle == nil {
		t.Fatalf("the table between hands shows no commitment:\n%s", h.table().Text)
	}
	h.must("ben", "/join 100") // hand 1 is dealt
	shown, firstTable, firstCards := "", -1, -1
	for i, m := range h.rec.all() {
		v := m.Body.(bot.View)
		if !m.To.Private() && v.Kind == bot.ViewTable && strings.Contains(v.Text, "· hand 1") && firstTable < 0 {
			firstTable = i
			if c := commitRE.FindStringSubmatch(v.Text); c != nil {
				shown = c[1]
			}
		}
		if m.To.Private() && v.Kind == bot.ViewCards && firstCards < 0 {
			firstCards = i
		}
	}
	if firstTable < 0 || firstCards < 0 || firstTable > firstCards {
		t.Fatalf("the hand's table message (message %d) does not come before the cards (message %d)", firstTable, firstCards)
	}
	if shown == "" || shown != idle[1] {
		t.Fatalf("hand 1 shows commitment %q, the table before it %q", shown, idle[1])
	}
	h.playToEnd(40)
	sum, at := summaryOf(h, "1")
	// The deck committed per card position: the summary reveals the salt,
	// not the deck (TestRevealShowsNoCardNobodySaw).
	salt := saltRE.FindStringSubmatch(sum)
	if salt == nil || deckRE.MatchString(sum) {
		t.Fatalf("the summary reveals no salt, or the whole deck:\n%s", sum)
	}
	rec, tag := storedHand(h, 1)
	p, err := tag.Fair.Provable(rec.Setup.Deck)
	if err != nil || p.Commitment() != shown || salt[2] != shown {
		t.Fatalf("the stored deck hashes to %s (%v), the summary says %s, the table showed %s", p.Commitment(), err, salt[2], shown)
	}
	for i, m := range h.rec.all()[:at] {
		if strings.Contains(m.Body.(bot.View).Text, salt[1]) {
			t.Fatalf("message %d, before the summary, holds the salt: %q", i, m.Body.(bot.View).Text)
		}
	}
	if tag.Fair.Salt != salt[1] || tag.Fair.Commitment != shown {
		t.Fatalf("stored salt %s, commitment %s; revealed %s, %s", tag.Fair.Salt, tag.Fair.Commitment, salt[1], shown)
	}
	if r := h.must("cy", "/verify #1 1"); !strings.Contains(r.Text, "✓ matches") || !strings.Contains(r.Text, shown) {
		t.Fatalf("/verify of an honest hand:\n%s", r.Text)
	}
}

// Seeds added while hand 1 is played go into hand 2, whose commitment was
// shown before them: hand 2 is dealt from its committed deck reshuffled
// by the salt and the seeds (engine.Provable.Dealt), and its reveal lists
// them. A seed is refused when empty, too long, twice, or from someone
// not seated.
func TestSeedsMixIntoTheNextHandAsDocumented(t *testing.T) {
	h := newHarness(t, 4)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	next := nextRE.FindStringSubmatch(h.table().Text)
	if next == nil || next[2] != "0" {
		t.Fatalf("hand 1 shows no next hand's commitment:\n%s", h.table().Text)
	}
	h.fails("cy", "/seed hello", "table.not_seated")
	h.fails("ana", "/seed", "fair.seed_bad")
	h.fails("ana", "/seed "+strings.Repeat("x", 65), "fair.seed_bad")
	r := h.must("ana", "/seed lucky 7")
	if !strings.Contains(r.Text, "hand 2") || !strings.Contains(r.Text, next[1]) || !strings.Contains(r.Text, "ana: lucky 7") {
		t.Fatalf("the seed's answer does not name the hand and the commitment it goes into: %q", r.Text)
	}
	h.fails("ana", "/seed again", "fair.seed_twice")
	h.must("ben", "/seed 42")
	if m := nextRE.FindStringSubmatch(h.table().Text); m == nil || m[1] != next[1] || m[2] != "2" {
		t.Fatalf("the table message does not count the seeds:\n%s", h.table().Text)
	}
	h.playToEnd(40) // hand 1 ends, hand 2 is dealt
	if h.handNo() != "2" {
		t.Fatalf("hand %s in play, want 2", h.handNo())
	}
	h.fails("cy", "/verify #1 2", "verify.in_play")
	rec, tag := storedHand(h, 2)
	seeds := []string{"ana: lucky 7", "ben: 42"}
	if strings.Join(tag.Fair.Seeds, "|") != strings.Join(seeds, "|") || tag.Fair.Commitment != next[1] {
		t.Fatalf("hand 2 stored seeds %q and commitment %s, want %q and %s", tag.Fair.Seeds, tag.Fair.Commitment, seeds, next[1])
	}
	p, err := tag.Fair.Provable(rec.Setup.Deck)
	if err != nil || p.Commitment() != next[1] || p.DeckText() != tag.Fair.Committed {
		t.Fatalf("the committed deck does not hash to the commitment shown: %v", err)
	}
	dealt := engine.FormatCards(rec.Setup.Deck)
	if dealt != engine.FormatCards(p.Dealt(seeds)) || dealt == p.DeckText() {
		t.Fatalf("hand 2 dealt from %s, want the committed deck mixed with the seeds %s", dealt, engine.FormatCards(p.Dealt(seeds)))
	}
	h.playToEnd(40)
	sum, _ := summaryOf(h, "2")
	if !strings.Contains(sum, "Seeds: ana: lucky 7 · ben: 42") || strings.Contains(sum, p.DeckText()) {
		t.Fatalf("the summary does not reveal the seeds, or reveals the committed deck:\n%s", sum)
	}
	if r := h.must("cy", "/verify #1 2"); !strings.Contains(r.Text, "✓ matches") || !strings.Contains(r.Text, "Seeds: ana: lucky 7 · ben: 42") {
		t.Fatalf("/verify of an honest seeded hand:\n%s", r.Text)
	}
	// The operator deals the committed deck, ignoring the seeds.
	bad := rec.Setup
	bad.Deck = p.Deck
	setSetup(h, rec.ID, bad)
	if r := h.must("cy", "/verify #1 2"); !strings.Contains(r.Text, "✗ does not match: the cards dealt are not this deck mixed with the seeds") {
		t.Fatalf("/verify of a deal that ignored the seeds:\n%s", r.Text)
	}
}

// /verify refuses what was changed in the store after the hand: a deck, a
// salt, a commitment; each says what does not match.
func TestVerifyRefusesATamperedDeckOrSalt(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.playToEnd(40)
	rec, _ := storedHand(h, 1)
	const badHash = "✗ does not match: sha256(position hashes + \" \" + salt) is "
	cases := []struct {
		name   string
		tamper func(s *engine.Setup, f *bot.FairTag)
		want   string
	}{
		{"honest", func(*engine.Setup, *bot.FairTag) {}, "✓ matches"},
		{"two cards of the deck swapped", func(s *engine.Setup, _ *bot.FairTag) { s.Deck[0], s.Deck[51] = s.Deck[51], s.Deck[0] }, badHash},
		{"a card left out", func(s *engine.Setup, _ *bot.FairTag) { s.Deck = s.Deck[:51] }, badHash},
		{"another salt", func(_ *engine.Setup, f *bot.FairTag) { f.Salt = strings.Repeat("0", 32) }, badHash},
		{"another commitment", func(_ *engine.Setup, f *bot.FairTag) { f.Commitment = sha256Hex("x") }, badHash},
		{"a salt that is not hex", func(_ *engine.Setup, f *bot.FairTag) { f.Salt = "salt" }, "✗ does not match: the stored deck or salt cannot be read"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			setup := rec.Setup
			setup.Deck = append([]engine.Card(nil), rec.Setup.Deck...)
			tag, _ := bot.ParseHandTag(rec.Setup.Tag)
			fair := *tag.Fair
			tc.tamper(&setup, &fair)
			tag.Fair = &fair
			b, _ := json.Marshal(tag)
			setup.Tag = string(b)
			setSetup(h, rec.ID, setup)
			r := h.must("cy", "/verify #1 1")
			if !strings.Contains(r.Text, tc.want) {
				t.Fatalf("/verify says\n%s\nwant %q", r.Text, tc.want)
			}
		})
	}
}

// /verify's arguments are a table and a hand number; a hand with nothing
// to check says why.
func TestVerifyRefusesBadArgumentsAndHandsNotOver(t *testing.T) {
	h := newHarness(t, 6)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	for _, tc := range []struct{ line, key string }{
		{"/verify", "verify.usage"},
		{"/verify #1", "verify.usage"},
		{"/verify one 1", "verify.usage"},
		{"/verify #1 0", "verify.usage"},
		{"/verify #1 1 2", "verify.usage"},
		{"/verify #7 1", "table.no_such"},
		{"/verify #1 99", "verify.no_hand"},
		{"/verify #1 1", "verify.in_play"},
		{"/verify 1 1", "verify.in_play"},
	} {
		t.Run(tc.line, func(t *testing.T) { h.fails("cy", tc.line, tc.key) })
	}
	h.playToEnd(40)
	// A hand stored before decks were committed has nothing to check.
	rec, tag := storedHand(h, 1)
	tag.Fair = nil
	b, _ := json.Marshal(tag)
	setup := rec.Setup
	setup.Tag = string(b)
	setSetup(h, rec.ID, setup)
	h.fails("cy", "/verify #1 1", "verify.no_commit")
}

// Seed 004 (five-card draw): when the stub runs out, the discards are
// shuffled before they are dealt again. Four players change five cards
// each from a 32-card deck: no drawer gets another's discards in the
// order thrown (as an unshuffled pile would deal them, the first
// drawer then knowing the third's new hand); the stored hand's reshuffle
// seed is the reveal's (engine.Provable.ReshuffleSeed), which /verify
// checks: another seed is refused. Found by an outside review: the room
// never set the seed.
func TestDrawDiscardsAreShuffledBeforeTheyAreDealtAgain(t *testing.T) {
	h := newHarness(t, 35)
	h.must("admin", "/newtable draw 1/2 deck=32 seats=4 rake=off")
	for _, u := range []string{"ana", "ben", "cy", "dee"} {
		h.must(u, "/join 100")
	}
	cards := func(who string) string {
		r := h.must(who, "/cards")
		return r.Text[strings.Index(r.Text, "your cards ")+len("your cards "):]
	}
	var threw, got []string
	hand := 0
	for k := 0; k < 200 && len(got) < 4; k++ {
		who := h.toAct()
		if who == "" {
			break
		}
		old, text := cards(who), h.table().Text
		cmd := "/pat" // a hand not all four play: no one changes
		if !strings.Contains(text, "waits") {
			cmd = "/discard " + old
		}
		if _, err := h.do(who, cmd); err != nil { // not the draw: call or check
			if _, err := h.do(who, "/check"); err != nil {
				h.must(who, "/call")
			}
			continue
		}
		if cmd != "/pat" {
			threw, got = append(threw, old), append(got, cards(who))
			fmt.Sscanf(text[strings.Index(text, " · hand ")+len(" · hand "):], "%d", &hand)
		}
	}
	if len(got) < 4 {
		t.Fatalf("no hand with four players drawing five: %v", threw)
	}
	for i := range got {
		for j := range threw {
			if i != j && got[i] == threw[j] {
				t.Fatalf("drawer %d got exactly drawer %d's discards %s: the discards were dealt again unshuffled", i+1, j+1, got[i])
			}
		}
	}
	h.playToEnd(40)
	rec, tag := storedHand(h, hand)
	p, err := tag.Fair.Provable(rec.Setup.Deck)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Setup.ReshuffleSeed == 0 || rec.Setup.ReshuffleSeed != p.ReshuffleSeed(tag.Fair.Seeds) {
		t.Fatalf("stored reshuffle seed %x, want the reveal's %x", rec.Setup.ReshuffleSeed, p.ReshuffleSeed(tag.Fair.Seeds))
	}
	verify := fmt.Sprintf("/verify #1 %d", hand)
	if r := h.must("ana", verify); !strings.Contains(r.Text, "✓ matches") {
		t.Fatalf("/verify of an honest draw hand:\n%s", r.Text)
	}
	setup := rec.Setup
	setup.ReshuffleSeed++
	setSetup(h, rec.ID, setup)
	if r := h.must("ana", verify); !strings.Contains(r.Text, "✗ does not match") {
		t.Fatalf("/verify of a draw hand whose discards were shuffled by another seed:\n%s", r.Text)
	}
}

// /verify checks that each card shown came off the deck where the hand's
// deal order puts it (engine.VerifyDealOrder), not only that it sits in
// the committed deck: a stored hand whose flop was changed to a card of
// the stub (position 40) is refused, although that card's proof, found
// where it sits in the deck, hashes to its position's hash.
func TestVerifyRefusesAShownCardNotDealtInOrder(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	h.playToEnd(40)
	if r := h.must("cy", "/verify #1 1"); !strings.Contains(r.Text, "✓ matches") {
		t.Fatalf("/verify of the honest hand:\n%s", r.Text)
	}
	rec, _ := storedHand(h, 1)
	stub := rec.Setup.Deck[40]
	db := h.store.DB()
	type row struct {
		Seq     int
		Payload string
	}
	var rows []row
	if err := db.Raw("SELECT seq, payload FROM hand_events WHERE hand_id = ? ORDER BY seq", rec.ID).Scan(&rows).Error; err != nil {
		t.Fatal(err)
	}
	changed := false
	for _, r := range rows {
		var e engine.Event
		if err := json.Unmarshal([]byte(r.Payload), &e); err != nil {
			t.Fatal(err)
		}
		if e.Kind != engine.EvDealBoard || len(e.Cards) != 3 {
			continue
		}
		e.Cards[0] = stub
		b, _ := json.Marshal(e)
		h.tampered = true
		if err := db.Exec("UPDATE hand_events SET payload = ? WHERE hand_id = ? AND seq = ?", string(b), rec.ID, r.Seq).Error; err != nil {
			t.Fatal(err)
		}
		changed = true
	}
	if !changed {
		t.Fatal("the hand has no flop")
	}
	if r := h.must("cy", "/verify #1 1"); !strings.Contains(r.Text, "✗ does not match: the cards dealt are not this deck mixed with the seeds") {
		t.Fatalf("/verify of a flop whose first card came from position 40:\n%s", r.Text)
	}
}
