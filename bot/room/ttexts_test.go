package room_test

import (
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// The tournament as players see it (issue 23): what the group, the lobby
// and each player are told.

// A one-table sit-and-go that ends never calls its table broken: the
// table closes saying the tournament is over, queued after the result of
// the hand that ended it and in the summaries' turn, so that an outbox
// sending table messages first cannot put it before that result.
func TestFinishedSitAndGoClosesItsTableAsOverNotBroken(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/tourney create Solo start=sng players=4 seats=6 speed=hyper bots=on")
	h.must("alice", "/register")
	h.must("admin", "/tourney start")
	h.must("alice", "/sitout")
	h.playTourney(time.Minute, 600)
	// The director tells the table to close once it has sent the results;
	// the table, on its own goroutine, may not have taken that in when the
	// settle that saw the results returned (its director then had no
	// report left to say it was busy): a second settle waits for it.
	for range 10 {
		if strings.Contains(strings.Join(h.group(), "\n"), "the tournament is over; this table is closed") {
			break
		}
		h.sleep(time.Second)
	}
	closing, lastSummary := -1, -1
	for i, m := range h.rec.all() {
		v, ok := m.Body.(bot.View)
		if !ok || m.To.Private() {
			continue
		}
		if strings.Contains(v.Text, "is broken") {
			t.Errorf("a one-table sit-and-go said a table is broken: %q", v.Text)
		}
		if v.Kind == bot.ViewSummary && strings.HasPrefix(v.Text, "Hand ") {
			lastSummary = i
		}
		if strings.Contains(v.Text, "the tournament is over; this table is closed") {
			closing = i
			if m.Priority < bot.PrioritySummary {
				t.Errorf("the closing notice goes out with priority %d, ahead of the hands' summaries (%d)", m.Priority, bot.PrioritySummary)
			}
		}
	}
	if closing < 0 {
		t.Fatalf("the table never said it closed; group:\n%s", strings.Join(h.group(), "\n"))
	}
	if closing < lastSummary {
		t.Errorf("the closing notice (message %d) is queued before the last hand's result (message %d)", closing, lastSummary)
	}
}

var (
	moveItem   = regexp.MustCompile(`(\S+) → table (\d+) seat (\d+)`)
	movePublic = regexp.MustCompile(`^🏆 T1 moves: `)
	movedNote  = regexp.MustCompile(`you move to table (\d+) \(#\d+\), seat (\d+)\.`)
)

// R-TRN-11: each rebalance tells the group in one message who moved
// where ("T1 moves: ana → table 2 seat 4, ben → table 1 seat 3"), the
// same seats each player moved is told privately.
func TestRebalanceAnnouncesItsMovesInOneGroupMessage(t *testing.T) {
	h := newHarness(t, 5)
	users := []string{"ana", "ben", "cy", "dan", "eva", "fay", "gus", "hal", "ivy", "jo"}
	h.must("admin", "/tourney create Movers start=sng players=10 seats=4 payout=top3")
	for _, u := range users {
		h.must(u, "/register")
	}
	for range 300 {
		if len(h.newsWith("Results:")) > 0 {
			break
		}
		for _, u := range users {
			_, _ = h.do(u, "/allin")
		}
		h.sleep(time.Second)
	}
	public := map[string]int{}
	biggest := 0
	for _, n := range h.news() {
		if !movePublic.MatchString(n) {
			continue
		}
		items := moveItem.FindAllStringSubmatch(n, -1)
		biggest = max(biggest, len(items))
		for _, it := range items {
			public[it[1]+" "+it[2]+" "+it[3]]++
		}
	}
	private := map[string]int{}
	for _, u := range users {
		for _, p := range h.private(u) {
			if m := movedNote.FindStringSubmatch(p); m != nil {
				private[u+" "+m[1]+" "+m[2]]++
			}
		}
	}
	if len(private) == 0 {
		t.Fatalf("nobody was moved: the rule was not put to the test; news:\n%s", strings.Join(h.news(), "\n"))
	}
	if !maps.Equal(public, private) {
		t.Errorf("the group was told the moves %v, the players %v", public, private)
	}
	if biggest < 2 {
		t.Errorf("no group message names more than one move (largest %d): one message per move, not per rebalance?", biggest)
	}
	t.Logf("moves told: %v", public)
}

// /tourney start of a sit-and-go that practice opponents fill says so,
// and that it starts once they are seated: not "Tournament T1 started"
// ahead of the seats they take. The start is told when it happens, with
// every seat filled.
func TestStartFilledByPracticeOpponentsSaysWhatHappens(t *testing.T) {
	h := newHarness(t, 3)
	h.must("admin", "/tourney create Fill start=sng players=4 seats=6 bots=on")
	h.must("alice", "/register")
	r := h.must("admin", "/tourney start")
	if want := "3 practice opponents take the empty seats of T1; it starts when they are seated."; r.Text != want {
		t.Errorf("/tourney start answered %q, want %q", r.Text, want)
	}
	if n := len(h.newsWith("Fill starts: 4 players at 1 table")); n != 1 {
		t.Errorf("the start was told %d times with 4 players; news:\n%s", n, strings.Join(h.news(), "\n"))
	}
}

// lobbyHas checks that the latest lobby has each line of want.
func (h *harness) lobbyHas(want ...string) {
	h.t.Helper()
	text := h.lobby().Text
	for _, w := range want {
		if !strings.Contains(text, "\n"+w+"\n") && !strings.HasSuffix(text, "\n"+w) {
			h.t.Errorf("the lobby lacks the line %q:\n%s", w, text)
		}
	}
}

// R-TRN-6, R-TRN-14: the lobby of a running progressive knockout with a
// guarantee above its pool: entrants and players left, the pool with the
// guarantee's overlay named, places paid, the level and the time to the
// next one and to the next break of the structure, the average stack in
// chips and big blinds, the bounties in play and the largest on a head.
func TestLobbyShowsPoolOverlayClockAverageAndBounties(t *testing.T) {
	// The practice opponents think a second an action: the lobby read as
	// the tournament starts shows the whole field, whatever they hold.
	h := newHarnessWith(t, t.TempDir()+"/room.db", 9, time.Second)
	h.must("admin", "/tourney create Big buyin=100+10 bounty=pko guarantee=1000 start=+1m seats=6 min=2 bots=on")
	h.must("alice", "/register")
	h.must("admin", "/tourney bots 7")
	// 8 entries of 50 prize and 50 bounty: 400 collected, 600 overlay.
	h.lobbyHas("Players: 8 in (8 entries) · prize pool 1,000", "Guaranteed: 1,000 · overlay 600", "Paid: 3 places", "Bounties: 400 in play (50 a head)")
	h.sleep(time.Minute)
	// Level 1 of the normal structure: 25/50, 12 minutes, a break after
	// the sixth level (72 minutes away); 10,000 chips is 200 big blinds.
	h.lobbyHas("Players: 8 in (8 entries) · prize pool 1,000", "Guaranteed: 1,000 · overlay 600", "Paid: 3 places",
		"Bounties: 400 in play · largest 50 on alice", "Level 1: 25/50 ante 5 · next in 12 min", "Next break in 1 h 12 min",
		"Average stack: 10,000 (200 BB)", "Tables: 1 (#1: 4), 2 (#2: 4)")
	for range 1200 {
		if len(h.newsWith("for knocking out")) > 0 {
			break
		}
		h.sleep(time.Second)
	}
	ko := h.newsWith("for knocking out")
	if len(ko) != 1 {
		t.Fatalf("knockouts after the first: %q", ko)
	}
	// The knockout pays half the victim's 50 at once and puts half on
	// the winner's head: 75, the largest; 375 left in play.
	winner := strings.TrimPrefix(strings.SplitN(ko[0], " wins ", 2)[0], "🏆 ")
	// Seven fit the final table; two tables play on until it forms.
	h.lobbyHas("Players: 7 in (8 entries) · prize pool 1,000", "Bounties: 375 in play · largest 75 on "+winner, "Average stack: 11,428 (228 BB)",
		"Status: final table forming · start: 2026-11-23 21:01 UTC")
	if n := len(h.lobby().Text); n > 4096 {
		t.Errorf("the lobby is %d characters, more than one Telegram message", n)
	}
	t.Logf("the lobby (README's sample):\n%s", h.lobby().Text)
}

// A field of 400 at 56 tables keeps its lobby one Telegram message
// (4,096 characters): past eight tables they are summed up.
func TestLobbyOfABigFieldStaysOneMessage(t *testing.T) {
	h := newHarness(t, 4)
	h.must("admin", "/tourney create Four Hundred With A Long Name For The Lobby buyin=10+10+2 bounty=ko start=+1m seats=9 min=2 late=4 reentry=3 bots=on")
	h.must("admin", "/tourney bots 400")
	h.sleep(time.Minute)
	text := h.lobby().Text
	if n := len([]rune(text)); n > 4096 {
		t.Errorf("the lobby of 400 players is %d characters:\n%s", n, text)
	}
	// Play began: some players are out by now.
	for _, want := range []string{" in (400 entries) · prize pool 4,000\n", "\nTables: 45, ", " players each", " in play (10 a head)\n", "\nAverage stack: "} {
		if !strings.Contains(text, want) {
			t.Errorf("the lobby lacks %q:\n%s", want, text)
		}
	}
	t.Logf("%d characters:\n%s", len(text), text)
}

// lobbyButton is the token of the lobby's button whose command starts
// with prefix ("" when none).
func (h *harness) lobbyButton(prefix string) string {
	for _, row := range h.lobby().Buttons {
		for _, b := range row {
			if strings.HasPrefix(b.Command, prefix) {
				return b.Token
			}
		}
	}
	return ""
}

var (
	seatNote   = regexp.MustCompile(`you (?:play at|move to) table (\d+) \(#\d+\), seat (\d+)\.`)
	bigBlindOf = regexp.MustCompile(`\nLevel \d+: [\d,]+/([\d,]+) `)
)

// chips reads a number written with thousands separators.
func chips(t *testing.T, s string) int64 {
	n, err := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// /tourney me, and the lobby's button once play began, answer the player
// privately with their own line: table and seat (where the last seat
// notice put them), stack in chips (as /tourney players has it) and big
// blinds, and in a bounty event the bounty on their head; a player
// without an entry in play is told so.
func TestTourneyMeAnswersPrivatelyWithSeatStackAndBounty(t *testing.T) {
	for _, c := range []struct {
		name, create, bounty string
	}{
		{"knockout", "/tourney create Me buyin=20+20+2 bounty=ko start=+1m seats=6 min=2 bots=on", ", bounty 20"},
		{"freezeout", "/tourney create Me buyin=20+2 start=+1m seats=6 min=2 bots=on", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, 8)
			h.must("admin", c.create)
			h.must("alice", "/register")
			if r := h.must("alice", "/tourney me"); !r.Private || r.Text != "T1: you are registered (alice); seats are drawn at the start." {
				t.Errorf("/tourney me before the start: %+v", r)
			}
			if h.lobbyButton("/tourney me") != "" {
				t.Errorf("a seat button before there are seats")
			}
			h.must("admin", "/tourney bots 7")
			h.sleep(time.Minute)
			h.must("alice", "/sitout") // folded from now on: her stack only shrinks by blinds
			var seat []string
			for _, p := range h.private("alice") {
				if m := seatNote.FindStringSubmatch(p); m != nil {
					seat = m[1:]
				}
			}
			if seat == nil {
				t.Fatalf("alice was never told her seat: %q", h.private("alice"))
			}
			stack := regexp.MustCompile(`\d+\. alice · ([\d,]+)`).FindStringSubmatch(h.players())
			bb := bigBlindOf.FindStringSubmatch(h.lobby().Text)
			if stack == nil || bb == nil {
				t.Fatalf("no stack for alice in /tourney players or no level in the lobby:\n%s\n%s", h.players(), h.lobby().Text)
			}
			want := fmt.Sprintf("T1: table %s, seat %s, %s chips, %d BB%s", seat[0], seat[1], stack[1], chips(t, stack[1])/chips(t, bb[1]), c.bounty)
			if r := h.must("alice", "/tourney me"); !r.Private || r.Text != want {
				t.Errorf("/tourney me: %+v, want %q privately", r, want)
			}
			tok := h.lobbyButton("/tourney me")
			if tok == "" {
				t.Fatalf("no seat button on the running lobby: %v", h.lobby().Buttons)
			}
			if r, err := h.press("alice", tok); err != nil || !r.Private || r.Text != want {
				t.Errorf("the button answered %+v, %v; want %q privately", r, err, want)
			}
			if _, err := h.press("bob", tok); errKey(err) != "tourney.me_none" {
				t.Errorf("the button for bob, not in: %v", err)
			}
			h.fails("bob", "/tourney me", "tourney.me_none")
		})
	}
}

