package engine_test

import (
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

// R-POT-1: cards speak: the best hand wins whatever was said; identical
// hands split.
func TestBestHandWinsAndEqualHandsSplit(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{200, 200, 200}, 0, []string{"2c3d", "AsAh", "7h7d"}, "Ac Kd 9s 4c Jh")
	tb.do("0 call", "1 call", "2 check")
	tb.checkDown()
	wantStacks(t, tb.h, 190, 220, 190)
	// The board plays for everyone: a three-way split.
	tb = deal(t, nlhe(5, 10), []int64{200, 200, 200}, 0, []string{"2c3d", "4h2d", "3c4d"}, "As Ks Qs Js Ts")
	tb.do("0 call", "1 call", "2 check")
	tb.checkDown()
	wantStacks(t, tb.h, 200, 200, 200)
}

// R-POT-2: with a bet on the river the last aggressor shows first; losing
// hands after the first are mucked.
func TestShowdownOrderLastAggressorFirst(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{500, 500, 500}, 0, []string{"AsAh", "2c3d", "KsKh"}, "Ac 8d 9s 4c Jh")
	tb.do("0 call", "1 call", "2 check")
	tb.do("1 check", "2 check", "0 check", "1 check", "2 check", "0 check", "1 check", "2 bet 20", "0 call", "1 call")
	var order []string
	for _, e := range tb.h.Events() {
		switch e.Kind {
		case engine.EvShow:
			order = append(order, "show "+itoa(int64(e.Seat)))
		case engine.EvMuck:
			order = append(order, "muck "+itoa(int64(e.Seat)))
		}
	}
	want := []string{"show 2", "show 0", "muck 1"}
	if len(order) != 3 || order[0] != want[0] || order[1] != want[1] || order[2] != want[2] {
		t.Fatalf("showdown %v, want %v", order, want)
	}
}

// R-POT-2: with no bet on the river the first player left of the button
// shows first.
func TestShowdownOrderNoBetStartsLeftOfButton(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{500, 500, 500}, 0, []string{"AsAh", "2c3d", "KsKh"}, "Ac 8d 9s 4c Jh")
	tb.do("0 call", "1 call", "2 check")
	tb.checkDown()
	shows := append(eventsOf(tb.h.Events(), engine.EvShow), eventsOf(tb.h.Events(), engine.EvMuck)...)
	if len(shows) != 3 || shows[0].Seat != 1 || shows[0].Kind != engine.EvShow {
		t.Fatalf("first to show: %+v, want seat 1", shows)
	}
	// Seat 2 loses to nothing shown yet? It loses to seat 0: mucked.
	for _, e := range eventsOf(tb.h.Events(), engine.EvMuck) {
		if e.Seat != 2 {
			t.Fatalf("muck %+v, want only seat 2", e)
		}
	}
}

// R-POT-2: all-in hands are turned face up as soon as no more betting is
// possible, before the rest of the board.
func TestAllInHandsFaceUpBeforeTheRunOut(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{100, 100}, 0, []string{"AsAh", "KsKh"}, "2c 7d 9h Jc 3s")
	evs := tb.do("0 allin", "1 call")
	firstShow, firstBoard := -1, -1
	for i, e := range evs {
		if e.Kind == engine.EvShow && firstShow < 0 {
			firstShow = i
		}
		if e.Kind == engine.EvDealBoard && firstBoard < 0 {
			firstBoard = i
		}
	}
	if firstShow < 0 || firstBoard < 0 || firstShow > firstBoard || len(eventsOf(evs, engine.EvShow)) != 2 {
		t.Fatalf("events %v: both hands must be shown before the board", kinds(evs))
	}
}

// R-POT-2: a losing all-in hand is turned up, not mucked.
func TestLosingAllInHandIsShown(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{500, 500, 100}, 0, []string{"AsAh", "2c3d", "KsKh"}, "Ac 8d 9s 4c Jh")
	tb.do("0 call", "1 call", "2 check")
	tb.do("1 check", "2 check", "0 check", "1 check", "2 check", "0 check", "1 check", "2 allin", "0 call", "1 fold")
	shows := eventsOf(tb.h.Events(), engine.EvShow)
	if len(shows) != 2 || shows[0].Seat != 2 || shows[1].Seat != 0 || len(eventsOf(tb.h.Events(), engine.EvMuck)) != 0 {
		t.Fatalf("shows %+v", shows)
	}
	// The bettor shows first and wins; the all-in caller is shown anyway.
	tb = deal(t, nlhe(5, 10), []int64{500, 40, 500}, 0, []string{"AsAh", "2c3d", "KsKh"}, "Ac 8d 9s 4c Jh")
	tb.do("0 call", "1 call", "2 check")
	tb.do("1 check", "2 check", "0 check", "1 check", "2 check", "0 check", "1 check", "2 check", "0 bet 50", "1 call", "2 fold")
	if shows := eventsOf(tb.h.Events(), engine.EvShow); len(shows) != 2 || shows[0].Seat != 0 || shows[1].Seat != 1 {
		t.Fatalf("the losing all-in (seat 1) must be shown: %+v", shows)
	}
}

