package tourney

import "testing"

// R-LGE-1
func TestLeagueShareOfEachPool(t *testing.T) {
	share, rest := LeagueShare(12345, DefaultLeagueShare)
	if share != 493 || rest != 11852 {
		t.Errorf("4%% of 12345 = %d + %d", share, rest)
	}
	if s, r := LeagueShare(1000, 0); s != 0 || r != 1000 {
		t.Errorf("no league: %d %d", s, r)
	}
	tr := newTourney(t, func(c *Config) { c.LeagueShare = DefaultLeagueShare })
	register(t, tr, 25)
	pp := tr.PrizePool()
	if pp.League != 10 || pp.Total != 240 || pp.League+pp.Total != pp.Collected {
		t.Errorf("pool with league share %+v", pp)
	}
}

// R-LGE-2
func TestLeaguePointsByTier(t *testing.T) {
	cases := []struct {
		tier   Tier
		points []int
	}{
		{T1, []int{25, 20, 16, 13, 11, 9, 7, 5, 3, 1}},
		{T2, []int{30, 25, 20, 17, 14, 12, 10, 8, 7, 6, 5, 4, 3, 2, 1}},
		{T3, []int{35, 30, 26, 23, 21, 19, 17, 15, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1}},
	}
	for _, c := range cases {
		for i, p := range c.points {
			if got := Points(c.tier, i+1); got != p {
				t.Errorf("tier %d position %d: %d, want %d", c.tier, i+1, got, p)
			}
		}
		if Points(c.tier, len(c.points)+1) != 0 || Points(c.tier, 0) != 0 {
			t.Errorf("tier %d scores outside its places", c.tier)
		}
	}
	if TierFor(49, false) != T1 || TierFor(50, false) != T2 || TierFor(10, true) != T3 {
		t.Errorf("tiers by buy-in")
	}
}

// R-LGE-2
func TestDealLeavingUnderTenPercentScoresLowestPositionInPlay(t *testing.T) {
	// 4 players deal and leave 5% in play: all score 4th.
	if pos, ok := DealPointsPosition(4, 50, 1000, false); !ok || pos != 4 {
		t.Errorf("deal leaving 5%%: %d %v", pos, ok)
	}
	// Leaving 10% (or a ticket) keeps the real finishing positions.
	if _, ok := DealPointsPosition(4, 100, 1000, false); ok {
		t.Errorf("deal leaving 10%% changed points")
	}
	if _, ok := DealPointsPosition(4, 0, 1000, true); ok {
		t.Errorf("deal leaving a ticket changed points")
	}
	l := NewLeague()
	pos, _ := DealPointsPosition(3, 0, 900, false)
	for _, p := range []PlayerID{"a", "b", "c"} {
		l.Score(p, T1, pos)
	}
	for _, s := range l.Ranking() {
		if s.Points != 16 {
			t.Errorf("%s scored %d, want 16 (3rd)", s.Player, s.Points)
		}
	}
}

// R-LGE-3
func TestLeagueRankingTieBreakByScoredTournaments(t *testing.T) {
	l := NewLeague()
	l.Score("ana", T1, 1)  // 25
	l.Score("bea", T1, 2)  // 20
	l.Score("bea", T1, 10) // 1
	l.Score("bea", T1, 9)  // 3 -> 24
	l.Score("cai", T1, 3)  // 16
	l.Score("cai", T1, 9)  // 3
	l.Score("cai", T1, 10) // 1
	l.Score("cai", T1, 8)  // 5 -> 25, 4 tournaments
	l.Score("dan", T1, 11) // nothing
	r := l.Ranking()
	if len(r) != 3 {
		t.Fatalf("ranking %+v (a player who never scored is not ranked)", r)
	}
	if r[0].Player != "cai" || r[1].Player != "ana" || r[2].Player != "bea" {
		t.Errorf("ranking %+v, want cai (25, 4 scored) before ana (25, 1)", r)
	}
	if r[0].Rank != 1 || r[1].Rank != 2 || r[0].Scored != 4 {
		t.Errorf("ranks %+v", r)
	}
	// Full ties share a rank.
	m := NewLeague()
	m.Score("x", T2, 1)
	m.Score("y", T2, 1)
	if rr := m.Ranking(); rr[0].Rank != 1 || rr[1].Rank != 1 {
		t.Errorf("tied ranks %+v", rr)
	}
}

