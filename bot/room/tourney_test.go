package room_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// news returns the tournament news the group saw.
func (h *harness) news() []string {
	var out []string
	for _, m := range h.rec.all() {
		if v, ok := m.Body.(bot.View); ok && v.Kind == bot.ViewNews && m.To.Chat == "group" {
			out = append(out, v.Text)
		}
	}
	return out
}

func (h *harness) newsWith(s string) []string {
	var out []string
	for _, n := range h.news() {
		if strings.Contains(n, s) {
			out = append(out, n)
		}
	}
	return out
}

// lobby returns the latest lobby message.
func (h *harness) lobby() bot.View {
	h.t.Helper()
	msgs := h.rec.all()
	for i := len(msgs) - 1; i >= 0; i-- {
		if v, ok := msgs[i].Body.(bot.View); ok && v.Kind == bot.ViewLobby {
			return v
		}
	}
	h.t.Fatal("no lobby yet")
	return bot.View{}
}

// playTourney advances the clock until the tournament's results are out.
func (h *harness) playTourney(step time.Duration, limit int) {
	h.t.Helper()
	h.playUntilResults(1, step, limit)
}

// playUntilResults moves the clock until n tournaments have told their
// results.
func (h *harness) playUntilResults(n int, step time.Duration, limit int) {
	h.t.Helper()
	for range limit {
		if len(h.newsWith("Results:")) >= n {
			return
		}
		h.sleep(step)
	}
	bal, _ := h.do("admin", "/tourney balance")
	pl, _ := h.do("admin", "/tourney players")
	h.t.Fatalf("the tournament did not end; news:\n%s\ntable:\n%s\nbalance:\n%s\nplayers:\n%s", strings.Join(h.news(), "\n"), h.table().Text, bal.Text, pl.Text)
}

// A freeroll sit-and-go starts when the admin fills it with practice
// opponents, plays to a winner with the blinds rising on the clock, and
// places everyone (R-TRN-1, R-TRN-7, R-TRN-9).
func TestFreerollSitAndGoPlaysToAWinner(t *testing.T) {
	h := newHarness(t, 7)
	r := h.must("admin", "/tourney create Freeroll Hyper start=sng players=6 seats=6 speed=hyper bots=on")
	if !strings.Contains(r.Text, "T1") {
		t.Fatalf("create: %q", r.Text)
	}
	if !strings.Contains(h.lobby().Text, "freeroll") {
		t.Fatalf("lobby: %s", h.lobby().Text)
	}
	h.must("alice", "/register")
	h.fails("alice", "/register", "tourney.already_registered")
	h.fails("bob", "/tourney start", "admin.only")
	h.must("admin", "/tourney start")
	if len(h.newsWith("starts: 6 players at 1 table")) != 1 {
		t.Fatalf("no start news: %q", h.news())
	}
	h.must("alice", "/sitout") // away: dealt in and folded until /back
	h.playTourney(time.Minute, 600)
	res := h.newsWith("Results:")[0]
	for i := 1; i <= 6; i++ {
		if !strings.Contains(res, fmt.Sprintf("%d. ", i)) {
			t.Errorf("results without place %d:\n%s", i, res)
		}
	}
	if got := h.wallet("alice"); got != 10000 {
		t.Errorf("freeroll moved chips: alice has %d", got)
	}
	t.Logf("news:\n%s", strings.Join(h.news(), "\n"))
	// An hour after its last use the finished tournament leaves memory;
	// a command that names it brings it back from the store.
	h.sleep(2 * time.Hour)
	if n := h.room.TourneysInMemory(); n != 0 {
		t.Errorf("%d tournaments in memory two hours after the end", n)
	}
	if r := h.must("bob", "/standings T1"); !strings.Contains(r.Text, "final standings") || !strings.Contains(r.Text, "alice") {
		t.Errorf("/standings of a retired tournament: %q", r.Text)
	}
	if n := h.room.TourneysInMemory(); n != 1 {
		t.Errorf("%d tournaments in memory after /standings T1, want it loaded", n)
	}
}

// ledgerByReason sums the ledger moves of a tournament by reason.
func (h *harness) ledgerByReason(ref string) map[string]int64 {
	h.t.Helper()
	var rows []struct {
		Reason string
		Sum    int64
	}
	if err := h.store.DB().Raw("SELECT reason, SUM(amount) AS sum FROM ledger_entries WHERE reference = ? GROUP BY reason", ref).Scan(&rows).Error; err != nil {
		h.t.Fatal(err)
	}
	out := map[string]int64{}
	for _, r := range rows {
		out[r.Reason] = r.Sum
	}
	return out
}

// A scheduled 30-player progressive-knockout tournament with re-entry and
// 5-minute levels: registration opens on its timer, players and practice
// opponents register, a player busts and re-enters during late
// registration (R-TRN-3, R-TRN-5), the blinds rise from the next hand
// (R-TRN-9), tables are broken and balanced (R-TRN-11), the bubble and the
// final table are announced, and the prizes (R-TRN-6, R-TRN-7) and
// bounties (R-TRN-14) sum exactly to what was paid in.
func TestScheduledReentryPKOPlaysToAWinner(t *testing.T) {
	h := newHarnessWith(t, filepath.Join(t.TempDir(), "room.db"), 11, 2*time.Second)
	h.must("admin", "/spectate news-channel")
	h.must("admin", "/tourney create PKO Thirty buyin=100+10 bounty=pko start=+10m open=+2m late=3 reentry=3 level=5m speed=turbo seats=9 bots=on players=40")
	h.fails("alice", "/register", "tourney.wrong_state") // registration opens at +2m
	h.sleep(2 * time.Minute)
	if len(h.newsWith("Registration is open for PKO Thirty")) != 1 {
		t.Fatalf("registration did not open on its timer: %q", h.news())
	}
	for _, u := range []string{"alice", "bob", "carol"} {
		h.must(u, "/register")
	}
	// dave registers with the lobby's button.
	var reg string
	for _, row := range h.lobby().Buttons {
		for _, b := range row {
			if strings.HasPrefix(b.Command, "/register") {
				reg = b.Token
			}
		}
	}
	if _, err := h.press("dave", reg); err != nil {
		t.Fatal(err)
	}
	h.must("admin", "/tourney bots 26")
	if got := h.wallet("dave"); got != 10000-110 {
		t.Fatalf("dave's wallet after the buy-in: %d", got)
	}
	h.sleep(8 * time.Minute)
	if len(h.newsWith("PKO Thirty starts: 30 players at 4 tables")) != 1 {
		t.Fatalf("no start: %q", h.news())
	}
	// alice shoves every hand until she busts, then re-enters.
	reentered := false
	for range 2000 {
		if len(h.newsWith("late registration is closed")) > 0 {
			break
		}
		_, _ = h.do("alice", "/allin")
		if !reentered && len(h.newsWith("alice is out")) > 0 {
			r := h.must("alice", "/reenter")
			if !strings.Contains(r.Text, "alice [2]") {
				t.Fatalf("re-entry: %q", r.Text)
			}
			reentered = true
		}
		h.sleep(2 * time.Second)
	}
	if !reentered {
		t.Fatalf("alice never busted during late registration: %q", h.news())
	}
	h.playTourney(time.Minute, 2000)

	for _, want := range []string{"level 2, blinds", "late registration is closed", "is broken", "final table is set", "bubble has burst", "for knocking out", "Results:"} {
		if len(h.newsWith(want)) == 0 {
			t.Errorf("the news never said %q", want)
		}
	}
	res := h.newsWith("Results:")[0]
	if !strings.Contains(res, "1. ") || !strings.Contains(res, "2. ") {
		t.Errorf("results: %s", res)
	}
	// The spectator channel is told the same story.
	var channel []string
	for _, m := range h.rec.all() {
		if v, ok := m.Body.(bot.View); ok && v.Kind == bot.ViewNews && m.To.Chat == "news-channel" {
			channel = append(channel, v.Text)
		}
	}
	if len(channel) != len(h.news()) || channel[len(channel)-1] != h.news()[len(h.news())-1] {
		t.Errorf("the spectator channel has %d news, the chat %d", len(channel), len(h.news()))
	}
	// The money: 31 entries of 50 prize + 50 bounty + 10 fee.
	ledger := h.ledgerByReason("tourney:1")
	if ledger["tournament buy-in"] != 31*100 || ledger["tournament fee"] != 5*10 { // practice opponents pay no fee
		t.Errorf("buy-ins %v", ledger)
	}
	if ledger["prize"] != 31*50 {
		t.Errorf("prizes paid %d, pool %d", ledger["prize"], 31*50)
	}
	if ledger["bounty"]+ledger["own bounty"]+ledger["unclaimed bounties"] != 31*50 {
		t.Errorf("bounties paid %v, put in %d", ledger, 31*50)
	}
	// The statistics: alice's two entries (220 spent), her net what her
	// wallet moved; the 26 practice opponents never listed.
	net := h.wallet("alice") - 10000
	if st := h.must("alice", "/stats").Text; !strings.Contains(st, "Played 1 · entries 2 · ") ||
		!strings.Contains(st, fmt.Sprintf("Spent 220 · won %s · net ", bot.FormatChips(net+220, bot.English))) {
		t.Errorf("alice's /stats (net %d):\n%s", net, st)
	}
	if board := strings.Split(h.must("bob", "/leaderboard tourney").Text, "\n"); len(board) != 5 {
		t.Errorf("the tournament leaderboard lists %d lines, want the 4 players': %q", len(board), board)
	}
	t.Logf("news:\n%s", strings.Join(h.news(), "\n"))
	h.wantEmptyAccount("tourney:1")
}

