package room_test

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
	"github.com/pokerroom/pokerroom/cron"
	"github.com/pokerroom/pokerroom/store"
	"github.com/pokerroom/pokerroom/store/storetest"
)

// t0 is when the tests' fake clocks start.
var t0 = time.Date(2026, 11, 23, 21, 0, 0, 0, time.UTC)

// recorder is the room's outbox in tests: it keeps every message.
type recorder struct {
	mu   sync.Mutex
	msgs []bot.Outgoing
}

func (r *recorder) Enqueue(m bot.Outgoing) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.msgs = append(r.msgs, m)
	return nil
}

// all returns the messages kept, their bodies rendered (a body the room
// queued unrendered, bot.Deferred, is rendered when first read).
func (r *recorder) all() []bot.Outgoing {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]bot.Outgoing, len(r.msgs))
	for i, m := range r.msgs {
		out[i] = bot.Resolved(m)
	}
	return out
}

// lateRecorder is a recorder that takes bodies unrendered, as an outbox
// does (bot.DeferringEnqueuer): they are rendered when the test reads
// them, after the table has moved on.
type lateRecorder struct{ *recorder }

func (lateRecorder) RendersWhenSent() {}

// harness is a room on a real store (SQLite in a temporary directory, or
// the DSN given), a fake clock and a recording outbox.
type harness struct {
	t     testing.TB
	dsn   string
	seed  uint64
	store *store.Store
	room  *room.Room
	clock *bottest.Clock
	rec   *recorder
	// noSettle: do does not wait for the room to settle.
	noSettle bool
	// admins are the users who administer the chat: "user" in every
	// chat, "chat/user" in that chat only.
	admins map[string]bool
	// spectate, when set, answers the platforms' /spectate checks
	// (bot.Spectators); otherwise an admin's target is taken as it is.
	spectate bot.SpectatorsFunc
	// botDelay is the practice opponents' thinking time.
	botDelay time.Duration
	// cron runs the tournaments' schedules when set.
	cron     *cron.Runner
	withCron bool
	// tee, when set, also gets every message the room queues (a real
	// outbox, in the fault simulation).
	tee bot.Enqueuer
	// renderLate: the room's messages are recorded unrendered
	// (lateRecorder).
	renderLate bool
	// owners are the operators (room.Config.Owners).
	owners []string
	// defaultLang is room.Config.DefaultLang (DEFAULT_LANG).
	defaultLang string
	// auditMismatches counts what the rooms' own chip audits found (at
	// each start and every few minutes of the clock); tampered: the
	// scenario breaks the books on purpose.
	auditMismatches int64
	tampered        bool
	// commandRate, commandBurst and maxUsers are the per-user limits
	// (room.Config); commandRate 0 turns the command limit off: scenarios
	// type many commands at one instant of the fake clock.
	commandRate  float64
	commandBurst int
	maxUsers     int
}

// limits returns the harness's per-user limits for the room.
func (h *harness) limits() (rate float64, burst, users int) {
	if h.commandRate == 0 {
		return -1, 0, h.maxUsers
	}
	return h.commandRate, h.commandBurst, h.maxUsers
}

func newHarness(t testing.TB, seed uint64) *harness {
	return newHarnessAt(t, filepath.Join(t.TempDir(), "room.db"), seed)
}

func newHarnessAt(t testing.TB, dsn string, seed uint64) *harness {
	return newHarnessWith(t, dsn, seed, 0)
}

// newHarnessWith is a harness whose practice opponents think for botDelay
// (the clock then moves while they play).
func newHarnessWith(t testing.TB, dsn string, seed uint64, botDelay time.Duration) *harness {
	h := &harness{t: t, dsn: dsn, seed: seed, clock: bottest.NewClock(t0), admins: map[string]bool{"admin": true}, botDelay: botDelay}
	h.open()
	t.Cleanup(h.close)
	// Every scenario ends with balanced books (cleanups run last first:
	// this one before the close).
	t.Cleanup(func() {
		if h.store != nil && !t.Failed() && !h.tampered {
			h.checkBooks()
		}
	})
	return h
}

