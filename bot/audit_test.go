package bot_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// audit runs the chip audit on the harness's store and returns the
// report and its printout.
func (h *harness) audit() (bot.AuditReport, string) {
	h.t.Helper()
	rep, err := bot.AuditChips(context.Background(), h.store)
	if err != nil {
		h.t.Fatal(err)
	}
	var b strings.Builder
	if err := rep.Write(&b); err != nil {
		h.t.Fatal(err)
	}
	return rep, b.String()
}

func check(rep bot.AuditReport, name string) bot.AuditCheck {
	for _, c := range rep.Checks {
		if c.Name == name {
			return c
		}
	}
	return bot.AuditCheck{}
}

// cashTable opens a table of three and plays until a hand is under way
// with chips in the pot.
func cashTable(h *harness) {
	h.must("admin", "/newtable nlhe 1/2")
	for _, u := range []string{"ana", "ben", "cy"} {
		h.must(u, "/join 100")
	}
	h.must(h.toAct(), "/raise 6")
}

func TestAuditOfACleanSessionIsOK(t *testing.T) {
	h := newHarness(t, 3)
	cashTable(h)
	if h.toAct() == "" {
		t.Fatal("no hand under way")
	}
	// A top-up during the hand waits as pending: still in the account.
	for _, u := range []string{"ana", "ben", "cy"} {
		if _, err := h.do(u, "/topup 20"); err == nil {
			break
		}
	}
	rep, out := h.audit()
	if !rep.OK() || check(rep, bot.CheckTables).Checked != 1 || check(rep, bot.CheckWelcome).Checked < 3 {
		t.Fatalf("mid-hand audit:\n%s", out)
	}
	h.playToEnd(50)
	if rep, out := h.audit(); !rep.OK() {
		t.Fatalf("audit after the hand:\n%s", out)
	}
	r, err := h.room.Audit(context.Background())
	if err != nil || !r.OK() || h.room.Metrics().Audits.Load() < 2 || h.room.Metrics().AuditMismatches.Load() != 0 {
		t.Fatalf("room audit %+v, %v; %d runs, %d mismatches", r, err, h.room.Metrics().Audits.Load(), h.room.Metrics().AuditMismatches.Load())
	}
}

func TestAuditFindsATamperedSeatStack(t *testing.T) {
	h := newHarness(t, 3)
	h.tampered = true
	// One player: no hand starts, the stored seat stays as tampered (a
	// dealt-in seat's stored stack is replaced at the hand's end by what
	// the hand, resumed from its setup, gives).
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	tables, err := h.store.OpenTables(context.Background(), 0)
	if err != nil || len(tables) != 1 {
		t.Fatalf("tables %v, %v", tables, err)
	}
	id := tables[0].ID
	if err := h.store.DB().Exec("UPDATE seats SET stack = stack + 25 WHERE table_id = ? AND seat = 1", id).Error; err != nil {
		t.Fatal(err)
	}
	rep, out := h.audit()
	c := check(rep, bot.CheckTables)
	if rep.OK() || len(c.Mismatches) != 1 {
		t.Fatalf("tampered seat not found:\n%s", out)
	}
	m := c.Mismatches[0]
	if m.TableID != id || m.Account != fmt.Sprintf("table:%d", id) || m.Expected != m.Held+25 {
		t.Errorf("mismatch %+v", m)
	}
	if want := fmt.Sprintf("table %d: account table:%d", id, id); !strings.Contains(out, want) {
		t.Errorf("the report does not name %q:\n%s", want, out)
	}
	if len(check(rep, bot.CheckLedger).Mismatches) != 0 {
		t.Errorf("the ledger itself still balances:\n%s", out)
	}
	// The room finds it at start, logs it, counts it and runs on; and
	// again every AuditEvery on its clock.
	h.restart()
	if n := h.room.Metrics().AuditMismatches.Load(); n != 1 {
		t.Fatalf("the start audit counted %d mismatches, want 1", n)
	}
	h.sleep(bot.DefaultAuditEvery)
	// The periodic audit runs on its own goroutine once the clock's
	// timer fired: wait for its count (bounded, not timed).
	for i := 0; h.room.Metrics().AuditMismatches.Load() < 2; i++ {
		if i == 300 {
			m := h.room.Metrics()
			t.Fatalf("no periodic audit after %v of the clock: %d mismatches counted, %d audits, %d failed, now %v", bot.DefaultAuditEvery, m.AuditMismatches.Load(), m.Audits.Load(), m.AuditFailures.Load(), h.clock.Now())
		}
		time.Sleep(10 * time.Millisecond)
	}
	if _, err := h.do("ana", "/wallet"); err != nil {
		t.Fatalf("the room does not run after a mismatch: %v", err)
	}
}

