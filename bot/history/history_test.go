package history_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/history"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
	"github.com/pokerroom/pokerroom/phh"
	"github.com/pokerroom/pokerroom/tourney"
)

// game is a table the tests play hands at.
type game struct {
	name    string
	cfg     engine.Config
	players int
	tour    bool
}

var games = []game{
	{"holdem-nl", engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 5, BigBlind: 10, Rake: engine.DefaultRake()}, 6, false},
	{"holdem-nl-unraked", engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 5, BigBlind: 10}, 3, false},
	{"holdem-fl", engine.Config{Game: engine.Holdem, Betting: engine.FixedLimit, SmallBlind: 5, BigBlind: 10}, 4, false},
	{"omaha-pl", engine.Config{Game: engine.Omaha, Betting: engine.PotLimit, SmallBlind: 5, BigBlind: 10}, 5, false},
	{"omaha-hilo-fl", engine.Config{Game: engine.OmahaHiLo, Betting: engine.FixedLimit, SmallBlind: 5, BigBlind: 10}, 6, false},
	{"draw-nl", engine.Config{Game: engine.Draw, Betting: engine.NoLimit, SmallBlind: 5, BigBlind: 10}, 4, false},
	{"tournament-holdem-nl", engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 50, BigBlind: 100, Ante: 10, Tournament: true}, 9, true},
}

var playerNames = []string{"ann", "bob smith", "carla", "dmitri", "eve", "fu", "gus", "hana", "ivo"}

// playerID is the id of the player at engine seat k of every test hand.
func playerID(k int) int64 { return int64(100 + k) }

// stored plays one hand of g with a seeded deck and random legal actions,
// as the room stores it: the setup's tag as bot writes it (table seats,
// number, names, player ids by engine seat; the button is engine seat 0),
// its id, table and times.
func stored(t testing.TB, g game, seed uint64) history.Stored {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 24))
	seats := make([]engine.Seat, g.players)
	for i := range seats {
		seats[i].Stack = int64(40+rng.IntN(60)*10) * (g.cfg.BigBlind / 10)
	}
	order := rng.Perm(9)[:g.players]
	slices.Sort(order[1:]) // clockwise from the button
	tag := bot.HandTag{Order: order, Number: int(seed), Button: order[0], Names: playerNames[:g.players]}
	for k := range g.players {
		tag.Players = append(tag.Players, playerID(k))
	}
	js, err := json.Marshal(tag)
	if err != nil {
		t.Fatal(err)
	}
	var deck [52]engine.Card
	d := enginetest.FullDeck(&deck)
	enginetest.Shuffle(d, rng)
	setup := engine.Setup{Rules: g.cfg, Seats: seats, Button: 0, Deck: d, Tag: string(js)}
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&enginetest.Player{Src: rng}).Play(h); err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 11, 26, 20, 5, int(seed%60), 0, time.UTC)
	s := history.Stored{
		Hand:  bot.HandRecord{ID: 1000 + int64(seed), TableID: 7, Setup: setup, Events: h.Events(), StartedAt: start, EndedAt: start.Add(time.Minute)},
		Table: history.Table{Name: "nlhe 5/10", MaxSeats: 9},
	}
	if g.tour {
		s.Table.Name = "Sunday 1"
		s.Table.Tournament = &history.Tournament{Number: 42, BuyIn: 300, Fee: 20,
			Levels: []tourney.Level{{SmallBlind: 25, BigBlind: 50}, {Break: true}, {SmallBlind: 50, BigBlind: 100, Ante: 10}}}
	}
	return s
}

// export writes hands with opts and returns the text and the summary.
func export(t testing.TB, f history.Format, opts history.Options, hands ...history.Stored) (string, history.Summary) {
	t.Helper()
	var buf bytes.Buffer
	e := history.NewExporter(&buf, f, opts)
	for _, h := range hands {
		if err := e.Write(h); err != nil {
			t.Fatal(err)
		}
	}
	if err := e.Flush(); err != nil {
		t.Fatal(err)
	}
	return buf.String(), e.Summary()
}

// cardLists are the cards written between brackets: "[Ah Kd]".
var cardLists = regexp.MustCompile(`\[([2-9TJQKA][cdhs](?: [2-9TJQKA][cdhs])*)\]`)