// players is /tourney players as the admin sees it: names and stacks.
// wantEmptyAccount checks that a tournament's account holds nothing.
func (h *harness) wantEmptyAccount(ref string) {
	h.t.Helper()
	ctx := context.Background()
	acc, err := h.store.OpenAccount(ctx, bot.AccountTournament, ref, 0)
	if err != nil {
		h.t.Fatal(err)
	}
	if bal, err := h.store.Balance(ctx, acc); err != nil || bal != 0 {
		h.t.Errorf("account %s keeps %d (%v)", ref, bal, err)
	}
}

func (h *harness) players() string {
	h.t.Helper()
	return h.must("admin", "/tourney players").Text
}

// levelLine is the lobby's level line.
func (h *harness) levelLine() string {
	for _, l := range strings.Split(h.lobby().Text, "\n") {
		if strings.HasPrefix(l, "Level ") || strings.HasPrefix(l, "Break") {
			return strings.SplitN(l, " · next", 2)[0]
		}
	}
	return ""
}

// A multi-table tournament survives restarts: during late registration,
// right after a level change and in the middle of hands, it comes back
// with the same players, stacks, seats and level, and plays on to a
// winner with exact books (R-TRN-5, R-TRN-9, R-TRN-11).
func TestTourneyResumesAfterRestarts(t *testing.T) {
	h := newHarnessWith(t, filepath.Join(t.TempDir(), "room.db"), 5, 2*time.Second)
	h.must("admin", "/tourney create Restarts buyin=20+2 start=+1m late=2 reentry=2 level=5m speed=turbo seats=6 bots=on")
	h.must("alice", "/register")
	h.must("admin", "/tourney bots 16")
	h.sleep(time.Minute + 30*time.Second)
	if len(h.newsWith("starts: 17 players at 3 tables")) != 1 {
		t.Fatalf("no start: %q", h.news())
	}
	// 1. During late registration: bob registers late and is seated.
	r := h.must("bob", "/register")
	if !strings.Contains(r.Text, "seat") {
		t.Fatalf("late registration: %q", r.Text)
	}
	before := h.players()
	h.noSettle = true
	h.restart()
	h.noSettle = false
	if after := h.players(); after != before {
		t.Fatalf("players after a restart in late registration:\n%s\nbefore:\n%s", after, before)
	}
	// 2. Right after a level change (the hands in progress still play
	// the old level).
	h.sleep(5*time.Minute - 30*time.Second + 100*time.Millisecond)
	level := h.levelLine()
	if !strings.HasPrefix(level, "Level 2") {
		t.Fatalf("level after 5 minutes: %q", level)
	}
	h.restart()
	if got := h.levelLine(); got != level {
		t.Fatalf("level after a restart: %q, before %q", got, level)
	}
	// 3. In the middle of hands.
	h.sleep(time.Second)
	before = h.players()
	h.restart()
	if after := h.players(); after != before {
		t.Fatalf("players after a restart mid-hand:\n%s\nbefore:\n%s", after, before)
	}
	h.playTourney(time.Minute, 2000)
	ledger := h.ledgerByReason("tourney:1")
	entries := ledger["tournament buy-in"] / 20
	if entries < 18 || ledger["prize"] != entries*20 {
		t.Errorf("prizes %v for %d entries", ledger, entries)
	}
}

// Every mistake in /tourney create gets its own answer, and nothing is
// created (R-TRN-2, R-TRN-8, R-TRN-10).
func TestTourneyCreateRefusesBadOptions(t *testing.T) {
	h := newHarness(t, 3)
	for _, c := range []struct{ line, key string }{
		{"/tourney create", "tourney.usage"},
		{"/tourney", "tourney.sub"},
		{"/tourney create start=sng", "tourney.usage"},
		{"/tourney create X buyin=ten start=sng", "tourney.buyin"},
		{"/tourney create X start=sng seats=7", "tourney.bad_table_size"},
		{"/tourney create X start=yesterday", "tourney.when"},
		{"/tourney create X", "tourney.no_start"},
		{"/tourney create X start=sng speed=warp", "newtable.value"},
		{"/tourney create X start=sng levels=10/5", "tourney.level"},
		{"/tourney create X start=sng bounty=pko buyin=free", "tourney.bounty_needs_bounty"},
		{"/tourney create X start=+1h reentry=3", "tourney.reentry_needs_late"},
		{"/tourney create X start=sng late=2", "tourney.sng_late"},
		{"/tourney create X start=+1h open=+2h", "tourney.open_after_start"},
		{"/tourney create X start=sng colour=red", "tourney.unknown_option"},
		{"/tourney create X start=sng seats=6 seats=9", "tourney.option_twice"},
		{"/tourney create X start=sng players=1", "tourney.range"},
		{"/tourney create X start=sng game=draw", "tourney.game"},
		{"/tourney explode", "tourney.sub"},
		{"/tourney info", "tourney.none"},
	} {
		h.fails("admin", c.line, c.key)
	}
	h.fails("bob", "/tourney create X start=sng", "admin.only")
	h.fails("bob", "/register", "tourney.none")
	h.must("admin", "/tourney create A start=sng players=2 seats=2")
	h.must("admin", "/tourney create B start=sng players=2 seats=2")
	h.fails("bob", "/register", "tourney.which")
	h.fails("bob", "/register T9", "tourney.no_such")
	h.must("bob", "/register T2")
	h.fails("bob", "/unregister T1", "tourney.not_registered")
	h.must("bob", "/unregister T2")
	h.fails("admin", "/tourney start T1", "tourney.not_full")
	h.fails("admin", "/tourney bots T1", "tourney.bots_off")
	if r := h.must("carol", "/tourneys"); !strings.Contains(r.Text, "T1 A") || !strings.Contains(r.Text, "T2 B") {
		t.Errorf("/tourneys: %q", r.Text)
	}
}

// A sit-and-go starts by itself when its last seat is taken (R-TRN-1), and
// a cancelled tournament refunds every entry, fee included.
func TestSitAndGoStartsWhenFullAndCancelRefunds(t *testing.T) {
	h := newHarness(t, 4)
	h.must("admin", "/tourney create HU buyin=50+5 start=sng players=2 seats=2")
	h.must("admin", "/tourney create Later buyin=50+5 start=+1h")
	h.must("alice", "/register T2")
	if got := h.wallet("alice"); got != 10000-55 {
		t.Fatalf("alice after the buy-in: %d", got)
	}
	h.must("admin", "/tourney cancel T2")
	if got := h.wallet("alice"); got != 10000 {
		t.Fatalf("alice after the cancellation: %d", got)
	}
	h.fails("alice", "/register T2", "tourney.wrong_state")
	h.must("alice", "/register T1")
	h.must("bob", "/register T1")
	if len(h.newsWith("HU starts: 2 players at 1 table")) != 1 {
		t.Fatalf("the sit-and-go did not start when full: %q", h.news())
	}
	if h.toAct() == "" {
		t.Fatalf("no hand dealt:\n%s", h.table().Text)
	}
	h.fails("alice", "/join", "ttable.not_here")
}

