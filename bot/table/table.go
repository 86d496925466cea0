package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/bot/practice"
	"github.com/pokerroom/pokerroom/engine"
	"github.com/pokerroom/pokerroom/tourney"
)

// inboxSize bounds a table's queued commands: a full inbox answers "busy" at once.
const InboxSize = 64

// botPlatform is the platform of practice opponents.
const BotPlatform = "practice"

// seat is one occupied seat of a cash table.
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
	// Away: the sit-out limit passed with nobody waiting: dealt in, acting
	// at once by the timeout rule, until /back (R-CASH-4).
	Away bool `json:"away,omitempty"`
	// WaitBB: joined and waits for the big blind; Post: joined and posts
	// a big blind to play at once (R-SEAT-4).
	WaitBB   bool          `json:"wait_bb,omitempty"`
	Post     bool          `json:"post,omitempty"`
	Leaving  bool          `json:"leaving,omitempty"`
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
	Missed bool       `json:"missed,omitempty"`
}

// request is a command for a table's actor.
type Request struct {
	ctx context.Context
	Cmd bot.Command
	P   bot.Player
	Tok *bot.ButtonToken
	// perm is what the command table asks of the player (PermSeated,
	// PermActing); the zero value, for the room's own requests and button
	// presses (their tokens bind the player), asks nothing.
	Perm bot.Permission
	// sync asks the actor to do everything due now before answering.
	Sync bool

	Reply chan Response
}

type Response struct {
	Reply bot.Reply
	Err   error
}

// tableMeta is what a table stores with its record besides the config.
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

// table is a cash table's actor: only its goroutine touches its fields.
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
	Inbox          chan Request
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
	tpos    tourney.Positions
	hand    *engine.Hand
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
	// botAt is when the practice opponent to act at action botN acts.
	botAt    time.Time
	botN     int
	waiting  []waiter
	left     map[int64]leftStack // R-CASH-3
	sitoutAt map[int]time.Time   // seat index -> when the seat is freed
	last     []string            // the hand's last actions, for the table message
	timer    bot.Timer
	timerAt  time.Time
	carry    int64 // a five-card draw pot carried to the next hand
	// outq and unseat wait for the next successful write: messages to
	// send and players who left.
	outq    []bot.Outgoing
	unseat  []int64
	seatedN atomic.Int32
	// turnPlayer is the player whose turn it is (0: nobody's), and acted
	// when each player last acted here (player id -> actSeq): what the
	// room reads to send a hand command without a table number (issue 21).
	turnPlayer atomic.Int64
	acted      sync.Map
	// lastShown: the chat shows lastView (false: the next publish sends
	// the table even if it shows the same).
	lastShown bool
	// lastView and lastKey are the last table message sent and its key.
	lastView bot.View
	lastKey  string
	fair     fairDeck // the provable decks (fair.go)
	// shownEvents: the hand's events the table message showed last;
	// summarized: the number of the last hand whose summary was shown;
	// afterHandDue: a hand's end was shown by showStored, its duties
	// (leavers, closing) wait for the actor's loop.
	shownEvents  int
	summarized   int
	afterHandDue bool
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

	// tour links a tournament table to its director (nil at a cash
	// table); held: it waits for the director before dealing; closed: it
	// was broken; lastReport is the report of its last hand.
	Tour       *TourneyLink
	TourneyID  int64
	thread     string        // where in the chat the table shows (Outgoing.Thread)
	Done       chan struct{} // closed when the actor stops
	Held       bool
	closed     bool
	closing    bool // close once the hand in progress ends
	lastReport *HandReport
}

type leftStack struct {
	Stack int64     `json:"stack"`
	Until time.Time `json:"until"`
}

// newTable returns the actor of a table, not started.
func New(d *Deps, env Env, rec bot.TableRecord, meta Meta, comm bot.Community, house int64) *Table {
	t := &Table{Deps: d, env: env, ID: rec.ID, house: house, Config: meta.Config, rules: meta.Config.Rules(), Comm: comm, account: rec.AccountID,
		Inbox: make(chan Request, InboxSize), Done: make(chan struct{}), wake: make(chan struct{}, 1), Kick: make(chan struct{}, 1),
		Seats: make([]*Seat, meta.Config.Seats), button: -1, bigBlind: -1, left: map[int64]leftStack{}, sitoutAt: map[int]time.Time{}}
	t.bots = &practice.Opponent{Trials: d.Cfg.BotTrials}
	t.stateJSON = rec.State
	t.homeChat, t.chat = meta.Chat, comm.ChatID
	t.thread = meta.Thread
	return t
}

