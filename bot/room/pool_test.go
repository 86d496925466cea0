package room_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
	"github.com/pokerroom/pokerroom/bot/room"
	"github.com/pokerroom/pokerroom/bot/table"
	"github.com/pokerroom/pokerroom/store"
)

// Fast-fold pools (R-CASH-7): players join a pool, not a table; the pool
// seats random waiting entries at its own tables; a fast fold (out of turn
// too) sends the entry to a new hand; at most four entries a player.

// poolTable is the latest table message of table id.
func (h *harness) poolTable(id int64) bot.View {
	h.t.Helper()
	prefix := fmt.Sprintf("table:%d:", id)
	msgs := h.rec.all()
	for i := len(msgs) - 1; i >= 0; i-- {
		if v, ok := msgs[i].Body.(bot.View); ok && v.Kind == bot.ViewTable && strings.HasPrefix(msgs[i].Key, prefix) {
			return v
		}
	}
	h.t.Fatalf("no table message of #%d", id)
	return bot.View{}
}

var poolSeatRE = regexp.MustCompile(`(?m)^([▶ ]) \d+  (\S+)  \d+(.*)$`)

// blinds reads table id's message: who is to act, who posted the small
// and the big blind (preflop, before any raise).
func (h *harness) blinds(id int64) (toAct, sb, bb string) {
	h.t.Helper()
	for _, m := range poolSeatRE.FindAllStringSubmatch(h.poolTable(id).Text, -1) {
		if m[1] == "▶" {
			toAct = m[2]
		}
		switch {
		case strings.Contains(m[3], "bet 1 ") || strings.HasSuffix(m[3], "bet 1"):
			sb = m[2]
		case strings.Contains(m[3], "bet 2 ") || strings.HasSuffix(m[3], "bet 2"):
			bb = m[2]
		}
	}
	return toAct, sb, bb
}

// poolTables returns the tables where the pool's entries play, with their
// players: "#3" -> [ana ben].
func poolTables(entries []string) map[string][]string {
	out := map[string][]string{}
	for _, e := range entries {
		f := strings.Fields(e)
		if len(f) == 3 && f[1] == "active" {
			name, _, _ := strings.Cut(f[0], "#")
			out[f[2]] = append(out[f[2]], name)
		}
	}
	return out
}

// playingPoolTable is the label of a table of pool 1 where a hand is
// played (the first by label), or "".
func (h *harness) playingPoolTable() string {
	labels := slices.Sorted(maps.Keys(poolTables(h.room.PoolEntries(1))))
	if len(labels) == 0 {
		return ""
	}
	return labels[0]
}

// cashOutPool has every player of sixPlayers but except leave pool 1, lets
// the hands in play end and checks that the six hold their 60,000 again.
func (h *harness) cashOutPool(except string) {
	h.t.Helper()
	for _, u := range sixPlayers {
		if u != except {
			h.must(u, "/pool leave all")
		}
	}
	h.poolFoldAll()
	h.sleep(room.PoolGather)
	var total int64
	for _, u := range sixPlayers {
		total += h.wallet(u)
	}
	if total != 60000 {
		h.t.Fatalf("the players hold %d, want 60000", total)
	}
}

func tableID(label string) int64 {
	var id int64
	fmt.Sscanf(label, "#%d", &id)
	return id
}

var sixPlayers = []string{"ana", "ben", "cat", "dan", "eve", "fay"}

