package room_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"

	"github.com/pokerroom/pokerroom/bot"
)

// audit runs the chip audit on the harness's store and returns the
// report and its printout.
func (h *harness) audit() (room.AuditReport, string) {
	h.t.Helper()
	rep, err := room.AuditChips(context.Background(), h.store)
	if err != nil {
		h.t.Fatal(err)
	}
	var b strings.Builder
	if err := rep.Write(&b); err != nil {
		h.t.Fatal(err)
	}
	return rep, b.String()
}

func check(rep room.AuditReport, name string) room.AuditCheck {
	for _, c := range rep.Checks {
		if c.Name == name {
			return c
		}
	}
	return room.AuditCheck{}
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
	if !rep.OK() || check(rep, room.CheckTables).Checked != 1 || check(rep, room.CheckWelcome).Checked < 3 {
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
	c := check(rep, room.CheckTables)
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
	if len(check(rep, room.CheckLedger).Mismatches) != 0 {
		t.Errorf("the ledger itself still balances:\n%s", out)
	}
	// The room finds it at start, logs it, counts it and runs on; and
	// again every AuditEvery on its clock.
	h.restart()
	if n := h.room.Metrics().AuditMismatches.Load(); n != 1 {
		t.Fatalf("the start audit counted %d mismatches, want 1", n)
	}
	h.sleep(room.DefaultAuditEvery)
	// The periodic audit runs on its own goroutine once the clock's
	// timer fired: wait for its count (bounded, not timed).
	for i := 0; h.room.Metrics().AuditMismatches.Load() < 2; i++ {
		if i == 300 {
			m := h.room.Metrics()
			t.Fatalf("no periodic audit after %v of the clock: %d mismatches counted, %d audits, %d failed, now %v", room.DefaultAuditEvery, m.AuditMismatches.Load(), m.Audits.Load(), m.AuditFailures.Load(), h.clock.Now())
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
	accs, err := h.store.PlayerAccounts(ctx, p.ID)
	if err != nil || len(accs) != 1 {
		t.Fatalf("ana's wallets: %+v, %v; want one, in the group", accs, err)
	}
	wallet, key := accs[0].ID, accs[0].Key
	// The grant stored a second time, as a lost mark would do.
	if err := h.store.Move(ctx, bot.Move{From: bank, To: wallet, Amount: 10000, Reason: "welcome", Reference: "again"}); err != nil {
		t.Fatal(err)
	}
	rep, out := h.audit()
	c := check(rep, room.CheckWelcome)
	if len(c.Mismatches) != 1 || rep.Mismatches() != 1 {
		t.Fatalf("double welcome not found:\n%s", out)
	}
	if m := c.Mismatches[0]; m.AccountID != wallet || m.Held != 2 || m.Account != key {
		t.Errorf("mismatch %+v", m)
	}
}

func TestAuditOfATourneyMidPlayIsOK(t *testing.T) {
	h := newHarnessWith(t, t.TempDir()+"/room.db", 11, 2*time.Second)
	h.must("admin", "/tourney create PKO Ten buyin=100+10 bounty=pko start=sng players=9 seats=9 speed=turbo bots=on")
	for _, u := range []string{"ana", "ben"} {
		h.must(u, "/register")
	}
	if rep, out := h.audit(); !rep.OK() || len(check(rep, room.CheckTourneys).Notes) != 0 {
		t.Fatalf("registering:\n%s", out)
	}
	h.must("admin", "/tourney bots 7")
	paid := false
	for range 400 {
		h.sleep(5 * time.Second)
		rep, out := h.audit()
		if !rep.OK() || len(check(rep, room.CheckTourneys).Notes) != 0 {
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
	c := check(rep, room.CheckTourneys)
	if len(c.Mismatches) != 1 || c.Mismatches[0].TourneyID != 1 || c.Mismatches[0].Expected != c.Mismatches[0].Held+5 {
		t.Fatalf("a tournament short of 5 chips not found:\n%s", out)
	}
	if !strings.Contains(out, "tournament 1: account tourney:1") {
		t.Errorf("the report does not name the tournament:\n%s", out)
	}
}

// opFailer loses every write that stores a tournament op of the kinds
// set: the room sees a failed write and tries again later.
type opFailer struct {
	bot.Storage
	mu    sync.Mutex
	kinds map[string]bool
}

func (f *opFailer) set(kinds ...string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.kinds = map[string]bool{}
	for _, k := range kinds {
		f.kinds[k] = true
	}
}

func (f *opFailer) CommitTables(ctx context.Context, writes []*bot.TableWrite) error {
	f.mu.Lock()
	for _, w := range writes {
		for _, op := range w.TourneyOps {
			if f.kinds[op.Kind] {
				f.mu.Unlock()
				return errors.New("write lost (test)")
			}
		}
	}
	f.mu.Unlock()
	return f.Storage.CommitTables(ctx, writes)
}

// onFailer restarts the room on h.store wrapped in an opFailer.
func onFailer(h *harness) *opFailer {
	h.t.Helper()
	f := &opFailer{Storage: h.store}
	h.room.Close()
	h.reopenWith(f)
	return f
}

// exactAudit: the audit is clean and checks every tournament exactly.
func exactAudit(h *harness, when string) {
	h.t.Helper()
	rep, out := h.audit()
	if !rep.OK() || len(check(rep, room.CheckTourneys).Notes) != 0 {
		h.t.Fatalf("%s:\n%s", when, out)
	}
}

// tamper moves n chips from the bank into a tournament's account (the
// ledger still balances) and wants the audit to find exactly that.
func tamper(h *harness, id int64, n int64) {
	h.t.Helper()
	ctx := context.Background()
	h.tampered = true
	bank, _ := h.store.OpenAccount(ctx, bot.AccountBank, "bank", 0)
	key := fmt.Sprintf("tourney:%d", id)
	acc, err := h.store.OpenAccount(ctx, bot.AccountTournament, key, 0)
	if err != nil {
		h.t.Fatal(err)
	}
	if err := h.store.Move(ctx, bot.Move{From: bank, To: acc, Amount: n, Reason: "tamper", Reference: "test"}); err != nil {
		h.t.Fatal(err)
	}
	rep, out := h.audit()
	c := check(rep, room.CheckTourneys)
	if len(c.Mismatches) != 1 || rep.Mismatches() != 1 || c.Mismatches[0].TourneyID != id || c.Mismatches[0].Held != c.Mismatches[0].Expected+n {
		h.t.Fatalf("%s with %d chips more not found:\n%s", key, n, out)
	}
	if !strings.Contains(out, fmt.Sprintf("tournament %d: account %s", id, key)) {
		h.t.Errorf("the report does not name the tournament:\n%s", out)
	}
}

// untamper takes the n chips back to the bank: the audit is clean again.
func untamper(h *harness, id int64, n int64) {
	h.t.Helper()
	ctx := context.Background()
	bank, _ := h.store.OpenAccount(ctx, bot.AccountBank, "bank", 0)
	acc, _ := h.store.OpenAccount(ctx, bot.AccountTournament, fmt.Sprintf("tourney:%d", id), 0)
	if err := h.store.Move(ctx, bot.Move{From: acc, To: bank, Amount: n, Reason: "untamper", Reference: "test"}); err != nil {
		h.t.Fatal(err)
	}
	h.tampered = false
}

// lastOp is the kind of a tournament's last stored op.
func lastOp(h *harness, id int64) string {
	h.t.Helper()
	ops, err := h.store.TourneyOps(context.Background(), id)
	if err != nil {
		h.t.Fatal(err)
	}
	if len(ops) == 0 {
		return ""
	}
	return ops[len(ops)-1].Kind
}

// balanceOf is a tournament account's balance.
func balanceOf(h *harness, id int64) int64 {
	h.t.Helper()
	ctx := context.Background()
	acc, err := h.store.OpenAccount(ctx, bot.AccountTournament, fmt.Sprintf("tourney:%d", id), 0)
	if err != nil {
		h.t.Fatal(err)
	}
	b, err := h.store.Balance(ctx, acc)
	if err != nil {
		h.t.Fatal(err)
	}
	return b
}

// A staged final and its flight are audited exactly all along: the
// flight while it plays, over and waiting for its final to take it in
// (its pool, the final's write lost), carried (nothing); the final
// holding the pool carried in, its qualifiers counted in its pool
// without a buy-in paid.
func TestAuditOfAStagedFinalAndItsFlightIsExact(t *testing.T) {
	h := newHarnessWith(t, t.TempDir()+"/room.db", 53, 2*time.Second)
	h.must("admin", "/tourney create Grand Final stage=final start=+5h speed=turbo seats=6")
	h.must("admin", "/tourney create Day 1A flight=T1 buyin=20+2 start=+10m end=30m late=1 reentry=2 seats=6 bots=on")
	h.must("alice", "/register T2")
	h.must("admin", "/tourney bots 7 T2")
	exactAudit(h, "registering")
	f := onFailer(h)
	f.set("qualify")
	for i := 0; lastOp(h, 2) != "finish"; i++ {
		if i == 120 {
			t.Fatalf("the flight did not end: %q", h.news())
		}
		h.sleep(time.Minute)
		exactAudit(h, "the flight playing")
	}
	h.sleep(3 * time.Second) // the final's write is lost again
	pool := balanceOf(h, 2)
	if pool != 8*20 || balanceOf(h, 1) != 0 || lastOp(h, 1) == "qualify" {
		t.Fatalf("flight holds %d, final %d, the final's last op %q", pool, balanceOf(h, 1), lastOp(h, 1))
	}
	exactAudit(h, "the flight over, not carried")
	f.set()
	h.sleep(3 * time.Second)
	if balanceOf(h, 2) != 0 || balanceOf(h, 1) != pool || lastOp(h, 1) != "qualify" {
		t.Fatalf("not carried: flight holds %d, final %d", balanceOf(h, 2), balanceOf(h, 1))
	}
	exactAudit(h, "the final holding the flight's pool")
	tamper(h, 1, 5)
	untamper(h, 1, 5)
	exactAudit(h, "untampered")
}

// A pairs tournament is audited exactly while its members play apart
// and once their stacks are merged; its account changed is found.
func TestAuditOfAPairsTournamentIsExact(t *testing.T) {
	h := newHarnessWith(t, t.TempDir()+"/room.db", 59, 2*time.Second)
	h.must("admin", "/tourney create Duo pairs=on buyin=20 start=+10m late=2 level=5m speed=turbo seats=6 bots=on")
	h.must("alice", "/register T1")
	h.must("bob", "/register T1 pair=1")
	h.must("admin", "/tourney bots 10")
	exactAudit(h, "registering")
	h.sleep(10 * time.Minute)
	merged := 0
	for i := 0; merged < 60; i++ {
		if i == 1200 {
			t.Fatalf("no merge: %q", h.news())
		}
		_, _ = h.do("alice", "/fold")
		_, _ = h.do("bob", "/fold")
		h.sleep(2 * time.Second)
		if len(h.newsWith("stacks are merged")) > 0 {
			merged++
		}
		if len(h.newsWith("Duo is over")) > 0 {
			break
		}
		if i%5 == 0 {
			exactAudit(h, fmt.Sprintf("playing (merged %v)", merged > 0))
		}
	}
	if len(h.newsWith("Duo is over")) > 0 {
		t.Fatalf("over before a merged audit: %q", h.news())
	}
	tamper(h, 1, 5)
	untamper(h, 1, 5)
	exactAudit(h, "untampered")
}

// A satellite over and giving its seats is audited exactly: while its
// target cannot take them (their value held), when the target has
// registered the winners but the satellite's ticket ops are lost (the
// value gone), and once ended; its account changed is found.
func TestAuditOfASatelliteGivingItsSeatsIsExact(t *testing.T) {
	h := newHarness(t, 21)
	h.must("admin", "/tourney create Main Event buyin=100+10 start=+3h")
	h.must("admin", "/tourney create Sat buyin=20+2 start=sng players=12 seats=6 speed=hyper target=T1 bots=on")
	h.must("alice", "/register T2")
	h.must("admin", "/tourney start T2")
	h.must("alice", "/sitout")
	exactAudit(h, "playing")
	f := onFailer(h)
	f.set("register") // the target cannot store the seats
	h.playTourney(time.Minute, 600)
	if lastOp(h, 2) != "finish" || balanceOf(h, 2) != 2*110 {
		t.Fatalf("satellite's last op %q, it holds %d", lastOp(h, 2), balanceOf(h, 2))
	}
	exactAudit(h, "two seats not given")
	tamper(h, 2, 5)
	untamper(h, 2, 5)
	f.set("ticket") // the target takes them, the satellite's ticket ops are lost
	h.sleep(3 * time.Second)
	if lastOp(h, 2) != "finish" || balanceOf(h, 2) != 0 || balanceOf(h, 1) != 200 {
		t.Fatalf("satellite's last op %q, it holds %d, its target %d", lastOp(h, 2), balanceOf(h, 2), balanceOf(h, 1))
	}
	exactAudit(h, "two seats registered, not ticketed")
	f.set()
	h.sleep(3 * time.Second)
	if lastOp(h, 2) != "ticket" {
		t.Fatalf("satellite's last op %q", lastOp(h, 2))
	}
	exactAudit(h, "seats given")
	if n := len(h.newsWith("wins a seat: registered for T1")); n != 2 {
		t.Fatalf("%d seats given, want 2: %q", n, h.news())
	}
}

// An audit cut short by the room closing (its context cancelled) is no
// failure to read the store: it is not counted in AuditFailures (nor
// logged as an error), as a clean shutdown during a periodic audit was.
func TestAnAuditCutShortByTheCloseIsNoFailure(t *testing.T) {
	h := newHarness(t, 3)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	before := h.room.Metrics().AuditFailures.Load()
	if _, err := h.room.Audit(ctx); err == nil {
		t.Fatal("an audit on a cancelled context read the store")
	}
	if got := h.room.Metrics().AuditFailures.Load(); got != before {
		t.Errorf("AuditFailures %d after an audit cancelled by the close, want %d", got, before)
	}
	if _, err := h.room.Audit(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// Chips left in a closed table's account are chips nobody can play or
// cash out: the audit finds them (the table was cashed out and closed in
// one write, so its account must be empty), as it finds an ended
// tournament's account that still holds chips. It reported every check
// OK, the ledger balanced, while the chips were lost to their players.
func TestAuditFindsChipsLeftInAClosedTable(t *testing.T) {
	h := newHarness(t, 3)
	h.tampered = true
	ctx := context.Background()
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	tables, err := h.store.OpenTables(ctx, 0)
	if err != nil || len(tables) != 1 {
		t.Fatalf("tables %v, %v", tables, err)
	}
	id := tables[0].ID
	h.must("admin", "/closetable")
	if rep, out := h.audit(); !rep.OK() {
		t.Fatalf("audit after the close:\n%s", out)
	}
	// 25 chips of ana's wallet moved into the closed table's account: the
	// ledger balances, the chips are stranded.
	acc, err := h.store.OpenAccount(ctx, bot.AccountTable, fmt.Sprintf("table:%d", id), 0)
	if err != nil {
		t.Fatal(err)
	}
	var wallet int64
	accs, err := h.store.AuditSnapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range accs.Accounts {
		if a.Kind == bot.AccountPlayer && a.Balance >= 25 {
			wallet = a.ID
			break
		}
	}
	if err := h.store.Move(ctx, bot.Move{From: wallet, To: acc, Amount: 25, Reason: "tampered"}); err != nil {
		t.Fatal(err)
	}
	rep, out := h.audit()
	c := check(rep, room.CheckTables)
	if rep.OK() || len(c.Mismatches) != 1 {
		t.Fatalf("chips in a closed table's account not found:\n%s", out)
	}
	if m := c.Mismatches[0]; m.TableID != id || m.Account != fmt.Sprintf("table:%d", id) || m.Expected != 0 || m.Held != 25 {
		t.Errorf("mismatch %+v\n%s", m, out)
	}
}
