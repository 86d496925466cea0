package room_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/tourneycheck"
	"github.com/pokerroom/pokerroom/tourney"
)

// spyOn restarts the harness's room on a store that records the hands
// the tables start.
func spyOn(h *harness) *tourneycheck.Recorder {
	h.room.Close()
	spy := tourneycheck.NewRecorder(h.store)
	h.reopenWith(spy)
	return spy
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
	all := spy.Hands()
	hands, ids := tourneycheck.ByTable(all)
	if len(ids) < 4 {
		t.Fatalf("tables played: %d", len(ids))
	}
	for _, p := range tourneycheck.DeadButton(all) {
		t.Error(p)
	}
	dead := 0
	for _, hs := range hands {
		for _, x := range hs {
			if p := x.Positions(); p.SmallBlindDead || (!p.HeadsUp && tourney.Seat(x.Order[0]+1) != p.Button) {
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
	for _, x := range all {
		if _, dealt := x.Seats()[int(x.Positions().Button)]; !dealt {
			deadButtons++
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

// R-TRN-7 (TDA 12): players busted in the same hand-for-hand hand at
// different tables are ranked together by their chips at its start, not
// by the order the tables report; with equal chips they share their
// places and prizes. Eight players at two tables, seven paid: hand for
// hand from the start; everybody moves all in on the first hand, with
// the same starting stack.
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
	h.room.Close()
	check := tourneycheck.New(9, "group", "news-channel")
	h.tee = check.Outbox(nil) // the news, as they are sent
	h.reopenWith(check.Storage(h.store))
	h.must("admin", "/spectate news-channel")
	h.must("admin", "/tourney create Acceptance start=sng players=45 seats=9 speed=hyper bots=on buyin=100 payout=top12")
	h.must("admin", "/tourney bots 45")
	for range 600 {
		if len(h.newsWith("Results:")) > 0 {
			break
		}
		h.sleep(time.Minute)
		if r, err := h.do("admin", "/tourney balance"); err == nil {
			check.Balance(r.Text)
		}
	}
	if len(h.newsWith("Results:")) == 0 {
		t.Fatalf("no winner: %q", h.news())
	}
	r := check.Check(12)
	for _, p := range r.Problems {
		t.Error(p)
	}
	if r.Tables < 5 || r.Steps == 0 {
		t.Errorf("%d tables, %d balance checks: the rules were not put to the test", r.Tables, r.Steps)
	}
	t.Log(r)
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

// R-TRN-11, TDA 11: ten entrants of a 9-max sit-and-go start at two
// tables of nine seats, five players each, not at one table of ten: the
// first hands of the event are two hands of five, at seats 1 to 9.
func TestTourneyOfTenNineMaxStartsAtTwoTablesOfFive(t *testing.T) {
	h := newHarness(t, 10)
	spy := spyOn(h)
	h.must("admin", "/tourney create Ten start=sng players=10 seats=9 bots=on")
	h.must("admin", "/tourney bots 10")
	hands, ids := tourneycheck.ByTable(spy.Hands())
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