// R-CASH-7: at most four entries per player; every bad input is refused
// with its own message and moves no chip.
func TestPoolRefusesAFifthEntryAndBadBuyIns(t *testing.T) {
	h := newHarness(t, 11)
	h.fails("ana", "/pool join 100", "pool.none")
	h.must("admin", "/newpool nlhe 10/20 buyin=400-5000")
	for i := 1; i <= room.MaxPoolEntries; i++ {
		r := h.must("ana", "/pool join 400")
		if !strings.Contains(r.Text, fmt.Sprintf("entry %d", i)) {
			t.Fatalf("join %d: %q", i, r.Text)
		}
	}
	cases := []struct {
		user, line, key string
	}{
		{"ana", "/pool join 400", "pool.max_entries"}, // the fifth
		{"ben", "/pool join 100", "join.range"},
		{"ben", "/pool join 6000", "join.range"},
		{"ben", "/pool join lots", "chips.bad"},
		{"ben", "/pool sitout", "pool.no_entry"},
		{"ana", "/pool sitout 7", "pool.bad_entry"},
		{"ana", "/pool leave", "pool.bad_entry"}, // four entries: which one?
		{"ana", "/pool join 400 P9", "pool.no_such"},
		{"ana", "/pool dance", "pool.usage"},
		{"ana", "/fastfold", "fastfold.none"},
	}
	for _, c := range cases {
		t.Run(c.line, func(t *testing.T) {
			before := h.wallet(c.user)
			e := h.fails(c.user, c.line, c.key)
			if e.Message(bot.English) == "" {
				t.Fatal("no message")
			}
			if after := h.wallet(c.user); after != before {
				t.Fatalf("wallet %d -> %d after a refusal", before, after)
			}
		})
	}
	// A waiting entry's chips stay in the wallet, claimed: a buy-in must
	// be free of the other waiting entries.
	h.must("ben", "/pool join 5000")
	h.must("ben", "/pool join 5000")
	h.fails("ben", "/pool join 400", "pool.funds")
	if got := h.room.PoolEntries(1); len(got) != 6 {
		t.Fatalf("entries %v, want ana's four and ben's two", got)
	}
}

// startSixHanded opens a pool of three-handed tables and lets six
// players join it: two hands of three.
func startSixHanded(t *testing.T, seed uint64) *harness {
	h := newHarness(t, seed)
	h.must("admin", "/newpool nlhe 1/2 seats=3 rake=off")
	for _, u := range sixPlayers {
		h.must(u, "/pool join 100")
	}
	if tabs := poolTables(h.room.PoolEntries(1)); len(tabs) != 2 {
		t.Fatalf("tables %v, want two hands of three", tabs)
	}
	return h
}

// R-CASH-7: a fast fold is allowed out of turn, refused to the big blind
// with no raise (their bet matches the highest) with its own message,
// and the entry goes to a new hand at once: two folded entries form the
// next hand at another table; the chips behind go back with the fold.
func TestPoolFastFoldOutOfTurnMovesTheEntryToANewHand(t *testing.T) {
	h := startSixHanded(t, 12)
	tabs := poolTables(h.room.PoolEntries(1))
	var smalls []string
	for label := range tabs {
		toAct, sb, bb := h.blinds(tableID(label))
		if toAct == "" || sb == "" || bb == "" || toAct == sb {
			t.Fatalf("table %s: to act %q, blinds %q %q", label, toAct, sb, bb)
		}
		before := h.wallet(bb)
		h.fails(bb, "/fastfold", "fastfold.matched") // the big blind with no raise
		if h.wallet(bb) != before {
			t.Fatal("a refused fast fold moved chips")
		}
		r := h.must(sb, "/fastfold") // out of turn: the button is to act
		if !strings.Contains(r.Text, "99") {
			t.Fatalf("fast fold: %q", r.Text)
		}
		if got := h.wallet(sb); got != 10000-100+99 {
			t.Fatalf("%s's wallet %d after folding the small blind, want 9999", sb, got)
		}
		if now, _, _ := h.blinds(tableID(label)); now != toAct {
			t.Fatalf("the fold out of turn moved the turn from %s to %s", toAct, now)
		}
		h.fails(sb, "/fastfold", "fastfold.none") // folded already
		smalls = append(smalls, sb)
	}
	h.sleep(room.PoolGather) // two waiting: no third comes, they are dealt
	after := poolTables(h.room.PoolEntries(1))
	var newTable string
	for label, players := range after {
		if _, old := tabs[label]; !old {
			newTable = label
			slices.Sort(players)
			slices.Sort(smalls)
			if !slices.Equal(players, smalls) {
				t.Fatalf("new hand at %s: %v, want the folded %v", label, players, smalls)
			}
		}
	}
	if newTable == "" {
		t.Fatalf("no new hand for the folded entries: %v", h.room.PoolEntries(1))
	}
	// Heads-up: the button (small blind) goes all in; then it may not
	// fold fast, and the big blind facing it may.
	toAct, _, bb := h.blinds(tableID(newTable))
	h.must(toAct, "/allin")
	h.fails(toAct, "/fastfold", "fastfold.allin")
	h.must(bb, "/fastfold")
	// The hand is over: both are back in the pool (no third player: they
	// wait, then play each other again).
	if got := poolTables(h.room.PoolEntries(1))[newTable]; len(got) != 0 {
		t.Fatalf("still at %s: %v", newTable, got)
	}
}

