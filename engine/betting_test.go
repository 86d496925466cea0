package engine_test

import (
	"reflect"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
)

// R-BET-1: fold at any time (TDA 53), check only with nothing to call, bet only with no bet in
// the round, call, raise, all in.
func TestActionsAllowedOnlyWhenTheyMakeSense(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{500, 500, 500}, 0, nil)
	l := tb.h.Legal()
	if l.CanCheck || !l.CanFold || l.CanBet || !l.CanRaise || l.CallAmount != 10 {
		t.Fatalf("facing the big blind: %+v", l)
	}
	tb.refuse("0 check", engine.ErrCannotCheck)
	tb.refuse("0 bet 20", engine.ErrCannotBet)
	tb.do("0 call", "1 call")
	// The big blind may check, not call, and may raise.
	l = tb.h.Legal()
	if !l.CanCheck || !l.CanFold || l.CallAmount != 0 || !l.CanRaise {
		t.Fatalf("big blind option: %+v", l)
	}
	tb.refuse("2 call", engine.ErrCannotCall)
	tb.do("2 check")
	// Flop: no bet yet, so bet, not raise.
	l = tb.h.Legal()
	if !l.CanBet || l.CanRaise || !l.CanCheck {
		t.Fatalf("flop, first to act: %+v", l)
	}
	tb.refuse("1 raise 20", engine.ErrCannotRaise)
	tb.do("1 bet 20", "2 fold", "0 allin")
	evs := tb.do("1 call")
	if !tb.h.Done() {
		t.Fatal("hand not over after the all-in call")
	}
	if len(eventsOf(evs, engine.EvDealBoard)) != 2 {
		t.Fatalf("want turn and river dealt after the all-in, got %v", kinds(evs))
	}
}

// R-BET-2: small blind left of the button, big blind left of it; antes from
// everyone; action starts left of the big blind preflop and with the first
// active player left of the button after; the big blind has the option.
func TestBlindsAntesAndWhoActsFirst(t *testing.T) {
	cfg := nlhe(5, 10)
	cfg.Ante = 2
	tb := deal(t, cfg, []int64{500, 500, 500, 500, 500, 500}, 3, nil)
	evs := tb.h.Events()
	var posts []engine.Event
	for _, e := range evs {
		if e.Kind <= engine.EvPostBigBlindAnte {
			posts = append(posts, e)
		}
	}
	if len(posts) != 8 {
		t.Fatalf("want 6 antes and 2 blinds, got %v", kinds(posts))
	}
	for i, e := range posts[:6] {
		if e.Kind != engine.EvPostAnte || e.Amount != 2 || e.Seat != (4+i)%6 {
			t.Fatalf("ante %d: %+v", i, e)
		}
	}
	if posts[6].Kind != engine.EvPostSmallBlind || posts[6].Seat != 4 || posts[7].Kind != engine.EvPostBigBlind || posts[7].Seat != 5 {
		t.Fatalf("blinds: %+v %+v", posts[6], posts[7])
	}
	if tb.h.ToAct() != 0 {
		t.Fatalf("preflop first to act %d, want 0 (left of the big blind)", tb.h.ToAct())
	}
	tb.do("0 call", "1 call", "2 fold", "3 call", "4 call")
	if tb.h.ToAct() != 5 || !tb.h.Legal().CanRaise {
		t.Fatalf("the big blind must have the option, to act %d", tb.h.ToAct())
	}
	tb.do("5 check")
	// Seat 4 (small blind) is the first active player left of the button.
	if tb.h.ToAct() != 4 {
		t.Fatalf("flop first to act %d, want 4", tb.h.ToAct())
	}
	tb.do("4 check", "5 check")
	if tb.h.ToAct() != 0 {
		t.Fatalf("after the blinds, %d to act, want 0", tb.h.ToAct())
	}
}

