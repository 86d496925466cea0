package store

// The models mirror the fixed DDL of migrations/ (the schema is created by
// those files, never from these structs): gorm reads and writes rows with
// them.

import "time"

// Platform names a chat platform.
type Platform string

// The platforms pokerroom knows.
const (
	Telegram Platform = "telegram"
	Discord  Platform = "discord"
	Console  Platform = "console"
)

// Community is a group chat (Telegram group, Discord server channel, the
// console) in which tables and tournaments live.
type Community struct {
	ID       int64    `gorm:"primaryKey"`
	Platform Platform `gorm:"size:16;not null;uniqueIndex:ux_communities_platform_chat,priority:1"`
	ChatID   string   `gorm:"size:64;not null;uniqueIndex:ux_communities_platform_chat,priority:2"`
	Title    string   `gorm:"size:256;not null;default:''"`
	Language string   `gorm:"size:8;not null;default:''"`
	// SpectatorChat is the chat (channel) hand summaries and tournament
	// news are posted to; empty: none.
	SpectatorChat string `gorm:"size:64;not null;default:''"`
	// Guild is a Discord channel's server: its channels share wallets.
	Guild string `gorm:"size:64;not null;default:''"`
	// GrantCap and DayCap lower the caps of the admins' grants (0: the
	// room's default).
	GrantCap  int64     `gorm:"not null;default:0"`
	DayCap    int64     `gorm:"not null;default:0"`
	CreatedAt time.Time `gorm:"not null"`
	UpdatedAt time.Time `gorm:"not null"`
}

// Player is one platform user.
type Player struct {
	ID          int64     `gorm:"primaryKey"`
	Platform    Platform  `gorm:"size:16;not null;uniqueIndex:ux_players_platform_user,priority:1"`
	UserID      string    `gorm:"size:64;not null;uniqueIndex:ux_players_platform_user,priority:2"`
	DisplayName string    `gorm:"size:256;not null;default:''"`
	Language    string    `gorm:"size:8;not null;default:''"`   // empty: the community's
	Banned      string    `gorm:"size:256;not null;default:''"` // why an operator banned the player; empty: not banned
	CreatedAt   time.Time `gorm:"not null"`
	UpdatedAt   time.Time `gorm:"not null"`
}

// AccountKind says who owns an account and whether it may go negative.
type AccountKind string

// Account kinds.
const (
	KindPlayer     AccountKind = "player"     // a player's wallet
	KindTable      AccountKind = "table"      // chips in play at a cash table
	KindTournament AccountKind = "tournament" // a tournament's prize pool and chips
	KindHouse      AccountKind = "house"      // rake and fees collected
	KindBank       AccountKind = "bank"       // where granted play money comes from
	KindSystem     AccountKind = "system"     // corrections and other system movements
)

// MayGoNegative reports whether accounts of this kind may have a negative
// balance. Only the house, bank and system accounts may: they are the
// source of play money, so that the sum over all accounts is always zero.
func (k AccountKind) MayGoNegative() bool {
	switch k {
	case KindHouse, KindBank, KindSystem:
		return true
	}
	return false
}

// Valid reports whether k is one of the known kinds.
func (k AccountKind) Valid() bool {
	switch k {
	case KindPlayer, KindTable, KindTournament, KindHouse, KindBank, KindSystem:
		return true
	}
	return false
}

// Account holds chips. Balance is a cache of the ledger kept in the same
// transaction as every [LedgerEntry]; [Store.Audit] checks it.
type Account struct {
	ID int64 `gorm:"primaryKey"`
	// Kind is the owner kind.
	Kind AccountKind `gorm:"size:16;not null;index"`
	// Key is the account's natural key, unique: "wallet:<player id>",
	// "table:<table id>", "bank", ... chosen by the caller.
	Key string `gorm:"size:128;not null;uniqueIndex"`
	// PlayerID is set for player wallets.
	PlayerID *int64  `gorm:"index"`
	Player   *Player `gorm:"foreignKey:PlayerID;constraint:OnDelete:RESTRICT"`
	// Balance is the sum of the ledger for this account.
	Balance   int64     `gorm:"not null;default:0;check:chk_accounts_balance,balance >= 0 OR kind IN ('house','bank','system')"`
	CreatedAt time.Time `gorm:"not null"`
}

