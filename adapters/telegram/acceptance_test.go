package telegram_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/adapters/telegram"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
)

// channel is the group's spectator channel.
const channel = int64(-100999000)

// advance moves the room's fake clock by d, one timer at a time, letting
// the room settle after each.
func (e *env) advance(d time.Duration) {
	e.t.Helper()
	e.clock.Walk(e.clock.Now().Add(d), e.settle)
	// The chat keeps up with the room: what was posted is delivered
	// before the clock moves on.
	if !e.fake.Wait(wait, "the outbox to drain", func() bool { return e.ad.Outbox().Queued() == 0 }) {
		e.t.Fatalf("%d messages still queued", e.ad.Outbox().Queued())
	}
}

func (e *env) settle() {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if err := e.room.Settle(ctx); err != nil {
		e.t.Fatal(err)
	}
}

// news are the tournament news the bot posted in chat, in order.
func (e *env) news(chat int64) []string {
	var out []string
	for _, m := range e.fake.BotMessages(chat) {
		if strings.HasPrefix(m.Text, "🏆 ") && !strings.HasPrefix(m.Text, "🏆 T1 ") { // not the lobby
			out = append(out, m.Text)
		}
	}
	return out
}

func (e *env) newsWith(chat int64, s string) int {
	n := 0
	for _, m := range e.news(chat) {
		if strings.Contains(m, s) {
			n++
		}
	}
	return n
}

