// The wallets (bot.Wallets) and the admin log (bot.AdminLog): accounts,
// moves of chips, and the operators' entries.

package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/pokerroom/pokerroom/bot"
	"gorm.io/gorm/clause"
)

// MoveOnce implements bot.Wallets: the moves and the mark of key (a row
// of the keyed values, inserted, never replaced) in one transaction.
func (s *Store) MoveOnce(ctx context.Context, key string, moves ...bot.Move) error {
	if key == "" {
		return errors.New("move once: empty key")
	}
	err := s.InTx(ctx, func(tx *Tx) error {
		res := tx.db.Clauses(clause.OnConflict{DoNothing: true}).Create(&KeyValue{Key: key, Value: "done", UpdatedAt: s.now()})
		if res.Error != nil {
			return fmt.Errorf("mark %q: %w", key, res.Error)
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("%w: %q was done already", bot.ErrDuplicate, key)
		}
		return tx.moves(moves)
	})
	return roomErr(err)
}

// OpenAccount implements bot.Wallets.
func (s *Store) OpenAccount(ctx context.Context, kind bot.AccountKind, key string, playerID int64) (int64, error) {
	spec := AccountSpec{Kind: AccountKind(kind), Key: key}
	if playerID != 0 {
		spec.PlayerID = &playerID
	}
	a, err := s.EnsureAccount(ctx, spec)
	if err != nil {
		return 0, roomErr(err)
	}
	return a.ID, nil
}

// Move implements bot.Wallets.
func (s *Store) Move(ctx context.Context, moves ...bot.Move) error {
	return roomErr(s.InTx(ctx, func(tx *Tx) error {
		for _, m := range moves {
			if _, err := tx.Transfer(Transfer{From: m.From, To: m.To, Amount: m.Amount, Reason: m.Reason, Reference: m.Reference}); err != nil {
				return err
			}
		}
		return nil
	}))
}

// PlayerAccounts implements bot.Wallets.
func (s *Store) PlayerAccounts(ctx context.Context, playerID int64) ([]bot.AccountBalance, error) {
	var rows []Account
	if err := s.db.WithContext(ctx).Where("player_id = ? AND kind = ?", playerID, KindPlayer).Order("id").Find(&rows).Error; err != nil {
		return nil, roomErr(fmt.Errorf("accounts of player %d: %w", playerID, err))
	}
	out := make([]bot.AccountBalance, 0, len(rows))
	for _, a := range rows {
		out = append(out, bot.AccountBalance{ID: a.ID, Kind: bot.AccountKind(a.Kind), Key: a.Key, Balance: a.Balance})
	}
	return out, nil
}

// AddAdminEntry implements bot.AdminLog.
func (s *Store) AddAdminEntry(ctx context.Context, e bot.AdminEntry, moves ...bot.Move) error {
	row := AdminEntry{CommunityID: e.CommunityID, At: storedTime(e.At), ActorID: e.ActorID, Actor: e.Actor, Action: e.Action,
		TargetID: e.TargetID, Target: e.Target, Amount: e.Amount, Detail: e.Detail}
	err := s.InTx(ctx, func(tx *Tx) error {
		if err := tx.db.Create(&row).Error; err != nil {
			return fmt.Errorf("admin log of community %d: %w", e.CommunityID, err)
		}
		return tx.moves(moves)
	})
	return roomErr(err)
}

// AdminEntries implements bot.AdminLog.
func (s *Store) AdminEntries(ctx context.Context, aq bot.AdminQuery) ([]bot.AdminEntry, error) {
	// As every time column holds it (storedTime): SQLite compares the
	// text, and a local time's text is not comparable with UTC's.
	q := s.db.WithContext(ctx).Where("at >= ?", storedTime(aq.Since))
	if !aq.All {
		q = q.Where("community_id = ?", aq.CommunityID)
	}
	if aq.Limit > 0 {
		q = q.Limit(aq.Limit)
	}
	var rows []AdminEntry
	if err := q.Order("at DESC, id DESC").Find(&rows).Error; err != nil {
		return nil, roomErr(fmt.Errorf("admin log of community %d: %w", aq.CommunityID, err))
	}
	out := make([]bot.AdminEntry, 0, len(rows))
	for _, r := range rows {
		out = append(out, bot.AdminEntry{ID: r.ID, CommunityID: r.CommunityID, At: r.At, ActorID: r.ActorID, Actor: r.Actor,
			Action: r.Action, TargetID: r.TargetID, Target: r.Target, Amount: r.Amount, Detail: r.Detail})
	}
	return out, nil
}