// R-CASH-7: /fold on one's turn at a pool table folds fast too; a cash
// table's commands are refused there, and /fastfold at a cash table.
func TestPoolFoldInTurnMovesOnAndCashCommandsAreRefused(t *testing.T) {
	h := startSixHanded(t, 13)
	label := h.playingPoolTable()
	toAct, _, _ := h.blinds(tableID(label))
	r := h.must(toAct, "/fold")
	if !r.Private || !strings.Contains(r.Text, "100") {
		t.Fatalf("fold in turn: %+v", r)
	}
	if got := h.room.PoolEntries(1); !slices.Contains(got, toAct+"#1 waiting 100") {
		t.Fatalf("entries %v: want %s's waiting with 100", got, toAct)
	}
	h.fails("ana", "/join 100 "+label, "pool.not_here")
	h.must("admin", "/newtable nlhe 1/2")
	cash := fmt.Sprintf("#%d", len(h.room.Tables()))
	h.must("gus", "/join 100 "+cash)
	h.fails("gus", "/fastfold "+cash, "fastfold.not_pool")
}

// poolFoldAll has every player in a hand of the pool fold fast until no
// hand is left where one can (the big blinds win the blinds).
func (h *harness) poolFoldAll() {
	h.t.Helper()
	for range 20 {
		tabs := poolTables(h.room.PoolEntries(1))
		if len(tabs) == 0 {
			return
		}
		folded := false
		for _, players := range tabs {
			for _, p := range players {
				if _, err := h.do(p, "/fastfold"); err == nil {
					folded = true
				}
			}
		}
		if !folded {
			return
		}
	}
}

// R-CASH-7: each hand seats an entry against opponents drawn at random
// from the waiting entries; through many hands and pools' tables the
// chips are conserved exactly, and everyone cashes out what they hold.
func TestPoolDrawsRandomOpponentsAndConservesChips(t *testing.T) {
	h := newHarness(t, 14)
	h.must("admin", "/newpool nlhe 1/2 seats=3 rake=off")
	players := []string{"ana", "ben", "cat", "dan", "eve", "fay", "gus", "hal"}
	for _, u := range players {
		h.must(u, "/pool join 100")
	}
	met := map[string]map[string]bool{}
	hands := 0
	for round := 0; round < 12; round++ {
		h.sleep(room.PoolGather)
		for _, ps := range poolTables(h.room.PoolEntries(1)) {
			hands++
			for _, a := range ps {
				for _, b := range ps {
					if a != b {
						if met[a] == nil {
							met[a] = map[string]bool{}
						}
						met[a][b] = true
					}
				}
			}
		}
		h.poolFoldAll()
	}
	if hands < 24 {
		t.Fatalf("%d hands in 12 rounds, want at least 24", hands)
	}
	for _, p := range players {
		if len(met[p]) < 4 {
			t.Errorf("%s met only %v in %d hands: the draw is not random", p, met[p], hands)
		}
	}
	for _, u := range players {
		h.must(u, "/pool leave all")
	}
	h.poolFoldAll()
	h.sleep(room.PoolGather)
	if got := h.room.PoolEntries(1); len(got) != 0 {
		t.Fatalf("entries left after everyone cashed out: %v", got)
	}
	var total int64
	for _, u := range players {
		total += h.wallet(u)
	}
	if total != int64(len(players))*10000 {
		t.Fatalf("the players hold %d after the pool, want %d: chips were made or lost", total, len(players)*10000)
	}
	h.checkBooks()
}