// dealt and shown are a hand's hole cards by seat and the seats that
// showed them.
func dealt(events []engine.Event) (hole map[int][]string, shown map[int]bool) {
	hole, shown = map[int][]string{}, map[int]bool{}
	for _, e := range events {
		switch e.Kind {
		case engine.EvDealHole, engine.EvDrawCards:
			for _, c := range e.Cards {
				hole[e.Seat] = append(hole[e.Seat], c.String())
			}
		case engine.EvShow:
			shown[e.Seat] = true
		}
	}
	return hole, shown
}

// TestPokerStarsExportShowsOnlyTheHerosAndShownCards exports every seat's
// view of hands of every game, and the operator's: the hero's hole cards
// are dealt to them, and no card of a player who did not show is written
// anywhere, nor a "Dealt to" line of anyone but the hero.
func TestPokerStarsExportShowsOnlyTheHerosAndShownCards(t *testing.T) {
	for _, g := range games {
		t.Run(g.name, func(t *testing.T) {
			for seed := uint64(1); seed <= 8; seed++ {
				s := stored(t, g, seed)
				hole, shown := dealt(s.Hand.Events)
				for hero := -1; hero < g.players; hero++ {
					opts := history.Options{}
					if hero >= 0 {
						opts.Player = playerID(hero)
					}
					text, sum := export(t, history.FormatPokerStars, opts, s)
					if sum.Written != 1 {
						t.Fatalf("seed %d hero %d: %v", seed, hero, sum)
					}
					checkCards(t, text, s, hero, hole, shown)
				}
			}
		})
	}
}

func checkCards(t *testing.T, text string, s history.Stored, hero int, hole map[int][]string, shown map[int]bool) {
	t.Helper()
	tag, _ := bot.ParseHandTag(s.Hand.Setup.Tag)
	written := map[string]bool{}
	for _, m := range cardLists.FindAllStringSubmatch(text, -1) {
		for _, c := range strings.Fields(m[1]) {
			written[c] = true
		}
	}
	for k, cards := range hole {
		for _, c := range cards {
			if k != hero && !shown[k] && written[c] {
				t.Errorf("hand %d hero %d: %s's unshown card %s is written:\n%s", s.Hand.ID, hero, tag.Names[k], c, text)
			}
		}
	}
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "Dealt to ") {
			continue
		}
		if hero < 0 || !strings.HasPrefix(line, "Dealt to "+tag.Names[hero]+" [") {
			t.Errorf("hand %d hero %d: %q", s.Hand.ID, hero, line)
		}
	}
	if hero >= 0 && !strings.Contains(text, "Dealt to "+tag.Names[hero]+" [") {
		t.Errorf("hand %d: the hero %s is dealt nothing:\n%s", s.Hand.ID, tag.Names[hero], text)
	}
}

// TestPokerStarsHeadersAndSeats: a cash hand is play money at its table,
// a tournament hand names the tournament, its buy-in and the level its
// blinds are; the seats are the tag's table seats with the setup's
// stacks, and the chips collected and raked are the pot's.
func TestPokerStarsHeadersAndSeats(t *testing.T) {
	for _, tc := range []struct {
		game  string
		want  []string
		avoid string
	}{
		{"holdem-nl", []string{"PokerStars Hand #1003:  Hold'em No Limit (5/10) - 2026/11/26 20:05:03 UTC [2026/11/26 15:05:03 ET]", "Table 'nlhe 5/10' 9-max (Play Money)"}, "Tournament"},
		{"tournament-holdem-nl", []string{"PokerStars Hand #1003: Tournament #42, 300+20 Hold'em No Limit - Level II (50/100)", "Table 'Sunday 1' 9-max Seat #"}, "Play Money"},
	} {
		t.Run(tc.game, func(t *testing.T) {
			g := gameNamed(t, tc.game)
			s := stored(t, g, 3)
			text, _ := export(t, history.FormatPokerStars, history.Options{}, s)
			for _, w := range tc.want {
				if !strings.Contains(text, w) {
					t.Errorf("no %q in\n%s", w, text)
				}
			}
			if strings.Contains(text, tc.avoid) {
				t.Errorf("%q in\n%s", tc.avoid, text)
			}
			checkChips(t, text, s)
		})
	}
}

var (
	seatLine  = regexp.MustCompile(`(?m)^Seat (\d+): (.+) \((\d+) in chips`)
	totalLine = regexp.MustCompile(`(?m)^Total pot (\d+).* \| Rake (\d+)`)
)

