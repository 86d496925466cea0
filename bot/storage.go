package bot

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/tourney"
)

// The storage the room consumes, defined here and implemented by package
// store (SQLite and PostgreSQL). Values are the room's, never database rows.
// Every method honours ctx's deadline and cancellation. Errors: wrapped
// ErrNotFound for a missing row, ErrDuplicate for a conflict on a unique
// key, ErrInsufficientFunds for a transfer that would overdraw an account
// that may not go negative; anything else is a storage failure.

// Move is one chip movement between two ledger accounts.
type Move struct {
	From, To  int64 // account ids
	Amount    int64 // > 0
	Reason    string
	Reference string // what caused it: "hand:42", "table:7"
}

// HandTag is the room's part of a hand's setup (engine.Setup.Tag, JSON):
// which table seat each engine seat is, and the hand's number at the table.
// An export of stored hands reads seats and names from it.
type HandTag struct {
	Order  []int `json:"order"`
	Number int   `json:"number"`
	Button int   `json:"button"`
	// Names are the players as the hand's summary shows them (by engine
	// seat), so that /history tells it the same after they left.
	Names []string `json:"names,omitempty"`
	// Players are the players' ids by engine seat (0 for a practice
	// opponent), so that a player's export finds their own hands. Hands
	// stored before it have none.
	Players []int64 `json:"players,omitempty"`
	// Pos is a tournament hand's button and blinds (dead button).
	Pos *tourney.Positions `json:"pos,omitempty"`
}

// ParseHandTag reads a hand's tag (engine.Setup.Tag); an error when it is
// not the room's JSON.
func ParseHandTag(tag string) (HandTag, error) {
	var hs HandTag
	if err := json.Unmarshal([]byte(tag), &hs); err != nil {
		return HandTag{}, fmt.Errorf("hand tag: %w", err)
	}
	return hs, nil
}

// HandRecord is a hand as stored: the setup it started from and its events.
type HandRecord struct {
	ID        int64
	TableID   int64
	Setup     engine.Setup
	Events    []engine.Event
	StartedAt time.Time
	// EndedAt is zero while the hand is being played.
	EndedAt time.Time
	// Broken says why the stored hand cannot be read back whole (an
	// undecodable setup or event, a gap in its log); "" when sound. Such a
	// hand is returned, not refused, so that the room can void it.
	Broken string
	// Voided says why the hand was voided as a misdeal; "" for a hand
	// played (or being played).
	Voided string
}

// VoidedHand is a hand voided at a restart because it could not be
// resumed: its chips went back to the stacks they started from.
type VoidedHand struct {
	HandID, TableID int64
	Reason          string
	At              time.Time
}

// HandLog stores hands and their event logs. Recovery reads the unfinished
// hands back and rebuilds each with engine.Resume(record.Setup,
// record.Events).
type HandLog interface {
	// StartHand stores a new hand of a table with its setup and returns its
	// id. ErrNotFound: no such table.
	StartHand(ctx context.Context, tableID int64, setup engine.Setup, at time.Time) (int64, error)
	// AppendEvents stores events (their Seq continue the hand's log) and the
	// ledger moves they caused, in one transaction: all or nothing.
	// ErrDuplicate: an event's Seq is already stored (a retried or
	// concurrent commit); ErrInsufficientFunds from a move; ErrNotFound: no
	// such hand or account.
	AppendEvents(ctx context.Context, handID int64, events []engine.Event, moves []Move) error
	// EndHand marks the hand finished.
	EndHand(ctx context.Context, handID int64, at time.Time) error
	// LoadHand reads a hand with all its events, in order.
	LoadHand(ctx context.Context, handID int64) (HandRecord, error)
	// OpenHands returns the table's hands not ended, oldest first.
	OpenHands(ctx context.Context, tableID int64) ([]HandRecord, error)
	// RecentHands returns the table's last n finished hands, newest first.
	RecentHands(ctx context.Context, tableID int64, n int) ([]HandRecord, error)
	// VoidedHands returns every voided hand, oldest first.
	VoidedHands(ctx context.Context) ([]VoidedHand, error)
}

// AccountKind says who owns an account; only the house, bank and system
// accounts may go negative.
type AccountKind string

// Account kinds.
const (
	AccountPlayer     AccountKind = "player"
	AccountTable      AccountKind = "table"
	AccountTournament AccountKind = "tournament"
	AccountHouse      AccountKind = "house"
	AccountBank       AccountKind = "bank"
	AccountSystem     AccountKind = "system"
)