// An anonymous tournament shows pseudonyms at the table while the players
// are in, and real names in the results (R-TRN-13).
func TestAnonymousTourneyShowsRealNamesInResults(t *testing.T) {
	h := newHarness(t, 9)
	h.must("admin", "/tourney create Masked start=sng players=3 seats=6 speed=hyper anon=on bots=on")
	h.must("alice", "/register")
	h.must("admin", "/tourney start")
	if strings.Contains(h.table().Text, "alice") || !strings.Contains(h.table().Text, "Anonymous") {
		t.Fatalf("the table shows real names:\n%s", h.table().Text)
	}
	h.must("alice", "/sitout")
	h.playTourney(time.Minute, 600)
	for _, m := range h.rec.all() {
		if v, ok := m.Body.(bot.View); ok && v.Kind == bot.ViewTable && strings.Contains(v.Text, "alice") {
			t.Fatalf("a table message named alice:\n%s", v.Text)
		}
	}
	if res := h.newsWith("Results:")[0]; !strings.Contains(res, "alice") {
		t.Errorf("results without real names: %s", res)
	}
}

// An admin starts a scheduled knockout event early, the room restarts, and
// the admin cancels it in the middle of hands: the tables close when
// their hands end, and every entry gets back its prize part, the bounty
// still on its head and its fee; bounties already won stay won, and the
// tournament's account ends empty.
func TestEarlyStartRestartAndCancelMidHand(t *testing.T) {
	h := newHarnessWith(t, filepath.Join(t.TempDir(), "room.db"), 13, 2*time.Second)
	h.must("admin", "/tourney create Early buyin=40+10+5 bounty=ko start=+1h seats=6 bots=on min=2")
	h.must("alice", "/register")
	h.must("admin", "/tourney bots 11")
	h.must("admin", "/tourney start")
	if len(h.newsWith("Early starts: 12 players at 2 tables")) != 1 {
		t.Fatalf("no early start: %q", h.news())
	}
	h.must("alice", "/sitout")
	h.sleep(3 * time.Minute)
	h.restart()
	if !strings.Contains(h.lobby().Text, "running") {
		t.Fatalf("after a restart:\n%s", h.lobby().Text)
	}
	h.sleep(time.Second)
	h.must("admin", "/tourney cancel")
	h.sleep(time.Minute)
	ctx := context.Background()
	if open, err := h.store.OpenTables(ctx, 0); err != nil || len(open) != 0 {
		t.Fatalf("tables still open after the cancellation: %d, %v", len(open), err)
	}
	h.wantEmptyAccount("tourney:1")
	ledger := h.ledgerByReason("tourney:1")
	if ledger["tournament refund"]+ledger["bounty"] != 12*50 {
		t.Errorf("refunds and bounties %v, paid in %d", ledger, 12*50)
	}
	if got := h.wallet("alice"); got < 10000-10 {
		t.Errorf("alice after the refund: %d", got)
	}
}

// Rebuys during the rebuy period while at or below the starting stack, a
// busted player's time to rebuy, the add-on once at the end of the
// period, and a prize pool that adds them all (R-TRN-4, R-TRN-6).
func TestRebuysAndAddOn(t *testing.T) {
	h := newHarnessWith(t, filepath.Join(t.TempDir(), "room.db"), 17, 2*time.Second)
	h.must("admin", "/tourney create Rebuys buyin=10+1 start=+1m rebuys=2 rebuylevels=1 addon=10:5000 level=3m speed=turbo seats=6 bots=on min=2")
	h.must("alice", "/register")
	h.must("admin", "/tourney bots 7")
	h.fails("alice", "/rebuy", "tourney.wrong_state")
	h.sleep(time.Minute + time.Second)
	// alice shoves until she busts, rebuys once, then folds every hand.
	rebought := 0
	for range 3000 {
		if len(h.newsWith("rebuy period is over")) > 0 {
			break
		}
		if rebought == 0 && strings.Contains(strings.Join(h.private("alice"), "\n"), "out of chips") {
			h.must("alice", "/rebuy")
			h.must("alice", "/sitout")
			rebought++
		}
		if rebought == 0 {
			_, _ = h.do("alice", "/allin")
		}
		h.sleep(2 * time.Second)
	}
	if rebought == 0 {
		t.Fatalf("alice never rebought; news %q", h.news())
	}
	if len(h.newsWith("add-on is open")) == 0 {
		t.Fatalf("no add-on: %q\nalice: %q", h.news(), h.private("alice"))
	}
	addon := false
	if len(h.newsWith("alice is out")) == 0 {
		h.must("alice", "/addon")
		h.fails("alice", "/addon", "tourney.addon_taken")
		addon = true
	}
	h.playTourney(time.Minute, 3000)
	ledger := h.ledgerByReason("tourney:1")
	want := int64(8*10 + rebought*10)
	if addon {
		want += 10
	}
	if got := ledger["tournament buy-in"] + ledger["tournament rebuy"] + ledger["tournament addon"]; got < want {
		t.Errorf("paid in %d, want at least %d (%v)", got, want, ledger)
	}
	if ledger["prize"] != ledger["tournament buy-in"]+ledger["tournament rebuy"]+ledger["tournament addon"] {
		t.Errorf("prizes %d, paid in %v", ledger["prize"], ledger)
	}
	t.Logf("alice rebought %d, add-on %v; news:\n%s", rebought, addon, strings.Join(h.news(), "\n"))
}

// A satellite's winners are registered in its target with the tickets
// they won, the seats' value paid from the satellite into the target, the
// leftover to the next place (R-TRN-15); the target then plays with them.
func TestSatelliteTicketsRegisterWinnersInTarget(t *testing.T) {
	h := newHarness(t, 21)
	h.must("admin", "/tourney create Main Event buyin=100+10 start=+3h")
	h.fails("admin", "/tourney create Sat start=sng target=T9", "tourney.target")
	h.must("admin", "/tourney create Sat buyin=20+2 start=sng players=12 seats=6 speed=hyper target=T1 bots=on")
	h.must("alice", "/register T2")
	h.must("admin", "/tourney start T2")
	h.must("alice", "/sitout")
	h.playTourney(time.Minute, 600)
	// 12 x 20 = 240: two seats of 110, 20 left to third place.
	if n := len(h.newsWith("wins a seat: registered for T1")); n != 2 {
		t.Fatalf("%d seats given, want 2: %q", n, h.news())
	}
	lobby := h.must("admin", "/tourney info T1").Text
	if !strings.Contains(lobby, "2 in (2 entries)") || !strings.Contains(lobby, "prize pool 200") {
		t.Fatalf("the target after the satellite:\n%s", lobby)
	}
	sat := h.ledgerByReason("tourney:2")
	if sat["tournament buy-in"] != 240 || sat["prize"] != 20 {
		t.Errorf("satellite ledger %v", sat)
	}
	main := h.ledgerByReason("tourney:1")
	if main["tournament buy-in"] != 200 {
		t.Errorf("the target received %v", main)
	}
	h.wantEmptyAccount("tourney:2")
	if r := h.must("bob", "/tourneys"); strings.Contains(r.Text, "T2 ") {
		t.Errorf("the satellite is still listed: %q", r.Text)
	}
}

