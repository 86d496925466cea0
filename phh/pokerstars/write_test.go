package pokerstars_test

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
	"github.com/pokerroom/pokerroom/phh/pokerstars"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

// game is a table the tests play hands at.
type game struct {
	name       string
	cfg        engine.Config
	players    int
	tournament bool
}

var games = []game{
	{"holdem-nl", engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 5, BigBlind: 10, Rake: engine.DefaultRake()}, 6, false},
	{"holdem-pl", engine.Config{Game: engine.Holdem, Betting: engine.PotLimit, SmallBlind: 5, BigBlind: 10, Rake: engine.DefaultRake()}, 4, false},
	{"holdem-fl", engine.Config{Game: engine.Holdem, Betting: engine.FixedLimit, SmallBlind: 5, BigBlind: 10, Rake: engine.DefaultRake()}, 6, false},
	{"holdem-nl-headsup", engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 5, BigBlind: 10}, 2, false},
	{"holdem-nl-run-twice", engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 5, BigBlind: 10, Rake: engine.DefaultRake(), RunItTwice: true}, 4, false},
	{"omaha-hilo-pl-run-twice", engine.Config{Game: engine.OmahaHiLo, Betting: engine.PotLimit, SmallBlind: 5, BigBlind: 10, RunItTwice: true}, 4, false},
	{"omaha-pl", engine.Config{Game: engine.Omaha, Betting: engine.PotLimit, SmallBlind: 5, BigBlind: 10, Rake: engine.DefaultRake()}, 6, false},
	{"omaha-nl", engine.Config{Game: engine.Omaha, Betting: engine.NoLimit, SmallBlind: 5, BigBlind: 10}, 5, false},
	{"omaha-fl", engine.Config{Game: engine.Omaha, Betting: engine.FixedLimit, SmallBlind: 5, BigBlind: 10}, 5, false},
	{"omaha5-pl", engine.Config{Game: engine.Omaha5, Betting: engine.PotLimit, SmallBlind: 5, BigBlind: 10}, 6, false},
	{"omaha-hilo-fl", engine.Config{Game: engine.OmahaHiLo, Betting: engine.FixedLimit, SmallBlind: 5, BigBlind: 10, Rake: engine.DefaultRake()}, 6, false},
	{"omaha-hilo-pl", engine.Config{Game: engine.OmahaHiLo, Betting: engine.PotLimit, SmallBlind: 5, BigBlind: 10}, 6, false},
	{"omaha5-hilo-pl", engine.Config{Game: engine.OmahaHiLo5, Betting: engine.PotLimit, SmallBlind: 5, BigBlind: 10}, 5, false},
	{"draw-nl", engine.Config{Game: engine.Draw, Betting: engine.NoLimit, SmallBlind: 5, BigBlind: 10, Rake: engine.DefaultRake()}, 5, false},
	{"draw-pl", engine.Config{Game: engine.Draw, Betting: engine.PotLimit, SmallBlind: 5, BigBlind: 10}, 4, false},
	{"draw-fl", engine.Config{Game: engine.Draw, Betting: engine.FixedLimit, SmallBlind: 5, BigBlind: 10}, 6, false},
	{"draw-nl-antes", engine.Config{Game: engine.Draw, Betting: engine.NoLimit, Ante: 5, SmallBet: 10}, 4, false},
	{"tournament-holdem-nl", engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 50, BigBlind: 100, Ante: 10, Tournament: true}, 9, true},
	{"tournament-holdem-nl-bbante", engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 50, BigBlind: 100, BigBlindAnte: 100, Tournament: true}, 8, true},
	{"tournament-omaha-hilo-pl", engine.Config{Game: engine.OmahaHiLo, Betting: engine.PotLimit, SmallBlind: 50, BigBlind: 100, Ante: 10, Tournament: true}, 6, true},
	{"tournament-draw-fl", engine.Config{Game: engine.Draw, Betting: engine.FixedLimit, SmallBlind: 50, BigBlind: 100, Tournament: true}, 6, true},
}

