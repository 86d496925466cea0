package tournament

import (
	"context"
	"log/slog"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
)

// Deps are what every director of a room shares: the room's clock,
// log, guarded store, counters, button signer, lifetime, the group commit
// of writes, its tables' deps, the deck seed of reproducible runs and the
// platforms' threads. The room fills them before its first director
// starts.
type Deps struct {
	Clock    bot.Clock
	Log      *slog.Logger
	Store    bot.Storage
	Metrics  *bot.Metrics
	Signer   *bot.Signer
	Ctx      context.Context
	Commit   *table.GroupCommit
	Tables   *table.Deps
	DeckSeed uint64
	Threads  map[string]bot.Threads
}

// Env is what a director asks of the room: the community as it is
// now, wallets, sending, and storing and starting a table it opens (with
// the room as the table's environment).
type Env interface {
	CommunityNow(c bot.Community) bot.Community
	Wallet(ctx context.Context, p bot.Player, comm bot.Community) (int64, error)
	Send(m bot.Outgoing)
	StartTable(t *table.Table)
	TableEnv() table.Env
	// AddTable stores a new table's record and returns its id; a write
	// stored but reported failed is read back, not stored again.
	AddTable(ctx context.Context, rec bot.TableRecord) (int64, error)
}