// load reads the table as the store holds it (seats, the table's state,
// the hand in progress, the timers) and only then replaces what the actor
// holds: at start (fresh false: the record and deadlines the room read),
// and after a failed write (fresh true: everything read anew). On an error
// nothing in memory changed. A hand that cannot be resumed (a gap in its
// log, an event or setup that cannot be read, one the engine refuses) is
// voided as a misdeal: ended, its chips back on the stacks they started
// from (the stored seats hold them until the hand ends), in one write.
func (t *Table) load(ctx context.Context, fresh bool) error {
	recs, err := t.Deps.Store.Seats(ctx, t.ID)
	if err != nil {
		return err
	}
	seats := make([]*Seat, t.Config.Seats)
	for _, sr := range recs {
		if sr.Seat < 1 || sr.Seat > len(seats) {
			return fmt.Errorf("%w: seat %d outside the table's %d", ErrBadRecord, sr.Seat, len(seats))
		}
		s := new(Seat)
		if err := json.Unmarshal([]byte(sr.State), s); err != nil {
			return fmt.Errorf("%w: seat %d state: %w", ErrBadRecord, sr.Seat, err)
		}
		s.Stack, s.SittingOut = sr.Stack, sr.SittingOut
		if s.Player.ID != sr.PlayerID {
			return fmt.Errorf("%w: seat %d: state of player %d, record of %d", ErrBadRecord, sr.Seat, s.Player.ID, sr.PlayerID)
		}
		if s.Bank > t.Config.Bank {
			s.Bank = t.Config.Bank
		}
		if !s.Bot && t.TourneyID == 0 && t.Tour == nil {
			// A player's chips at a cash table go back to their wallet in the
			// table's economy (a seat taken before economies named the global wallet).
			acc, err := t.env.Wallet(ctx, s.Player, t.Comm)
			if err != nil {
				return err
			}
			s.Account = acc
		}
		seats[sr.Seat-1] = s
	}
	stateJSON := t.stateJSON
	var deadlines []bot.Deadline
	if fresh {
		recs, err := t.Deps.Store.OpenTables(ctx, t.Comm.ID)
		if err != nil {
			return err
		}
		for _, rec := range recs {
			if rec.ID == t.ID {
				stateJSON = rec.State
			}
		}
		all, err := t.Deps.Store.Deadlines(ctx)
		if err != nil {
			return err
		}
		for _, d := range all {
			if id, ok := DeadlineTable(d.Key); ok && id == t.ID {
				deadlines = append(deadlines, d)
			}
		}
	} else {
		deadlines = t.env.TakeDeadlines(t.ID)
	}
	var st State
	if stateJSON != "" {
		if err := json.Unmarshal([]byte(stateJSON), &st); err != nil {
			return fmt.Errorf("%w: table state: %w", ErrBadRecord, err)
		}
	}
	hands, err := t.Deps.Store.OpenHands(ctx, t.ID)
	if err != nil {
		return err
	}
	var (
		hand   *engine.Hand
		handID int64
		order  []int
		voided []string
		fair   fairHand
	)
	for i, hr := range hands {
		h, hs, why := resumeHand(hr)
		if why == "" && i < len(hands)-1 {
			why = "a later hand was started" // cannot happen with CommitTables; never play it
		}
		if why != "" {
			var hs bot.HandTag
			if json.Unmarshal([]byte(hr.Setup.Tag), &hs) == nil && hs.Number > st.Hands {
				st.Hands = hs.Number // the next hand has a number (and a deck) of its own
			}
			if err := t.voidHand(ctx, hr, why, seats, &st); err != nil {
				return fmt.Errorf("void hand %d: %w", hr.ID, err)
			}
			voided = append(voided, fmt.Sprintf("%d", hr.ID))
			t.Deps.Log.Error("hand voided: it cannot be resumed; its chips went back to the stacks it started from", "table", t.ID, "hand", hr.ID, "why", why)
			continue
		}
		hand, handID, order, fair = h, hr.ID, hs.Order, fairOf(hr, hs)
		st.Hands, st.Button = hs.Number, hs.Button
		st.BigBlindSeat = bigBlindOf(hs.Order) + 1
		if hs.Pos != nil {
			st.Pos = hs.Pos
			st.BigBlindSeat = int(hs.Pos.BigBlind)
		}
	}
	// Nothing can fail from here: the actor takes the stored state whole.
	t.Seats = seats
	t.stateJSON = stateJSON
	t.handNo, t.button, t.carry, t.lastReport = st.Hands, st.Button, st.Carry, st.Report
	t.bigBlind = st.BigBlindSeat - 1
	t.tpos = tourney.Positions{}
	if st.Pos != nil {
		t.tpos = *st.Pos
	}
	t.hand, t.handID, t.order, t.last, t.fair.hand = hand, handID, order, nil, fair
	t.turnAt, t.turnPhase, t.turnStart, t.reminded = time.Time{}, "", time.Time{}, false
	t.botAt, t.botN = time.Time{}, 0
	t.waiting, t.left, t.sitoutAt = nil, map[int64]leftStack{}, map[int]time.Time{}
	t.outq, t.unseat, t.seatsDirty = nil, nil, false
	for _, d := range deadlines {
		t.restoreDeadline(d)
	}
	if t.hand != nil && t.turnAt.IsZero() && t.hand.ToAct() >= 0 {
		now := t.Deps.Clock.Now()
		t.turnAt, t.turnPhase, t.turnStart = now.Add(t.Config.Timer), "timer", now
	}
	for _, id := range voided {
		t.notifyGroup("table.voided", id, t.Label())
	}
	return nil
}

