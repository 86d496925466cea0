package room

import (
	"context"
	"slices"
	"strings"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
)

// poolHistoryScan is how many of a player's latest hands in a community
// /history looks through for their hands in its pools.
const poolHistoryScan = 400

// poolHistory answers /history [n] naming no table for a player of a
// fast-fold pool (R-CASH-7) seated at no cash table: their own last hands
// in the pool, whatever tables the pool dealt them at, privately, as
// /history tells a table's. A pool table's own last hands are those of
// whoever it seated, mostly others, and between hands the player sits at
// none; ok is false when the command is not such a player's.
func (r *Room) poolHistory(ctx context.Context, cmd bot.Command, p bot.Player, comm bot.Community, mine string) (reply bot.Reply, ok bool, err error) {
	if slices.ContainsFunc(cmd.Args, func(a string) bool { return strings.HasPrefix(a, "#") }) {
		return bot.Reply{}, false, nil
	}
	for _, t := range r.seatedTables(p.ID) {
		if !t.IsPool() && (cmd.Chat == "" || t.Comm.ID == comm.ID) {
			return bot.Reply{}, false, nil // their cash table's
		}
	}
	pools := r.allPools()
	if cmd.Chat != "" {
		pools = r.poolsOf(comm.ID)
	}
	tables := map[int64]*table.Table{}
	for _, pl := range pools {
		pl.mu.Lock()
		if len(pl.mine(p.ID)) > 0 {
			for _, t := range pl.tables {
				tables[t.ID] = t
			}
		}
		pl.mu.Unlock()
	}
	if len(tables) == 0 {
		return bot.Reply{}, false, nil
	}
	n, err := table.HistoryCount(cmd.Args)
	if err != nil {
		return bot.Reply{}, true, err
	}
	var recs []bot.HandRecord // oldest first
	q := bot.PlayerHandsQuery{PlayerID: p.ID, Limit: poolHistoryScan}
	if cmd.Chat != "" {
		q.CommunityID = comm.ID
	}
	if _, err := r.store.PlayerHands(ctx, q, func(h bot.ExportedHand) error {
		if tables[h.Hand.TableID] != nil {
			recs = append(recs, h.Hand)
		}
		return nil
	}); err != nil {
		return bot.Reply{}, true, err
	}
	if len(recs) == 0 {
		return bot.Reply{Private: true, Text: bot.Text(mine, "history.none_pool")}, true, nil
	}
	recs = recs[max(0, len(recs)-n):]
	slices.Reverse(recs) // newest first
	text := table.HistoryOf(recs, func(h bot.HandRecord) *table.Table { return tables[h.TableID] }, p.ID, mine, r.log)
	return bot.Reply{Private: true, Text: text}, true, nil
}