// played is a hand the tests played, with the engine's final state.
type played struct {
	hand   pokerstars.Hand
	stacks []int64 // final stacks by engine seat
	hole   [][]engine.Card
}

var names = []string{"ann", "bob smith", "carla", "dmitri", "eve", "fu", "gus", "hana", "ivo", "jo"}

// play plays one hand of g with a seeded deck and random legal actions; the
// hero is engine seat hero. Stacks, button and table seats vary with seed.
func play(t testing.TB, g game, seed uint64, hero int) played {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 24))
	seats := make([]engine.Seat, g.players)
	tableSeats := make([]int, g.players)
	names := names[:g.players]
	maxSeats := 9
	if g.players <= 6 && seed%2 == 0 {
		maxSeats = 6
	}
	for i, s := range rng.Perm(maxSeats)[:g.players] {
		tableSeats[i] = s + 1
	}
	slices.Sort(tableSeats) // clockwise
	for i := range seats {
		seats[i].Stack = int64(40 + rng.IntN(60)*10)
		if rng.IntN(5) == 0 {
			seats[i].Stack = int64(5 + rng.IntN(40)) // short stacks make side pots
		}
	}
	var deck [52]engine.Card
	d := enginetest.FullDeck(&deck)
	enginetest.Shuffle(d, rng)
	setup := engine.Setup{Rules: g.cfg, Seats: seats, Button: rng.IntN(g.players), Deck: d}
	if g.cfg.Game == engine.Draw && g.cfg.BigBlind == 0 && seed%3 == 0 {
		setup.CarriedPot = 20 // the pot of a hand nobody opened
	}
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	p := &enginetest.Player{Src: rng}
	if _, err := p.Play(h); err != nil {
		t.Fatal(err)
	}
	hand := pokerstars.Hand{
		Setup:    setup,
		Events:   h.Events(),
		Number:   int64(250000000000 + seed),
		Table:    "Pokerroom " + g.name,
		MaxSeats: maxSeats,
		Time:     time.Date(2026, 11, 26, 21, 5, int(seed%60), 0, time.FixedZone("CET", 3600)),
		Players:  names,
		Seats:    tableSeats,
		Hero:     hero,
	}
	if g.tournament {
		hand.Tournament = &pokerstars.Tournament{Number: 3000 + int64(seed), BuyIn: 300, Fee: 20, Level: int(seed%12) + 1}
		// The players knocked out, as if the table were the last: the
		// places after the players left, the winner's prize when one is.
		left := 0
		for _, s := range h.Stacks() {
			if s > 0 {
				left++
			}
		}
		for i, s := range h.Stacks() {
			if s == 0 {
				hand.Tournament.Finished = append(hand.Tournament.Finished, pokerstars.Finish{Seat: i, Place: left + 1, Prize: int64(100 * (left + 1))})
			}
		}
		if left == 1 {
			for i, s := range h.Stacks() {
				if s > 0 {
					hand.Tournament.Finished = append(hand.Tournament.Finished, pokerstars.Finish{Seat: i, Place: 1, Prize: 5000})
				}
			}
		}
	}
	pl := played{hand: hand, stacks: h.Stacks()}
	pl.hole = make([][]engine.Card, g.players)
	for _, e := range h.Events() {
		switch e.Kind {
		case engine.EvDealHole, engine.EvDrawCards:
			pl.hole[e.Seat] = append(pl.hole[e.Seat], e.Cards...)
		}
	}
	return pl
}

func gameNamed(t testing.TB, name string) game {
	for _, g := range games {
		if g.name == name {
			return g
		}
	}
	t.Fatalf("no game %q", name)
	return game{}
}