var (
	placeLine  = regexp.MustCompile(`(?m)^(\d+)\. (.+?) ([\d,]+)$`)
	bountyItem = regexp.MustCompile(`(\S+(?: \d+)?) ([\d,]+)(?:, |$)`)
)

// R-TRN-7, R-TRN-14: the results of a progressive knockout list every
// paid place with its prize, and the bounties each player won (their
// knockouts and, for the winner, their own bounty): together exactly what
// the ledger paid as prizes and bounties.
func TestResultsListPrizesAndBountiesAsPaid(t *testing.T) {
	h := newHarness(t, 12)
	h.must("admin", "/tourney create Heads buyin=100+10 bounty=pko start=sng players=9 seats=9 speed=hyper bots=on payout=top3")
	h.must("alice", "/register")
	h.must("admin", "/tourney start")
	h.must("alice", "/sitout")
	h.playTourney(time.Minute, 600)
	res := h.newsWith("Results:")[0]
	ledger := h.ledgerByReason("tourney:1")
	var prizes int64
	places := map[string]bool{}
	for _, m := range placeLine.FindAllStringSubmatch(res, -1) {
		prizes += chips(t, m[3])
		places[m[1]] = true
	}
	if prizes != ledger["prize"] || !places["1"] || !places["2"] || !places["3"] {
		t.Errorf("the results show places %v paid %d, the ledger paid %d in prizes:\n%s", places, prizes, ledger["prize"], res)
	}
	_, won, ok := strings.Cut(res, "\nBounties won: ")
	if !ok {
		t.Fatalf("no bounties in the results:\n%s", res)
	}
	var bounties int64
	for _, m := range bountyItem.FindAllStringSubmatch(won, -1) {
		bounties += chips(t, m[2])
	}
	if paid := ledger["bounty"] + ledger["own bounty"]; bounties != paid || paid == 0 {
		t.Errorf("the results show %d won in bounties, the ledger paid %d (%v):\n%s", bounties, paid, ledger, res)
	}
	t.Logf("%s", res)
	// /standings of the finished event says the same.
	if st := h.must("bob", "/standings T1").Text; !strings.Contains(st, "\nBounties won: "+won) {
		t.Errorf("/standings does not show the bounties won %q:\n%s", won, st)
	}
}

