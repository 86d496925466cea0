package room_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// Tournament formats through the whole room: satellites, staged flights,
// pairs, windfalls and timed ends, templates and schedules, registration
// windows, partial deals and who may close them.

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
