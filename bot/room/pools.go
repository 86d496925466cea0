package room

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	mrand "math/rand/v2"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
)

// Fast-fold pools (R-CASH-7, the "Boost" tables of seed 000). A pool is a
// set of ordinary cash tables of one game and stakes (table.Config.Pool)
// that the pool seats itself: players join the pool, not a table, with a
// buy-in per entry (at most MaxPoolEntries each); the pool draws waiting
// entries at random, of different players, up to a table's seats, seats
// them at a free table of its own (opening one when none is free, up to
// maxPoolTables) and the table deals at once. A player may fold any time
// (/fastfold, out of turn too; refused when their bet matches the highest
// bet or they are all in) and their entry is back in the pool at once,
// drawn into the next hand; when a hand ends every entry in it is back too.
//
// Where the chips are: an entry in a hand is a seat of a pool table, its
// chips in the table's account, moved there from the wallet in the write
// that seats it and back to the wallet in the write that ends its hand
// (or stores its fast fold). An entry waiting (or sitting out) between
// hands is the pool's claim on that many of its owner's wallet chips: its
// chips are in the wallet, so the books never hold chips the store cannot
// place, and the audit's checks of wallets and tables cover every pool.
// A restart keeps the entries in a hand (seats, restored with their
// table; a hand that cannot be resumed is voided and its chips go back as
// at any table) and closes the waiting ones: their chips are in the
// wallets already. The pools themselves are stored in the key-value store
// (poolsKey) and opened again at start.

// MaxPoolEntries is the most entries one player may have in a pool (R-CASH-7).
const MaxPoolEntries = 4

// maxPoolTables bounds the tables a pool opens; maxPoolsPerChat the pools
// of a chat.
const (
	maxPoolTables   = 12
	maxPoolsPerChat = 5
)

// PoolGather is how long the pool waits for more entries before it deals
// a hand to fewer players than a table seats: a table fills at once
// when enough entries wait, and two entries never wait longer than this.
const PoolGather = 2 * time.Second

// poolsKey is the key-value key of the stored pools.
const poolsKey = "pool:list"

// poolRecord is a pool as stored.
type poolRecord struct {
	ID        int64        `json:"id"`
	Community int64        `json:"community"`
	Config    table.Config `json:"config"`
	// Closed: /closepool closed it; kept so that its id is never given
	// again, not restored at start.
	Closed bool `json:"closed,omitempty"`
	// Thread is where in the chat its tables deal (the forum topic it was
	// opened from; "" for the chat itself).
	Thread string `json:"thread,omitempty"`
}

// The states of an entry (R-CASH-7: Active, Waiting, Sitting out).
const (
	entryWaiting = iota
	entryActive
	entrySittingOut
)

// poolEntry is one entry of a player in a pool.
type poolEntry struct {
	player bot.Player
	n      int // 1..MaxPoolEntries among the player's entries
	stack  int64
	state  int
	table  int64 // active: the table of its hand
	// leave and sitOut: asked during its hand, done when the entry comes
	// back.
	leave, sitOut bool
	since         time.Time // waiting since
	timeouts      int       // in a row (R-TIME-2), carried from hand to hand
}

// pool is a fast-fold pool: its entries and tables, under mu; deal runs
// one at a time (dealMu), from the pool's goroutine or Settle.
type pool struct {
	id     int64
	comm   bot.Community
	config table.Config
	thread string // where in the chat its tables deal (poolRecord.Thread)
	clock  bot.Clock

	mu      sync.Mutex
	entries []*poolEntry
	tables  []*table.Table
	rnd     *mrand.Rand
	timer   bot.Timer // the end of the gathering window (PoolGather)
	timerAt time.Time

	// closing: /closepool closed it (p.mu): nothing is drawn, its
	// entries are cashed out as they come back and its tables close;
	// quit is closed when the last one has (the pool's goroutine ends).
	closing bool
	quit    chan struct{}

	dealMu sync.Mutex
	sig    chan struct{}
	// seated counts the hands the pool seated (Settle sees one its
	// goroutine seated while it waited).
	seated atomic.Int64
}

// Label is how the pool is named in the chat: "P1".
func (p *pool) Label() string { return "P" + strconv.FormatInt(p.id, 10) }

func (p *pool) signal() {
	select {
	case p.sig <- struct{}{}:
	default:
	}
}

func (p *pool) now() time.Time { return p.clock.Now() }