// A finished tournament still answers /tourney info and /standings
// without its label for a day after its end, when the chat has none on:
// while in memory, after it left memory, after a restart; then the chat
// has no tournament again. Registering is not among them.
func TestFinishedTourneyAnswersInfoAndStandingsForADay(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/tourney create Daily start=sng players=4 seats=6 speed=hyper bots=on")
	h.must("alice", "/register")
	h.must("admin", "/tourney start")
	h.must("alice", "/sitout")
	h.playTourney(time.Minute, 600)
	ended := h.clock.Now()
	check := func(when string) {
		t.Helper()
		if r := h.must("bob", "/tourney info"); !strings.Contains(r.Text, "T1 Daily\nStatus: finished") {
			t.Errorf("%s: /tourney info: %q", when, r.Text)
		}
		if r := h.must("bob", "/standings"); !strings.Contains(r.Text, "Daily, final standings:") || !strings.Contains(r.Text, "alice") {
			t.Errorf("%s: /standings: %q", when, r.Text)
		}
		h.fails("bob", "/register", "tourney.none")
	}
	check("just over")
	h.sleep(2 * time.Hour)
	check("out of memory")
	h.restart()
	check("after a restart")
	h.sleep(ended.Add(24*time.Hour + time.Minute).Sub(h.clock.Now()))
	h.fails("bob", "/tourney info", "tourney.none")
	h.fails("bob", "/standings", "tourney.none")
	if r := h.must("bob", "/standings T1"); !strings.Contains(r.Text, "final standings") {
		t.Errorf("/standings T1 a day later: %q", r.Text)
	}
}

