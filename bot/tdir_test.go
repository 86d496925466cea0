package bot_test

import (
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// handSpy is a store that keeps every hand a table starts: the seats
// dealt in, their players and the button and blinds.
type handSpy struct {
	bot.Storage
	mu    sync.Mutex
	hands []spyHand
}

type spyPos struct {
	Button, SmallBlind, BigBlind int
	SmallBlindDead, HeadsUp      bool
}

type spyHand struct {
	Table int64
	Order []int    // table seats 0..n-1, the engine's button first
	Names []string // by engine seat
	Pos   *spyPos  // seats 1..n
	NoSB  bool
}

func (s *handSpy) CommitTables(ctx context.Context, writes []*bot.TableWrite) error {
	err := s.Storage.CommitTables(ctx, writes)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, w := range writes {
		if w.NewHand == nil {
			continue
		}
		h := spyHand{Table: w.TableID, NoSB: w.NewHand.NoSmallBlind}
		_ = json.Unmarshal([]byte(w.NewHand.Tag), &h)
		s.hands = append(s.hands, h)
	}
	return nil
}

func (s *handSpy) all() []spyHand {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]spyHand(nil), s.hands...)
}

// spyOn restarts the harness's room on a store that records the hands.
func spyOn(h *harness) *handSpy {
	h.room.Close()
	spy := &handSpy{Storage: h.store}
	h.reopenWith(spy)
	return spy
}

// tableHand is a hand as one table dealt it: seat (1..n) to player.
type tableHand struct {
	spyHand
	seats map[int]string
}

func byTable(hands []spyHand) (map[int64][]tableHand, []int64) {
	out := map[int64][]tableHand{}
	var ids []int64
	for _, h := range hands {
		th := tableHand{spyHand: h, seats: map[int]string{}}
		if th.Pos == nil && len(h.Order) > 1 { // a hand dealt without positions: as the engine dealt it
			p := spyPos{Button: h.Order[0] + 1, SmallBlind: h.Order[1%len(h.Order)] + 1, HeadsUp: len(h.Order) == 2}
			p.BigBlind = h.Order[2%len(h.Order)] + 1
			if p.HeadsUp {
				p.SmallBlind, p.BigBlind = p.Button, h.Order[1]+1
			}
			th.Pos = &p
		}
		for k, s := range h.Order {
			th.seats[s+1] = h.Names[k]
		}
		if _, ok := out[h.Table]; !ok {
			ids = append(ids, h.Table)
		}
		out[h.Table] = append(out[h.Table], th)
	}
	return out, ids
}

// checkDeadButton checks every tournament hand of every table against
// the dead-button rule (R-SEAT-1..3, TDA 31-33): seat 1 (or the first
// player after it) has the first button; then the big blind moves to the
// next player dealt in after the last big blind, the small blind is the
// seat that was big blind (dead when empty), the button the seat that was
// small blind; heads-up the button posts the small blind and nobody
// posts the big blind twice in a row. The engine deals the blinds there.
func checkDeadButton(t *testing.T, hands map[int64][]tableHand) {
	t.Helper()
	for id, hs := range hands {
		for i, h := range hs {
			p := h.Pos
			if p == nil {
				t.Fatalf("table %d hand %d has no positions", id, i+1)
			}
			seat := func(k int) int { return h.Order[k] + 1 }
			dealt := func(s int) bool { _, ok := h.seats[s]; return ok }
			// What the engine was told matches the positions.
			switch {
			case p.HeadsUp:
				if len(h.Order) != 2 || seat(0) != p.Button || p.Button != p.SmallBlind || seat(1) != p.BigBlind {
					t.Errorf("table %d hand %d heads-up: order %v, %+v", id, i+1, h.Order, *p)
				}
			case p.SmallBlindDead:
				if !h.NoSB || seat(1) != p.BigBlind || dealt(p.SmallBlind) {
					t.Errorf("table %d hand %d dead small blind: order %v, %+v, engine's no small blind %v", id, i+1, h.Order, *p, h.NoSB)
				}
			default:
				if h.NoSB || seat(1) != p.SmallBlind || seat(2) != p.BigBlind {
					t.Errorf("table %d hand %d: order %v, %+v", id, i+1, h.Order, *p)
				}
			}
			n := 10
			if i == 0 {
				first := 1
				for !dealt(first) {
					first++
				}
				if p.Button != first {
					t.Errorf("table %d's first button on seat %d, want %d (R-SEAT-1)", id, p.Button, first)
				}
				continue
			}
			q := hs[i-1].Pos
			if !p.HeadsUp && (p.Button != q.SmallBlind || p.SmallBlind != q.BigBlind) {
				t.Errorf("table %d hand %d: button %d small blind %d after %+v (TDA 31)", id, i+1, p.Button, p.SmallBlind, *q)
			}
			for s := q.BigBlind%n + 1; s != p.BigBlind; s = s%n + 1 {
				if dealt(s) {
					t.Errorf("table %d hand %d: big blind %d skips seat %d after %d (TDA 31)", id, i+1, p.BigBlind, s, q.BigBlind)
					break
				}
			}
			if hs[i-1].seats[q.BigBlind] == h.seats[p.BigBlind] {
				t.Errorf("table %d hand %d: %s posts the big blind twice in a row (TDA 33)", id, i+1, h.seats[p.BigBlind])
			}
		}
	}
}

