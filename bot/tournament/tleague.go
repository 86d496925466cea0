package tournament

import (
	"context"
	"fmt"
	"strconv"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/tourney"
)

// Leagues (R-LGE-1..3): a tournament created with league=<name> gives
// the league its share of the pool (4% by default) and, when it ends, its
// players the points of their places in the tournament's tier. The points
// are stored with the tournament's finish op; /league adds them up over
// the community's finished tournaments of that league.

// leagueAccount is the account holding a league's pool.
func (a *Director) leagueAccount() (int64, error) {
	ctx, cancel := context.WithTimeout(a.Deps.Ctx, table.OpTimeout)
	defer cancel()
	return a.Deps.Store.OpenAccount(ctx, bot.AccountTournament, LeagueKey(a.Comm.ID, a.Set.League), 0)
}

// LeagueKey is the key of a community's league of that name.
func LeagueKey(community int64, name string) string {
	return "league:" + strconv.FormatInt(community, 10) + ":" + name
}

// leaguePoints scores the results in the tournament's tier: each player
// once, for their best place; after a deal that left nothing in play,
// every party scores the lowest position in play (R-LGE-2).
func (a *Director) leaguePoints(results []tourney.Result) map[int64]int {
	if a.Set.League == "" {
		return nil
	}
	if a.Set.Pairs {
		return a.pairPoints(results)
	}
	// The tier is by the buy-in, the chips an entry puts in play (the
	// prize part and a knockout's bounty part), not the fee: seed 001
	// #12's "compra inicial", which #4 tells apart from "el precio de la
	// inscripción" (a 45+5 tournament is T1). A staged final is a
	// multi-day event (T3).
	buyIn := a.Tourney.Config().BuyIn
	tier := tourney.TierFor(buyIn.Prize+buyIn.Bounty, a.IsFinal())
	if a.Shares != nil && a.Dealt {
		var money int64
		for _, v := range a.Shares {
			money += v
		}
		if pos, ok := tourney.DealPointsPosition(len(a.Shares), a.Kept, money+a.Kept, false); ok {
			rs := append([]tourney.Result(nil), results...)
			for i := range rs {
				if a.InDeal(rs[i].Entry) {
					rs[i].Place = pos
				}
			}
			results = rs
		}
	}
	l := tourney.NewLeague()
	l.ScoreResults(tier, results)
	out := map[int64]int{}
	for _, s := range l.Ranking() {
		id, err := strconv.ParseInt(string(s.Player), 10, 64)
		if err == nil && s.Points > 0 {
			out[id] = s.Points
		}
	}
	return out
}

// Sum adds chips.
func Sum(xs []tourney.Chips) int64 {
	var s int64
	for _, x := range xs {
		s += x
	}
	return s
}

// StandingKey is who a league's points belong to: the player, by
// identity; a practice opponent by its name, since every tournament
// registers its own practice players under the names of one pool, and
// the standings list "Alba" once however many tournaments she played.
func StandingKey(id int64, who map[int64]bot.Player) tourney.PlayerID {
	if p, ok := who[id]; ok && p.Platform == table.BotPlatform {
		return tourney.PlayerID(table.BotPlatform + ":" + p.DisplayName)
	}
	return tourney.PlayerID(strconv.FormatInt(id, 10))
}

// DistinctNames names the players of a ranking so that no two lines
// show one name: the first (best ranked) player of a display name keeps
// it, the others are "name (2)", "name (3)" in ranking order. A player
// with no name known is shown as "?".
func DistinctNames(rank []tourney.LeagueStanding, names map[tourney.PlayerID]string) map[tourney.PlayerID]string {
	out := make(map[tourney.PlayerID]string, len(rank))
	used := map[string]bool{}
	for _, s := range rank {
		base := names[s.Player]
		if base == "" {
			base = "?"
		}
		name := base
		for k := 2; used[name]; k++ {
			name = fmt.Sprintf("%s (%d)", base, k)
		}
		used[name] = true
		out[s.Player] = name
	}
	return out
}
