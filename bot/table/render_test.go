package table

import (
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/view"
	"github.com/pokerroom/pokerroom/bot/view/viewtest"

	"github.com/pokerroom/pokerroom/engine"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// viewHand plays a seeded hand of cfg with the given actions (kinds in
// order; bets and raises to the minimum) and returns it.
func viewHand(t *testing.T, cfg engine.Config, stacks []int64, seed uint64, acts []engine.ActionKind) *engine.Hand {
	t.Helper()
	deck, err := engine.ShuffledDeck(engine.NewSeededReader(seed))
	if err != nil {
		t.Fatal(err)
	}
	setup := engine.Setup{Rules: cfg, Deck: deck}
	for _, s := range stacks {
		setup.Seats = append(setup.Seats, engine.Seat{Stack: s})
	}
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range acts {
		l := h.Legal()
		a := engine.Action{Seat: l.Seat, Kind: k}
		if k == engine.Bet || k == engine.Raise {
			a.Amount = l.MinTo
		}
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
	}
	return h
}

// The table message, the acting player's buttons and the summary, in
// English and Spanish, golden-file tested in every form: plain text
// (testdata/views.golden, the console's scripts), Telegram HTML, a
// Discord embed, a terminal's ANSI colours (go test ./bot/table -run
// TestViewsGolden -update rewrites them). The table message shows only
// what a spectator may see.
func TestViewsGolden(t *testing.T) {
	var g viewtest.Golden
	nl := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 1, BigBlind: 2, Rake: engine.Rake{Percent: 5, Cap: 4}}
	o8 := engine.Config{Game: engine.OmahaHiLo, Betting: engine.FixedLimit, SmallBlind: 1, BigBlind: 2}
	C, K, F, R := engine.Call, engine.Check, engine.Fold, engine.Raise
	cases := []struct {
		name   string
		cfg    engine.Config
		stacks []int64
		seed   uint64
		acts   []engine.ActionKind
	}{
		{"preflop, raise faced", nl, []int64{100, 100, 100}, 1, []engine.ActionKind{R}},
		{"flop, check to act", nl, []int64{100, 80, 120}, 2, []engine.ActionKind{C, C, K}},
		{"showdown", nl, []int64{100, 100, 100}, 3, []engine.ActionKind{C, C, K, K, K, K, K, K, K, K, K, K}},
		{"fold before the flop", nl, []int64{100, 100}, 4, []engine.ActionKind{F}},
		{"hi/lo showdown", o8, []int64{50, 50}, 5, []engine.ActionKind{C, K, K, K, K, K, K, K}},
		// R-POT-5: with no qualifying low the high takes all, and the
		// summary says so.
		{"hi/lo showdown, no low", o8, []int64{50, 50}, 6, []engine.ActionKind{C, K, K, K, K, K, K, K}},
	}
	for _, tc := range cases {
		h := viewHand(t, tc.cfg, tc.stacks, tc.seed, tc.acts)
		names := []string{"Ana", "Ben", "Cy"}[:len(tc.stacks)]
		order := make([]int, len(tc.stacks))
		seats := make([]sceneSeat, 4)
		for i := range order {
			order[i] = i
			seats[i] = sceneSeat{Name: names[i], Stack: tc.stacks[i]}
		}
		for i := len(tc.stacks); i < len(seats); i++ {
			seats[i] = sceneSeat{Empty: true}
		}
		full := h.Snapshot()
		spect := full.For(-1)
		for _, lang := range []string{bot.English, bot.Spanish} {
			g.Head(fmt.Sprintf("%s (%s)", tc.name, lang))
			v := renderTable(tableScene{Lang: lang, Label: "#1", Title: "Test 1/2", HandNo: 7, Seats: seats, Snap: &spect, Order: order,
				Left: 25 * time.Second, Phase: "timer", Last: []lastLine{eventLine(&engine.Event{Kind: engine.EvRaise, Amount: 4}, "Ana")}})
			g.Add(t, v, false)
			if !full.Over && full.ToAct >= 0 {
				for _, bs := range actionButtons(full.Legal, h.Bet(full.ToAct)+full.Legal.CallAmount, lang) {
					fmt.Fprintf(&g.Plain, "[%s: %s] ", bs.label, bs.command)
				}
				g.Plain.WriteString("\n")
			}
			if full.Over {
				g.Add(t, renderSummary(summaryScene{Lang: lang, Label: "#1", Title: "Test 1/2", HandNo: 7, Snap: spect, Result: h.Result(), Names: names}), false)
			}
			// No hole card that was not shown appears in the group's
			// views, in either notation.
			for k, sv := range full.Seats {
				if sv.Shown {
					continue
				}
				for _, c := range sv.Hole {
					for _, form := range []string{c.String(), c.Symbol()} {
						if strings.Contains(g.Plain.String(), " "+form+" ") && !full.Over {
							t.Errorf("%s: seat %d's card %v in a view", tc.name, k, form)
						}
					}
				}
			}
		}
	}
	// TDA 31: a tournament hand whose button is dead on the empty seat 2
	// (its player busted): seat 1 holds the engine's button, the first
	// to act after the flop, but the view names seat 2 as the button,
	// not seat 1 as the dealer; a live tournament button marks its seat.
	h := viewHand(t, nl, []int64{100, 100, 100}, 6, nil)
	spect := h.Snapshot().For(-1)
	seats := []sceneSeat{{Name: "Ana", Stack: 100}, {Empty: true}, {Name: "Ben", Stack: 100}, {Name: "Cy", Stack: 100}}
	for _, c := range []struct {
		name   string
		order  []int
		button int
	}{
		{"tournament, dead button", []int{0, 2, 3}, 2},
		{"tournament, live button", []int{2, 3, 0}, 3},
	} {
		for _, lang := range []string{bot.English, bot.Spanish} {
			g.Head(fmt.Sprintf("%s (%s)", c.name, lang))
			g.Add(t, renderTable(tableScene{Lang: lang, Label: "#1", Title: "Test 1/2", HandNo: 7, Seats: seats, Snap: &spect, Order: c.order,
				Left: 25 * time.Second, Phase: "timer", Button: c.button}), false)
		}
	}
	// Issue 24: the deck commitments of the table message (a hand in
	// play: its own and the next hand's; between hands: the next hand's)
	// and the reveal of a finished hand's summary.
	fh := viewHand(t, nl, []int64{100, 100}, 4, []engine.ActionKind{F})
	fsnap := fh.Snapshot().For(-1)
	commit, next := strings.Repeat("3f2a", 16), strings.Repeat("c91e", 16)
	fair := &bot.FairTag{Commitment: commit, Salt: strings.Repeat("ab", 16), Seeds: []string{"Ana: lucky", "Ben: 42"}}
	for _, lang := range []string{bot.English, bot.Spanish} {
		g.Head(fmt.Sprintf("provable deck (%s)", lang))
		seats := []sceneSeat{{Name: "Ana", Stack: 100}, {Name: "Ben", Stack: 100}}
		g.Add(t, renderTable(tableScene{Lang: lang, Label: "#1", Title: "Test 1/2", HandNo: 7, Seats: seats, Snap: &fsnap, Order: []int{0, 1},
			Commitment: commit, Next: next, Seeds: 2}), false)
		g.Add(t, renderTable(tableScene{Lang: lang, Label: "#1", Title: "Test 1/2", Seats: seats, Commitment: next}), false)
		g.Add(t, renderSummary(summaryScene{Lang: lang, Label: "#1", Title: "Test 1/2", HandNo: 7, Snap: fsnap, Result: fh.Result(),
			Names: []string{"Ana", "Ben"}, Fair: fair, Deck: "As Kd Qh"}), false)
	}
	// A hostile name reads as typed in every form.
	for _, lang := range []string{bot.English, bot.Spanish} {
		g.Head(fmt.Sprintf("a name that would format (%s)", lang))
		seats := []sceneSeat{{Name: "<b>*_[x](y)`~|&", Stack: 100}, {Name: "Ben", Stack: 100}}
		g.Add(t, renderTable(tableScene{Lang: lang, Label: "#1", Title: "Test 1/2", HandNo: 7, Seats: seats, Snap: &fsnap, Order: []int{0, 1},
			Last: []lastLine{eventLine(&engine.Event{Kind: engine.EvFold}, "<b>*_[x](y)`~|&")}}), false)
	}
	g.Check(t, "testdata/views", *update, "go test ./bot/table -run TestViewsGolden")
}