// open opens the store and starts a room on it (again after close: a
// restart on the same database and clock).
func (h *harness) open() {
	h.t.Helper()
	loc, err := store.ParseURL(h.dsn)
	if err != nil {
		h.t.Fatal(err)
	}
	ctx := context.Background()
	s, err := store.Open(ctx, loc, store.Options{Clock: h.clock})
	if err != nil {
		h.t.Fatal(err)
	}
	if _, err := s.Migrate(ctx); err != nil {
		h.t.Fatal(err)
	}
	h.store, h.rec = s, &recorder{}
	var sched bot.Scheduler
	if h.withCron {
		h.cron = cron.NewRunner(h.clock, s, nil)
		sched = cron.RoomScheduler{Runner: h.cron}
	}
	rate, burst, users := h.limits()
	var out bot.Enqueuer = h.rec
	if h.renderLate {
		out = lateRecorder{h.rec}
	}
	h.room, err = room.New(room.Config{Log: debugLog(), Store: s, Clock: h.clock, Seed: h.seed, DeckSeed: h.seed, BotDelay: h.botDelay, Scheduler: sched, Owners: h.owners, DefaultLang: h.defaultLang,
		CommandRate: rate, CommandBurst: burst, MaxUsers: users,
		Outboxes: h.outboxes(out), Admins: h.adminsByPlatform(), Spectators: h.spectatorsByPlatform()})
	if err != nil {
		h.t.Fatal(err)
	}
	if err := h.room.Start(ctx); err != nil {
		h.t.Fatal(err)
	}
	h.settle()
}

func (h *harness) close() {
	if h.cron != nil {
		h.cron.Stop()
		h.cron = nil
	}
	if h.room != nil {
		h.room.Close()
		h.auditMismatches += h.room.Metrics().AuditMismatches.Load()
		h.room = nil
	}
	if h.store != nil {
		h.store.Close()
		h.store = nil
	}
}

// restart closes the room and the store and opens them again.
func (h *harness) restart() {
	h.close()
	h.open()
}

func (h *harness) settle() {
	h.t.Helper()
	if err := h.room.Settle(context.Background()); err != nil {
		h.t.Fatal(err)
	}
}

// do runs a typed command as user in the chat and lets the room settle.
func (h *harness) do(user, line string) (bot.Reply, error) {
	h.t.Helper()
	name, args, ok := bot.ParseCommand(line)
	if !ok {
		h.t.Fatalf("%q is not a command", line)
	}
	r, err := h.room.Handle(context.Background(), bot.Command{Platform: "console", Chat: "group", User: user, UserName: user, Name: name, Args: args})
	if !h.noSettle {
		h.settle()
	}
	return r, err
}

// must runs a command that must succeed.
func (h *harness) must(user, line string) bot.Reply {
	h.t.Helper()
	r, err := h.do(user, line)
	if err != nil {
		h.t.Fatalf("%s: %s: %v", user, line, err)
	}
	return r
}

// fails runs a command that must be refused with key.
func (h *harness) fails(user, line, key string) *bot.Error {
	h.t.Helper()
	_, err := h.do(user, line)
	e, ok := err.(*bot.Error)
	if !ok || e.Key != key {
		h.t.Fatalf("%s: %s: error %v, want %s", user, line, err, key)
	}
	return e
}

// press presses a button as user.
func (h *harness) press(user, token string) (bot.Reply, error) {
	r, err := h.room.Handle(context.Background(), bot.Command{Platform: "console", Chat: "group", User: user, UserName: user, Token: token})
	h.settle()
	return r, err
}

// sleep moves the clock, one timer at a time, settling after each.
func (h *harness) sleep(d time.Duration) {
	h.clock.Walk(h.clock.Now().Add(d), h.settle)
}

// table returns the latest table message of the group.
func (h *harness) table() bot.View {
	h.t.Helper()
	return h.lastView(bot.ViewTable, "group", "")
}

// lastView is the latest view of kind sent to chat (or privately to user),
// read from the newest message back (only those read are rendered).
func (h *harness) lastView(kind bot.ViewKind, chat, user string) bot.View {
	h.t.Helper()
	h.rec.mu.Lock()
	defer h.rec.mu.Unlock()
	msgs := h.rec.msgs
	for i := len(msgs) - 1; i >= 0; i-- {
		m := msgs[i]
		if v, ok := bot.Resolved(m).Body.(bot.View); ok && v.Kind == kind && m.To.Chat == chat && m.To.User == user {
			return v
		}
	}
	h.t.Fatalf("no %s view to %q%q yet", kind, chat, user)
	return bot.View{}
}

var toActRE = regexp.MustCompile(`(?m)^▶ \d+  (\S+)  `)

// toAct returns who is to act, from the table message ("" for nobody).
func (h *harness) toAct() string {
	m := toActRE.FindStringSubmatch(h.table().Text)
	if m == nil {
		return ""
	}
	return m[1]
}

// button returns the token of the table message's button whose command
// starts with prefix.
func (h *harness) button(prefix string) string {
	h.t.Helper()
	for _, row := range h.table().Buttons {
		for _, b := range row {
			if strings.HasPrefix(b.Command, prefix) {
				return b.Token
			}
		}
	}
	h.t.Fatalf("no %s button on the table:\n%s", prefix, h.table().Text)
	return ""
}