// R-BET-2: the big-blind ante is posted by the big blind for the table, after
// the big blind (before it with AntesFirst).
func TestBigBlindAnte(t *testing.T) {
	cfg := nlhe(50, 100)
	cfg.BigBlindAnte = 100
	tb := deal(t, cfg, []int64{1000, 1000, 150}, 0, nil)
	evs := tb.h.Events()
	if evs[1].Kind != engine.EvPostBigBlind || evs[1].Amount != 100 || evs[2].Kind != engine.EvPostBigBlindAnte || evs[2].Amount != 50 {
		t.Fatalf("short big blind: blind first, then what is left as ante: %+v %+v", evs[1], evs[2])
	}
	cfg.AntesFirst = true
	tb = deal(t, cfg, []int64{1000, 1000, 150}, 0, nil)
	evs = tb.h.Events()
	if evs[0].Kind != engine.EvPostBigBlindAnte || evs[0].Amount != 100 || evs[2].Kind != engine.EvPostBigBlind || evs[2].Amount != 50 {
		t.Fatalf("antes first: %+v %+v", evs[0], evs[2])
	}
	// The others still call the full big blind (PokerKit: what was posted).
	if l := tb.h.Legal(); l.CallAmount != 100 {
		t.Fatalf("call %d, want the full big blind 100", l.CallAmount)
	}
	tb = dealX(t, extra{replay: engine.PokerKitRules}, cfg, []int64{1000, 1000, 150}, 0, nil)
	if l := tb.h.Legal(); l.CallAmount != 50 {
		t.Fatalf("PokerKit: call %d, want the 50 posted", l.CallAmount)
	}
}

// R-BET-2: a straddle left of the big blind is live: action starts after it
// and it has the option; the minimum raise is to twice the straddle.
func TestStraddle(t *testing.T) {
	cfg := nlhe(5, 10)
	cfg.Straddle = 20
	tb := deal(t, cfg, []int64{500, 500, 500, 500, 500}, 0, nil)
	if tb.h.ToAct() != 4 {
		t.Fatalf("first to act %d, want 4 (left of the straddle)", tb.h.ToAct())
	}
	if l := tb.h.Legal(); l.CallAmount != 20 || l.MinTo != 40 {
		t.Fatalf("facing the straddle: %+v", l)
	}
	tb.do("4 call", "0 call", "1 call", "2 call")
	if tb.h.ToAct() != 3 || !tb.h.Legal().CanRaise {
		t.Fatal("the straddle must have the option")
	}
}

// PokerKit (PokerKitRules, for replaying its hand histories) counts the
// first raise over a straddle from the straddle by the minimum bet, not by
// the straddle: with blinds 5/10 and a straddle of 20 it accepts a raise to
// 30; the room's own rule (TestStraddle) stays twice the straddle.
func TestStraddleMinimumRaiseUnderPokerKitRules(t *testing.T) {
	cfg := nlhe(5, 10)
	cfg.Straddle = 20
	tb := dealX(t, extra{replay: engine.PokerKitRules}, cfg, []int64{500, 500, 500, 500, 500}, 0, nil)
	if l := tb.h.Legal(); l.CallAmount != 20 || l.MinTo != 30 {
		t.Fatalf("PokerKit, facing the straddle: %+v", l)
	}
	tb.do("4 raise 30")
	if l := tb.h.Legal(); l.MinTo != 40 {
		t.Fatalf("PokerKit, after the raise to 30: %+v", l)
	}
}

// R-BET-3: no limit: minimum bet the big blind, a raise at least the largest
// bet or raise of the round (TDA 43), maximum the stack, amounts are totals.
func TestNoLimitMinimumAndMaximum(t *testing.T) {
	tb := deal(t, nlhe(50, 100), []int64{5000, 5000, 5000, 5000}, 0, nil)
	tb.do("3 call", "0 call", "1 call", "2 check")
	tb.refuse("1 bet 99", engine.ErrBelowMinimum)
	tb.do("1 bet 100")
	if l := tb.h.Legal(); l.MinTo != 200 || l.MaxTo != 5000-100 {
		t.Fatalf("after a bet of 100: %+v", l)
	}
	tb.do("2 raise 400") // a raise of 300
	tb.refuse("3 raise 699", engine.ErrBelowMinimum)
	if l := tb.h.Legal(); l.MinTo != 700 {
		t.Fatalf("min raise to %d, want 700 (400 + the 300 raise)", l.MinTo)
	}
	tb.refuse("3 raise 4901", engine.ErrAboveMaximum)
	tb.do("3 raise 700")
	if tb.h.Bet(3) != 700 || tb.h.Stack(3) != 5000-100-700 {
		t.Fatalf("raise to 700 is a total: bet %d stack %d", tb.h.Bet(3), tb.h.Stack(3))
	}
}

