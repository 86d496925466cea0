package engine_test

import (
	"math/rand/v2"
	"testing"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/engine/enginetest"
)

// R-BET-8 R-BET-9: a player all in for less than the ante wins from each
// opponent only what they posted themselves (the worked example).
func TestPartialAnteWinsOnlyWhatItMatched(t *testing.T) {
	cfg := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 50, BigBlind: 100, Ante: 10}
	deck := arrange(t, cfg, 0, []string{"AsAh", "7c2d", "8c3d"}, "AdKc9s5h4c")
	h, err := engine.Start(engine.Setup{Rules: cfg, Seats: []engine.Seat{{Stack: 4}, {Stack: 1000}, {Stack: 1000}}, Button: 0, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	playChecks(t, h)
	want := []int64{12, 890, 1102}
	if got := h.Stacks(); !equalStacks(got, want) {
		t.Fatalf("stacks %v, want %v", got, want)
	}
}

// R-BET-9: several short antes make one ante pot per level.
func TestSeveralShortAntesMakeOnePotPerLevel(t *testing.T) {
	cfg := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 50, BigBlind: 100, Ante: 10}
	// Seat 0 (4 chips) has the best hand, seat 1 (7 chips) the second.
	deck := arrange(t, cfg, 3, []string{"AsAh", "KsKh", "7c2d", "8c3d"}, "AdKc9s5h4c")
	h, err := engine.Start(engine.Setup{Rules: cfg, Seats: []engine.Seat{{Stack: 4}, {Stack: 7}, {Stack: 1000}, {Stack: 1000}}, Button: 3, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	playChecks(t, h)
	r := h.Result()
	// Level 4: 4 from each of four = 16 to seat 0; level 7: 3 from seats
	// 1-3 = 9 to seat 1; the rest of the antes (3+3) and the blinds to the
	// best of seats 2 and 3.
	wantPots := []int64{16, 9, 206}
	if len(r.Pots) != len(wantPots) {
		t.Fatalf("pots %+v, want amounts %v", r.Pots, wantPots)
	}
	for k, p := range r.Pots {
		if p.Amount != wantPots[k] {
			t.Fatalf("pot %d is %d, want %d (%+v)", k, p.Amount, wantPots[k], r.Pots)
		}
	}
	if got, want := h.Stacks(), []int64{16, 9, 890, 1096}; !equalStacks(got, want) {
		t.Fatalf("stacks %v, want %v", got, want)
	}
}

// R-BET-8 R-BET-9: over many random hands in every game, with antes,
// big-blind antes, straddles and short stacks, each player still in is
// eligible for exactly what an independent count says they can win: from
// every opponent's antes up to their own when they are all in on the antes
// (everything otherwise), from every opponent's bets up to their own bets,
// and the carried pot; the player(s) with the largest claim are eligible for
// the whole pot, since nobody else can win what is beyond every claim.
func TestSidePotsMatchAnIndependentCount(t *testing.T) {
	games := []engine.Game{engine.Holdem, engine.Omaha, engine.Omaha5, engine.OmahaHiLo, engine.OmahaHiLo5, engine.Draw}
	rng := rand.New(rand.NewPCG(7, 11))
	hands := 3000
	if testing.Short() {
		hands = 500
	}
	for _, game := range games {
		for k := 0; k < hands; k++ {
			setup := randomAnteTable(rng, game)
			h, err := engine.Start(setup)
			if err != nil {
				t.Fatalf("%v: Start(%+v): %v", game, setup, err)
			}
			buf := make([]byte, 4096)
			for i := range buf {
				buf[i] = byte(rng.Uint32())
			}
			p := &enginetest.Player{Src: &enginetest.Bytes{B: buf}}
			if _, err := p.Play(h); err != nil {
				t.Fatalf("%v: %v", game, err)
			}
			checkClaims(t, game, setup, h)
		}
	}
}

func randomAnteTable(rng *rand.Rand, game engine.Game) engine.Setup {
	cfg := engine.Config{Game: game, Betting: engine.Betting(rng.IntN(3))}
	cfg.BigBlind = int64(2 + rng.IntN(20))
	cfg.SmallBlind = cfg.BigBlind / 2
	switch rng.IntN(4) {
	case 0:
		cfg.Ante = int64(1 + rng.IntN(int(cfg.BigBlind)))
	case 1:
		cfg.BigBlindAnte = cfg.BigBlind
		cfg.AntesFirst = rng.IntN(2) == 0
	case 2:
		cfg.Ante = int64(1 + rng.IntN(int(cfg.BigBlind)))
		cfg.Straddle = 2 * cfg.BigBlind
	case 3:
		cfg.Ante = int64(1 + rng.IntN(5))
		cfg.BigBlindAnte = cfg.BigBlind
	}
	n := 2 + rng.IntN(7)
	for n*game.HoleCards()+8 > 52 {
		n--
	}
	var deck []engine.Card
	setup := engine.Setup{Rules: cfg}
	if game == engine.Draw {
		setup.Rules.Ante = int64(1 + rng.IntN(8))
		setup.Rules.BigBlindAnte, setup.Rules.Straddle = 0, 0
		if rng.IntN(2) == 0 {
			setup.CarriedPot = int64(rng.IntN(30))
		}
		deck, _ = engine.NewDeck(52, 0)
	} else {
		var d [52]engine.Card
		deck = enginetest.FullDeck(&d)
	}
	rng.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
	setup.Deck = deck
	setup.Seats = make([]engine.Seat, n)
	for i := range setup.Seats {
		switch rng.IntN(3) {
		case 0: // short: often all in on the antes
			setup.Seats[i].Stack = int64(1 + rng.IntN(int(setup.Rules.Ante+setup.Rules.BigBlindAnte+2)))
		case 1:
			setup.Seats[i].Stack = int64(1 + rng.IntN(int(4*cfg.BigBlind)))
		default:
			setup.Seats[i].Stack = int64(1 + rng.IntN(3000))
		}
	}
	setup.Button = rng.IntN(n)
	return setup
}

// checkClaims compares each pot's eligible players with the independent
// count of what each player can win.
func checkClaims(t *testing.T, game engine.Game, setup engine.Setup, h *engine.Hand) {
	t.Helper()
	n := len(setup.Seats)
	ante := make([]int64, n)
	for _, e := range h.Events() {
		if e.Kind == engine.EvPostAnte || e.Kind == engine.EvPostBigBlindAnte {
			ante[e.Seat] += e.Amount
		}
	}
	bet := make([]int64, n)
	var total int64 = setup.CarriedPot
	for i := 0; i < n; i++ {
		bet[i] = h.Committed(i) - ante[i]
		total += h.Committed(i)
	}
	r := h.Result()
	if r.CarryOver > 0 {
		return
	}
	claim := make([]int64, n)
	var most int64
	for i := 0; i < n; i++ {
		if h.Folded(i) {
			continue
		}
		capped := h.IsAllIn(i) && bet[i] == 0
		claim[i] = setup.CarriedPot
		for j := 0; j < n; j++ {
			if capped {
				claim[i] += min(ante[j], ante[i])
			} else {
				claim[i] += ante[j]
			}
			claim[i] += min(bet[j], bet[i])
		}
		most = max(most, claim[i])
	}
	var sum int64
	eligible := make([]int64, n)
	for _, p := range r.Pots {
		sum += p.Amount
		for _, i := range p.Eligible {
			eligible[i] += p.Amount
		}
	}
	if sum != total {
		t.Fatalf("%v: pots hold %d, the players put in %d (%+v)", game, sum, total, r.Pots)
	}
	for i := 0; i < n; i++ {
		if h.Folded(i) {
			if eligible[i] != 0 {
				t.Fatalf("%v: folded seat %d eligible for %d", game, i, eligible[i])
			}
			continue
		}
		want := claim[i]
		if claim[i] == most {
			want = total
		}
		if eligible[i] != want {
			t.Fatalf("%v: seat %d (antes %v, bets %v, folded/all-in %v) eligible for %d, can win %d; pots %+v",
				game, i, ante, bet, foldState(h, n), eligible[i], want, r.Pots)
		}
	}
}

func foldState(h *engine.Hand, n int) []string {
	s := make([]string, n)
	for i := range s {
		switch {
		case h.Folded(i):
			s[i] = "F"
		case h.IsAllIn(i):
			s[i] = "A"
		default:
			s[i] = "-"
		}
	}
	return s
}

// R-POT-7: the rake comes from each pot in proportion to its size; the odd
// chip from the largest pot.
func TestRakeIsTakenPotByPot(t *testing.T) {
	cfg := engine.Config{Game: engine.Holdem, Betting: engine.NoLimit, SmallBlind: 5, BigBlind: 10,
		Rake: engine.Rake{Percent: 5, Cap: 10}}
	// Seat 0 is all in for 100 with the best hand; seats 1 and 2 play a
	// side pot of 2 x 200 more.
	deck := arrange(t, cfg, 0, []string{"AsAh", "KsKh", "7c2d"}, "AdKc9s5h4c")
	h, err := engine.Start(engine.Setup{Rules: cfg, Seats: []engine.Seat{{Stack: 100}, {Stack: 1000}, {Stack: 1000}}, Button: 0, Deck: deck})
	if err != nil {
		t.Fatal(err)
	}
	apply(t, h, engine.Action{Seat: 0, Kind: engine.AllIn})
	apply(t, h, engine.Action{Seat: 1, Kind: engine.Raise, Amount: 300})
	apply(t, h, engine.Action{Seat: 2, Kind: engine.Call})
	playChecks(t, h)
	r := h.Result()
	// Main pot 300, side pot 400: 5% = 35, capped at 10: 300/700*10 = 4.28
	// and 400/700*10 = 5.71 round down to 4 and 5; the odd chip comes from
	// the larger side pot.
	if len(r.Pots) != 2 || r.Pots[0].Amount != 300 || r.Pots[1].Amount != 400 {
		t.Fatalf("pots %+v", r.Pots)
	}
	if r.Pots[0].Rake != 4 || r.Pots[1].Rake != 6 || r.Rake != 10 {
		t.Fatalf("rake by pot %d, %d (total %d), want 4, 6 (10)", r.Pots[0].Rake, r.Pots[1].Rake, r.Rake)
	}
	if got, want := h.Stacks(), []int64{296, 1094, 700}; !equalStacks(got, want) {
		t.Fatalf("stacks %v, want %v", got, want)
	}
}

// playChecks checks or calls until the hand is over.
func playChecks(t *testing.T, h *engine.Hand) {
	t.Helper()
	for !h.Done() {
		l := h.Legal()
		a := engine.Action{Seat: l.Seat, Kind: engine.Call}
		if l.CanCheck {
			a.Kind = engine.Check
		}
		apply(t, h, a)
	}
}

func apply(t *testing.T, h *engine.Hand, a engine.Action) {
	t.Helper()
	if _, err := h.Apply(a); err != nil {
		t.Fatalf("%+v: %v", a, err)
	}
}

func equalStacks(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// arrange builds a deck that deals the given hole cards (seat by seat) and
// board.
func arrange(t *testing.T, cfg engine.Config, button int, holes []string, board string) []engine.Card {
	t.Helper()
	hs := make([][]engine.Card, len(holes))
	for i, s := range holes {
		cs, err := engine.ParseCards(s)
		if err != nil {
			t.Fatal(err)
		}
		hs[i] = cs
	}
	b, err := engine.ParseCards(board)
	if err != nil {
		t.Fatal(err)
	}
	deck, err := engine.ArrangeDeck(cfg, len(holes), button, hs, [][]engine.Card{b}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return deck
}