// R-SEAT-1, R-SEAT-2, R-SEAT-3 (TDA 31-33): a multi-table tournament's
// tables put the first button on seat 1 and then play a dead button,
// table by table, to the end.
func TestTourneyTablesPlayADeadButton(t *testing.T) {
	h := newHarness(t, 21)
	spy := spyOn(h)
	h.must("admin", "/tourney create Dead Button start=sng players=27 seats=9 speed=hyper bots=on")
	h.must("admin", "/tourney bots 27")
	h.playTourney(time.Minute, 600)
	hands, ids := byTable(spy.all())
	if len(ids) < 4 {
		t.Fatalf("tables played: %d", len(ids))
	}
	checkDeadButton(t, hands)
	dead := 0
	for _, hs := range hands {
		for _, x := range hs {
			if x.Pos.SmallBlindDead || (!x.Pos.HeadsUp && x.Order[0]+1 != x.Pos.Button) {
				dead++
			}
		}
	}
	if dead == 0 {
		t.Errorf("no hand with a dead button or small blind: the rule was never put to the test")
	}
	// A button dead on an empty seat is shown where it is (TDA 31), and
	// the player dealt first after it is not called the dealer.
	deadButtons := 0
	for _, hs := range hands {
		for _, x := range hs {
			if _, dealt := x.seats[x.Pos.Button]; !dealt {
				deadButtons++
			}
		}
	}
	shown := 0
	deadLine := regexp.MustCompile(`\nButton: seat \d+ \(dead\)`)
	for _, m := range h.rec.all() {
		if v, ok := m.Body.(bot.View); ok && v.Kind == bot.ViewTable && deadLine.MatchString(v.Text) {
			shown++
		}
	}
	if deadButtons > 0 && shown == 0 {
		t.Errorf("%d hands with a dead button, none shown on the table message", deadButtons)
	}
	t.Logf("%d hands with a dead button, %d table messages show it", deadButtons, shown)
}

// balanceMove is a player moved to balance the tables, as the hands show
// it: from their last hand at one table (which plays on) to their first
// hand at another.
type balanceMove struct {
	name     string
	from, to int // indexes in the hands
}

// balanceMoves finds the players who moved from a table that played on
// to another table.
func balanceMoves(all []spyHand) (map[int64][]tableHand, []balanceMove, []int) {
	byT, _ := byTable(all)
	// global index -> (table, index at the table)
	type at struct {
		table int64
		k     int
	}
	pos := make([]at, len(all))
	seen := map[int64]int{}
	for i, h := range all {
		pos[i] = at{h.Table, seen[h.Table]}
		seen[h.Table]++
	}
	last := map[string]int{} // name -> global index of their last hand
	var moves []balanceMove
	for i, h := range all {
		for _, n := range h.Names {
			if j, ok := last[n]; ok && all[j].Table != h.Table && pos[j].k+1 < len(byT[all[j].Table]) {
				moves = append(moves, balanceMove{name: n, from: j, to: i})
			}
			last[n] = i
		}
	}
	ks := make([]int, len(all))
	for i := range all {
		ks[i] = pos[i].k
	}
	return byT, moves, ks
}

func seatOf(h tableHand, name string) int {
	for s, n := range h.seats {
		if n == name {
			return s
		}
	}
	return 0
}