// resumeHand rebuilds a stored hand; why says why it cannot be (the
// hand is then voided).
func resumeHand(hr bot.HandRecord) (h *engine.Hand, hs bot.HandTag, why string) {
	if hr.Broken != "" {
		return nil, hs, hr.Broken
	}
	if err := json.Unmarshal([]byte(hr.Setup.Tag), &hs); err != nil || len(hs.Order) != len(hr.Setup.Seats) {
		return nil, hs, "its seat order was not stored"
	}
	h, err := engine.Resume(hr.Setup, hr.Events)
	if err != nil {
		return nil, hs, "the engine cannot replay it: " + err.Error()
	}
	return h, hs, ""
}

// voidHand ends a hand that cannot be resumed as a misdeal: the stored
// seats keep the stacks the hand started from (a hand moves no chip on
// the ledger before it ends), and a pot carried into it stays carried.
func (t *Table) voidHand(ctx context.Context, hr bot.HandRecord, why string, seats []*Seat, st *State) error {
	st.Carry = max(st.Carry, hr.Setup.CarriedPot)
	var recs []bot.SeatRecord
	for i, s := range seats {
		if s != nil {
			recs = append(recs, bot.SeatRecord{Seat: i + 1, PlayerID: s.Player.ID, Stack: s.Stack, SittingOut: s.SittingOut, State: MustJSON(s)})
		}
	}
	w := &bot.TableWrite{TableID: t.ID, HandID: hr.ID, EndHand: true, Void: why, Seats: recs, SaveSeats: true,
		State: MustJSON(st), SaveState: true, ClearDeadlines: []string{t.key("turn")}, At: t.Deps.Clock.Now()}
	return t.Deps.Store.CommitTables(ctx, []*bot.TableWrite{w})
}

// errBadRecord marks a table whose stored record cannot be used (not a
// store that cannot be read): the room starts without it.
var ErrBadRecord = errors.New("the table's stored record cannot be used")

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

func (t *Table) restoreDeadline(d bot.Deadline) {
	parts := strings.Split(d.Key, ":")
	if len(parts) < 2 {
		return
	}
	switch parts[1] {
	case "turn":
		var p turnPayload
		if json.Unmarshal([]byte(d.Payload), &p) == nil && (p.Hand == t.handID || p.Hand == 0) && t.hand != nil && p.Actions == len(t.hand.Events()) {
			t.turnAt, t.turnPhase, t.turnStart = d.At, p.Phase, p.Start
		}
	case "sitout":
		if n, err := strconv.Atoi(parts[2]); err == nil && n >= 0 && n < len(t.Seats) && t.Seats[n] != nil {
			t.sitoutAt[n] = d.At
		}
	case "left":
		var l leftStack
		if id, err := strconv.ParseInt(parts[2], 10, 64); err == nil && json.Unmarshal([]byte(d.Payload), &l) == nil {
			t.left[id] = l
		}
	case "wait":
		var w waiter
		if json.Unmarshal([]byte(d.Payload), &w) == nil {
			t.waiting = append(t.waiting, w)
			sort.SliceStable(t.waiting, func(i, j int) bool { return t.waiting[i].Since.Before(t.waiting[j].Since) })
		}
	}
}