// Wallets is the chip ledger.
type Wallets interface {
	// OpenAccount returns the id of the account with key, creating it (balance
	// 0) if needed; playerID is 0 for accounts no player owns. ErrDuplicate:
	// the key belongs to an account of another kind.
	OpenAccount(ctx context.Context, kind AccountKind, key string, playerID int64) (int64, error)
	// Balance returns an account's balance.
	Balance(ctx context.Context, accountID int64) (int64, error)
	// Move moves chips between two accounts, all the moves in one
	// transaction.
	Move(ctx context.Context, moves ...Move) error
	// MoveOnce stores the moves and marks key as done (KV.Value(key) then
	// finds it), in one transaction, unless key is marked already: then
	// nothing moves and the error wraps ErrDuplicate. A grant given once
	// ever (welcome chips) cannot be given twice, whatever fails or
	// restarts between its parts.
	MoveOnce(ctx context.Context, key string, moves ...Move) error
	// PlayerAccounts returns the player's wallets (accounts of kind
	// AccountPlayer owned by playerID), by id; none is not an error.
	PlayerAccounts(ctx context.Context, playerID int64) ([]AccountBalance, error)
}

// Player is a platform user.
type Player struct {
	ID          int64
	Platform    string // "telegram", "discord", "console"
	UserID      string // the platform's user id
	DisplayName string
	Language    string // "" = the community's
	// Banned says why an operator banned the player from the bot; "" when
	// not banned.
	Banned string
}

// Community is a group chat in which tables and tournaments live.
type Community struct {
	ID       int64
	Platform string
	ChatID   string
	Title    string
	Language string
	// SpectatorChat is where summaries and news are posted; "" = none.
	SpectatorChat string
	// Guild is the Discord server of a channel ("" elsewhere): the
	// channels of one server share its economy.
	Guild string
	// GrantCap and DayCap lower the most an admin's /grant may give at
	// once and in a day (0: the room's default).
	GrantCap, DayCap int64
}

// Members finds and records players and communities.
type Members interface {
	// Player returns the player, creating it if needed; a changed display
	// name is stored.
	Player(ctx context.Context, platform, userID, displayName string) (Player, error)
	// Community returns the community, creating it if needed.
	Community(ctx context.Context, platform, chatID, title string) (Community, error)
	// CommunityByID returns a recorded community (ErrNotFound if none).
	CommunityByID(ctx context.Context, id int64) (Community, error)
	// SetCommunity stores a community's language and spectator chat.
	SetCommunity(ctx context.Context, c Community) error
	// MoveCommunity gives the community of chat from the chat id to (a
	// Telegram group upgraded to a supergroup gets a new id), with its
	// tables, settings and history. A community already recorded at to
	// (a command typed in the new chat first) is set aside under another
	// id. ErrNotFound when from is not a community (moved already).
	MoveCommunity(ctx context.Context, platform, from, to string) (Community, error)
	// FindPlayers returns the players of a platform whose user id is who or
	// whose display name is who (case-insensitive), at most 10; none is
	// not an error.
	FindPlayers(ctx context.Context, platform, who string) ([]Player, error)
	// SetBanned stores why an operator banned the player ("" lifts the
	// ban). ErrNotFound: no such player.
	SetBanned(ctx context.Context, playerID int64, reason string) error
}

// AdminEntry is one admin action in a community's admin log.
type AdminEntry struct {
	ID          int64
	CommunityID int64 // the economy's community (a Discord server's, a group's); 0: bot-wide (an operator's ban)
	At          time.Time
	ActorID     int64  // the player who acted
	Actor       string // their name then
	Action      string // "grant", "newtable", "tourney create", "ban"
	TargetID    int64  // the player acted on; 0 for none
	Target      string // their name then
	Amount      int64  // chips granted (negative: taken back); 0 for none
	Detail      string // the command as typed, or what it did
}

// AdminLog stores what admins and operators did, per community.
type AdminLog interface {
	// AddAdminEntry stores e and the moves in one transaction (a grant and
	// its record are one: neither is stored without the other); its ID is
	// assigned. ErrInsufficientFunds: a move would overdraw a wallet.
	AddAdminEntry(ctx context.Context, e AdminEntry, moves ...Move) error
	// AdminEntries returns the entries q asks for, newest first.
	AdminEntries(ctx context.Context, q AdminQuery) ([]AdminEntry, error)
}

// AdminQuery selects admin log entries.
type AdminQuery struct {
	CommunityID int64 // this community's (0: the bot-wide entries)
	All         bool  // every community's and the bot-wide, CommunityID ignored
	Since       time.Time
	Limit       int // at most this many, the newest (0: all)
}

// TableRecord is a cash table as stored.
type TableRecord struct {
	ID          int64
	CommunityID int64
	Name        string
	Variant     string
	Stakes      string
	// Config is the table's options, as the room encodes them (JSON).
	Config string
	// State is the room's state of the table between hands (JSON).
	State     string
	AccountID int64 // the account holding the chips in play
	CreatedAt time.Time
	ClosedAt  time.Time // zero while open
}

