package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/pokerroom/pokerroom/bot"
	"gorm.io/gorm"
)

// playerHandsPage is how many hands' setups PlayerHands reads at a time
// looking for the player's.
const playerHandsPage = 500

// PlayerHands implements bot.HandExports: it finds the ids of the newest
// q.Limit hands of the range that list the player (reading the range's
// setups newest first, a page at a time), then gives those hands oldest
// first, one at a time.
func (s *Store) PlayerHands(ctx context.Context, q bot.PlayerHandsQuery, fn func(bot.ExportedHand) error) (bool, error) {
	if q.Limit <= 0 || q.PlayerID == 0 {
		return false, fmt.Errorf("player hands: want a player and a limit, got player %d, limit %d", q.PlayerID, q.Limit)
	}
	tables, err := s.tourneyTables(ctx, q)
	if err != nil || (q.TourneyID != 0 && len(tables) == 0) {
		return false, err
	}
	ids, more, err := s.newestPlayerHands(ctx, q, tables)
	if err != nil || (more && q.All) {
		return more, err
	}
	cache := map[int64]ExportedHand{}
	for i := len(ids) - 1; i >= 0; i-- {
		if err := ctx.Err(); err != nil {
			return more, err
		}
		h, err := takeByID[Hand](ctx, s.db, "hand", ids[i])
		if err != nil {
			return more, roomErr(fmt.Errorf("player hands: %w", err))
		}
		if err := s.exportHand(ctx, h, cache, fn); err != nil {
			return more, err
		}
	}
	return more, nil
}

// tourneyTables returns the tables of q's tournament (nil when q names
// none); ErrNotFound when there is no such tournament (in q's
// community).
func (s *Store) tourneyTables(ctx context.Context, q bot.PlayerHandsQuery) ([]int64, error) {
	if q.TourneyID == 0 {
		return nil, nil
	}
	tr, err := takeByID[Tourney](ctx, s.db, "tournament", q.TourneyID)
	if err == nil && q.CommunityID != 0 && tr.CommunityID != q.CommunityID {
		err = fmt.Errorf("tournament %d of community %d: %w", q.TourneyID, q.CommunityID, ErrNotFound)
	}
	if err != nil {
		return nil, roomErr(err)
	}
	var rows []Table
	if err := s.db.WithContext(ctx).Select("id", "config").Where("community_id = ?", tr.CommunityID).Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("tables of tournament %d: %w", tr.ID, err)
	}
	var out []int64
	for _, t := range rows {
		var link struct {
			Tourney int64 `json:"tourney"`
		}
		if json.Unmarshal([]byte(t.Config), &link) == nil && link.Tourney == tr.ID {
			out = append(out, t.ID)
		}
	}
	return out, nil
}

// playerRange selects the ended, not voided hands of q's community (or
// of tables), since q.Since.
func (s *Store) playerRange(ctx context.Context, q bot.PlayerHandsQuery, tables []int64) *gorm.DB {
	db := s.db.WithContext(ctx).Model(&Hand{}).Where("hands.ended_at IS NOT NULL AND hands.voided = ''")
	switch {
	case len(tables) > 0:
		db = db.Where("hands.table_id IN ?", tables)
	case q.CommunityID != 0:
		db = db.Where("hands.table_id IN (SELECT id FROM tables WHERE community_id = ?)", q.CommunityID)
	}
	if !q.Since.IsZero() {
		db = db.Where("hands.started_at >= ?", q.Since.UTC())
	}
	return db
}

// newestPlayerHands returns the ids of the newest q.Limit hands of the
// range that list the player, newest first, and whether there are more.
func (s *Store) newestPlayerHands(ctx context.Context, q bot.PlayerHandsQuery, tables []int64) ([]int64, bool, error) {
	var ids []int64
	before := int64(-1)
	for {
		var page []Hand
		db := s.playerRange(ctx, q, tables).Select("hands.id", "hands.setup")
		if before >= 0 {
			db = db.Where("hands.id < ?", before)
		}
		if err := db.Order("hands.id DESC").Limit(playerHandsPage).Find(&page).Error; err != nil {
			return nil, false, fmt.Errorf("hands of player %d: %w", q.PlayerID, err)
		}
		for _, h := range page {
			before = h.ID
			if !listsPlayer(h.Setup, q.PlayerID) {
				continue
			}
			if len(ids) == q.Limit {
				return ids, true, nil
			}
			ids = append(ids, h.ID)
		}
		if len(page) < playerHandsPage {
			return ids, false, nil
		}
		if err := ctx.Err(); err != nil {
			return nil, false, err
		}
	}
}
