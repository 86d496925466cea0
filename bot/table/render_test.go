package table

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"

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
// English and Spanish, golden-file tested (go test ./bot -update rewrites
// testdata/views.golden). The table message shows only what a spectator
// may see.
func TestViewsGolden(t *testing.T) {
	const path = "testdata/views.golden"
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
	}
	var b strings.Builder
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
			fmt.Fprintf(&b, "=== %s (%s)\n", tc.name, lang)
			v := renderTable(tableScene{Lang: lang, Label: "#1", Title: "Test 1/2", HandNo: 7, Seats: seats, Snap: &spect, Order: order,
				Left: 25 * time.Second, Phase: "timer", Last: []string{"Ana raises to 4"}})
			b.WriteString(v.Text + "\n")
			if !full.Over && full.ToAct >= 0 {
				for _, bs := range actionButtons(full.Legal, h.Bet(full.ToAct)+full.Legal.CallAmount, lang) {
					fmt.Fprintf(&b, "[%s: %s] ", bs.label, bs.command)
				}
				b.WriteString("\n")
			}
			if full.Over {
				b.WriteString(renderSummary(summaryScene{Lang: lang, Label: "#1", Title: "Test 1/2", HandNo: 7, Snap: spect, Result: h.Result(), Names: names}).Text + "\n")
			}
			// No hole card that was not shown appears in the group's views.
			for k, sv := range full.Seats {
				if sv.Shown {
					continue
				}
				for _, c := range sv.Hole {
					if strings.Contains(b.String(), " "+c.String()+" ") && !full.Over {
						t.Errorf("%s: seat %d's card %v in a view", tc.name, k, c)
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
			fmt.Fprintf(&b, "=== %s (%s)\n", c.name, lang)
			v := renderTable(tableScene{Lang: lang, Label: "#1", Title: "Test 1/2", HandNo: 7, Seats: seats, Snap: &spect, Order: c.order,
				Left: 25 * time.Second, Phase: "timer", Button: c.button})
			b.WriteString(v.Text + "\n")
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
		fmt.Fprintf(&b, "=== provable deck (%s)\n", lang)
		seats := []sceneSeat{{Name: "Ana", Stack: 100}, {Name: "Ben", Stack: 100}}
		v := renderTable(tableScene{Lang: lang, Label: "#1", Title: "Test 1/2", HandNo: 7, Seats: seats, Snap: &fsnap, Order: []int{0, 1},
			Commitment: commit, Next: next, Seeds: 2})
		b.WriteString(v.Text + "\n")
		v = renderTable(tableScene{Lang: lang, Label: "#1", Title: "Test 1/2", Seats: seats, Commitment: next})
		b.WriteString(v.Text + "\n")
		b.WriteString(renderSummary(summaryScene{Lang: lang, Label: "#1", Title: "Test 1/2", HandNo: 7, Snap: fsnap, Result: fh.Result(),
			Names: []string{"Ana", "Ben"}, Fair: fair, Deck: "As Kd Qh"}).Text + "\n")
	}
	got := b.String()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./bot -run TestViewsGolden -update writes it)", err)
	}
	if got != string(want) {
		t.Errorf("views differ from %s (rerun with -update and review the diff):\n%s", path, got)
	}
}
