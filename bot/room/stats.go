// The players' statistics and the leaderboard (/stats, /leaderboard):
// the sums the store keeps of every hand ended (bot.Stats, bot/stats),
// read and shown.

package room

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/stats"
	"github.com/pokerroom/pokerroom/bot/tournament"
	"github.com/pokerroom/pokerroom/tourney"
)

// leaderboardSize is how many players /leaderboard lists.
const leaderboardSize = 10

// statsPeriod reads a period word: its key in the catalogue and the first
// moment it counts from at now (zero for all time): the ISO week (from
// Monday) or the calendar month, in UTC, which is how the store keys its
// days.
func statsPeriod(word string, now time.Time) (key string, since time.Time, ok bool) {
	now = now.UTC()
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	switch strings.ToLower(word) {
	case "week", "semana":
		return "period.week", day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7)), true
	case "month", "mes":
		return "period.month", day.AddDate(0, 0, 1-day.Day()), true
	case "all", "todo":
		return "period.all", time.Time{}, true
	}
	return "", time.Time{}, false
}

// statsPublicKey is the KV key of whether a player's statistics in a
// community are public ("1") or private (anything else, or none).
func statsPublicKey(comm, player int64) string {
	return "stats:public:" + strconv.FormatInt(comm, 10) + ":" + strconv.FormatInt(player, 10)
}

// statsCmd is /stats [@player|name] [week|month|all], /stats public and
// /stats private: a player's statistics in this community, answered
// privately; another's only when they made theirs public.
func (r *Room) statsCmd(ctx context.Context, cmd bot.Command, p bot.Player, comm bot.Community, lang string) (bot.Reply, error) {
	periodKey, since, _ := statsPeriod("all", r.clock.Now())
	var who []string
	for _, a := range cmd.Args {
		switch k, s, ok := statsPeriod(a, r.clock.Now()); {
		case ok:
			periodKey, since = k, s
		case strings.EqualFold(a, "public") || strings.EqualFold(a, "private"):
			if len(cmd.Args) != 1 {
				return bot.Reply{}, bot.Errorf(bot.EInvalid, "stats.usage")
			}
			return r.setStatsPublic(ctx, p, comm, strings.EqualFold(a, "public"), lang)
		default:
			who = append(who, a)
		}
	}
	target := p
	if len(who) > 0 {
		name := strings.Join(who, " ")
		econ, err := r.economy(ctx, comm)
		if err != nil {
			return bot.Reply{}, err
		}
		if target, err = r.memberNamed(ctx, cmd.Platform, name, econ); err != nil {
			var e *bot.Error
			if errors.As(err, &e) && e.Code == bot.ENotFound {
				return bot.Reply{}, bot.Errorf(bot.ENotFound, "stats.who", name)
			}
			return bot.Reply{}, err
		}
		if target.ID != p.ID {
			v, err := r.store.Value(ctx, statsPublicKey(comm.ID, target.ID))
			if err != nil && !errors.Is(err, bot.ErrNotFound) {
				return bot.Reply{}, storageErr(err)
			}
			if v != "1" {
				return bot.Reply{}, bot.Errorf(bot.EForbidden, "stats.private", target.DisplayName)
			}
		}
	}
	var lines []string
	kinds := []bot.StatsKind{bot.StatsCash, bot.StatsTourney}
	if target.ID == p.ID {
		kinds = append(kinds, bot.StatsAnon, bot.StatsAnonTourney) // anonymous tables' and events' hands: to the player alone (R-CASH-6, R-TRN-13)
	}
	for _, kind := range kinds {
		s, err := r.store.PlayerStats(ctx, comm.ID, target.ID, kind, since)
		if err != nil {
			return bot.Reply{}, storageErr(err)
		}
		if s.Hands == 0 {
			continue
		}
		lines = append(lines, statsLines(lang, target.DisplayName, tr(lang, periodKey), kind, s)...)
	}
	ts, err := r.store.TourneyStats(ctx, comm.ID, target.ID, since)
	if err != nil {
		return bot.Reply{}, storageErr(err)
	}
	if ts.Tourneys > 0 || ts.Entries > 0 { // entries: a flight's buy-in, its final still to play
		lines = append(lines, tr(lang, "stats.tourneys_title", target.DisplayName, tr(lang, periodKey)),
			tr(lang, "stats.tourneys", bot.Chips(ts.Tourneys), bot.Chips(ts.Entries), itm(lang, ts), roi(lang, ts), bot.Chips(ts.Knockouts), bestFinish(ts)),
			tr(lang, "stats.tourneys_money", bot.FormatChips(ts.Spent, lang), bot.FormatChips(ts.Won, lang), signedChips(lang, ts.Net())))
	}
	if len(lines) == 0 {
		lines = append(lines, tr(lang, "stats.none", target.DisplayName, tr(lang, periodKey)))
	}
	return bot.Reply{Text: strings.Join(lines, "\n"), Private: true}, nil
}