// R-CASH-7: cashing out: a waiting entry at once, an entry in a hand
// when the hand ends (its result with it); a sitting-out entry is not
// dealt in and comes back with /pool back.
func TestPoolCashOutAndSitOut(t *testing.T) {
	h := newHarness(t, 15)
	h.must("admin", "/newpool nlhe 1/2 seats=3 rake=off")
	h.must("ana", "/pool join 100")
	r := h.must("ana", "/pool leave")
	if !strings.Contains(r.Text, "100") || h.wallet("ana") != 10000 || len(h.room.PoolEntries(1)) != 0 {
		t.Fatalf("leaving a waiting entry: %q, wallet %d, entries %v", r.Text, h.wallet("ana"), h.room.PoolEntries(1))
	}
	h.must("cat", "/pool join 100")
	h.must("cat", "/pool sitout")
	h.must("ana", "/pool join 100")
	h.must("ben", "/pool join 100")
	h.sleep(room.PoolGather)
	tabs := poolTables(h.room.PoolEntries(1))
	if len(tabs) != 1 || slices.Contains(h.room.PoolEntries(1), "cat#1 active") {
		t.Fatalf("tables %v: want ana and ben heads-up, cat sitting out (%v)", tabs, h.room.PoolEntries(1))
	}
	var label string
	for l := range tabs {
		label = l
	}
	toAct, _, bb := h.blinds(tableID(label))
	r = h.must(bb, "/pool leave")
	if !strings.Contains(r.Text, "hand ends") {
		t.Fatalf("leaving during a hand: %q", r.Text)
	}
	h.must(toAct, "/fastfold") // the small blind folds: the big blind wins 1
	if got := h.wallet(bb); got != 10001 {
		t.Fatalf("%s cashed out %d, want 10001 (the small blind won)", bb, got)
	}
	want := []string{"cat#1 sitout 100", toAct + "#1 waiting 99"}
	slices.Sort(want)
	if got := h.room.PoolEntries(1); !slices.Equal(got, want) {
		t.Fatalf("entries %v", got)
	}
	h.must("cat", "/pool back")
	h.sleep(room.PoolGather)
	if got := poolTables(h.room.PoolEntries(1)); len(got) != 1 {
		t.Fatalf("cat back: tables %v, want a hand with %s", got, toAct)
	}
	h.checkBooks()
}

// R-CASH-7: a restart restores the pool and the entries in a hand (they
// are seats, restored with their tables: the hands resume, a fast-folded
// seat's chips left in its hand included); an entry waiting between hands
// is closed: its chips are in its owner's wallet already. The books
// balance before and after.
func TestPoolRestartRestoresEntriesInAHand(t *testing.T) {
	h := startSixHanded(t, 16)
	tabs := poolTables(h.room.PoolEntries(1))
	var label string
	for l := range tabs {
		label = l
		break
	}
	_, sb, _ := h.blinds(tableID(label))
	h.must(sb, "/fastfold")
	before := h.room.PoolEntries(1)
	if !slices.Contains(before, sb+"#1 waiting 99") {
		t.Fatalf("entries %v: want %s's waiting", before, sb)
	}
	h.checkBooks() // the folded seat keeps what it left in the hand
	h.restart()
	after := h.room.PoolEntries(1)
	want := slices.DeleteFunc(slices.Clone(before), func(e string) bool { return strings.HasPrefix(e, sb+"#") })
	if !slices.Equal(after, want) {
		t.Fatalf("after the restart: %v, want %v", after, want)
	}
	if got := h.wallet(sb); got != 9999 {
		t.Fatalf("%s's wallet %d after the restart, want 9999 (the waiting entry's chips)", sb, got)
	}
	if r := h.must("ana", "/pool"); !strings.Contains(r.Text, "P1") {
		t.Fatalf("/pool after the restart: %q", r.Text)
	}
	h.checkBooks()
	h.poolFoldAll() // the hands go on where they were and end
	h.cashOutPool(sb)
}

// R-CASH-7: a pool hand that cannot be resumed at a restart is voided as
// at any table: its chips go back where they came from, a fast-folded
// seat's blind included (to its owner's wallet, as the fold had sent the
// rest), and the pool deals on.
func TestPoolHandVoidedAtRestartReturnsAFoldedSeatsChips(t *testing.T) {
	h := startSixHanded(t, 17)
	label := h.playingPoolTable()
	id := tableID(label)
	_, sb, _ := h.blinds(id)
	h.must(sb, "/fastfold")
	ctx := context.Background()
	hands, err := h.store.OpenHands(ctx, id)
	if err != nil || len(hands) != 1 {
		t.Fatalf("open hands %v, %v", hands, err)
	}
	h.room.Close()
	if err := h.store.AppendHandEvents(ctx, hands[0].ID, []store.HandEvent{{Seq: len(hands[0].Events) + 2, Kind: "action", Payload: `{}`, CreatedAt: h.clock.Now()}}); err != nil {
		t.Fatal(err)
	}
	h.restart()
	if vs, err := h.store.VoidedHands(ctx); err != nil || len(vs) != 1 {
		t.Fatalf("voided %v, %v", vs, err)
	}
	if got := h.wallet(sb); got != 10000 {
		t.Fatalf("%s's wallet %d after the void, want 10000 (the blind back)", sb, got)
	}
	h.checkBooks()
	h.cashOutPool(sb)
}

