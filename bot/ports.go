package bot

import (
	"context"
	"time"

	"github.com/pokerroom/pokerroom/engine"
)

// The ports: every interface the room consumes, implemented outside it.
// Storage is implemented by package store (SQLite and PostgreSQL), Clock
// by SystemClock (and fakes in tests), Sender and Enqueuer by the adapters
// and bot/outbox, Admins, Spectators and Threads by the adapters, Scheduler by package
// cron. Each method honours its ctx's deadline and cancellation.
//
// Storage errors: wrapped ErrNotFound for a missing row, ErrDuplicate for a
// conflict on a unique key, ErrInsufficientFunds for a transfer that would
// overdraw an account that may not go negative; anything else is a storage
// failure (the room answers it as EUnavailable and keeps its last committed
// state).

// Storage is everything the room stores.
type Storage interface {
	HandLog
	HandExports
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
	Stats
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
	// TableHand reads hand number (HandTag.Number: the table's count) of
	// the table with all its events, ended or not. ErrNotFound: the table
	// has no such hand.
	TableHand(ctx context.Context, tableID int64, number int) (HandRecord, error)
}

// HandExports reads a player's stored hands for /export.
type HandExports interface {
	// PlayerHands calls fn with the newest q.Limit (> 0) of the hands q
	// selects, oldest first: ended, not voided hands whose tag lists
	// q.PlayerID among those dealt in (HandTag.Players; hands stored
	// before tags listed them are never found). more reports that the
	// range holds more hands than those given. With q.All, a range of more
	// than q.Limit hands gives none (fn is not called) and more is true.
	// ErrNotFound: q.TourneyID names no tournament (of q.CommunityID's,
	// when set). It stops at fn's first error, which it returns, and
	// honours ctx between hands.
	PlayerHands(ctx context.Context, q PlayerHandsQuery, fn func(ExportedHand) error) (more bool, err error)
}

// PlayerHandsQuery selects a player's hands (HandExports.PlayerHands).
type PlayerHandsQuery struct {
	PlayerID int64
	// CommunityID: only the hands of its tables; 0 for every community.
	CommunityID int64
	// TourneyID: only the hands of its tables; 0 for every table.
	TourneyID int64
	// Since: only hands started at or after it; zero for all.
	Since time.Time
	// Limit is the most hands given: the newest of the range.
	Limit int
	// All: the whole range or nothing (see PlayerHands).
	All bool
}

// ExportedHand is a stored hand with its table and, at a tournament
// table, its tournament (nil at a cash table).
type ExportedHand struct {
	Hand    HandRecord
	Table   TableRecord
	Tourney *TourneyRecord
}

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
	// FindMembers is FindPlayers among the players with a value stored
	// (KV) under keyPrefix followed by their id: a community's members, by
	// the key of their welcome. The 10 are counted among them, so players
	// of the same name elsewhere do not hide a member.
	FindMembers(ctx context.Context, platform, who, keyPrefix string) ([]Player, error)
	// SetBanned stores why an operator banned the player ("" lifts the
	// ban). ErrNotFound: no such player.
	SetBanned(ctx context.Context, playerID int64, reason string) error
	// SetPlayerLanguage stores a player's own language ("" follows their
	// client's, else the chat's). ErrNotFound: no such player.
	SetPlayerLanguage(ctx context.Context, playerID int64, lang string) error
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

