package room

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"slices"
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

// changeTables applies R-CASH-5 and seed 003 #12 to a player seated at
// another cash table of the same game and stakes who joins t (cmd):
// allowed only when that does not widen the gap between the two tables
// (from a fuller table to one with fewer players), and then the player stands up from the old table first
// (table.ChangeOut), so that the join brings the stack they left with
// (R-CASH-3, LeftAtStakes). The join is tried first without doing it
// (table.CheckJoin): a join t would refuse leaves the player where they
// are, and one that would put them on t's waiting list changes nothing.
// It returns what the old table said of the leaving and its label, and
// deferred when the player is dealt in there: they move when that hand
// ends (ChangeTable), and t is not joined now.
func (r *Room) changeTables(ctx context.Context, t *table.Table, cmd bot.Command, p bot.Player) (said []string, from string, deferred bool, err error) {
	seated := false
	for _, o := range r.seatedTables(p.ID) { // none of the same stakes when t is a pool's or a tournament's
		if !sameStakes(o, t) {
			continue
		}
		seated = true
		held, err := o.Holding(ctx, p)
		if err != nil || !held.Seated {
			return nil, "", false, err
		}
		if !held.DealtIn {
			if ok, err := t.CheckJoin(ctx, cmd, p, o.ID, held.Stack); err != nil || !ok {
				return nil, "", false, err // refused, or the player waits for a seat at t: nothing changes
			}
		} else if t.Closing() {
			return nil, "", false, bot.Errorf(bot.EInvalid, "closetable.no_join", t.Label()) // as its join would answer
		} else if t.Count()+t.HeldSeats()+r.comingTo(t) >= t.Config.Seats {
			return nil, "", false, nil // t full (its free seats held for the called or kept for changes): the join puts the player on its waiting list
		}
		// Seed 003 #10 keeps the tables "compensadas": a move may not
		// widen the gap between them. From src players to dst it leaves
		// src-1 and dst+1, no further apart than before exactly when the
		// player leaves the fuller table (four and five from five and
		// four; five and three from six and two).
		// Players who stand up when their hand ends (a /leave, or a
		// change asked during it) no longer count at their table
		// (Staying), and a change asked during a hand counts at the
		// table it goes to (comingTo), so that changes asked in one
		// hand cannot each see the tables as they were.
		// A player who busted at o (no chips, not in its hand) carries
		// nothing: the join is a new buy-in, not a change, as after a
		// /leave (rejoinBalance).
		busted := held.Stack == 0 && !held.DealtIn
		src, dst := o.Staying()+r.comingTo(o), t.Staying()+r.comingTo(t)
		if held.Leaving { // counted gone from o already, and at t if changing there: counted once, at o
			src++
			if held.ChangeTo == t.ID {
				dst--
			}
		}
		if src <= dst && !busted {
			return nil, "", false, bot.Errorf(bot.EInvalid, "join.unbalanced", o.Label(), t.Label())
		}
		rep, later, err := o.ChangeOut(ctx, p, t.ID)
		if err != nil {
			return nil, "", false, err
		}
		if later {
			return []string{rep.Text}, o.Label(), true, nil
		}
		switch {
		case rep.Text == "":
		case o.Config.Anon || t.Config.Anon:
			// R-CASH-6: a move gives a new pseudonym; the group must not
			// read which was whose. The player is told alone.
			from = o.Label()
			r.notifyPlayer(p, rep.Text)
		default:
			said, from = append(said, rep.Text), o.Label()
		}
	}
	if !seated {
		return nil, "", false, r.rejoinBalance(t, p)
	}
	return said, from, false, nil
}

// rejoinBalance applies seed 003 #13 to a player seated at no table of t's
// game and stakes who left one of them less than table.ReturnWindow ago
// (the stack left with, R-CASH-3): sitting at t is a table change made in
// two steps, bound by the balance of R-CASH-5 (seed 003 #10) as
// changeTables binds one, the player counted at the table they left. A
// join t would list on its waiting list is not checked, nor one from a
// table left with fewer than two players (no game to keep), nor one of a
// player who busted there: nothing comes back ("el mismo resto"), so the
// join is a new buy-in, not a change.
func (r *Room) rejoinBalance(t *table.Table, p bot.Player) error {
	l, ok := r.leftAtStakes(t, p.ID)
	if !ok || l.Stack == 0 || l.Table == t.ID || t.Closing() || t.Count()+t.HeldSeats()+r.comingTo(t) >= t.Config.Seats {
		return nil
	}
	o := r.tableByID(l.Table)
	if o == nil || !sameStakes(o, t) || o.Closing() {
		return nil
	}
	// A table left without a game (fewer than two players) has nothing
	// to keep balanced: its last players may go where the game is.
	left := o.Staying() + r.comingTo(o)
	if src, dst := left+1, t.Staying()+r.comingTo(t); left >= 2 && src <= dst {
		return bot.Errorf(bot.EInvalid, "join.unbalanced_left", o.Label(), t.Label(), int(table.ReturnWindow.Minutes()))
	}
	return nil
}

