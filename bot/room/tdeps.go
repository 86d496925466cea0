package room

import (
	"context"
	"log/slog"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
)

// tourneyDeps are what every director of a room shares: the room's clock,
// log, guarded store, counters, button signer, lifetime, the group commit
// of writes, its tables' deps, the deck seed of reproducible runs and the
// platforms' threads. The room fills them before its first director
// starts.
type tourneyDeps struct {
	clock    bot.Clock
	log      *slog.Logger
	store    bot.Storage
	metrics  *bot.Metrics
	signer   *bot.Signer
	ctx      context.Context
	commit   *table.GroupCommit
	tables   *table.Deps
	deckSeed uint64
	threads  map[string]bot.Threads
}

// tourneyEnv is what a director asks of the room: the community as it is
// now, wallets, sending, and starting a table it opened (with the room as
// the table's environment).
type tourneyEnv interface {
	communityNow(c bot.Community) bot.Community
	wallet(ctx context.Context, p bot.Player, comm bot.Community) (int64, error)
	send(m bot.Outgoing)
	startTable(t *table.Table)
	tableEnv() table.Env
}
