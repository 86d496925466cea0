package bottest

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// Fault is what FaultStore does to one write.
type Fault int

// The faults of a write.
const (
	Pass      Fault = iota // stored and reported stored
	Lose                   // refused before anything is stored (a store error before the commit)
	Ambiguous              // stored, then reported failed (the connection lost at the commit)
)

// ErrDown is the error of every call while a FaultStore is down; ErrLost
// and ErrAmbiguous the errors of a lost and of an ambiguous write.
var (
	ErrDown      = errors.New("the database is unreachable (injected fault)")
	ErrLost      = errors.New("write failed before commit (injected fault)")
	ErrAmbiguous = errors.New("connection lost at commit; the write was stored (injected fault)")
)

// FaultStore wraps a bot.Storage and injects faults: an outage (SetDown:
// every call of the contract fails, reads included) and, for each write
// the room makes on its own (CommitTables, Move, MoveOnce, AddAdminEntry,
// SetBanned, SetValue, SetCommunity, SetPlayerLanguage, AddTable,
// AddTourney, CloseTable, ClearDeadline, SaveTemplate, DeleteTemplate),
// the Fault that Decide returns.
// It counts what it injected. Safe for concurrent use.
type FaultStore struct {
	bot.Storage
	// Decide, when set, chooses the fault of each write by its method
	// name; it is called with no lock held.
	Decide func(method string) Fault

	mu       sync.Mutex
	down     bool
	injected map[string]int
}

// NewFaultStore wraps st.
func NewFaultStore(st bot.Storage) *FaultStore {
	return &FaultStore{Storage: st, injected: map[string]int{}}
}

// SetDown starts (true) or ends an outage.
func (f *FaultStore) SetDown(down bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if down && !f.down {
		f.injected["outage"]++
	}
	f.down = down
}

// Down reports whether an outage is on.
func (f *FaultStore) Down() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.down
}

// Injected returns the faults injected so far, by kind: "outage",
// "calls refused in an outage", "lost <method>", "ambiguous <method>".
func (f *FaultStore) Injected() map[string]int {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make(map[string]int, len(f.injected))
	for k, v := range f.injected {
		out[k] = v
	}
	return out
}

