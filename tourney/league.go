package tourney

import (
	"errors"
	"sort"
)

// DefaultLeagueShare is the share of each tournament's pool that feeds the
// league in basis points: 4% (R-LGE-1, seed 001 #8, #12).
const DefaultLeagueShare = 400

// LeagueShare takes bp basis points (1/100 of a percent) of a pool for the
// league, rounded down, and returns the share and what is left; they sum
// to the pool (R-LGE-1).
func LeagueShare(pool Chips, bp int) (share, rest Chips) {
	if pool <= 0 || bp <= 0 {
		return 0, pool
	}
	share = mulDiv(pool, int64(min(bp, 10000)), 10000)
	return share, pool - share
}

// Tier is a league scoring tier (R-LGE-2).
type Tier int

const (
	// T1: one-day tournaments with a buy-in under 50; top 10 score.
	T1 Tier = iota + 1
	// T2: one-day tournaments with a buy-in of 50 or more; top 15 score.
	T2
	// T3: tournaments of two or more days; top 20 score.
	T3
	// PairsFinal: pairs at a pairs tournament's final table; both
	// members score.
	PairsFinal
)

var pointsTables = map[Tier][]int{
	T1:         {25, 20, 16, 13, 11, 9, 7, 5, 3, 1},
	T2:         {30, 25, 20, 17, 14, 12, 10, 8, 7, 6, 5, 4, 3, 2, 1},
	T3:         {35, 30, 26, 23, 21, 19, 17, 15, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1},
	PairsFinal: {26, 21, 17, 13, 11, 9, 7, 5, 3, 1},
}

// TierFor is the tier of a one-day tournament by buy-in (T1 under 50, T2
// from 50), or T3 for multi-day events.
func TierFor(buyIn Chips, multiDay bool) Tier {
	switch {
	case multiDay:
		return T3
	case buyIn >= 50:
		return T2
	default:
		return T1
	}
}

// Points is what a finishing position scores in a tier; 0 outside the
// scoring places.
func Points(tier Tier, position int) int {
	t := pointsTables[tier]
	if position < 1 || position > len(t) {
		return 0
	}
	return t[position-1]
}

// DealPointsPosition applies the league's deal rule (R-LGE-2, seed 001
// #12): a deal does not change points, but a deal that leaves less than
// 10% of the money in play (and no ticket) to be played for ends the
// tournament, and every party scores the lowest position in play. It
// returns that position and true when the rule applies.
func DealPointsPosition(playersIn int, keptInPlay, moneyInPlay Chips, ticketKept bool) (int, bool) {
	if ticketKept || keptInPlay*10 >= moneyInPlay {
		return 0, false
	}
	return playersIn, true
}

// ErrLeagueTooSmall: a league final needs a pool.
var ErrLeagueTooSmall = errors.New("league pool must be positive")

// LeagueStanding is a player's line in a league's ranking.
type LeagueStanding struct {
	Player PlayerID
	Points int
	Scored int // tournaments in which the player scored
	Rank   int // 1-based; players tied on points and scored share a rank
}

// League accumulates points over tournaments.
type League struct {
	points map[PlayerID]int
	scored map[PlayerID]int
	Pool   Chips // the league pool fed by LeagueShare
}

// NewLeague starts an empty league.
func NewLeague() *League {
	return &League{points: make(map[PlayerID]int), scored: make(map[PlayerID]int)}
}

// Score adds a finishing position's points for a player; positions that
// score nothing are not counted as scored tournaments.
func (l *League) Score(p PlayerID, tier Tier, position int) int {
	pts := Points(tier, position)
	if pts > 0 {
		l.points[p] += pts
		l.scored[p]++
	}
	return pts
}