// wakeAt signals the pool at at (the end of a gathering window). p.mu is
// held.
func (p *pool) wakeAt(at time.Time) {
	c := p.clock
	if at.Equal(p.timerAt) {
		return
	}
	if p.timer != nil {
		p.timer.Stop()
	}
	p.timerAt = at
	p.timer = c.AfterFunc(max(at.Sub(c.Now()), 0), p.signal)
}

// entry finds a player's entry n; nil when none.
func (p *pool) entry(player int64, n int) *poolEntry {
	for _, e := range p.entries {
		if e.player.ID == player && e.n == n {
			return e
		}
	}
	return nil
}

// mine returns a player's entries, by number.
func (p *pool) mine(player int64) []*poolEntry {
	var out []*poolEntry
	for _, e := range p.entries {
		if e.player.ID == player {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b *poolEntry) int { return a.n - b.n })
	return out
}

func (p *pool) remove(e *poolEntry) {
	p.entries = slices.DeleteFunc(p.entries, func(x *poolEntry) bool { return x == e })
}

// poolsOf returns a community's pools, oldest first.
func (r *Room) poolsOf(community int64) []*pool {
	r.poolsMu.Lock()
	defer r.poolsMu.Unlock()
	var out []*pool
	for _, p := range r.pools {
		if p.comm.ID == community {
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(a, b *pool) int { return int(a.id - b.id) })
	return out
}

func (r *Room) poolByID(id int64) *pool {
	r.poolsMu.Lock()
	defer r.poolsMu.Unlock()
	return r.pools[id]
}

// allPools returns every pool.
func (r *Room) allPools() []*pool {
	r.poolsMu.Lock()
	defer r.poolsMu.Unlock()
	out := make([]*pool, 0, len(r.pools))
	for _, p := range r.pools {
		out = append(out, p)
	}
	slices.SortFunc(out, func(a, b *pool) int { return int(a.id - b.id) })
	return out
}

// storedPools reads the pools' records.
func (r *Room) storedPools(ctx context.Context) ([]poolRecord, error) {
	v, err := r.store.Value(ctx, poolsKey)
	if errors.Is(err, bot.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var recs []poolRecord
	if err := json.Unmarshal([]byte(v), &recs); err != nil {
		return nil, fmt.Errorf("room: stored pools: %w", err)
	}
	return recs, nil
}

// newPool makes a pool's actor state from its record.
func (r *Room) newPool(rec poolRecord, comm bot.Community) *pool {
	return &pool{id: rec.ID, comm: comm, config: rec.Config, thread: rec.Thread, clock: r.clock, sig: make(chan struct{}, 1), quit: make(chan struct{}),
		rnd: mrand.New(mrand.NewPCG(table.Mix(r.cfg.Seed, uint64(rec.ID)), 7))}
}

// restorePools registers the stored pools before their tables are
// restored (a table hands its entries back to its pool as it starts).
func (r *Room) restorePools(ctx context.Context) error {
	recs, err := r.storedPools(ctx)
	if err != nil {
		return err
	}
	for _, rec := range recs {
		if rec.Closed {
			continue // its tables still open close as they start (Start)
		}
		c, err := r.store.CommunityByID(ctx, rec.Community)
		if err != nil {
			return fmt.Errorf("room: pool %d: %w", rec.ID, err)
		}
		comm, err := r.community(ctx, c.Platform, c.ChatID, c.Title)
		if err != nil {
			return err
		}
		r.poolsMu.Lock()
		r.pools[rec.ID] = r.newPool(rec, comm)
		r.poolsMu.Unlock()
	}
	return nil
}

// adoptPoolTable takes a restored table of a pool into it, with the
// entries seated at it (in a hand, or handed back as the table starts);
// false when its pool is closed.
func (r *Room) adoptPoolTable(t *table.Table) bool {
	p := r.poolByID(t.Config.Pool)
	if p == nil {
		return false
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.tables = append(p.tables, t)
	for _, s := range t.Seats {
		if s == nil || s.FastFolded || p.entry(s.Player.ID, s.PoolEntry) != nil {
			continue
		}
		p.entries = append(p.entries, &poolEntry{player: s.Player, n: s.PoolEntry, stack: s.Stack, state: entryActive, table: t.ID})
	}
	return true
}

// startPools runs each pool's dealer.
func (r *Room) startPools() {
	for _, p := range r.allPools() {
		r.startPool(p)
	}
}

func (r *Room) startPool(p *pool) {
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		for {
			select {
			case <-r.ctx.Done():
				return
			case <-p.quit:
				return
			case <-p.sig:
				if p.isClosing() {
					r.closePoolTables(r.ctx, p)
					continue
				}
				r.deal(r.ctx, p)
			}
		}
	}()
	p.signal()
}

// poolBack takes entries back from a pool table (table.Env.PoolBack):
// waiting again, sitting out or closed as asked; closed too below a big
// blind (R-SEAT-5: the chips are in the wallet).
func (r *Room) poolBack(id, tableID int64, backs []table.PoolBack) {
	p := r.poolByID(id)
	if p == nil {
		// Its pool was closed before a restart: the entries are cashed
		// out (their chips are in the wallets).
		r.log.Info("entries handed back to a closed pool; their chips are in the wallets", "pool", id, "table", tableID)
		for _, b := range backs {
			lang := bot.LangFor(b.Player.Language, "", "")
			r.notifyPlayer(b.Player, tr(lang, "closepool.entry_closed", b.Entry, "P"+strconv.FormatInt(id, 10), bot.Chips(b.Stack)))
		}
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, b := range backs {
		e := p.entry(b.Player.ID, b.Entry)
		if p.closing {
			if e != nil {
				p.remove(e)
			}
			lang := bot.LangFor(b.Player.Language, "", p.comm.Language)
			r.notifyPlayer(b.Player, tr(lang, "closepool.entry_closed", b.Entry, p.Label(), bot.Chips(b.Stack)))
			continue
		}
		if e != nil && e.state == entryActive && e.table != tableID {
			// Seated elsewhere meanwhile (a seating stored although
			// reported failed came back): these chips are in the wallet.
			continue
		}
		if e == nil {
			// Not the pool's any more: cashed out (/pool leave, short)
			// while a seat of it stood elsewhere, a seating stored
			// although reported failed. Its chips are in the wallet with
			// this hand-back; it is not dealt again. (A restart adopts
			// every seated entry before its table runs: adoptPoolTable.)
			continue
		}
		e.stack, e.table, e.timeouts = b.Stack, 0, b.Timeouts
		lang := bot.LangFor(b.Player.Language, "", p.comm.Language)
		switch {
		case e.leave || b.Leaving:
			p.remove(e)
			if !b.Answered { // else the command that cashed it out said so
				r.notifyPlayer(b.Player, tr(lang, "pool.entry_closed", e.n, p.Label(), bot.Chips(e.stack)))
			}
		case e.stack < p.config.BigBlind:
			p.remove(e)
			r.notifyPlayer(b.Player, tr(lang, "pool.entry_short", e.n, p.Label(), bot.Chips(e.stack)))
		case e.sitOut || b.SatOut:
			e.state, e.sitOut, e.timeouts = entrySittingOut, false, 0
		default:
			e.state, e.since = entryWaiting, r.clock.Now()
		}
	}
	p.signal()
}

// notifyPlayer sends a private note.
func (r *Room) notifyPlayer(p bot.Player, text string) {
	if p.Platform == table.BotPlatform {
		return
	}
	r.out.Send(bot.Outgoing{To: bot.Destination{Platform: p.Platform, User: p.UserID}, Priority: bot.PriorityPrivate,
		Body: bot.View{Kind: bot.ViewNotice, Text: text}})
}

// deal seats groups of waiting entries at free tables until fewer than
// two players wait or no table can be had; it reports whether it seated
// any.
func (r *Room) deal(ctx context.Context, p *pool) bool {
	p.dealMu.Lock()
	defer p.dealMu.Unlock()
	seated := false
	for range 100 {
		group, t := r.drawGroup(ctx, p)
		if t == nil {
			return seated
		}
		entries := make([]table.PoolEntry, len(group))
		for i, e := range group {
			entries[i] = table.PoolEntry{Player: e.player, Entry: e.n, Stack: e.stack, Timeouts: e.timeouts}
		}
		err := t.SeatPool(ctx, entries)
		p.mu.Lock()
		if err == nil {
			seated = true
			p.seated.Add(1)
		} else {
			r.unseatGroup(ctx, p, group, err)
		}
		p.mu.Unlock()
		if err != nil && !errors.Is(err, table.ErrPoolBusy) && !errors.Is(err, bot.ErrInsufficientFunds) {
			r.log.Warn("pool: seating a hand failed; tried again shortly", "pool", p.id, "table", t.ID, "err", err)
			r.dealSoon(p)
			return seated
		}
	}
	return seated
}

// dealSoon has the pool try to deal again a second from now: a seating
// the store failed (an outage) is not waited on until the next join or
// hand's end, which a pool of waiting entries never gets.
func (r *Room) dealSoon(p *pool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if at := r.clock.Now().Add(time.Second); r.ctx.Err() == nil && (p.timerAt.IsZero() || !p.timerAt.After(r.clock.Now()) || p.timerAt.After(at)) {
		p.wakeAt(at)
	}
}

// drawGroup draws the next hand's entries at random, of different
// players, up to a table's seats, and the free table they go to (opened
// when none is free); nil when there is no hand to deal. The entries are
// marked active.
func (r *Room) drawGroup(ctx context.Context, p *pool) ([]*poolEntry, *table.Table) {
	p.mu.Lock()
	if p.closing {
		p.mu.Unlock()
		return nil, nil
	}
	var waiting []*poolEntry
	for _, e := range p.entries {
		if e.state == entryWaiting {
			waiting = append(waiting, e)
		}
	}
	p.rnd.Shuffle(len(waiting), func(i, j int) { waiting[i], waiting[j] = waiting[j], waiting[i] })
	var group []*poolEntry
	players := map[int64]bool{}
	for _, e := range waiting {
		if !players[e.player.ID] && len(group) < p.config.Seats {
			players[e.player.ID] = true
			group = append(group, e)
		}
	}
	if len(group) >= 2 && len(group) < p.config.Seats {
		oldest := group[0].since
		for _, e := range group {
			if e.since.Before(oldest) {
				oldest = e.since
			}
		}
		if at := oldest.Add(PoolGather); r.clock.Now().Before(at) {
			p.wakeAt(at) // more entries may come to fill the table
			p.mu.Unlock()
			return nil, nil
		}
	}
	var free *table.Table
	for _, t := range p.tables {
		if t.Count() == 0 && !slices.ContainsFunc(p.entries, func(e *poolEntry) bool { return e.state == entryActive && e.table == t.ID }) {
			free = t
			break
		}
	}
	ntables := len(p.tables)
	p.mu.Unlock()
	if len(group) < 2 {
		return nil, nil
	}
	if free == nil {
		if ntables >= maxPoolTables {
			return nil, nil
		}
		t, err := r.openPoolTable(ctx, p)
		if err != nil {
			r.log.Warn("pool: opening a table failed; tried again shortly", "pool", p.id, "err", err)
			r.dealSoon(p)
			return nil, nil
		}
		free = t
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, e := range group {
		if e.state != entryWaiting { // changed meanwhile (left, sat out)
			return nil, nil
		}
	}
	for _, e := range group {
		e.state, e.table = entryActive, free.ID
	}
	return group, free
}

// unseatGroup puts a group the table refused back to waiting; an entry
// its owner's wallet can no longer pay is closed. p.mu is held.
func (r *Room) unseatGroup(ctx context.Context, p *pool, group []*poolEntry, err error) {
	for _, e := range group {
		if e.state == entryActive {
			e.state, e.table = entryWaiting, 0 // keeps its place (since)
		}
		if !errors.Is(err, bot.ErrInsufficientFunds) {
			continue
		}
		acc, werr := r.wallet(ctx, e.player, p.comm)
		if werr != nil {
			continue
		}
		if bal, berr := r.store.Balance(ctx, acc); berr == nil && bal < e.stack {
			p.remove(e)
			lang := bot.LangFor(e.player.Language, "", p.comm.Language)
			r.notifyPlayer(e.player, tr(lang, "pool.entry_unfunded", e.n, p.Label(), bot.Chips(e.stack)))
		}
	}
}

// openPoolTable opens one more table of the pool and starts it.
func (r *Room) openPoolTable(ctx context.Context, p *pool) (*table.Table, error) {
	t, err := r.addCashTable(ctx, p.comm, p.config, p.Label()+" "+p.config.Variant+" "+p.config.Stakes(), p.thread)
	if err != nil {
		return nil, err
	}
	p.mu.Lock()
	p.tables = append(p.tables, t)
	p.mu.Unlock()
	r.startTable(t)
	return t, nil
}

// poolSeatings counts the hands every pool seated: Settle compares it
// across a round, so that a hand the pools' goroutines seated meanwhile is
// settled too.
func (r *Room) poolSeatings() int64 {
	var n int64
	for _, p := range r.allPools() {
		n += p.seated.Load()
	}
	return n
}

// settlePools deals what the pools can deal now (Settle); it reports
// whether any seated a hand.
func (r *Room) settlePools(ctx context.Context) bool {
	busy := false
	for _, p := range r.allPools() {
		if p.isClosing() {
			r.closePoolTables(ctx, p)
			continue
		}
		if r.deal(ctx, p) { // after any deal of the pool's goroutine
			busy = true
		}
	}
	return busy
}