// checkChips checks the seat lines against the setup and the total pot
// against the chips the players put in.
func checkChips(t *testing.T, text string, s history.Stored) {
	t.Helper()
	tag, _ := bot.ParseHandTag(s.Hand.Setup.Tag)
	got := seatLine.FindAllStringSubmatch(text, -1)
	if len(got) != len(s.Hand.Setup.Seats) {
		t.Fatalf("%d seat lines for %d seats:\n%s", len(got), len(s.Hand.Setup.Seats), text)
	}
	for _, m := range got {
		k := slices.Index(tag.Names, m[2])
		if k < 0 || m[1] != fmt.Sprint(tag.Order[k]+1) || m[3] != fmt.Sprint(s.Hand.Setup.Seats[k].Stack) {
			t.Errorf("seat line %q: want %s at seat %d with %d", m[0], m[2], tag.Order[max(k, 0)]+1, s.Hand.Setup.Seats[max(k, 0)].Stack)
		}
	}
	var won, rake int64
	for _, e := range s.Hand.Events {
		switch e.Kind {
		case engine.EvAward:
			won += e.Amount
		case engine.EvRake:
			rake += e.Amount
		}
	}
	m := totalLine.FindStringSubmatch(text)
	if m == nil || m[1] != fmt.Sprint(won+rake) || m[2] != fmt.Sprint(rake) {
		t.Errorf("total line %q: want total %d rake %d", m, won+rake, rake)
	}
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

// TestExporterCountsWhatItSkips: hands being played, voided, broken, not
// the player's and refused by the format are counted, never written, and
// the hands after them are.
func TestExporterCountsWhatItSkips(t *testing.T) {
	holdem, draw := gameNamed(t, "holdem-fl"), gameNamed(t, "draw-nl")
	playing := stored(t, holdem, 1)
	playing.Hand.EndedAt = time.Time{}
	voided := stored(t, holdem, 2)
	voided.Hand.Voided = "restart"
	broken := stored(t, holdem, 3)
	broken.Hand.Broken = "event 4: a gap"
	noTag := stored(t, holdem, 4)
	noTag.Hand.Setup.Tag = ""
	drawHand := stored(t, draw, 5)
	good := stored(t, holdem, 6)
	hands := []history.Stored{playing, voided, broken, noTag, drawHand, good}
	for _, tc := range []struct {
		name   string
		format history.Format
		player int64
		want   history.Summary
	}{
		{"operator pokerstars", history.FormatPokerStars, 0, history.Summary{Written: 3, Playing: 1, Voided: 1, Broken: 1}},
		{"operator phh refuses the draw", history.FormatPHH, 0, history.Summary{Written: 2, Playing: 1, Voided: 1, Broken: 1, Refused: 1}},
		{"player's pokerstars", history.FormatPokerStars, playerID(1), history.Summary{Written: 2, Playing: 1, Voided: 1, Broken: 1, NotPlayer: 1}},
		{"stranger", history.FormatPokerStars, 999, history.Summary{Playing: 1, Voided: 1, Broken: 1, NotPlayer: 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var refused []int64
			opts := history.Options{Player: tc.player, Refused: func(id int64, err error) {
				refused = append(refused, id)
				if err == nil {
					t.Error("refused without a reason")
				}
			}}
			text, sum := export(t, tc.format, opts, hands...)
			if sum != tc.want {
				t.Errorf("summary %+v, want %+v", sum, tc.want)
			}
			if sum.Refused > 0 && !slices.Equal(refused, []int64{drawHand.Hand.ID}) {
				t.Errorf("refused %v, want hand %d", refused, drawHand.Hand.ID)
			}
			for _, h := range []history.Stored{playing, voided, broken} {
				if strings.Contains(text, fmt.Sprint(h.Hand.ID)) {
					t.Errorf("skipped hand %d is written", h.Hand.ID)
				}
			}
			if tc.want.Written > 0 && !strings.Contains(text, fmt.Sprint(good.Hand.ID)) {
				t.Errorf("hand %d after the skipped ones is not written:\n%s", good.Hand.ID, text)
			}
		})
	}
}

// TestExporterReportsTheWritersError: a failing writer's error is
// returned, by every later call too.
func TestExporterReportsTheWritersError(t *testing.T) {
	e := history.NewExporter(failing{}, history.FormatPokerStars, history.Options{})
	if err := e.Write(stored(t, gameNamed(t, "holdem-fl"), 1)); err != nil {
		t.Fatal(err) // buffered
	}
	if err := e.Flush(); !errors.Is(err, errDisk) {
		t.Fatalf("flush: %v, want the writer's error", err)
	}
	if err := e.Write(stored(t, gameNamed(t, "holdem-fl"), 2)); !errors.Is(err, errDisk) {
		t.Fatalf("write after: %v", err)
	}
}

var errDisk = errors.New("disk full")

type failing struct{}

func (failing) Write([]byte) (int, error) { return 0, errDisk }

// TestPHHExportReplaysToTheSameStacks exports hands of the games PHH has
// (every seat's view and the operator's) as one .phhs file and replays it
// as `pokerroom replay` does: every hand replays to its finishing stacks,
// raked ones too. Only a player's export refuses a hand, one where an
// opponent mucked at the showdown, and reports it.
func TestPHHExportReplaysToTheSameStacks(t *testing.T) {
	for _, g := range games {
		if _, ok := phh.VariantCode(g.cfg.Game, g.cfg.Betting); !ok {
			continue
		}
		t.Run(g.name, func(t *testing.T) {
			var hands []history.Stored
			for seed := uint64(1); seed <= 20; seed++ {
				hands = append(hands, stored(t, g, seed))
			}
			for hero := -1; hero < g.players; hero++ {
				opts := history.Options{}
				if hero >= 0 {
					opts.Player = playerID(hero)
				}
				var why []string
				opts.Refused = func(_ int64, err error) { why = append(why, err.Error()) }
				text, sum := export(t, history.FormatPHH, opts, hands...)
				if sum.Written+sum.Refused != len(hands) {
					t.Fatalf("hero %d: %v", hero, sum)
				}
				for _, w := range why {
					if hero < 0 || !strings.Contains(w, "mucked at the showdown") {
						t.Errorf("hero %d: refused: %s", hero, w)
					}
				}
				if sum.Written < len(hands)/2 {
					t.Fatalf("hero %d: %v", hero, sum)
				}
				t.Logf("hero %d: %v", hero, sum)
				var out bytes.Buffer
				r := phh.Runner{Out: &out}
				r.ReplayData("export.phhs", []byte(text))
				got := r.Finish()
				if got.Hands != sum.Written || got.Match != sum.Written || got.Unreadable > 0 {
					t.Errorf("hero %d: %d hands written; replay: %s\n%s", hero, sum.Written, out.String(), text)
				}
			}
		})
	}
}

// TestParseFormat names the formats and refuses others.
func TestParseFormat(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want history.Format
		err  bool
	}{{"pokerstars", history.FormatPokerStars, false}, {"phh", history.FormatPHH, false}, {"PHH", 0, true}, {"", 0, true}} {
		f, err := history.ParseFormat(tc.in)
		if f != tc.want || (err != nil) != tc.err {
			t.Errorf("%q: %v %v", tc.in, f, err)
		}
		if err == nil && f.String() != tc.in {
			t.Errorf("%q: String %q", tc.in, f)
		}
	}
}

