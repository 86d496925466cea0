package room

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"strconv"

	"github.com/pokerroom/pokerroom/bot/tournament"

	"github.com/pokerroom/pokerroom/bot/table"
	"github.com/pokerroom/pokerroom/engine"

	"github.com/pokerroom/pokerroom/bot"
)

// The room's side of its tables: restoring them, and what a table asks of
// the room (roomEnv), down to sending its messages to the platform's outbox
// (send).

// tableCommunity finds the community of a stored table: by the chat its
// record names, or by its id when the chat moved since (MoveChat).
func (r *Room) tableCommunity(ctx context.Context, id int64, meta table.Meta) (bot.Community, error) {
	r.mu.Lock()
	cached := r.commByID[id]
	r.mu.Unlock()
	if cached != nil {
		return *cached, nil
	}
	c, err := r.store.CommunityByID(ctx, id)
	if err != nil {
		if !errors.Is(err, bot.ErrNotFound) || id != 0 {
			return bot.Community{}, err
		}
		return r.community(ctx, meta.Platform, meta.Chat, "")
	}
	return r.community(ctx, c.Platform, c.ChatID, c.Title)
}

// restoreTable rebuilds an open table from the store.
func (r *Room) restoreTable(ctx context.Context, rec bot.TableRecord) (*table.Table, error) {
	var meta table.Meta
	if err := json.Unmarshal([]byte(rec.Config), &meta); err != nil {
		return nil, fmt.Errorf("%w: config: %w", table.ErrBadRecord, err)
	}
	if _, err := table.DecodeTableConfig(table.MustJSON(meta.Config)); err != nil {
		return nil, fmt.Errorf("%w: config: %w", table.ErrBadRecord, err)
	}
	comm, err := r.tableCommunity(ctx, rec.CommunityID, meta)
	if err != nil {
		return nil, err
	}
	if rec.AccountID == 0 {
		if rec.AccountID, err = r.store.OpenAccount(ctx, bot.AccountTable, "table:"+strconv.FormatInt(rec.ID, 10), 0); err != nil {
			return nil, err
		}
	}
	house, err := r.houseOf(ctx, comm)
	if err != nil {
		return nil, err
	}
	t := table.New(r.tdeps, roomEnv{r}, rec, meta, comm, house)
	if err := t.Restore(ctx, meta); err != nil {
		return nil, err
	}
	return t, nil
}

// checkTableChange applies R-CASH-5 to a player seated at another table of
// the same game and stakes who joins t: allowed only when that leaves the
// two tables within one player of each other; the old seat is then given up
// after its hand.
func (r *Room) checkTableChange(ctx context.Context, t *table.Table, p bot.Player) error {
	for _, o := range r.seatedTables(p.ID) {
		if o == t || o.IsPool() || t.IsPool() || o.Config.Variant != t.Config.Variant || o.Config.Stakes() != t.Config.Stakes() {
			continue
		}
		src, dst := o.Count(), t.SeatedCount()
		if d := (dst + 1) - (src - 1); d > 1 || d < -1 {
			return bot.Errorf(bot.EInvalid, "join.unbalanced", o.Label(), t.Label())
		}
		go func() {
			ctx, cancel := context.WithTimeout(r.ctx, table.OpTimeout)
			defer cancel()
			if _, err := o.Do(ctx, table.Request{Cmd: bot.Command{Name: "leave"}, Player: p}); err != nil && !errors.Is(err, bot.ErrNotFound) {
				r.log.Warn("table change: leaving the old table", "table", o.ID, "err", err)
			}
		}()
	}
	return nil
}

// dropTable forgets a closed table (a pool's too: its pool may be done).
func (r *Room) dropTable(t *table.Table) {
	r.mu.Lock()
	delete(r.tables, t.ID)
	ids := r.byCommunity[t.Comm.ID]
	for i, id := range ids {
		if id == t.ID {
			r.byCommunity[t.Comm.ID] = append(ids[:i:i], ids[i+1:]...)
			break
		}
	}
	r.mu.Unlock()
	if t.IsPool() {
		r.poolTableClosed(t)
	}
}

// roomEnv is the room as its tables' environment (table.Env) and its
// directors' (tournament.Env).
type roomEnv struct{ r *Room }

func (e roomEnv) SetSeated(player, table int64, on bool)  { e.r.setSeated(player, table, on) }
func (e roomEnv) SyncSeated(table int64, players []int64) { e.r.syncSeated(table, players) }
func (e roomEnv) CommunityNow(c bot.Community) bot.Community {
	return e.r.communityNow(c)
}
func (e roomEnv) Wallet(ctx context.Context, p bot.Player, comm bot.Community) (int64, error) {
	return e.r.wallet(ctx, p, comm)
}
func (e roomEnv) TakeDeadlines(table int64) []bot.Deadline { return e.r.takeDeadlines(table) }
func (e roomEnv) Shuffle(cfg engine.Config, table int64, n int) (engine.Provable, error) {
	return e.r.shuffle(cfg, table, n)
}
func (e roomEnv) BotRand(table int64, hand, n int) *mrand.Rand { return e.r.botRand(table, hand, n) }
func (e roomEnv) CheckTableChange(ctx context.Context, t *table.Table, p bot.Player) error {
	return e.r.checkTableChange(ctx, t, p)
}
func (e roomEnv) DropTable(t *table.Table) { e.r.dropTable(t) }
func (e roomEnv) Send(m bot.Outgoing)      { e.r.out.Send(m) }
func (e roomEnv) PoolBack(pool, table int64, backs []table.PoolBack) {
	e.r.poolBack(pool, table, backs)
}

// tr is bot.Text: the text of key in lang with args.
func tr(lang, key string, args ...any) string { return bot.Text(lang, key, args...) }

// newTourneyActor returns the director of a tournament of the room, not
// started.
func (r *Room) newTourneyActor(rec bot.TourneyRecord, set tournament.Settings, comm bot.Community, house int64) (*tournament.Director, error) {
	return tournament.New(r.trdeps, roomEnv{r}, r.tourneys, rec, set, comm, house)
}

// StartTable starts a table a director opened (tournament.Env).
func (e roomEnv) StartTable(t *table.Table) { e.r.startTable(t) }

// TableEnv is the room as the environment of a director's tables.
func (e roomEnv) TableEnv() table.Env { return e }