func write(t testing.TB, hs ...pokerstars.Hand) string {
	t.Helper()
	var buf bytes.Buffer
	w := pokerstars.NewWriter(&buf)
	for _, h := range hs {
		if err := w.Write(h); err != nil {
			t.Fatalf("hand #%d: %v", h.Number, err)
		}
	}
	return buf.String()
}

// TestGoldenHandsPerGame writes hands of every game (seeds 1 to 6, the hero
// moving round the table) and compares them with testdata/golden; run with
// -update to rewrite the files after a change of format.
func TestGoldenHandsPerGame(t *testing.T) {
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			var hs []pokerstars.Hand
			for seed := uint64(1); seed <= 6; seed++ {
				hero := int(seed) % g.players
				if seed == 6 {
					hero = pokerstars.Observer
				}
				hs = append(hs, play(t, g, seed, hero).hand)
			}
			got := write(t, hs...)
			path := filepath.Join("testdata", "golden", g.name+".txt")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s differs from the writer's output (go test -update rewrites it); got:\n%s", path, got)
			}
		})
	}
}

// expected is what a hand's events say the text must hold.
type expectedAction struct {
	player, verb string
	amount, to   int64
	allIn        bool
}

// TestRoundTripThroughIndependentParser plays many hands of every game,
// writes them, reads them back with the independent parser and checks them
// against the engine's events: seats and stacks, every post and action with
// its amount and all-in, the board, each pot collected, the rake, the
// hero's cards, the summary, and that every player's chips are conserved
// (stack - put in + collected = the engine's final stack).
func TestRoundTripThroughIndependentParser(t *testing.T) {
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 150; seed++ {
				pl := play(t, g, seed, int(seed)%g.players)
				text := write(t, pl.hand)
				ph, err := parseHand(text)
				if err != nil {
					t.Fatalf("seed %d: %v\n%s", seed, err, text)
				}
				if err := checkRoundTrip(pl, ph); err != nil {
					t.Fatalf("seed %d: %v\n%s", seed, err, text)
				}
			}
		})
	}
}