// TestTableOfReadsTheStoredConfigs: a stored table's size and, at a
// tournament table, the tournament's number, buy-in (prize and bounty
// parts) and levels; a config that is not JSON is an error.
func TestTableOfReadsTheStoredConfigs(t *testing.T) {
	tour := &bot.TourneyRecord{ID: 9, Config: `{"config":{"Name":"Sunday","BuyIn":{"Prize":300,"Bounty":50,"Fee":20},"Structure":{"Levels":[{"SmallBlind":10,"BigBlind":20}]}},"variant":"nlhe"}`}
	for _, tc := range []struct {
		name  string
		table bot.TableRecord
		tour  *bot.TourneyRecord
		want  history.Table
		err   bool
	}{
		{"cash", bot.TableRecord{ID: 1, Name: "nlhe 1/2", Config: `{"config":{"variant":"nlhe","seats":6}}`}, nil, history.Table{Name: "nlhe 1/2", MaxSeats: 6}, false},
		{"no name, no config", bot.TableRecord{ID: 2}, nil, history.Table{Name: "Table 2"}, false},
		{"tournament", bot.TableRecord{ID: 3, Name: "Sunday 1", Config: `{"config":{"seats":9},"tourney":9}`}, tour,
			history.Table{Name: "Sunday 1", MaxSeats: 9, Tournament: &history.Tournament{Number: 9, BuyIn: 350, Fee: 20, Levels: []tourney.Level{{SmallBlind: 10, BigBlind: 20}}}}, false},
		{"table config not JSON", bot.TableRecord{ID: 4, Config: "seats=9"}, nil, history.Table{}, true},
		{"tournament config not JSON", bot.TableRecord{ID: 5, Config: `{"tourney":9}`}, &bot.TourneyRecord{ID: 9, Config: "{"}, history.Table{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := history.TableOf(tc.table, tc.tour)
			if (err != nil) != tc.err || got.Name != tc.want.Name || got.MaxSeats != tc.want.MaxSeats ||
				(got.Tournament == nil) != (tc.want.Tournament == nil) {
				t.Fatalf("%+v, %v; want %+v", got, err, tc.want)
			}
			if w := tc.want.Tournament; w != nil {
				g := got.Tournament
				if g.Number != w.Number || g.BuyIn != w.BuyIn || g.Fee != w.Fee || !slices.Equal(g.Levels, w.Levels) {
					t.Errorf("tournament %+v, want %+v", *g, *w)
				}
			}
		})
	}
}