// The worst case a table message meets: ten seats of players with the
// longest names a platform allows (Telegram's first and last names, 129
// characters; Discord's display names, 32), all of them characters to be
// escaped, all in before the flop and the board run twice, every seat's
// cards shown, a long last-actions line and both commitments. The table
// message and its summary fit Telegram's 4,096 characters and every limit
// of a Discord embed whole, uncut, in both languages.
func TestTheLongestTableMessageFitsEveryPlatformWhole(t *testing.T) {
	for _, platform := range []struct {
		name    string
		nameLen int
	}{{"telegram", 129}, {"discord", 32}} {
		t.Run(platform.name, func(t *testing.T) { longestTableMessage(t, platform.name, platform.nameLen) })
	}
}

func longestTableMessage(t *testing.T, platform string, nameLen int) {
	cfg := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 1000, BigBlind: 2000, RunItTwice: true}
	deck, err := engine.ShuffledDeck(engine.NewSeededReader(9))
	if err != nil {
		t.Fatal(err)
	}
	setup := engine.Setup{Rules: cfg, Deck: deck}
	names := make([]string, 10)
	seats := make([]sceneSeat, 10)
	order := make([]int, 10)
	for i := range names {
		setup.Seats = append(setup.Seats, engine.Seat{Stack: 1_000_000_000})
		names[i] = fmt.Sprintf("%d", i) + strings.Repeat("<&>*_", 26)[:nameLen-1]
		seats[i] = sceneSeat{Name: seatName(names[i]), Stack: 1_000_000_000, Away: true, Leaving: true}
		order[i] = i
	}
	h, err := engine.Start(setup)
	if err != nil {
		t.Fatal(err)
	}
	for first := true; !h.Snapshot().Over; first = false {
		l := h.Legal()
		a := engine.Action{Seat: l.Seat, Kind: engine.Call}
		if first {
			a = engine.Action{Seat: l.Seat, Kind: engine.Raise, Amount: l.AllInTo}
		}
		if _, err := h.Apply(a); err != nil {
			t.Fatalf("%v: %v", a, err)
		}
	}
	spect := h.Snapshot().For(-1)
	if len(spect.Boards) != 2 {
		t.Fatalf("the board ran %d times, want twice", len(spect.Boards))
	}
	last := make([]lastLine, 4)
	for i := range last {
		last[i] = eventLine(&engine.Event{Kind: engine.EvRaise, Amount: 1_000_000_000}, seatName(names[i]))
	}
	hash := strings.Repeat("3f2a", 16)
	for _, lang := range []string{bot.English, bot.Spanish} {
		for _, v := range []bot.View{
			renderTable(tableScene{Lang: lang, Label: "#1000", Title: "NL Hold'em 1,000/2,000", HandNo: 99999, Seats: seats, Snap: &spect,
				Order: order, Left: 25 * time.Second, Phase: "bank", Last: last, Commitment: hash, Next: hash, Seeds: 3, Waiting: 40}),
			renderSummary(summaryScene{Lang: lang, Label: "#1000", Title: "NL Hold'em 1,000/2,000", HandNo: 99999, Snap: spect,
				Result: h.Result(), Names: names, Fair: &bot.FairTag{Commitment: hash, Salt: hash[:32], Seeds: names[:3]}, Deck: engine.FormatCards(deck)}),
		} {
			r := bot.RichOf(v)
			if platform == "telegram" {
				tg := view.HTML(r, view.TelegramMax)
				if strings.HasSuffix(tg, view.Ellipsis) || !strings.Contains(tg, "&lt;&amp;&gt;*_") {
					t.Errorf("%s %s: Telegram's form was cut or not escaped (%d characters of text):\n%s", lang, v.Kind, view.Len16(r.Plain()), tg)
				}
				t.Logf("%s %s: Telegram HTML %d characters of text, %d bytes", lang, v.Kind, view.Len16(r.Plain()), len(tg))
				continue
			}
			e := view.DiscordEmbed(r)
			var cut []string
			if strings.HasSuffix(e.Description, view.Ellipsis) {
				cut = append(cut, "description")
			}
			for i, f := range e.Fields {
				if strings.HasSuffix(f.Value, view.Ellipsis) {
					cut = append(cut, fmt.Sprintf("field %d", i))
				}
			}
			all := e.Description
			for _, f := range e.Fields {
				all += f.Value
			}
			if len(cut) > 0 || e.Len() > view.DiscordEmbedTotalMax || !strings.Contains(all, `\<&\>\*\_`) {
				t.Errorf("%s %s: Discord's embed was cut (%v), too long (%d characters) or not escaped", lang, v.Kind, cut, e.Len())
			}
			t.Logf("%s %s: Discord embed %d characters, %d fields", lang, v.Kind, e.Len(), len(e.Fields))
		}
	}
}