// SeatRecord is a player sitting at a table.
type SeatRecord struct {
	Seat       int // 1..N
	PlayerID   int64
	Stack      int64
	SittingOut bool
	// State is the room's per-seat state (time bank, waiting flags), JSON.
	State string
}

// Tables stores cash tables and who sits at them.
type Tables interface {
	// AddTable stores a table and returns its id.
	AddTable(ctx context.Context, t TableRecord) (int64, error)
	// OpenTables returns the community's open tables (communityID 0: every
	// community's), oldest first.
	OpenTables(ctx context.Context, communityID int64) ([]TableRecord, error)
	// CloseTable marks a table closed.
	CloseTable(ctx context.Context, tableID int64, at time.Time) error
	// SaveSeats replaces the table's seats with seats.
	SaveSeats(ctx context.Context, tableID int64, seats []SeatRecord, at time.Time) error
	// Seats returns the table's seats by seat number.
	Seats(ctx context.Context, tableID int64) ([]SeatRecord, error)
}

// Deadline is a stored timer: turn clocks, levels, registration windows.
type Deadline struct {
	Key     string // "turn:table:7", "level:tourney:3"
	At      time.Time
	Payload string // what the timer does, as its owner encodes it
}

// Deadlines stores timers as deadlines, so that they are re-armed after a
// restart.
type Deadlines interface {
	// SetDeadline stores (or moves) the deadline with d.Key.
	SetDeadline(ctx context.Context, d Deadline) error
	// ClearDeadline removes it; clearing a missing one is not an error.
	ClearDeadline(ctx context.Context, key string) error
	// Deadlines returns every stored deadline, earliest first.
	Deadlines(ctx context.Context) ([]Deadline, error)
}

// MessageIDs remembers the platform id of the message showing a view (the
// table message of a hand, a lobby, a player's cards), so that it is edited
// in place, also after a restart. It is for message ids only: other state
// kept under a key goes in the KV. The two share one key space (a
// store keeps them in one table): a view's keys ("table:7:3",
// "tourney:2:lobby", "telegram:cards:<user>") never take the KV's
// prefixes.
type MessageIDs interface {
	// SetMessageID stores id for key.
	SetMessageID(ctx context.Context, key, id string) error
	// MessageID returns the id stored for key; ErrNotFound when none.
	MessageID(ctx context.Context, key string) (string, error)
}

// KV stores short values under keys, for state that outlives a restart and
// has no record of its own: a recurring schedule's last firing
// ("cron:<key>"), an adapter's cursor of handled updates
// ("telegram:update_offset:<bot>"), the marks of grants given once
// ("welcome:<economy>:<player>", written by Wallets.MoveOnce). A key
// begins with its owner's prefix and a colon.
type KV interface {
	// SetValue stores value under key, replacing what was there. A key
	// of no or over KVKeyMax bytes, or a value over KVValueMax bytes, is
	// refused with an error (nothing stored); a store that cannot write
	// returns its error.
	SetValue(ctx context.Context, key, value string) error
	// Value returns the value stored under key; ErrNotFound when none.
	Value(ctx context.Context, key string) (string, error)
}

// The bounds of a KV's keys and values, in bytes.
const (
	KVKeyMax   = 128
	KVValueMax = 64 << 10
)

// Secrets keeps the room's secrets, such as the key that signs button
// tokens: generated once, at the first start, and the same ever after, for
// every process sharing the database.
type Secrets interface {
	// Secret returns the secret named name, creating it from size bytes of
	// crypto/rand the first time; concurrent first calls agree on one value.
	Secret(ctx context.Context, name string, size int) ([]byte, error)
}

// TourneyRecord is a tournament as stored.
type TourneyRecord struct {
	ID          int64
	CommunityID int64
	Name        string
	// Config is the tournament's settings, as the room encodes them (JSON).
	Config    string
	Status    string
	CreatedAt time.Time
	EndedAt   time.Time // zero while not over
}

// TourneyOp is one step of a tournament's director (a registration, the
// draw, a hand's eliminations, moves, payouts), as the room encodes it:
// replayed in order, the ops rebuild the tournament after a restart.
type TourneyOp struct {
	TourneyID int64
	Seq       int64 // 1, 2, ... per tournament
	Kind      string
	Data      string // JSON
	At        time.Time
}

// TourneyStatus changes a tournament's listed status, and ends it.
type TourneyStatus struct {
	TourneyID int64
	Status    string
	Ended     bool
	// Config, when not "", replaces the tournament's settings (an edit
	// before anyone registered) and Name its name.
	Config, Name string
}

