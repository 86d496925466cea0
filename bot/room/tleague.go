package room

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

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
func (a *tourneyActor) leagueAccount() (int64, error) {
	ctx, cancel := context.WithTimeout(a.d.ctx, table.OpTimeout)
	defer cancel()
	return a.d.store.OpenAccount(ctx, bot.AccountTournament, leagueKey(a.comm.ID, a.set.League), 0)
}

func leagueKey(community int64, name string) string {
	return "league:" + strconv.FormatInt(community, 10) + ":" + name
}

// leaguePoints scores the results in the tournament's tier: each player
// once, for their best place; after a deal that left nothing in play,
// every party scores the lowest position in play (R-LGE-2).
func (a *tourneyActor) leaguePoints(results []tourney.Result) map[int64]int {
	if a.set.League == "" {
		return nil
	}
	if a.set.Pairs {
		return a.pairPoints(results)
	}
	tier := tourney.TierFor(a.t.Config().BuyIn.Total(), a.isFinal()) // a staged final is a multi-day event (T3)
	if a.shares != nil && a.dealt {
		var money int64
		for _, v := range a.shares {
			money += v
		}
		if pos, ok := tourney.DealPointsPosition(len(a.shares), a.kept, money+a.kept, false); ok {
			rs := append([]tourney.Result(nil), results...)
			for i := range rs {
				if a.inDeal(rs[i].Entry) {
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

// leagueCmd answers /league [name]: the ranking (ties broken by the
// number of scored tournaments, R-LGE-3), the pool, and what the final
// and the top five would be paid.
func (r *Room) leagueCmd(ctx context.Context, cmd bot.Command, comm bot.Community, lang string) (bot.Reply, error) {
	recs, err := r.store.Tourneys(ctx, comm.ID, false)
	if err != nil {
		return bot.Reply{}, err
	}
	name := ""
	if len(cmd.Args) > 0 {
		name = strings.ToLower(cmd.Args[0])
	}
	names := map[string]bool{}
	var scored []bot.TourneyRecord
	for _, rec := range recs {
		var set tourneySettings
		if json.Unmarshal([]byte(rec.Config), &set) != nil || set.League == "" {
			continue
		}
		names[set.League] = true
		if name == "" || set.League == name {
			if name == "" {
				name = set.League
			}
			if set.League == name && !rec.EndedAt.IsZero() {
				scored = append(scored, rec)
			}
		}
	}
	if name == "" || !names[name] {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "league.none")
	}
	l := tourney.NewLeague()
	who := map[int64]bot.Player{}
	named := map[tourney.PlayerID]string{}
	events := 0
	for _, rec := range scored {
		ops, err := r.store.TourneyOps(ctx, rec.ID)
		if err != nil {
			return bot.Reply{}, err
		}
		for _, o := range ops {
			switch o.Kind {
			case opRegister:
				var reg registerOp
				if json.Unmarshal([]byte(o.Data), &reg) == nil && reg.Player != nil {
					who[reg.Player.ID] = *reg.Player
				}
			case opFinish:
				var op finishOp
				if json.Unmarshal([]byte(o.Data), &op) != nil || op.Points == nil {
					continue
				}
				events++
				for id, pts := range op.Points {
					key := standingKey(id, who)
					l.AddPoints(key, pts)
					if p, ok := who[id]; ok {
						named[key] = p.DisplayName
					}
				}
			}
		}
	}
	acc, err := r.store.OpenAccount(ctx, bot.AccountTournament, leagueKey(comm.ID, name), 0)
	if err != nil {
		return bot.Reply{}, err
	}
	pool, err := r.store.Balance(ctx, acc)
	if err != nil {
		return bot.Reply{}, err
	}
	var b strings.Builder
	b.WriteString(tr(lang, "league.title", name, events, bot.FormatChips(pool, lang)))
	rank := l.Ranking()
	shown := distinctNames(rank, named)
	for i, s := range rank {
		if i == tourney.LeagueFinalPlayers {
			fmt.Fprintf(&b, "\n… %d", len(rank)-i)
			break
		}
		fmt.Fprintf(&b, "\n%d. %s · %d (%d)", s.Rank, shown[s.Player], s.Points, s.Scored)
	}
	if len(rank) == 0 {
		b.WriteString("\n" + tr(lang, "league.empty"))
	}
	if pz, err := tourney.DivideLeaguePool(pool); err == nil {
		fmt.Fprintf(&b, "\n%s", tr(lang, "league.prizes", bot.FormatChips(sum(pz.Final), lang), bot.FormatChips(sum(pz.Direct), lang)))
	}
	return bot.Reply{Text: b.String()}, nil
}

func sum(xs []tourney.Chips) int64 {
	var s int64
	for _, x := range xs {
		s += x
	}
	return s
}

// standingKey is who a league's points belong to: the player, by
// identity; a practice opponent by its name, since every tournament
// registers its own practice players under the names of one pool, and
// the standings list "Alba" once however many tournaments she played.
func standingKey(id int64, who map[int64]bot.Player) tourney.PlayerID {
	if p, ok := who[id]; ok && p.Platform == table.BotPlatform {
		return tourney.PlayerID(table.BotPlatform + ":" + p.DisplayName)
	}
	return tourney.PlayerID(strconv.FormatInt(id, 10))
}

// distinctNames names the players of a ranking so that no two lines
// show one name: the first (best ranked) player of a display name keeps
// it, the others are "name (2)", "name (3)" in ranking order. A player
// with no name known is shown as "?".
func distinctNames(rank []tourney.LeagueStanding, names map[tourney.PlayerID]string) map[tourney.PlayerID]string {
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