// checkBalanceMoves checks that every balancing move took the players
// due to post the big blind next at the table they left (TDA 10-A,
// R-TRN-11): after a hand whose big blind was seat b, the movers are the
// first players still in clockwise after b; they take the first open
// seats after the short table's last big blind (the worst position, never
// the small blind). size is the tables' size.
func checkBalanceMoves(t *testing.T, all []spyHand, size int) int {
	t.Helper()
	byT, moves, ks := balanceMoves(all)
	alive := map[string]int{} // name -> last global index
	for i, h := range all {
		for _, n := range h.Names {
			alive[n] = i
		}
	}
	groups := map[int][]string{} // the hand left -> its movers
	for _, m := range moves {
		groups[m.from] = append(groups[m.from], m.name)
	}
	for from, names := range groups {
		h := byT[all[from].Table][ks[from]]
		moved := map[string]bool{}
		for _, n := range names {
			moved[n] = true
		}
		// The players of that hand still in afterwards, clockwise from the
		// seat after its big blind.
		var due []string
		for k := 1; k <= size; k++ {
			s := (h.Pos.BigBlind-1+k)%size + 1
			if n, ok := h.seats[s]; ok && alive[n] > from {
				due = append(due, n)
			}
		}
		for k, n := range due[:min(len(names), len(due))] {
			if !moved[n] {
				t.Errorf("table %d after its hand %d (big blind seat %d): moved %v, but %s (number %d due to post the big blind) stayed (TDA 10)",
					all[from].Table, ks[from]+1, h.Pos.BigBlind, names, n, k+1)
			}
		}
	}
	// The seats they take: the first open seats after the short table's
	// last big blind (the worst position: the big blind next, never the
	// small blind).
	into := map[int][]string{}
	for _, m := range moves {
		into[m.to] = append(into[m.to], m.name)
	}
	for to, names := range into {
		d := byT[all[to].Table]
		if ks[to] == 0 {
			continue // a table's first hand
		}
		h, prev := d[ks[to]], d[ks[to]-1]
		mover := map[string]bool{}
		for _, n := range names {
			mover[n] = true
		}
		var open []int
		for k := 1; k <= size && len(open) < len(names); k++ {
			s := (prev.Pos.BigBlind-1+k)%size + 1
			if n, ok := h.seats[s]; ok && !mover[n] {
				continue
			}
			if s == prev.Pos.BigBlind {
				continue
			}
			open = append(open, s)
		}
		for _, n := range names {
			s := seatOf(h, n)
			if !slices.Contains(open, s) {
				t.Errorf("table %d hand %d: %s moved in to seat %d, want one of %v after the big blind on seat %d (TDA 10)", all[to].Table, ks[to]+1, n, s, open, prev.Pos.BigBlind)
			}
		}
	}
	return len(moves)
}

// R-TRN-7 (TDA 12): players busted in the same hand-for-hand hand at
// different tables share their places and prizes, instead of the table
// that reports first ranking its players lower. Eight players at two
// tables, seven paid: hand for hand from the start; everybody moves all
// in on the first hand.
func TestTourneyHandForHandBustsAtTwoTablesShareThePlace(t *testing.T) {
	h := newHarness(t, 3)
	users := []string{"ana", "ben", "cy", "dan", "eva", "fay", "gus", "hal"}
	h.must("admin", "/tourney create Bubble start=sng players=8 seats=6 buyin=100 payout=top7")
	for _, u := range users {
		h.must(u, "/register")
	}
	if len(h.newsWith("hand for hand: 8 left, 7 paid")) != 1 {
		t.Fatalf("hand for hand not announced: %q", h.news())
	}
	for range 200 {
		if len(h.newsWith("is out in place")) > 0 {
			break
		}
		for _, u := range users {
			_, _ = h.do(u, "/allin")
		}
		h.sleep(time.Second)
	}
	out := h.newsWith("is out in place")
	if len(out) < 4 { // four players a table: busts at both
		t.Fatalf("busts: %q", out)
	}
	place := regexp.MustCompile(`is out in place (\d+)`)
	first := place.FindStringSubmatch(out[0])[1]
	for _, o := range out {
		if got := place.FindStringSubmatch(o)[1]; got != first {
			t.Errorf("the players out in the first hand-for-hand hand do not share their place:\n%s", strings.Join(out, "\n"))
			break
		}
	}
	t.Logf("%s", strings.Join(out, "\n"))
}