// Tables stores cash tables and who sits at them.
type Tables interface {
	// AddTable stores a table and returns its id.
	AddTable(ctx context.Context, t TableRecord) (int64, error)
	// OpenTables returns the community's open tables (communityID 0: every
	// community's), oldest first.
	OpenTables(ctx context.Context, communityID int64) ([]TableRecord, error)
	// CloseTable marks a table closed.
	CloseTable(ctx context.Context, tableID int64, at time.Time) error
	// Table returns a table's record, open or closed (ClosedAt set);
	// ErrNotFound when there is none.
	Table(ctx context.Context, tableID int64) (TableRecord, error)
	// SaveSeats replaces the table's seats with seats.
	SaveSeats(ctx context.Context, tableID int64, seats []SeatRecord, at time.Time) error
	// Seats returns the table's seats by seat number.
	Seats(ctx context.Context, tableID int64) ([]SeatRecord, error)
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

// Secrets keeps the room's secrets, such as the key that signs button
// tokens: generated once, at the first start, and the same ever after, for
// every process sharing the database.
type Secrets interface {
	// Secret returns the secret named name, creating it from size bytes of
	// crypto/rand the first time; concurrent first calls agree on one value.
	Secret(ctx context.Context, name string, size int) ([]byte, error)
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

// Committer stores table writes; many tables' writes share one
// transaction (group commit), so that the room is not capped at one
// transaction per action.
type Committer interface {
	// CommitTables stores every write in one transaction: all or nothing.
	// The events of a write must continue their hand's stored log (the
	// first one numbered as the count of events stored, the rest in
	// order): any other is refused with ErrDuplicate, so that a log never
	// has a gap or a fork. The errors are HandLog's (ErrDuplicate,
	// ErrInsufficientFunds, ErrNotFound) and ErrMalformed: each a refusal
	// that stored nothing of the batch.
	CommitTables(ctx context.Context, writes []*TableWrite) error
}

// Auditor reads what the chip audit (AuditChips) checks.
type Auditor interface {
	// AuditSnapshot reads the books, the open tables and the tournaments
	// in one read transaction: a commit in between cannot show chips
	// half moved.
	AuditSnapshot(ctx context.Context) (AuditSnapshot, error)
}

// Clock tells the time and runs functions later: the room's only source of
// time, so that tests drive timers (turn clocks, time banks, levels) with a
// fake (bottest.Clock) instead of sleeping. Modelled on tailscale's tstime.
type Clock interface {
	// Now returns the current time. The room measures durations (its
	// latency figures) as differences of Now: the real clock's readings
	// carry Go's monotonic reading, so a change of the wall clock does not
	// distort them; with a fake clock they are fake time (0 unless the
	// clock moved).
	Now() time.Time
	// AfterFunc calls f in its own goroutine once d has elapsed, unless the
	// timer is stopped first. A d <= 0 fires at once.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a pending AfterFunc call.
type Timer interface {
	// Stop prevents the call if it has not started; it reports whether it
	// did.
	Stop() bool
}

// Sender delivers messages on one platform; the adapters implement it.
type Sender interface {
	// Deliver sends m. For a keyed message, id is the platform id of the
	// message to edit ("" when none was sent yet); it returns the id of the
	// message sent or edited. A *RateLimitError asks to wait.
	Deliver(ctx context.Context, m Outgoing, id string) (string, error)
}

// Enqueuer takes outgoing messages without blocking (a bot/outbox Outbox,
// or a counting sink in the simulator); an outbox that holds too many
// messages for the destination refuses with ErrOutboxFull.
type Enqueuer interface {
	Enqueue(Outgoing) error
}

// Admins answers whether a user administers a chat; each adapter
// implements it with its platform's notion (Telegram chat admins, Discord's
// Manage Server permission, everyone in the terminal).
type Admins interface {
	IsAdmin(ctx context.Context, chat, user string) (bool, error)
}

// AdminsFunc adapts a function to Admins.
type AdminsFunc func(ctx context.Context, chat, user string) (bool, error)

// IsAdmin calls f.
func (f AdminsFunc) IsAdmin(ctx context.Context, chat, user string) (bool, error) {
	return f(ctx, chat, user)
}

// Spectators checks the target of /spectate before the room stores it;
// each adapter implements it with its platform's notion of a chat (a
// Telegram group or channel, a Discord channel of the same server, the
// console's own chats). A platform without one takes no spectator chat.
type Spectators interface {
	// SpectatorChat resolves target, a chat as the admin typed it (an id,
	// a @username, a channel mention), and checks that the bot can post
	// there and that user, who typed /spectate in chat, administers it.
	// It returns the id to store, which the adapter's sender takes. It
	// calls the platform at most for a bounded time and honours ctx.
	//
	// Errors (wrapped, with detail): ErrSpectateNoChat, the target is no
	// chat the bot knows or is in; ErrSpectateNotAdmin, user does not
	// administer it; ErrSpectateCannotPost, the bot is there but may not
	// post; ErrSpectateElsewhere, the target belongs to another community
	// (another Discord server). Any other error means the platform could
	// not be asked (timeout, network, its failure): the room answers "could
	// not check, try again" and changes nothing.
	SpectatorChat(ctx context.Context, chat, user, target string) (string, error)
}

// SpectatorsFunc adapts a function to Spectators.
type SpectatorsFunc func(ctx context.Context, chat, user, target string) (string, error)

// SpectatorChat calls f.
func (f SpectatorsFunc) SpectatorChat(ctx context.Context, chat, user, target string) (string, error) {
	return f(ctx, chat, user, target)
}

// The refusals of Spectators.SpectatorChat; the room shows each with the
// target as typed.
var (
	ErrSpectateNoChat     = Errorf(ENotFound, "spectate.no_chat")
	ErrSpectateNotAdmin   = Errorf(EForbidden, "spectate.not_admin")
	ErrSpectateCannotPost = Errorf(EForbidden, "spectate.cannot_post")
	ErrSpectateElsewhere  = Errorf(EInvalid, "spectate.elsewhere")
)

// Threads opens places within a chat: a forum topic in a Telegram
// supergroup with topics, a thread in a Discord channel. OpenThread
// returns "" (and no error) when the chat has no such places.
type Threads interface {
	OpenThread(ctx context.Context, chat, title string) (string, error)
}

// Scheduler runs recurring jobs (package cron's Runner in production).
type Scheduler interface {
	// Check parses spec and returns it as the room shows it.
	Check(spec string) (string, error)
	// Add schedules run under key (replacing one of the same key).
	Add(ctx context.Context, key, spec string, run func(at time.Time)) error
	// Remove stops the job of key.
	Remove(key string)
}
