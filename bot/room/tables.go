package room

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/pokerroom/pokerroom/bot"
)

// The room's side of its tables: restoring them, and what a table asks of
// the room (tableEnv).

// tableCommunity finds the community of a stored table: by the chat its
// record names, or by its id when the chat moved since (MoveChat).
func (r *Room) tableCommunity(ctx context.Context, id int64, meta tableMeta) (bot.Community, error) {
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
func (r *Room) restoreTable(ctx context.Context, rec bot.TableRecord) (*table, error) {
	var meta tableMeta
	if err := json.Unmarshal([]byte(rec.Config), &meta); err != nil {
		return nil, fmt.Errorf("%w: config: %w", errBadRecord, err)
	}
	if _, err := decodeTableConfig(mustJSON(meta.Config)); err != nil {
		return nil, fmt.Errorf("%w: config: %w", errBadRecord, err)
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
	t := newTable(r.tdeps, r, rec, meta, comm, house)
	if err := t.restore(ctx, meta); err != nil {
		return nil, err
	}
	return t, nil
}

// checkTableChange applies R-CASH-5 to a player seated at another table of
// the same game and stakes who joins t: allowed only when that leaves the
// two tables within one player of each other; the old seat is then given up
// after its hand.
func (r *Room) checkTableChange(ctx context.Context, t *table, p bot.Player) error {
	for _, o := range r.seatedTables(p.ID) {
		if o == t || o.cfg.Variant != t.cfg.Variant || o.cfg.Stakes() != t.cfg.Stakes() {
			continue
		}
		src, dst := o.count(), t.seatedCount()
		if d := (dst + 1) - (src - 1); d > 1 || d < -1 {
			return bot.Errorf(bot.EInvalid, "join.unbalanced", o.label(), t.label())
		}
		go func() {
			ctx, cancel := context.WithTimeout(r.ctx, opTimeout)
			defer cancel()
			if _, err := o.do(ctx, request{cmd: bot.Command{Name: "leave"}, p: p}); err != nil && !errors.Is(err, bot.ErrNotFound) {
				r.log.Warn("table change: leaving the old table", "table", o.id, "err", err)
			}
		}()
	}
	return nil
}

// dropTable forgets a closed table.
func (r *Room) dropTable(t *table) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.tables, t.id)
	ids := r.byCommunity[t.comm.ID]
	for i, id := range ids {
		if id == t.id {
			r.byCommunity[t.comm.ID] = append(ids[:i:i], ids[i+1:]...)
			break
		}
	}
}
