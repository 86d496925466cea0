package phh

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
)

// roundTrip writes a replayed hand from its engine events, parses it back
// and replays it again.
func roundTrip(t *testing.T, r *Result, table string) (string, *Hand, Result) {
	t.Helper()
	var buf bytes.Buffer
	rec := Record{Setup: r.Setup, Events: r.Engine.Events(), Meta: r.Hand.Meta, Table: table}
	if err := Write(&buf, rec); err != nil {
		t.Fatalf("%s: Write: %v", r.Hand.Label(), err)
	}
	name := "written.phh"
	if table != "" {
		name += "s"
	}
	hands, err := ParseFile(name, buf.Bytes())
	if err != nil || len(hands) != 1 {
		t.Fatalf("%s: written hand does not parse (%v):\n%s", r.Hand.Label(), err, buf.String())
	}
	return buf.String(), hands[0], Replay(hands[0])
}

// TestWriteRoundTripsTheCorpus writes every replayed hand of the corpus back
// as PHH from the engine's events, reads it and replays it: the second replay
// produces the same events and stacks, and a finished hand's written
// finishing_stacks are the engine's stacks.
func TestWriteRoundTripsTheCorpus(t *testing.T) {
	_, results, _ := readCorpus(t)
	n := 0
	for _, res := range results {
		if res.Hand == nil {
			continue
		}
		r0 := Replay(res.Hand) // the runner's results share one engine hand
		r := &r0
		if r.Engine == nil {
			continue
		}
		n++
		text, h2, r2 := roundTrip(t, r, r.Hand.Name)
		if r2.Engine == nil || r2.Refused != nil {
			t.Fatalf("%s: written hand does not replay: %s\n%s", r.Hand.Label(), r2.Report(), text)
		}
		if !reflect.DeepEqual(r2.Actual, r.Actual) || !sameEvents(r2.Engine.Events(), r.Engine.Events()) {
			t.Fatalf("%s: round trip differs: stacks %v then %v\n%s", r.Hand.Label(), r.Actual, r2.Actual, text)
		}
		if r.Engine.Done() {
			if r2.Status != Match || h2.FinishingStacks == nil {
				t.Fatalf("%s: written hand replays as %s: %s\n%s", r.Hand.Label(), r2.Status, r2.Report(), text)
			}
		} else if h2.FinishingStacks != nil {
			t.Fatalf("%s: unfinished hand written with finishing stacks\n%s", r.Hand.Label(), text)
		}
		if r.Status == Match && !r.HalfChip && r.Hand.FinishingStacks != nil && !reflect.DeepEqual(h2.FinishingStacks, r.Hand.FinishingStacks) {
			t.Fatalf("%s: finishing stacks %v, the original %v", r.Hand.Label(), h2.FinishingStacks, r.Hand.FinishingStacks)
		}
	}
	if n < 8900 {
		t.Errorf("round-tripped %d hands, want the whole corpus", n)
	}
}

func sameEvents(a, b []engine.Event) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if x.Kind != y.Kind || x.Seat != y.Seat || x.Amount != y.Amount || x.Street != y.Street ||
			x.AllIn != y.AllIn || x.Pot != y.Pot || x.Low != y.Low || x.Board != y.Board || !reflect.DeepEqual(x.Cards, y.Cards) {
			return false
		}
	}
	return true
}

func TestWriteHeadsUpReversesTheForcedBets(t *testing.T) {
	// Heads-up: the button (engine seat 1 here) posts the small blind; in PHH
	// p1 is the big blind and the arrays are written reversed.
	h, err := Parse("hu.phh", []byte("variant = 'NT'\nantes = [0, 3]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"+
		"starting_stacks = [50, 80]\nactions = ['d dh p1 AsAh', 'd dh p2 KsKh', 'p2 f']\nfinishing_stacks = [51, 79]\n"))
	if err != nil {
		t.Fatal(err)
	}
	r := Replay(h)
	if r.Status != Match {
		t.Fatalf("replay: %s", r.Report())
	}
	if c := r.Setup.Config; c.SmallBlind != 1 || c.BigBlind != 2 || c.BigBlindAnte != 3 || r.Setup.Button != 1 {
		t.Fatalf("setup = %+v", r.Setup)
	}
	text, _, r2 := roundTrip(t, &r, "")
	for _, want := range []string{"antes = [0, 3]", "blinds_or_straddles = [1, 2]", "starting_stacks = [50, 80]",
		`actions = ["d dh p1 AsAh", "d dh p2 KsKh", "p2 f"]`, "finishing_stacks = [51, 79]"} {
		if !strings.Contains(text, want) {
			t.Errorf("written hand lacks %q:\n%s", want, text)
		}
	}
	if r2.Status != Match {
		t.Errorf("rewritten hand: %s", r2.Report())
	}
}

