package storetest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/store"
	"gorm.io/gorm"
)

// v1 holds the models of the first release, whose schema migration 1 was
// gorm's AutoMigrate of them: the frozen migration 1 must be that schema, so
// that a database of the first release migrates on.
type (
	v1Community struct {
		ID        int64     `gorm:"primaryKey"`
		Platform  string    `gorm:"size:16;not null;uniqueIndex:ux_communities_platform_chat,priority:1"`
		ChatID    string    `gorm:"size:64;not null;uniqueIndex:ux_communities_platform_chat,priority:2"`
		Title     string    `gorm:"size:256;not null;default:''"`
		Language  string    `gorm:"size:8;not null;default:''"`
		CreatedAt time.Time `gorm:"not null"`
		UpdatedAt time.Time `gorm:"not null"`
	}
	v1Player struct {
		ID          int64     `gorm:"primaryKey"`
		Platform    string    `gorm:"size:16;not null;uniqueIndex:ux_players_platform_user,priority:1"`
		UserID      string    `gorm:"size:64;not null;uniqueIndex:ux_players_platform_user,priority:2"`
		DisplayName string    `gorm:"size:256;not null;default:''"`
		Language    string    `gorm:"size:8;not null;default:''"`
		CreatedAt   time.Time `gorm:"not null"`
		UpdatedAt   time.Time `gorm:"not null"`
	}
	v1Account struct {
		ID        int64     `gorm:"primaryKey"`
		Kind      string    `gorm:"size:16;not null;index"`
		Key       string    `gorm:"size:128;not null;uniqueIndex"`
		PlayerID  *int64    `gorm:"index"`
		Player    *v1Player `gorm:"foreignKey:PlayerID;constraint:OnDelete:RESTRICT"`
		Balance   int64     `gorm:"not null;default:0;check:chk_accounts_balance,balance >= 0 OR kind IN ('house','bank','system')"`
		CreatedAt time.Time `gorm:"not null"`
	}
	v1LedgerEntry struct {
		ID            int64      `gorm:"primaryKey"`
		FromAccountID int64      `gorm:"not null;index"`
		FromAccount   *v1Account `gorm:"foreignKey:FromAccountID;constraint:OnDelete:RESTRICT"`
		ToAccountID   int64      `gorm:"not null;index;check:chk_ledger_distinct_accounts,from_account_id <> to_account_id"`
		ToAccount     *v1Account `gorm:"foreignKey:ToAccountID;constraint:OnDelete:RESTRICT"`
		Amount        int64      `gorm:"not null;check:chk_ledger_amount_positive,amount > 0"`
		Reason        string     `gorm:"size:32;not null"`
		Reference     string     `gorm:"size:128;not null;default:'';index"`
		CreatedAt     time.Time  `gorm:"not null;index"`
	}
	v1Table struct {
		ID          int64        `gorm:"primaryKey"`
		CommunityID int64        `gorm:"not null;index"`
		Community   *v1Community `gorm:"constraint:OnDelete:RESTRICT"`
		Name        string       `gorm:"size:64;not null;default:''"`
		Variant     string       `gorm:"size:16;not null"`
		Stakes      string       `gorm:"size:32;not null;default:''"`
		Config      string       `gorm:"type:text;not null;default:'{}'"`
		AccountID   *int64       `gorm:"index"`
		Account     *v1Account   `gorm:"constraint:OnDelete:RESTRICT"`
		CreatedAt   time.Time    `gorm:"not null"`
		ClosedAt    *time.Time   `gorm:""`
	}
	v1Hand struct {
		ID         int64      `gorm:"primaryKey"`
		TableID    int64      `gorm:"not null;index"`
		Table      *v1Table   `gorm:"constraint:OnDelete:RESTRICT"`
		Variant    string     `gorm:"size:16;not null"`
		Deck       string     `gorm:"type:text;not null"`
		Commitment string     `gorm:"size:128;not null;default:''"`
		StartedAt  time.Time  `gorm:"not null"`
		EndedAt    *time.Time `gorm:""`
	}
	v1HandEvent struct {
		ID        int64     `gorm:"primaryKey"`
		HandID    int64     `gorm:"not null;uniqueIndex:ux_hand_events_hand_seq,priority:1"`
		Hand      *v1Hand   `gorm:"constraint:OnDelete:RESTRICT"`
		Seq       int       `gorm:"not null;uniqueIndex:ux_hand_events_hand_seq,priority:2"`
		Kind      string    `gorm:"size:32;not null"`
		Payload   string    `gorm:"type:text;not null;default:'{}'"`
		CreatedAt time.Time `gorm:"not null"`
	}
	v1SchemaMigration struct {
		Version   int       `gorm:"primaryKey;autoIncrement:false"`
		Name      string    `gorm:"size:128;not null"`
		AppliedAt time.Time `gorm:"not null"`
	}
)

