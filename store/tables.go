// The tables (bot.Tables): tables opened and closed, and their seats.

package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"gorm.io/gorm"
)

// AddTable implements bot.Tables.
func (s *Store) AddTable(ctx context.Context, t bot.TableRecord) (int64, error) {
	row := Table{CommunityID: t.CommunityID, Name: t.Name, Variant: t.Variant, Stakes: t.Stakes, Config: t.Config, State: t.State, CreatedAt: t.CreatedAt}
	if row.Config == "" {
		row.Config = "{}"
	}
	if t.AccountID != 0 {
		row.AccountID = &t.AccountID
	}
	if row.CreatedAt.IsZero() {
		row.CreatedAt = s.clock.Now()
	}
	row.CreatedAt = storedTime(row.CreatedAt)
	made, err := insert(ctx, s, row)
	if err != nil {
		return 0, roomErr(fmt.Errorf("create table: %w", err))
	}
	return made.ID, nil
}

// OpenTables implements bot.Tables.
func (s *Store) OpenTables(ctx context.Context, communityID int64) ([]bot.TableRecord, error) {
	q := s.db.WithContext(ctx).Where("closed_at IS NULL")
	if communityID != 0 {
		q = q.Where("community_id = ?", communityID)
	}
	var rows []Table
	if err := q.Order("id").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("open tables: %w", err)
	}
	out := make([]bot.TableRecord, len(rows))
	for i, r := range rows {
		out[i] = r.record()
	}
	return out, nil
}

// Table implements bot.Tables.
func (s *Store) Table(ctx context.Context, tableID int64) (bot.TableRecord, error) {
	var rows []Table
	if err := s.db.WithContext(ctx).Where("id = ?", tableID).Limit(1).Find(&rows).Error; err != nil {
		return bot.TableRecord{}, fmt.Errorf("table %d: %w", tableID, err)
	}
	if len(rows) == 0 {
		return bot.TableRecord{}, fmt.Errorf("%w: table %d", bot.ErrNotFound, tableID)
	}
	rec := rows[0].record()
	if rows[0].ClosedAt != nil {
		rec.ClosedAt = *rows[0].ClosedAt
	}
	return rec, nil
}

// CloseTable implements bot.Tables.
func (s *Store) CloseTable(ctx context.Context, tableID int64, at time.Time) error {
	err := s.updated(ctx, fmt.Sprintf("table %d", tableID), func(db *gorm.DB) *gorm.DB {
		return db.Model(&Table{}).Where("id = ?", tableID).Update("closed_at", storedTime(at))
	})
	if err != nil && !errors.Is(err, bot.ErrNotFound) {
		return fmt.Errorf("close table %d: %w", tableID, err)
	}
	return err
}

// sqlCloseTable closes a table at a time, once: a table closed already
// keeps the time it closed.
const sqlCloseTable = "UPDATE tables SET closed_at = COALESCE(closed_at, ?) WHERE id = ?"

// closeTables closes the tables of the writes that ask it
// (bot.TableWrite.Close), in the batch's transaction.
func (tx *Tx) closeTables(writes []*bot.TableWrite) error {
	for _, w := range writes {
		if !w.Close {
			continue
		}
		n, err := tx.exec(sqlCloseTable, w.At, w.TableID)
		if err != nil {
			return fmt.Errorf("close table %d: %w", w.TableID, err)
		}
		if n == 0 {
			return fmt.Errorf("%w: table %d", bot.ErrNotFound, w.TableID)
		}
	}
	return nil
}

// SaveSeats implements bot.Tables.
func (s *Store) SaveSeats(ctx context.Context, tableID int64, seats []bot.SeatRecord, at time.Time) error {
	return roomErr(s.InTx(ctx, func(tx *Tx) error { return tx.saveSeats(tableID, seats, at) }))
}

func (tx *Tx) saveSeats(tableID int64, seats []bot.SeatRecord, at time.Time) error {
	var b batchRows
	if err := b.saveSeats(tableID, seats, at); err != nil {
		return err
	}
	return tx.writeBatch(&b)
}

// Seats implements bot.Tables.
func (s *Store) Seats(ctx context.Context, tableID int64) ([]bot.SeatRecord, error) {
	var rows []Seat
	if err := s.db.WithContext(ctx).Where("table_id = ?", tableID).Order("seat").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("seats of table %d: %w", tableID, err)
	}
	out := make([]bot.SeatRecord, len(rows))
	for i, r := range rows {
		out[i] = r.record()
	}
	return out, nil
}