func TestWriteRotatesSeatsFromTheButton(t *testing.T) {
	// Engine seats with the button at seat 1: PHH p1 is seat 2, p3 the button.
	cfg := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 5, BigBlind: 10}
	seats := []engine.Seat{{Stack: 100}, {Stack: 200}, {Stack: 300}}
	deck, err := engine.ArrangeDeck(cfg, 3, 1, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	eh, err := engine.New(cfg, seats, 1, deck)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []engine.Action{{Seat: 1, Kind: engine.Fold}, {Seat: 2, Kind: engine.Fold}} {
		if _, err := eh.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	var buf bytes.Buffer
	if err := Write(&buf, Record{Setup: Setup{Config: cfg, Seats: seats, Button: 1}, Events: eh.Events(), Table: "7"}); err != nil {
		t.Fatal(err)
	}
	hs, err := ParseHands("w.phhs", buf.Bytes())
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.String())
	}
	h := hs[0]
	if h.Name != "7" || !reflect.DeepEqual(h.StartingStacks, []float64{300, 100, 200}) ||
		!reflect.DeepEqual(h.FinishingStacks, []float64{295, 105, 200}) {
		t.Fatalf("written:\n%s", buf.String())
	}
	if got := h.Actions[len(h.Actions)-1].String(); got != "p1 f" {
		t.Errorf("last action %q, want p1 f (engine seat 2)", got)
	}
	if r := Replay(h); r.Status != Match {
		t.Errorf("replay of the written hand: %s", r.Report())
	}
}

func TestWriteRefusesWhatPHHCannotSay(t *testing.T) {
	holdem := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 1, BigBlind: 2}
	omahaNL := engine.Config{Game: engine.Omaha, Betting: engine.NoLimit, SmallBlind: 1, BigBlind: 2}
	tests := []struct {
		name   string
		rec    Record
		reason string
	}{
		{"no variant code", Record{Setup: Setup{Config: omahaNL, Seats: make([]engine.Seat, 2)}}, "no PHH variant code"},
		{"second board", Record{Setup: Setup{Config: holdem, Seats: make([]engine.Seat, 2)},
			Events: []engine.Event{{Kind: engine.EvDealBoard, Board: 1}}}, "run twice"},
		{"button out of range", Record{Setup: Setup{Config: holdem, Seats: make([]engine.Seat, 2), Button: 2}}, "button"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := Write(&bytes.Buffer{}, tt.rec)
			if err == nil || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("err = %v, want %q", err, tt.reason)
			}
		})
	}
}

func TestTOMLStringEscapes(t *testing.T) {
	h, err := Parse("m.phh", []byte(base+"actions = []\nauthor = "+tomlString("a \"quoted\"\\ name\n\x01")+"\n"))
	if err != nil || h.Meta.Author != "a \"quoted\"\\ name\n\x01" {
		t.Errorf("author = %q, %v", h.Meta.Author, err)
	}
}

// R-BET-2: the room posts a big blind before its big-blind ante (unless
// AntesFirst), PHH (PokerKit) the ante first. A tournament hand whose big
// blind is short of both (150 for a 100 blind and a 100 ante: blind 100,
// ante 50) is written with the ante it posted, so that the replay, posting
// the ante first, puts in the same chips and ends with the same stacks;
// before, the file said ante 100, the replay posted it and a blind of 50,
// and `pokerroom replay` reported the room's own export as a mismatch.
func TestWriteShortBigBlindAnteReplays(t *testing.T) {
	cfg := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 50, BigBlind: 100, BigBlindAnte: 100, Tournament: true}
	for seed := uint64(1); seed <= 60; seed++ {
		rng := rand.New(rand.NewPCG(seed, 11))
		seats := make([]engine.Seat, 2+rng.IntN(5))
		for i := range seats {
			seats[i].Stack = int64(500 + rng.IntN(2000))
		}
		button := rng.IntN(len(seats))
		_, bb := engine.BlindSeats(len(seats), button, false)
		seats[bb].Stack = int64(1 + rng.IntN(250)) // short of the blind and its ante
		var d [52]engine.Card
		deck := enginetest.FullDeck(&d)
		enginetest.Shuffle(deck, rng)
		setup := engine.Setup{Rules: cfg, Seats: seats, Button: button, Deck: deck}
		h, err := engine.Start(setup)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := (&enginetest.Player{Src: rng}).Play(h); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := Write(&buf, Record{Setup: Setup{Config: cfg, Seats: seats, Button: button, Deck: deck}, Events: h.Events()}); err != nil {
			t.Fatal(err)
		}
		hand, err := Parse("bba.phh", buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if r := Replay(hand); r.Status != Match {
			t.Fatalf("seed %d: big blind of %d: %s\n%s", seed, seats[bb].Stack, r.Report(), buf.String())
		}
	}
}

