// The tournaments (bot.Tourneys): tournaments, their ops and the templates.

package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/pokerroom/pokerroom/bot"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// AddTourney implements bot.Tourneys.
func (s *Store) AddTourney(ctx context.Context, t bot.TourneyRecord) (int64, error) {
	row := Tourney{CommunityID: t.CommunityID, Name: t.Name, Config: t.Config, Status: t.Status, CreatedAt: t.CreatedAt}
	if row.Config == "" {
		row.Config = "{}"
	}
	if row.CreatedAt.IsZero() {
		row.CreatedAt = s.clock.Now()
	}
	row.CreatedAt = storedTime(row.CreatedAt)
	made, err := insert(ctx, s, row)
	if err != nil {
		return 0, roomErr(fmt.Errorf("create tournament: %w", err))
	}
	return made.ID, nil
}

// Tourneys implements bot.Tourneys.
func (s *Store) Tourneys(ctx context.Context, communityID int64, open bool) ([]bot.TourneyRecord, error) {
	q := s.db.WithContext(ctx)
	if open {
		q = q.Where("ended_at IS NULL")
	}
	if communityID != 0 {
		q = q.Where("community_id = ?", communityID)
	}
	var rows []Tourney
	if err := q.Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("tournaments: %w", err)
	}
	out := make([]bot.TourneyRecord, len(rows))
	for i, r := range rows {
		out[i] = r.record()
	}
	return out, nil
}

// TourneyOps implements bot.Tourneys.
func (s *Store) TourneyOps(ctx context.Context, tourneyID int64) ([]bot.TourneyOp, error) {
	var rows []TourneyOp
	if err := s.db.WithContext(ctx).Where("tourney_id = ?", tourneyID).Order("seq").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("tournament %d ops: %w", tourneyID, err)
	}
	out := make([]bot.TourneyOp, len(rows))
	for i, r := range rows {
		out[i] = r.record()
	}
	return out, nil
}

// SaveTemplate implements bot.Tourneys.
func (s *Store) SaveTemplate(ctx context.Context, t bot.Template) error {
	row := TourneyTemplate{CommunityID: t.CommunityID, Name: t.Name, Config: t.Config, Spec: t.Spec, UpdatedAt: s.now()}
	if !t.Last.IsZero() {
		last := storedTime(t.Last)
		row.Last = &last
	}
	err := s.write(ctx, func(db *gorm.DB) error {
		return db.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "community_id"}, {Name: "name"}},
			DoUpdates: clause.AssignmentColumns([]string{"config", "spec", "last", "updated_at"}),
		}).Create(&row).Error
	})
	if err != nil {
		return roomErr(fmt.Errorf("template %q: %w", t.Name, err))
	}
	return nil
}

// Templates implements bot.Tourneys.
func (s *Store) Templates(ctx context.Context, communityID int64) ([]bot.Template, error) {
	q := s.db.WithContext(ctx)
	if communityID != 0 {
		q = q.Where("community_id = ?", communityID)
	}
	var rows []TourneyTemplate
	if err := q.Order("community_id, name").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("templates: %w", err)
	}
	out := make([]bot.Template, len(rows))
	for i, r := range rows {
		out[i] = bot.Template{CommunityID: r.CommunityID, Name: r.Name, Config: r.Config, Spec: r.Spec}
		if r.Last != nil {
			out[i].Last = *r.Last
		}
	}
	return out, nil
}

// DeleteTemplate implements bot.Tourneys.
func (s *Store) DeleteTemplate(ctx context.Context, communityID int64, name string) error {
	err := s.updated(ctx, fmt.Sprintf("template %q", name), func(db *gorm.DB) *gorm.DB {
		return db.Where("community_id = ? AND name = ?", communityID, name).Delete(&TourneyTemplate{})
	})
	if err != nil && !errors.Is(err, bot.ErrNotFound) {
		return fmt.Errorf("template %q: %w", name, err)
	}
	return err
}
