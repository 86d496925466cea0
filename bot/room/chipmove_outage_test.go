package room_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
)

// The database going away in the middle of each kind of chip move: the
// write that carries it is refused (the outage began just before it) or
// stored and reported failed (the connection lost at its commit, the
// database gone with it). The fault simulation meets these only as its
// seeds happen to; here each is met on purpose. Once the database is
// back, the room's chips add up (the ledger, every table's account
// against its seats, every tournament's account against its ops), what
// the player sees is what was stored, and nothing is stuck: no table or
// tournament stays paused, and play goes on to its end.

// outageAt is a FaultStore whose database goes away at the first write,
// once armed, that hit picks.
type outageAt struct {
	*bottest.FaultStore
	hit func(w *bot.TableWrite) bool
	// stored: the write is stored before the outage begins (and reported
	// failed); else it is refused by the outage.
	stored        bool
	armed, struck atomic.Bool
}

// at reports whether the write of moves (and ws) is the one the outage
// strikes.
func (o *outageAt) at(ws []*bot.TableWrite) bool {
	if !o.armed.Load() || o.struck.Load() {
		return false
	}
	for _, w := range ws {
		if o.hit(w) {
			return o.struck.CompareAndSwap(false, true)
		}
	}
	return false
}

// cut runs the write do as the outage strikes it.
func (o *outageAt) cut(do func() error) error {
	if !o.stored {
		o.SetDown(true)
		return do() // refused: the database is down
	}
	if err := do(); err != nil {
		return err
	}
	o.SetDown(true)
	return bottest.ErrAmbiguous
}

func (o *outageAt) CommitTables(ctx context.Context, ws []*bot.TableWrite) error {
	if o.at(ws) {
		return o.cut(func() error { return o.FaultStore.CommitTables(ctx, ws) })
	}
	return o.FaultStore.CommitTables(ctx, ws)
}

func (o *outageAt) Move(ctx context.Context, moves ...bot.Move) error {
	if o.at([]*bot.TableWrite{{Moves: moves}}) {
		return o.cut(func() error { return o.FaultStore.Move(ctx, moves...) })
	}
	return o.FaultStore.Move(ctx, moves...)
}

func (o *outageAt) MoveOnce(ctx context.Context, key string, moves ...bot.Move) error {
	if o.at([]*bot.TableWrite{{Moves: moves}}) {
		return o.cut(func() error { return o.FaultStore.MoveOnce(ctx, key, moves...) })
	}
	return o.FaultStore.MoveOnce(ctx, key, moves...)
}

func (o *outageAt) AddAdminEntry(ctx context.Context, e bot.AdminEntry, moves ...bot.Move) error {
	if o.at([]*bot.TableWrite{{Moves: moves}}) {
		return o.cut(func() error { return o.FaultStore.AddAdminEntry(ctx, e, moves...) })
	}
	return o.FaultStore.AddAdminEntry(ctx, e, moves...)
}

// moveFor picks a write with a move whose reason is reason.
func moveFor(reason string) func(w *bot.TableWrite) bool {
	return func(w *bot.TableWrite) bool {
		for _, m := range w.Moves {
			if m.Reason == reason {
				return true
			}
		}
		return false
	}
}

// opOf picks a write with a tournament op of kind whose data holds part.
func opOf(kind, part string) func(w *bot.TableWrite) bool {
	return func(w *bot.TableWrite) bool {
		for _, op := range w.TourneyOps {
			if op.Kind == kind && strings.Contains(op.Data, part) {
				return true
			}
		}
		return false
	}
}

// chipMove is one kind of chip move met by an outage.
type chipMove struct {
	name string
	// setup brings the room to just before the move.
	setup func(h *harness)
	hit   func(w *bot.TableWrite) bool
	// act makes the move (its answer may be a refusal); it is repeated,
	// the clock moving, until the outage struck.
	act func(h *harness)
	// after checks, once the database is back, that what players see is
	// what was stored, and plays on to the end.
	after func(t *testing.T, h *harness)
}

func TestAnOutageInTheMiddleOfEachChipMove(t *testing.T) {
	for _, c := range chipMoves() {
		for _, stored := range []bool{false, true} {
			name := c.name + "/refused"
			if stored {
				name = c.name + "/stored"
			}
			t.Run(name, func(t *testing.T) { runChipMoveOutage(t, c, stored) })
		}
	}
}