// private returns the texts sent privately to user.
func (h *harness) private(user string) []string {
	var out []string
	for _, m := range h.rec.all() {
		if m.To.Private() && m.To.User == user {
			out = append(out, m.Body.(bot.View).Text)
		}
	}
	return out
}

// group returns every text the group saw.
func (h *harness) group() []string {
	var out []string
	for _, m := range h.rec.all() {
		if !m.To.Private() {
			out = append(out, m.Body.(bot.View).Text)
		}
	}
	return out
}

// wallet returns user's wallet balance.
func (h *harness) wallet(user string) int64 {
	h.t.Helper()
	r := h.must(user, "/wallet")
	var n int64
	first := strings.SplitN(r.Text, "\n", 2)[0]
	if _, err := fmt.Sscanf(strings.ReplaceAll(first, ",", ""), "Your wallet: %d chips.", &n); err != nil {
		h.t.Fatalf("wallet %q: %v", r.Text, err)
	}
	return n
}

// checkBooks fails unless the books are right (booksErr).
func (h *harness) checkBooks() {
	h.t.Helper()
	if err := h.booksErr(); err != nil {
		h.t.Fatal(err)
	}
}

// booksErr says what is wrong with the books, nil when nothing: the
// ledger balances, every cash table account holds exactly its seats'
// chips and the pot carried over (during a hand too: its chips stay on
// the stored stacks until it ends), and no hand's log is broken.
func (h *harness) booksErr() error {
	ctx := context.Background()
	a, err := h.store.Audit(ctx)
	if err != nil || !a.OK() {
		return fmt.Errorf("ledger audit: %+v, %v", a, err)
	}
	// The chip audit agrees, now and every time the room ran it.
	rep, err := room.AuditChips(ctx, h.store)
	if err != nil || !rep.OK() {
		var b strings.Builder
		_ = rep.Write(&b)
		return fmt.Errorf("chip audit: %v\n%s", err, b.String())
	}
	n := h.auditMismatches
	if h.room != nil {
		n += h.room.Metrics().AuditMismatches.Load()
	}
	if n > 0 {
		return fmt.Errorf("the room's chip audits found %d mismatches (ROOM_LOG=1 shows them)", n)
	}
	tables, err := h.store.OpenTables(ctx, 0)
	if err != nil {
		return err
	}
	var stranded []struct {
		Key     string
		Balance int64
	}
	if err := h.store.DB().Raw(`SELECT a.key, a.balance FROM accounts a JOIN tables t ON a.key = 'table:' || t.id WHERE t.closed_at IS NOT NULL AND a.balance <> 0`).Scan(&stranded).Error; err != nil {
		return err
	}
	if len(stranded) > 0 {
		return fmt.Errorf("closed tables' accounts hold chips: %+v", stranded)
	}
	for _, tr := range tables {
		open, err := h.store.OpenHands(ctx, tr.ID)
		if err != nil {
			return err
		}
		for _, hr := range open {
			if hr.Broken != "" {
				return fmt.Errorf("table %d: hand %d: %s", tr.ID, hr.ID, hr.Broken)
			}
		}
		if strings.Contains(tr.Config, `"tourney":`) {
			continue // tournament chips are not in the ledger: the tournament account holds its money
		}
		// The room may store a write between the reads (a pool's
		// goroutine seats a hand it was signalled for after Settle): a
		// mismatch is read again, and only one that stays is wrong.
		id, bal, sum := tr.ID, int64(0), int64(0)
		for try := 0; ; try++ {
			if bal, sum, err = h.tableBooks(ctx, tr); err != nil {
				return err
			}
			if bal == sum && try > 0 {
				h.t.Logf("table %d: its books read while a write was stored, right when read again", id)
			}
			if bal == sum || try == 50 {
				break
			}
			time.Sleep(2 * time.Millisecond)
			if tr, err = h.openTable(ctx, tr.ID); err != nil {
				return err
			}
			if tr.ID == 0 {
				bal, sum = 0, 0 // closed meanwhile: its account is the audit's
				break
			}
		}
		if bal != sum {
			return fmt.Errorf("table %d: its account holds %d, its seats and carried pot %d", id, bal, sum)
		}
	}
	return nil
}

// openTable reads open table id's record again (ID 0: closed).
func (h *harness) openTable(ctx context.Context, id int64) (bot.TableRecord, error) {
	tables, err := h.store.OpenTables(ctx, 0)
	for _, tr := range tables {
		if tr.ID == id {
			return tr, nil
		}
	}
	return bot.TableRecord{}, err
}