// R-POT-3: a player whose bet is not called wins without showing.
func TestUncalledBetWinsWithoutShowing(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{500, 500, 500}, 0, nil)
	tb.do("0 raise 30", "1 fold", "2 fold")
	if !tb.h.Done() || len(eventsOf(tb.h.Events(), engine.EvShow)) != 0 {
		t.Fatalf("events %v", kinds(tb.h.Events()))
	}
	wantStacks(t, tb.h, 515, 495, 490)
}

// R-POT-4: odd chips go to the winners first left of the button, one each
// (seed 002); with OddChipsToFirst all of them to the first.
func TestOddChipsLeftOfTheButton(t *testing.T) {
	for _, first := range []bool{false, true} {
		cfg := nlhe(5, 10)
		cfg.OddChipsToFirst = first
		tb := deal(t, cfg, []int64{100, 100, 100, 100}, 0, []string{"2c3d", "4h2d", "3c4d", "5c6c"}, "As Ks Qs Js Ts")
		tb.do("3 allin", "0 allin", "1 fold", "2 call")
		// Pot 305 among seats 0, 2 and 3: 101 each and two odd chips.
		if first {
			wantStacks(t, tb.h, 101, 95, 103, 101)
		} else {
			wantStacks(t, tb.h, 101, 95, 102, 102)
		}
	}
}

func omaha8(sb, bb int64) engine.Config {
	return engine.Config{Game: engine.OmahaHiLo, Betting: engine.NoLimit, SmallBlind: sb, BigBlind: bb}
}

// R-POT-5 and R-POT-4: a hi/lo pot is halved between the best high and the
// best qualifying low; the odd chip goes to the high half.
func TestHiLoSplitOddChipToHigh(t *testing.T) {
	tb := deal(t, omaha8(5, 10), []int64{100, 100, 100}, 0,
		[]string{"As 3d Qh Qd", "2h 2s 3c 3h", "Kd Kh 9c 9d"}, "2c 5d 7h Kc Ks")
	tb.do("0 raise 30", "1 fold", "2 call")
	tb.do("2 bet 70", "0 call")
	// Pot 205: high 103 to seat 2 (four kings), low 102 to seat 0 (7-5-3-2-A).
	wantStacks(t, tb.h, 102, 95, 103)
	for _, e := range eventsOf(tb.h.Events(), engine.EvAward) {
		if (e.Seat == 0) != e.Low {
			t.Fatalf("award %+v: the low half goes to seat 0", e)
		}
	}
}

// R-POT-5: with no qualifying low the high takes the whole pot; tied lows
// share the low half.
func TestHiLoNoLowScoopsAndTiedLowsShare(t *testing.T) {
	tb := deal(t, omaha8(5, 10), []int64{100, 100}, 0, []string{"As 3d Qh Qd", "Kd Kh 9c 9d"}, "Kc Ks 9h 8d 7s")
	tb.do("0 allin", "1 call")
	wantStacks(t, tb.h, 0, 200)
	// Both make 5-4-3-2-A; seat 1 has the better high (a 7-high straight): it gets three quarters.
	tb = deal(t, omaha8(5, 10), []int64{200, 200}, 0, []string{"As 2d Js Jd", "Ah 2h 6d 7d"}, "3c 4d 5h Kc Qs")
	tb.do("0 allin", "1 call")
	wantStacks(t, tb.h, 100, 300)
}

// R-POT-6: a cash table marked "twice" deals the rest of the board twice when
// players are all in; each pot is split in halves, one per board. Never in
// tournaments, never in fixed limit.
func TestRunItTwice(t *testing.T) {
	cfg := nlhe(5, 10)
	cfg.RunItTwice = true
	holes := []string{"AsAh", "KsKh"}
	tb := deal(t, cfg, []int64{100, 100}, 0, holes, "2c 7d 9h Jc 3s", "Kd 7c 2h 4s 9d")
	evs := tb.do("0 allin", "1 call")
	boards := eventsOf(evs, engine.EvDealBoard)
	if len(boards) != 6 || boards[3].Board != 1 {
		t.Fatalf("want two run-outs, got %+v", boards)
	}
	if got := engine.FormatCards(tb.h.Board(1)); got != "Kd 7c 2h 4s 9d" {
		t.Fatalf("second board %s", got)
	}
	wantStacks(t, tb.h, 100, 100) // aces win the first board, kings the second
	// After the flop the common cards are shared.
	tb = deal(t, cfg, []int64{100, 100}, 0, holes, "2c 7d 9h Jc 3s", "2c 7d 9h Kd 4s")
	tb.do("0 call", "1 check", "1 bet 20", "0 allin", "1 call")
	if got := engine.FormatCards(tb.h.Board(1)); got != "2c 7d 9h Kd 4s" {
		t.Fatalf("second board %s", got)
	}
	wantStacks(t, tb.h, 100, 100)
	for _, c := range []engine.Config{
		{Game: engine.Holdem, SmallBlind: 5, BigBlind: 10, RunItTwice: true, Tournament: true},
		{Game: engine.Holdem, Betting: engine.FixedLimit, SmallBlind: 5, BigBlind: 10, RunItTwice: true},
	} {
		tb = deal(t, c, []int64{20, 20}, 0, holes, "2c 7d 9h Jc 3s", "Kd 7c 2h 4s 9d")
		tb.do("0 allin", "1 call")
		if n := len(eventsOf(tb.h.Events(), engine.EvDealBoard)); n != 3 {
			t.Fatalf("%+v: %d board deals, want one board", c, n)
		}
	}
}