// R-BET-4: pot limit, first worked example (000): pot 100, bet 100, the next
// player may raise to 400.
func TestPotLimitPot100Bet100RaisesTo400(t *testing.T) {
	cfg := nlhe(25, 50)
	cfg.Betting = engine.PotLimit
	tb := deal(t, cfg, []int64{5000, 5000}, 0, nil)
	tb.do("0 call", "1 check") // pot 100
	tb.do("1 bet 100")
	if l := tb.h.Legal(); l.MaxTo != 400 || l.PotTo != 400 {
		t.Fatalf("pot-limit maximum %+v, want 400", l)
	}
	tb.refuse("0 raise 401", engine.ErrAboveMaximum)
	tb.do("0 raise 400")
}

// R-BET-4: pot limit, second worked example (002): pot 200, bet 150, call
// 150, the next player may raise to 800.
func TestPotLimitPot200Bet150Call150RaisesTo800(t *testing.T) {
	cfg := nlhe(25, 50)
	cfg.Betting = engine.PotLimit
	tb := deal(t, cfg, []int64{5000, 5000, 5000, 5000}, 0, nil)
	tb.do("3 call", "0 call", "1 call", "2 check") // pot 200
	// The first bet of a round is at most the pot.
	if l := tb.h.Legal(); l.MaxTo != 200 {
		t.Fatalf("pot-limit bet maximum %d, want 200", l.MaxTo)
	}
	tb.do("1 bet 150", "2 call")
	if l := tb.h.Legal(); l.Seat != 3 || l.MaxTo != 800 {
		t.Fatalf("pot-limit maximum %+v, want 800", l)
	}
	tb.do("3 raise 800")
}

// R-BET-4: preflop, an all-in short of the big blind counts as a full big
// blind in the pot-limit maximum (TDA 50-B).
func TestPotLimitShortAllInPreflopCountsAsFullBlind(t *testing.T) {
	cfg := nlhe(25, 50)
	cfg.Betting = engine.PotLimit
	tb := deal(t, cfg, []int64{5000, 5000, 5000, 30, 5000}, 0, nil)
	tb.do("3 allin") // 30, short of the 50 blind
	// As if 50: pot 25 + 50 + 50 = 125, call 50: raise to 50 + 125 + 50.
	if l := tb.h.Legal(); l.MaxTo != 225 || l.CallAmount != 50 {
		t.Fatalf("after a short all-in: %+v, want max 225", l)
	}
	// A big blind all in for 30 counts as 50 too: 25 + 50, call 50: 175.
	tb = deal(t, cfg, []int64{5000, 5000, 30, 5000}, 0, nil)
	if l := tb.h.Legal(); l.Seat != 3 || l.MaxTo != 175 || l.CallAmount != 50 {
		t.Fatalf("after a short big blind: %+v, want max 175", l)
	}
}

// R-BET-5: fixed limit: small bet preflop and flop, big bet turn and river,
// a bet and three raises per round with the big blind as the bet preflop.
func TestFixedLimitBetsAndCap(t *testing.T) {
	cfg := engine.Config{Game: engine.Holdem, Betting: engine.FixedLimit, SmallBlind: 5, BigBlind: 10}
	tb := deal(t, cfg, []int64{1000, 1000, 1000}, 0, nil)
	tb.refuse("0 raise 30", engine.ErrAboveMaximum)
	tb.do("0 raise 20", "1 raise 30", "2 raise 40")
	if l := tb.h.Legal(); l.CanRaise {
		t.Fatalf("cap reached (blind + three raises) but raise allowed: %+v", l)
	}
	tb.refuse("0 raise 50", engine.ErrCannotRaise)
	tb.do("0 call", "1 call")
	// Flop: small bet.
	if l := tb.h.Legal(); l.MinTo != 10 || l.MaxTo != 10 {
		t.Fatalf("flop bet %+v, want 10", l)
	}
	tb.do("1 bet 10", "2 raise 20", "0 raise 30", "1 raise 40")
	if tb.h.Legal().CanRaise {
		t.Fatal("flop: a bet and three raises is the cap")
	}
	tb.do("2 call", "0 call")
	// Turn: big bet.
	if l := tb.h.Legal(); l.MinTo != 20 || l.MaxTo != 20 {
		t.Fatalf("turn bet %+v, want 20", l)
	}
}