// LedgerEntry is one chip movement: Amount chips from one account to
// another. Entries are never updated or deleted.
type LedgerEntry struct {
	ID            int64    `gorm:"primaryKey"`
	FromAccountID int64    `gorm:"not null;index"`
	FromAccount   *Account `gorm:"foreignKey:FromAccountID;constraint:OnDelete:RESTRICT"`
	ToAccountID   int64    `gorm:"not null;index;check:chk_ledger_distinct_accounts,from_account_id <> to_account_id"`
	ToAccount     *Account `gorm:"foreignKey:ToAccountID;constraint:OnDelete:RESTRICT"`
	Amount        int64    `gorm:"not null;check:chk_ledger_amount_positive,amount > 0"`
	// Reason is a short machine-readable word: "grant", "buyin", "cashout",
	// "rake", "entry", "prize", "bounty", ...
	Reason string `gorm:"size:32;not null"`
	// Reference points at what caused the movement: "hand:42", "table:7".
	Reference string    `gorm:"size:128;not null;default:'';index"`
	CreatedAt time.Time `gorm:"not null;index"`
}

// Table is a cash table in a community.
type Table struct {
	ID          int64      `gorm:"primaryKey"`
	CommunityID int64      `gorm:"not null;index"`
	Community   *Community `gorm:"constraint:OnDelete:RESTRICT"`
	Name        string     `gorm:"size:64;not null;default:''"`
	Variant     string     `gorm:"size:16;not null"`
	Stakes      string     `gorm:"size:32;not null;default:''"`
	// Config holds the table's options as JSON.
	Config string `gorm:"type:text;not null;default:'{}'"`
	// State is the room's state of the table between hands (JSON).
	State string `gorm:"type:text;not null;default:''"`
	// AccountID is the account holding the chips in play at this table.
	AccountID *int64     `gorm:"index"`
	Account   *Account   `gorm:"constraint:OnDelete:RESTRICT"`
	CreatedAt time.Time  `gorm:"not null"`
	ClosedAt  *time.Time `gorm:""`
}

// Hand is one hand dealt at a table. Its history is its [HandEvent] log.
type Hand struct {
	ID      int64  `gorm:"primaryKey"`
	TableID int64  `gorm:"not null;index"`
	Table   *Table `gorm:"constraint:OnDelete:RESTRICT"`
	Variant string `gorm:"size:16;not null"`
	// Deck is the shuffled deck, in dealing order, as card codes.
	Deck string `gorm:"type:text;not null"`
	// Commitment is a hash of the deck published before the first card is
	// dealt, so that players can check the deck afterwards.
	Commitment string `gorm:"size:128;not null;default:''"`
	// Setup is the engine.Setup the hand started from, as JSON.
	Setup     string     `gorm:"type:text;not null;default:''"`
	StartedAt time.Time  `gorm:"not null"`
	EndedAt   *time.Time `gorm:""`
	// Voided says why the hand was voided as a misdeal; '' when played.
	Voided string `gorm:"type:text;not null;default:''"`
}

// HandEvent is one step of a hand: Seq counts from 1 within the hand and
// (HandID, Seq) is unique. Payload is JSON.
type HandEvent struct {
	ID        int64     `gorm:"primaryKey"`
	HandID    int64     `gorm:"not null;uniqueIndex:ux_hand_events_hand_seq,priority:1"`
	Hand      *Hand     `gorm:"constraint:OnDelete:RESTRICT"`
	Seq       int       `gorm:"not null;uniqueIndex:ux_hand_events_hand_seq,priority:2"`
	Kind      string    `gorm:"size:32;not null"`
	Payload   string    `gorm:"type:text;not null;default:'{}'"`
	CreatedAt time.Time `gorm:"not null"`
}

