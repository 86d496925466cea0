// The members (bot.Members): players and communities.

package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/pokerroom/pokerroom/bot"
	"gorm.io/gorm"
)

// Player implements bot.Members.
func (s *Store) Player(ctx context.Context, platform, userID, displayName string) (bot.Player, error) {
	p, err := s.EnsurePlayer(ctx, Platform(platform), userID, displayName)
	if err != nil {
		return bot.Player{}, roomErr(err)
	}
	return p.record(), nil
}

// record is the room's view of a stored player.
func (p Player) record() bot.Player {
	return bot.Player{ID: p.ID, Platform: string(p.Platform), UserID: p.UserID, DisplayName: p.DisplayName, Language: p.Language, Banned: p.Banned}
}

// record is the room's view of a stored community.
func (c Community) record() bot.Community {
	return bot.Community{ID: c.ID, Platform: string(c.Platform), ChatID: c.ChatID, Title: c.Title,
		Language: c.Language, SpectatorChat: c.SpectatorChat, Guild: c.Guild, GrantCap: c.GrantCap, DayCap: c.DayCap}
}

// FindPlayers implements bot.Members.
func (s *Store) FindPlayers(ctx context.Context, platform, who string) ([]bot.Player, error) {
	return findPlayers("find players", s.db.WithContext(ctx), platform, who)
}

// FindMembers implements bot.Members.
func (s *Store) FindMembers(ctx context.Context, platform, who, keyPrefix string) ([]bot.Player, error) {
	among := s.db.WithContext(ctx).Where("EXISTS (SELECT 1 FROM key_values WHERE key_values.key = ? || CAST(players.id AS TEXT))", keyPrefix)
	return findPlayers("find members", among, platform, who)
}

// findPlayers is the first ten players of platform, among those db
// selects, whose user id or name (whatever its case) is who.
func findPlayers(what string, db *gorm.DB, platform, who string) ([]bot.Player, error) {
	var rows []Player
	err := db.Where("platform = ? AND (user_id = ? OR lower(display_name) = lower(?))", platform, who, who).
		Order("id").Limit(10).Find(&rows).Error
	if err != nil {
		return nil, roomErr(fmt.Errorf("%s %q: %w", what, who, err))
	}
	out := make([]bot.Player, 0, len(rows))
	for _, p := range rows {
		out = append(out, p.record())
	}
	return out, nil
}

// SetBanned implements bot.Members.
func (s *Store) SetBanned(ctx context.Context, playerID int64, reason string) error {
	err := s.updated(ctx, fmt.Sprintf("player %d", playerID), func(db *gorm.DB) *gorm.DB {
		return db.Model(&Player{}).Where("id = ?", playerID).Updates(map[string]any{"banned": reason, "updated_at": s.now()})
	})
	if err != nil && !errors.Is(err, bot.ErrNotFound) {
		return roomErr(fmt.Errorf("ban player %d: %w", playerID, err))
	}
	return err
}

// SetPlayerLanguage implements bot.Members.
func (s *Store) SetPlayerLanguage(ctx context.Context, playerID int64, lang string) error {
	err := s.updated(ctx, fmt.Sprintf("player %d", playerID), func(db *gorm.DB) *gorm.DB {
		return db.Model(&Player{}).Where("id = ?", playerID).Updates(map[string]any{"language": lang, "updated_at": s.now()})
	})
	if err != nil && !errors.Is(err, bot.ErrNotFound) {
		return roomErr(fmt.Errorf("player %d language: %w", playerID, err))
	}
	return err
}

// Community implements bot.Members.
func (s *Store) Community(ctx context.Context, platform, chatID, title string) (bot.Community, error) {
	c, err := s.EnsureCommunity(ctx, Platform(platform), chatID, title)
	if err != nil {
		return bot.Community{}, roomErr(err)
	}
	return c.record(), nil
}

// CommunityByID implements bot.Members.
func (s *Store) CommunityByID(ctx context.Context, id int64) (bot.Community, error) {
	var c Community
	if err := s.db.WithContext(ctx).Where("id = ?", id).Take(&c).Error; err != nil {
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return bot.Community{}, fmt.Errorf("%w: community %d", bot.ErrNotFound, id)
		}
		return bot.Community{}, roomErr(fmt.Errorf("community %d: %w", id, err))
	}
	return c.record(), nil
}

// SetCommunity implements bot.Members.
func (s *Store) SetCommunity(ctx context.Context, c bot.Community) error {
	err := s.updated(ctx, fmt.Sprintf("community %d", c.ID), func(db *gorm.DB) *gorm.DB {
		return db.Model(&Community{}).Where("id = ?", c.ID).
			Updates(map[string]any{"language": c.Language, "spectator_chat": c.SpectatorChat, "guild": c.Guild,
				"grant_cap": c.GrantCap, "day_cap": c.DayCap, "updated_at": s.now()})
	})
	if err != nil && !errors.Is(err, bot.ErrNotFound) {
		return fmt.Errorf("community %d: %w", c.ID, err)
	}
	return err
}

// updated runs the update upd in a transaction of its own (write): one
// that finds no row is ErrNotFound, naming what.
func (s *Store) updated(ctx context.Context, what string, upd func(db *gorm.DB) *gorm.DB) error {
	return s.write(ctx, func(db *gorm.DB) error {
		res := upd(db)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("%w: %s", bot.ErrNotFound, what)
		}
		return nil
	})
}

// MoveCommunity implements bot.Members.
func (s *Store) MoveCommunity(ctx context.Context, platform, from, to string) (bot.Community, error) {
	var moved Community
	err := s.write(ctx, func(tx *gorm.DB) error {
		if err := tx.Where("platform = ? AND chat_id = ?", platform, from).Take(&moved).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return fmt.Errorf("%w: community %s/%s", bot.ErrNotFound, platform, from)
			}
			return err
		}
		var there Community
		err := tx.Where("platform = ? AND chat_id = ?", platform, to).Take(&there).Error
		switch {
		case err == nil:
			aside := fmt.Sprintf("replaced:%d:%s", there.ID, to)
			if err := tx.Model(&Community{}).Where("id = ?", there.ID).Update("chat_id", aside[:min(len(aside), 64)]).Error; err != nil {
				return err
			}
		case !errors.Is(err, gorm.ErrRecordNotFound):
			return err
		}
		moved.ChatID = to
		if err := tx.Model(&Community{}).Where("platform = ? AND spectator_chat = ?", platform, from).Update("spectator_chat", to).Error; err != nil {
			return err // communities whose summaries went to the old chat follow it
		}
		return tx.Model(&Community{}).Where("id = ?", moved.ID).Updates(map[string]any{"chat_id": to, "updated_at": s.now()}).Error
	})
	if err != nil {
		return bot.Community{}, roomErr(fmt.Errorf("move community %s/%s to %s: %w", platform, from, to, err))
	}
	return moved.record(), nil
}