// A deal at the final table needs every player still in (practice
// opponents accept); a refusal lets play go on; an accepted chip chop ends
// the tournament with the shares paid and summing to the prizes left
// (R-TRN-18).
func TestDealNeedsEveryPlayerAndPaysTheShares(t *testing.T) {
	h := newHarness(t, 23)
	h.must("admin", "/tourney create Dealers buyin=20+2 start=sng players=6 seats=6 speed=hyper bots=on")
	h.must("alice", "/register")
	h.must("bob", "/register")
	h.fails("alice", "/deal chop", "deal.final_only")
	h.must("admin", "/tourney start")
	h.fails("carol", "/deal chop", "deal.not_in")
	h.fails("alice", "/deal accept", "deal.none")
	h.must("alice", "/deal icm")
	h.fails("bob", "/deal chop", "deal.pending")
	h.must("bob", "/deal decline")
	if len(h.newsWith("bob declines the deal")) != 1 {
		t.Fatalf("no refusal news: %q", h.news())
	}
	h.must("alice", "/deal chop")
	if r := h.must("bob", "/deal"); !strings.Contains(r.Text, "chip chop") {
		t.Fatalf("/deal shows %q", r.Text)
	}
	h.must("bob", "/deal accept")
	h.must("alice", "/sitout")
	h.must("bob", "/sitout")
	h.sleep(5 * time.Minute)
	if len(h.newsWith("ends by a deal")) != 1 {
		t.Fatalf("no deal: %q", h.news())
	}
	ledger := h.ledgerByReason("tourney:1")
	if ledger["deal"]+ledger["prize"] != 6*20 {
		t.Errorf("deal shares and prizes %v, pool %d", ledger, 6*20)
	}
	if len(h.newsWith("Results:")) != 1 {
		t.Errorf("no results after the deal: %q", h.news())
	}
}

// Tournaments of a league give it their share of the pool (R-LGE-1) and
// their players the points of their places (R-LGE-2); /league adds them
// up, ties broken by tournaments scored (R-LGE-3).
func TestLeagueScoresFinishedTournaments(t *testing.T) {
	h := newHarness(t, 29)
	h.fails("alice", "/league", "league.none")
	h.fails("admin", "/tourney create X start=sng leagueshare=4%", "tourney.league_share_alone")
	for i := range 2 {
		h.must("admin", fmt.Sprintf("/tourney create Club %d buyin=20+2 start=sng players=6 seats=6 speed=hyper bots=on league=club", i+1))
		h.must("alice", fmt.Sprintf("/register T%d", i+1))
		h.must("admin", fmt.Sprintf("/tourney start T%d", i+1))
		if _, err := h.do("alice", "/sitout"); err != nil {
			t.Fatal(err)
		}
		h.playUntilResults(i+1, time.Minute, 600)
	}
	if r := h.must("bob", "/standings T1"); !strings.Contains(r.Text, "final standings") || !strings.Contains(r.Text, "alice") {
		t.Errorf("/standings: %q", r.Text)
	}
	r := h.must("bob", "/league club")
	// 6 x 20 = 120 a tournament, 4% = 4 chips each to the league.
	if !strings.Contains(r.Text, "tournaments scored 2, pool 8") || !strings.Contains(r.Text, "alice") {
		t.Fatalf("/league:\n%s", r.Text)
	}
	total := 0
	for _, line := range strings.Split(r.Text, "\n")[1:] {
		var rank, pts, n int
		var name string
		if _, err := fmt.Sscanf(strings.ReplaceAll(line, " · ", " "), "%d. %s %d (%d)", &rank, &name, &pts, &n); err == nil {
			total += pts
		}
	}
	if total != 2*(25+20+16+13+11+9) {
		t.Errorf("points in all %d, want %d:\n%s", total, 2*(25+20+16+13+11+9), r.Text)
	}
	// Both tournaments had the practice opponents Alba to Elena (each
	// its own players, one pool of names): the standings list each once,
	// with both tournaments scored, never two lines with one name.
	lines := map[string]int{}
	for _, line := range strings.Split(r.Text, "\n")[1:] {
		var rank, pts, n int
		var name string
		if _, err := fmt.Sscanf(strings.ReplaceAll(line, " · ", " "), "%d. %s %d (%d)", &rank, &name, &pts, &n); err == nil {
			if _, twice := lines[name]; twice {
				t.Errorf("%s is listed twice:\n%s", name, r.Text)
			}
			lines[name] = n
		}
	}
	for _, name := range []string{"Alba", "Bruno", "Carla", "Dario", "Elena"} {
		if lines[name] != 2 {
			t.Errorf("%s scored %d tournaments, want 2:\n%s", name, lines[name], r.Text)
		}
	}
}

// A template saved with its start as a delay is used at once, and on a
// schedule: the room creates the tournament at each time the schedule
// names, its registration open and its start the delay later; after a
// restart the schedule is re-armed, and a time missed while the room was
// down creates one tournament, once.
func TestTemplatesAndSchedules(t *testing.T) {
	h := newHarness(t, 31)
	h.withCron = true
	h.restart()
	h.fails("admin", "/tourney schedule nightly daily 22:00 utc", "template.no_such")
	h.fails("admin", "/tourney template save nightly Nightly start=+30m target=T1", "template.no_target")
	h.must("admin", "/tourney template save nightly Nightly buyin=10+1 start=+30m seats=6 min=2")
	h.fails("admin", "/tourney schedule nightly every blue moon", "schedule.bad")
	h.fails("bob", "/tourney template use nightly", "admin.only")
	r := h.must("admin", "/tourney template use nightly")
	if !strings.Contains(r.Text, "T1") || !strings.Contains(r.Text, "2026-11-23 21:30 UTC") {
		t.Fatalf("template use: %q", r.Text)
	}
	h.must("admin", "/tourney cancel T1")
	h.must("admin", "/tourney schedule nightly daily 22:00 utc")
	if r := h.must("admin", "/tourney template list"); !strings.Contains(r.Text, "nightly · Nightly · ") {
		t.Fatalf("template list: %q", r.Text)
	}
	h.sleep(time.Hour + time.Minute) // 22:01: T2 was created at 22:00
	if r := h.must("bob", "/tourneys"); !strings.Contains(r.Text, "T2 Nightly") {
		t.Fatalf("no scheduled tournament at 22:00: %q", r.Text)
	}
	if !strings.Contains(h.must("admin", "/tourney info T2").Text, "2026-11-23 22:30 UTC") {
		t.Fatalf("T2 starts: %s", h.must("admin", "/tourney info T2").Text)
	}
	h.must("alice", "/register T2")
	h.must("bob", "/register T2")
	// Down from 22:02 to the next day 23:00: the 22:00 firing was missed.
	h.close()
	h.clock.Set(time.Date(2026, 11, 24, 23, 0, 0, 0, time.UTC))
	h.open()
	h.sleep(time.Second)
	r = h.must("bob", "/tourneys")
	if !strings.Contains(r.Text, "T3 Nightly") || strings.Contains(r.Text, "T4") {
		t.Fatalf("after the missed firing: %q", r.Text)
	}
	if !strings.Contains(h.must("admin", "/tourney info T3").Text, "2026-11-24 23:30 UTC") {
		t.Fatalf("the missed firing's tournament starts: %s", h.must("admin", "/tourney info T3").Text)
	}
	h.must("admin", "/tourney schedule nightly off")
	h.sleep(24 * time.Hour)
	if r := h.must("bob", "/tourneys"); strings.Contains(r.Text, "T4") {
		t.Fatalf("a schedule turned off created %q", r.Text)
	}
	h.must("admin", "/tourney template delete nightly")
	h.fails("admin", "/tourney template use nightly", "template.no_such")
}