func checkRoundTrip(pl played, ph *psHand) error {
	h := pl.hand
	cfg := h.Setup.Rules
	const unit = 100 // the parser reads amounts in hundredths
	if len(ph.Ignored) > 0 {
		return fmt.Errorf("lines the parser does not know: %q", ph.Ignored)
	}
	if ph.Number != fmt.Sprint(h.Number) || ph.Table != h.Table || ph.MaxSeats != h.MaxSeats ||
		ph.Tournament != (h.Tournament != nil) || ph.PlayMoney == ph.Tournament {
		return fmt.Errorf("header: %+v", ph)
	}
	if ph.Button != h.Seats[h.Setup.Button] {
		return fmt.Errorf("button seat %d, want %d", ph.Button, h.Seats[h.Setup.Button])
	}
	small, big := cfg.SmallBlind, cfg.BigBlind
	switch {
	case cfg.Betting == engine.FixedLimit:
		small, big = cfg.BigBlind, 2*cfg.BigBlind
	case cfg.BigBlind == 0: // antes only: the minimum bet
		small, big = 0, cfg.SmallBet
	}
	if ph.Small != small*unit || ph.Big != big*unit {
		return fmt.Errorf("stakes %d/%d, want %d/%d", ph.Small, ph.Big, small*unit, big*unit)
	}
	if len(ph.Seats) != len(h.Players) {
		return fmt.Errorf("%d seats, want %d", len(ph.Seats), len(h.Players))
	}
	seatOf := map[string]int{}
	for i, name := range h.Players {
		seatOf[name] = i
	}
	for _, s := range ph.Seats {
		i, ok := seatOf[s.Name]
		if !ok || s.No != h.Seats[i] || s.Stack != h.Setup.Seats[i].Stack*unit {
			return fmt.Errorf("seat line %+v", s)
		}
	}
	// Every post and action, in order, with its amounts.
	var want []expectedAction
	bet := make([]int64, len(h.Players))
	street := engine.Preflop
	var board, board2 []string
	var rake int64
	var awards []psCollect
	for _, e := range h.Events {
		if e.Street != street {
			street = e.Street
			clear(bet)
		}
		who := ""
		if e.Seat >= 0 {
			who = h.Players[e.Seat]
		}
		a := expectedAction{player: who, allIn: e.AllIn}
		switch e.Kind {
		case engine.EvPostAnte, engine.EvPostBigBlindAnte:
			a.verb, a.amount = "ante", e.Amount
		case engine.EvPostSmallBlind:
			a.verb, a.amount = "small blind", e.Amount
			bet[e.Seat] += e.Amount
		case engine.EvPostBigBlind:
			a.verb, a.amount = "big blind", e.Amount
			bet[e.Seat] += e.Amount
		case engine.EvPostStraddle:
			a.verb, a.amount = "straddle", e.Amount
			bet[e.Seat] += e.Amount
		case engine.EvFold:
			a.verb = "folds"
		case engine.EvCheck:
			a.verb = "checks"
		case engine.EvCall:
			a.verb, a.amount = "calls", e.Amount
			bet[e.Seat] += e.Amount
		case engine.EvBet:
			a.verb, a.amount = "bets", e.Amount-bet[e.Seat]
			bet[e.Seat] = e.Amount
		case engine.EvRaise:
			a.verb, a.to = "raises", e.Amount
			bet[e.Seat] = e.Amount
		case engine.EvDiscard:
			a.verb, a.amount = "discards", int64(len(e.Cards))
			if len(e.Cards) == 0 {
				a.verb = "stands pat"
			}
		case engine.EvReturnUncalled:
			a.verb, a.amount = "uncalled", e.Amount
		case engine.EvShow:
			a.verb = "shows"
		case engine.EvMuck:
			a.verb = "mucks hand"
		case engine.EvDealBoard:
			for _, c := range e.Cards {
				if e.Board == 1 {
					board2 = append(board2, c.String())
				} else {
					board = append(board, c.String())
				}
			}
			continue
		case engine.EvRake:
			rake += e.Amount
			continue
		case engine.EvAward:
			awards = append(awards, psCollect{Player: who, Amount: e.Amount * unit, Pot: e.Pot, Run: e.Board})
			continue
		default:
			continue
		}
		want = append(want, a)
	}
	var got []expectedAction
	shown := 0
	for _, a := range ph.Actions {
		if a.Verb == "doesn't show hand" {
			continue
		}
		x := expectedAction{player: a.Player, verb: a.Verb, allIn: a.AllIn}
		switch a.Verb {
		case "discards", "stands pat":
			x.amount = a.Amount
		case "raises":
			x.to = a.To / unit
		default:
			x.amount = a.Amount / unit
		}
		if a.Verb == "shows" {
			shown++
		}
		got = append(got, x)
	}
	// The engine turns hands up before the last cards when nobody can bet;
	// PokerStars shows them at the showdown: compare the shows apart.
	// A board run twice shows the hands once per run.
	isShow := func(a expectedAction) bool { return a.verb == "shows" || a.verb == "mucks hand" }
	shows := func(as []expectedAction) []string {
		var out []string
		for _, a := range as {
			if isShow(a) && !slices.Contains(out, a.player+" "+a.verb) {
				out = append(out, a.player+" "+a.verb)
			}
		}
		slices.Sort(out)
		return out
	}
	if !slices.Equal(slices.DeleteFunc(slices.Clone(want), isShow), slices.DeleteFunc(slices.Clone(got), isShow)) ||
		!slices.Equal(shows(want), shows(got)) {
		return fmt.Errorf("actions differ:\n got %v\nwant %v", got, want)
	}
	if len(board2) > 0 { // the second run repeats the cards dealt before it
		board2 = append(slices.Clone(board[:5-len(board2)]), board2...)
	}
	if !slices.Equal(ph.Board, board) || (len(board) > 0 && !slices.Equal(ph.SummaryBoard, board)) {
		return fmt.Errorf("board %v (summary %v), want %v", ph.Board, ph.SummaryBoard, board)
	}
	if !slices.Equal(ph.Board2, board2) || !slices.Equal(ph.SummaryBoard2, board2) || ph.RunTwice != (len(board2) > 0) {
		return fmt.Errorf("second board %v (summary %v), want %v", ph.Board2, ph.SummaryBoard2, board2)
	}
	if ph.Rake != rake*unit {
		return fmt.Errorf("rake %d, want %d", ph.Rake, rake*unit)
	}
	sortC := func(cs []psCollect) {
		slices.SortFunc(cs, func(a, b psCollect) int {
			return strings.Compare(fmt.Sprint(a.Run, a.Pot, a.Player, a.Amount), fmt.Sprint(b.Run, b.Pot, b.Player, b.Amount))
		})
	}
	gotC := slices.Clone(ph.Collected)
	sortC(gotC)
	sortC(awards)
	if !slices.Equal(gotC, awards) {
		return fmt.Errorf("collected %v, want %v", gotC, awards)
	}
	if err := ph.consistent(); err != nil && len(awards) > 0 && h.Setup.CarriedPot == 0 {
		return err
	}
	// Chips: what the text says each player put in and collected leaves
	// the engine's final stack.
	in, won := ph.chips()
	for i, name := range h.Players {
		if got := h.Setup.Seats[i].Stack*unit - in[name] + won[name]; got != pl.stacks[i]*unit {
			return fmt.Errorf("%s ends with %d by the text, %d by the engine", name, got/unit, pl.stacks[i])
		}
	}
	// The hero's cards: dealt, and after the draw.
	if h.Hero != pokerstars.Observer {
		var final []string
		for _, c := range heroFinal(h) {
			final = append(final, c.String())
		}
		got := slices.Clone(ph.Dealt[h.Players[h.Hero]])
		slices.Sort(got)
		slices.Sort(final)
		if !slices.Equal(got, final) {
			return fmt.Errorf("hero's cards %v, want %v", got, final)
		}
	}
	var finished []psFinish
	if h.Tournament != nil {
		for _, f := range h.Tournament.Finished {
			finished = append(finished, psFinish{Player: h.Players[f.Seat], Place: f.Place, Prize: f.Prize * unit})
		}
	}
	if !slices.Equal(ph.Finished, finished) {
		return fmt.Errorf("places %v, want %v", ph.Finished, finished)
	}
	if len(ph.Summary) != len(h.Players) {
		return fmt.Errorf("%d summary seats", len(ph.Summary))
	}
	return nil
}

