package room

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	mrand "math/rand/v2"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pokerroom/pokerroom/bot/outbox"
	"github.com/pokerroom/pokerroom/bot/tournament"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/hashicorp/golang-lru/v2/simplelru"

	"github.com/pokerroom/pokerroom/engine"
)

// Config is what a room is built from.
type Config struct {
	Store bot.Storage
	Clock bot.Clock
	// DeckSeed, when not zero, shuffles the deck of each hand from a
	// seed made of it, the table and the hand's number, so that a session
	// deals the same cards whenever it is replayed, restarts included.
	// Zero shuffles with crypto/rand.
	DeckSeed uint64
	// Seed seeds the practice opponents' choices (per table, hand and
	// action, so a restart changes nothing); 0 picks one at random.
	Seed uint64
	// Location is the room's time zone: /export today's midnight; nil is
	// UTC.
	Location *time.Location
	// Outboxes deliver each platform's messages.
	Outboxes map[string]bot.Enqueuer
	// Admins tells chat admins apart, per platform; a platform without one
	// has no admins.
	Admins map[string]bot.Admins
	// Spectators checks a /spectate target, per platform; a platform
	// without one refuses /spectate (spectate.unsupported).
	Spectators map[string]bot.Spectators
	Log        *slog.Logger
	// WelcomeChips are given to a new player's wallet (default 10,000).
	WelcomeChips int64
	// DefaultLang is the language of a chat that has not chosen one
	// (DEFAULT_LANG: bot.English or bot.Spanish); "" is English.
	DefaultLang string
	// Owners are the bot's operators, as "platform:user id" (OWNER_IDS):
	// they may act in every community (as its admins, with grants
	// uncapped), run /audit and ban a user from the bot.
	Owners []string
	// GrantCap and GrantDayCap are the most a community admin's /grant
	// gives at once and in a day in one community (defaults
	// DefaultGrantCap and DefaultGrantDayCap, GrantCap at most
	// GrantDayCap); a community may lower them.
	GrantCap, GrantDayCap int64
	// HandPause is the pause between hands, for the summary to be read.
	HandPause time.Duration
	// BotDelay is how long a practice opponent thinks before it acts
	// (between half and one and a half times it, at random): time to
	// follow the game in a chat. Zero acts at once.
	BotDelay time.Duration
	// BotTrials is the number of deals a practice opponent's estimate
	// takes (default 200).
	BotTrials int
	// MaxHands, when not zero, stops each table after that many hands
	// (the simulator).
	MaxHands int
	// BotsAlone lets practice opponents play cash hands with no player
	// dealt in (the simulator, load tests). Otherwise a cash table whose
	// players are all away, sitting out or gone waits for one: practice
	// opponents play against people, not on their own forever.
	BotsAlone bool
	// Metrics, when set, counts what the room does.
	Metrics *bot.Metrics
	// Scheduler runs the tournaments' recurring schedules (/tourney
	// schedule); nil: no schedules.
	Scheduler bot.Scheduler
	// Threads opens a tournament table's own place in a chat, per
	// platform; a platform without one shows every table in the chat.
	Threads map[string]bot.Threads
	// AuditEvery is how often the room runs the chip audit (AuditChips)
	// after the one at start, on Clock: default 5 minutes; < 0 never.
	AuditEvery time.Duration
	// CommandRate is how many commands (and button presses) a second each
	// user may send over time (USER_COMMAND_RATE; default 1), and
	// CommandBurst how many at once (USER_COMMAND_BURST; default 8). Over
	// it the first command is answered "slow down" and the following ones
	// are silenced (ErrSilenced) until the user's bucket refills, so that
	// a flood costs the platforms' send budget little. A negative
	// CommandRate turns the limit off.
	CommandRate  float64
	CommandBurst int
	// Unlimited are the platforms whose users the command limit does not
	// apply to: the terminal console, one person at one keyboard whose
	// answers print at once (no platform's send budget to share).
	Unlimited []string
	// MaxUsers bounds the per-user caches (the players seen, the command
	// buckets); the least recently seen are forgotten beyond it (default
	// DefaultMaxUsers).
	MaxUsers int
}