func runChipMoveOutage(t *testing.T, c chipMove, stored bool) {
	h := newHarness(t, 31)
	h.room.Close()
	o := &outageAt{FaultStore: bottest.NewFaultStore(h.store), hit: c.hit, stored: stored}
	h.reopenWith(o)
	c.setup(h)
	o.armed.Store(true)
	for range 300 {
		if o.struck.Load() {
			break
		}
		c.act(h)
		h.sleep(time.Second)
	}
	if !o.struck.Load() {
		t.Fatalf("the move's write never came:\n%s\n%s", h.table().Text, strings.Join(h.news(), "\n"))
	}
	h.sleep(45 * time.Second) // the outage lasts
	if _, err := h.do("admin", "/tourney balance"); bot.ErrorCode(err) == bot.EInternal {
		t.Fatalf("a command during the outage: %v", err)
	}
	o.SetDown(false)
	h.sleep(10 * time.Second)
	m := h.room.Metrics()
	if n, nt := m.Paused.Load(), m.PausedTourneys.Load(); n != 0 || nt != 0 {
		t.Fatalf("%d tables and %d tournaments still paused ten seconds after the database came back", n, nt)
	}
	h.checkBooks()
	c.after(t, h)
	h.checkBooks()
	if rep, out := h.audit(); !rep.OK() {
		t.Fatalf("the chip audit at the end:\n%s", out)
	}
}

// seatedAt1 opens table #1 with players seated (each with 100).
func seatedAt1(h *harness, players ...string) {
	h.must("admin", "/newtable nlhe 1/2 buyin=40-200 timer=20 bank=10")
	for _, u := range players {
		h.must(u, "/join 100")
	}
}

// wantSeatAsPaid fails unless user's wallet says whether they sit at
// table 1 with stack: seated, their wallet paid it; not seated, it did
// not.
func wantSeatAsPaid(t *testing.T, h *harness, user string, stack int64) bool {
	t.Helper()
	s, seated := h.seatOf(user)
	w := h.wallet(user)
	switch {
	case seated && (s.Stack != stack || w != 10000-stack):
		t.Fatalf("%s seated with %d and a wallet of %d, want %d and %d", user, s.Stack, w, stack, 10000-stack)
	case !seated && w != 10000:
		t.Fatalf("%s not seated with a wallet of %d, want 10000", user, w)
	}
	return seated
}

// leaveAll has the players leave table 1 and wants their chips back.
func leaveAll(t *testing.T, h *harness, players ...string) {
	t.Helper()
	for _, u := range players {
		if _, seated := h.seatOf(u); seated {
			h.must(u, "/leave")
		}
	}
	h.sleep(2 * time.Minute) // a hand in progress ends
	var sum int64
	for _, u := range players {
		if _, seated := h.seatOf(u); seated {
			t.Fatalf("%s still seated after /leave:\n%s", u, h.table().Text)
		}
		sum += h.wallet(u)
	}
	if want := int64(10000 * len(players)); sum+h.rake() != want {
		t.Fatalf("the players' wallets hold %d and the rake %d, want %d in all", sum, h.rake(), want)
	}
}

// rake is what the house took from table 1's pots.
func (h *harness) rake() int64 {
	return h.ledgerByReason("table:1")["rake"]
}

// registered reports whether user is in T1 (its players' list), wanting
// their wallet to say the same.
func registered(t *testing.T, h *harness, user string, entries int) bool {
	t.Helper()
	in := strings.Contains(h.must("admin", "/tourney players T1").Text, user)
	w := h.wallet(user)
	switch {
	case in && w != 10000-22*int64(entries):
		t.Fatalf("%s in the tournament with a wallet of %d, want %d (%d entries of 20+2)", user, w, 10000-22*entries, entries)
	case !in && w != 10000-22*int64(entries-1):
		t.Fatalf("%s not in the tournament with a wallet of %d, want %d", user, w, 10000-22*(entries-1))
	}
	return in
}