// R-SEAT-2, R-BET-2: in a tournament hand with a dead small blind the
// player left of the button posts the big blind, and its big-blind ante:
// the ante is written on that player (p1), not on p2, where the big blind
// sits when both blinds are posted. Before, the replay made p2 post it as an
// ante of its own and ended with other stacks, or refused an action.
func TestWriteDeadSmallBlindBigBlindAnteReplays(t *testing.T) {
	cfg := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 50, BigBlind: 100, BigBlindAnte: 100, Tournament: true}
	for seed := uint64(1); seed <= 40; seed++ {
		rng := rand.New(rand.NewPCG(seed, 13))
		seats := make([]engine.Seat, 3+rng.IntN(5))
		for i := range seats {
			seats[i].Stack = int64(50 + rng.IntN(2000))
		}
		button := rng.IntN(len(seats))
		var d [52]engine.Card
		deck := enginetest.FullDeck(&d)
		enginetest.Shuffle(deck, rng)
		setup := engine.Setup{Rules: cfg, Seats: seats, Button: button, Deck: deck, NoSmallBlind: true}
		h, err := engine.Start(setup)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := (&enginetest.Player{Src: rng}).Play(h); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		rec := Record{Setup: Setup{Config: cfg, Seats: seats, Button: button, Deck: deck, NoSmallBlind: true}, Events: h.Events()}
		if err := Write(&buf, rec); err != nil {
			t.Fatal(err)
		}
		hand, err := Parse("dead.phh", buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if r := Replay(hand); r.Status != Match {
			t.Fatalf("seed %d: %s\n%s", seed, r.Report(), buf.String())
		}
	}
}

// R-BET-5: the fixed-limit cap is a table option (a house cap, or none) and
// is lifted in a tournament's heads-up finale; PHH has no field for it, so a
// hand with more raises than the default cap was written and then refused
// by the replay. The cap is written in pokerroom's own field _raise_cap
// (-1: none), as the rake is, and read back.
func TestWrittenRaiseCapReplays(t *testing.T) {
	for _, cap := range []int{-1, 6} {
		cfg := engine.Config{Game: engine.Holdem, Betting: engine.FixedLimit, SmallBlind: 5, BigBlind: 10, RaiseCap: cap}
		seats := []engine.Seat{{Stack: 1000}, {Stack: 1000}}
		deck, err := engine.ArrangeDeck(cfg, 2, 0, nil, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		h, err := engine.New(cfg, seats, 0, deck)
		if err != nil {
			t.Fatal(err)
		}
		// Heads-up the button acts first: five raises before the call.
		for _, to := range []int64{20, 30, 40, 50, 60} {
			if _, err := h.Apply(engine.Action{Seat: h.ToAct(), Kind: engine.Raise, Amount: to}); err != nil {
				t.Fatalf("cap %d, raise to %d: %v", cap, to, err)
			}
		}
		if _, err := h.Apply(engine.Action{Seat: h.ToAct(), Kind: engine.Fold}); err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := Write(&buf, Record{Setup: Setup{Config: cfg, Seats: seats, Button: 0, Deck: deck}, Events: h.Events()}); err != nil {
			t.Fatal(err)
		}
		hand, err := Parse("cap.phh", buf.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if r := Replay(hand); r.Status != Match {
			t.Errorf("cap %d: %s\n%s", cap, r.Report(), buf.String())
		}
	}
}