// Room is the poker room: communities, players, wallets and tables. Handle
// takes every user's command; each table is an actor (one goroutine fed by
// a bounded inbox) that owns its state.
type Room struct {
	cfg    Config
	store  bot.Storage
	clock  bot.Clock
	log    *slog.Logger
	signer *bot.Signer
	// out sends the tables' and tournaments' messages to their
	// platforms' outboxes.
	out     *outbox.Router
	commit  *table.GroupCommit
	metrics *bot.Metrics
	// tdeps are what the tables share (filled by Start).
	tdeps *table.Deps
	// trdeps are what the tournaments' directors share (filled by Start).
	trdeps *tournament.Deps

	bank int64 // the ledger account play money comes from
	// grantMu serialises grants, so that two at once cannot both pass a
	// day's cap.
	grantMu sync.Mutex
	// making serialises the writes that make a cash table or a
	// tournament, and made holds the ids they gave ("table:7",
	// "tourney:3"): one whose write failed is read back (addMade)
	// without taking what another command made.
	making sync.Mutex
	made   map[string]time.Time // when each was noted (madeNow)

	mu          sync.Mutex
	communities map[string]*bot.Community // platform \x00 chat
	commByID    map[int64]*bot.Community
	// langDefaulted holds the communities whose Language is the room's
	// DefaultLang, not a /lang chat choice: saveCommunity stores none.
	langDefaulted map[int64]bool
	// players caches the players seen lately (platform \x00 user), at
	// most MaxUsers.
	players     *simplelru.LRU[string, *playerEntry]
	limits      *limiter        // nil: no per-user command limit
	houses      map[int64]int64 // economy community -> its house account
	tables      map[int64]*table.Table
	tourneys    *tournament.Registry
	byCommunity map[int64][]int64
	seated      map[int64]map[int64]bool // player -> tables
	deadlines   map[int64][]bot.Deadline // loaded at start, per table
	// closedLeft: the stacks players left closed cash tables with, by
	// player, until their Until (R-CASH-3; leftAtStakes).
	closedLeft map[int64][]table.LeftStack
	// unrestored: tournaments whose record could not be used at start.
	unrestored map[int64]bool
	// pools are the fast-fold pools (R-CASH-7), under poolsMu; poolMake
	// makes one at a time.
	poolsMu  sync.Mutex
	poolMake sync.Mutex
	pools    map[int64]*pool

	// auditsDue counts the audits whose time came and which have not
	// finished; auditDone is signalled as each one finishes (Settle
	// waits for them).
	auditsDue atomic.Int32
	auditDone chan struct{}
	// changesDue counts the table changes waiting to seat their player
	// (changeTable); changeDone is signalled as each one ends.
	changesDue atomic.Int32
	changeDone chan struct{}
	// changing: the players whose /join is under way (joinTable), under mu.
	changing map[int64]bool

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
}

type playerEntry struct {
	mu sync.Mutex
	p  bot.Player
	ok bool
	// welcomed: the economies (community ids) the player was welcomed in.
	welcomed map[int64]bool
	// noLegacy: the player has no wallet of before economies.
	noLegacy bool
}

