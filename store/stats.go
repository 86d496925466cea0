// Players' statistics (bot.Stats): the counters of each finished hand
// added to its players' rows of the day, in the transaction that ends
// the hand, and the rows summed over a period when read.

package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/stats"
	"github.com/pokerroom/pokerroom/engine"
)

var _ bot.Stats = (*Store)(nil)

// statsColumns are player_stats' counters, in bot.HandStats' order.
var statsColumns = []string{"hands", "vpip", "pfr", "three_bet_chances", "three_bets", "saw_flop", "went_to_showdown",
	"won_at_showdown", "aggressive", "calls", "net", "net_centi_bb", "biggest_pot"}

// statsDay is the key of a day's rows: its UTC date.
const statsDay = "2006-01-02"

// The statements of the statistics.
var (
	sqlStatsHand   = "SELECT h.setup, t.community_id FROM hands h JOIN tables t ON t.id = h.table_id WHERE h.id = ?"
	sqlStatsEvents = "SELECT payload FROM hand_events WHERE hand_id = ? ORDER BY seq"
	// sqlStatsHead, sqlStatsRow for each row, sqlStatsTail: counters added
	// to players' rows (statsStmt).
	sqlStatsHead, sqlStatsRow, sqlStatsTail = statsUpsert()
	// statsSums are the counters summed over a period's rows.
	statsSums = func() string {
		var b strings.Builder
		for i, c := range statsColumns {
			if i > 0 {
				b.WriteString(", ")
			}
			if c == "biggest_pot" {
				fmt.Fprintf(&b, "COALESCE(MAX(s.%s), 0)", c)
			} else {
				fmt.Fprintf(&b, "COALESCE(SUM(s.%s), 0)", c)
			}
		}
		return b.String()
	}()
	sqlPlayerStats = "SELECT " + statsSums + " FROM player_stats s WHERE s.community_id = ? AND s.player_id = ? AND s.kind = ? AND s.day >= ?"
	sqlLeaderboard = "SELECT p.id, p.display_name, " + statsSums + " FROM player_stats s JOIN players p ON p.id = s.player_id" +
		" WHERE s.community_id = ? AND s.kind = ? AND s.day >= ? GROUP BY p.id, p.display_name ORDER BY SUM(s.net) DESC, p.id LIMIT ?"
)

// statsUpsert adds a row's counters to the stored row of its key (the
// biggest pot is the larger one), or inserts it: the same text for SQLite
// and PostgreSQL.
func statsUpsert() (head, row, tail string) {
	var set []string
	for _, c := range statsColumns {
		if c == "biggest_pot" {
			set = append(set, "biggest_pot = CASE WHEN excluded.biggest_pot > player_stats.biggest_pot THEN excluded.biggest_pot ELSE player_stats.biggest_pot END")
		} else {
			set = append(set, fmt.Sprintf("%s = player_stats.%s + excluded.%s", c, c, c))
		}
	}
	return "INSERT INTO player_stats (community_id, player_id, kind, day, " + strings.Join(statsColumns, ", ") + ") VALUES ",
		"(?,?,?,?" + strings.Repeat(",?", len(statsColumns)) + ")",
		" ON CONFLICT (community_id, player_id, kind, day) DO UPDATE SET " + strings.Join(set, ", ")
}

// counters are s's counters as arguments, in statsColumns' order.
func counters(s bot.HandStats) []any {
	return []any{s.Hands, s.VPIP, s.PFR, s.ThreeBetChances, s.ThreeBets, s.SawFlop, s.WentToShowdown,
		s.WonAtShowdown, s.Aggressive, s.Calls, s.Net, s.NetCentiBB, s.BiggestPot}
}

// scanCounters scans statsColumns' sums into s, after the columns before.
func scanCounters(r *sql.Rows, s *bot.HandStats, before ...any) error {
	return r.Scan(append(before, &s.Hands, &s.VPIP, &s.PFR, &s.ThreeBetChances, &s.ThreeBets, &s.SawFlop, &s.WentToShowdown,
		&s.WonAtShowdown, &s.Aggressive, &s.Calls, &s.Net, &s.NetCentiBB, &s.BiggestPot)...)
}

// addHandStats adds, in b, the counters of a hand that ended at at to
// its players' rows of that day: add, when the table that played it computed
// them (bot.TableWrite.Stats), else those of the hand as stored (its
// events all stored), read back and replayed. A hand whose setup or
// events cannot be replayed to its end counts for nothing: its players'
// statistics must never stop a hand from ending.
func (tx *Tx) addHandStats(handID int64, at time.Time, add *bot.EndedHandStats, b *batchRows) error {
	if add != nil {
		b.addStats(add.Community, add.Kind, add.Players, at)
		return nil
	}
	var setupJS string
	var community int64
	if err := tx.query(sqlStatsHand, func(r *sql.Rows) error { return r.Scan(&setupJS, &community) }, handID); err != nil {
		return fmt.Errorf("hand %d for statistics: %w", handID, err)
	}
	var setup engine.Setup
	if setupJS == "" || json.Unmarshal([]byte(setupJS), &setup) != nil {
		return nil
	}
	var events []engine.Event
	bad := false
	err := tx.query(sqlStatsEvents, func(r *sql.Rows) error {
		var payload string
		if err := r.Scan(&payload); err != nil {
			return err
		}
		var e engine.Event
		if json.Unmarshal([]byte(payload), &e) != nil {
			bad = true
		}
		events = append(events, e)
		return nil
	}, handID)
	if err != nil {
		return fmt.Errorf("hand %d events for statistics: %w", handID, err)
	}
	if bad {
		return nil
	}
	h, err := stats.FromHand(setup, events)
	if err != nil {
		return nil
	}
	b.addStats(community, h.Kind, h.Players, at)
	return nil
}

// sinceDay is the first day's key of a period from since (zero: all).
func sinceDay(since time.Time) string {
	if since.IsZero() {
		return ""
	}
	return since.UTC().Format(statsDay)
}

// PlayerStats implements bot.Stats.
func (s *Store) PlayerStats(ctx context.Context, communityID, playerID int64, kind bot.StatsKind, since time.Time) (bot.HandStats, error) {
	var out bot.HandStats
	err := s.InTx(ctx, func(tx *Tx) error {
		return tx.query(sqlPlayerStats, func(r *sql.Rows) error { return scanCounters(r, &out) },
			communityID, playerID, string(kind), sinceDay(since))
	})
	if err != nil {
		return bot.HandStats{}, fmt.Errorf("statistics of player %d: %w", playerID, err)
	}
	return out, nil
}

// Leaderboard implements bot.Stats.
func (s *Store) Leaderboard(ctx context.Context, communityID int64, kind bot.StatsKind, since time.Time, limit int) ([]bot.StatsRow, error) {
	if limit <= 0 {
		return nil, nil
	}
	var out []bot.StatsRow
	err := s.InTx(ctx, func(tx *Tx) error {
		out = out[:0]
		return tx.query(sqlLeaderboard, func(r *sql.Rows) error {
			var row bot.StatsRow
			if err := scanCounters(r, &row.HandStats, &row.PlayerID, &row.Name); err != nil {
				return err
			}
			out = append(out, row)
			return nil
		}, communityID, string(kind), sinceDay(since), limit)
	})
	if err != nil {
		return nil, fmt.Errorf("leaderboard of community %d: %w", communityID, err)
	}
	return out, nil
}