// R-BET-5: the cap holds heads-up; in a tournament it is lifted when two
// players remain in the event; the house may set another cap.
func TestFixedLimitCapHeadsUpAndWhenLifted(t *testing.T) {
	base := engine.Config{Game: engine.Holdem, Betting: engine.FixedLimit, SmallBlind: 5, BigBlind: 10}
	raises := func(cfg engine.Config, x ...extra) int {
		tb := dealX(t, append(x, extra{})[0], cfg, []int64{10000, 10000}, 0, nil)
		n := 0
		for tb.h.Legal().CanRaise && n < 50 {
			l := tb.h.Legal()
			tb.do(engineAction(l.Seat, "raise", l.MinTo))
			n++
		}
		return n
	}
	if n := raises(base); n != 3 {
		t.Fatalf("heads-up cash: %d raises after the blind, want 3", n)
	}
	tour := base
	tour.Tournament = true
	if n := raises(tour); n != 3 {
		t.Fatalf("tournament: %d raises, want 3", n)
	}
	if n := raises(tour, extra{twoPlayersLeft: true}); n != 50 {
		t.Fatalf("tournament with two players left: %d raises, want no cap", n)
	}
	five := base
	five.RaiseCap = 5
	if n := raises(five); n != 4 {
		t.Fatalf("cap 5: %d raises, want 4", n)
	}
	if sb, bb := engine.LimitBlinds(5); sb != 2 || bb != 5 {
		t.Fatalf("LimitBlinds(5) = %d, %d; want 2, 5 (half the small bet rounded down)", sb, bb)
	}
}

func engineAction(seat int, kind string, amount int64) string {
	return itoa(int64(seat)) + " " + kind + " " + itoa(amount)
}

func itoa(v int64) string {
	if v == 0 {
		return "0"
	}
	var b []byte
	for v > 0 {
		b = append([]byte{byte('0' + v%10)}, b...)
		v /= 10
	}
	return string(b)
}

// R-BET-6: an all-in short of a full raise does not reopen the betting to a
// player who already acted (TDA 44); players yet to act may raise.
func TestShortAllInDoesNotReopenNoLimit(t *testing.T) {
	tb := deal(t, nlhe(50, 100), []int64{5000, 5000, 400, 5000}, 0, nil)
	tb.do("3 fold", "0 call", "1 call", "2 check")
	tb.do("1 bet 200", "2 allin") // 300: a raise of 100, short of 200
	if l := tb.h.Legal(); l.Seat != 0 || !l.CanRaise {
		t.Fatalf("seat 0 has not acted: it may raise: %+v", l)
	}
	tb.do("0 call")
	l := tb.h.Legal()
	if l.Seat != 1 || l.CanRaise || l.CallAmount != 100 {
		t.Fatalf("seat 1 faces a short all-in: call or fold only: %+v", l)
	}
	tb.refuse("1 raise 500", engine.ErrCannotRaise)
	tb.do("1 call")
}

// R-BET-6: several short all-ins that add up to a full raise reopen it.
func TestShortAllInsAddingToAFullRaiseReopen(t *testing.T) {
	tb := deal(t, nlhe(50, 100), []int64{5000, 5000, 350, 530}, 0, nil)
	tb.do("3 call", "0 call", "1 call", "2 check")
	tb.do("1 bet 200", "2 allin", "3 allin", "0 call") // 300 then 430: 230 over 200
	if l := tb.h.Legal(); l.Seat != 1 || !l.CanRaise {
		t.Fatalf("facing 230 more than its bet, seat 1 may raise: %+v", l)
	}
}

// R-BET-6: in fixed limit an all-in of at least half a bet reopens the
// betting, less does not.
func TestFixedLimitHalfBetAllInReopens(t *testing.T) {
	cfg := engine.Config{Game: engine.Holdem, Betting: engine.FixedLimit, SmallBlind: 5, BigBlind: 10}
	for _, tc := range []struct {
		short  int64 // chips of the all-in player on the flop
		reopen bool
	}{{15, true}, {14, false}} {
		tb := deal(t, cfg, []int64{1000, 1000, 10 + tc.short}, 0, nil)
		tb.do("0 call", "1 call", "2 check")
		tb.do("1 bet 10", "2 allin", "0 call")
		l := tb.h.Legal()
		if l.Seat != 1 || l.CanRaise != tc.reopen {
			t.Fatalf("all-in to %d: seat 1 legal %+v, want raise %v", tc.short, l, tc.reopen)
		}
		if tc.reopen && l.MinTo != tc.short+10 {
			t.Fatalf("raise to %d, want %d", l.MinTo, tc.short+10)
		}
	}
}