// comingTo is the number of players changing to t from other tables of
// its game and stakes once their hand there ends (table.ChangingTo).
func (r *Room) comingTo(t *table.Table) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, id := range r.byCommunity[t.Comm.ID] {
		if o := r.tables[id]; o != nil && sameStakes(o, t) {
			n += o.ChangingTo(t.ID)
		}
	}
	return n
}

// changeTable is table.Env's ChangeTable: p stood up from table from once
// its hand ended, to sit at table to; a table gone, or busy past the
// timeout, is told to p.
func (r *Room) changeTable(p bot.Player, from *table.Table, to int64) {
	r.seatAfterChange(table.PendingChange{Player: p, From: from.Label(), Lang: from.Comm.Language, To: to})
}

// seatAfterChange seats the player of pc at its new table (changeTable;
// or at a start, a change stored and not made before the room stopped),
// then clears the change's stored key (table.PendingChangeKey): the
// player seated, or told why not. A room stopping meanwhile leaves it for
// the next start.
func (r *Room) seatAfterChange(pc table.PendingChange) {
	p, to := pc.Player, pc.To
	r.changesDue.Add(1)
	go func() {
		defer func() {
			r.changesDue.Add(-1)
			select {
			case r.changeDone <- struct{}{}:
			default:
			}
		}()
		ctx, cancel := context.WithTimeout(r.ctx, table.OpTimeout)
		defer cancel()
		lang := bot.LangFor(p.Language, "", pc.Lang)
		label := "#" + strconv.FormatInt(to, 10)
		var err error = bot.Errorf(bot.ENotFound, "table.no_such", label)
		if t := r.tableByID(to); t != nil {
			err = t.JoinAfterChange(ctx, p, pc.From)
		}
		if err != nil && r.ctx.Err() != nil {
			return // the room stops: its next start makes the change
		}
		if err != nil { // the table gone, or not answering: the table itself told any refusal
			r.notifyPlayer(p, table.ChangeFailed(lang, pc.From, label, err))
		}
		cctx, ccancel := context.WithTimeout(r.ctx, table.OpTimeout)
		defer ccancel()
		if err := r.store.ClearDeadline(cctx, table.PendingChangeKey(to, p.ID)); err != nil {
			r.log.Warn("a table change made stays stored", "player", p.ID, "table", to, "err", err)
		}
	}()
}

// resumeChanges makes the table changes stored and not made when the
// room stopped (seatAfterChange), once its tables run; one already made
// (the player seated at the new table) is only cleared, and so is one
// stored longer ago than the return window (R-CASH-3): a change whose
// clearing failed, or left by a build that did not know the key, is not
// made hours later, at a table the player may have left since.
func (r *Room) resumeChanges(ctx context.Context, pcs []table.PendingChange) {
	for _, pc := range pcs {
		stale := r.clock.Now().Sub(pc.At) > table.ReturnWindow
		if stale || slices.ContainsFunc(r.seatedTables(pc.Player.ID), func(t *table.Table) bool { return t.ID == pc.To }) {
			if stale {
				r.log.Warn("a table change stored long ago is not made", "player", pc.Player.ID, "table", pc.To, "stored", pc.At)
			}
			if err := r.store.ClearDeadline(ctx, table.PendingChangeKey(pc.To, pc.Player.ID)); err != nil {
				r.log.Warn("a table change made stays stored", "player", pc.Player.ID, "table", pc.To, "err", err)
			}
			continue
		}
		r.seatAfterChange(pc)
	}
}

// sameStakes reports whether o and t are distinct cash tables of one
// community, game and stakes: a player changes between them with their
// stack (R-CASH-3, R-CASH-5).
func sameStakes(o, t *table.Table) bool {
	return o != t && !o.IsPool() && !t.IsPool() && o.Tour == nil && t.Tour == nil && o.Comm.ID == t.Comm.ID &&
		o.Config.Variant == t.Config.Variant && o.Config.Stakes() == t.Config.Stakes()
}