// R-CASH-7 with R-TIME-2: an entry whose player lets the clock run two
// hands in a row sits out (its timeouts go with it from hand to hand) and
// is not dealt in until /pool back.
func TestPoolEntryTimingOutTwiceSitsOut(t *testing.T) {
	h := newHarness(t, 18)
	h.must("admin", "/newpool nlhe 1/2 seats=2 timer=5 bank=0 rake=off")
	h.must("ana", "/pool join 100")
	h.must("ben", "/pool join 100")
	var out string
	for range 12 {
		h.sleep(6 * time.Second)
		for _, e := range h.room.PoolEntries(1) {
			if strings.Contains(e, "sitout") {
				out = e
			}
		}
		if out != "" {
			break
		}
	}
	if out == "" {
		t.Fatalf("nobody sat out after timing out hand after hand: %v", h.room.PoolEntries(1))
	}
	name, _, _ := strings.Cut(out, "#")
	h.sleep(room.PoolGather)
	if tabs := poolTables(h.room.PoolEntries(1)); len(tabs) != 0 {
		t.Fatalf("a hand without %s's entry, sitting out: %v", name, tabs)
	}
	h.must(name, "/pool back")
	h.sleep(room.PoolGather)
	if tabs := poolTables(h.room.PoolEntries(1)); len(tabs) != 1 {
		t.Fatalf("%s back: tables %v, want a hand", name, tabs)
	}
}

// R-CASH-7 (seed 000): the others do not see a fast fold out of turn
// until the turn passes the player: the table message shows the seat in
// the hand, then folded once the player to act has acted.
func TestPoolFastFoldOutOfTurnIsShownWhenTheTurnPasses(t *testing.T) {
	h := startSixHanded(t, 19)
	label := h.playingPoolTable()
	id := tableID(label)
	toAct, sb, _ := h.blinds(id)
	h.must(sb, "/fastfold")
	if v := h.poolTable(id).Text; strings.Contains(v, sb+" folds") || !strings.Contains(v, "bet 1") {
		t.Fatalf("the fold out of turn is shown before the turn passes %s:\n%s", sb, v)
	}
	h.must(toAct, "/call")
	if v := h.poolTable(id).Text; !strings.Contains(v, sb+" folds") {
		t.Fatalf("the fold is not shown once the turn passed %s:\n%s", sb, v)
	}
}

// R-CASH-7 (seed 000) across a restart: a fast fold out of turn not shown
// yet stays hidden when the room starts again (the table finds it by
// replaying the stored hand), and is shown when the turn passes.
func TestPoolFastFoldOutOfTurnStaysHiddenAfterARestart(t *testing.T) {
	h := startSixHanded(t, 19)
	label := h.playingPoolTable()
	id := tableID(label)
	toAct, sb, _ := h.blinds(id)
	h.must(sb, "/fastfold")
	h.restart()
	h.must(toAct, "/cards") // any command: the table is loaded and shows its message
	if v := h.poolTable(id).Text; strings.Contains(v, sb+" folds") || !strings.Contains(v, "bet 1") {
		t.Fatalf("after the restart, the fold out of turn is shown before the turn passes %s:\n%s", sb, v)
	}
	h.must(toAct, "/call")
	if v := h.poolTable(id).Text; !strings.Contains(v, sb+" folds") {
		t.Fatalf("the fold is not shown once the turn passed %s:\n%s", sb, v)
	}
}

// R-CASH-7: the step that passes a fast fold out of turn shows it (a line
// "X folds") also when that step's write was stored although reported
// failed: the table reloads what the store holds and shows the step, the
// fold with it.
func TestPoolFastFoldShownByAStepStoredThoughReportedFailed(t *testing.T) {
	h := startSixHanded(t, 19)
	f := withFaults(h)
	label := h.playingPoolTable()
	id := tableID(label)
	toAct, sb, _ := h.blinds(id)
	h.must(sb, "/fastfold")
	if v := h.poolTable(id).Text; strings.Contains(v, sb+" folds") {
		t.Fatalf("the fold out of turn is shown before the turn passes %s:\n%s", sb, v)
	}
	writes := faultTableWrite(f, 1, bottest.Ambiguous)
	if _, err := h.do(toAct, "/call"); err != nil && !errors.Is(err, table.ErrStoredAfterAll) {
		t.Fatalf("a call stored although reported failed: %v", err)
	}
	if writes.Load() < 1 {
		t.Fatal("the call's write did not come")
	}
	if v := h.poolTable(id).Text; !strings.Contains(v, sb+" folds") || !strings.Contains(v, toAct+" calls") {
		t.Fatalf("after the call stored though reported failed, want %s's call and %s's fold shown:\n%s", toAct, sb, v)
	}
}