// R-BET-7: a player cannot raise their own bet: after everyone calls the
// round ends; when a short all-in brings the action back, only call or fold.
func TestNoRaisingYourOwnBet(t *testing.T) {
	tb := deal(t, nlhe(50, 100), []int64{5000, 5000, 5000}, 0, nil)
	tb.do("0 raise 300", "1 call")
	evs := tb.do("2 call")
	if len(eventsOf(evs, engine.EvDealBoard)) != 1 {
		t.Fatalf("after the calls the round must end, got %v", kinds(evs))
	}
	tb = deal(t, nlhe(50, 100), []int64{5000, 5000, 350}, 0, nil)
	tb.do("0 raise 300", "1 fold", "2 allin")
	if l := tb.h.Legal(); l.Seat != 0 || l.CanRaise {
		t.Fatalf("the raiser faces 50 more: no raise: %+v", l)
	}
}

// R-BET-8: table stakes: a player short of a call goes all in for what they
// have and can never bet more than their stack.
func TestTableStakes(t *testing.T) {
	tb := deal(t, nlhe(50, 100), []int64{5000, 5000, 240}, 0, nil)
	tb.do("0 raise 1000", "1 fold")
	l := tb.h.Legal()
	if l.CallAmount != 140 || l.CanRaise {
		t.Fatalf("short stack facing 1000: %+v", l)
	}
	evs := tb.do("2 call")
	if !evs[0].AllIn || evs[0].Amount != 140 || tb.h.Committed(2) != 240 {
		t.Fatalf("call all in: %+v", evs[0])
	}
	// The uncalled 760 goes back to the raiser.
	ret := eventsOf(tb.h.Events(), engine.EvReturnUncalled)
	if len(ret) != 1 || ret[0].Seat != 0 || ret[0].Amount != 760 {
		t.Fatalf("returned %+v", ret)
	}
}

// R-BET-9: each all-in level makes a pot only its contributors can win,
// each pot is awarded on its own, and an uncalled bet is returned first.
func TestSidePots(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{100, 300, 1000, 500}, 3,
		[]string{"AsAh", "KsKh", "QsQh", "2c7d"}, "Ac Kc Qc 3d 4h")
	tb.do("2 allin", "3 fold", "0 allin", "1 allin")
	r := tb.h.Result()
	want := []struct {
		amount   int64
		eligible []int
		winner   int
	}{{300, []int{0, 1, 2}, 0}, {400, []int{1, 2}, 1}}
	if len(r.Pots) != len(want) {
		t.Fatalf("pots %+v", r.Pots)
	}
	for i, w := range want {
		p := r.Pots[i]
		if p.Amount != w.amount || !reflect.DeepEqual(p.Eligible, w.eligible) || len(p.Awards) != 1 || p.Awards[0].Seat != w.winner {
			t.Fatalf("pot %d: %+v, want %+v", i, p, w)
		}
	}
	if len(r.Returned) != 1 || r.Returned[0].Seat != 2 || r.Returned[0].Amount != 700 {
		t.Fatalf("returned %+v, want 700 to seat 2", r.Returned)
	}
	wantStacks(t, tb.h, 300, 400, 700, 500)
}

// R-BET-10: only the acting player acts; an action out of turn is refused,
// never queued.
func TestOutOfTurnRefusedNotQueued(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{500, 500, 500}, 0, nil)
	tb.refuse("2 fold", engine.ErrNotYourTurn)
	tb.refuse("1 call", engine.ErrNotYourTurn)
	tb.do("0 call", "1 call")
	if tb.h.ToAct() != 2 || tb.h.Folded(2) {
		t.Fatal("the refused fold of seat 2 must not have been kept")
	}
}