// heroFinal returns the hero's cards at the end: the deal, then each draw's
// new cards in the thrown ones' places.
func heroFinal(h pokerstars.Hand) []engine.Card {
	var cards, thrown []engine.Card
	for _, e := range h.Events {
		if e.Seat != h.Hero {
			continue
		}
		switch e.Kind {
		case engine.EvDealHole:
			cards = slices.Clone(e.Cards)
		case engine.EvDiscard:
			thrown = e.Cards
		case engine.EvDrawCards:
			for j, c := range thrown {
				cards[slices.Index(cards, c)] = e.Cards[j]
			}
		}
	}
	return cards
}

// TestExportHidesUnshownHoleCards writes every hand from every player's
// seat and as an observer: no card another player held appears in the text
// unless that player showed it, it is on the board, or it passed through
// the exporting player's own hand.
func TestExportHidesUnshownHoleCards(t *testing.T) {
	checked := 0
	for _, g := range games {
		for seed := uint64(1); seed <= 60; seed++ {
			for hero := pokerstars.Observer; hero < g.players; hero++ {
				pl := play(t, g, seed, hero)
				text := write(t, pl.hand)
				visible := map[engine.Card]bool{}
				shown := map[int]bool{}
				for _, e := range pl.hand.Events {
					switch {
					case e.Kind == engine.EvDealBoard:
						for _, c := range e.Cards {
							visible[c] = true
						}
					case e.Kind == engine.EvShow:
						shown[e.Seat] = true
						for _, c := range e.Cards {
							visible[c] = true
						}
					case e.Seat == hero && (e.Kind == engine.EvDealHole || e.Kind == engine.EvDrawCards || e.Kind == engine.EvDiscard):
						for _, c := range e.Cards {
							visible[c] = true
						}
					}
				}
				written := map[string]bool{}
				for _, m := range reCards.FindAllStringSubmatch(text, -1) {
					for _, c := range strings.Fields(m[1]) {
						written[c] = true
					}
				}
				for seat, cards := range pl.hole {
					if seat == hero || shown[seat] {
						continue
					}
					for _, c := range cards {
						if !visible[c] && written[c.String()] {
							t.Fatalf("%s seed %d, exported by seat %d: seat %d's unshown %v is written\n%s", g.name, seed, hero, seat, c, text)
						}
					}
				}
				checked++
			}
		}
	}
	if checked < 500 {
		t.Errorf("checked %d exports", checked)
	}
}

