package table

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/bot/practice"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/tourney"
)

// InboxSize bounds a table's queued commands: a full inbox answers "busy"
// at once, never blocking the caller.
const InboxSize = 64

// BotPlatform is the platform of practice opponents.
const BotPlatform = "practice"

// Seat is one occupied seat of a cash table.
type Seat struct {
	Player  bot.Player `json:"player"`
	Account int64      `json:"account"` // the wallet chips come from and go back to
	Stack   int64      `json:"-"`
	// Pending chips were added (a top-up) during a hand: they join the
	// stack before the next one.
	Pending    int64     `json:"pending,omitempty"`
	Bot        bool      `json:"bot,omitempty"`
	SittingOut bool      `json:"-"`
	SatOutAt   time.Time `json:"sat_out_at,omitzero"`
	// Played: dealt in a hand at this seat; Break: when the player last
	// asked for the sit-out time here (seed 003 #18-#19, sitOut).
	Played bool      `json:"played,omitempty"`
	Break  time.Time `json:"break,omitzero"`
	// Away: the sit-out limit passed with nobody waiting: dealt in, acting
	// at once by the timeout rule, until /back (R-CASH-4).
	Away bool `json:"away,omitempty"`
	// Short: sat out for a stack below the big blind (R-SEAT-5), not by
	// choice: a top-up to the buy-in range deals the player in again.
	Short bool `json:"short,omitempty"`
	// WaitBB: joined and waits for the big blind; Post: joined and posts
	// a big blind to play at once (R-SEAT-4).
	WaitBB  bool `json:"wait_bb,omitempty"`
	Post    bool `json:"post,omitempty"`
	Leaving bool `json:"leaving,omitempty"`
	// ChangeTo, with Leaving, is the table of the same game and stakes
	// the player changes to once the hand ends, with their stack (seed
	// 003 #12; ChangeOut).
	ChangeTo int64         `json:"change_to,omitempty"`
	Bank     time.Duration `json:"bank"`
	Timeouts int           `json:"timeouts,omitempty"` // in a row (R-TIME-2)
	// Entry is the tournament entry playing this seat; Alias its
	// pseudonym in an anonymous tournament (R-TRN-13).
	Entry tourney.EntryID `json:"entry,omitempty"`
	Alias string          `json:"alias,omitempty"`
	// Credit is the tournament chips bought (rebuys, add-on) already added
	// to the stack: the director's syncs add the difference, once.
	Credit int64 `json:"credit,omitempty"`
	// Partner is the other member of a pairs tournament's pair; Consult
	// its consultation at the final table: held, then used (R-TRN-19).
	Partner *bot.Player `json:"partner,omitempty"`
	Consult int         `json:"consult,omitempty"`
	// New: seated at a tournament table that has dealt already (a late
	// registrant, a player moved in): not dealt the button or the small
	// blind before the button has passed (R-TRN-5, TDA 7).
	New bool `json:"new,omitempty"`
	// PoolEntry is the pool entry (1..4 of its player) playing a pool
	// table's seat; FastFolded: it folded fast and its chips behind went
	// back to the wallet: the seat holds what it left in the pot until the
	// hand ends (R-CASH-7).
	PoolEntry  int  `json:"pool_entry,omitempty"`
	FastFolded bool `json:"ff,omitempty"`
	// Since is the table's hand number when the player took the seat
	// (0: before this was kept): a seat taken anew at a table played
	// earlier gets its own cards message (bot.SeatCardsKey).
	Since int `json:"since,omitempty"`
}

// A pair's consultation token.
const (
	consultNone = iota
	consultHeld
	consultUsed
)

// waiter is a player on the waiting list (R-CASH-2).
type waiter struct {
	Player bot.Player `json:"player"`
	Since  time.Time  `json:"since"`
	Called time.Time  `json:"called,omitzero"` // when a seat was offered; zero = not yet
}