// R-BET-1 (TDA 53): a player may fold when checking is free; the fold is
// binding and the hand goes on without them.
func TestFoldWhenCheckingIsFree(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{500, 500, 500}, 0, nil)
	tb.do("0 call", "1 call")
	if l := tb.h.Legal(); !l.CanFold || !l.CanCheck {
		t.Fatalf("big blind option: %+v", l)
	}
	tb.do("2 fold")
	if !tb.h.Folded(2) {
		t.Fatal("the big blind's fold was not applied")
	}
	if l := tb.h.Legal(); l.Seat != 1 || !l.CanFold || !l.CanCheck {
		t.Fatalf("on the flop, nothing bet: %+v", l)
	}
	tb.do("1 fold")
	if !tb.h.Done() || tb.h.Stack(0) != 520 {
		t.Fatalf("seat 0 should win the blinds uncontested: done %v, stack %d", tb.h.Done(), tb.h.Stack(0))
	}
}

// R-BET-3 (TDA 43): after an all-in short of a full raise, the next raise
// must still add the largest full bet or raise of the round to the all-in.
func TestMinimumRaiseAfterAShortAllIn(t *testing.T) {
	tb := deal(t, nlhe(50, 100), []int64{5000, 5000, 400, 5000}, 0, nil)
	tb.do("3 call", "0 call", "1 call", "2 check")
	tb.do("1 bet 200", "2 allin") // all in to 300: 100 more, short of 200
	l := tb.h.Legal()
	if l.Seat != 3 || !l.CanRaise || l.MinTo != 500 || l.CallAmount != 300 {
		t.Fatalf("after a bet of 200 and an all-in to 300: %+v, want raise to at least 500", l)
	}
	tb.refuse("3 raise 499", engine.ErrBelowMinimum)
	tb.do("3 raise 500")
}

// R-BET-2, R-SEAT-3: heads-up the button posts the small blind and acts
// first before the flop, last after it.
func TestHeadsUpButtonActsFirstPreflopLastAfter(t *testing.T) {
	for button := 0; button < 2; button++ {
		other := 1 - button
		tb := deal(t, nlhe(5, 10), []int64{500, 500}, button, nil)
		if sb, bb, _ := tb.h.Blinds(); sb != button || bb != other {
			t.Fatalf("button %d: blinds %d/%d", button, sb, bb)
		}
		if tb.h.ToAct() != button {
			t.Fatalf("button %d: seat %d acts first preflop", button, tb.h.ToAct())
		}
		tb.do(itoa(int64(button))+" call", itoa(int64(other))+" check")
		if tb.h.Street() != engine.Flop || tb.h.ToAct() != other {
			t.Fatalf("button %d: on the %v seat %d acts first, want %d", button, tb.h.Street(), tb.h.ToAct(), other)
		}
	}
}

// R-BET-4 (TDA 50-B): after the flop the pot-limit maximum counts the real
// pot; a short all-in raise there changes the maximum by what it put in.
func TestPotLimitAfterTheFlopCountsTheRealPot(t *testing.T) {
	cfg := nlhe(25, 50)
	cfg.Betting = engine.PotLimit
	tb := deal(t, cfg, []int64{5000, 5000, 5000, 110}, 0, nil)
	tb.do("3 call", "0 call", "1 call", "2 check") // pot 200, seat 3 has 60 left
	tb.do("1 bet 50", "2 call", "3 allin")         // all in to 60
	// Pot 200 + 50 + 50 + 60 = 360; seat 0 calls 60 and raises 420: to 480.
	if l := tb.h.Legal(); l.Seat != 0 || l.MaxTo != 480 {
		t.Fatalf("pot-limit maximum %+v, want 480", l)
	}
}

