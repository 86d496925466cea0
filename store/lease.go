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

// LeaseSchemaVersion is the first schema version whose database can hold
// a lease (key_values, migration 9).
const LeaseSchemaVersion = 9

// TakeLease takes key for holder until until: when nobody holds it, when
// holder holds it (a renewal), or when its holder's lease ran out before
// now. When another holds it, ok is false and other and otherUntil say who
// and until when. Two processes taking it at once: one wins.
func (s *Store) TakeLease(ctx context.Context, key, holder string, now, until time.Time) (ok bool, other string, otherUntil time.Time, err error) {
	value := strconv.FormatInt(until.UnixNano(), 10) + " " + holder
	db := unfenced(ctx, s.db)
	for range 3 {
		row, found, err := leaseRow(db, key)
		switch {
		case err != nil:
			return false, "", time.Time{}, err
		case !found:
			err = db.Create(&KeyValue{Key: key, Value: value, UpdatedAt: s.now()}).Error
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				continue // taken meanwhile: read it again
			}
			if err != nil {
				return false, "", time.Time{}, fmt.Errorf("lease %q: %w", key, err)
			}
			return true, "", time.Time{}, nil
		}
		exp, who := parseLease(row.Value)
		if who != holder && exp.After(now) {
			return false, who, exp, nil
		}
		if swapped, err := s.swapLease(db, key, row.Value, value); err != nil || swapped {
			return swapped, "", time.Time{}, err
		}
		// Changed meanwhile (another took or renewed it): read it again.
	}
	return false, "", time.Time{}, fmt.Errorf("lease %q: it kept changing while being taken", key)
}

// RenewLease extends holder's lease of key until until, as long as the
// lease still names holder, even run out: one another process took (ok
// false, other naming it) or one gone (given up meanwhile, perhaps by
// another that had taken it: ok false, other "") is not made again, since
// the database may have moved on without holder.
func (s *Store) RenewLease(ctx context.Context, key, holder string, until time.Time) (ok bool, other string, err error) {
	value := strconv.FormatInt(until.UnixNano(), 10) + " " + holder
	db := unfenced(ctx, s.db)
	for range 3 {
		row, found, err := leaseRow(db, key)
		if err != nil || !found {
			return false, "", err
		}
		if _, who := parseLease(row.Value); who != holder {
			return false, who, nil
		}
		if swapped, err := s.swapLease(db, key, row.Value, value); err != nil || swapped {
			return swapped, "", err
		}
	}
	return false, "", fmt.Errorf("lease %q: it kept changing while being renewed", key)
}

// leaseRow reads key's lease: found false when nobody holds it.
func leaseRow(db *gorm.DB, key string) (row KeyValue, found bool, err error) {
	err = db.Where("key = ?", key).Take(&row).Error
	switch {
	case errors.Is(err, gorm.ErrRecordNotFound):
		return row, false, nil
	case err != nil:
		return row, false, fmt.Errorf("lease %q: %w", key, err)
	}
	return row, true, nil
}

// swapLease sets key's lease to value if it still is old.
func (s *Store) swapLease(db *gorm.DB, key, old, value string) (bool, error) {
	res := db.Model(&KeyValue{}).Where("key = ? AND value = ?", key, old).
		Updates(map[string]any{"value": value, "updated_at": s.now()})
	if res.Error != nil {
		return false, fmt.Errorf("lease %q: %w", key, res.Error)
	}
	return res.RowsAffected == 1, nil
}

// ReleaseLease gives up holder's lease of key; a lease another holds is
// left alone.
func (s *Store) ReleaseLease(ctx context.Context, key, holder string) error {
	db := unfenced(ctx, s.db)
	row, found, err := leaseRow(db, key)
	if err != nil || !found {
		return err
	}
	if _, who := parseLease(row.Value); who != holder {
		return nil
	}
	if err := db.Where("key = ? AND value = ?", key, row.Value).Delete(&KeyValue{}).Error; err != nil {
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