// A leak check that cannot fail checks nothing: a hand whose hero is set
// to another player shows that player's cards, which the check would see.
func TestLeakCheckSeesADealtLine(t *testing.T) {
	pl := play(t, games[0], 3, 1)
	text := write(t, pl.hand)
	for _, c := range pl.hole[1][:2] {
		if !strings.Contains(text, c.String()) {
			t.Fatalf("the hero's %v is not written:\n%s", c, text)
		}
	}
	if !strings.Contains(text, "Dealt to "+pl.hand.Players[1]+" [") {
		t.Fatalf("no Dealt to line:\n%s", text)
	}
}

// TestHeaderDateAndEasternTime checks the header's time: the room's zone,
// then Eastern time with its daylight-saving changes, hours unpadded.
func TestHeaderDateAndEasternTime(t *testing.T) {
	berlin := time.FixedZone("CET", 3600)
	cest := time.FixedZone("CEST", 7200)
	tests := []struct {
		name string
		at   time.Time
		want string
	}{
		{"winter", time.Date(2026, 11, 26, 21, 5, 0, 0, berlin), "2026/11/26 21:05:00 CET [2026/11/26 15:05:00 ET]"},
		// PokerStars names the standard time all year: "CET" in July.
		{"summer", time.Date(2026, 7, 1, 9, 30, 7, 0, cest), "2026/07/01 9:30:07 CET [2026/07/01 3:30:07 ET]"},
		{"US Pacific", time.Date(2026, 7, 1, 0, 30, 7, 0, time.FixedZone("PDT", -7*3600)), "2026/07/01 0:30:07 PT [2026/07/01 3:30:07 ET]"},
		{"a room in Eastern time", time.Date(2026, 7, 1, 3, 30, 7, 0, time.FixedZone("EDT", -4*3600)), "2026/07/01 3:30:07 ET"},
		{"before the spring change", time.Date(2026, 3, 8, 6, 59, 59, 0, time.UTC), "2026/03/08 6:59:59 UTC [2026/03/08 1:59:59 ET]"},
		{"after the spring change", time.Date(2026, 3, 8, 7, 0, 0, 0, time.UTC), "2026/03/08 7:00:00 UTC [2026/03/08 3:00:00 ET]"},
		{"before the autumn change", time.Date(2026, 11, 1, 5, 59, 59, 0, time.UTC), "2026/11/01 5:59:59 UTC [2026/11/01 1:59:59 ET]"},
		{"after the autumn change", time.Date(2026, 11, 1, 6, 0, 0, 0, time.UTC), "2026/11/01 6:00:00 UTC [2026/11/01 1:00:00 ET]"},
		{"the day before in Eastern time", time.Date(2027, 1, 1, 3, 0, 0, 0, time.UTC), "2027/01/01 3:00:00 UTC [2026/12/31 22:00:00 ET]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pl := play(t, games[0], 1, 0)
			pl.hand.Time = tt.at
			first, _, _ := strings.Cut(write(t, pl.hand), "\n")
			if !strings.HasSuffix(first, " - "+tt.want) {
				t.Errorf("header %q, want it to end with %q", first, tt.want)
			}
		})
	}
}