// tableBooks reads what cash table tr's account holds and what its stored
// seats and carried pot add up to.
func (h *harness) tableBooks(ctx context.Context, tr bot.TableRecord) (bal, sum int64, err error) {
	seats, err := h.store.Seats(ctx, tr.ID)
	if err != nil {
		return 0, 0, err
	}
	for _, st := range seats {
		var extra struct {
			Pending int64 `json:"pending"`
		}
		_ = json.Unmarshal([]byte(st.State), &extra)
		sum += st.Stack + extra.Pending
	}
	var state struct {
		Carry int64 `json:"carry"`
	}
	_ = json.Unmarshal([]byte(tr.State), &state)
	sum += state.Carry
	acc, err := h.store.OpenAccount(ctx, bot.AccountTable, fmt.Sprintf("table:%d", tr.ID), 0)
	if err != nil {
		return 0, 0, err
	}
	bal, err = h.store.Balance(ctx, acc)
	return bal, sum, err
}

var handRE = regexp.MustCompile(`· (?:hand|mano) (\d+)`)

// handNo returns the number of the hand the table message shows (0 for
// none).
func (h *harness) handNo() string {
	m := handRE.FindStringSubmatch(h.table().Text)
	if m == nil {
		return ""
	}
	return m[1]
}

// playToEnd has whoever is to act check or call until the hand is over.
func (h *harness) playToEnd(max int) {
	h.t.Helper()
	hand := h.handNo()
	for range max {
		who := h.toAct()
		if who == "" || h.handNo() != hand {
			return
		}
		if _, err := h.do(who, "/check"); err != nil {
			h.must(who, "/call")
		}
	}
	h.t.Fatalf("the hand did not end in %d actions", max)
}

var _ = storetest.PostgresEnv

// teeOut queues a message to both.
type teeOut struct{ a, b bot.Enqueuer }

func (t teeOut) Enqueue(m bot.Outgoing) error {
	_ = t.a.Enqueue(m)
	return t.b.Enqueue(m)
}

// reopenWith starts a new room on st (a wrapped store), same clock; with
// withCron, on a new cron runner that keeps its firings in st.
func (h *harness) reopenWith(st bot.Storage) {
	h.t.Helper()
	var err error
	h.rec = &recorder{}
	var out bot.Enqueuer = h.rec
	if h.tee != nil {
		out = teeOut{h.rec, h.tee}
	}
	var sched bot.Scheduler
	if h.withCron {
		if h.cron != nil {
			h.cron.Stop()
		}
		h.cron = cron.NewRunner(h.clock, st, nil)
		sched = cron.RoomScheduler{Runner: h.cron}
	}
	rate, burst, users := h.limits()
	h.room, err = room.New(room.Config{Log: debugLog(), Store: st, Clock: h.clock, Seed: h.seed, DeckSeed: h.seed, BotDelay: h.botDelay, Scheduler: sched, Owners: h.owners,
		CommandRate: rate, CommandBurst: burst, MaxUsers: users,
		Outboxes: h.outboxes(out), Admins: h.adminsByPlatform(), Spectators: h.spectatorsByPlatform()})
	if err != nil {
		h.t.Fatal(err)
	}
	if err := h.room.Start(context.Background()); err != nil {
		h.t.Fatal(err)
	}
	h.settle()
}

// platforms are the platforms a harness's room serves: the console, and
// Telegram's and Discord's identities (the permission matrix runs as
// both).
var platforms = []string{"console", "telegram", "discord"}

// outboxes is out for every platform.
func (h *harness) outboxes(out bot.Enqueuer) map[string]bot.Enqueuer {
	m := map[string]bot.Enqueuer{}
	for _, p := range platforms {
		m[p] = out
	}
	return m
}

// adminsByPlatform answers from h.admins on every platform.
func (h *harness) adminsByPlatform() map[string]bot.Admins {
	m := map[string]bot.Admins{}
	for _, p := range platforms {
		m[p] = bot.AdminsFunc(func(_ context.Context, chat, user string) (bool, error) {
			return h.admins[user] || h.admins[chat+"/"+user], nil
		})
	}
	return m
}

// spectatorsByPlatform takes any /spectate target of an admin (h.admins)
// on every platform, or asks h.spectate when a test set it.
func (h *harness) spectatorsByPlatform() map[string]bot.Spectators {
	m := map[string]bot.Spectators{}
	for _, p := range platforms {
		m[p] = bot.SpectatorsFunc(func(ctx context.Context, chat, user, target string) (string, error) {
			if h.spectate != nil {
				return h.spectate(ctx, chat, user, target)
			}
			if !h.admins[user] && !h.admins[target+"/"+user] {
				return "", bot.ErrSpectateNotAdmin
			}
			return target, nil
		})
	}
	return m
}

func debugLog() *slog.Logger {
	if os.Getenv("ROOM_LOG") == "" {
		return nil
	}
	return slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
}