// R-BET-8, R-BET-9: a big blind all in for less than the small blind leaves
// the small blind nothing to decide when nobody else is still betting: it
// already covers the all-in, so it is neither asked to call up to the
// nominal big blind nor offered a fold of a hand it cannot lose more with
// (a timeout there folded it, handing the short stack the pot). Its excess
// comes back and the board is dealt out.
func TestShortBigBlindLeavesTheCoveringSmallBlindNothingToDo(t *testing.T) {
	cases := []struct {
		name   string
		stacks []int64
		button int
		folds  []string
	}{
		{"heads-up", []int64{500, 3}, 0, nil},
		{"three-handed, the button folds", []int64{500, 500, 3}, 0, []string{"0 fold"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tb := deal(t, nlhe(5, 10), c.stacks, c.button, []string{"AsAh", "KsKh", "2c7d"}[:len(c.stacks)], "Ad9c8s5h4c")
			tb.do(c.folds...)
			if !tb.h.Done() {
				t.Fatalf("the small blind is asked to act: %+v", tb.h.Legal())
			}
			sb := len(c.stacks) - 2
			var ret int64
			for _, e := range eventsOf(tb.h.Events(), engine.EvReturnUncalled) {
				if e.Seat == sb {
					ret += e.Amount
				}
			}
			if ret != 2 {
				t.Fatalf("the small blind got %d back, want 2 (its 5 above the all-in of 3)", ret)
			}
		})
	}
}

// R-BET-8, R-BET-9: when the big blind is all in for less than the small
// blind and every other player still in is all in below the nominal big
// blind too, the small blind's call matches the largest bet put in, not
// the big blind nobody posted: three-handed at 5/10, big blind all in for
// 3 and the button all in for 7, the small blind is offered "call 2" (its
// 5 up to 7), and calling puts in 2. It was offered (and the button said)
// "Call 5", up to a level no opponent could match.
func TestShortBigBlindCallMatchesTheLargestBetPutIn(t *testing.T) {
	for _, cfg := range []engine.Config{nlhe(5, 10), {Game: engine.Holdem, Betting: engine.FixedLimit, SmallBlind: 5, BigBlind: 10}} {
		tb := deal(t, cfg, []int64{500, 3, 7}, 2, []string{"AsAh", "KsKh", "2c7d"}, "Ad9c8s5h4c")
		tb.do("2 allin")
		l := tb.h.Legal()
		if l.Seat != 0 || l.CallAmount != 2 || l.CanRaise || l.CanCheck {
			t.Fatalf("%v: the small blind facing all-ins of 3 and 7: %+v, want a call of 2 or a fold", cfg.Betting, l)
		}
		evs := tb.do("0 call")
		if calls := eventsOf(evs, engine.EvCall); len(calls) != 1 || calls[0].Amount != 2 {
			t.Fatalf("%v: the call: %+v", cfg.Betting, calls)
		}
		if !tb.h.Done() {
			t.Fatalf("%v: the hand is not over after the call", cfg.Betting)
		}
		wantStacks(t, tb.h, 510, 0, 0) // aces win both pots: 9 main (3 each), 8 side (4 each)
		// A hand stored before, its call of 5, still resumes (by the rule
		// it was dealt under).
		setup := engine.Setup{Rules: cfg, Seats: tb.seats, Button: 2, Deck: tb.deck}
		old, err := engine.StartReplay(setup, engine.NominalBlindRules)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range []engine.Action{{Seat: 2, Kind: engine.AllIn}, {Seat: 0, Kind: engine.Call}} {
			if _, err := old.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if h, err := engine.Resume(setup, old.Events()); err != nil || !h.Done() {
			t.Fatalf("%v: the hand stored with a call of 5 does not resume: %v", cfg.Betting, err)
		}
	}
}

// R-BET-8, R-BET-9: heads-up, a big blind all in for more than the small
// blind and less than the big blind (8 at 5/10): the small blind, on the
// button, is offered a call of 3 (to the 8 put in), not "Call 5" up to the
// nominal 10.
func TestHeadsUpShortBigBlindCallMatchesItsAllIn(t *testing.T) {
	tb := deal(t, nlhe(5, 10), []int64{500, 8}, 0, []string{"AsAh", "KsKh"}, "Ad9c8s5h4c")
	l := tb.h.Legal()
	if l.Seat != 0 || l.CallAmount != 3 || l.CanRaise || l.CanCheck {
		t.Fatalf("the small blind facing an all-in big blind of 8: %+v, want a call of 3 or a fold", l)
	}
	evs := tb.do("0 call")
	if calls := eventsOf(evs, engine.EvCall); len(calls) != 1 || calls[0].Amount != 3 {
		t.Fatalf("the call: %+v", calls)
	}
	if !tb.h.Done() {
		t.Fatal("the hand is not over after the call")
	}
	wantStacks(t, tb.h, 508, 0)
}
