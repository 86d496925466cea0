package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

func repeatableRead(b Backend) *sql.TxOptions {
	if b == Postgres {
		return &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}
	}
	return nil // SQLite transactions are serializable already
}

// CreateTable stores a new table; t.ID is set.
func (s *Store) CreateTable(ctx context.Context, t *Table) error {
	made, err := insert(ctx, s, *t)
	if err != nil {
		return fmt.Errorf("create table: %w", err)
	}
	*t = made
	return nil
}

// CreateHand stores a new hand; h.ID is set.
func (tx *Tx) CreateHand(h *Hand) error {
	if h.StartedAt.IsZero() {
		h.StartedAt = tx.db.NowFunc()
	}
	if err := tx.db.Omit(clause.Associations).Create(h).Error; err != nil {
		return fmt.Errorf("create hand: %w", err)
	}
	return nil
}

// CreateHand stores a new hand in its own transaction; see [Tx.CreateHand].
func (s *Store) CreateHand(ctx context.Context, h *Hand) error {
	return s.InTx(ctx, func(tx *Tx) error { return tx.CreateHand(h) })
}

// AppendHandEvents stores events for one hand, setting each event's ID,
// HandID and CreatedAt. Each event needs Seq >= 1, a Kind, and a Payload
// that is JSON (empty means "{}"). An event whose
// (hand, seq) already exists is refused with a [*DuplicateEventError]; in
// a transaction, nothing of it is then kept.
func (tx *Tx) AppendHandEvents(handID int64, events []HandEvent) error {
	// The log's remembered length (seqCache) is dropped once the
	// transaction ends.
	tx.forget = append(tx.forget, handID)
	for i := range events {
		e := &events[i]
		e.HandID = handID
		if e.Payload == "" {
			e.Payload = "{}"
		}
		switch {
		case e.Seq < 1:
			return fmt.Errorf("hand %d event %q: sequence number %d: %w", handID, e.Kind, e.Seq, ErrInvalidEvent)
		case e.Kind == "":
			return fmt.Errorf("hand %d event %d: empty kind: %w", handID, e.Seq, ErrInvalidEvent)
		case !json.Valid([]byte(e.Payload)):
			return fmt.Errorf("hand %d event %d: payload is not JSON: %w", handID, e.Seq, ErrInvalidEvent)
		}
	}
	for i := range events {
		e := &events[i]
		// On PostgreSQL a failed statement aborts the transaction, so
		// check for the duplicate first instead of relying on the error;
		// the unique index still guards against a concurrent writer.
		var n int64
		if err := tx.db.Model(&HandEvent{}).Where("hand_id = ? AND seq = ?", handID, e.Seq).Count(&n).Error; err != nil {
			return fmt.Errorf("hand %d event %d: %w", handID, e.Seq, err)
		}
		if n > 0 {
			return &DuplicateEventError{HandID: handID, Seq: e.Seq}
		}
		err := tx.db.Omit(clause.Associations).Create(e).Error
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return &DuplicateEventError{HandID: handID, Seq: e.Seq}
		}
		if errors.Is(err, gorm.ErrForeignKeyViolated) {
			return fmt.Errorf("hand %d: %w", handID, ErrNotFound)
		}
		if err != nil {
			return fmt.Errorf("hand %d event %d: %w", handID, e.Seq, err)
		}
	}
	return nil
}

// AppendHandEvents stores events in their own transaction; see
// [Tx.AppendHandEvents].
func (s *Store) AppendHandEvents(ctx context.Context, handID int64, events []HandEvent) error {
	return s.InTx(ctx, func(tx *Tx) error { return tx.AppendHandEvents(handID, events) })
}

// HandEvents returns a hand's events in sequence order.
func (s *Store) HandEvents(ctx context.Context, handID int64) ([]HandEvent, error) {
	var out []HandEvent
	err := s.db.WithContext(ctx).Where("hand_id = ?", handID).Order("seq").Find(&out).Error
	if err != nil {
		return nil, fmt.Errorf("hand %d events: %w", handID, err)
	}
	return out, nil
}

// Hand returns one hand.
func (s *Store) Hand(ctx context.Context, id int64) (Hand, error) {
	return takeByID[Hand](ctx, s.db, "hand", id)
}