// Request is a command for a table's actor.
type Request struct {
	ctx    context.Context
	Cmd    bot.Command
	Player bot.Player
	Tok    *bot.ButtonToken
	// Perm is what the command table asks of the player (PermSeated,
	// PermActing); the zero value, for the room's own requests and button
	// presses (their tokens bind the player), asks nothing.
	Perm bot.Permission
	// Sync asks the actor to do everything due now before answering.
	Sync bool
	// InEvent: the room vouches that the player, not seated here, is in
	// this table's tournament (R-TIME-3: any player in the event may call
	// the clock).
	InEvent bool
	// Pool: the room's pool seats these entries (SeatPool).
	Pool []PoolEntry
	// leave: the room's pool cashes out an entry in a hand (LeavePool).
	leave *poolLeave
	// change: the room stands the player up for a table change
	// (ChangeOut); rejoin: the room seats a player changing from the
	// table it names once its hand ended (JoinAfterChange).
	change *changeReq
	rejoin string
	// check: the room's dry run of a table change's join (CheckJoin).
	check *joinCheck
	// hold: the room asks what the player holds here (Holding).
	hold *Held
	// over: the room hands a waiting list to a new table (HandWaitingTo).
	over *handOver

	Reply chan Response
}

// Response is a table's answer to a Request.
type Response struct {
	Reply bot.Reply
	Err   error
}

// Meta is what a table stores with its record besides the config.
type Meta struct {
	Config   Config `json:"config"`
	Platform string `json:"platform"`
	Chat     string `json:"chat"`
	// Tourney is the tournament of a tournament table, TNo its number in
	// the tournament's seating.
	Tourney int64           `json:"tourney,omitempty"`
	TNo     tourney.TableID `json:"tno,omitempty"`
	// Thread is the table's own place in the chat (a forum topic, a
	// Discord thread); "" for the chat itself.
	Thread string `json:"thread,omitempty"`
}

