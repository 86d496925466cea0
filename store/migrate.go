package store

import (
	"context"
	"fmt"

	"gorm.io/gorm"
)

// migration is one numbered schema step. Steps are applied in order, each
// once, in one transaction with the row recording it. A later issue that
// changes the schema appends a step; it never edits an applied one.
type migration struct {
	Version int
	Name    string
	Up      func(tx *gorm.DB) error
}

var migrations = []migration{
	{
		Version: 1,
		Name:    "communities, players, accounts, ledger, tables, hands, hand events",
		Up: func(tx *gorm.DB) error {
			// Parents before children, for the foreign keys.
			return tx.Migrator().AutoMigrate(
				&Community{}, &Player{}, &Account{}, &LedgerEntry{},
				&Table{}, &Hand{}, &HandEvent{},
			)
		},
	},
}

// LatestSchemaVersion is the version [Store.Migrate] brings a database to.
func LatestSchemaVersion() int { return migrations[len(migrations)-1].Version }

// advisoryLockKey serialises concurrent Migrate calls on PostgreSQL
// ("pokerrm" in ASCII).
const advisoryLockKey = 0x706f6b657272_6d

// Migrate brings the schema to [LatestSchemaVersion], applying the steps
// not yet applied. It is idempotent and safe to run from several processes
// at once on PostgreSQL. It returns the number of steps applied.
func (s *Store) Migrate(ctx context.Context) (applied int, err error) {
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		applied = 0
		if s.loc.Backend == Postgres {
			if err := tx.Exec("SELECT pg_advisory_xact_lock(?)", int64(advisoryLockKey)).Error; err != nil {
				return fmt.Errorf("lock for migration: %w", err)
			}
		}
		if err := tx.Migrator().AutoMigrate(&schemaMigration{}); err != nil {
			return fmt.Errorf("create schema_migrations: %w", err)
		}
		var done []int
		if err := tx.Model(&schemaMigration{}).Pluck("version", &done).Error; err != nil {
			return fmt.Errorf("read schema_migrations: %w", err)
		}
		have := make(map[int]bool, len(done))
		for _, v := range done {
			have[v] = true
		}
		for _, m := range migrations {
			if have[m.Version] {
				continue
			}
			if err := m.Up(tx); err != nil {
				return fmt.Errorf("migration %d (%s): %w", m.Version, m.Name, err)
			}
			row := schemaMigration{Version: m.Version, Name: m.Name, AppliedAt: tx.NowFunc()}
			if err := tx.Create(&row).Error; err != nil {
				return fmt.Errorf("record migration %d: %w", m.Version, err)
			}
			applied++
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("migrate %s database: %w", s.loc.Backend, err)
	}
	return applied, nil
}

// SchemaVersion returns the highest applied migration, 0 for an empty
// database.
func (s *Store) SchemaVersion(ctx context.Context) (int, error) {
	db := s.db.WithContext(ctx)
	if !db.Migrator().HasTable(&schemaMigration{}) {
		return 0, nil
	}
	var v *int
	if err := db.Model(&schemaMigration{}).Select("MAX(version)").Scan(&v).Error; err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	if v == nil {
		return 0, nil
	}
	return *v, nil
}

// Tables lists the tables the schema must have, for checks.
func Tables() []string {
	return []string{"schema_migrations", "communities", "players", "accounts", "ledger_entries", "tables", "hands", "hand_events"}
}