// Ranking orders players by points; ties break by the number of scored
// tournaments, more first (R-LGE-3); players still equal share a rank and
// are listed by player ID.
func (l *League) Ranking() []LeagueStanding {
	out := make([]LeagueStanding, 0, len(l.points))
	for p, pts := range l.points {
		out = append(out, LeagueStanding{Player: p, Points: pts, Scored: l.scored[p]})
	}
	sort.Slice(out, func(a, b int) bool {
		x, y := out[a], out[b]
		if x.Points != y.Points {
			return x.Points > y.Points
		}
		if x.Scored != y.Scored {
			return x.Scored > y.Scored
		}
		return x.Player < y.Player
	})
	for i := range out {
		if i > 0 && out[i].Points == out[i-1].Points && out[i].Scored == out[i-1].Scored {
			out[i].Rank = out[i-1].Rank
		} else {
			out[i].Rank = i + 1
		}
	}
	return out
}

// League final constants (R-LGE-3).
const (
	LeagueFinalPlayers = 20
	LeagueFinalStack   = 50000
)

// leagueFinalWeights are the final's payouts in hundredths of a percent of
// the whole league pool: 20, 12, 9, 6, 5, 4, 3.5, 3, 2.5, 2 and 1 each for
// 11th-20th, 77% in all.
var leagueFinalWeights = []int64{2000, 1200, 900, 600, 500, 400, 350, 300, 250, 200, 100, 100, 100, 100, 100, 100, 100, 100, 100, 100}

// leagueDirectWeights are the top five's direct prizes: 8, 4.8, 3.2, 2.4
// and 1.6% of the pool, 20% in all.
var leagueDirectWeights = []int64{800, 480, 320, 240, 160}

// LeaguePrizes is a league pool divided (R-LGE-3): 77% is played for in
// the final by the top 20 (50,000 chips each), 20% goes directly to the
// top five of the ranking, and the rest (3%) is the final's rake. Each
// block is rounded down; within a block each place is rounded down and
// the remainder goes to first; everything sums exactly to the pool.
type LeaguePrizes struct {
	Final  []Chips // final's prize for places 1..20
	Direct []Chips // direct prizes for ranking places 1..5
	Rake   Chips
}

// DivideLeaguePool computes LeaguePrizes for a pool.
func DivideLeaguePool(pool Chips) (LeaguePrizes, error) {
	if pool <= 0 {
		return LeaguePrizes{}, ErrLeagueTooSmall
	}
	finalFund := mulDiv(pool, 7700, 10000)
	directFund := mulDiv(pool, 2000, 10000)
	final, err := Distribute(finalFund, leagueFinalWeights, 1)
	if err != nil {
		return LeaguePrizes{}, err
	}
	direct, err := Distribute(directFund, leagueDirectWeights, 1)
	if err != nil {
		return LeaguePrizes{}, err
	}
	return LeaguePrizes{Final: final, Direct: direct, Rake: pool - finalFund - directFund}, nil
}

// LeagueFinalists returns the players of the final: the top 20 of the
// ranking.
func LeagueFinalists(r []LeagueStanding) []PlayerID {
	var out []PlayerID
	for i := 0; i < len(r) && i < LeagueFinalPlayers; i++ {
		out = append(out, r[i].Player)
	}
	return out
}

// ScoreResults scores a finished tournament's results in a tier: each
// player the points of their place (tied players share the best place
// they cover, so both score it). A player with several entries
// (re-entries) scores once, for their best place: one tournament is one
// scored tournament in the ranking's tie-break. Disqualified entries have
// no place and score nothing.
func (l *League) ScoreResults(tier Tier, results []Result) {
	best := make(map[PlayerID]int)
	var order []PlayerID
	for _, r := range results {
		b, ok := best[r.Player]
		if !ok {
			order = append(order, r.Player)
		}
		if !ok || r.Place < b {
			best[r.Player] = r.Place
		}
	}
	for _, p := range order {
		l.Score(p, tier, best[p])
	}
}

// AddPoints adds points a tournament already scored for a player (as
// stored with its result) as one scored tournament; zero or less counts
// nothing.
func (l *League) AddPoints(p PlayerID, pts int) {
	if pts > 0 {
		l.points[p] += pts
		l.scored[p]++
	}
}