// A windfall draws its multiplier before the first hand and pays it, the
// house covering or keeping the difference (R-TRN-17); a timed tournament
// stops when its time is up and pays by ICM on the stacks (R-TRN-12).
func TestWindfallAndTimedEnd(t *testing.T) {
	h := newHarnessWith(t, filepath.Join(t.TempDir(), "room.db"), 37, 2*time.Second)
	h.fails("admin", "/tourney create W start=+1h windfall=on", "tourney.windfall")
	h.must("admin", "/tourney create Spin buyin=10+1 start=sng windfall=on speed=hyper bots=on league=spins")
	h.must("alice", "/register")
	h.must("admin", "/tourney start")
	w := h.newsWith("the multiplier is")
	if len(w) != 1 {
		t.Fatalf("no windfall draw: %q", h.news())
	}
	m := regexp.MustCompile(`is (\d+)x, the prize pool ([\d,]+)!`).FindStringSubmatch(w[0])
	if m == nil {
		t.Fatalf("windfall news %q", w[0])
	}
	mult, _ := strconv.ParseInt(m[1], 10, 64)
	pool, _ := strconv.ParseInt(strings.ReplaceAll(m[2], ",", ""), 10, 64)
	if pool != mult*10 {
		t.Fatalf("windfall news %q: pool %d for %dx", w[0], pool, mult)
	}
	h.must("alice", "/sitout")
	h.playTourney(time.Minute, 600)
	if got := h.ledgerByReason("tourney:1")["prize"]; got != pool {
		t.Errorf("windfall paid %d, drawn %d", got, pool)
	}
	// The league's share is taken before the house covers the draw.
	if r := h.must("bob", "/league spins"); !strings.Contains(r.Text, "tournaments scored 1,") {
		t.Errorf("the windfall was not scored in its league:\n%s", r.Text)
	}
	h.wantEmptyAccount("tourney:1")

	// The timed event: a new tournament in the same chat.
	h.must("admin", "/tourney create Timed buyin=20 start=sng players=6 seats=6 end=5m speed=turbo bots=on")
	h.must("admin", "/tourney start T2")
	h.sleep(6 * time.Minute)
	if len(h.newsWith("Timed: time is up")) != 1 || len(h.newsWith("Timed is over")) != 1 {
		t.Fatalf("no timed end: %q", h.news())
	}
	l := h.ledgerByReason("tourney:2")
	if l["timed end"]+l["prize"] != 6*20 {
		t.Errorf("timed end paid %v, pool %d", l, 6*20)
	}
}

// /tourney edit changes the options before anyone registers, one key at
// a time; /tourney balance shows the tables (R-TRN-11).
func TestEditBeforeRegistrationAndBalance(t *testing.T) {
	h := newHarness(t, 41)
	h.must("admin", "/tourney create Edit Me buyin=10+1 start=+1h seats=9 bots=on min=2")
	h.fails("admin", "/tourney edit", "tourney.edit_usage")
	h.fails("admin", "/tourney edit seats=7", "tourney.bad_table_size")
	r := h.must("admin", "/tourney edit buyin=20+2 seats=6")
	if !strings.Contains(r.Text, "Edit Me") {
		t.Fatalf("edit: %q", r.Text)
	}
	info := h.must("admin", "/tourney info").Text
	if !strings.Contains(info, "Buy-in 20+2") || !strings.Contains(info, "6-max") {
		t.Fatalf("after the edit:\n%s", info)
	}
	if !strings.Contains(h.must("admin", "/tourney balance").Text, "not started") {
		t.Fatal("balance before the start")
	}
	h.must("admin", "/tourney bots 13")
	h.fails("admin", "/tourney edit buyin=5", "tourney.edit_late")
	h.restart()
	if info := h.must("admin", "/tourney info").Text; !strings.Contains(info, "Buy-in 20+2") {
		t.Fatalf("the edit did not survive a restart:\n%s", info)
	}
	h.must("admin", "/tourney start")
	b := h.must("admin", "/tourney balance").Text
	if strings.Count(b, "seats") < 2 {
		t.Fatalf("balance: %q", b)
	}
}

// A disqualified player's chips leave play, they take no place and may
// not enter again (R-TRN-20).
func TestDisqualification(t *testing.T) {
	h := newHarnessWith(t, filepath.Join(t.TempDir(), "room.db"), 43, 2*time.Second)
	h.must("admin", "/tourney create Clean buyin=10+1 start=+1m late=2 reentry=2 seats=6 bots=on min=2")
	h.must("alice", "/register")
	h.must("bob", "/register")
	h.must("admin", "/tourney bots 4")
	h.sleep(time.Minute + time.Second)
	h.fails("bob", "/tourney dq alice", "admin.only")
	h.fails("admin", "/tourney dq nobody", "dq.no_such")
	h.must("admin", "/tourney dq alice") // after her hand, if she is in one
	h.sleep(3 * time.Minute)
	if len(h.newsWith("alice is disqualified from Clean")) != 1 {
		t.Fatalf("no disqualification: %q", h.news())
	}
	if strings.Contains(h.must("admin", "/tourney players").Text, "alice") {
		t.Fatal("alice is still listed in play")
	}
	h.fails("alice", "/reenter", "tourney.disqualified")
	h.must("bob", "/sitout")
	h.playTourney(time.Minute, 2000)
	if res := h.newsWith("Results:")[0]; strings.Contains(res, "alice") {
		t.Errorf("a disqualified player is placed:\n%s", res)
	}
	l := h.ledgerByReason("tourney:1")
	if l["prize"] != 6*10 {
		t.Errorf("prizes %v, pool %d", l, 6*10)
	}
}

// flaky reports every nth commit failed after committing it, as if the
// process lost the answer: the room rebuilds what it holds from the store.
type flaky struct {
	bot.Storage
	n, count atomic.Int64
	hits     atomic.Int64
	// lose: the failed writes are not stored at all.
	lose bool
}

func (f *flaky) CommitTables(ctx context.Context, w []*bot.TableWrite) error {
	if f.lose && (f.count.Load()+1)%f.n.Load() == 0 {
		f.count.Add(1)
		f.hits.Add(1)
		return errCrash
	}
	if err := f.Storage.CommitTables(ctx, w); err != nil {
		return err
	}
	if f.count.Add(1)%f.n.Load() == 0 {
		f.hits.Add(1)
		return errCrash
	}
	return nil
}

// Writes that are stored but reported failed, again and again, through a
// multi-table knockout: the director and the tables rebuild from the
// store each time, and the tournament still ends with exact books
// (R-TRN-7, R-TRN-14).
func TestTourneySurvivesFailedWrites(t *testing.T) {
	for _, tc := range []struct {
		name  string
		lose  bool
		extra string
	}{
		{"stored but reported failed", false, ""},
		{"not stored", true, ""},
		{"not stored, busts waiting for a rebuy", true, " rebuys=2 rebuylevels=2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarnessWith(t, filepath.Join(t.TempDir(), "room.db"), 47, 2*time.Second)
			h.room.Close()
			f := &flaky{Storage: h.store, lose: tc.lose}
			f.n.Store(1 << 40)
			h.reopenWith(f)
			h.must("admin", "/tourney create Flaky buyin=10+5+1 bounty=ko start=+1m seats=4 bots=on min=2"+tc.extra)
			h.must("admin", "/tourney bots 10")
			f.n.Store(5)
			h.sleep(time.Minute + time.Second)
			h.playTourney(time.Minute, 3000)
			if f.hits.Load() < 3 {
				t.Fatalf("only %d failed writes", f.hits.Load())
			}
			l := h.ledgerByReason("tourney:1")
			if l["prize"] != 10*10 || l["bounty"]+l["own bounty"]+l["unclaimed bounties"] != 10*5 {
				t.Errorf("ledger %v after %d failed writes", l, f.hits.Load())
			}
			h.wantEmptyAccount("tourney:1")
		})
	}
}