// New returns a room; Start recovers its tables and starts it.
func New(cfg Config) (*Room, error) {
	if cfg.Store == nil || cfg.Clock == nil {
		return nil, errors.New("room: a store and a clock are needed")
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if cfg.BotTrials == 0 {
		cfg.BotTrials = 200
	}
	if cfg.WelcomeChips == 0 {
		cfg.WelcomeChips = 10000
	}
	if cfg.GrantCap <= 0 {
		cfg.GrantCap = DefaultGrantCap
	}
	if cfg.GrantDayCap <= 0 {
		cfg.GrantDayCap = DefaultGrantDayCap
	}
	if cfg.GrantCap > cfg.GrantDayCap {
		cfg.GrantCap = cfg.GrantDayCap // no grant gives more than a day's cap
	}
	if cfg.Seed == 0 {
		var b [8]byte
		_, _ = rand.Read(b[:])
		cfg.Seed = binary.LittleEndian.Uint64(b[:]) | 1
	}
	if cfg.Metrics == nil {
		cfg.Metrics = bot.NewMetrics()
	}
	if cfg.MaxUsers <= 0 {
		cfg.MaxUsers = DefaultMaxUsers
	}
	players, err := simplelru.NewLRU[string, *playerEntry](cfg.MaxUsers, nil)
	if err != nil {
		return nil, err
	}
	r := &Room{out: outbox.NewRouter(cfg.Outboxes, cfg.Clock, cfg.Log, cfg.Metrics), auditDone: make(chan struct{}, 1), changeDone: make(chan struct{}, 1), cfg: cfg, store: guardedStore{cfg.Store}, clock: cfg.Clock, log: cfg.Log, metrics: cfg.Metrics,
		communities: map[string]*bot.Community{}, commByID: map[int64]*bot.Community{}, langDefaulted: map[int64]bool{}, players: players, houses: map[int64]int64{}, limits: newLimiter(cfg.CommandRate, cfg.CommandBurst, cfg.MaxUsers), tables: map[int64]*table.Table{}, tourneys: tournament.NewRegistry(),
		byCommunity: map[int64][]int64{}, seated: map[int64]map[int64]bool{}, deadlines: map[int64][]bot.Deadline{}, closedLeft: map[int64][]table.LeftStack{}, unrestored: map[int64]bool{}, pools: map[int64]*pool{}}
	return r, nil
}

// Metrics returns the room's counters.
func (r *Room) Metrics() *bot.Metrics { return r.metrics }

// Start opens the ledger accounts, reads the button-token key, and
// rebuilds every open table from the store: seats, the hand in progress
// (Resume from its setup and events) and the timers, a deadline that passed
// while the room was down firing once now. Tables run until ctx ends or
// Close.
func (r *Room) Start(ctx context.Context) error {
	r.ctx, r.cancel = context.WithCancel(context.WithoutCancel(ctx))
	go func() {
		select {
		case <-ctx.Done():
			r.cancel()
		case <-r.ctx.Done():
		}
	}()
	sctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	key, err := r.store.Secret(sctx, "button-tokens", 32)
	if err != nil {
		return fmt.Errorf("room: button token key: %w", err)
	}
	if r.signer, err = bot.NewSigner(key); err != nil {
		return err
	}
	if r.bank, err = r.store.OpenAccount(sctx, bot.AccountBank, "bank", 0); err != nil {
		return fmt.Errorf("room: bank account: %w", err)
	}
	r.commit = table.NewGroupCommit(r.store, r.metrics)
	r.wg.Add(1)
	go func() { defer r.wg.Done(); r.commit.Run(r.ctx) }()
	r.tdeps = &table.Deps{Out: r.out, Clock: r.clock, Log: r.log, Store: r.store, Metrics: r.metrics, Signer: r.signer, Ctx: r.ctx, Commit: r.commit,
		Cfg: table.Settings{HandPause: r.cfg.HandPause, BotDelay: r.cfg.BotDelay, BotTrials: r.cfg.BotTrials, MaxHands: r.cfg.MaxHands, BotsAlone: r.cfg.BotsAlone}}
	r.trdeps = &tournament.Deps{Clock: r.clock, Log: r.log, Store: r.store, Metrics: r.metrics, Signer: r.signer, Ctx: r.ctx, Commit: r.commit,
		Tables: r.tdeps, DeckSeed: r.cfg.DeckSeed, Threads: r.cfg.Threads}

	ds, err := r.store.Deadlines(sctx)
	if err != nil {
		return fmt.Errorf("room: deadlines: %w", err)
	}
	var changes []table.PendingChange
	for _, d := range ds {
		if id, ok := table.DeadlineTable(d.Key); ok {
			r.deadlines[id] = append(r.deadlines[id], d)
		}
		r.loadClosedLeft(sctx, d)
		if pc, ok := table.ReadPendingChange(d); ok {
			changes = append(changes, pc)
		}
	}
	if err := r.restoreTourneys(sctx); err != nil {
		r.Close()
		return fmt.Errorf("room: %w", err)
	}
	// The chip audit, before any actor runs: a mismatch is logged and
	// counted, never stops the room.
	_, _ = r.Audit(sctx)
	if err := r.restorePools(sctx); err != nil {
		r.Close()
		return fmt.Errorf("room: pools: %w", err)
	}
	recs, err := r.store.OpenTables(sctx, 0)
	if err != nil {
		return fmt.Errorf("room: open tables: %w", err)
	}
	for _, rec := range recs {
		t, err := r.restoreTable(sctx, rec)
		if err != nil {
			if !errors.Is(err, table.ErrBadRecord) {
				r.Close()
				return fmt.Errorf("room: table %d: %w", rec.ID, err)
			}
			// One table never stops the room: it stays out of play (its
			// chips in its account, which the audit reports) and the
			// others start.
			r.log.Error("table not restored: it stays closed to play until its record is repaired", "table", rec.ID, "err", err)
			r.metrics.Unrestored.Add(1)
			continue
		}
		if t.Tour != nil && r.unrestored[t.TourneyID] {
			continue // its tournament could not be restored: the table waits with it
		}
		if t.Tour != nil {
			a := r.tourneys.Get(t.TourneyID)
			// Its tournament is over (the table left open by a crash), or
			// the table was stored but its op was not: the director uses
			// the one its ops name.
			if a == nil || !a.Linked(t.Tour.No, t.ID) {
				if err := r.store.CloseTable(sctx, t.ID, r.clock.Now()); err != nil {
					r.Close()
					return fmt.Errorf("room: table %d: %w", rec.ID, err)
				}
				continue
			}
			t.Tour.Actor = a
			a.Tables[t.Tour.No] = t
		}
		if t.IsPool() && !r.adoptPoolTable(t) {
			t.CloseAfterHand() // its pool was closed (/closepool)
		}
		r.startTable(t)
	}
	r.startPools()
	r.resumeChanges(sctx, changes)
	for _, a := range r.tourneys.All() {
		r.startTourney(a)
	}
	if err := r.armTemplates(sctx); err != nil {
		r.Close()
		return fmt.Errorf("room: schedules: %w", err)
	}
	r.startAudits()
	return nil
}

// Close stops the tables and waits for them. What they committed is kept;
// nothing is half written.
func (r *Room) Close() {
	if r.cancel != nil {
		r.cancel()
	}
	r.wg.Wait()
}

// Tables returns the ids of the open tables.
func (r *Room) Tables() []int64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	ids := make([]int64, 0, len(r.tables))
	for id := range r.tables {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

// Settle waits until every table has done what is due at the clock's
// current time: the practice opponents' actions, the next hand, the
// timers. Scripts and tests call it after each command (with a fake clock,
// after each Advance) to read a deterministic transcript.
//
// A tournament's tables and its director take turns (a hand's report, the
// director's answer): Settle goes on while a director took in reports, so
// that a tournament of practice opponents plays on to where it waits for
// a person or the clock.
func (r *Room) Settle(ctx context.Context) error {
	for round := 0; round < 100000; round++ {
		seatings := r.poolSeatings()
		for _, id := range r.Tables() {
			if t := r.tableByID(id); t != nil {
				if err := t.SettleNow(ctx); err != nil {
					return err
				}
			}
		}
		busy := false
		ts := r.tourneys.All()
		for _, a := range ts {
			took, err := a.SettleNow(ctx)
			if err != nil {
				return err
			}
			busy = busy || took
		}
		if r.settlePools(ctx) || r.poolSeatings() != seatings {
			busy = true
		}
		// A table change seats its player at the new table.
		for r.changesDue.Load() > 0 {
			busy = true
			select {
			case <-r.changeDone:
			case <-r.ctx.Done():
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		// An audit whose time came reads the store as the room left it.
		for r.auditsDue.Load() > 0 {
			select {
			case <-r.auditDone:
			case <-r.ctx.Done(): // closed: no audit is coming
				return nil
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		if round >= 2 && !busy {
			return nil
		}
	}
	return nil
}

func (r *Room) startTable(t *table.Table) {
	r.mu.Lock()
	r.tables[t.ID] = t
	r.byCommunity[t.Comm.ID] = append(r.byCommunity[t.Comm.ID], t.ID)
	for _, s := range t.Seats {
		if s != nil {
			r.setSeatedLocked(s.Player.ID, t.ID, true)
		}
	}
	r.mu.Unlock()
	r.metrics.OpenTables.Add(1)
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		defer r.metrics.OpenTables.Add(-1)
		t.Run(r.ctx)
	}()
}

func (r *Room) setSeatedLocked(player, tb int64, on bool) {
	m := r.seated[player]
	if on {
		if m == nil {
			m = map[int64]bool{}
			r.seated[player] = m
		}
		m[tb] = true
		return
	}
	delete(m, tb)
	if len(m) == 0 {
		delete(r.seated, player)
	}
}

// syncSeated records the players seated at table, and only them.
func (r *Room) syncSeated(tb int64, players []int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for p, m := range r.seated {
		if m[tb] && !slices.Contains(players, p) {
			r.setSeatedLocked(p, tb, false)
		}
	}
	for _, p := range players {
		r.setSeatedLocked(p, tb, true)
	}
}

func (r *Room) setSeated(player, tb int64, on bool) {
	r.mu.Lock()
	r.setSeatedLocked(player, tb, on)
	r.mu.Unlock()
}

// shuffle returns a fresh deck for hand n of table, shuffled from
// crypto/rand or, with DeckSeed, from a seed of its own, and committed to
// with a salt read from the same source after the shuffle (issue 24).
func (r *Room) shuffle(cfg engine.Config, tb int64, n int) (engine.Provable, error) {
	size, jokers := 52, 0
	if cfg.Game == engine.Draw {
		if cfg.Draw.DeckSize != 0 {
			size = cfg.Draw.DeckSize
		}
		jokers = cfg.Draw.Jokers
	}
	d, err := engine.NewDeck(size, jokers)
	if err != nil {
		return engine.Provable{}, err
	}
	src := io.Reader(rand.Reader)
	if r.cfg.DeckSeed != 0 {
		src = engine.NewSeededReader(table.Mix(r.cfg.DeckSeed, uint64(tb), uint64(n)))
	}
	if err := engine.Shuffle(d, src); err != nil {
		return engine.Provable{}, err
	}
	return engine.NewProvable(d, src)
}

// botRand returns the source of a practice opponent's decision at action
// n of hand hand of table.
func (r *Room) botRand(tb int64, hand, n int) *mrand.Rand {
	return mrand.New(mrand.NewPCG(table.Mix(r.cfg.Seed, uint64(tb)), table.Mix(uint64(hand), uint64(n))))
}

// player returns the command's player, creating them (with the welcome
// chips) at first sight.
func (r *Room) player(ctx context.Context, platform, user, name string) (bot.Player, error) {
	if user == "" {
		return bot.Player{}, bot.Errorf(bot.EInvalid, "command.no_user")
	}
	key := platform + "\x00" + user
	r.mu.Lock()
	e, ok := r.players.Get(key)
	if !ok {
		// A player forgotten by the cache comes back from the store; the
		// welcome chips are given once whatever the cache (welcome).
		e = &playerEntry{}
		r.players.Add(key, e)
	}
	r.mu.Unlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.ok && (name == "" || e.p.DisplayName == name) {
		return e.p, nil
	}
	if name == "" {
		name = user
	}
	p, err := r.store.Player(ctx, platform, user, name)
	if err != nil {
		return bot.Player{}, err
	}
	e.p, e.ok = p, true
	return p, nil
}

// community returns the chat's community, cached.
func (r *Room) community(ctx context.Context, platform, chat, title string) (bot.Community, error) {
	key := platform + "\x00" + chat
	r.mu.Lock()
	c := r.communities[key]
	r.mu.Unlock()
	if c != nil {
		return *c, nil
	}
	got, err := r.store.Community(ctx, platform, chat, title)
	if err != nil {
		return bot.Community{}, err
	}
	defaulted := got.Language == "" && r.cfg.DefaultLang != ""
	if defaulted {
		got.Language = r.cfg.DefaultLang // a chat that never chose speaks the room's default
	}
	r.mu.Lock()
	if defaulted {
		r.langDefaulted[got.ID] = true
	}
	switch c, moved := r.communities[key], r.commByID[got.ID]; {
	case c != nil:
		got = *c
	case moved != nil && moved.ChatID != got.ChatID:
		got = *moved // read before MoveChat moved it: the new chat stands
	default:
		r.communities[key] = &got
		r.commByID[got.ID] = &got
	}
	r.mu.Unlock()
	return got, nil
}

// communityByKey returns the cached community (language and spectator chat
// as last set).
func (r *Room) communityNow(c bot.Community) bot.Community {
	r.mu.Lock()
	defer r.mu.Unlock()
	if got := r.commByID[c.ID]; got != nil {
		return *got
	}
	return c
}

// MoveChat follows a chat that got a new id (a Telegram group upgraded to a
// supergroup): its community, tables and settings now live at to, and
// every message from now on goes there. A chat moved already is no error.
func (r *Room) MoveChat(ctx context.Context, platform, from, to string) error {
	if from == to || to == "" {
		return nil
	}
	c, err := r.store.MoveCommunity(ctx, platform, from, to)
	if errors.Is(err, bot.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	r.mu.Lock()
	delete(r.communities, platform+"\x00"+from)
	if old := r.communities[platform+"\x00"+to]; old != nil && old.ID != c.ID {
		delete(r.commByID, old.ID) // set aside by the store
	}
	if cached := r.commByID[c.ID]; cached != nil {
		c.Language, c.SpectatorChat = cached.Language, cached.SpectatorChat
	}
	r.communities[platform+"\x00"+to] = &c
	r.commByID[c.ID] = &c
	for _, other := range r.commByID {
		if other.Platform == platform && other.SpectatorChat == from {
			other.SpectatorChat = to // the store moved it too
		}
	}
	r.mu.Unlock()
	r.log.Info("chat moved to a new id", "platform", platform, "from", from, "to", to, "community", c.ID)
	// The tables' messages are in the old chat: each sends its table anew
	// (a flag the actor reads at its next turn: never lost to a full inbox).
	for _, t := range r.tablesOf(c.ID) {
		t.Moved.Store(true)
		select {
		case t.Kick <- struct{}{}:
		default:
		}
	}
	return nil
}

// isAdmin asks the platform whether cmd's user administers its chat.
func (r *Room) isAdmin(ctx context.Context, cmd bot.Command) (bool, error) {
	if cmd.Chat == "" {
		return false, nil
	}
	a := r.cfg.Admins[cmd.Platform]
	if a == nil {
		return false, nil
	}
	ok, err := a.IsAdmin(ctx, cmd.Chat, cmd.User)
	if err != nil {
		return false, &bot.Error{Code: bot.EUnavailable, Key: "admin.unavailable", Err: err}
	}
	return ok, nil
}

// tablesOf returns the community's open tables, oldest first.
func (r *Room) tablesOf(communityID int64) []*table.Table {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []*table.Table
	for _, id := range r.byCommunity[communityID] {
		if t := r.tables[id]; t != nil {
			out = append(out, t)
		}
	}
	return out
}

// cashTablesOf is the community's cash tables: neither a tournament's
// (bounded by its field) nor a pool's (bounded by the pool).
func (r *Room) cashTablesOf(communityID int64) []*table.Table {
	return slices.DeleteFunc(r.tablesOf(communityID), func(t *table.Table) bool { return t.Tour != nil || t.IsPool() })
}

// TablesIn lists the open tables of a chat, oldest first (for a
// platform's autocomplete of table names); none for a chat never seen.
func (r *Room) TablesIn(platform, chat string) []bot.TableChoice {
	r.mu.Lock()
	c := r.communities[platform+"\x00"+chat]
	r.mu.Unlock()
	if c == nil {
		return nil
	}
	var out []bot.TableChoice
	for _, t := range r.tablesOf(c.ID) {
		out = append(out, bot.TableChoice{ID: t.ID, Label: t.Label(), Title: t.Title(), Seated: t.Count(), Seats: t.Config.Seats, Tourney: t.Tour != nil})
	}
	return out
}

// SeatedAt returns the open tables a platform user sits at (any chat),
// by id; the user is recorded (with the welcome chips) at first sight.
func (r *Room) SeatedAt(ctx context.Context, platform, user string) ([]int64, error) {
	p, err := r.player(ctx, platform, user, "")
	if err != nil {
		return nil, err
	}
	var ids []int64
	for _, t := range r.seatedTables(p.ID) {
		ids = append(ids, t.ID)
	}
	return ids, nil
}

func (r *Room) tableByID(id int64) *table.Table {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.tables[id]
}

// seatedTables returns the tables the player sits at.
func (r *Room) seatedTables(player int64) []*table.Table {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []*table.Table
	for id := range r.seated[player] {
		if t := r.tables[id]; t != nil {
			out = append(out, t)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

func (r *Room) takeDeadlines(tb int64) []bot.Deadline {
	r.mu.Lock()
	defer r.mu.Unlock()
	d := r.deadlines[tb]
	delete(r.deadlines, tb)
	return d
}
