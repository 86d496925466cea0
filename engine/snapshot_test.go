package engine_test

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
)

func TestSnapshotPreflop(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{500, 500, 500}, 0, []string{"AsAh", "KsKh", "QsQh"})
	s := tb.h.Snapshot()
	if s.Button != 0 || s.SmallBlind != 1 || s.BigBlind != 2 || s.Straddle != -1 || s.ToAct != 0 {
		t.Fatalf("positions: %+v", s)
	}
	if s.Street != engine.Preflop || len(s.Boards) != 1 || len(s.Boards[0]) != 0 || s.Total != 15 {
		t.Fatalf("street %v boards %v total %d", s.Street, s.Boards, s.Total)
	}
	want := []struct {
		stack, bet int64
		status     engine.SeatStatus
	}{{500, 0, engine.SeatActing}, {495, 5, engine.SeatActive}, {490, 10, engine.SeatActive}}
	for i, w := range want {
		v := s.Seats[i]
		if v.Stack != w.stack || v.Bet != w.bet || v.Status != w.status || len(v.Hole) != 2 {
			t.Fatalf("seat %d: %+v, want %+v", i, v, w)
		}
	}
	if s.Legal.Seat != 0 || s.Legal.CallAmount != 10 || !s.Legal.CanRaise {
		t.Fatalf("legal %+v", s.Legal)
	}
	if len(s.Pots) != 1 || s.Pots[0].Amount != 15 || len(s.Pots[0].Eligible) != 3 {
		t.Fatalf("pots %+v", s.Pots)
	}
}

// R-BET-9: a snapshot mid-hand shows the side pots as they stand.
func TestSnapshotSidePotsInProgress(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{50, 500, 500}, 0, nil)
	tb.do("0 allin", "1 raise 200")
	s := tb.h.Snapshot()
	if s.ToAct != 2 || s.Seats[0].Status != engine.SeatAllIn || s.Seats[2].Status != engine.SeatActing {
		t.Fatalf("statuses %+v", s.Seats)
	}
	// Main pot 50 + 50 + 10 = 110 (the big blind's 10 under the all-in
	// level), side 150 from seat 1 alone so far.
	if len(s.Pots) != 2 || s.Pots[0].Amount != 110 || len(s.Pots[0].Eligible) != 3 || s.Pots[1].Amount != 150 {
		t.Fatalf("pots %+v", s.Pots)
	}
	if s.Total != 260 {
		t.Fatalf("total %d", s.Total)
	}
}

// R-POT-5: a hi/lo showdown: the snapshot carries the shown hands with
// their high and low values and the awards, described without evaluating.
func TestSnapshotShowdownHiLo(t *testing.T) {
	tb := deal(t, omaha8(5, 10), []int64{100, 100}, 0, []string{"As 2d Kh Kd", "Qc Qh 9c 9d"}, "Kc 3s 5h 8d Qs")
	tb.do("0 allin", "1 call")
	s := tb.h.Snapshot()
	if !s.Over || s.ToAct != -1 || len(s.Shown) != 2 {
		t.Fatalf("over %v to act %d shown %+v", s.Over, s.ToAct, s.Shown)
	}
	byseat := map[int]engine.ShownHand{}
	for _, sh := range s.Shown {
		byseat[sh.Seat] = sh
	}
	if d := byseat[0].High.Describe("en"); !strings.Contains(d, "Three of a kind") {
		t.Fatalf("seat 0 high %q", d)
	}
	if !byseat[0].HasLow || byseat[1].HasLow {
		t.Fatalf("lows: %+v", s.Shown)
	}
	var awarded int64
	for _, p := range s.Pots {
		for _, a := range p.Awards {
			awarded += a.Amount
		}
	}
	if awarded != 200 {
		t.Fatalf("awards %d", awarded)
	}
	if _, err := json.Marshal(s); err != nil {
		t.Fatal(err)
	}
}

func TestSnapshotDraw(t *testing.T) {
	tb := dealDraw(t, drawCfg(), []int64{200, 200, 200}, 0,
		[]string{"9s 9h 2c 5d Kc", "Qs Qh 3c 4d 8c", "As Ks 7h 6h 2d"},
		[]string{"Qd 3s 4s", "Qc 3h 4h", "Ah Ad 3d"})
	s := tb.h.Snapshot()
	if s.Game != engine.Draw || len(s.Seats[0].Hole) != 5 || s.Seats[0].Drew != -1 {
		t.Fatalf("draw snapshot %+v", s.Seats[0])
	}
}

// Nobody but the owner sees a hole card before it is shown: over many
// random hands in every game, a spectator's snapshot and events hold no
// unshown hole card, and each player's hold their own.
func TestRedactionHidesUnshownCards(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for k := 0; k < 600; k++ {
		game := []engine.Game{engine.Holdem, engine.Omaha, engine.OmahaHiLo5, engine.Draw}[k%4]
		setup := randomAnteTable(rng, game)
		h, err := engine.Start(setup)
		if err != nil {
			t.Fatal(err)
		}
		buf := make([]byte, 2048)
		for i := range buf {
			buf[i] = byte(rng.Uint32())
		}
		p := &enginetest.Player{Src: &enginetest.Bytes{B: buf}}
		for steps := 0; ; steps++ {
			checkRedacted(t, h, len(setup.Seats))
			if h.Done() {
				break
			}
			if _, err := h.Apply(p.Action(h)); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func checkRedacted(t *testing.T, h *engine.Hand, n int) {
	t.Helper()
	full := h.Snapshot()
	if !full.Over {
		var sum int64
		for _, p := range full.Pots {
			sum += p.Amount
		}
		if sum != full.Total {
			t.Fatalf("pots %+v hold %d, the middle %d", full.Pots, sum, full.Total)
		}
	}
	for viewer := -1; viewer < n; viewer++ {
		s := full.For(viewer)
		var seen engine.CardSet
		for _, e := range engine.Redact(h.Events(), viewer) {
			switch e.Kind {
			case engine.EvDealHole, engine.EvDiscard, engine.EvDrawCards:
				if e.Seat != viewer && len(e.Cards) > 0 {
					t.Fatalf("viewer %d sees %v of seat %d", viewer, e.Kind, e.Seat)
				}
			}
			if e.Kind != engine.EvShow {
				for _, c := range e.Cards {
					seen = seen.Add(c)
				}
			}
		}
		for i, v := range s.Seats {
			switch {
			case i == viewer || full.Seats[i].Shown:
				if len(v.Hole) != len(full.Seats[i].Hole) {
					t.Fatalf("viewer %d: seat %d's own or shown cards missing", viewer, i)
				}
			case v.Hole != nil:
				t.Fatalf("viewer %d sees seat %d's hole cards %v", viewer, i, v.Hole)
			}
			// No unshown card of another seat leaks through the events
			// (in draw, a player may be dealt a card the viewer threw).
			if i != viewer && !full.Seats[i].Shown && full.Game != engine.Draw {
				for _, c := range full.Seats[i].Hole {
					if seen.Has(c) && !onBoard(full, c) {
						t.Fatalf("viewer %d: seat %d's %v is in the redacted events", viewer, i, c)
					}
				}
			}
		}
		if viewer != full.ToAct && (s.Legal != engine.Legal{Seat: full.Legal.Seat}) {
			t.Fatalf("viewer %d sees the acting player's options %+v", viewer, s.Legal)
		}
	}
}

func onBoard(s engine.Snapshot, c engine.Card) bool {
	for _, b := range s.Boards {
		for _, x := range b {
			if x == c {
				return true
			}
		}
	}
	return false
}