// Seat is a player sitting at a cash table (seat numbers from 1).
type Seat struct {
	TableID    int64     `gorm:"primaryKey;autoIncrement:false"`
	Seat       int       `gorm:"primaryKey;autoIncrement:false"`
	PlayerID   int64     `gorm:"not null"`
	Stack      int64     `gorm:"not null;default:0"`
	SittingOut bool      `gorm:"not null;default:false"`
	State      string    `gorm:"type:text;not null;default:'{}'"`
	UpdatedAt  time.Time `gorm:"not null"`
}

// Deadline is a stored timer: due at DueAt, re-armed after a restart.
type Deadline struct {
	Key     string    `gorm:"primaryKey;size:128"`
	DueAt   time.Time `gorm:"not null"`
	Payload string    `gorm:"type:text;not null;default:''"`
}

// KeyValue is a value stored under a key: the platform id of the message
// showing a view (bot.MessageIDs), or the state of bot.KV (cron's last
// firings, an adapter's cursor, the marks of grants given once).
type KeyValue struct {
	Key       string    `gorm:"primaryKey;size:128"`
	Value     string    `gorm:"type:text;not null"`
	UpdatedAt time.Time `gorm:"not null"`
}

// TableName is key_values.
func (KeyValue) TableName() string { return "key_values" }

// Secret is one of the room's secrets (never logged).
type Secret struct {
	Name      string    `gorm:"primaryKey;size:64"`
	Value     []byte    `gorm:"not null"`
	CreatedAt time.Time `gorm:"not null"`
}

// Tourney is a tournament: its configuration (JSON, as the room encodes
// it) and its status; what happened in it is its log of TourneyOps.
type Tourney struct {
	ID          int64      `gorm:"primaryKey"`
	CommunityID int64      `gorm:"not null"`
	Name        string     `gorm:"size:128;not null;default:''"`
	Config      string     `gorm:"type:text;not null;default:'{}'"`
	Status      string     `gorm:"size:32;not null;default:''"`
	CreatedAt   time.Time  `gorm:"not null"`
	EndedAt     *time.Time // nil while the tournament is not over
}

// TourneyOp is one step of a tournament's director, numbered from 1.
type TourneyOp struct {
	ID        int64     `gorm:"primaryKey"`
	TourneyID int64     `gorm:"not null"`
	Seq       int64     `gorm:"not null"`
	Kind      string    `gorm:"size:32;not null"`
	Data      string    `gorm:"type:text;not null;default:'{}'"`
	CreatedAt time.Time `gorm:"not null"`
}

// TourneyTemplate is a community's saved tournament settings; with a
// Spec it is a recurring schedule, Last the start of the last tournament
// it created.
type TourneyTemplate struct {
	CommunityID int64      `gorm:"primaryKey;autoIncrement:false"`
	Name        string     `gorm:"primaryKey;size:64"`
	Config      string     `gorm:"type:text;not null;default:'{}'"`
	Spec        string     `gorm:"size:256;not null;default:''"`
	Last        *time.Time // nil before the first
	UpdatedAt   time.Time  `gorm:"not null"`
}

// AdminEntry is one admin action in a community's admin log (table
// admin_log); entries are never updated or deleted.
type AdminEntry struct {
	ID          int64     `gorm:"primaryKey"`
	CommunityID int64     `gorm:"not null"`
	At          time.Time `gorm:"not null"`
	ActorID     int64     `gorm:"not null"`
	Actor       string    `gorm:"size:256;not null;default:''"`
	Action      string    `gorm:"size:64;not null"`
	TargetID    int64     `gorm:"not null;default:0"`
	Target      string    `gorm:"size:256;not null;default:''"`
	Amount      int64     `gorm:"not null;default:0"`
	Detail      string    `gorm:"type:text;not null;default:''"`
}

// TableName is admin_log.
func (AdminEntry) TableName() string { return "admin_log" }