// The acceptance run of issue 21: a multi-table tournament of 45
// practice opponents through the room. After every hand each table's
// button and blinds follow the dead-button rule (R-SEAT-1..3, TDA
// 31-33); every balancing move took the player due to post the big blind
// next to the worst position at the short table (R-TRN-11, TDA 10-A);
// between clock steps, whenever the director has no move waiting, the
// table sizes differ by at most one, and a move it waits for is made
// within a few steps; hand for hand is announced at the bubble to the
// group and the spectator channel, and the bubble bursts after (TDA 12).
func TestTourneyOf45PracticeOpponentsFollowsTheTableRules(t *testing.T) {
	h := newHarness(t, 45)
	spy := spyOn(h)
	h.must("admin", "/spectate news-channel")
	h.must("admin", "/tourney create Acceptance start=sng players=45 seats=9 speed=hyper bots=on buyin=100 payout=top12")
	h.must("admin", "/tourney bots 45")
	sizes := regexp.MustCompile(`: (\d+) of \d+ seats`)
	waiting := 0
	for range 600 {
		if len(h.newsWith("Results:")) > 0 {
			break
		}
		h.sleep(time.Minute)
		r, err := h.do("admin", "/tourney balance")
		if err != nil {
			continue
		}
		lo, hi := 99, -1
		for _, m := range sizes.FindAllStringSubmatch(r.Text, -1) {
			n, _ := strconv.Atoi(m[1])
			lo, hi = min(lo, n), max(hi, n)
		}
		if strings.Contains(r.Text, "as soon as the hands in progress end") {
			if waiting++; waiting > 3 {
				t.Fatalf("a balancing move waited for three clock steps:\n%s", r.Text)
			}
			continue
		}
		waiting = 0
		if hi-lo > 1 {
			t.Fatalf("table sizes differ by %d:\n%s", hi-lo, r.Text)
		}
	}
	if len(h.newsWith("Results:")) == 0 {
		t.Fatalf("no winner: %q", h.news())
	}
	all := spy.all()
	hands, ids := byTable(all)
	if len(ids) < 5 {
		t.Fatalf("tables: %d", len(ids))
	}
	checkDeadButton(t, hands)
	moves := checkBalanceMoves(t, all, 9)
	if moves == 0 {
		t.Errorf("no player was moved to balance the tables")
	}
	news := h.news()
	h4h, burst := -1, -1
	for i, n := range news {
		if strings.Contains(n, "hand for hand: 13 left, 12 paid") && h4h < 0 {
			h4h = i
		}
		if strings.Contains(n, "the bubble has burst") {
			burst = i
		}
	}
	announced := 1
	switch {
	case burst < 0:
		t.Fatalf("the bubble never burst:\n%s", strings.Join(news, "\n"))
	case h4h < 0 && jumpedTheBubble(news[:burst]):
		// Two players out in the same hand from 14 left: there was no
		// hand with one player more than the places paid, so no hand for
		// hand (the tables play at once: it happens in some runs).
		announced = 0
		t.Logf("no hand for hand: the bubble was jumped")
	case h4h < 0 || burst < h4h:
		t.Fatalf("hand for hand at %d, the bubble burst at %d:\n%s", h4h, burst, strings.Join(news, "\n"))
	}
	channel := 0
	for _, m := range h.rec.all() {
		if v, ok := m.Body.(bot.View); ok && v.Kind == bot.ViewNews && m.To.Chat == "news-channel" && strings.Contains(v.Text, "hand for hand: ") {
			channel++
		}
	}
	if channel != announced {
		t.Errorf("the spectator channel was told hand for hand %d times, want %d", channel, announced)
	}
	t.Logf("%d hands at %d tables, %d balancing moves", len(all), len(ids), moves)
}

