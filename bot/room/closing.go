package room

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
)

// Closing what an admin opened: /closetable closes a cash table after the
// hand in progress (its actor does it: table.CloseCmd), /closepool a
// fast-fold pool (no new hand drawn, its waiting entries closed at once,
// those in a hand after it, then its tables). Both are admin actions,
// logged by run (adminAction) once the request is taken.

// closeTableCmd is /closetable [#table].
func (r *Room) closeTableCmd(ctx context.Context, cmd bot.Command, p bot.Player, comm bot.Community) (bot.Reply, error) {
	t, err := r.tableToClose(cmd.Args, comm)
	if err != nil {
		return bot.Reply{}, err
	}
	return t.Do(ctx, table.Request{Cmd: bot.Command{Name: table.CloseCmd, Lang: cmd.Lang, Received: cmd.Received}, Player: p})
}

// tableToClose finds the cash table /closetable names ("#N"), else the
// chat's only one. A tournament's or a pool's table is refused: it closes
// with its tournament or pool.
func (r *Room) tableToClose(args []string, comm bot.Community) (*table.Table, error) {
	var t *table.Table
	switch len(args) {
	case 0:
		cash := r.cashTablesOf(comm.ID)
		switch len(cash) {
		case 0:
			return nil, bot.Errorf(bot.EInvalid, "closetable.none")
		case 1:
			t = cash[0]
		default:
			return nil, bot.Errorf(bot.EInvalid, "closetable.which", labels(cash))
		}
	case 1:
		n, ok := strings.CutPrefix(args[0], "#")
		id, err := strconv.ParseInt(n, 10, 64)
		if !ok || err != nil {
			return nil, bot.Errorf(bot.EInvalid, "closetable.usage")
		}
		if t = r.tableByID(id); t == nil || t.Comm.ID != comm.ID {
			return nil, bot.Errorf(bot.ENotFound, "table.no_such", args[0])
		}
	default:
		return nil, bot.Errorf(bot.EInvalid, "closetable.usage")
	}
	switch {
	case t.Tour != nil:
		return nil, bot.Errorf(bot.EInvalid, "closetable.tourney", t.Label(), "T"+strconv.FormatInt(t.TourneyID, 10))
	case t.IsPool():
		return nil, bot.Errorf(bot.EInvalid, "closetable.pool", t.Label(), "P"+strconv.FormatInt(t.Config.Pool, 10))
	}
	return t, nil
}

// closePoolCmd is /closepool [P<n>]: the pool is stored closed (a restart
// does not bring it back), draws no new hand, closes its waiting and
// sitting-out entries at once (their chips are in the wallets already)
// and its entries in a hand when the hand ends; its tables close as they
// empty.
func (r *Room) closePoolCmd(ctx context.Context, cmd bot.Command, comm bot.Community, lang string) (bot.Reply, error) {
	p, rest, err := r.choosePool(comm, cmd.Args)
	if err != nil {
		return bot.Reply{}, err
	}
	if len(rest) > 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "closepool.usage")
	}
	r.poolMake.Lock() // the stored list is read and written whole
	defer r.poolMake.Unlock()
	p.dealMu.Lock() // no hand is being seated meanwhile
	defer p.dealMu.Unlock()
	if p.isClosing() {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "closepool.closing", p.Label())
	}
	recs, err := r.storedPools(ctx)
	if err != nil {
		return bot.Reply{}, err
	}
	for i := range recs {
		if recs[i].ID == p.id {
			recs[i].Closed = true
		}
	}
	if err := r.store.SetValue(ctx, poolsKey, table.MustJSON(recs)); err != nil && !r.poolStored(ctx, p.id, p.comm.ID, true) {
		return bot.Reply{}, err
	}
	p.mu.Lock()
	p.closing = true
	closed, playing := 0, 0
	for _, e := range slices.Clone(p.entries) {
		plang := bot.LangFor(e.player.Language, "", p.comm.Language)
		if e.state == entryActive {
			playing++
			r.notifyPlayer(e.player, tr(plang, "closepool.entry_after", e.n, p.Label()))
			continue
		}
		closed++
		p.remove(e)
		r.notifyPlayer(e.player, tr(plang, "closepool.entry_closed", e.n, p.Label(), bot.Chips(e.stack)))
	}
	if p.timer != nil {
		p.timer.Stop()
	}
	p.mu.Unlock()
	p.signal() // the pool's goroutine closes its tables
	return bot.Reply{Text: tr(lang, "closepool.done", p.Label(), closed, playing)}, nil
}

func (p *pool) isClosing() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.closing
}

// closePoolTables asks each table of a closing pool to close (after its
// hand, its seats handed back first); one that could not be asked is asked
// again a second later. The pool is done when its tables are.
func (r *Room) closePoolTables(ctx context.Context, p *pool) {
	p.mu.Lock()
	ts := append([]*table.Table(nil), p.tables...)
	p.mu.Unlock()
	retry := false
	for _, t := range ts {
		cctx, cancel := context.WithTimeout(ctx, table.OpTimeout)
		_, err := t.Do(cctx, table.Request{Cmd: bot.Command{Name: table.CloseCmd}})
		cancel()
		if e := bot.FromError(err); err != nil && e.Key != "closetable.closing" && e.Key != "table.no_such" {
			r.log.Warn("pool closing: a table could not be asked to close; asked again shortly", "pool", p.id, "table", t.ID, "err", err)
			retry = true
		}
	}
	p.mu.Lock()
	if retry && ctx.Err() == nil {
		p.wakeAt(r.clock.Now().Add(time.Second))
	}
	p.mu.Unlock()
	r.poolDone(p)
}

// poolTableClosed takes a closed table out of its pool.
func (r *Room) poolTableClosed(t *table.Table) {
	p := r.poolByID(t.Config.Pool)
	if p == nil {
		return
	}
	p.mu.Lock()
	p.tables = slices.DeleteFunc(p.tables, func(x *table.Table) bool { return x == t })
	p.mu.Unlock()
	r.poolDone(p)
}

// poolDone forgets a closing pool whose tables have all closed: its
// goroutine ends.
func (r *Room) poolDone(p *pool) {
	p.mu.Lock()
	done := p.closing && len(p.tables) == 0
	p.mu.Unlock()
	if !done {
		return
	}
	r.poolsMu.Lock()
	defer r.poolsMu.Unlock()
	if r.pools[p.id] == p {
		delete(r.pools, p.id)
		close(p.quit)
	}
}