// A satellite's seat won by a player who already paid their own way into
// the target is paid in chips, not kept in the satellite's account; the
// target's buy-in cannot change while a satellite gives seats in it
// (R-TRN-15).
func TestSatelliteSeatOfARegisteredPlayerIsPaidInChips(t *testing.T) {
	h := newHarness(t, 23)
	h.must("admin", "/tourney create Main Event buyin=100+10 start=+3h")
	h.must("admin", "/tourney create Sat buyin=55 start=sng players=2 seats=6 speed=hyper target=T1")
	h.fails("admin", "/tourney edit T1 buyin=200+20", "tourney.edit_buyin_satellite")
	h.must("admin", "/tourney edit T1 seats=6")
	h.must("alice", "/register T1")
	h.must("bob", "/register T1")
	before := h.wallet("alice") + h.wallet("bob")
	h.must("alice", "/register T2")
	h.must("bob", "/register T2")
	h.must("alice", "/sitout")
	h.must("bob", "/sitout")
	h.playTourney(time.Minute, 600)
	if n := len(h.newsWith("wins a seat: registered")); n != 0 {
		t.Fatalf("a seat given to a player registered already: %q", h.newsWith("wins a seat"))
	}
	if n := len(h.newsWith("110 in chips instead")); n != 1 {
		t.Fatalf("no seat paid in chips: %q", h.news())
	}
	if got := h.wallet("alice") + h.wallet("bob") - before; got != 0 {
		t.Errorf("the players' wallets moved by %d; the seat's 110 should return their 2 x 55", got)
	}
	h.wantEmptyAccount("tourney:2")
	if lobby := h.must("admin", "/tourney info T1").Text; !strings.Contains(lobby, "2 in (2 entries)") {
		t.Fatalf("the target after the satellite:\n%s", lobby)
	}
}

// A staged tournament (R-TRN-16): two timed qualifying flights with
// re-entry send their survivors to a closed final with their chips and
// their prize money; the final waits for them, starts at the level after
// the last one they played on a new draw of seats (R-TRN-5), survives a
// restart between the flights, and pays the flights' whole pool.
func TestStagedFlightsCarryChipsIntoTheFinal(t *testing.T) {
	h := newHarnessWith(t, filepath.Join(t.TempDir(), "room.db"), 53, 2*time.Second)
	h.fails("admin", "/tourney create X stage=final start=+5h buyin=10", "tourney.final_option")
	h.fails("admin", "/tourney create X stage=final start=sng", "tourney.final_start")
	h.fails("admin", "/tourney create X stage=final start=+5h open=+1h", "tourney.final_option")
	h.must("admin", "/tourney create Grand Final stage=final start=+5h speed=turbo seats=6")
	h.fails("admin", "/tourney create F flight=T1 buyin=20 start=+10m", "tourney.flight_end")
	h.fails("admin", "/tourney create F flight=T1 buyin=20 start=+10m end=30m speed=hyper", "tourney.flight_option")
	h.fails("admin", "/tourney create F flight=T9 buyin=20 start=+10m end=30m", "tourney.flight_final")
	h.fails("admin", "/tourney create F flight=T1 buyin=20 start=+6h end=30m", "tourney.flight_after_final")
	h.must("admin", "/tourney create Day 1A flight=T1 buyin=20+2 start=+10m end=30m late=1 reentry=2 seats=6 bots=on")
	h.must("admin", "/tourney create Day 1B flight=T1 buyin=20+2 start=+1h end=30m seats=6 bots=on")
	h.fails("admin", "/tourney create F flight=T2 buyin=20 start=+10m end=30m", "tourney.flight_not_final")
	h.fails("alice", "/register T1", "tourney.final_closed")
	h.fails("admin", "/tourney edit T1 seats=9", "tourney.edit_final")
	h.fails("admin", "/tourney cancel T1", "tourney.final_has_flights")
	h.fails("admin", "/tourney start T1", "tourney.final_has_flights")
	if info := h.must("admin", "/tourney info T2").Text; !strings.Contains(info, "Qualifying flight for T1") || !strings.Contains(info, "turbo") {
		t.Fatalf("a flight's lobby:\n%s", info)
	}
	h.must("alice", "/register T2")
	h.must("admin", "/tourney bots 9 T2")
	h.fails("alice", "/deal icm T2", "deal.flight")
	h.must("bob", "/register T3")
	h.must("admin", "/tourney bots 7 T3")

	flightOver := regexp.MustCompile(`^🏆 (Day 1[AB]) is over: (\d+) qualify for T1 with their chips \(level (\d+)\): (.*)\.$`)
	carried := map[string]int64{} // by player, the largest stack
	ended := 0
	waitFlight := func(name string) {
		t.Helper()
		for range 200 {
			for _, n := range h.newsWith(name + " is over") {
				m := flightOver.FindStringSubmatch(n)
				if m == nil {
					t.Fatalf("flight news %q", n)
				}
				lvl, _ := strconv.Atoi(m[3])
				ended = max(ended, lvl)
				for _, q := range strings.Split(m[4], ", ") {
					i := strings.LastIndex(q, " ")
					v, err := strconv.ParseInt(strings.ReplaceAll(q[i+1:], ",", ""), 10, 64)
					if err != nil {
						t.Fatalf("qualifier %q: %v; news:\n%s", q, err, strings.Join(h.news(), "\n"))
					}
					carried[q[:i]] = max(carried[q[:i]], v)
				}
				return
			}
			h.sleep(time.Minute)
		}
		t.Fatalf("%s never ended: %q", name, h.news())
	}
	waitFlight("Day 1A")
	h.restart() // between the flights: the final keeps its qualifiers and pool
	if info := h.must("admin", "/tourney info T1").Text; !strings.Contains(info, "1 flight in") {
		t.Fatalf("the final after a restart:\n%s", info)
	}
	waitFlight("Day 1B")
	paid := h.ledgerByReason("tourney:2")["tournament buy-in"] + h.ledgerByReason("tourney:3")["tournament buy-in"]
	if got := h.ledgerByReason("tourney:1")["flight pool"]; got != paid {
		t.Fatalf("the final received %d from its flights, their players paid %d", got, paid)
	}
	h.wantEmptyAccount("tourney:2")
	h.wantEmptyAccount("tourney:3")

	for range 300 {
		if len(h.newsWith("Grand Final starts: ")) > 0 {
			break
		}
		h.sleep(time.Minute)
	}
	if len(h.newsWith("Grand Final starts: ")) != 1 {
		t.Fatalf("the final did not start: %q", h.news())
	}
	want := fmt.Sprintf("Grand Final: level %d, blinds", ended+1)
	if len(h.newsWith(want)) == 0 {
		t.Fatalf("the final did not start at level %d: %q", ended+1, h.news())
	}
	var total, want2 int64
	for _, v := range carried {
		want2 += v
	}
	for _, line := range strings.Split(h.must("admin", "/tourney players T1").Text, "\n")[1:] {
		i := strings.LastIndex(line, " · ")
		v, err := strconv.ParseInt(strings.ReplaceAll(line[i+len(" · "):], ",", ""), 10, 64)
		if err != nil {
			t.Fatalf("players line %q", line)
		}
		total += v
	}
	if total != want2 || len(carried) < 2 {
		t.Fatalf("the final has %d chips, its %d qualifiers carried %d (%v):\n%s\nnews:\n%s", total, len(carried), want2, carried, h.must("admin", "/tourney players T1").Text, strings.Join(h.news(), "\n"))
	}
	h.playTourney(time.Minute, 2000)
	if got := h.ledgerByReason("tourney:1")["prize"]; got != paid {
		t.Errorf("the final paid %d in prizes, the flights' pool was %d", got, paid)
	}
	h.wantEmptyAccount("tourney:1")
	// Retired, a flight named by a command comes back read-only: it does
	// not carry its qualifiers again, and it retires again.
	h.sleep(2 * time.Hour)
	if n := h.room.TourneysInMemory(); n != 0 {
		t.Fatalf("%d tournaments in memory two hours after the final", n)
	}
	h.must("bob", "/tourney info T3")
	h.sleep(2 * time.Hour)
	if n := len(h.newsWith("Day 1B is over")); n != 1 {
		t.Errorf("the flight's end was told %d times", n)
	}
	if n := h.room.TourneysInMemory(); n != 0 {
		t.Errorf("%d tournaments in memory two hours after /tourney info T3", n)
	}
}

