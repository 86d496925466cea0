package bottest

import (
	"context"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// PlayerHands fails in an outage, like every read.
func (f *FaultStore) PlayerHands(ctx context.Context, q bot.PlayerHandsQuery, fn func(bot.ExportedHand) error) (bool, error) {
	if err := f.fail("PlayerHands"); err != nil {
		return false, err
	}
	return f.Storage.PlayerHands(ctx, q, fn)
}

// TableHand fails in an outage, like every read.
func (f *FaultStore) TableHand(ctx context.Context, tableID int64, number int) (bot.HandRecord, error) {
	if err := f.fail("TableHand"); err != nil {
		return bot.HandRecord{}, err
	}
	return f.Storage.TableHand(ctx, tableID, number)
}

// SetPlayerLanguage is a write: it fails in an outage, and meets the
// fault Decide gives it.
func (f *FaultStore) SetPlayerLanguage(ctx context.Context, playerID int64, lang string) error {
	return f.write("SetPlayerLanguage", func() error { return f.Storage.SetPlayerLanguage(ctx, playerID, lang) })
}

// PlayerStats fails in an outage, like every read.
func (f *FaultStore) PlayerStats(ctx context.Context, communityID, playerID int64, kind bot.StatsKind, since time.Time) (bot.HandStats, error) {
	if err := f.fail("PlayerStats"); err != nil {
		return bot.HandStats{}, err
	}
	return f.Storage.PlayerStats(ctx, communityID, playerID, kind, since)
}

// Leaderboard fails in an outage, like every read.
func (f *FaultStore) Leaderboard(ctx context.Context, communityID int64, kind bot.StatsKind, since time.Time, limit int) ([]bot.StatsRow, error) {
	if err := f.fail("Leaderboard"); err != nil {
		return nil, err
	}
	return f.Storage.Leaderboard(ctx, communityID, kind, since, limit)
}

// TourneyStats fails in an outage, like every read.
func (f *FaultStore) TourneyStats(ctx context.Context, communityID, playerID int64, since time.Time) (bot.TourneyStats, error) {
	if err := f.fail("TourneyStats"); err != nil {
		return bot.TourneyStats{}, err
	}
	return f.Storage.TourneyStats(ctx, communityID, playerID, since)
}

// TourneyLeaderboard fails in an outage, like every read.
func (f *FaultStore) TourneyLeaderboard(ctx context.Context, communityID int64, since time.Time, limit int) ([]bot.TourneyStatsRow, error) {
	if err := f.fail("TourneyLeaderboard"); err != nil {
		return nil, err
	}
	return f.Storage.TourneyLeaderboard(ctx, communityID, since, limit)
}