// The acceptance run, from a Telegram group through the real
// tgbotapi client and the fake Bot API, on a faked clock: the admin saves
// a 30-player re-entry progressive-knockout template with 5-minute levels
// and schedules it; cron creates it and opens registration; two members
// register (one with the lobby's button) and practice opponents fill the
// field; a member busts and re-enters during late registration; the
// tables are balanced and broken to a final table and a winner; the
// spectator channel tells the same story; and the prizes, bounties and
// fees sum exactly in the ledger (R-TRN-1, R-TRN-3, R-TRN-5, R-TRN-6,
// R-TRN-7, R-TRN-9, R-TRN-11, R-TRN-14).
func TestAcceptanceThirtyPlayerPKOFromAGroup(t *testing.T) {
	fake := newFake(t)
	// Telegram's limits, 1,000 times faster in the fake: a whole
	// tournament's messages at the same rules. The adapter keeps a fifth
	// below them: at a millisecond a message, the requests' jitter would
	// otherwise meet 429s whose retry_after is a whole second.
	const fast = 1000
	fake.Scale = fast
	limits := scaled(telegram.Limits, fast*0.8)
	limits.GlobalBurst = telegram.Limits.GlobalBurst * 8 / 10
	fake.AddGroup(channel, "Poker news", ana)
	fake.Start(ben, "")
	fake.Start(cy, "")
	clock := bottest.NewClock(time.Date(2026, 11, 25, 19, 50, 0, 0, time.UTC)) // a Wednesday
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{clock: clock, botDelay: 2 * time.Second, limits: limits})

	e.say(group, ana, "/spectate -100999000")
	e.waitText(group, "-100999000")
	e.say(group, ana, "/tourney template save pko PKO Thirty buyin=100+10 bounty=pko start=+10m late=3 reentry=3 level=5m speed=turbo seats=9 bots=on players=40")
	e.waitText(group, "Template pko saved")
	e.say(group, ana, "/tourney schedule pko every wed 20:00 utc")
	e.waitText(group, "Template pko runs")

	e.advance(10*time.Minute + time.Second) // 20:00: cron fires
	lobby := e.waitText(group, "open for registration")
	if !strings.Contains(lobby.Text, "T1 PKO Thirty") {
		t.Fatalf("the lobby: %q", lobby.Text)
	}
	e.waitText(channel, "Registration is open for PKO Thirty")
	if _, ok := fake.Press(group, lobby.ID, ben, "✅ Register"); !ok {
		t.Fatalf("no Register button on the lobby: %+v", lobby.Keyboard)
	}
	e.waitText(group, "Players: 1 in")
	e.say(group, cy, "/register")
	e.waitText(group, "Players: 2 in")
	e.say(group, ana, "/tourney bots 28")
	e.waitText(group, "Players: 30 in")

	e.advance(10 * time.Minute) // 20:10: the start
	e.waitText(group, "PKO Thirty starts: 30 players at 4 tables")
	e.waitText(ben, "you play at table")
	e.say(group, cy, "/sitout")

	// Ben shoves every hand until he busts, then re-enters.
	reentered := false
	for range 1500 {
		if e.newsWith(group, "late registration is closed") > 0 {
			break
		}
		if !reentered && e.newsWith(group, "Ben is out") > 0 {
			e.say(group, ben, "/reenter")
			e.waitText(group, "Ben [2]")
			reentered = true
			continue
		}
		if !reentered {
			e.say(group, ben, "/allin")
		}
		e.advance(2 * time.Second)
	}
	if !reentered {
		t.Fatalf("Ben never busted during late registration; news:\n%s", strings.Join(e.news(group), "\n"))
	}
	e.say(group, ben, "/sitout")
	for range 600 {
		if e.newsWith(group, "PKO Thirty is over. Results:") > 0 {
			break
		}
		e.advance(time.Minute)
	}
	res := e.waitText(group, "PKO Thirty is over. Results:")
	if !strings.Contains(res.Text, "1. ") || !strings.Contains(res.Text, "2. ") {
		t.Errorf("results: %q", res.Text)
	}
	for _, want := range []string{"level 2, blinds", "late registration is closed", "is broken", "final table is set", "bubble has burst", "for knocking out", "Ben [2]"} {
		if e.newsWith(group, want) == 0 {
			t.Errorf("the group's news never said %q", want)
		}
	}
	// Everything posted has reached the fake: the channel has the same
	// story as the group.
	fake.Wait(wait, "the channel's results", func() bool { return e.newsWith(channel, "PKO Thirty is over") > 0 })
	if g, c := e.news(group), e.news(channel); strings.Join(g, "\n") != strings.Join(c, "\n") {
		t.Errorf("the spectator channel has %d news, the group %d; the channel's last:\n%s", len(c), len(g), strings.Join(c[max(0, len(c)-5):], "\n"))
	}

	// The money: 31 entries of 50 prize + 50 bounty, fees from the members
	// only (practice opponents pay none).
	ledger := ledgerByReason(t, e, "tourney:1")
	if ledger["tournament buy-in"] != 31*100 || ledger["tournament fee"] != 3*10 {
		t.Errorf("buy-ins and fees %v", ledger)
	}
	if ledger["prize"] != 31*50 {
		t.Errorf("prizes paid %d, the pool %d", ledger["prize"], 31*50)
	}
	if ledger["bounty"]+ledger["own bounty"]+ledger["unclaimed bounties"] != 31*50 {
		t.Errorf("bounties paid %v, put in %d", ledger, 31*50)
	}
	ctx := context.Background()
	acc, err := e.store.OpenAccount(ctx, bot.AccountTournament, "tourney:1", 0)
	if err != nil {
		t.Fatal(err)
	}
	if bal, err := e.store.Balance(ctx, acc); err != nil || bal != 0 {
		t.Errorf("the tournament's account keeps %d (%v)", bal, err)
	}
	if a, err := e.store.Audit(ctx); err != nil || !a.OK() {
		t.Errorf("ledger audit: %+v, %v", a, err)
	}
	scanForLeaks(t, fake)
	t.Logf("Bot API calls: %+v", fake.Stats())
}

// ledgerByReason sums a reference's ledger entries by reason.
func ledgerByReason(t *testing.T, e *env, ref string) map[string]int64 {
	t.Helper()
	var rows []struct {
		Reason string
		Sum    int64
	}
	if err := e.store.DB().Raw("SELECT reason, SUM(amount) AS sum FROM ledger_entries WHERE reference = ? GROUP BY reason", ref).Scan(&rows).Error; err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, r := range rows {
		out[r.Reason] = r.Sum
	}
	return out
}