// Table is a cash table's actor: only its goroutine touches its fields.
type Table struct {
	Deps   *Deps
	env    Env
	ID     int64
	Config Config
	rules  engine.Config
	Comm   bot.Community
	// house is the house account of the table's economy: rake, practice
	// opponents' chips.
	house int64
	// chat is where the table is shown: homeChat, the chat it was opened
	// in, until that chat moves (MoveChat).
	chat, homeChat string
	account        int64
	Inbox          chan *Request
	wake           chan struct{}
	Kick           chan struct{}
	Moved          atomic.Bool // the chat moved (MoveChat): publish anew
	bots           *practice.Opponent

	Seats  []*Seat
	button int // table seat index of the last button; -1 before the first hand
	// bigBlind is the table seat of the last big blind; -1 before the
	// first hand (or unknown: a table stored before it was kept).
	bigBlind int
	// tpos is a tournament table's last hand's button and blinds under
	// the dead button (tourney.Table.PlanHand); zero before its first.
	tpos tourney.Positions
	// twoLeft: a tournament table's director said, releasing its next
	// hand, that two players remain in the whole event (Sync.TwoLeft).
	twoLeft bool
	hand    *engine.Hand
	// setup is the hand's setup (its players in the tag), for the
	// statistics written with its end.
	setup   *engine.Setup
	handID  int64
	handNo  int
	order   []int // engine seat -> table seat index
	version int64
	// turn is the acting player's deadline and its phase: "timer", "bank"
	// or "clock"; turnStart when the turn began.
	turnAt, turnStart time.Time
	turnPhase         string
	reminded          bool
	nextAt            time.Time // the next hand starts (between hands)
	// dealt is when the hand in play was dealt, or shown again after a
	// restart (load): a pool's fold typed before it answered another hand.
	dealt time.Time
	// botAt is when the practice opponent to act at action botN acts.
	botAt   time.Time
	botN    int
	waiting []waiter
	// left: the stacks players left with (R-CASH-3), written by the
	// actor under leftMu (setLeft, dropLeft), read by the room's other
	// tables under it too (LeftWith).
	left     map[int64]LeftStack
	leftMu   sync.Mutex
	sitoutAt map[int]time.Time // seat index -> the sit-out's next deadline
	// sitoutWarn holds the seats whose next sit-out deadline is the
	// warning that the break is over (seed 003 #18), not yet the end of
	// its grace, when the seat is freed.
	sitoutWarn map[int]bool
	// breaks: when players who stood up last took the time away here,
	// kept for BreakEvery so that sitting down again gives no second one
	// the same day (seed 003 #18; rememberBreak).
	breaks  map[int64]time.Time
	last    lastLines // the hand's last actions, for the table message
	timer   bot.Timer
	timerAt time.Time
	carry   int64        // a five-card draw pot carried to the next hand
	carryBy []CarryShare // who put carry in (carry.go)
	// outq and unseat wait for the next successful write: messages to
	// send and players who left.
	outq    []bot.Outgoing
	unseat  []int64
	seatedN atomic.Int32
	// stayingN is seatedN less the players who stand up when the hand
	// in play ends (Seat.Leaving: a /leave or a table change asked
	// during it), as committed.
	stayingN atomic.Int32
	// changesTo counts the players leaving this table for another when
	// the hand in play ends (Seat.ChangeTo), by table, as committed; nil
	// when none.
	changesTo atomic.Pointer[map[int64]int]
	// closingN: the table closes after the hand in play, as committed.
	closingN atomic.Bool
	// heldN: the free seats held for players called from the waiting
	// list, as committed.
	heldN atomic.Int32
	// turnPlayer is the player whose turn it is (0: nobody's), and acted
	// when each player last acted here (player id -> actSeq): what the
	// room reads to send a hand command without a table number (issue 21).
	turnPlayer atomic.Int64
	acted      sync.Map
	// lastShown: the chat shows lastBody (false: the next publish sends
	// the table even if it shows the same).
	lastShown bool
	// lastBody, lastButtons and lastKey are the last table message sent
	// (rendered when the outbox sends it), its buttons and its key.
	lastBody    *bot.Deferred
	lastButtons [][]bot.Button
	lastKey     string
	// lastEvents is the number of the hand's events lastBody shows (-1
	// between hands): a version showing more is not compared with it.
	lastEvents int
	// seatsSaved is the checksum (seatsSum) of the seats as this actor
	// last stored them; 0 when not known (after a load).
	seatsSaved uint64
	// seatsStored is the checksum of the seats as the store holds them
	// (as loaded, or as last stored): what tells a failed write that was
	// stored after all (landed).
	seatsStored uint64
	// cardsTok is the signed token of the /cards button of hand
	// cardsHand (the same at every action of the hand).
	cardsTok  string
	cardsHand int64
	// title is a cash table's Config.Title for titleOf, the config it was
	// made of: the table message shows it at every action (sceneTitle).
	title   string
	titleOf Config
	fair    fairDeck // the provable decks (fair.go)
	// shownEvents: the hand's events the table message showed last;
	// summarized: the number of the last hand whose summary was shown;
	// afterHandDue: a hand's end was shown by showStored, its duties
	// (leavers, closing) wait for the actor's loop.
	shownEvents  int
	summarized   int
	afterHandDue bool
	// shownStored is summarized as the store holds it (State.Shown).
	shownStored int
	// poolDeal: a pool table was just seated: its next step deals.
	poolDeal bool
	// hidden are the engine seats of the hand whose fast fold out of turn
	// the table message does not show yet: the others see it when the
	// turn passes them (seed 000). A table loaded from the store finds
	// them again by replaying the hand's steps (hiddenFolds).
	hidden map[int]bool
	// seatsDirty: a seat changed in a way the next write must store.
	seatsDirty bool
	// stateJSON is the stored tableState, read by load.
	stateJSON string
	// holdUntil: the next step waits until then (after a failed write).
	holdUntil time.Time
	// paused: the store could not be read after a failed write; nothing
	// happens until retryAt's attempt to read it succeeds (pauseWait the
	// delay to the next one, pauseTold who was told why).
	paused            bool
	pausedAt, retryAt time.Time
	pauseWait         time.Duration
	pauseTold         map[int64]bool

	// Tour links a tournament table to its director (nil at a cash
	// table); held: it waits for the director before dealing; closed: it
	// was broken; lastReport is the report of its last hand.
	Tour      *TourneyLink
	TourneyID int64
	thread    string        // where in the chat the table shows (Outgoing.Thread)
	Done      chan struct{} // closed when the actor stops
	Held      bool
	closed    bool
	// stopping: a write failed as the room closed (Deps.Ctx done); memory
	// may be ahead of the store, so the actor does nothing more.
	stopping bool
	closing  bool // close once the hand in progress ends
	// poolClosed: the table's pool was closed before a restart
	// (CloseAfterHand); it closes whatever its own stored state says.
	poolClosed bool
	lastReport *HandReport
}

