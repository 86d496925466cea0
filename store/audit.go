package store

import (
	"context"
	"encoding/json"
	"fmt"

	"gorm.io/gorm"

	"github.com/pokerroom/pokerroom/bot"
)

// welcomeReason is the reason of the ledger's welcome grants (bot's
// Room.welcome); AuditSnapshot returns them for the audit's
// one-grant-a-player check.
const welcomeReason = "welcome"

// AuditSnapshot implements bot.Auditor: the ledger audit ([Store.Audit]),
// every account, the open tables with their seats and unfinished hands'
// setups, every tournament with the ops of those not ended, and the
// welcome grants, all read in one transaction (repeatable read on
// PostgreSQL; SQLite's transactions are serializable). The room's JSON
// (table state, seat state, op data) is returned as stored, not decoded.
func (s *Store) AuditSnapshot(ctx context.Context) (bot.AuditSnapshot, error) {
	var out bot.AuditSnapshot
	err := s.db.WithContext(ctx).Transaction(func(db *gorm.DB) error {
		led, err := auditLedger(db)
		if err != nil {
			return fmt.Errorf("ledger: %w", err)
		}
		out.Ledger = bot.LedgerAudit{Accounts: led.Accounts, Entries: led.Entries, Total: led.Total}
		for _, m := range led.Mismatches {
			out.Ledger.Mismatches = append(out.Ledger.Mismatches, bot.LedgerMismatch{AccountID: m.AccountID, Balance: m.Balance, Ledger: m.Ledger})
		}

		var accs []Account
		if err := db.Select("id", "kind", "key", "balance").Order("id").Find(&accs).Error; err != nil {
			return fmt.Errorf("accounts: %w", err)
		}
		out.Accounts = make([]bot.AccountBalance, len(accs))
		for i, a := range accs {
			out.Accounts[i] = bot.AccountBalance{ID: a.ID, Kind: bot.AccountKind(a.Kind), Key: a.Key, Balance: a.Balance}
		}

		var tables []Table
		if err := db.Where("closed_at IS NULL").Order("id").Find(&tables).Error; err != nil {
			return fmt.Errorf("open tables: %w", err)
		}
		out.Seats, out.OpenHands = map[int64][]bot.SeatRecord{}, map[int64][]bot.HandRecord{}
		ids := make([]int64, len(tables))
		for i, r := range tables {
			ids[i] = r.ID
			out.Tables = append(out.Tables, r.record())
		}
		for _, chunk := range chunks(ids, 500) {
			var seats []Seat
			if err := db.Where("table_id IN ?", chunk).Order("table_id, seat").Find(&seats).Error; err != nil {
				return fmt.Errorf("seats: %w", err)
			}
			for _, r := range seats {
				out.Seats[r.TableID] = append(out.Seats[r.TableID], r.record())
			}
			var hands []Hand
			if err := db.Where("table_id IN ? AND ended_at IS NULL", chunk).Order("id").Find(&hands).Error; err != nil {
				return fmt.Errorf("open hands: %w", err)
			}
			for _, h := range hands {
				rec := bot.HandRecord{ID: h.ID, TableID: h.TableID, StartedAt: h.StartedAt}
				if err := json.Unmarshal([]byte(h.Setup), &rec.Setup); err != nil {
					return fmt.Errorf("hand %d setup: %w", h.ID, err)
				}
				out.OpenHands[h.TableID] = append(out.OpenHands[h.TableID], rec)
			}
		}

		var tourneys []Tourney
		if err := db.Order("id").Find(&tourneys).Error; err != nil {
			return fmt.Errorf("tournaments: %w", err)
		}
		out.Ops = map[int64][]bot.TourneyOp{}
		var open []int64
		for _, r := range tourneys {
			if r.EndedAt == nil {
				open = append(open, r.ID)
			}
			out.Tourneys = append(out.Tourneys, r.record())
		}
		for _, chunk := range chunks(open, 500) {
			var ops []TourneyOp
			if err := db.Where("tourney_id IN ?", chunk).Order("tourney_id, seq").Find(&ops).Error; err != nil {
				return fmt.Errorf("tournament ops: %w", err)
			}
			for _, r := range ops {
				out.Ops[r.TourneyID] = append(out.Ops[r.TourneyID], r.record())
			}
		}

		var grants []LedgerEntry
		if err := db.Where("reason = ?", welcomeReason).Order("id").Find(&grants).Error; err != nil {
			return fmt.Errorf("welcome grants: %w", err)
		}
		for _, e := range grants {
			out.Welcome = append(out.Welcome, bot.Move{From: e.FromAccountID, To: e.ToAccountID, Amount: e.Amount, Reason: e.Reason, Reference: e.Reference})
		}
		return nil
	}, repeatableRead(s.loc.Backend))
	if err != nil {
		return bot.AuditSnapshot{}, fmt.Errorf("audit snapshot: %w", err)
	}
	return out, nil
}

// chunks splits ids into slices of at most n, for IN lists.
func chunks(ids []int64, n int) [][]int64 {
	var out [][]int64
	for len(ids) > n {
		out = append(out, ids[:n])
		ids = ids[n:]
	}
	if len(ids) > 0 {
		out = append(out, ids)
	}
	return out
}
