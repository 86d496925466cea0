// Players' tournament statistics (bot.Stats' TourneyStats and
// TourneyLeaderboard): what a finished tournament gives each real player,
// added to their rows of the day in the transaction that stores its
// finish op, and the rows summed over a period when read.

package store

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// tourneyStatsColumns are tourney_stats' counters, in bot.TourneyStats'
// order.
var tourneyStatsColumns = []string{"tourneys", "entries", "spent", "won", "cashes", "knockouts", "best_finish"}

// The statements of the tournament statistics.
var (
	sqlTourneyStatsAdd = func() string {
		var set []string
		for _, c := range tourneyStatsColumns {
			if c == "best_finish" {
				set = append(set, "best_finish = CASE WHEN excluded.best_finish > 0 AND (tourney_stats.best_finish = 0 OR"+
					" excluded.best_finish < tourney_stats.best_finish) THEN excluded.best_finish ELSE tourney_stats.best_finish END")
			} else {
				set = append(set, fmt.Sprintf("%s = tourney_stats.%s + excluded.%s", c, c, c))
			}
		}
		return "INSERT INTO tourney_stats (community_id, player_id, day, " + strings.Join(tourneyStatsColumns, ", ") + ") VALUES (?,?,?" +
			strings.Repeat(",?", len(tourneyStatsColumns)) + ") ON CONFLICT (community_id, player_id, day) DO UPDATE SET " + strings.Join(set, ", ")
	}()
	// tourneyStatsSums are the counters summed over a period's rows.
	tourneyStatsSums = "COALESCE(SUM(s.tourneys), 0), COALESCE(SUM(s.entries), 0), COALESCE(SUM(s.spent), 0), COALESCE(SUM(s.won), 0)," +
		" COALESCE(SUM(s.cashes), 0), COALESCE(SUM(s.knockouts), 0), COALESCE(MIN(NULLIF(s.best_finish, 0)), 0)"
	sqlTourneyStats = "SELECT " + tourneyStatsSums + " FROM tourney_stats s WHERE s.community_id = ? AND s.player_id = ? AND s.day >= ?"
	sqlTourneyBoard = "SELECT p.id, p.display_name, " + tourneyStatsSums + " FROM tourney_stats s JOIN players p ON p.id = s.player_id" +
		" WHERE s.community_id = ? AND s.day >= ? GROUP BY p.id, p.display_name ORDER BY SUM(s.won) - SUM(s.spent) DESC, p.id LIMIT ?"
)

// scanTourneyStats scans tourneyStatsSums into s, after the columns
// before.
func scanTourneyStats(r *sql.Rows, s *bot.TourneyStats, before ...any) error {
	return r.Scan(append(before, &s.Tourneys, &s.Entries, &s.Spent, &s.Won, &s.Cashes, &s.Knockouts, &s.BestFinish)...)
}

// addTourneyStats adds a finished tournament's counters to its players'
// rows of the day of at. It runs in the transaction that stores the
// finish op, whose sequence number is stored once: a write repeated
// fails on it, and nothing is counted twice. Player id 0 (a practice
// opponent) never gets a row.
func (tx *Tx) addTourneyStats(rows []bot.TourneyResult, at time.Time) error {
	day := at.UTC().Format(statsDay)
	for _, r := range rows {
		if r.PlayerID == 0 {
			continue
		}
		s := r.TourneyStats
		if _, err := tx.exec(sqlTourneyStatsAdd, r.CommunityID, r.PlayerID, day, s.Tourneys, s.Entries, s.Spent, s.Won,
			s.Cashes, s.Knockouts, s.BestFinish); err != nil {
			return fmt.Errorf("tournament statistics of player %d: %w", r.PlayerID, err)
		}
	}
	return nil
}

// TourneyStats implements bot.Stats.
func (s *Store) TourneyStats(ctx context.Context, communityID, playerID int64, since time.Time) (bot.TourneyStats, error) {
	var out bot.TourneyStats
	err := s.InTx(ctx, func(tx *Tx) error {
		return tx.query(sqlTourneyStats, func(r *sql.Rows) error { return scanTourneyStats(r, &out) },
			communityID, playerID, sinceDay(since))
	})
	if err != nil {
		return bot.TourneyStats{}, fmt.Errorf("tournament statistics of player %d: %w", playerID, err)
	}
	return out, nil
}

// TourneyLeaderboard implements bot.Stats.
func (s *Store) TourneyLeaderboard(ctx context.Context, communityID int64, since time.Time, limit int) ([]bot.TourneyStatsRow, error) {
	if limit <= 0 {
		return nil, nil
	}
	var out []bot.TourneyStatsRow
	err := s.InTx(ctx, func(tx *Tx) error {
		out = out[:0]
		return tx.query(sqlTourneyBoard, func(r *sql.Rows) error {
			var row bot.TourneyStatsRow
			if err := scanTourneyStats(r, &row.TourneyStats, &row.PlayerID, &row.Name); err != nil {
				return err
			}
			out = append(out, row)
			return nil
		}, communityID, sinceDay(since), limit)
	})
	if err != nil {
		return nil, fmt.Errorf("tournament leaderboard of community %d: %w", communityID, err)
	}
	return out, nil
}