type turnPayload struct {
	Hand    int64     `json:"hand"`
	Actions int       `json:"actions"`
	Phase   string    `json:"phase"`
	Start   time.Time `json:"start"`
}

// run is the actor's loop.
func (t *Table) Run(ctx context.Context) {
	defer close(t.Done)
	defer func() {
		if t.paused {
			t.Deps.Metrics.Paused.Add(-1)
		}
	}()
	defer func() {
		if t.timer != nil {
			t.timer.Stop()
		}
	}()
	// Show the table as it stands (after a restart: the same message,
	// edited), then go on.
	t.publish()
	t.reportHeld()
	t.poke()
	for !t.closed {
		select {
		case <-ctx.Done():
			return
		case <-t.syncSignal():
			t.follow()
			t.applySyncs()
		case req := <-t.Inbox:
			t.follow()
			if req.Sync {
				t.drain()
				req.Reply <- Response{}
				break
			}
			r, err := t.handle(req)
			if err == nil && isHandAction(req) {
				t.acted.Store(req.P.ID, actSeq.Add(1))
			}
			t.noteTurn()
			req.Reply <- Response{Reply: r, Err: err}
		case <-t.wake:
			t.follow()
			t.timerAt = time.Time{}
			t.fire()
		case <-t.Kick:
			t.follow()
			t.step()
		}
		if ctx.Err() == nil {
			t.duties()
			t.arm()
		}
		t.noteTurn()
	}
}

// drain does every step and fires every timer that is due, until none is
// left: what Settle waits for.
func (t *Table) drain() {
	for range 10000 {
		if at := t.nextDeadline(); !at.IsZero() && !at.After(t.Deps.Clock.Now()) {
			t.fire()
		}
		select {
		case <-t.syncSignal():
			t.follow()
			t.applySyncs()
		case <-t.wake:
			t.follow()
			t.timerAt = time.Time{}
			t.fire()
		case <-t.Kick:
			t.follow()
			t.step()
		default:
			t.duties()
			t.arm()
			t.noteTurn()
			return
		}
	}
	t.arm()
}

// follow takes in a move of the table's chat (MoveChat) before the actor
// does anything else: from now on the table shows in the new chat, its
// message sent anew there.
func (t *Table) follow() {
	if t.Moved.Swap(false) {
		t.chat = t.env.CommunityNow(t.Comm).ChatID
		t.lastShown = false
		t.publish()
	}
}

// poke asks the loop to take its next step (start a hand, let a practice
// opponent act).
func (t *Table) poke() {
	select {
	case t.Kick <- struct{}{}:
	default:
	}
}

// arm sets the one clock timer of the table to its earliest deadline.
func (t *Table) arm() {
	at := t.nextDeadline()
	if at.IsZero() || at.Equal(t.timerAt) {
		return
	}
	if t.timer != nil {
		t.timer.Stop()
	}
	t.timerAt = at
	d := at.Sub(t.Deps.Clock.Now())
	t.timer = t.Deps.Clock.AfterFunc(max(d, 0), func() {
		select {
		case t.wake <- struct{}{}:
		default:
		}
	})
}

func (t *Table) nextDeadline() time.Time {
	if t.paused {
		return t.retryAt // the only timer of a paused table
	}
	var at time.Time
	earlier := func(x time.Time) {
		if !x.IsZero() && (at.IsZero() || x.Before(at)) {
			at = x
		}
	}
	earlier(t.holdUntil)
	if t.hand != nil && !t.turnAt.IsZero() {
		earlier(t.turnAt)
		if !t.reminded && t.turnPhase == "timer" {
			earlier(t.turnAt.Add(-t.reminderLead()))
		}
	}
	earlier(t.nextAt)
	if t.hand != nil {
		earlier(t.botAt)
	}
	for _, x := range t.sitoutAt {
		earlier(x)
	}
	for _, w := range t.waiting {
		if !w.Called.IsZero() {
			earlier(w.Called.Add(t.Config.Window))
		}
	}
	for _, l := range t.left {
		earlier(l.Until)
	}
	return at
}

func (t *Table) reminderLead() time.Duration { return min(10*time.Second, t.Config.Timer/3) }