var (
	outNews    = regexp.MustCompile(`is out in place (\d+)`)
	burstNews  = regexp.MustCompile(`the bubble has burst, the (\d+) players? left are in the money`)
	h4hNews    = regexp.MustCompile(`hand for hand: (\d+) left, (\d+) paid`)
	bubbleSeed = uint64(42)
	bubbleUser = []string{"ana", "ben", "cy", "dan", "eva", "fay", "gus", "hal", "ivy", "jo", "kim", "lou", "max"}
)

// R-TRN-7 (TDA 12): a multi-table event reaching the bubble tells the
// group, once each and in this order, that it plays hand for hand when
// the field is one more than the places paid (at more than one table),
// and that the bubble has burst when the players left are all paid;
// every player out before hand for hand is unpaid, every one out after
// the burst paid.
func TestBubbleAndHandForHandAreAnnouncedWhenTheyHappen(t *testing.T) {
	const entries, paid = 13, 6
	h := newHarness(t, bubbleSeed)
	h.must("admin", fmt.Sprintf("/tourney create Thirteen start=sng players=%d seats=4 buyin=10+1 payout=top%d", entries, paid))
	for _, u := range bubbleUser {
		h.must(u, "/register")
	}
	for range 2000 {
		if len(h.newsWith("Results:")) > 0 {
			break
		}
		h.shoveAndCall()
		h.sleep(time.Second)
	}
	outs, h4hAt, burstAt, left := 0, -1, -1, 0
	for i, n := range h.news() {
		if m := h4hNews.FindStringSubmatch(n); m != nil {
			if h4hAt >= 0 {
				t.Errorf("hand for hand announced twice: %q", n)
			}
			h4hAt = i
			if want := fmt.Sprintf("%d left, %d paid", entries-outs, paid); entries-outs != paid+1 || !strings.Contains(n, want) {
				t.Errorf("hand for hand announced with %d players out: %q", outs, n)
			}
		}
		if m := burstNews.FindStringSubmatch(n); m != nil {
			if burstAt >= 0 {
				t.Errorf("the bubble burst twice: %q", n)
			}
			burstAt, left = i, entries-outs
			if got := m[1]; got != strconv.Itoa(left) || left > paid {
				t.Errorf("the bubble burst with %d players left (%d paid): %q", left, paid, n)
			}
		}
		if m := outNews.FindStringSubmatch(n); m != nil {
			outs++
			place, _ := strconv.Atoi(m[1])
			switch paidOut := strings.Contains(n, " and wins "); {
			case h4hAt < 0 && (paidOut || place <= paid):
				t.Errorf("out before hand for hand, yet paid: %q", n)
			case burstAt >= 0 && !paidOut:
				t.Errorf("out after the bubble burst, yet unpaid: %q", n)
			}
		}
	}
	if h4hAt < 0 || burstAt < h4hAt {
		t.Fatalf("hand for hand at news %d, the bubble at news %d:\n%s", h4hAt, burstAt, strings.Join(h.news(), "\n"))
	}
}