// R-LGE-3
func TestLeagueFinalAndDirectPrizes(t *testing.T) {
	lp, err := DivideLeaguePool(100000)
	if err != nil {
		t.Fatal(err)
	}
	wantFinal := []Chips{20000, 12000, 9000, 6000, 5000, 4000, 3500, 3000, 2500, 2000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000}
	for i, w := range wantFinal {
		if lp.Final[i] != w {
			t.Errorf("final place %d: %d, want %d", i+1, lp.Final[i], w)
		}
	}
	wantDirect := []Chips{8000, 4800, 3200, 2400, 1600}
	for i, w := range wantDirect {
		if lp.Direct[i] != w {
			t.Errorf("direct prize %d: %d, want %d", i+1, lp.Direct[i], w)
		}
	}
	if lp.Rake != 3000 {
		t.Errorf("rake %d", lp.Rake)
	}
	rng := testRand(3)
	for k := 0; k < 500; k++ {
		pool := Chips(1 + rng.IntN(10_000_000))
		lp, err := DivideLeaguePool(pool)
		if err != nil {
			t.Fatal(err)
		}
		if s := sum(lp.Final) + sum(lp.Direct) + lp.Rake; s != pool {
			t.Fatalf("pool %d divided into %d", pool, s)
		}
	}
	if LeagueFinalStack != 50000 || LeagueFinalPlayers != 20 {
		t.Errorf("final stack %d for %d players", LeagueFinalStack, LeagueFinalPlayers)
	}
	l := NewLeague()
	for i := 0; i < 25; i++ {
		l.Score(PlayerID(rune('A'+i)), T3, i+1)
	}
	fin := LeagueFinalists(l.Ranking())
	if len(fin) != 20 || fin[0] != "A" || fin[19] != "T" {
		t.Errorf("finalists %v", fin)
	}
}

// R-LGE-2
func TestScoreResultsOfATournament(t *testing.T) {
	tr := newTourney(t, func(c *Config) { c.Payout = PayoutRule{Kind: WinnerTakesAll} })
	register(t, tr, 4)
	_ = tr.Start(t0, testRand(1))
	_ = tr.Eliminate([]Bust{{Entry: 3, StartStack: 5}, {Entry: 4, StartStack: 5}})
	_ = tr.Eliminate([]Bust{{Entry: 2, StartStack: 9}})
	res, _ := tr.Results()
	l := NewLeague()
	l.ScoreResults(TierFor(tr.Config().BuyIn.Prize, false), res)
	got := map[PlayerID]int{}
	for _, s := range l.Ranking() {
		got[s.Player] = s.Points
	}
	if got["p1"] != 25 || got["p2"] != 20 || got["p3"] != 16 || got["p4"] != 16 {
		t.Errorf("points %v", got)
	}
}

// R-LGE-2, R-LGE-3, R-TRN-3: a player who re-entered scores once per
// tournament, for their best entry, and that counts as one scored
// tournament for the tie-break.
func TestReEntriesScoreOncePerTournament(t *testing.T) {
	res := []Result{
		{Entry: 5, Player: "ana", Name: "Ana [2]", Place: 2},
		{Entry: 6, Player: "bea", Name: "Bea", Place: 1},
		{Entry: 1, Player: "ana", Name: "Ana", Place: 9},
		{Entry: 2, Player: "cai", Name: "Cai", Place: 3},
	}
	l := NewLeague()
	l.ScoreResults(T1, res)
	for _, s := range l.Ranking() {
		if s.Player == "ana" && (s.Points != 20 || s.Scored != 1) {
			t.Errorf("ana: %d points in %d tournaments, want 20 in 1 (second place only)", s.Points, s.Scored)
		}
		if s.Player == "bea" && (s.Points != 25 || s.Scored != 1) {
			t.Errorf("bea: %+v", s)
		}
	}
}

// Points stored with a result add up as scored tournaments; nothing
// scored counts nothing (R-LGE-3).
func TestAddPointsCountsScoredTournaments(t *testing.T) {
	l := NewLeague()
	l.AddPoints("a", 25)
	l.AddPoints("a", 0)
	l.AddPoints("b", 20)
	l.AddPoints("b", 5)
	// Equal points: more tournaments scored ranks first.
	r := l.Ranking()
	if len(r) != 2 || r[0].Player != "b" || r[0].Points != 25 || r[0].Scored != 2 || r[1].Player != "a" || r[1].Scored != 1 || r[1].Rank != 2 {
		t.Fatalf("ranking %+v", r)
	}
}
