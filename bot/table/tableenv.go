package table

import (
	"context"
	"errors"
	"log/slog"
	mrand "math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// Deps are what every table of a room shares: where its messages go, the
// room's clock, log, guarded store, counters, button signer, lifetime and
// settings, and the group commit of their writes. The room fills them
// before its first table starts.
type Deps struct {
	// Out queues a table's messages on their platform's outbox
	// (outbox.Router); it never blocks.
	Out     interface{ Send(bot.Outgoing) }
	Clock   bot.Clock
	Log     *slog.Logger
	Store   bot.Storage
	Metrics *bot.Metrics
	Signer  *bot.Signer
	Ctx     context.Context
	Commit  *GroupCommit
	Cfg     Settings
}

// Settings are the room's settings a table plays by.
type Settings struct {
	HandPause, BotDelay time.Duration
	BotTrials, MaxHands int
	// BotsAlone: practice opponents play cash hands with nobody else
	// dealt in (room.Config.BotsAlone).
	BotsAlone bool
}

// Env is what a table asks of the room: who sits where across
// tables, the community as it is now, wallets, the decks and the practice
// opponents' randomness, the deadlines stored for it. (Its messages go
// out through Deps.Out.)
type Env interface {
	SetSeated(player, table int64, on bool)
	// SyncSeated records the players seated at table, and only them.
	SyncSeated(table int64, players []int64)
	CommunityNow(c bot.Community) bot.Community
	Wallet(ctx context.Context, p bot.Player, comm bot.Community) (int64, error)
	TakeDeadlines(table int64) []bot.Deadline
	// Shuffle shuffles a fresh deck for hand n of table and commits to
	// it with a salt drawn from the same source (engine.NewProvable).
	Shuffle(cfg engine.Config, table int64, n int) (engine.Provable, error)
	BotRand(table int64, hand, n int) *mrand.Rand
	// LeftAtStakes is the stack player left with most recently, less than
	// ReturnWindow ago, at a cash table of t's community, game and stakes
	// (t included): R-CASH-3 brings it back at any of them.
	LeftAtStakes(t *Table, player int64) (LeftStack, bool)
	// ChangeTable seats p, who stood up from table from once its hand
	// ended, at table to (a table change, ChangeOut): the join and what
	// it says are to's (JoinAfterChange). It never blocks.
	ChangeTable(p bot.Player, from *Table, to int64)
	// ComingTo is the number of players who change to t from other
	// tables when their hand there ends (ChangingTo): their seats are
	// kept (freeSeats).
	ComingTo(t *Table) int
	DropTable(t *Table)
	// PoolBack hands entries leaving a table of pool back to it (R-CASH-7),
	// their chips in their wallets (stored); it never blocks.
	PoolBack(pool, table int64, backs []PoolBack)
}

// Director is a tournament table's director: it takes each hand's report.
type Director interface {
	Report(table int64, r HandReport)
	// Name is the tournament's name, for the table's title.
	Name() string
}

// SettleNow asks the table's actor to do everything due now and waits until
// it has. Unlike do, a full inbox is no refusal: settleNow waits for its
// turn in it. A table that stops meanwhile has nothing left to do; ctx ending
// is EUnavailable.
func (t *Table) SettleNow(ctx context.Context) error {
	req := Request{ctx: ctx, Sync: true, Reply: make(chan Response, 1)}
	select {
	case t.Inbox <- &req:
	case <-t.Done:
		return nil
	case <-ctx.Done():
		return &bot.Error{Code: bot.EUnavailable, Key: bot.KeyBusy, Err: ctx.Err()}
	}
	select {
	case resp := <-req.Reply:
		return resp.Err
	case <-t.Done:
		return nil
	case <-ctx.Done():
		return &bot.Error{Code: bot.EUnavailable, Key: bot.KeyBusy, Err: ctx.Err()}
	}
}

// DeadlineTable reads the table id of a table's deadline key ("t7:turn").
func DeadlineTable(key string) (int64, bool) {
	rest, ok := strings.CutPrefix(key, "t")
	if !ok {
		return 0, false
	}
	id, _, ok := strings.Cut(rest, ":")
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(id, 10, 64)
	return n, err == nil
}

// OpTimeout bounds every storage call the room makes for a command.
const OpTimeout = 10 * time.Second

// WriteErr is what a command whose write failed answers: not enough
// chips, or that the store failed (whatever it refused: the state was
// rebuilt from it, and the user may try again).
func WriteErr(err error) error {
	if errors.Is(err, bot.ErrInsufficientFunds) {
		return bot.FromError(err)
	}
	var e *bot.Error
	if errors.As(err, &e) && e.Code == bot.EUnavailable {
		return e
	}
	return &bot.Error{Code: bot.EUnavailable, Key: bot.KeyUnavailable, Err: err}
}

// Mix combines numbers into one seed (splitmix64 steps): the seeds of a
// room run with a deck seed (tests, the simulator) derive from it.
func Mix(xs ...uint64) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for _, x := range xs {
		h ^= x + 0x9e3779b97f4a7c15 + h<<6 + h>>2
		h = (h ^ h>>30) * 0xbf58476d1ce4e5b9
		h = (h ^ h>>27) * 0x94d049bb133111eb
		h ^= h >> 31
	}
	return h
}