// R-TRN-18: after a deal, the results and /standings show what each
// player was paid (their share), not the payout table's prize.
func TestDealResultsShowTheSharesPaid(t *testing.T) {
	h := newHarness(t, 23)
	h.must("admin", "/tourney create Dealers buyin=20+2 start=sng players=6 seats=6 speed=hyper bots=on")
	h.must("alice", "/register")
	h.must("bob", "/register")
	h.must("admin", "/tourney start")
	h.must("alice", "/sitout")
	h.must("bob", "/sitout")
	h.sleep(2 * time.Minute) // some hands: the stacks differ
	if len(h.newsWith("Results:")) > 0 {
		t.Fatalf("over before the deal: %q", h.news())
	}
	h.must("alice", "/deal icm")
	h.must("bob", "/deal accept")
	h.sleep(5 * time.Minute)
	deal := h.newsWith("ends by a deal: ")
	if len(deal) != 1 {
		t.Fatalf("no deal: %q", h.news())
	}
	res := h.newsWith("Results:")
	if len(res) != 1 {
		t.Fatalf("no results: %q", h.news())
	}
	standings := h.must("bob", "/standings T1").Text
	shares := strings.TrimSuffix(strings.SplitN(deal[0], "ends by a deal: ", 2)[1], ".")
	for _, part := range strings.Split(shares, ", ") {
		i := strings.LastIndex(part, " ")
		name, amount := part[:i], part[i+1:]
		if !strings.Contains(res[0], name+" "+amount+"\n") && !strings.HasSuffix(res[0], name+" "+amount) {
			t.Errorf("results do not show %s's share %s:\n%s", name, amount, res[0])
		}
		if !strings.Contains(standings, name+" · "+amount) {
			t.Errorf("/standings does not show %s's share %s:\n%s", name, amount, standings)
		}
	}
}

// jumpedTheBubble reports whether the news before the bubble burst says
// no hand for hand at all while players were out in places 14 and 13 (of
// 12 paid): the two went out in one hand, so no hand was ever played
// with 13 left. A hand-for-hand announcement among them is not a jump.
func jumpedTheBubble(news []string) bool {
	out14, out13 := false, false
	for _, n := range news {
		if strings.Contains(n, "hand for hand") {
			return false
		}
		out14 = out14 || strings.Contains(n, "out in place 14.")
		out13 = out13 || strings.Contains(n, "out in place 13.")
	}
	return out14 && out13
}

// R-TRN-11, TDA 11: ten entrants of a 9-max sit-and-go start at two
// tables of nine seats, five players each, not at one table of ten: the
// first hands of the event are two hands of five, at seats 1 to 9.
func TestTourneyOfTenNineMaxStartsAtTwoTablesOfFive(t *testing.T) {
	h := newHarness(t, 10)
	spy := spyOn(h)
	h.must("admin", "/tourney create Ten start=sng players=10 seats=9 bots=on")
	h.must("admin", "/tourney bots 10")
	hands, ids := byTable(spy.all())
	if len(ids) < 2 {
		t.Fatalf("ten 9-max entrants played at %d tables", len(ids))
	}
	for _, id := range ids[:2] {
		first := hands[id][0]
		if len(first.Order) != 5 {
			t.Errorf("table %d's first hand dealt %d players, want 5", id, len(first.Order))
		}
		for _, s := range first.Order {
			if s >= 9 {
				t.Errorf("table %d's first hand deals seat %d of a 9-max event", id, s+1)
			}
		}
	}
}

// R-TRN-6, R-TRN-7: late registration that ends with no more entries
// than places paid puts a player already out in the money; the group and
// the spectator channel are told who, in which place, for what, instead
// of the prize being paid silently at the end.
func TestLateRegistrationEndingInTheMoneyIsAnnounced(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/spectate news-channel")
	users := []string{"ana", "ben", "cy"}
	h.must("admin", "/tourney create Late buyin=100 start=+1m late=3 payout=top3 seats=6 min=2")
	for _, u := range users {
		h.must(u, "/register")
	}
	h.sleep(time.Minute)
	for range 200 {
		if len(h.newsWith(" is out.")) > 0 {
			break
		}
		for _, u := range users[:2] { // ana and ben: one of them goes out
			_, _ = h.do(u, "/allin")
		}
		_, _ = h.do("cy", "/fold")
		h.sleep(time.Second)
	}
	out := h.newsWith(" is out.")
	if len(out) != 1 {
		t.Fatalf("players out during late registration: %q", out)
	}
	who := strings.TrimPrefix(strings.SplitN(out[0], " is out.", 2)[0], "🏆 ")
	h.must("admin", "/tourney close")
	want := "late registration is over: 3 entries, 3 paid. Already out and in the money: " + who + " (place 3, 60)."
	if len(h.newsWith(want)) != 1 {
		t.Fatalf("not announced %q:\n%s", want, strings.Join(h.news(), "\n"))
	}
	channel := 0
	for _, m := range h.rec.all() {
		if v, ok := m.Body.(bot.View); ok && v.Kind == bot.ViewNews && m.To.Chat == "news-channel" && strings.Contains(v.Text, want) {
			channel++
		}
	}
	if channel != 1 {
		t.Errorf("the spectator channel was told %d times", channel)
	}
}