// TestWriteRefusesBadHands: what cannot be written is refused with an error
// that says why, and nothing is written.
func TestWriteRefusesBadHands(t *testing.T) {
	base := play(t, gameNamed(t, "holdem-nl"), 2, 0).hand
	draw := play(t, gameNamed(t, "draw-nl"), 2, 0).hand
	tests := []struct {
		name   string
		change func(h *pokerstars.Hand)
		reason string
	}{
		{"no number", func(h *pokerstars.Hand) { h.Number = 0 }, "hand number"},
		{"names missing", func(h *pokerstars.Hand) { h.Players = h.Players[:2] }, "player names"},
		{"a name on two lines", func(h *pokerstars.Hand) { h.Players = append([]string{"a\nb"}, h.Players[1:]...) }, "one line"},
		{"a name with a space after it", func(h *pokerstars.Hand) { h.Players = append([]string{"ann "}, h.Players[1:]...) }, "without spaces around it"},
		{"two players of one name", func(h *pokerstars.Hand) { h.Players = append([]string{h.Players[1]}, h.Players[1:]...) }, "both named"},
		{"an apostrophe in the table", func(h *pokerstars.Hand) { h.Table = "Bob's" }, "apostrophes"},
		{"a seat twice", func(h *pokerstars.Hand) { h.Seats = append([]int{h.Seats[1]}, h.Seats[1:]...) }, "distinct seats"},
		{"a seat past the table", func(h *pokerstars.Hand) { h.MaxSeats = 6; h.Seats = []int{1, 2, 3, 4, 5, 7} }, "distinct seats"},
		{"a hero outside the table", func(h *pokerstars.Hand) { h.Hero = 6 }, "hero seat"},
		{"no time", func(h *pokerstars.Hand) { h.Time = time.Time{} }, "no time"},
		{"a tournament without a level", func(h *pokerstars.Hand) { h.Tournament = &pokerstars.Tournament{Number: 1} }, "level"},
		{"an event for a seat not dealt in", func(h *pokerstars.Hand) {
			h.Events = append(slices.Clone(h.Events), engine.Event{Kind: engine.EvFold, Seat: 7})
		}, "not the setup's hand"},
		{"a second board before the showdown", func(h *pokerstars.Hand) {
			h.Events = append(slices.Clone(h.Events[:12]), engine.Event{Kind: engine.EvDealBoard, Seat: -1, Board: 1, Cards: []engine.Card{1}})
		}, "not the setup's hand"},
		{"a third board", func(h *pokerstars.Hand) {
			h.Events = append(slices.Clone(h.Events), engine.Event{Kind: engine.EvDealBoard, Seat: -1, Board: 2, Cards: []engine.Card{1}})
		}, "not the setup's hand"},
		{"a changed amount", func(h *pokerstars.Hand) {
			h.Events = slices.Clone(h.Events)
			h.Events[0].Amount++
		}, "event 0 is post_small_blind seat"},
		{"an event missing", func(h *pokerstars.Hand) { h.Events = slices.Delete(slices.Clone(h.Events), 9, 10) }, "not the setup's hand"},
		{"jokers", func(h *pokerstars.Hand) { *h = draw; h.Setup.Rules.Draw.Jokers = 1 }, "jokers"},
		{"a hand not over", func(h *pokerstars.Hand) { h.Events = h.Events[:12] }, "not over"},
		{"a bad setup", func(h *pokerstars.Hand) { h.Setup.Deck = h.Setup.Deck[:3] }, "does not start a hand"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := base
			tt.change(&h)
			var buf bytes.Buffer
			err := pokerstars.WriteHand(&buf, h)
			if !errors.Is(err, pokerstars.ErrHand) || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("err = %v, want ErrHand saying %q", err, tt.reason)
			}
			if buf.Len() > 0 {
				t.Errorf("a refused hand wrote %d bytes", buf.Len())
			}
		})
	}
}