// TestTimesAreInTheRoomsZone: the header's time is the start's in the
// options' zone.
func TestTimesAreInTheRoomsZone(t *testing.T) {
	madrid, err := time.LoadLocation("Europe/Madrid")
	if err != nil {
		t.Skip("no time zone database:", err)
	}
	text, _ := export(t, history.FormatPokerStars, history.Options{Location: madrid}, stored(t, gameNamed(t, "holdem-fl"), 3))
	if !strings.Contains(text, " - 2026/11/26 21:05:03 CET [2026/11/26 15:05:03 ET]") {
		t.Errorf("header:\n%s", text)
	}
}

// A PHH export carries each hand's provable deck (issue 24): the
// commitment and seeds always (the chat showed them), the salt and the
// deck only in the operator's export, which may show every card.
func TestPHHExportCarriesTheCommitment(t *testing.T) {
	g := gameNamed(t, "holdem-nl-unraked")
	var s history.Stored
	for seed := uint64(1); ; seed++ { // a hand that every export writes (nobody mucked at the showdown)
		s = stored(t, g, seed)
		if _, sum := export(t, history.FormatPHH, history.Options{Player: playerID(0)}, s); sum.Written == 1 || seed > 50 {
			break
		}
	}
	tag, err := bot.ParseHandTag(s.Hand.Setup.Tag)
	if err != nil {
		t.Fatal(err)
	}
	tag.Fair = &bot.FairTag{Commitment: "c0ffee", Salt: "5a17", Seeds: []string{"ana: lucky"}, Committed: "As Kd Qh"}
	js, _ := json.Marshal(tag)
	s.Hand.Setup.Tag = string(js)
	for _, tc := range []struct {
		name    string
		opts    history.Options
		want    []string
		notWant []string
	}{
		{"the operator's", history.Options{}, []string{`_deck_commitment = "c0ffee"`, `_deck_salt = "5a17"`, `_deck = "As Kd Qh"`, `_deck_seeds = ["ana: lucky"]`}, nil},
		{"a player's", history.Options{Player: playerID(0)}, []string{`_deck_commitment = "c0ffee"`, `_deck_seeds = ["ana: lucky"]`}, []string{"_deck_salt", "_deck = "}},
	} {
		text, sum := export(t, history.FormatPHH, tc.opts, s)
		if sum.Written != 1 {
			t.Fatalf("%s: %v", tc.name, sum)
		}
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s export lacks %s:\n%s", tc.name, w, text)
			}
		}
		for _, w := range tc.notWant {
			if strings.Contains(text, w) {
				t.Errorf("%s export holds %s:\n%s", tc.name, w, text)
			}
		}
	}
}