// R-POT-7, R-BET-9: when a hand with side pots is over, the table
// message's pot line shows the pots as awarded, rake deducted like the
// total, so that the parts add up to it ("Pot: 369 (243 + 136)" was the
// total after the rake beside the pots before it).
func TestThePotsShownAddUpToThePotAfterTheRake(t *testing.T) {
	nl := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 1, BigBlind: 2, Rake: engine.Rake{Percent: 5, Cap: 10}}
	h := viewHand(t, nl, []int64{30, 100, 100}, 3, []engine.ActionKind{engine.AllIn, engine.AllIn, engine.Call})
	snap := h.Snapshot()
	if !snap.Over || snap.Rake == 0 || len(snap.Pots) < 2 {
		t.Fatalf("want a raked hand over with side pots: over %v, rake %d, %d pots", snap.Over, snap.Rake, len(snap.Pots))
	}
	spect := snap.For(-1)
	seats := []sceneSeat{{Name: "Ana", Stack: 30}, {Name: "Ben", Stack: 100}, {Name: "Cy", Stack: 100}}
	v := renderTable(tableScene{Lang: bot.English, Label: "#1", Title: "Test 1/2", HandNo: 1, Seats: seats, Snap: &spect, Order: []int{0, 1, 2}})
	var total, a, b int64
	line := ""
	for _, l := range strings.Split(v.Text, "\n") {
		if strings.HasPrefix(l, "Pot: ") {
			line = l
		}
	}
	if _, err := fmt.Sscanf(line, "Pot: %d (%d + %d)", &total, &a, &b); err != nil {
		t.Fatalf("pot line %q: %v\n%s", line, err, v.Text)
	}
	if a+b != total || total != snap.Total {
		t.Errorf("pot line %q: the pots add up to %d, the total shown is %d (the hand's %d, rake %d)", line, a+b, total, snap.Total, snap.Rake)
	}
}