// R-POT-7: rake on cash tables: a percent of the pot counting only called
// bets, capped, by whole steps when set; no flop, no drop; none in
// tournaments.
func TestRake(t *testing.T) {
	cfg := nlhe(5, 10)
	cfg.Rake = engine.Rake{Percent: 5, Cap: 3}
	// Pot 100 at showdown: 5 % is 5, capped at 3.
	tb := deal(t, cfg, []int64{50, 50}, 0, []string{"AsAh", "KsKh"}, "2c 7d 9h Jc 3s")
	tb.do("0 allin", "1 call")
	if tb.h.RakeTaken() != 3 || tb.h.Result().Rake != 3 {
		t.Fatalf("rake %d, want 3", tb.h.RakeTaken())
	}
	wantStacks(t, tb.h, 97, 0)
	rake := eventsOf(tb.h.Events(), engine.EvRake)
	if len(rake) != 1 || rake[0].Amount != 3 {
		t.Fatalf("rake events %+v", rake)
	}
	// No flop, no drop.
	tb = deal(t, cfg, []int64{500, 500}, 0, nil)
	tb.do("0 raise 100", "1 call")
	tb = deal(t, cfg, []int64{500, 500}, 0, nil)
	tb.do("0 raise 100", "1 fold")
	if tb.h.RakeTaken() != 0 {
		t.Fatalf("rake %d before the flop", tb.h.RakeTaken())
	}
	// Only called bets: the uncalled 200 goes back first; 40 in the pot: 2.
	cfg.Rake.Cap = 0
	tb = deal(t, cfg, []int64{500, 500}, 0, nil)
	tb.do("0 call", "1 raise 20", "0 call", "1 bet 200", "0 fold")
	if tb.h.RakeTaken() != 2 {
		t.Fatalf("rake %d, want 2 (5%% of the 40 called)", tb.h.RakeTaken())
	}
	// By steps of 20: a pot of 88 is raked as 80.
	cfg.Rake.Step = 20
	tb = deal(t, cfg, []int64{500, 500, 500}, 0, nil)
	tb.do("0 call", "1 call", "2 check")
	tb.do("1 bet 29", "2 fold", "0 call", "1 check", "0 check", "1 check", "0 check")
	if tb.h.RakeTaken() != 4 {
		t.Fatalf("rake %d on a pot of 88, want 4 (5%% of 80)", tb.h.RakeTaken())
	}
	// The seed's default: 5%, at most 10.
	cfg.Rake = engine.DefaultRake()
	tb = deal(t, cfg, []int64{500, 500}, 0, []string{"AsAh", "KsKh"}, "2c 7d 9h Jc 3s")
	tb.do("0 allin", "1 call")
	if tb.h.RakeTaken() != 10 {
		t.Fatalf("default rake on 1000: %d, want the cap 10", tb.h.RakeTaken())
	}
	cfg.Tournament = true
	tb = deal(t, cfg, []int64{50, 50}, 0, []string{"AsAh", "KsKh"}, "2c 7d 9h Jc 3s")
	tb.do("0 allin", "1 call")
	if tb.h.RakeTaken() != 0 {
		t.Fatal("no rake in tournaments")
	}
}

// killedHandScenario: seat 3 is all in for 21 with the worst hand, seat 2
// folds after putting in 40, seats 0 and 4 tie with ace-king high. The main
// pot (89: the small blind's 5 and 21 from each of four) and the side pot
// (117) are both odd.
func killedHandScenario(t *testing.T, x extra, cfg engine.Config) *table {
	t.Helper()
	tb := dealX(t, x, cfg, []int64{200, 100, 200, 21, 200}, 0,
		[]string{"AsKd", "7h8h", "9s9d", "2c3d", "AhKc"}, "Qc Jd 7s 6h 4c")
	tb.do("3 allin", "4 call", "0 call", "1 fold", "2 raise 40", "4 call", "0 call")
	tb.do("2 check", "4 bet 30", "0 call", "2 fold")
	tb.checkDown()
	return tb
}