// A refused hand does not stop a stream: the next hand is written, and the
// hands stay separated as PokerStars separates them.
func TestWriterGoesOnAfterARefusedHand(t *testing.T) {
	a, b := play(t, games[0], 4, 0).hand, play(t, games[0], 5, 0).hand
	bad := a
	bad.Number = -1
	var buf bytes.Buffer
	w := pokerstars.NewWriter(&buf)
	if err := w.Write(a); err != nil {
		t.Fatal(err)
	}
	if err := w.Write(bad); err == nil {
		t.Fatal("a bad hand was written")
	}
	if err := w.Write(b); err != nil {
		t.Fatal(err)
	}
	hands := splitHands(buf.String())
	if len(hands) != 2 || !strings.Contains(buf.String(), "\n\n\n\nPokerStars Hand #") {
		t.Fatalf("%d hands:\n%s", len(hands), buf.String())
	}
}

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriterReportsTheUnderlyingError(t *testing.T) {
	w := pokerstars.NewWriter(failingWriter{})
	h := play(t, games[0], 1, 0).hand
	for range 2 {
		if err := w.Write(h); err == nil || !strings.Contains(err.Error(), "disk full") || errors.Is(err, pokerstars.ErrHand) {
			t.Fatalf("err = %v", err)
		}
	}
}

// BenchmarkWriteHands streams hands to io.Discard as an export of 10,000
// hands does, one hand per operation (a mix of games, showdowns and folds).
func BenchmarkWriteHands(b *testing.B) {
	var hs []pokerstars.Hand
	for _, g := range games {
		for seed := uint64(1); seed <= 20; seed++ {
			hs = append(hs, play(b, g, seed, int(seed)%g.players).hand)
		}
	}
	w := pokerstars.NewWriter(discard{})
	b.ReportAllocs()
	b.ResetTimer()
	i := 0
	for b.Loop() {
		if err := w.Write(hs[i%len(hs)]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// discard is io.Discard without its ReaderFrom.
type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// TestWriterStreamsInConstantMemory writes 10,000 hands, as an export of
// 10,000 hands does: the heap after them is the heap after the first
// hundred (the Writer holds one hand's text and reuses its buffers; the
// little it allocates per hand, the replay's pot summary, is garbage).
func TestWriterStreamsInConstantMemory(t *testing.T) {
	var hs []pokerstars.Hand
	for _, g := range games {
		for seed := uint64(1); seed <= 5; seed++ {
			hs = append(hs, play(t, g, seed, int(seed)%g.players).hand)
		}
	}
	var n counter
	w := pokerstars.NewWriter(&n)
	i := 0
	writeOne := func() {
		if err := w.Write(hs[i%len(hs)]); err != nil {
			t.Fatal(err)
		}
		i++
	}
	heap := func() uint64 {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	for range 100 {
		writeOne()
	}
	before := heap()
	allocs := testing.AllocsPerRun(10000, writeOne)
	after := heap()
	if after > before+256<<10 {
		t.Errorf("the heap grew from %d to %d bytes over 10,000 hands", before, after)
	}
	if allocs > 20 {
		t.Errorf("%.1f allocations per hand written, want at most 20", allocs)
	}
	if n.hands < 10000 {
		t.Errorf("%d hands written", n.hands)
	}
}

// counter counts the hands written.
type counter struct{ hands int }

func (c *counter) Write(p []byte) (int, error) {
	c.hands += bytes.Count(p, []byte("PokerStars Hand #"))
	return len(p), nil
}