// statsLines shows one kind of a player's statistics.
func statsLines(lang, name, period string, kind bot.StatsKind, s bot.HandStats) []string {
	q := stats.Of(s)
	pct := func(v float64) string { return decimal(lang, v, 0) }
	return []string{
		tr(lang, "stats.title", name, tr(lang, "stats.kind_"+string(kind)), period),
		tr(lang, "stats.play", bot.Chips(s.Hands), pct(q.VPIP), pct(q.PFR), pct(q.ThreeBet), pct(q.WTSD), pct(q.WSD), decimal(lang, q.AF, 1)),
		tr(lang, "stats.money", signedChips(lang, s.Net), decimal(lang, q.BBPer100, 1), bot.Chips(s.BiggestPot)),
	}
}

// setStatsPublic stores whether p's statistics in comm are public.
func (r *Room) setStatsPublic(ctx context.Context, p bot.Player, comm bot.Community, public bool, lang string) (bot.Reply, error) {
	v, key := "0", "stats.made_private"
	if public {
		v, key = "1", "stats.made_public"
	}
	if err := r.store.SetValue(ctx, statsPublicKey(comm.ID, p.ID), v); err != nil {
		return bot.Reply{}, storageErr(err)
	}
	return bot.Reply{Text: tr(lang, key, "@"+p.DisplayName), Private: true}, nil
}

// itm is the share of a player's tournaments finished in the money, in
// percent.
func itm(lang string, s bot.TourneyStats) string {
	if s.Tourneys == 0 {
		return "0"
	}
	return decimal(lang, 100*float64(s.Cashes)/float64(s.Tourneys), 0)
}

// bestFinish is a player's best place, "-" when they have none (only
// qualifying flights they did not survive, which give no place).
func bestFinish(s bot.TourneyStats) string {
	if s.BestFinish == 0 {
		return "-"
	}
	return strconv.FormatInt(s.BestFinish, 10)
}

// roi is a player's return on the money spent in tournaments, net over
// spent in percent ("-" when they spent nothing: freerolls).
func roi(lang string, s bot.TourneyStats) string {
	if s.Spent == 0 {
		return "-"
	}
	v := decimal(lang, 100*float64(s.Net())/float64(s.Spent), 0)
	if s.Net() > 0 && v != "0" {
		v = "+" + v
	}
	return v + "%"
}