// A fast-fold pool's hand (R-CASH-7, seed 000) where a player folded out of
// turn: the table showed the fold only when the turn reached the player
// ("players do not see a fold until it is their turn"), and both formats
// need every action in turn. Both exports write the fold there, and the
// PHH file replays to the hand's stacks; before, PokerStars refused every
// such hand and PHH wrote one that `pokerroom replay` reported as a
// mismatch.
func TestFastFoldOutOfTurnIsExportedAtTheFoldersTurn(t *testing.T) {
	s := stored(t, gameNamed(t, "holdem-nl-unraked"), 1)
	su := s.Hand.Setup
	su.Seats = []engine.Seat{{Stack: 500}, {Stack: 500}, {Stack: 500}, {Stack: 500}}
	tag, err := bot.ParseHandTag(su.Tag)
	if err != nil {
		t.Fatal(err)
	}
	tag.Order, tag.Names, tag.Players = []int{0, 2, 4, 6}, playerNames[:4], []int64{playerID(0), playerID(1), playerID(2), playerID(3)}
	js, _ := json.Marshal(tag)
	su.Tag = string(js)
	h, err := engine.Start(su)
	if err != nil {
		t.Fatal(err)
	}
	// Four-handed, dmitri (seat 3) acts first; ann, on the button, folds
	// at once, out of turn.
	if _, err := h.FastFold(0); err != nil {
		t.Fatal(err)
	}
	for !h.Done() {
		l := h.Legal()
		k := engine.Check
		if !l.CanCheck {
			k = engine.Call
		}
		if _, err := h.Apply(engine.Action{Seat: l.Seat, Kind: k}); err != nil {
			t.Fatal(err)
		}
	}
	s.Hand.Setup, s.Hand.Events = su, h.Events()
	var why []string
	opts := history.Options{Refused: func(_ int64, err error) { why = append(why, err.Error()) }}
	text, sum := export(t, history.FormatPokerStars, opts, s)
	if sum.Written != 1 {
		t.Fatalf("PokerStars: %+v %q", sum, why)
	}
	if want := "dmitri: calls 10\nann: folds\nbob smith: calls 5\ncarla: checks\n"; !strings.Contains(text, want) {
		t.Errorf("PokerStars: the fold is not at ann's turn:\n%s", text)
	}
	text, sum = export(t, history.FormatPHH, opts, s)
	if sum.Written != 1 {
		t.Fatalf("PHH: %+v %q", sum, why)
	}
	var out bytes.Buffer
	r := phh.Runner{Out: &out}
	r.ReplayData("export.phhs", []byte(text))
	if got := r.Finish(); got.Match != 1 {
		t.Errorf("PHH replay: %s\n%s", out.String(), text)
	}
}

// R-BET-5 (TDA 48): in a fixed-limit tournament the cap is lifted once two
// players remain in the event; the PHH export writes that hand uncapped
// (_raise_cap = -1), so that its replay takes the raises beyond the cap.
func TestPHHExportOfTheUncappedHeadsUpFinale(t *testing.T) {
	s := stored(t, gameNamed(t, "holdem-fl"), 1)
	su := s.Hand.Setup
	su.Rules.Tournament, su.TwoPlayersLeft = true, true
	su.Seats = []engine.Seat{{Stack: 1000}, {Stack: 1000}}
	tag, err := bot.ParseHandTag(su.Tag)
	if err != nil {
		t.Fatal(err)
	}
	tag.Order, tag.Names, tag.Players = []int{0, 4}, playerNames[:2], []int64{playerID(0), playerID(1)}
	js, _ := json.Marshal(tag)
	su.Tag = string(js)
	h, err := engine.Start(su)
	if err != nil {
		t.Fatal(err)
	}
	for _, to := range []int64{20, 30, 40, 50, 60} { // five raises: beyond the cap of four
		if _, err := h.Apply(engine.Action{Seat: h.ToAct(), Kind: engine.Raise, Amount: to}); err != nil {
			t.Fatalf("raise to %d: %v", to, err)
		}
	}
	if _, err := h.Apply(engine.Action{Seat: h.ToAct(), Kind: engine.Fold}); err != nil {
		t.Fatal(err)
	}
	s.Hand.Setup, s.Hand.Events = su, h.Events()
	s.Table.Tournament = &history.Tournament{Number: 42, BuyIn: 300, Fee: 20, Levels: []tourney.Level{{SmallBlind: 5, BigBlind: 10}}}
	text, sum := export(t, history.FormatPHH, history.Options{}, s)
	if sum.Written != 1 {
		t.Fatalf("%+v", sum)
	}
	var out bytes.Buffer
	r := phh.Runner{Out: &out}
	r.ReplayData("export.phhs", []byte(text))
	if got := r.Finish(); got.Match != 1 {
		t.Errorf("replay: %s\n%s", out.String(), text)
	}
}