// shoveAndCall plays one action at each table whose hand waits for a
// player: the first to act goes all in, the next calls, the others fold
// (at most one player out a table a hand).
func (h *harness) shoveAndCall() {
	h.t.Helper()
	latest := map[string]string{}
	var order []string
	for _, m := range h.rec.all() {
		if v, ok := m.Body.(bot.View); ok && v.Kind == bot.ViewTable && m.To.Chat == "group" {
			label := strings.SplitN(v.Text, " · ", 2)[0]
			if _, seen := latest[label]; !seen {
				order = append(order, label)
			}
			latest[label] = v.Text
		}
	}
	for _, label := range order {
		text := latest[label]
		m := toActRE.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		last := text[strings.LastIndex(text, "\nLast: ")+1:]
		cmd := "/allin"
		switch {
		case strings.Contains(last, " calls "):
			cmd = "/fold"
		case strings.Contains(text, "· all in"):
			cmd = "/call"
		}
		_, _ = h.do(m[1], cmd+" "+strings.TrimPrefix(label, "Table "))
	}
}

var handTitle = regexp.MustCompile(`^Table #\d+ · Level · table \d+ · level (\d+): [\d,]+/[\d,]+(?:,? (?:big-blind )?ante [\d,]+)? · hand (\d+)\n`)

