package room

import (
	"context"
	"log/slog"
	mrand "math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
)

// tableDeps are what every table of a room shares: the room's clock, log,
// guarded store, counters, button signer, lifetime and settings, and the
// group commit of their writes. The room fills them before its first table
// starts.
type tableDeps struct {
	clock   bot.Clock
	log     *slog.Logger
	store   bot.Storage
	metrics *bot.Metrics
	signer  *bot.Signer
	ctx     context.Context
	commit  *groupCommit
	cfg     tableSettings
}

// tableSettings are the room's settings a table plays by.
type tableSettings struct {
	HandPause, BotDelay time.Duration
	BotTrials, MaxHands int
}

// tableEnv is what a table asks of the room: who sits where across
// tables, the community as it is now, wallets, the decks and the practice
// opponents' randomness, the deadlines stored for it, and sending.
type tableEnv interface {
	setSeated(player, table int64, on bool)
	// syncSeated records the players seated at table, and only them.
	syncSeated(table int64, players []int64)
	communityNow(c bot.Community) bot.Community
	wallet(ctx context.Context, p bot.Player, comm bot.Community) (int64, error)
	takeDeadlines(table int64) []bot.Deadline
	shuffle(cfg engine.Config, table int64, n int) ([]engine.Card, error)
	botRand(table int64, hand, n int) *mrand.Rand
	// checkTableChange refuses a player's sitting at t when the room's
	// rules on changing tables say so (R-CASH-3).
	checkTableChange(ctx context.Context, t *table, p bot.Player) error
	dropTable(t *table)
	send(m bot.Outgoing)
}

// director is a tournament table's director: it takes each hand's report.
type director interface {
	report(table int64, r handReport)
	// eventName is the tournament's name, for the table's title.
	eventName() string
}

// settleNow asks the table's actor to do everything due now and waits until
// it has. Unlike do, a full inbox is no refusal: settleNow waits for its
// turn in it. A table that stops meanwhile has nothing left to do; ctx ending
// is EUnavailable.
func (t *table) settleNow(ctx context.Context) error {
	req := request{ctx: ctx, sync: true, reply: make(chan response, 1)}
	select {
	case t.inbox <- req:
	case <-t.done:
		return nil
	case <-ctx.Done():
		return &bot.Error{Code: bot.EUnavailable, Key: bot.KeyBusy, Err: ctx.Err()}
	}
	select {
	case resp := <-req.reply:
		return resp.err
	case <-t.done:
		return nil
	case <-ctx.Done():
		return &bot.Error{Code: bot.EUnavailable, Key: bot.KeyBusy, Err: ctx.Err()}
	}
}

// deadlineTable reads the table id of a table's deadline key ("t7:turn").
func deadlineTable(key string) (int64, bool) {
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