// tourneyEnds plays T1 to its end: its account pays out whole, its
// prizes exactly what was paid in.
func tourneyEnds(t *testing.T, h *harness) {
	t.Helper()
	h.playTourney(time.Minute, 600)
	h.wantEmptyAccount("tourney:1")
	l := h.ledgerByReason("tourney:1")
	if paid := l["tournament buy-in"] + l["tournament rebuy"] + l["tournament addon"] - l["tournament refund"]; l["prize"] != paid || paid == 0 {
		t.Fatalf("the tournament paid %d in prizes for %d in buy-ins kept: %v", l["prize"], paid, l)
	}
	if n := len(h.newsWith("Results:")); n != 1 {
		t.Fatalf("the results were told %d times", n)
	}
	// The last table closes once its last hand is over, which its pause
	// may hold past the results by a step of the clock.
	h.sleep(time.Minute)
	tables, err := h.store.OpenTables(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range tables {
		if strings.Contains(tr.Config, `"tourney":`) {
			t.Fatalf("table %d of the tournament still open after its end", tr.ID)
		}
	}
}

// sng creates T1, a sit-and-go of 20+2 alice plays against practice
// opponents, with re-entry during its late registration.
func sng(h *harness) {
	h.must("admin", "/tourney create Sim buyin=20+2 start=+2m late=3 reentry=2 seats=6 speed=hyper bots=on min=2")
}

// startSng fills T1 with practice opponents and starts it.
func startSng(h *harness) {
	h.must("admin", "/tourney bots 5 T1")
	h.sleep(2*time.Minute + time.Second)
}

// shove has alice go all in, until she is out.
func shove(h *harness) {
	if len(h.newsWith("alice is out")) == 0 {
		_, _ = h.do("alice", "/allin")
	}
}

// chipMoves are the chip moves met by an outage: the cash tables' and the
// wallets', then the tournaments'.
func chipMoves() []chipMove {
	return append(cashMoves(), tourneyMoves()...)
}

func cashMoves() []chipMove {
	return []chipMove{
		{name: "cash buy-in", setup: func(h *harness) { seatedAt1(h, "ana") }, hit: moveFor("buy-in"),
			act: func(h *harness) { _, _ = h.do("ben", "/join 100") },
			after: func(t *testing.T, h *harness) {
				if !wantSeatAsPaid(t, h, "ben", 100) {
					h.must("ben", "/join 100")
				}
				h.playToEnd(40)
				leaveAll(t, h, "ana", "ben")
			}},
		{name: "cash-out", setup: func(h *harness) { seatedAt1(h, "ana") }, hit: moveFor("cash-out"),
			act: func(h *harness) { _, _ = h.do("ana", "/leave") },
			after: func(t *testing.T, h *harness) {
				wantSeatAsPaid(t, h, "ana", 100)
				leaveAll(t, h, "ana")
			}},
		{name: "a top-up", setup: func(h *harness) { seatedAt1(h, "ana") }, hit: moveFor("top-up"),
			act: func(h *harness) { _, _ = h.do("ana", "/topup 50") },
			after: func(t *testing.T, h *harness) {
				s, _ := h.seatOf("ana")
				if w := h.wallet("ana"); s.Stack+w != 10000 || (s.Stack != 100 && s.Stack != 150) {
					t.Fatalf("ana's stack %d and wallet %d after a top-up of 50 met by an outage", s.Stack, w)
				}
				leaveAll(t, h, "ana")
			}},
		{name: "the welcome chips", setup: func(h *harness) {}, hit: moveFor("welcome"),
			act: func(h *harness) { _, _ = h.do("eve", "/wallet") },
			after: func(t *testing.T, h *harness) {
				if w := h.wallet("eve"); w != 10000 {
					t.Fatalf("eve's wallet %d after her welcome chips met an outage, want them once", w)
				}
			}},
		{name: "a table change", setup: func(h *harness) {
			seatedAt1(h, "ana")
			h.must("admin", "/newtable nlhe 1/2 buyin=40-200 timer=20 bank=10")
		},
			hit: moveFor("buy-in"), act: func(h *harness) { _, _ = h.do("ana", "/join #2") },
			after: func(t *testing.T, h *harness) {
				var chips int64
				seated := 0
				for _, table := range []int64{1, 2} {
					if s, ok := seatAt(t, h, table, "ana"); ok {
						seated++
						chips += s.Stack
					}
				}
				if w := h.wallet("ana"); seated > 1 || chips+w != 10000 {
					t.Fatalf("ana seated at %d tables with %d chips and a wallet of %d after a table change met by an outage", seated, chips, w)
				}
			}},
		{name: "a hand's end", setup: func(h *harness) { seatedAt1(h, "ana", "ben") },
			hit: func(w *bot.TableWrite) bool { return w.EndHand },
			act: func(h *harness) {
				if who := h.toAct(); who != "" {
					_, _ = h.do(who, "/call")
				}
			},
			after: func(t *testing.T, h *harness) {
				if n := h.groupSaid("Hand 1 at #1"); n != 1 {
					t.Fatalf("the hand's summary told %d times:\n%s", n, strings.Join(h.group(), "\n"))
				}
				h.playToEnd(40)
				leaveAll(t, h, "ana", "ben")
			}},
		{name: "a grant", setup: func(h *harness) { h.wallet("ana") }, hit: moveFor("grant"),
			act: func(h *harness) { _, _ = h.do("admin", "/grant @ana 100") },
			after: func(t *testing.T, h *harness) {
				w := h.wallet("ana")
				logged := strings.Contains(h.must("admin", "/adminlog").Text, "grant")
				if (w == 10100) != logged || (w != 10000 && w != 10100) {
					t.Fatalf("ana's wallet %d after a grant of 100 met by an outage, the admin log listing it: %v", w, logged)
				}
				h.must("admin", "/grant @ana 100")
			}},
	}
}

func tourneyMoves() []chipMove {
	return []chipMove{
		{name: "a tournament's registration", setup: sng, hit: moveFor("tournament buy-in"),
			act: func(h *harness) { _, _ = h.do("alice", "/register") },
			after: func(t *testing.T, h *harness) {
				if !registered(t, h, "alice", 1) {
					h.must("alice", "/register")
				}
				startSng(h)
				tourneyEnds(t, h)
			}},
		{name: "unregistration", setup: func(h *harness) { sng(h); h.must("alice", "/register") }, hit: moveFor("tournament refund"),
			act: func(h *harness) { _, _ = h.do("alice", "/unregister") },
			after: func(t *testing.T, h *harness) {
				if in := strings.Contains(h.must("admin", "/tourney players T1").Text, "alice"); in != (h.wallet("alice") == 10000-22) {
					t.Fatalf("alice in the tournament %v with a wallet of %d", in, h.wallet("alice"))
				}
				startSng(h)
				tourneyEnds(t, h)
			}},
		{name: "re-entry", setup: bustAlice, hit: moveFor("tournament buy-in"),
			act: func(h *harness) { _, _ = h.do("alice", "/reenter") },
			after: func(t *testing.T, h *harness) {
				if w := h.wallet("alice"); w != 10000-22 && w != 10000-44 {
					t.Fatalf("alice's wallet %d after a re-entry met by an outage", w)
				}
				tourneyEnds(t, h)
			}},
		{name: "an add-on", setup: func(h *harness) { rebuys(h); h.sleep(2 * time.Minute) }, hit: moveFor("tournament addon"),
			act: func(h *harness) { _, _ = h.do("alice", "/addon") },
			after: func(t *testing.T, h *harness) {
				if w := h.wallet("alice"); w != 10000-11 && w != 10000-21 {
					t.Fatalf("alice's wallet %d after an add-on met by an outage", w)
				}
				tourneyEnds(t, h)
			}},
		{name: "a bust", setup: func(h *harness) { sng(h); h.must("alice", "/register"); startSng(h) },
			hit: opOf("hand", `"busts"`), act: shove,
			after: func(t *testing.T, h *harness) {
				tourneyEnds(t, h)
				if n := len(h.newsWith(" is out")); n != 5 {
					t.Fatalf("%d of the 5 busts told: %q", n, h.news())
				}
			}},
		{name: "the payouts", setup: func(h *harness) { sng(h); h.must("alice", "/register"); startSng(h) },
			hit: moveFor("prize"), act: func(h *harness) { h.sleep(time.Minute) },
			after: func(t *testing.T, h *harness) { tourneyEnds(t, h) }},
		{name: "a satellite's tickets", setup: satellite, hit: opOf("ticket", ""),
			act: func(h *harness) { h.sleep(time.Minute) },
			after: func(t *testing.T, h *harness) {
				h.sleep(time.Minute)
				h.wantEmptyAccount("tourney:2")
				if info := h.must("admin", "/tourney info T1").Text; !strings.Contains(info, "2 in (2 entries)") {
					t.Fatalf("the target after its satellite:\n%s", info)
				}
				if n := len(h.newsWith("wins a seat: registered for T1")); n != 2 {
					t.Fatalf("%d seats told, want 2: %q", n, h.news())
				}
			}},
		{name: "a cancellation's refunds", setup: func(h *harness) { sng(h); h.must("alice", "/register") }, hit: moveFor("tournament refund"),
			act: func(h *harness) { _, _ = h.do("admin", "/tourney cancel T1") },
			after: func(t *testing.T, h *harness) {
				if w := h.wallet("alice"); w != 10000 {
					t.Fatalf("alice's wallet %d after the tournament was cancelled, want her 22 back", w)
				}
				h.wantEmptyAccount("tourney:1")
				if n := len(h.newsWith("is cancelled by the organiser")); n != 1 {
					t.Fatalf("the cancellation was told %d times: %q", n, h.news())
				}
			}},
		{name: "a flight's end", setup: flight, hit: opOf("finish", `"stacks"`),
			act: func(h *harness) { h.sleep(time.Minute) },
			after: func(t *testing.T, h *harness) {
				h.sleep(time.Minute)
				h.wantEmptyAccount("tourney:2")
				tables, err := h.store.OpenTables(context.Background(), 0)
				if err != nil {
					t.Fatal(err)
				}
				for _, tr := range tables {
					if strings.Contains(tr.Config, `"tourney":2`) {
						t.Fatalf("table %d of the flight still open after its end", tr.ID)
					}
				}
			}},
	}
}

// bustAlice: alice is out of T1, its late registration still open.
func bustAlice(h *harness) {
	sng(h)
	h.must("alice", "/register")
	startSng(h)
	for range 600 {
		if len(h.newsWith("alice is out")) > 0 {
			return
		}
		shove(h)
		h.sleep(time.Second)
	}
	h.t.Fatalf("alice never busted: %q", h.news())
}

// satellite: T2, a satellite of two seats in T1 played by alice and
// practice opponents, plays until it gives them.
func satellite(h *harness) {
	h.must("admin", "/tourney create Main Event buyin=100+10 start=+3h")
	h.must("admin", "/tourney create Sat buyin=20+2 start=sng players=12 seats=6 speed=hyper target=T1 bots=on")
	h.must("alice", "/register T2")
	h.must("admin", "/tourney start T2")
	h.must("alice", "/sitout")
}

// flight: T2, a qualifying flight of T1 played by alice and practice
// opponents, plays to its end.
func flight(h *harness) {
	h.must("admin", "/tourney create Grand Final stage=final start=+5h speed=turbo seats=6")
	h.must("admin", "/tourney create Day 1A flight=T1 buyin=20+2 start=+10m end=30m seats=6 bots=on")
	h.must("alice", "/register T2")
	h.must("admin", "/tourney bots 5 T2")
	h.sleep(10*time.Minute + time.Second)
	h.must("alice", "/sitout")
}

// seatAt returns user's stored seat at table (ok false: not seated).
func seatAt(t *testing.T, h *harness, table int64, user string) (bot.SeatRecord, bool) {
	t.Helper()
	ctx := context.Background()
	p, err := h.store.Player(ctx, "console", user, user)
	if err != nil {
		t.Fatal(err)
	}
	seats, err := h.store.Seats(ctx, table)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range seats {
		if s.PlayerID == p.ID {
			return s, true
		}
	}
	return bot.SeatRecord{}, false
}

// A step of a tournament's clock (its late registration's end, a new
// level) whose op was stored while the database went away with the
// answer is told once the database is back: the group heard neither
// that late registration closed (nor the players already out that they
// are in the money) nor that the blinds went up, the director rebuilt
// from the store finding the step made.
func TestAnOutageAtATournamentsClockStepIsToldOnceStored(t *testing.T) {
	started := func(h *harness) { sng(h); h.must("alice", "/register"); startSng(h) }
	for _, k := range []struct {
		op, news string
		setup    func(h *harness)
	}{
		{"late_end", "late registration is closed", started},
		{"level", "level 2,", started},
		{"rebuy_end", "the rebuy period is over", rebuys},
		{"addon_end", "the add-on is closed", rebuys},
		{"close", "registration is closed", closing},
	} {
		c := chipMove{setup: k.setup,
			hit: opOf(k.op, ""), act: func(h *harness) { h.sleep(10 * time.Second) },
			after: func(t *testing.T, h *harness) {
				tourneyEnds(t, h)
				if n := len(h.newsWith(k.news)); n != 1 {
					t.Fatalf("%q told %d times: %q", k.news, n, h.news())
				}
			}}
		for _, stored := range []bool{false, true} {
			name := k.op + "/refused"
			if stored {
				name = k.op + "/stored"
			}
			t.Run(name, func(t *testing.T) { runChipMoveOutage(t, c, stored) })
		}
	}
}

// closing: T1, a tournament whose registration closes (close=) a
// minute before its start, alice and practice opponents registered.
func closing(h *harness) {
	h.must("admin", "/tourney create Closing buyin=10+1 start=+3m close=+2m min=2 bots=on seats=6")
	h.must("alice", "/register")
	h.must("admin", "/tourney bots 4")
	h.sleep(time.Minute)
}

// rebuys: T1, a rebuy tournament with an add-on, alice and practice
// opponents playing it.
func rebuys(h *harness) {
	h.must("admin", "/tourney create Rebuy buyin=10+1 start=+1m min=2 rebuys=2 rebuylevels=1 addon=10:1500 level=2m bots=on seats=6")
	h.must("alice", "/register")
	h.must("admin", "/tourney bots 4")
	h.sleep(time.Minute)
}