// LeftStack is the stack a player left a cash table with, which they
// must bring back to a table of the same game and stakes until Until
// (R-CASH-3).
type LeftStack struct {
	Stack int64     `json:"stack"`
	Until time.Time `json:"until"`
	// Comm, Variant and Stakes are the community, game and stakes it
	// binds: what the room reads of it once its table has closed.
	Comm    int64  `json:"comm,omitempty"`
	Variant string `json:"variant,omitempty"`
	Stakes  string `json:"stakes,omitempty"`
	// Table is the table left (set by LeftWith; not stored: the key says).
	Table int64 `json:"-"`
}

// quits reports whether the player leaves the hand in play as well as
// the seat (Leaving by /leave, or freed by the sit-out limit): acted for
// at once on their turn. One changing tables (ChangeTo) plays the hand
// out and moves when it ends (seed 003 #12).
func (s *Seat) quits() bool { return s.Leaving && s.ChangeTo == 0 }

// New returns the actor of a table, not started.
func New(d *Deps, env Env, rec bot.TableRecord, meta Meta, comm bot.Community, house int64) *Table {
	t := &Table{Deps: d, env: env, ID: rec.ID, house: house, Config: meta.Config, rules: meta.Config.Rules(), Comm: comm, account: rec.AccountID,
		Inbox: make(chan *Request, InboxSize), Done: make(chan struct{}), wake: make(chan struct{}, 1), Kick: make(chan struct{}, 1),
		Seats: make([]*Seat, meta.Config.Seats), button: -1, bigBlind: -1, left: map[int64]LeftStack{}, sitoutAt: map[int]time.Time{}, sitoutWarn: map[int]bool{}, breaks: map[int64]time.Time{}}
	t.bots = &practice.Opponent{Trials: d.Cfg.BotTrials}
	t.stateJSON = rec.State
	t.homeChat, t.chat = meta.Chat, comm.ChatID
	t.thread = meta.Thread
	return t
}

// MustJSON encodes one of the room's own plain values.
func MustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only the room's own plain values are encoded
	}
	return string(b)
}

// key returns a deadline key of this table.
func (t *Table) key(kind string, arg ...any) string {
	k := "t" + strconv.FormatInt(t.ID, 10) + ":" + kind
	for _, a := range arg {
		k += ":" + fmt.Sprint(a)
	}
	return k
}

// seatOf returns the table seat index of player, -1 if not seated.
func (t *Table) seatOf(player int64) int {
	for i, s := range t.Seats {
		if s != nil && s.Player.ID == player {
			return i
		}
	}
	return -1
}

// engineSeat returns the engine seat of table seat i in the current hand,
// -1 when not dealt in.
func (t *Table) engineSeat(i int) int {
	for k, ts := range t.order {
		if ts == i {
			return k
		}
	}
	return -1
}

// dealtIn reports whether seat i is dealt into the hand being played (its
// stack is then the engine's until the hand ends).
func (t *Table) dealtIn(i int) bool {
	return t.hand != nil && t.engineSeat(i) >= 0
}

func (t *Table) lang() string {
	c := t.env.CommunityNow(t.Comm)
	if c.Language == "" {
		return bot.English
	}
	return c.Language
}