// Tourneys stores tournaments. Their ops and status changes are written
// with TableWrite (TourneyOps, Status), in the same transaction as the
// chips they move.
type Tourneys interface {
	// AddTourney stores a tournament and returns its id.
	AddTourney(ctx context.Context, t TourneyRecord) (int64, error)
	// Tourneys returns the community's tournaments (communityID 0: every
	// community's), oldest first: only those not ended when open is true.
	Tourneys(ctx context.Context, communityID int64, open bool) ([]TourneyRecord, error)
	// TourneyOps returns a tournament's ops in order.
	TourneyOps(ctx context.Context, tourneyID int64) ([]TourneyOp, error)
	// SaveTemplate stores (or replaces) a community's template by name.
	SaveTemplate(ctx context.Context, t Template) error
	// Templates returns a community's templates (communityID 0: every
	// community's), by name; ErrNotFound never.
	Templates(ctx context.Context, communityID int64) ([]Template, error)
	// DeleteTemplate removes one; ErrNotFound when there is none.
	DeleteTemplate(ctx context.Context, communityID int64, name string) error
}

// Template is a community's saved tournament settings (/tourney template
// save); with a Spec it creates a tournament at every time the schedule
// names (/tourney schedule), Last being the start of the last one made.
type Template struct {
	CommunityID int64
	Name        string
	Config      string // the settings, as the room encodes them
	Spec        string // a cron expression or friendly form; "" for none
	Last        time.Time
}

// Storage is everything the room stores.
type Storage interface {
	HandLog
	Wallets
	Members
	Tables
	Tourneys
	Deadlines
	MessageIDs
	KV
	Secrets
	Committer
	Auditor
	AdminLog
}

// TableWrite is everything one step of a table changes, stored at once: a
// new hand (NewHand), the events of the hand and the chips they moved, the
// end of the hand, the seats, and the table's timers. Nothing of it is
// shown before it is stored.
type TableWrite struct {
	TableID int64
	// NewHand starts a hand with this setup; HandID is set when stored.
	NewHand *engine.Setup
	// HandID is the hand Events belong to (set by the store for NewHand).
	HandID int64
	Events []engine.Event
	Moves  []Move
	// EndHand marks the hand finished; Void (with EndHand) marks it
	// voided, saying why.
	EndHand bool
	Void    string
	// Seats, when SaveSeats, replace the table's seats.
	Seats     []SeatRecord
	SaveSeats bool
	// State, when SaveState, replaces the table's TableRecord.State.
	State     string
	SaveState bool
	// SetDeadlines and ClearDeadlines (keys) change the stored timers.
	SetDeadlines   []Deadline
	ClearDeadlines []string
	// TourneyOps are appended to their tournaments' logs (ErrDuplicate:
	// a Seq already stored); Status changes a tournament's status.
	TourneyOps []TourneyOp
	Status     *TourneyStatus
	At         time.Time
}

// Committer stores table writes; many tables' writes share one
// transaction (group commit), so that the room is not capped at one
// transaction per action.
type Committer interface {
	// CommitTables stores every write in one transaction: all or nothing.
	// The events of a write must continue their hand's stored log (the
	// first one numbered as the count of events stored, the rest in
	// order): any other is refused with ErrDuplicate, so that a log never
	// has a gap or a fork. The errors are HandLog's (ErrDuplicate,
	// ErrInsufficientFunds, ErrNotFound).
	CommitTables(ctx context.Context, writes []*TableWrite) error
}

// Auditor reads what the chip audit (AuditChips) checks.
type Auditor interface {
	// AuditSnapshot reads the books, the open tables and the tournaments
	// in one read transaction: a commit in between cannot show chips
	// half moved.
	AuditSnapshot(ctx context.Context) (AuditSnapshot, error)
}

// AuditSnapshot is the store as of one moment, for the chip audit.
type AuditSnapshot struct {
	// Ledger is every account's cached balance against its ledger sum.
	Ledger LedgerAudit
	// Accounts are every ledger account, by id.
	Accounts []AccountBalance
	// Tables are the open tables; Seats and OpenHands (their setups, no
	// events) by table id.
	Tables    []TableRecord
	Seats     map[int64][]SeatRecord
	OpenHands map[int64][]HandRecord
	// Tourneys are every tournament, ended too; Ops the log of each one
	// not ended, by tournament id.
	Tourneys []TourneyRecord
	Ops      map[int64][]TourneyOp
	// Welcome are the ledger's moves with reason "welcome", oldest first.
	Welcome []Move
}

// LedgerAudit is the books checked: every account's cached balance
// against the sum of its ledger entries, and the total of all balances
// (zero when the books balance).
type LedgerAudit struct {
	Accounts   int
	Entries    int64
	Total      int64
	Mismatches []LedgerMismatch
}

// LedgerMismatch is an account whose cached balance is not its ledger sum.
type LedgerMismatch struct {
	AccountID int64
	Balance   int64 // cached
	Ledger    int64 // sum of the ledger
}

// AccountBalance is a ledger account and its cached balance.
type AccountBalance struct {
	ID      int64
	Kind    AccountKind
	Key     string
	Balance int64
}