// R-POT-4: the room splits each pot on its own, one odd chip each to the
// winners nearest the button's left (seat 4 here), so seat 4 gets the odd
// chip of both pots. Under PokerKitRules the losing all-in hand is killed
// before the chips are pushed; without its level the two pots merge into one
// of 206, split evenly, as PokerKit 0.7.4 does.
func TestPokerKitKilledHandsMergeThePots(t *testing.T) {
	for _, tt := range []struct {
		name     string
		pokerKit bool
		want     []int64
		pots     int
	}{
		{"room rules (R-POT-4)", false, []int64{232, 95, 160, 0, 234}, 2},
		{"PokerKit", true, []int64{233, 95, 160, 0, 233}, 1},
	} {
		t.Run(tt.name, func(t *testing.T) {
			x := extra{}
			if tt.pokerKit {
				x.replay = engine.PokerKitRules
			}
			tb := killedHandScenario(t, x, nlhe(5, 10))
			wantStacks(t, tb.h, tt.want...)
			pots := tb.h.Result().Pots
			if len(pots) != tt.pots {
				t.Fatalf("pots %+v, want %d", pots, tt.pots)
			}
			if tt.pokerKit && (pots[0].Amount != 206 || len(pots[0].Eligible) != 2) {
				t.Fatalf("pot %+v, want 206 for seats 0 and 4", pots[0])
			}
		})
	}
}

// hiLoSidePotWithoutLow: seat 3 (all in for 30) holds the only low, seat 0
// (all in for 100) four kings, seat 1 two pair and the most chips; seat 2
// folds on the flop after putting in 250. The main pot (120) has a low; the
// first side pot (210, seats 0 and 1) has none; the second (300) is seat 1's
// alone.
func hiLoSidePotWithoutLow(t *testing.T, x extra, cfg engine.Config) *table {
	t.Helper()
	tb := dealX(t, x, cfg, []int64{100, 500, 500, 30}, 0,
		[]string{"Kd Kh 9c 9d", "Qs Qd Jc Tc", "8s 8h 6s 4d", "As 3d Qh Jd"}, "2c 5d 7h Kc Ks")
	tb.do("3 allin", "0 allin", "1 call", "2 raise 250", "1 call")
	tb.do("1 bet 50", "2 fold")
	tb.checkDown()
	return tb
}

// R-POT-5: a pot where no eligible hand qualifies for low goes whole to the
// high hand, even when another player at the table has a low. PokerKit
// splits it high/low because someone at the table has a low, and shares the
// low half among the pot's players, "no low" tying with "no low" (the odd
// chip to the first left of the button, seat 1).
func TestPokerKitSharesTheLowHalfOfAPotWithoutLow(t *testing.T) {
	for _, tt := range []struct {
		name     string
		pokerKit bool
		want     []int64
	}{
		// Main: 60 high to seat 0, 60 low to seat 3; side 210 to seat 0;
		// seat 1's own 300 back.
		{"room rules (R-POT-5)", false, []int64{270, 550, 250, 60}},
		// Side 210: high 105 to seat 0, low 105 shared by seats 0 and 1
		// (52 and 53).
		{"PokerKit", true, []int64{217, 603, 250, 60}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			x := extra{}
			if tt.pokerKit {
				x.replay = engine.PokerKitRules
			}
			wantStacks(t, hiLoSidePotWithoutLow(t, x, omaha8(5, 10)).h, tt.want...)
		})
	}
}

// R-POT-5 holds under PokerKitRules too when nobody at the table has a
// low: high is then the only hand type and takes every pot; and the odd
// chip of a hi/lo split still goes to the high half (R-POT-4, PokerKit's
// first hand type).
func TestPokerKitHiLoWithoutAnyLowAndOddChip(t *testing.T) {
	cfg := omaha8(5, 10)
	pk := extra{replay: engine.PokerKitRules}
	tb := dealX(t, pk, cfg, []int64{100, 100}, 0, []string{"As 3d Qh Qd", "Kd Kh 9c 9d"}, "Kc Ks 9h 8d 7s")
	tb.do("0 allin", "1 call")
	wantStacks(t, tb.h, 0, 200)
	tb = dealX(t, pk, cfg, []int64{100, 100, 100}, 0,
		[]string{"As 3d Qh Qd", "2h 2s 3c 3h", "Kd Kh 9c 9d"}, "2c 5d 7h Kc Ks")
	tb.do("0 raise 30", "1 fold", "2 call")
	tb.do("2 bet 70", "0 call")
	wantStacks(t, tb.h, 102, 95, 103)
}
