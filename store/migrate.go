package store

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"

	"gorm.io/gorm"
)

// The migrations are fixed SQL, one file per version and dialect
// (migrations/<dialect>/NNNN_name.sql): editing a Go model never changes the
// history of a database. A release that changes the schema adds a file; it
// never edits an applied one.
//
//go:embed migrations
var migrationFiles embed.FS

// migration is one numbered schema step, applied once, in one transaction
// with the row recording it.
type migration struct {
	Version    int
	Name       string
	Statements []string
}

// loadMigrations reads the steps of a dialect in version order.
func loadMigrations(dialect string) ([]migration, error) {
	dir := "migrations/" + dialect
	entries, err := fs.ReadDir(migrationFiles, dir)
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, e := range entries {
		name := e.Name()
		num, rest, ok := strings.Cut(strings.TrimSuffix(name, ".sql"), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 || !strings.HasSuffix(name, ".sql") {
			return nil, fmt.Errorf("migration file %s/%s: want NNNN_name.sql", dir, name)
		}
		data, err := migrationFiles.ReadFile(dir + "/" + name)
		if err != nil {
			return nil, err
		}
		out = append(out, migration{Version: v, Name: strings.ReplaceAll(rest, "_", " "), Statements: splitSQL(string(data))})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	for i, m := range out {
		if m.Version != i+1 {
			return nil, fmt.Errorf("migrations of %s: version %d where %d was expected", dialect, m.Version, i+1)
		}
	}
	return out, nil
}

// splitSQL splits a migration file into statements: each ends with a
// semicolon at the end of a line; "--" lines are comments.
func splitSQL(text string) []string {
	var out []string
	var cur strings.Builder
	for _, line := range strings.Split(text, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "--") {
			continue
		}
		cur.WriteString(line)
		cur.WriteByte('\n')
		if strings.HasSuffix(t, ";") {
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		}
	}
	if s := strings.TrimSpace(cur.String()); s != "" {
		out = append(out, s)
	}
	return out
}

// dialectMigrations are the steps of both dialects, read once.
var dialectMigrations = func() map[Backend][]migration {
	m := map[Backend][]migration{}
	for b, dir := range map[Backend]string{SQLite: "sqlite", Postgres: "postgres"} {
		steps, err := loadMigrations(dir)
		if err != nil {
			panic("store: embedded migrations: " + err.Error()) // a build defect, caught by every test
		}
		m[b] = steps
	}
	if len(m[SQLite]) != len(m[Postgres]) {
		panic("store: the SQLite and PostgreSQL migrations differ in number")
	}
	return m
}()

// LatestSchemaVersion is the version [Store.Migrate] brings a database to.
func LatestSchemaVersion() int { return len(dialectMigrations[SQLite]) }

// ErrSchemaTooNew is wrapped by the error of Migrate against a database
// migrated by a newer pokerroom: this binary does not know its schema.
var ErrSchemaTooNew = errors.New("store: the database schema is newer than this pokerroom")

// ErrForeignTables is wrapped by the error of Migrate against a database
// that holds tables with pokerroom's names but no pokerroom migration
// record: another application's tables, which pokerroom will not alter.
var ErrForeignTables = errors.New("store: the database holds tables pokerroom did not create")

// advisoryLockKey serialises concurrent Migrate calls on PostgreSQL
// ("pokerrm" in ASCII).
const advisoryLockKey = 0x706f6b657272_6d

// schemaMigrationsDDL creates the table recording the applied steps.
var schemaMigrationsDDL = map[Backend]string{
	SQLite:   "CREATE TABLE IF NOT EXISTS `schema_migrations` (`version` integer,`name` text NOT NULL,`applied_at` datetime NOT NULL,PRIMARY KEY (`version`))",
	Postgres: "CREATE TABLE IF NOT EXISTS schema_migrations (version bigint NOT NULL PRIMARY KEY, name character varying(128) NOT NULL, applied_at timestamp with time zone NOT NULL)",
}

// Migrate brings the schema to [LatestSchemaVersion], applying the steps
// not yet applied. It is idempotent and safe to run from several processes
// at once (an advisory lock on PostgreSQL, an immediate transaction on
// SQLite). It refuses a database migrated by a newer binary
// ([ErrSchemaTooNew]) and one holding pokerroom's table names without its
// migration record ([ErrForeignTables]). It returns the number of steps
// applied.
func (s *Store) Migrate(ctx context.Context) (applied int, err error) {
	steps := dialectMigrations[s.loc.Backend]
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		applied = 0
		if s.loc.Backend == Postgres {
			if err := tx.Exec("SELECT pg_advisory_xact_lock(?)", int64(advisoryLockKey)).Error; err != nil {
				return fmt.Errorf("lock for migration: %w", err)
			}
		}
		if !tx.Migrator().HasTable("schema_migrations") {
			var foreign []string
			for _, t := range Tables()[1:] {
				if tx.Migrator().HasTable(t) {
					foreign = append(foreign, t)
				}
			}
			if len(foreign) > 0 {
				return fmt.Errorf("%w: %s exist without schema_migrations; use an empty database (or schema) for pokerroom", ErrForeignTables, strings.Join(foreign, ", "))
			}
		}
		if err := tx.Exec(schemaMigrationsDDL[s.loc.Backend]).Error; err != nil {
			return fmt.Errorf("create schema_migrations: %w", err)
		}
		var done []int
		if err := tx.Table("schema_migrations").Pluck("version", &done).Error; err != nil {
			return fmt.Errorf("read schema_migrations: %w", err)
		}
		have := make(map[int]bool, len(done))
		for _, v := range done {
			have[v] = true
			if v > len(steps) {
				return fmt.Errorf("%w: the database is at version %d, this binary knows versions up to %d; upgrade pokerroom", ErrSchemaTooNew, v, len(steps))
			}
		}
		for _, m := range steps {
			if have[m.Version] {
				continue
			}
			for k, stmt := range m.Statements {
				if err := tx.Exec(stmt).Error; err != nil {
					return fmt.Errorf("migration %d (%s), statement %d: %w", m.Version, m.Name, k+1, err)
				}
			}
			if err := tx.Exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", m.Version, m.Name, tx.NowFunc()).Error; err != nil {
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
	if err := s.sqlDB.PingContext(ctx); err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	if !db.Migrator().HasTable("schema_migrations") {
		return 0, nil
	}
	var v *int
	if err := db.Table("schema_migrations").Select("MAX(version)").Scan(&v).Error; err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	if v == nil {
		return 0, nil
	}
	return *v, nil
}

// Tables lists the tables the schema must have, for checks.
func Tables() []string {
	return []string{"schema_migrations", "communities", "players", "accounts", "ledger_entries", "tables", "hands", "hand_events",
		"seats", "deadlines", "key_values", "secrets", "tourneys", "tourney_ops", "tourney_templates", "admin_log", "player_stats",
		"tourney_stats"}
}