// cardsButton is the fast-fold button of user's latest private cards
// message.
func (h *harness) cardsButton(user string) string {
	h.t.Helper()
	v := h.lastView(bot.ViewCards, "", user)
	if len(v.Buttons) != 1 || len(v.Buttons[0]) != 1 {
		h.t.Fatalf("%s's cards have buttons %+v, want the fast fold", user, v.Buttons)
	}
	return v.Buttons[0][0].Token
}

// R-CASH-7: the private cards message of a pool hand carries a Fast fold
// button, good any time in the hand: refused to the big blind with no
// raise, taken out of turn, refused again once folded (the same press
// twice), and from an earlier hand stale.
func TestPoolFastFoldButtonInThePrivateCards(t *testing.T) {
	h := startSixHanded(t, 20)
	label := h.playingPoolTable()
	toAct, sb, bb := h.blinds(tableID(label))
	if _, err := h.press(bb, h.cardsButton(bb)); bot.FromError(err).Key != "fastfold.matched" {
		t.Fatalf("the big blind's press: %v, want fastfold.matched", err)
	}
	tok := h.cardsButton(sb)
	if r, err := h.press(sb, tok); err != nil || !strings.Contains(r.Text, "99") {
		t.Fatalf("the small blind's press out of turn: %+v, %v", r, err)
	}
	if _, err := h.press(sb, tok); bot.FromError(err).Key != "action.not_in_hand" {
		t.Fatalf("the same press twice: %v", err)
	}
	if _, err := h.press(toAct, tok); err == nil {
		t.Fatal("another player's press of sb's button was taken")
	}
	old := h.cardsButton(toAct)
	h.must(toAct, "/fastfold") // in turn
	h.poolFoldAll()
	h.sleep(room.PoolGather)
	if _, err := h.press(toAct, old); err == nil {
		t.Fatal("a button of an earlier hand was taken")
	}
}

// R-CASH-7: /newpool takes /newtable's variants, stakes and options and
// refuses what /newtable refuses; a chat has at most five pools, and a
// member names one (P2) when there are several.
func TestNewPoolRefusesBadSettingsAndASixthPool(t *testing.T) {
	h := newHarness(t, 21)
	h.fails("ana", "/newpool nlhe 1/2", "admin.only")
	if e := h.fails("admin", "/newpool nlhe 1/2 seats=11", "newtable.seats"); e.Message(bot.Spanish) == "" {
		t.Fatal("no Spanish message")
	}
	for i := 1; i <= 5; i++ {
		h.must("admin", fmt.Sprintf("/newpool nlhe %d/%d", i, 2*i))
	}
	h.fails("admin", "/newpool nlhe 1/2", "newpool.too_many")
	h.fails("ana", "/pool join 100", "pool.which")
	if r := h.must("ana", "/pool join 100 P1"); !strings.Contains(r.Text, "P1") {
		t.Fatalf("join P1: %q", r.Text)
	}
	if r := h.must("ana", "/pool"); strings.Count(r.Text, "\nP") != 5 || !strings.Contains(r.Text, "Your entry 1") {
		t.Fatalf("/pool:\n%s", r.Text)
	}
	h.restart()
	if r := h.must("ana", "/pool"); strings.Count(r.Text, "\nP") != 5 {
		t.Fatalf("/pool after a restart:\n%s", r.Text)
	}
}

// /pool counts a pool's entries in words that agree with the number.
func TestPoolListCountsEntriesInWords(t *testing.T) {
	h := newHarness(t, 3)
	h.must("admin", "/newpool nlhe 10/20 buyin=400-5000")
	h.must("ana", "/pool join 400")
	if r := h.must("ana", "/pool"); !strings.Contains(r.Text, "1 entry (0 in a hand, 1 waiting)") {
		t.Errorf("one entry: %q", r.Text)
	}
	h.must("ana", "/pool join 400")
	if r := h.must("ana", "/pool"); !strings.Contains(r.Text, "2 entries (0 in a hand, 2 waiting)") {
		t.Errorf("two entries: %q", r.Text)
	}
}