// Summary returns Injected as one sorted line.
func (f *FaultStore) Summary() string {
	in := f.Injected()
	keys := make([]string, 0, len(in))
	for k := range in {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	s := ""
	for _, k := range keys {
		s += fmt.Sprintf("%s=%d ", k, in[k])
	}
	return s
}

func (f *FaultStore) fail(string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.down {
		f.injected["calls refused in an outage"]++
		return ErrDown
	}
	return nil
}

func (f *FaultStore) write(method string, do func() error) error {
	if err := f.fail(method); err != nil {
		return err
	}
	fault := Pass
	if f.Decide != nil {
		fault = f.Decide(method)
	}
	switch fault {
	case Lose:
		f.count("lost " + method)
		return ErrLost
	case Ambiguous:
		if err := do(); err != nil {
			return err
		}
		f.count("ambiguous " + method)
		return ErrAmbiguous
	}
	return do()
}

func (f *FaultStore) count(kind string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.injected[kind]++
}

var _ bot.Storage = (*FaultStore)(nil)

// Every call of the storage contract fails while the store is down.

func (f *FaultStore) StartHand(ctx context.Context, tableID int64, setup engine.Setup, at time.Time) (int64, error) {
	if err := f.fail("StartHand"); err != nil {
		return 0, err
	}
	return f.Storage.StartHand(ctx, tableID, setup, at)
}

func (f *FaultStore) AppendEvents(ctx context.Context, handID int64, events []engine.Event, moves []bot.Move) error {
	if err := f.fail("AppendEvents"); err != nil {
		return err
	}
	return f.Storage.AppendEvents(ctx, handID, events, moves)
}

func (f *FaultStore) EndHand(ctx context.Context, handID int64, at time.Time) error {
	if err := f.fail("EndHand"); err != nil {
		return err
	}
	return f.Storage.EndHand(ctx, handID, at)
}

func (f *FaultStore) LoadHand(ctx context.Context, handID int64) (bot.HandRecord, error) {
	if err := f.fail("LoadHand"); err != nil {
		return bot.HandRecord{}, err
	}
	return f.Storage.LoadHand(ctx, handID)
}

func (f *FaultStore) OpenHands(ctx context.Context, tableID int64) ([]bot.HandRecord, error) {
	if err := f.fail("OpenHands"); err != nil {
		return nil, err
	}
	return f.Storage.OpenHands(ctx, tableID)
}

func (f *FaultStore) RecentHands(ctx context.Context, tableID int64, n int) ([]bot.HandRecord, error) {
	if err := f.fail("RecentHands"); err != nil {
		return nil, err
	}
	return f.Storage.RecentHands(ctx, tableID, n)
}

func (f *FaultStore) VoidedHands(ctx context.Context) ([]bot.VoidedHand, error) {
	if err := f.fail("VoidedHands"); err != nil {
		return nil, err
	}
	return f.Storage.VoidedHands(ctx)
}

func (f *FaultStore) OpenAccount(ctx context.Context, kind bot.AccountKind, key string, playerID int64) (int64, error) {
	if err := f.fail("OpenAccount"); err != nil {
		return 0, err
	}
	return f.Storage.OpenAccount(ctx, kind, key, playerID)
}

func (f *FaultStore) Balance(ctx context.Context, accountID int64) (int64, error) {
	if err := f.fail("Balance"); err != nil {
		return 0, err
	}
	return f.Storage.Balance(ctx, accountID)
}

func (f *FaultStore) Move(ctx context.Context, moves ...bot.Move) error {
	return f.write("Move", func() error { return f.Storage.Move(ctx, moves...) })
}

func (f *FaultStore) MoveOnce(ctx context.Context, key string, moves ...bot.Move) error {
	return f.write("MoveOnce", func() error { return f.Storage.MoveOnce(ctx, key, moves...) })
}

func (f *FaultStore) Player(ctx context.Context, platform, userID, displayName string) (bot.Player, error) {
	if err := f.fail("Player"); err != nil {
		return bot.Player{}, err
	}
	return f.Storage.Player(ctx, platform, userID, displayName)
}

func (f *FaultStore) Community(ctx context.Context, platform, chatID, title string) (bot.Community, error) {
	if err := f.fail("Community"); err != nil {
		return bot.Community{}, err
	}
	return f.Storage.Community(ctx, platform, chatID, title)
}

func (f *FaultStore) CommunityByID(ctx context.Context, id int64) (bot.Community, error) {
	if err := f.fail("CommunityByID"); err != nil {
		return bot.Community{}, err
	}
	return f.Storage.CommunityByID(ctx, id)
}

func (f *FaultStore) SetCommunity(ctx context.Context, c bot.Community) error {
	return f.write("SetCommunity", func() error { return f.Storage.SetCommunity(ctx, c) })
}

func (f *FaultStore) MoveCommunity(ctx context.Context, platform, from, to string) (bot.Community, error) {
	if err := f.fail("MoveCommunity"); err != nil {
		return bot.Community{}, err
	}
	return f.Storage.MoveCommunity(ctx, platform, from, to)
}

func (f *FaultStore) AddTable(ctx context.Context, t bot.TableRecord) (int64, error) {
	var id int64
	err := f.write("AddTable", func() (err error) { id, err = f.Storage.AddTable(ctx, t); return err })
	return id, err
}

func (f *FaultStore) OpenTables(ctx context.Context, communityID int64) ([]bot.TableRecord, error) {
	if err := f.fail("OpenTables"); err != nil {
		return nil, err
	}
	return f.Storage.OpenTables(ctx, communityID)
}

func (f *FaultStore) CloseTable(ctx context.Context, tableID int64, at time.Time) error {
	return f.write("CloseTable", func() error { return f.Storage.CloseTable(ctx, tableID, at) })
}

func (f *FaultStore) Table(ctx context.Context, tableID int64) (bot.TableRecord, error) {
	if err := f.fail("Table"); err != nil {
		return bot.TableRecord{}, err
	}
	return f.Storage.Table(ctx, tableID)
}

func (f *FaultStore) SaveSeats(ctx context.Context, tableID int64, seats []bot.SeatRecord, at time.Time) error {
	if err := f.fail("SaveSeats"); err != nil {
		return err
	}
	return f.Storage.SaveSeats(ctx, tableID, seats, at)
}

func (f *FaultStore) Seats(ctx context.Context, tableID int64) ([]bot.SeatRecord, error) {
	if err := f.fail("Seats"); err != nil {
		return nil, err
	}
	return f.Storage.Seats(ctx, tableID)
}

func (f *FaultStore) SetDeadline(ctx context.Context, d bot.Deadline) error {
	if err := f.fail("SetDeadline"); err != nil {
		return err
	}
	return f.Storage.SetDeadline(ctx, d)
}

func (f *FaultStore) ClearDeadline(ctx context.Context, key string) error {
	return f.write("ClearDeadline", func() error { return f.Storage.ClearDeadline(ctx, key) })
}

func (f *FaultStore) Deadlines(ctx context.Context) ([]bot.Deadline, error) {
	if err := f.fail("Deadlines"); err != nil {
		return nil, err
	}
	return f.Storage.Deadlines(ctx)
}

func (f *FaultStore) SetMessageID(ctx context.Context, key, id string) error {
	if err := f.fail("SetMessageID"); err != nil {
		return err
	}
	return f.Storage.SetMessageID(ctx, key, id)
}

func (f *FaultStore) MessageID(ctx context.Context, key string) (string, error) {
	if err := f.fail("MessageID"); err != nil {
		return "", err
	}
	return f.Storage.MessageID(ctx, key)
}

// SetValue implements bot.KV; it fails during an outage.
func (f *FaultStore) SetValue(ctx context.Context, key, value string) error {
	return f.write("SetValue", func() error { return f.Storage.SetValue(ctx, key, value) })
}

// Value implements bot.KV; it fails during an outage.
func (f *FaultStore) Value(ctx context.Context, key string) (string, error) {
	if err := f.fail("Value"); err != nil {
		return "", err
	}
	return f.Storage.Value(ctx, key)
}

func (f *FaultStore) Secret(ctx context.Context, name string, size int) ([]byte, error) {
	if err := f.fail("Secret"); err != nil {
		return nil, err
	}
	return f.Storage.Secret(ctx, name, size)
}

func (f *FaultStore) AddTourney(ctx context.Context, t bot.TourneyRecord) (int64, error) {
	var id int64
	err := f.write("AddTourney", func() (err error) { id, err = f.Storage.AddTourney(ctx, t); return err })
	return id, err
}

func (f *FaultStore) Tourneys(ctx context.Context, communityID int64, open bool) ([]bot.TourneyRecord, error) {
	if err := f.fail("Tourneys"); err != nil {
		return nil, err
	}
	return f.Storage.Tourneys(ctx, communityID, open)
}

func (f *FaultStore) TourneyOps(ctx context.Context, tourneyID int64) ([]bot.TourneyOp, error) {
	if err := f.fail("TourneyOps"); err != nil {
		return nil, err
	}
	return f.Storage.TourneyOps(ctx, tourneyID)
}

func (f *FaultStore) SaveTemplate(ctx context.Context, t bot.Template) error {
	return f.write("SaveTemplate", func() error { return f.Storage.SaveTemplate(ctx, t) })
}

func (f *FaultStore) Templates(ctx context.Context, communityID int64) ([]bot.Template, error) {
	if err := f.fail("Templates"); err != nil {
		return nil, err
	}
	return f.Storage.Templates(ctx, communityID)
}

func (f *FaultStore) DeleteTemplate(ctx context.Context, communityID int64, name string) error {
	return f.write("DeleteTemplate", func() error { return f.Storage.DeleteTemplate(ctx, communityID, name) })
}

func (f *FaultStore) CommitTables(ctx context.Context, writes []*bot.TableWrite) error {
	return f.write("CommitTables", func() error { return f.Storage.CommitTables(ctx, writes) })
}

// AuditSnapshot fails in an outage like every other read.
func (f *FaultStore) AuditSnapshot(ctx context.Context) (bot.AuditSnapshot, error) {
	if err := f.fail("AuditSnapshot"); err != nil {
		return bot.AuditSnapshot{}, err
	}
	return f.Storage.AuditSnapshot(ctx)
}

func (f *FaultStore) PlayerAccounts(ctx context.Context, playerID int64) ([]bot.AccountBalance, error) {
	if err := f.fail("PlayerAccounts"); err != nil {
		return nil, err
	}
	return f.Storage.PlayerAccounts(ctx, playerID)
}

func (f *FaultStore) FindPlayers(ctx context.Context, platform, who string) ([]bot.Player, error) {
	if err := f.fail("FindPlayers"); err != nil {
		return nil, err
	}
	return f.Storage.FindPlayers(ctx, platform, who)
}

func (f *FaultStore) FindMembers(ctx context.Context, platform, who, keyPrefix string) ([]bot.Player, error) {
	if err := f.fail("FindMembers"); err != nil {
		return nil, err
	}
	return f.Storage.FindMembers(ctx, platform, who, keyPrefix)
}

func (f *FaultStore) SetBanned(ctx context.Context, playerID int64, reason string) error {
	return f.write("SetBanned", func() error { return f.Storage.SetBanned(ctx, playerID, reason) })
}

func (f *FaultStore) AddAdminEntry(ctx context.Context, e bot.AdminEntry, moves ...bot.Move) error {
	return f.write("AddAdminEntry", func() error { return f.Storage.AddAdminEntry(ctx, e, moves...) })
}

func (f *FaultStore) AdminEntries(ctx context.Context, q bot.AdminQuery) ([]bot.AdminEntry, error) {
	if err := f.fail("AdminEntries"); err != nil {
		return nil, err
	}
	return f.Storage.AdminEntries(ctx, q)
}