// The last actions keep exactly the events the table message puts in
// words: shownEvent and eventText agree on every kind of event.
func TestShownEventsAreTheOnesPutInWords(t *testing.T) {
	for k := engine.EventKind(0); k < 64; k++ {
		if strings.HasPrefix(k.String(), "EventKind(") {
			continue // not a kind
		}
		e := engine.Event{Kind: k, Amount: 5, Cards: []engine.Card{0}}
		if words := eventText(e, "Ana", bot.English) != ""; words != shownEvent(k) {
			t.Errorf("%s: put in words %v, kept as a last action %v", k, words, shownEvent(k))
		}
	}
}

// A last line keeps its event's cards: the engine reuses a hand's log and
// its cards for the next hand, while a version of the table message may be
// rendered later.
func TestALastLineKeepsItsCards(t *testing.T) {
	cards := []engine.Card{0, 1, 2}
	e := engine.Event{Kind: engine.EvDealBoard, Cards: cards}
	l := eventLine(&e, "")
	want := l.words(bot.English)
	cards[0], e.Kind = 51, engine.EvFold
	if got := l.words(bot.English); got != want || !strings.Contains(got, engine.FormatSymbols([]engine.Card{0, 1, 2})) {
		t.Errorf("after the next hand reused the cards: %q, want %q", got, want)
	}
}