func TestAuditFindsADoubleWelcome(t *testing.T) {
	h := newHarness(t, 3)
	h.tampered = true
	h.must("ana", "/wallet")
	h.must("ben", "/wallet")
	if rep, out := h.audit(); !rep.OK() {
		t.Fatalf("before:\n%s", out)
	}
	ctx := context.Background()
	p, err := h.store.Player(ctx, "console", "ana", "ana")
	if err != nil {
		t.Fatal(err)
	}
	bank, _ := h.store.OpenAccount(ctx, bot.AccountBank, "bank", 0)
	wallet, _ := h.store.OpenAccount(ctx, bot.AccountPlayer, fmt.Sprintf("player:%d", p.ID), p.ID)
	// The grant stored a second time, as a lost mark would do.
	if err := h.store.Move(ctx, bot.Move{From: bank, To: wallet, Amount: 10000, Reason: "welcome", Reference: fmt.Sprintf("welcome:%d", p.ID)}); err != nil {
		t.Fatal(err)
	}
	rep, out := h.audit()
	c := check(rep, bot.CheckWelcome)
	if len(c.Mismatches) != 1 || rep.Mismatches() != 1 {
		t.Fatalf("double welcome not found:\n%s", out)
	}
	if m := c.Mismatches[0]; m.AccountID != wallet || m.Held != 2 || m.Account != fmt.Sprintf("player:%d", p.ID) {
		t.Errorf("mismatch %+v", m)
	}
}

func TestAuditOfATourneyMidPlayIsOK(t *testing.T) {
	h := newHarnessWith(t, t.TempDir()+"/room.db", 11, 2*time.Second)
	h.must("admin", "/tourney create PKO Ten buyin=100+10 bounty=pko start=sng players=9 seats=9 speed=turbo bots=on")
	for _, u := range []string{"ana", "ben"} {
		h.must(u, "/register")
	}
	if rep, out := h.audit(); !rep.OK() || len(check(rep, bot.CheckTourneys).Notes) != 0 {
		t.Fatalf("registering:\n%s", out)
	}
	h.must("admin", "/tourney bots 7")
	paid := false
	for range 400 {
		h.sleep(5 * time.Second)
		rep, out := h.audit()
		if !rep.OK() || len(check(rep, bot.CheckTourneys).Notes) != 0 {
			t.Fatalf("mid-play:\n%s", out)
		}
		if len(h.newsWith("for knocking out")) > 0 {
			paid = true
			break
		}
	}
	if !paid {
		t.Fatalf("no bounty paid yet: %q", h.news())
	}
	// Its account changed behind its back is found.
	ctx := context.Background()
	h.tampered = true
	bank, _ := h.store.OpenAccount(ctx, bot.AccountBank, "bank", 0)
	acc, err := h.store.OpenAccount(ctx, bot.AccountTournament, "tourney:1", 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.store.Move(ctx, bot.Move{From: acc, To: bank, Amount: 5, Reason: "theft", Reference: "test"}); err != nil {
		t.Fatal(err)
	}
	rep, out := h.audit()
	c := check(rep, bot.CheckTourneys)
	if len(c.Mismatches) != 1 || c.Mismatches[0].TourneyID != 1 || c.Mismatches[0].Expected != c.Mismatches[0].Held+5 {
		t.Fatalf("a tournament short of 5 chips not found:\n%s", out)
	}
	if !strings.Contains(out, "tournament 1: account tourney:1") {
		t.Errorf("the report does not name the tournament:\n%s", out)
	}
}