// do sends a request to the table's actor and waits for its answer; a
// full inbox is EBusy at once.
func (t *Table) Do(ctx context.Context, req Request) (bot.Reply, error) {
	req.ctx = ctx
	req.Reply = make(chan Response, 1)
	select {
	case t.Inbox <- req:
	default:
		t.Deps.Metrics.Busy.Add(1)
		return bot.Reply{}, bot.Errorf(bot.EBusy, bot.KeyBusy)
	}
	select {
	case resp := <-req.Reply:
		return resp.Reply, resp.Err
	case <-ctx.Done():
		return bot.Reply{}, &bot.Error{Code: bot.EUnavailable, Key: bot.KeyBusy, Err: ctx.Err()}
	case <-t.Done:
		return bot.Reply{}, bot.Errorf(bot.ENotFound, "table.no_such", t.Label())
	}
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

// write stores w (with the seats) through the group commit and waits for
// it. On failure the table reloads what the store holds: memory is never
// ahead of the store.
func (t *Table) write(w *bot.TableWrite) error { return t.commitWrite(w, true) }

// tableState is what a table keeps between hands (TableRecord.State).
type State struct {
	Hands  int `json:"hands"`
	Button int `json:"button"`
	// BigBlindSeat is the table seat (1..N) of the last big blind; 0 none
	// or not kept yet.
	BigBlindSeat int   `json:"big_blind_seat,omitempty"`
	Carry        int64 `json:"carry,omitempty"`
	// Report is a tournament table's report of its last hand, sent again
	// after a restart.
	Report *HandReport `json:"report,omitempty"`
	// Pos is a tournament table's last button and blinds (dead button).
	Pos *tourney.Positions `json:"pos,omitempty"`
}

// commitWrite stores w, with the seats and the table's state when seats
// is true (an action that changed neither need not rewrite them).
func (t *Table) commitWrite(w *bot.TableWrite, seats bool) error {
	w.TableID = t.ID
	w.At = t.Deps.Clock.Now()
	if seats {
		t.seatsDirty = false
		w.Seats, w.SaveSeats = t.seatRecords(), true
		w.State, w.SaveState = MustJSON(State{Hands: t.handNo, Button: t.button, BigBlindSeat: t.bigBlind + 1, Carry: t.carry, Report: t.lastReport, Pos: t.posState()}), true
	}
	ctx, cancel := context.WithTimeout(t.Deps.Ctx, OpTimeout)
	defer cancel()
	err := t.Deps.Commit.Commit(ctx, w)
	outq, unseat := t.outq, t.unseat
	t.outq, t.unseat = nil, nil
	if err == nil {
		t.seatedN.Store(int32(t.SeatedCount()))
		if w.SaveState {
			t.stateJSON = w.State
		}
		for _, p := range unseat {
			t.env.SetSeated(p, t.ID, false)
		}
		for _, m := range outq {
			t.send(m)
		}
		return nil
	}
	t.Deps.Log.Error("table write failed; reloading the table from the store", "table", t.ID, "err", err)
	if !t.reload() {
		t.pause()
	}
	return WriteErr(err)
}

// reload puts the table back at what the store holds after a failed write
// (which may have been stored although reported failed). It reports false
// when the store could not be read: the actor then holds a state nobody
// committed, and must pause.
func (t *Table) reload() bool {
	ctx, cancel := context.WithTimeout(t.Deps.Ctx, OpTimeout)
	defer cancel()
	oldHand, shown := t.handID, t.shownEvents
	if err := t.load(ctx, true); err != nil {
		t.Deps.Log.Error("table reload failed", "table", t.ID, "err", err)
		return false
	}
	defer t.showStored(ctx, oldHand, shown)
	t.syncSeated()
	t.seatedN.Store(int32(t.SeatedCount()))
	if t.Tour != nil && t.hand == nil {
		// Between hands as stored (a hand's end may be stored although
		// the write was reported failed): hold, and tell the Director
		// what the store holds.
		t.reportHeld()
	}
	now := t.Deps.Clock.Now()
	if t.hand != nil && t.hand.ToAct() >= 0 {
		// The player to act loses no time to the failure.
		t.turnAt, t.turnPhase, t.turnStart, t.reminded = now.Add(t.Config.Timer), "timer", now, false
	}
	// The next step (a practice opponent's action, the next hand) is
	// tried again a second later, not at once: a store that refuses
	// every write is not hammered.
	t.holdUntil = now.Add(time.Second)
	return true
}

// showStored shows what the store holds when a write reported failed was
// stored after all: a hand dealt (its table message and hole cards), an
// action taken, or a hand ended (its summary; the leavers stand up, or a
// closing tournament table closes, once the actor is back in its loop:
// nothing here writes). For a write really lost there is nothing new to
// show.
func (t *Table) showStored(ctx context.Context, oldHand int64, shown int) {
	switch {
	case t.hand != nil && t.handID != oldHand:
		t.version = 0
		t.publish()
		t.sendCards(nil)
	case t.hand != nil && len(t.hand.Events()) > shown:
		evs := t.hand.Events()[shown:]
		t.noteEvents(evs)
		t.publish()
		t.sendCards(evs)
	case t.hand == nil && t.handNo > t.summarized:
		t.summarized = t.handNo
		recs, err := t.Deps.Store.RecentHands(ctx, t.ID, 1)
		if err == nil && len(recs) == 1 && recs[0].Voided == "" {
			if v, err := t.pastSummary(recs[0]); err == nil {
				t.send(bot.Outgoing{To: t.group(), Thread: t.thread, Priority: bot.PrioritySummary, Body: v})
				if sc := t.env.CommunityNow(t.Comm).SpectatorChat; sc != "" && t.Tour == nil {
					t.send(bot.Outgoing{To: bot.Destination{Platform: t.Comm.Platform, Chat: sc}, Priority: bot.PrioritySummary, Body: v})
				}
			}
		}
		t.afterHandDue = true
		if t.Tour == nil {
			t.nextAt = t.Deps.Clock.Now().Add(t.Deps.Cfg.HandPause)
		}
		t.publishIdle()
	}
}

// duties does what a hand's end left to do when its end was shown by
// showStored: the leavers stand up, a closing tournament table closes.
func (t *Table) duties() {
	if t.paused || !t.afterHandDue || t.hand != nil {
		return
	}
	t.afterHandDue = false
	switch {
	case t.Tour != nil && t.closing:
		t.applySync(Sync{Close: true})
	case t.Tour == nil:
		t.standUp()
	}
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

// pause stops the table until the store answers again.
func (t *Table) pause() {
	now := t.Deps.Clock.Now()
	if !t.paused {
		t.paused, t.pausedAt, t.pauseWait = true, now, FirstPauseRetry
		t.pauseTold = map[int64]bool{}
		t.Deps.Metrics.Paused.Add(1)
		t.Deps.Log.Warn("table paused: the database is unreachable", "table", t.ID)
		t.notifyGroup("table.paused", t.Label())
		t.showPaused()
	} else {
		t.pauseWait = min(2*t.pauseWait, MaxPauseRetry)
	}
	t.retryAt = now.Add(t.pauseWait)
}

// tryResume reads the store again; on success play resumes.
func (t *Table) tryResume() {
	t.retryAt = time.Time{}
	t.lastShown = false // the paused message is replaced by the table, once
	if !t.reload() {
		t.pause()
		return
	}
	t.paused = false
	t.Deps.Metrics.Paused.Add(-1)
	t.Deps.Log.Info("table resumed", "table", t.ID, "paused_for", t.Deps.Clock.Now().Sub(t.pausedAt))
	t.notifyGroup("table.resumed", t.Label())
	t.publish() // the same table as reload showed, if it showed one: not sent twice
	if t.hand != nil {
		t.sendCards(nil)
	}
	t.applySyncs()
	t.poke()
}

// pausedReply answers a command while the table is paused: the reason
// the first time a player asks, then a short reminder.
func (t *Table) pausedReply(p bot.Player) error {
	if t.pauseTold[p.ID] {
		return bot.Errorf(bot.EUnavailable, "table.still_paused", t.Label())
	}
	t.pauseTold[p.ID] = true
	return bot.Errorf(bot.EUnavailable, "table.paused_cmd", t.Label())
}

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

// handCommands are the commands that play a hand: without a table number,
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

// turnTable picks, among the tables a player sits at, the one a hand
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

// restore reads the table as the store holds it, after a restart; a
// tournament table waits for its director.
func (t *Table) Restore(ctx context.Context, meta Meta) error {
	if meta.Tourney != 0 {
		t.TourneyID = meta.Tourney
		t.Tour = &TourneyLink{No: meta.TNo, Sig: make(chan struct{}, 1)}
	}
	if err := t.load(ctx, false); err != nil {
		return err
	}
	t.summarized = t.handNo
	if t.hand != nil {
		t.summarized--
	}
	t.seatedN.Store(int32(t.SeatedCount()))
	return nil
}