// leaderboardCmd is /leaderboard [week|month|all] [cash|tourney]: the
// community's players by net chips won at its cash tables, or by net
// prize money in its tournaments, in the group.
func (r *Room) leaderboardCmd(ctx context.Context, cmd bot.Command, comm bot.Community, lang string) (bot.Reply, error) {
	periodKey, since, _ := statsPeriod("all", r.clock.Now())
	tourneys := false
	for _, a := range cmd.Args {
		switch k, s, ok := statsPeriod(a, r.clock.Now()); {
		case ok:
			periodKey, since = k, s
		case strings.EqualFold(a, "cash"):
			tourneys = false
		case strings.EqualFold(a, "tourney"), strings.EqualFold(a, "tournament"), strings.EqualFold(a, "torneo"):
			tourneys = true
		default:
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "leaderboard.usage")
		}
	}
	if tourneys {
		return r.tourneyLeaderboard(ctx, comm, lang, tr(lang, periodKey), since)
	}
	rows, err := r.store.Leaderboard(ctx, comm.ID, bot.StatsCash, since, leaderboardSize)
	if err != nil {
		return bot.Reply{}, storageErr(err)
	}
	period := tr(lang, periodKey)
	if len(rows) == 0 {
		return bot.Reply{Text: tr(lang, "leaderboard.empty", period)}, nil
	}
	lines := []string{tr(lang, "leaderboard.title", tr(lang, "stats.kind_cash"), period)}
	for i, name := range distinctNames(rows) {
		row := rows[i]
		lines = append(lines, tr(lang, "leaderboard.line", i+1, name, signedChips(lang, row.Net), bot.Chips(row.Hands),
			decimal(lang, stats.Of(row.HandStats).BBPer100, 1)))
	}
	return bot.Reply{Text: strings.Join(lines, "\n")}, nil
}

// tourneyLeaderboard is /leaderboard tourney: the community's players by
// net prize money in its finished tournaments, with entries, ITM and ROI.
func (r *Room) tourneyLeaderboard(ctx context.Context, comm bot.Community, lang, period string, since time.Time) (bot.Reply, error) {
	rows, err := r.store.TourneyLeaderboard(ctx, comm.ID, since, leaderboardSize)
	if err != nil {
		return bot.Reply{}, storageErr(err)
	}
	if len(rows) == 0 {
		return bot.Reply{Text: tr(lang, "leaderboard.tourney_empty", period)}, nil
	}
	named := make([]bot.StatsRow, len(rows))
	for i, row := range rows {
		named[i] = bot.StatsRow{PlayerID: row.PlayerID, Name: row.Name}
	}
	lines := []string{tr(lang, "leaderboard.tourney_title", period)}
	for i, name := range distinctNames(named) {
		s := rows[i].TourneyStats
		lines = append(lines, tr(lang, "leaderboard.tourney_line", i+1, name, signedChips(lang, s.Net()), bot.Chips(s.Entries), itm(lang, s), roi(lang, s)))
	}
	return bot.Reply{Text: strings.Join(lines, "\n")}, nil
}

// distinctNames are the rows' display names, two players of one name
// told apart as the league's standings do ("ana", "ana (2)").
func distinctNames(rows []bot.StatsRow) []string {
	rank := make([]tourney.LeagueStanding, len(rows))
	names := map[tourney.PlayerID]string{}
	for i, row := range rows {
		id := tourney.PlayerID(strconv.FormatInt(row.PlayerID, 10))
		rank[i].Player, names[id] = id, row.Name
	}
	distinct := tournament.DistinctNames(rank, names)
	out := make([]string, len(rows))
	for i, s := range rank {
		out[i] = distinct[s.Player]
	}
	return out
}

// signedChips writes n with its sign (+71, -80) and the language's
// thousands separator.
func signedChips(lang string, n int64) string {
	if n > 0 {
		return "+" + bot.FormatChips(n, lang)
	}
	return bot.FormatChips(n, lang)
}

// decimal writes v with places decimals, with the language's decimal
// mark.
func decimal(lang string, v float64, places int) string {
	s := fmt.Sprintf("%.*f", places, v)
	if s == "-0" || strings.Trim(s, "-0.") == "" {
		s = strings.TrimPrefix(s, "-")
	}
	if lang == bot.Spanish {
		s = strings.ReplaceAll(s, ".", ",")
	}
	return s
}