// A pair whose member 1 unregisters keeps its number: member 2 becomes
// member 1, and a pair left empty is taken by the next to name it.
func TestPairKeepsItsNumberWhenMemberOneLeaves(t *testing.T) {
	h := newHarness(t, 73)
	h.must("admin", "/tourney create Duo pairs=on buyin=20 start=+10m late=2")
	h.must("alice", "/register")
	h.must("bob", "/register T1 pair=1")
	h.must("alice", "/unregister")
	if r := h.must("carol", "/register T1 pair=1"); !strings.Contains(r.Text, "member 2 of pair 1 with bob") {
		t.Fatalf("after member 1 left: %q", r.Text)
	}
	h.fails("alice", "/register T1 pair=1", "pairs.full")
	h.must("dave", "/register")
	h.must("dave", "/unregister")
	if r := h.must("erin", "/register T1 pair=2"); !strings.Contains(r.Text, "member 1 of pair 2") {
		t.Fatalf("joining an emptied pair: %q", r.Text)
	}
	if r := h.must("frank", "/register T1 pair=2"); !strings.Contains(r.Text, "member 2 of pair 2 with erin") {
		t.Fatalf("member 2: %q", r.Text)
	}
}

// A pairs tournament (R-TRN-19): member 1 registers and gets the pair's
// number, member 2 joins it; each plays apart during late registration;
// then each pair's stacks merge between hands, member 1 plays the odd
// levels and member 2 the even ones; at the final table each pair has one
// consultation; the members share the prize and both score league points
// on the pairs table (R-LGE-2).
func TestPairsPlayApartThenAsOneStack(t *testing.T) {
	h := newHarnessWith(t, filepath.Join(t.TempDir(), "room.db"), 59, 2*time.Second)
	h.fails("admin", "/tourney create D pairs=on start=+10m", "tourney.pairs_late")
	h.fails("admin", "/tourney create D pairs=on start=+10m late=2 bounty=ko buyin=10+10", "tourney.pairs_option")
	h.must("admin", "/tourney create Duo pairs=on buyin=20 start=+10m late=2 level=5m speed=turbo seats=6 bots=on league=duo")
	h.fails("alice", "/register T1 pair=9", "pairs.no_such")
	h.fails("alice", "/register T1 pair=x", "pairs.bad")
	if r := h.must("alice", "/register T1"); !strings.Contains(r.Text, "member 1 of pair 1") || !strings.Contains(r.Text, "pair=1") {
		t.Fatalf("member 1: %q", r.Text)
	}
	if r := h.must("bob", "/register T1 pair=1"); !strings.Contains(r.Text, "member 2 of pair 1 with alice") {
		t.Fatalf("member 2: %q", r.Text)
	}
	h.fails("carol", "/register T1 pair=1", "pairs.full")
	h.must("admin", "/tourney bots 10")
	h.fails("alice", "/consult", "table.none") // not seated yet
	h.sleep(10 * time.Minute)
	if len(h.newsWith("Duo starts: 12 players")) != 1 {
		t.Fatalf("no start: %q", h.news())
	}
	// Apart: both members play (and fold) until the stacks merge.
	for range 600 {
		if len(h.newsWith("stacks are merged")) > 0 {
			break
		}
		_, _ = h.do("alice", "/fold")
		_, _ = h.do("bob", "/fold")
		h.sleep(2 * time.Second)
	}
	if len(h.newsWith("each pair's stacks are merged")) != 1 {
		t.Fatalf("no merge: %q", h.news())
	}
	pl := h.must("admin", "/tourney players").Text
	if !strings.Contains(pl, "alice & bob") || strings.Contains(pl, "alice ·") {
		t.Fatalf("the pair after the merge:\n%s", pl)
	}
	// Level 3 (odd): member 1 plays; her one consultation at the final
	// table, on her turn.
	consulted := false
	for range 300 {
		r, err := h.do("alice", "/consult")
		if err == nil {
			if !strings.Contains(r.Text, "alice consults their partner") {
				t.Fatalf("consult: %q", r.Text)
			}
			consulted = true
			break
		}
		if errKey(err) != "consult.not_turn" {
			t.Fatalf("alice's consultation: %v", err)
		}
		if _, err := h.do("bob", "/consult"); errKey(err) == "consult.not_turn" {
			t.Fatal("member 2 plays an odd level")
		}
		h.sleep(2 * time.Second)
	}
	if !consulted {
		t.Fatalf("alice never had her turn: %q", h.news())
	}
	if !strings.Contains(strings.Join(h.private("bob"), "\n"), "alice asks you") {
		t.Errorf("the partner was not shown the hand: %q", h.private("bob"))
	}
	h.fails("alice", "/consult", "consult.used")
	h.restart() // the merge and the used consultation are stored
	if pl := h.must("admin", "/tourney players").Text; !strings.Contains(pl, "alice & bob") {
		t.Fatalf("the pair after a restart:\n%s", pl)
	}
	h.fails("alice", "/consult", "consult.used")
	// Level 4 (even): member 2 takes the seat after the hand in progress.
	for range 400 {
		if len(h.newsWith("Duo: level 4")) > 0 {
			break
		}
		h.sleep(5 * time.Second)
	}
	seatedBob := false
	for range 200 {
		_, err := h.do("bob", "/consult")
		if k := errKey(err); k == "consult.used" {
			seatedBob = true
			break
		}
		if len(h.newsWith("Duo is over")) > 0 {
			break
		}
		h.sleep(2 * time.Second)
	}
	if !seatedBob && len(h.newsWith("alice & bob is out")) == 0 && len(h.newsWith("Duo is over")) == 0 {
		t.Fatalf("bob never took the pair's seat at level 4: %q", h.news())
	}
	h.playTourney(time.Minute, 2000)
	l := h.ledgerByReason("tourney:1")
	if l["prize"]+l["league share"] != 12*20 || l["league share"] != 9 {
		t.Errorf("prizes %v, pool %d", l, 12*20)
	}
	res := h.newsWith("Duo is over. Results:")[0]
	m := regexp.MustCompile(`\d+\. alice & bob ?([\d,]*)`).FindStringSubmatch(res)
	if m == nil {
		t.Fatalf("results without the pair: %s", res)
	}
	// The members share the pair's prize.
	prize, _ := strconv.ParseInt(strings.ReplaceAll(m[1], ",", ""), 10, 64)
	if got := h.wallet("alice") + h.wallet("bob"); got != 2*(10000-20)+prize {
		t.Errorf("the pair's wallets hold %d, want %d after a prize of %d", got, 2*(10000-20)+prize, prize)
	}
	if d := h.wallet("alice") - h.wallet("bob"); d < 0 || d > 1 {
		t.Errorf("the prize was not shared: alice %d, bob %d", h.wallet("alice"), h.wallet("bob"))
	}
	// Both members score the pair's place on the pairs table.
	lg := h.must("bob", "/league duo").Text
	var pa, pb int
	for _, line := range strings.Split(lg, "\n") {
		var rank, pts, n int
		var name string
		if _, err := fmt.Sscanf(strings.ReplaceAll(line, " · ", " "), "%d. %s %d (%d)", &rank, &name, &pts, &n); err == nil {
			switch name {
			case "alice":
				pa = pts
			case "bob":
				pb = pts
			}
		}
	}
	if pa == 0 || pa != pb {
		t.Errorf("the pair's members scored %d and %d:\n%s", pa, pb, lg)
	}
	h.wantEmptyAccount("tourney:1")
}

// errKey is an error's message key ("" for none or another error).
func errKey(err error) string {
	var e *bot.Error
	if errors.As(err, &e) {
		return e.Key
	}
	return ""
}

