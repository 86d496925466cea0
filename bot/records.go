package bot

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/tourney"
)

// The records the room keeps through its ports (ports.go): values of the
// room, never database rows.

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
	// Fair is the hand's provable deck (issue 24); hands stored before it
	// have none.
	Fair *FairTag `json:"fair,omitempty"`
}

// FairTag is a hand's provable deck as stored with it (engine.Provable):
// the commitment the table showed before the deal, the secret salt
// (revealed after the hand), the players' seeds mixed into the deal in
// the order they came, and, with seeds, the committed deck (the setup's
// Deck is then the deck dealt from: engine.Provable.Dealt). Without seeds
// the committed deck is the setup's Deck. Key is the secret of the card
// positions' salts (engine.Provable.Key: a commitment per card position,
// never shown); empty for a hand committed to its whole deck's text,
// before them.
type FairTag struct {
	Commitment string   `json:"commitment"`
	Salt       string   `json:"salt"`
	Seeds      []string `json:"seeds,omitempty"`
	Committed  string   `json:"committed,omitempty"`
	Key        string   `json:"key,omitempty"`
}

// Provable is the hand's provable deck read back (dealt: the setup's
// Deck), with its key when it has one.
func (f FairTag) Provable(dealt []engine.Card) (engine.Provable, error) {
	if f.Key == "" {
		return engine.ParseProvable(f.CommittedDeck(dealt), f.Salt)
	}
	return engine.ParseProvableCards(f.CommittedDeck(dealt), f.Salt, f.Key)
}

// CommittedDeck is the text of the deck the commitment is of: Committed,
// or dealt (the setup's Deck) when no seed was mixed in.
func (f FairTag) CommittedDeck(dealt []engine.Card) string {
	if len(f.Seeds) > 0 {
		return f.Committed
	}
	return engine.FormatCards(dealt)
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

// Deadline is a stored timer: turn clocks, levels, registration windows.
type Deadline struct {
	Key     string // "turn:table:7", "level:tourney:3"
	At      time.Time
	Payload string // what the timer does, as its owner encodes it
}

// The bounds of a KV's keys and values, in bytes.
const (
	KVKeyMax   = 128
	KVValueMax = 64 << 10
)

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

// EncodeEvents sets w.Encoded from w.Events: each event's JSON, as
// encoding/json writes it (engine.Event.AppendJSON, without reflection).
func (w *TableWrite) EncodeEvents() error {
	w.Encoded = make([]string, len(w.Events))
	var arr [256]byte // an event's JSON fits, but for a long list of cards
	buf := arr[:0]
	for i, e := range w.Events {
		js, err := e.AppendJSON(buf[:0])
		if err != nil {
			w.Encoded = nil
			return fmt.Errorf("event %d: %w", e.Seq, err)
		}
		w.Encoded[i], buf = string(js), js
	}
	return nil
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
	// Encoded, when it has one entry per event, holds the events' JSON
	// (encoding/json of engine.Event, as EncodeEvents writes it), made by
	// the writer before the write is queued so that the group commit's one
	// goroutine need not: the store stores it as the events' payload.
	Encoded []string
	Moves   []Move
	// EndHand marks the hand finished; Void (with EndHand) marks it
	// voided, saying why.
	EndHand bool
	Void    string
	// Stats, with EndHand (and no Void), are what the hand adds to its
	// players' statistics, computed by the table that played it: the
	// store adds them to their rows of the day of At in the same
	// transaction, once however often the hand's end is written. nil: the
	// store computes them from the hand it holds (reading it back).
	Stats *EndedHandStats
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
	// TourneyStats are a finished tournament's counters for its players,
	// added to their rows of the day of At with the op that finishes it
	// (so at most once: the op's Seq is stored once).
	TourneyStats []TourneyResult
	// Close marks the table closed (its closed_at set to At, the
	// table's account left to what the write's Moves make it) in the same
	// transaction as its seats and chips: a closed table is not restored.
	// A table closed already stays closed as it was; one that does not
	// exist refuses the write (ErrNotFound).
	Close bool
	// At is when the write was made; CommitTables stores it, and sets it
	// to, its form in the store (UTC, to the microsecond).
	At time.Time
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

// TableChoice is one open table, as a platform's picker lists it.
type TableChoice struct {
	ID            int64
	Label         string // "#3"
	Title         string // "No-Limit Hold'em 1/2"
	Seated, Seats int
	// Tourney: a tournament's table (players are seated by its director).
	Tourney bool
}
