// The small keyed records: deadlines (bot.Deadlines), message ids
// (bot.MessageIDs), values (bot.KV) and secrets (bot.Secrets).

package store

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"

	"github.com/pokerroom/pokerroom/bot"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// SetDeadline implements bot.Deadlines.
func (s *Store) SetDeadline(ctx context.Context, d bot.Deadline) error {
	if d.Key == "" {
		return errors.New("deadline without a key")
	}
	return s.InTx(ctx, func(tx *Tx) error { return tx.setDeadline(d) })
}

func (tx *Tx) setDeadline(d bot.Deadline) error {
	var b batchRows
	if err := b.setTimer(d.Key, &d); err != nil {
		return err
	}
	return tx.writeBatch(&b)
}

// ClearDeadline implements bot.Deadlines.
func (s *Store) ClearDeadline(ctx context.Context, key string) error {
	err := s.write(ctx, func(db *gorm.DB) error { return db.Where("key = ?", key).Delete(&Deadline{}).Error })
	if err != nil {
		return fmt.Errorf("deadline %q: %w", key, err)
	}
	return nil
}

// Deadlines implements bot.Deadlines.
func (s *Store) Deadlines(ctx context.Context) ([]bot.Deadline, error) {
	var rows []Deadline
	if err := s.db.WithContext(ctx).Order("due_at, key").Find(&rows).Error; err != nil {
		return nil, fmt.Errorf("deadlines: %w", err)
	}
	out := make([]bot.Deadline, len(rows))
	for i, r := range rows {
		out[i] = bot.Deadline{Key: r.Key, At: r.DueAt, Payload: r.Payload}
	}
	return out, nil
}

// SetMessageID implements bot.MessageIDs.
func (s *Store) SetMessageID(ctx context.Context, key, id string) error {
	if err := s.setKeyValue(ctx, key, id); err != nil {
		return fmt.Errorf("message id %q: %w", key, err)
	}
	return nil
}

// MessageID implements bot.MessageIDs.
func (s *Store) MessageID(ctx context.Context, key string) (string, error) {
	v, err := s.keyValue(ctx, key)
	if err != nil {
		return "", roomErr(fmt.Errorf("message id %q: %w", key, err))
	}
	return v, nil
}

// SetValue implements bot.KV.
func (s *Store) SetValue(ctx context.Context, key, value string) error {
	if err := s.setKeyValue(ctx, key, value); err != nil {
		return fmt.Errorf("key-value %q: %w", key, err)
	}
	return nil
}

// Value implements bot.KV.
func (s *Store) Value(ctx context.Context, key string) (string, error) {
	v, err := s.keyValue(ctx, key)
	if err != nil {
		return "", roomErr(fmt.Errorf("key-value %q: %w", key, err))
	}
	return v, nil
}

// setKeyValue stores (or replaces) the row of key in key_values, the
// table bot.MessageIDs and bot.KV share.
func (s *Store) setKeyValue(ctx context.Context, key, value string) error {
	switch {
	case key == "" || len(key) > bot.KVKeyMax:
		return fmt.Errorf("a key of %d bytes: want 1 to %d", len(key), bot.KVKeyMax)
	case len(value) > bot.KVValueMax:
		return fmt.Errorf("a value of %d bytes: want at most %d", len(value), bot.KVValueMax)
	}
	return s.write(ctx, func(db *gorm.DB) error {
		return db.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "key"}},
			DoUpdates: clause.AssignmentColumns([]string{"value", "updated_at"}),
		}).Create(&KeyValue{Key: key, Value: value, UpdatedAt: s.now()}).Error
	})
}

// keyValue reads the value of key from key_values; gorm's not-found when
// there is none.
func (s *Store) keyValue(ctx context.Context, key string) (string, error) {
	var row KeyValue
	if err := s.db.WithContext(ctx).Where("key = ?", key).Take(&row).Error; err != nil {
		return "", err
	}
	return row.Value, nil
}

// Secret implements bot.Secrets: insert a fresh random value unless one
// exists (the database settles a race), then read the one stored.
func (s *Store) Secret(ctx context.Context, name string, size int) ([]byte, error) {
	if name == "" || size < 16 || size > 1024 {
		return nil, fmt.Errorf("secret %q of %d bytes: want a name and 16 to 1024 bytes", name, size)
	}
	fresh := make([]byte, size)
	if _, err := rand.Read(fresh); err != nil {
		return nil, fmt.Errorf("secret %q: %w", name, err)
	}
	err := s.write(ctx, func(db *gorm.DB) error {
		return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Secret{Name: name, Value: fresh, CreatedAt: s.now()}).Error
	})
	if err != nil {
		return nil, fmt.Errorf("secret %q: %w", name, err)
	}
	var got Secret
	if err := s.db.WithContext(ctx).Where("name = ?", name).Take(&got).Error; err != nil {
		return nil, fmt.Errorf("secret %q: %w", name, err)
	}
	return got.Value, nil
}