// Registration windows: close= closes registration at its time (before
// the start), /tourney close and /tourney open close and reopen it; after
// the start, close= ends late registration (R-TRN-5).
func TestRegistrationWindowsCloseOnTimeAndByCommand(t *testing.T) {
	h := newHarness(t, 61)
	h.fails("admin", "/tourney create W start=+1h open=+20m close=+10m", "tourney.close_before_open")
	h.fails("admin", "/tourney create W start=+1h close=+2h", "tourney.close_after_start")
	h.must("admin", "/tourney create Window buyin=10 start=+1h close=+30m bots=on min=2")
	h.must("alice", "/register")
	h.sleep(31 * time.Minute)
	if len(h.newsWith("Window: registration is closed")) != 1 {
		t.Fatalf("close= did not close registration: %q", h.news())
	}
	if !strings.Contains(h.lobby().Text, "registration closed") {
		t.Errorf("the lobby does not say so:\n%s", h.lobby().Text)
	}
	h.fails("bob", "/register", "tourney.reg_closed")
	h.fails("admin", "/tourney bots 2", "tourney.reg_closed")
	h.must("admin", "/tourney open")
	h.must("bob", "/register")
	h.must("admin", "/tourney close")
	h.fails("admin", "/tourney close", "tourney.reg_closed")
	h.fails("carol", "/register", "tourney.reg_closed")
	h.restart() // the closed window is an op: it stays closed
	h.fails("carol", "/register", "tourney.reg_closed")
	h.sleep(30 * time.Minute)
	if len(h.newsWith("Window starts: 2 players")) != 1 {
		t.Fatalf("no start with the two registered: %q", h.news())
	}
	h.must("admin", "/tourney cancel")

	// After the start, close= ends late registration before its levels.
	h.must("admin", "/tourney create Late buyin=10 start=+10m late=6 level=10m close=+25m bots=on min=2")
	h.must("alice", "/register T2")
	h.must("admin", "/tourney bots 3 T2")
	h.sleep(20 * time.Minute)
	h.must("bob", "/register T2") // late registration, still open
	h.sleep(6 * time.Minute)
	if len(h.newsWith("Late: late registration is closed")) != 1 {
		t.Fatalf("close= did not end late registration: %q", h.news())
	}
	h.fails("carol", "/register T2", "tourney.wrong_state")
}

// A satellite with guaranteed seats: the house covers the pool up to the
// seats' value, and every guaranteed seat is given (R-TRN-6, R-TRN-15).
func TestSatelliteWithGuaranteedSeats(t *testing.T) {
	h := newHarness(t, 67)
	h.must("admin", "/tourney create Main Event buyin=100+10 start=+3h")
	h.fails("admin", "/tourney create S start=sng tickets=3", "tourney.tickets_alone")
	h.fails("admin", "/tourney create S start=sng target=T1 tickets=3 guarantee=500", "tourney.tickets_guarantee")
	h.fails("admin", "/tourney create S start=sng target=T1 leftover=some", "newtable.value")
	h.must("admin", "/tourney create Sat buyin=20+2 start=sng players=6 seats=6 speed=hyper target=T1 tickets=3 leftover=buyins bots=on")
	if info := h.must("admin", "/tourney info T2").Text; !strings.Contains(info, "330") {
		t.Fatalf("the satellite's lobby does not show the guaranteed 330:\n%s", info)
	}
	h.must("admin", "/tourney start T2")
	h.playTourney(time.Minute, 600)
	if n := len(h.newsWith("wins a seat: registered for T1")); n != 3 {
		t.Fatalf("%d seats given, want the 3 guaranteed: %q", n, h.news())
	}
	if l := h.ledgerByReason("tourney:2"); l["guarantee overlay"] != 3*110-6*20 {
		t.Errorf("overlay %v, want %d", l, 3*110-6*20)
	}
	h.wantEmptyAccount("tourney:2")
}

// A deal may keep part of the first prize in play (R-LGE-2): at least a
// tenth of the prizes left, at most first minus second; the shares are
// paid at once and play goes on, the winner taking what was kept; a
// second deal is refused; the league scores the places played.
func TestDealKeepingPartOfThePrizesInPlay(t *testing.T) {
	h := newHarness(t, 71)
	h.must("admin", "/tourney create Keepers buyin=20+2 start=sng players=6 seats=6 speed=hyper bots=on league=keep")
	h.must("alice", "/register")
	h.must("admin", "/tourney start")
	h.fails("alice", "/deal icm keep=1%", "deal.keep_small")
	h.fails("alice", "/deal icm keep=lots", "deal.keep_bad")
	h.fails("alice", "/deal icm keep=100%", "deal.keep_large")
	h.fails("alice", "/deal icm later", "deal.usage")
	h.must("alice", "/deal chop keep=15%") // the practice opponents accept
	h.sleep(time.Minute)
	if len(h.newsWith("Play goes on for the")) != 1 {
		t.Fatalf("no deal with a part kept: %q", h.news())
	}
	h.fails("alice", "/deal icm", "deal.done")
	paidNow := h.ledgerByReason("tourney:1")["deal"]
	_, _ = h.do("alice", "/sitout") // she may have timed out into it already
	h.playTourney(time.Minute, 600)
	l := h.ledgerByReason("tourney:1")
	if l["deal"] != paidNow || l["deal kept in play"] <= 0 {
		t.Fatalf("ledger %v: the shares were paid at the deal (%d), the kept part at the end", l, paidNow)
	}
	if l["deal"]+l["deal kept in play"]+l["league share"] != 6*20 {
		t.Errorf("deal %v, pool %d", l, 6*20)
	}
	if r := h.must("bob", "/league keep").Text; !strings.Contains(r, "25 (1)") {
		t.Errorf("the winner did not score first place's points after a deal that kept 15%% in play:\n%s", r)
	}
	h.wantEmptyAccount("tourney:1")
}

// Only an admin closes (or reopens) registration: a player is refused
// and nothing changes (issue 20: any player closed registration).
func TestOnlyAnAdminClosesRegistration(t *testing.T) {
	h := newHarness(t, 9)
	h.must("admin", "/tourney create Open buyin=10+1 start=+1h")
	h.fails("bob", "/tourney close", "admin.only")
	h.fails("bob", "/tourney open", "admin.only")
	h.must("alice", "/register") // still open
	h.must("admin", "/tourney close")
	h.fails("carl", "/register", "tourney.reg_closed")
}

// R-TRN-3: a re-entry is for a player who busted; /reenter from someone
// who never entered is refused, nothing paid, and /register enters them.
func TestReenterBeforeRegisteringIsRefused(t *testing.T) {
	h := newHarness(t, 5)
	h.must("admin", "/tourney create Again buyin=20+2 start=+10m late=2 reentry=2 seats=6")
	before := h.wallet("ana")
	h.fails("ana", "/reenter", "tourney.reenter_none")
	if got := h.wallet("ana"); got != before {
		t.Fatalf("a refused /reenter moved ana's wallet from %d to %d", before, got)
	}
	h.must("ana", "/register")
	if got := h.wallet("ana"); got != before-22 {
		t.Fatalf("ana's wallet %d after registering, want %d", got, before-22)
	}
	h.checkBooks()
}

// R-TRN-5, R-TRN-9: when close= ends late registration and the tournament
// finishes with it (one player left), nothing of the clock comes after the
// results: no level announced (the steps due at the same instant stop with
// the tournament), and the winner is not listed as "already out and in
// the money".
func TestAClockStepThatEndsTheTournamentIsItsLast(t *testing.T) {
	h := newHarness(t, 7)
	users := []string{"ana", "ben"}
	h.must("admin", "/tourney create Late buyin=100 start=+1m late=5 level=10m close=+21m min=2 seats=6")
	for _, u := range users {
		h.must(u, "/register")
	}
	h.sleep(time.Minute)
	for range 300 {
		if len(h.newsWith(" is out")) > 0 {
			break
		}
		for _, u := range users {
			_, _ = h.do(u, "/allin")
			_, _ = h.do(u, "/call")
			_, _ = h.do(u, "/check")
		}
		h.sleep(time.Second)
	}
	if len(h.newsWith(" is out")) == 0 {
		t.Fatalf("nobody out:\n%s", strings.Join(h.news(), "\n"))
	}
	n := len(h.news())
	h.sleep(25 * time.Minute) // close= (at 21m) and level 3 (at 21m) fall due together
	after := h.news()[n:]
	results := -1
	for i, l := range after {
		if strings.Contains(l, "Results") {
			results = i
		}
	}
	if results < 0 {
		t.Fatalf("the tournament did not end at close=:\n%s", strings.Join(after, "\n"))
	}
	for _, l := range after[results:] {
		if strings.Contains(l, "level") || strings.Contains(l, "blinds") {
			t.Errorf("a level announced after the results: %q", l)
		}
	}
	for _, l := range after {
		if strings.Contains(l, "in the money") {
			t.Errorf("the winner listed as out and in the money: %q", l)
		}
	}
}