// langOf is the language of what is said to p alone: their own choice
// (/lang), else the chat's (bot.LangFor; README "Languages").
func (t *Table) langOf(p bot.Player) string {
	return bot.LangFor(p.Language, "", t.lang())
}

// langReq is the language of a private answer to req: the player's own
// choice, else their app's, else the chat's.
func (t *Table) langReq(req Request) string {
	return bot.LangFor(req.Player.Language, req.Cmd.Lang, t.lang())
}

// name shows a seat's player: "Anonym N" at an anonymous table (R-CASH-6).
func (t *Table) name(i int) string {
	if s := t.Seats[i]; s != nil && s.Alias != "" {
		return s.Alias
	}
	if t.Config.Anon {
		return fmt.Sprintf("Anonym %d", i+1)
	}
	if s := t.Seats[i]; s != nil {
		return s.Player.DisplayName
	}
	return ""
}

// SeatedCount counts the occupied seats (in the actor).
func (t *Table) SeatedCount() int {
	n := 0
	for _, s := range t.Seats {
		if s != nil {
			n++
		}
	}
	return n
}

// seatRecords returns the seats as stored.
func (t *Table) seatRecords() []bot.SeatRecord {
	var out []bot.SeatRecord
	for i, s := range t.Seats {
		if s == nil {
			continue
		}
		out = append(out, bot.SeatRecord{Seat: i + 1, PlayerID: s.Player.ID, Stack: s.Stack, SittingOut: s.SittingOut, State: MustJSON(s)})
	}
	return out
}

// Pausing. While the store cannot be read the table does nothing: no
// timer acts and every command is answered that the table is paused. It
// tries to read the store again with a growing delay (at most
// maxPauseRetry) and, when it can, takes the stored state whole, re-arms
// its timers (the player to act gets a full turn: no one is folded or
// timed out by an outage) and says that play resumes.
const (
	FirstPauseRetry = 500 * time.Millisecond
	MaxPauseRetry   = 4 * time.Second
)

// syncSeated tells the room who sits here.
func (t *Table) syncSeated() {
	var players []int64
	for _, s := range t.Seats {
		if s != nil {
			players = append(players, s.Player.ID)
		}
	}
	t.env.SyncSeated(t.ID, players)
}

// actSeq orders the players' actions across tables (table.acted).
var actSeq atomic.Int64

// HandCommands are the commands that play a hand: without a table number,
// a player at several tables plays at the one where it is their turn
// (turnTable).
var HandCommands = map[string]bool{"fold": true, "check": true, "call": true, "bet": true, "raise": true,
	"allin": true, "discard": true, "draw": true, "pat": true, "cards": true}

// isHandAction reports whether req is a player's action in a hand (typed
// or pressed), not a look at their cards.
func isHandAction(req Request) bool {
	if req.Tok != nil {
		return req.Tok.Kind != tokCards
	}
	return HandCommands[req.Cmd.Name] && req.Cmd.Name != "cards"
}

// noteTurn publishes whose turn it is, for turnTable.
func (t *Table) noteTurn() {
	var id int64
	if t.hand != nil && !t.paused {
		if k := t.hand.ToAct(); k >= 0 && k < len(t.order) {
			if s := t.Seats[t.order[k]]; s != nil {
				id = s.Player.ID
			}
		}
	}
	t.turnPlayer.Store(id)
}

// TurnTable picks, among the tables a player sits at, the one a hand
// command without a table number is for: the one table where it is their
// turn; at none, the one they last acted at; nil when that is ambiguous
// (their turn at several tables, or no action anywhere yet).
func TurnTable(ts []*Table, player int64) *Table {
	var turn []*Table
	for _, t := range ts {
		if t.turnPlayer.Load() == player {
			turn = append(turn, t)
		}
	}
	switch len(turn) {
	case 1:
		return turn[0]
	case 0:
	default:
		return nil
	}
	var last *Table
	var lastSeq int64
	for _, t := range ts {
		if v, ok := t.acted.Load(player); ok && v.(int64) > lastSeq {
			last, lastSeq = t, v.(int64)
		}
	}
	return last
}