// leftAtStakes is table.Env's LeftAtStakes: the latest stack player left
// with, less than table.ReturnWindow ago, at t or a table of the same
// community, game and stakes.
func (r *Room) leftAtStakes(t *table.Table, player int64) (table.LeftStack, bool) {
	r.mu.Lock()
	tables := make([]*table.Table, 0, len(r.byCommunity[t.Comm.ID]))
	for _, id := range r.byCommunity[t.Comm.ID] {
		if o := r.tables[id]; o != nil && (o == t || sameStakes(o, t)) {
			tables = append(tables, o)
		}
	}
	r.mu.Unlock()
	var left []table.LeftStack
	for _, o := range tables {
		if l, ok := o.LeftWith(player); ok {
			left = append(left, l)
		}
	}
	if !t.IsPool() && t.Tour == nil {
		r.mu.Lock()
		for _, l := range r.closedLeft[player] { // at tables closed since
			if l.Comm == t.Comm.ID && l.Variant == t.Config.Variant && l.Stakes == t.Config.Stakes() {
				left = append(left, l)
			}
		}
		r.mu.Unlock()
	}
	now := r.clock.Now()
	var best table.LeftStack
	found := false
	for _, l := range left { // the latest whose 15 minutes still run
		if now.Before(l.Until) && (!found || l.Until.After(best.Until)) {
			best, found = l, true
		}
	}
	return best, found
}

// keepLeft keeps the stacks players left closed table t with (R-CASH-3),
// forgetting those whose 15 minutes are over.
func (r *Room) keepLeft(t *table.Table) {
	now := r.clock.Now()
	r.mu.Lock()
	defer r.mu.Unlock()
	for p, l := range t.LeftStacks() {
		r.closedLeft[p] = append(r.closedLeft[p], l)
	}
	for p, ls := range r.closedLeft {
		ls = slices.DeleteFunc(ls, func(l table.LeftStack) bool { return !now.Before(l.Until) })
		if len(ls) == 0 {
			delete(r.closedLeft, p)
		} else {
			r.closedLeft[p] = ls
		}
	}
}

// loadClosedLeft keeps a stored stack left with at a table closed since
// (table.ClosedLeft) while its 15 minutes run, and clears it after. One
// stored without its stakes (by an older build) is at the stakes of the
// table it names, read from the store.
func (r *Room) loadClosedLeft(ctx context.Context, d bot.Deadline) {
	p, l, ok := table.ClosedLeft(d)
	if ok && l.Stakes == "" {
		rec, err := r.store.Table(ctx, l.Table)
		if err != nil {
			r.log.Warn("a stack left with at a closed table names no table that can be read", "key", d.Key, "err", err)
			return
		}
		l.Comm, l.Variant, l.Stakes = rec.CommunityID, rec.Variant, rec.Stakes
	}
	switch {
	case !ok:
	case r.clock.Now().Before(l.Until):
		r.closedLeft[p] = append(r.closedLeft[p], l)
	default:
		if err := r.store.ClearDeadline(ctx, d.Key); err != nil {
			r.log.Warn("a stack left with at a closed table stays stored", "key", d.Key, "err", err)
		}
	}
}

// dropTable forgets a closed table (a pool's too: its pool may be done),
// keeping the stacks players left it with (R-CASH-3).
func (r *Room) dropTable(t *table.Table) {
	if !t.IsPool() && t.Tour == nil {
		r.keepLeft(t)
	}
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
func (e roomEnv) LeftAtStakes(t *table.Table, player int64) (table.LeftStack, bool) {
	return e.r.leftAtStakes(t, player)
}
func (e roomEnv) ChangeTable(p bot.Player, from *table.Table, to int64) { e.r.changeTable(p, from, to) }
func (e roomEnv) ComingTo(t *table.Table) int                           { return e.r.comingTo(t) }
func (e roomEnv) DropTable(t *table.Table)                              { e.r.dropTable(t) }
func (e roomEnv) Send(m bot.Outgoing)                                   { e.r.out.Send(m) }
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

func (e roomEnv) AddTable(ctx context.Context, rec bot.TableRecord) (int64, error) {
	return e.r.addTable(ctx, rec)
}

// TableEnv is the room as the environment of a director's tables.
func (e roomEnv) TableEnv() table.Env { return e }