func (v1Community) TableName() string       { return "communities" }
func (v1Player) TableName() string          { return "players" }
func (v1Account) TableName() string         { return "accounts" }
func (v1LedgerEntry) TableName() string     { return "ledger_entries" }
func (v1Table) TableName() string           { return "tables" }
func (v1Hand) TableName() string            { return "hands" }
func (v1HandEvent) TableName() string       { return "hand_events" }
func (v1SchemaMigration) TableName() string { return "schema_migrations" }

// createFirstRelease builds the first release's database: AutoMigrate of its
// models and the row recording migration 1.
func createFirstRelease(t *testing.T, db *gorm.DB) {
	t.Helper()
	if err := db.Migrator().AutoMigrate(&v1SchemaMigration{}, &v1Community{}, &v1Player{}, &v1Account{}, &v1LedgerEntry{},
		&v1Table{}, &v1Hand{}, &v1HandEvent{}); err != nil {
		t.Fatal(err)
	}
	if err := db.Create(&v1SchemaMigration{Version: 1, Name: "communities, players, accounts, ledger, tables, hands, hand events", AppliedAt: epoch}).Error; err != nil {
		t.Fatal(err)
	}
}

// schemaOf describes the tables of a database: columns with their type and
// nullability, and index names, sorted.
func schemaOf(t *testing.T, db *gorm.DB) []string {
	t.Helper()
	var out []string
	for _, table := range store.Tables() {
		cols, err := db.Migrator().ColumnTypes(table)
		if err != nil {
			t.Fatalf("columns of %s: %v", table, err)
		}
		for _, c := range cols {
			null, _ := c.Nullable()
			size, _ := c.Length()
			def, _ := c.DefaultValue()
			out = append(out, fmt.Sprintf("%s.%s %s(%d) null=%v default=%q", table, c.Name(), strings.ToLower(c.DatabaseTypeName()), size, null, def))
		}
		idx, err := db.Migrator().GetIndexes(table)
		if err != nil {
			t.Fatalf("indexes of %s: %v", table, err)
		}
		for _, i := range idx {
			uniq, _ := i.Unique()
			out = append(out, fmt.Sprintf("%s index %s %v unique=%v", table, i.Name(), i.Columns(), uniq))
		}
	}
	slices.Sort(out)
	return out
}

// testFirstReleaseMigratesOn: a database created by the first release
// (migration 1 was AutoMigrate) migrates to the latest version and ends with
// exactly the schema of a new database.
func testFirstReleaseMigratesOn(t *testing.T, open Opener) {
	ctx := context.Background()
	fresh, _ := migrated(t, open)
	want := schemaOf(t, fresh.DB())

	old := open(t, store.Options{Clock: NewClock(epoch)})
	createFirstRelease(t, old.DB())
	applied, err := old.Migrate(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if applied != store.LatestSchemaVersion()-1 {
		t.Fatalf("applied %d steps to a version-1 database, want %d", applied, store.LatestSchemaVersion()-1)
	}
	got := schemaOf(t, old.DB())
	if !slices.Equal(got, want) {
		t.Fatalf("schema of a migrated first-release database differs from a new one:\ngot  %q\nwant %q", got, want)
	}
}

// testRefusesNewerSchema: a database migrated by a newer binary is refused
// with ErrSchemaTooNew naming both versions, and nothing is changed.
func testRefusesNewerSchema(t *testing.T, open Opener) {
	ctx := context.Background()
	s, _ := migrated(t, open)
	newer := store.LatestSchemaVersion() + 1
	if err := s.DB().Exec("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, 'from the future', ?)", newer, epoch).Error; err != nil {
		t.Fatal(err)
	}
	_, err := s.Migrate(ctx)
	if !errors.Is(err, store.ErrSchemaTooNew) || !strings.Contains(err.Error(), fmt.Sprint(newer)) {
		t.Fatalf("Migrate on version %d: %v, want ErrSchemaTooNew naming it", newer, err)
	}
	if v, err := s.SchemaVersion(ctx); err != nil || v != newer {
		t.Fatalf("schema version %d, %v", v, err)
	}
}

// testRefusesForeignTables: tables named like pokerroom's without its
// migration record belong to another application: refused, not altered.
func testRefusesForeignTables(t *testing.T, open Opener) {
	ctx := context.Background()
	s := open(t, store.Options{})
	if err := s.DB().Exec("CREATE TABLE players (id integer PRIMARY KEY, nickname text)").Error; err != nil {
		t.Fatal(err)
	}
	_, err := s.Migrate(ctx)
	if !errors.Is(err, store.ErrForeignTables) || !strings.Contains(err.Error(), "players") {
		t.Fatalf("Migrate over a foreign players table: %v, want ErrForeignTables", err)
	}
	cols, err := s.DB().Migrator().ColumnTypes("players")
	if err != nil || len(cols) != 2 {
		t.Fatalf("the foreign table was altered: %d columns, %v", len(cols), err)
	}
	if s.DB().Migrator().HasTable("accounts") {
		t.Fatal("pokerroom created its tables beside the foreign ones")
	}
}
