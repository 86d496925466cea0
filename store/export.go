package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"gorm.io/gorm"
)

// ExportQuery selects the stored hands of an export.
type ExportQuery struct {
	// CommunityID is the community whose tables' hands are read.
	CommunityID int64
	// Since: only hands started at or after it; zero for all.
	Since time.Time
	// PlayerID: only the hands whose tag lists the player among those
	// dealt in (bot.HandTag.Players); 0 for every hand.
	PlayerID int64
	// PageSize is the number of hands read at a time; 0 for 200.
	PageSize int
}

// ExportedHand is a stored hand with its table and, at a tournament
// table, its tournament (nil at a cash table).
type ExportedHand = bot.ExportedHand

// ExportCounts says what an export read: the hands given, and the hands
// of the range it did not give.
type ExportCounts struct {
	Given int
	// Playing hands are still being played, Voided hands were voided as
	// misdeals.
	Playing, Voided int
	// NotPlayer hands (with ExportQuery.PlayerID) do not list the player:
	// they were not dealt in, or the hand was stored before tags listed
	// the players.
	NotPlayer int
}

// ExportHands calls fn with the community's ended, not voided hands
// started since q.Since, oldest (lowest id) first, reading q.PageSize
// hands at a time: however many hands the range holds, one page of them
// is in memory. A hand whose stored record cannot be read back whole is
// given with Broken set. It stops at fn's first error, which it returns,
// and honours ctx's deadline and cancellation between pages and hands.
// The counts say how many hands were given and which of the range were
// not.
func (s *Store) ExportHands(ctx context.Context, q ExportQuery, fn func(ExportedHand) error) (ExportCounts, error) {
	var c ExportCounts
	size := q.PageSize
	if size <= 0 {
		size = 200
	}
	tables := map[int64]ExportedHand{}
	var after int64
	for {
		var page []Hand
		err := s.rangeOf(ctx, q).Where("hands.ended_at IS NOT NULL AND hands.voided = '' AND hands.id > ?", after).
			Order("hands.id").Limit(size).Find(&page).Error
		if err != nil {
			return c, fmt.Errorf("hands of community %d: %w", q.CommunityID, err)
		}
		for _, h := range page {
			after = h.ID
			if err := ctx.Err(); err != nil {
				return c, err
			}
			if q.PlayerID != 0 && !listsPlayer(h.Setup, q.PlayerID) {
				c.NotPlayer++
				continue
			}
			if err := s.exportHand(ctx, h, tables, fn); err != nil {
				return c, err
			}
			c.Given++
		}
		if len(page) < size {
			break
		}
	}
	return c, s.countSkipped(ctx, q, &c)
}

// rangeOf selects the hands of q's community and time range.
func (s *Store) rangeOf(ctx context.Context, q ExportQuery) *gorm.DB {
	db := s.db.WithContext(ctx).Model(&Hand{}).
		Where("hands.table_id IN (SELECT id FROM tables WHERE community_id = ?)", q.CommunityID)
	if !q.Since.IsZero() {
		db = db.Where("hands.started_at >= ?", q.Since.UTC())
	}
	return db
}

// countSkipped counts the hands of the range still being played and the
// voided ones.
func (s *Store) countSkipped(ctx context.Context, q ExportQuery, c *ExportCounts) error {
	var playing, voided int64
	if err := s.rangeOf(ctx, q).Where("hands.ended_at IS NULL AND hands.voided = ''").Count(&playing).Error; err != nil {
		return fmt.Errorf("hands being played in community %d: %w", q.CommunityID, err)
	}
	if err := s.rangeOf(ctx, q).Where("hands.voided <> ''").Count(&voided).Error; err != nil {
		return fmt.Errorf("voided hands in community %d: %w", q.CommunityID, err)
	}
	c.Playing, c.Voided = int(playing), int(voided)
	return nil
}

// exportHand reads one hand's events and its table (once a table) and
// gives it to fn.
func (s *Store) exportHand(ctx context.Context, h Hand, tables map[int64]ExportedHand, fn func(ExportedHand) error) error {
	rec, err := s.handRecord(ctx, h)
	if err != nil {
		return err
	}
	t, ok := tables[h.TableID]
	if !ok {
		if t, err = s.exportTable(ctx, h.TableID); err != nil {
			return err
		}
		tables[h.TableID] = t
	}
	t.Hand = rec
	return fn(t)
}

// exportTable reads a table and, when its config (the room's JSON) names
// a tournament, the tournament.
func (s *Store) exportTable(ctx context.Context, id int64) (ExportedHand, error) {
	row, err := takeByID[Table](ctx, s.db, "table", id)
	if err != nil {
		return ExportedHand{}, fmt.Errorf("export: %w", err)
	}
	out := ExportedHand{Table: row.record()}
	var link struct {
		Tourney int64 `json:"tourney"`
	}
	if json.Unmarshal([]byte(row.Config), &link) != nil || link.Tourney == 0 {
		return out, nil
	}
	tr, err := takeByID[Tourney](ctx, s.db, "tournament", link.Tourney)
	if err != nil {
		return ExportedHand{}, fmt.Errorf("export: table %d: %w", id, err)
	}
	rec := tr.record()
	out.Tourney = &rec
	return out, nil
}

// listsPlayer reports whether a stored setup's tag lists the player among
// those dealt in.
func listsPlayer(setup string, player int64) bool {
	var s struct{ Tag string }
	if json.Unmarshal([]byte(setup), &s) != nil {
		return false
	}
	tag, err := bot.ParseHandTag(s.Tag)
	if err != nil {
		return false
	}
	for _, p := range tag.Players {
		if p == player {
			return true
		}
	}
	return false
}

// ErrCommunityRef: a reference to a community that is neither a number
// nor platform:chat id.
var ErrCommunityRef = errors.New("not a community: want its number or platform:chat id (telegram:-100123, discord:987, console:group)")

// FindCommunity finds a community by what an operator knows of it: its
// number ("12") or its platform and chat id ("telegram:-100123",
// "discord:987", "console:group"). An error wrapping ErrNotFound names
// what was looked for; a reference of neither form wraps ErrCommunityRef.
func (s *Store) FindCommunity(ctx context.Context, ref string) (Community, error) {
	db := s.db.WithContext(ctx)
	var c Community
	if id, err := strconv.ParseInt(ref, 10, 64); err == nil {
		err := db.Where("id = ?", id).Take(&c).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return c, fmt.Errorf("no community number %d: %w", id, ErrNotFound)
		}
		return c, err
	}
	platform, chat, ok := strings.Cut(ref, ":")
	if !ok || platform == "" || chat == "" {
		return c, fmt.Errorf("community %q: %w", ref, ErrCommunityRef)
	}
	err := db.Where("platform = ? AND chat_id = ?", platform, chat).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return c, fmt.Errorf("no community %s:%s: %w", platform, chat, ErrNotFound)
	}
	return c, err
}