// handLevels are the level each hand's table messages show, by hand (the
// latest message of each), in the order the hands were dealt.
func (h *harness) handLevels() (hands []int, level map[int]string) {
	level = map[int]string{}
	for _, m := range h.rec.all() {
		if v, ok := m.Body.(bot.View); ok && v.Kind == bot.ViewTable {
			if t := handTitle.FindStringSubmatch(v.Text); t != nil {
				n, _ := strconv.Atoi(t[2])
				if _, seen := level[n]; !seen {
					hands = append(hands, n)
				}
				level[n] = t[1]
			}
		}
	}
	return hands, level
}

// R-TRN-9: a tournament table's label follows the clock: the hands dealt
// after level 2 began say level 2 (not stuck at level 1), also when the
// room restarted in between.
func TestTourneyTableTitleFollowsTheLevel(t *testing.T) {
	for _, restart := range []bool{false, true} {
		t.Run(fmt.Sprintf("restart=%v", restart), func(t *testing.T) {
			h := newHarnessWith(t, filepath.Join(t.TempDir(), "room.db"), 42, 2*time.Second)
			h.must("admin", "/tourney create Level start=sng players=6 seats=6 speed=hyper bots=on")
			h.must("alice", "/register")
			h.must("admin", "/tourney start")
			h.must("alice", "/sitout")
			h.sleep(3*time.Minute + time.Second) // hyper: 3-minute levels
			if len(h.newsWith("level 2, blinds 15/30")) != 1 {
				t.Fatalf("level 2 never began: %q", h.news())
			}
			before, _ := h.handLevels()
			if restart {
				h.restart()
				before = nil
			}
			h.sleep(time.Minute)
			hands, level := h.handLevels()
			after := hands[len(before):]
			if len(after) < 2 {
				t.Fatalf("%d hands dealt in the minute after level 2 began", len(after))
			}
			t.Logf("hands after level 2 began: %v, levels %v", after, level)
			// The hand in progress when the level changed plays on at
			// level 1 (R-TRN-9); every hand dealt after it says level 2.
			for _, n := range after[1:] {
				if level[n] != "2" {
					t.Errorf("hand %d, dealt after level 2 began, is labelled level %s", n, level[n])
				}
			}
		})
	}
}

// /tourney me without a label where several tournaments run answers the
// player's line in each one they are in (and only those), privately; in
// none, the refusal says so.
func TestTourneyMeWithoutALabelAnswersForEveryTournamentYouAreIn(t *testing.T) {
	h := newHarness(t, 8)
	h.must("admin", "/tourney create One buyin=20+2 start=+1h seats=6 min=2")
	h.must("admin", "/tourney create Two buyin=20+2 start=+1h seats=6 min=2")
	h.must("admin", "/tourney create Three buyin=20+2 start=+1h seats=6 min=2")
	h.must("alice", "/register T1")
	h.must("alice", "/register T3")
	r := h.must("alice", "/tourney me")
	want := "T1: you are registered (alice); seats are drawn at the start.\nT3: you are registered (alice); seats are drawn at the start."
	if !r.Private || r.Text != want {
		t.Errorf("/tourney me in two of three: %+v, want %q privately", r, want)
	}
	h.fails("bob", "/tourney me", "tourney.me_none")
	if r := h.must("alice", "/tourney me T3"); r.Text != "T3: you are registered (alice); seats are drawn at the start." {
		t.Errorf("/tourney me T3: %q", r.Text)
	}
}
