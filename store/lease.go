package store

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"gorm.io/gorm"
)

// A lease is a key of key_values held by one process until a time: the
// room takes "room:lease" at start and renews it while it runs, so that a
// second process running the room on the same database (a second `go run
// .`, a second container) is refused instead of dealing the same tables.
// Its value is "<expiry in Unix nanoseconds> <holder>".

// TakeLease takes key for holder until until: when nobody holds it, when
// holder holds it (a renewal), or when its holder's lease ran out before
// now. When another holds it, ok is false and other and otherUntil say who
// and until when. Two processes taking it at once: one wins.
func (s *Store) TakeLease(ctx context.Context, key, holder string, now, until time.Time) (ok bool, other string, otherUntil time.Time, err error) {
	value := strconv.FormatInt(until.UnixNano(), 10) + " " + holder
	db := s.db.WithContext(ctx)
	for range 3 {
		var row KeyValue
		err := db.Where("key = ?", key).Take(&row).Error
		switch {
		case errors.Is(err, gorm.ErrRecordNotFound):
			err = db.Create(&KeyValue{Key: key, Value: value, UpdatedAt: s.now()}).Error
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				continue // taken meanwhile: read it again
			}
			if err != nil {
				return false, "", time.Time{}, fmt.Errorf("lease %q: %w", key, err)
			}
			return true, "", time.Time{}, nil
		case err != nil:
			return false, "", time.Time{}, fmt.Errorf("lease %q: %w", key, err)
		}
		exp, who := parseLease(row.Value)
		if who != holder && exp.After(now) {
			return false, who, exp, nil
		}
		res := db.Model(&KeyValue{}).Where("key = ? AND value = ?", key, row.Value).
			Updates(map[string]any{"value": value, "updated_at": s.now()})
		if res.Error != nil {
			return false, "", time.Time{}, fmt.Errorf("lease %q: %w", key, res.Error)
		}
		if res.RowsAffected == 1 {
			return true, "", time.Time{}, nil
		}
		// Changed meanwhile (another took or renewed it): read it again.
	}
	return false, "", time.Time{}, fmt.Errorf("lease %q: it kept changing while being taken", key)
}

// ReleaseLease gives up holder's lease of key; a lease another holds is
// left alone.
func (s *Store) ReleaseLease(ctx context.Context, key, holder string) error {
	var row KeyValue
	err := s.db.WithContext(ctx).Where("key = ?", key).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("lease %q: %w", key, err)
	}
	if _, who := parseLease(row.Value); who != holder {
		return nil
	}
	if err := s.db.WithContext(ctx).Where("key = ? AND value = ?", key, row.Value).Delete(&KeyValue{}).Error; err != nil {
		return fmt.Errorf("lease %q: %w", key, err)
	}
	return nil
}

// parseLease reads a lease's value; a value it cannot read has run out.
func parseLease(v string) (until time.Time, holder string) {
	n, who, _ := strings.Cut(v, " ")
	ns, err := strconv.ParseInt(n, 10, 64)
	if err != nil {
		return time.Time{}, who
	}
	return time.Unix(0, ns), who
}
