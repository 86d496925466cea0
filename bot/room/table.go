package room

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

// inboxSize bounds a table's queued commands: a full inbox answers "busy"
// at once, never blocking the caller.
const inboxSize = 64

// botPlatform is the platform of practice opponents.
const botPlatform = "practice"

// seat is one occupied seat of a cash table.
type seat struct {
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
	WaitBB  bool          `json:"wait_bb,omitempty"`
	Post    bool          `json:"post,omitempty"`
	Leaving bool          `json:"leaving,omitempty"`
	Bank    time.Duration `json:"bank"`
	// Timeouts in a row (R-TIME-2).
	Timeouts int `json:"timeouts,omitempty"`
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
type request struct {
	ctx context.Context
	cmd bot.Command
	p   bot.Player
	tok *bot.ButtonToken
	// perm is what the command table asks of the player (PermSeated,
	// PermActing); the zero value, for the room's own requests and button
	// presses (their tokens bind the player), asks nothing.
	perm bot.Permission
	// sync asks the actor to do everything due now before answering.
	sync bool

	reply chan response
}

type response struct {
	r   bot.Reply
	err error
}

// tableMeta is what a table stores with its record besides the config.
type tableMeta struct {
	Config   TableConfig `json:"config"`
	Platform string      `json:"platform"`
	Chat     string      `json:"chat"`
	// Tourney is the tournament of a tournament table, TNo its number in
	// the tournament's seating.
	Tourney int64           `json:"tourney,omitempty"`
	TNo     tourney.TableID `json:"tno,omitempty"`
	// Thread is the table's own place in the chat (a forum topic, a
	// Discord thread); "" for the chat itself.
	Thread string `json:"thread,omitempty"`
}

// table is a cash table's actor: only its goroutine touches its fields.
type table struct {
	d     *tableDeps
	env   tableEnv
	id    int64
	cfg   TableConfig
	rules engine.Config
	comm  bot.Community
	// house is the house account of the table's economy: rake, practice
	// opponents' chips.
	house int64
	// chat is where the table is shown: homeChat, the chat it was opened
	// in, until that chat moves (MoveChat).
	chat, homeChat string
	account        int64
	inbox          chan request
	wake           chan struct{}
	kick           chan struct{}
	moved          atomic.Bool // the chat moved (MoveChat): publish anew
	bots           *practice.Opponent

	seats  []*seat
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
	tour       *tourneyLink
	tourneyID  int64
	thread     string        // where in the chat the table shows (Outgoing.Thread)
	done       chan struct{} // closed when the actor stops
	held       bool
	closed     bool
	closing    bool // close once the hand in progress ends
	lastReport *handReport
}

type leftStack struct {
	Stack int64     `json:"stack"`
	Until time.Time `json:"until"`
}

// newTable returns the actor of a table, not started.
func newTable(d *tableDeps, env tableEnv, rec bot.TableRecord, meta tableMeta, comm bot.Community, house int64) *table {
	t := &table{d: d, env: env, id: rec.ID, house: house, cfg: meta.Config, rules: meta.Config.Rules(), comm: comm, account: rec.AccountID,
		inbox: make(chan request, inboxSize), done: make(chan struct{}), wake: make(chan struct{}, 1), kick: make(chan struct{}, 1),
		seats: make([]*seat, meta.Config.Seats), button: -1, bigBlind: -1, left: map[int64]leftStack{}, sitoutAt: map[int]time.Time{}}
	t.bots = &practice.Opponent{Trials: d.cfg.BotTrials}
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
func (t *table) load(ctx context.Context, fresh bool) error {
	recs, err := t.d.store.Seats(ctx, t.id)
	if err != nil {
		return err
	}
	seats := make([]*seat, t.cfg.Seats)
	for _, sr := range recs {
		if sr.Seat < 1 || sr.Seat > len(seats) {
			return fmt.Errorf("%w: seat %d outside the table's %d", errBadRecord, sr.Seat, len(seats))
		}
		s := new(seat)
		if err := json.Unmarshal([]byte(sr.State), s); err != nil {
			return fmt.Errorf("%w: seat %d state: %w", errBadRecord, sr.Seat, err)
		}
		s.Stack, s.SittingOut = sr.Stack, sr.SittingOut
		if s.Player.ID != sr.PlayerID {
			return fmt.Errorf("%w: seat %d: state of player %d, record of %d", errBadRecord, sr.Seat, s.Player.ID, sr.PlayerID)
		}
		if s.Bank > t.cfg.Bank {
			s.Bank = t.cfg.Bank
		}
		if !s.Bot && t.tourneyID == 0 && t.tour == nil {
			// A player's chips at a cash table go back to their wallet in
			// the table's economy (a seat taken before economies named the
			// global wallet).
			acc, err := t.env.wallet(ctx, s.Player, t.comm)
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
		recs, err := t.d.store.OpenTables(ctx, t.comm.ID)
		if err != nil {
			return err
		}
		for _, rec := range recs {
			if rec.ID == t.id {
				stateJSON = rec.State
			}
		}
		all, err := t.d.store.Deadlines(ctx)
		if err != nil {
			return err
		}
		for _, d := range all {
			if id, ok := deadlineTable(d.Key); ok && id == t.id {
				deadlines = append(deadlines, d)
			}
		}
	} else {
		deadlines = t.env.takeDeadlines(t.id)
	}
	var st tableState
	if stateJSON != "" {
		if err := json.Unmarshal([]byte(stateJSON), &st); err != nil {
			return fmt.Errorf("%w: table state: %w", errBadRecord, err)
		}
	}
	hands, err := t.d.store.OpenHands(ctx, t.id)
	if err != nil {
		return err
	}
	var (
		hand   *engine.Hand
		handID int64
		order  []int
		voided []string
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
			t.d.log.Error("hand voided: it cannot be resumed; its chips went back to the stacks it started from", "table", t.id, "hand", hr.ID, "why", why)
			continue
		}
		hand, handID, order = h, hr.ID, hs.Order
		st.Hands, st.Button = hs.Number, hs.Button
		st.BigBlindSeat = bigBlindOf(hs.Order) + 1
		if hs.Pos != nil {
			st.Pos = hs.Pos
			st.BigBlindSeat = int(hs.Pos.BigBlind)
		}
	}
	// Nothing can fail from here: the actor takes the stored state whole.
	t.seats = seats
	t.stateJSON = stateJSON
	t.handNo, t.button, t.carry, t.lastReport = st.Hands, st.Button, st.Carry, st.Report
	t.bigBlind = st.BigBlindSeat - 1
	t.tpos = tourney.Positions{}
	if st.Pos != nil {
		t.tpos = *st.Pos
	}
	t.hand, t.handID, t.order, t.last = hand, handID, order, nil
	t.turnAt, t.turnPhase, t.turnStart, t.reminded = time.Time{}, "", time.Time{}, false
	t.botAt, t.botN = time.Time{}, 0
	t.waiting, t.left, t.sitoutAt = nil, map[int64]leftStack{}, map[int]time.Time{}
	t.outq, t.unseat, t.seatsDirty = nil, nil, false
	for _, d := range deadlines {
		t.restoreDeadline(d)
	}
	if t.hand != nil && t.turnAt.IsZero() && t.hand.ToAct() >= 0 {
		now := t.d.clock.Now()
		t.turnAt, t.turnPhase, t.turnStart = now.Add(t.cfg.Timer), "timer", now
	}
	for _, id := range voided {
		t.notifyGroup("table.voided", id, t.label())
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
func (t *table) voidHand(ctx context.Context, hr bot.HandRecord, why string, seats []*seat, st *tableState) error {
	st.Carry = max(st.Carry, hr.Setup.CarriedPot)
	var recs []bot.SeatRecord
	for i, s := range seats {
		if s != nil {
			recs = append(recs, bot.SeatRecord{Seat: i + 1, PlayerID: s.Player.ID, Stack: s.Stack, SittingOut: s.SittingOut, State: mustJSON(s)})
		}
	}
	w := &bot.TableWrite{TableID: t.id, HandID: hr.ID, EndHand: true, Void: why, Seats: recs, SaveSeats: true,
		State: mustJSON(st), SaveState: true, ClearDeadlines: []string{t.key("turn")}, At: t.d.clock.Now()}
	return t.d.store.CommitTables(ctx, []*bot.TableWrite{w})
}

// errBadRecord marks a table whose stored record cannot be used (not a
// store that cannot be read): the room starts without it.
var errBadRecord = errors.New("the table's stored record cannot be used")

func mustJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err) // only the room's own plain values are encoded
	}
	return string(b)
}

// key returns a deadline key of this table.
func (t *table) key(kind string, arg ...any) string {
	k := "t" + strconv.FormatInt(t.id, 10) + ":" + kind
	for _, a := range arg {
		k += ":" + fmt.Sprint(a)
	}
	return k
}

func (t *table) restoreDeadline(d bot.Deadline) {
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
		if n, err := strconv.Atoi(parts[2]); err == nil && n >= 0 && n < len(t.seats) && t.seats[n] != nil {
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
func (t *table) run(ctx context.Context) {
	defer close(t.done)
	defer func() {
		if t.paused {
			t.d.metrics.Paused.Add(-1)
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
		case req := <-t.inbox:
			t.follow()
			if req.sync {
				t.drain()
				req.reply <- response{}
				break
			}
			r, err := t.handle(req)
			if err == nil && isHandAction(req) {
				t.acted.Store(req.p.ID, actSeq.Add(1))
			}
			t.noteTurn()
			req.reply <- response{r, err}
		case <-t.wake:
			t.follow()
			t.timerAt = time.Time{}
			t.fire()
		case <-t.kick:
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
func (t *table) drain() {
	for range 10000 {
		if at := t.nextDeadline(); !at.IsZero() && !at.After(t.d.clock.Now()) {
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
		case <-t.kick:
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
func (t *table) follow() {
	if t.moved.Swap(false) {
		t.chat = t.env.communityNow(t.comm).ChatID
		t.lastShown = false
		t.publish()
	}
}

// poke asks the loop to take its next step (start a hand, let a practice
// opponent act).
func (t *table) poke() {
	select {
	case t.kick <- struct{}{}:
	default:
	}
}

// arm sets the one clock timer of the table to its earliest deadline.
func (t *table) arm() {
	at := t.nextDeadline()
	if at.IsZero() || at.Equal(t.timerAt) {
		return
	}
	if t.timer != nil {
		t.timer.Stop()
	}
	t.timerAt = at
	d := at.Sub(t.d.clock.Now())
	t.timer = t.d.clock.AfterFunc(max(d, 0), func() {
		select {
		case t.wake <- struct{}{}:
		default:
		}
	})
}

func (t *table) nextDeadline() time.Time {
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
			earlier(w.Called.Add(t.cfg.Window))
		}
	}
	for _, l := range t.left {
		earlier(l.Until)
	}
	return at
}

func (t *table) reminderLead() time.Duration { return min(10*time.Second, t.cfg.Timer/3) }

// do sends a request to the table's actor and waits for its answer; a
// full inbox is EBusy at once.
func (t *table) do(ctx context.Context, req request) (bot.Reply, error) {
	req.ctx = ctx
	req.reply = make(chan response, 1)
	select {
	case t.inbox <- req:
	default:
		t.d.metrics.Busy.Add(1)
		return bot.Reply{}, bot.Errorf(bot.EBusy, bot.KeyBusy)
	}
	select {
	case resp := <-req.reply:
		return resp.r, resp.err
	case <-ctx.Done():
		return bot.Reply{}, &bot.Error{Code: bot.EUnavailable, Key: bot.KeyBusy, Err: ctx.Err()}
	case <-t.done:
		return bot.Reply{}, bot.Errorf(bot.ENotFound, "table.no_such", t.label())
	}
}

// seatOf returns the table seat index of player, -1 if not seated.
func (t *table) seatOf(player int64) int {
	for i, s := range t.seats {
		if s != nil && s.Player.ID == player {
			return i
		}
	}
	return -1
}

// engineSeat returns the engine seat of table seat i in the current hand,
// -1 when not dealt in.
func (t *table) engineSeat(i int) int {
	for k, ts := range t.order {
		if ts == i {
			return k
		}
	}
	return -1
}

// dealtIn reports whether seat i is dealt into the hand being played (its
// stack is then the engine's until the hand ends).
func (t *table) dealtIn(i int) bool {
	return t.hand != nil && t.engineSeat(i) >= 0
}

func (t *table) lang() string {
	c := t.env.communityNow(t.comm)
	if c.Language == "" {
		return bot.English
	}
	return c.Language
}

// name shows a seat's player: "Anonym N" at an anonymous table (R-CASH-6).
func (t *table) name(i int) string {
	if s := t.seats[i]; s != nil && s.Alias != "" {
		return s.Alias
	}
	if t.cfg.Anon {
		return fmt.Sprintf("Anonym %d", i+1)
	}
	if s := t.seats[i]; s != nil {
		return s.Player.DisplayName
	}
	return ""
}

func (t *table) seatedCount() int {
	n := 0
	for _, s := range t.seats {
		if s != nil {
			n++
		}
	}
	return n
}

// seatRecords returns the seats as stored.
func (t *table) seatRecords() []bot.SeatRecord {
	var out []bot.SeatRecord
	for i, s := range t.seats {
		if s == nil {
			continue
		}
		out = append(out, bot.SeatRecord{Seat: i + 1, PlayerID: s.Player.ID, Stack: s.Stack, SittingOut: s.SittingOut, State: mustJSON(s)})
	}
	return out
}

// write stores w (with the seats) through the group commit and waits for
// it. On failure the table reloads what the store holds: memory is never
// ahead of the store.
func (t *table) write(w *bot.TableWrite) error { return t.commitWrite(w, true) }

// tableState is what a table keeps between hands (TableRecord.State).
type tableState struct {
	Hands  int `json:"hands"`
	Button int `json:"button"`
	// BigBlindSeat is the table seat (1..N) of the last big blind; 0 none
	// or not kept yet.
	BigBlindSeat int   `json:"big_blind_seat,omitempty"`
	Carry        int64 `json:"carry,omitempty"`
	// Report is a tournament table's report of its last hand, sent again
	// after a restart.
	Report *handReport `json:"report,omitempty"`
	// Pos is a tournament table's last button and blinds (dead button).
	Pos *tourney.Positions `json:"pos,omitempty"`
}

// commitWrite stores w, with the seats and the table's state when seats
// is true (an action that changed neither need not rewrite them).
func (t *table) commitWrite(w *bot.TableWrite, seats bool) error {
	w.TableID = t.id
	w.At = t.d.clock.Now()
	if seats {
		t.seatsDirty = false
		w.Seats, w.SaveSeats = t.seatRecords(), true
		w.State, w.SaveState = mustJSON(tableState{Hands: t.handNo, Button: t.button, BigBlindSeat: t.bigBlind + 1, Carry: t.carry, Report: t.lastReport, Pos: t.posState()}), true
	}
	ctx, cancel := context.WithTimeout(t.d.ctx, opTimeout)
	defer cancel()
	err := t.d.commit.commit(ctx, w)
	outq, unseat := t.outq, t.unseat
	t.outq, t.unseat = nil, nil
	if err == nil {
		t.seatedN.Store(int32(t.seatedCount()))
		if w.SaveState {
			t.stateJSON = w.State
		}
		for _, p := range unseat {
			t.env.setSeated(p, t.id, false)
		}
		for _, m := range outq {
			t.send(m)
		}
		return nil
	}
	t.d.log.Error("table write failed; reloading the table from the store", "table", t.id, "err", err)
	if !t.reload() {
		t.pause()
	}
	return writeErr(err)
}

// reload puts the table back at what the store holds after a failed write
// (which may have been stored although reported failed). It reports false
// when the store could not be read: the actor then holds a state nobody
// committed, and must pause.
func (t *table) reload() bool {
	ctx, cancel := context.WithTimeout(t.d.ctx, opTimeout)
	defer cancel()
	oldHand, shown := t.handID, t.shownEvents
	if err := t.load(ctx, true); err != nil {
		t.d.log.Error("table reload failed", "table", t.id, "err", err)
		return false
	}
	defer t.showStored(ctx, oldHand, shown)
	t.syncSeated()
	t.seatedN.Store(int32(t.seatedCount()))
	if t.tour != nil && t.hand == nil {
		// Between hands as stored (a hand's end may be stored although
		// the write was reported failed): hold, and tell the director
		// what the store holds.
		t.reportHeld()
	}
	now := t.d.clock.Now()
	if t.hand != nil && t.hand.ToAct() >= 0 {
		// The player to act loses no time to the failure.
		t.turnAt, t.turnPhase, t.turnStart, t.reminded = now.Add(t.cfg.Timer), "timer", now, false
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
func (t *table) showStored(ctx context.Context, oldHand int64, shown int) {
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
		recs, err := t.d.store.RecentHands(ctx, t.id, 1)
		if err == nil && len(recs) == 1 && recs[0].Voided == "" {
			if v, err := t.pastSummary(recs[0]); err == nil {
				t.send(bot.Outgoing{To: t.group(), Thread: t.thread, Priority: bot.PrioritySummary, Body: v})
				if sc := t.env.communityNow(t.comm).SpectatorChat; sc != "" && t.tour == nil {
					t.send(bot.Outgoing{To: bot.Destination{Platform: t.comm.Platform, Chat: sc}, Priority: bot.PrioritySummary, Body: v})
				}
			}
		}
		t.afterHandDue = true
		if t.tour == nil {
			t.nextAt = t.d.clock.Now().Add(t.d.cfg.HandPause)
		}
		t.publishIdle()
	}
}

// duties does what a hand's end left to do when its end was shown by
// showStored: the leavers stand up, a closing tournament table closes.
func (t *table) duties() {
	if t.paused || !t.afterHandDue || t.hand != nil {
		return
	}
	t.afterHandDue = false
	switch {
	case t.tour != nil && t.closing:
		t.applySync(tableSync{Close: true})
	case t.tour == nil:
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
	firstPauseRetry = 500 * time.Millisecond
	maxPauseRetry   = 4 * time.Second
)

// pause stops the table until the store answers again.
func (t *table) pause() {
	now := t.d.clock.Now()
	if !t.paused {
		t.paused, t.pausedAt, t.pauseWait = true, now, firstPauseRetry
		t.pauseTold = map[int64]bool{}
		t.d.metrics.Paused.Add(1)
		t.d.log.Warn("table paused: the database is unreachable", "table", t.id)
		t.notifyGroup("table.paused", t.label())
		t.showPaused()
	} else {
		t.pauseWait = min(2*t.pauseWait, maxPauseRetry)
	}
	t.retryAt = now.Add(t.pauseWait)
}

// tryResume reads the store again; on success play resumes.
func (t *table) tryResume() {
	t.retryAt = time.Time{}
	t.lastShown = false // the paused message is replaced by the table, once
	if !t.reload() {
		t.pause()
		return
	}
	t.paused = false
	t.d.metrics.Paused.Add(-1)
	t.d.log.Info("table resumed", "table", t.id, "paused_for", t.d.clock.Now().Sub(t.pausedAt))
	t.notifyGroup("table.resumed", t.label())
	t.publish() // the same table as reload showed, if it showed one: not sent twice
	if t.hand != nil {
		t.sendCards(nil)
	}
	t.applySyncs()
	t.poke()
}

// pausedReply answers a command while the table is paused: the reason
// the first time a player asks, then a short reminder.
func (t *table) pausedReply(p bot.Player) error {
	if t.pauseTold[p.ID] {
		return bot.Errorf(bot.EUnavailable, "table.still_paused", t.label())
	}
	t.pauseTold[p.ID] = true
	return bot.Errorf(bot.EUnavailable, "table.paused_cmd", t.label())
}

// syncSeated tells the room who sits here.
func (t *table) syncSeated() {
	var players []int64
	for _, s := range t.seats {
		if s != nil {
			players = append(players, s.Player.ID)
		}
	}
	t.env.syncSeated(t.id, players)
}

// actSeq orders the players' actions across tables (table.acted).
var actSeq atomic.Int64

// handCommands are the commands that play a hand: without a table number,
// a player at several tables plays at the one where it is their turn
// (turnTable).
var handCommands = map[string]bool{"fold": true, "check": true, "call": true, "bet": true, "raise": true,
	"allin": true, "discard": true, "draw": true, "pat": true, "cards": true}

// isHandAction reports whether req is a player's action in a hand (typed
// or pressed), not a look at their cards.
func isHandAction(req request) bool {
	if req.tok != nil {
		return req.tok.Kind != tokCards
	}
	return handCommands[req.cmd.Name] && req.cmd.Name != "cards"
}

// noteTurn publishes whose turn it is, for turnTable.
func (t *table) noteTurn() {
	var id int64
	if t.hand != nil && !t.paused {
		if k := t.hand.ToAct(); k >= 0 && k < len(t.order) {
			if s := t.seats[t.order[k]]; s != nil {
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
func turnTable(ts []*table, player int64) *table {
	var turn []*table
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
	var last *table
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
func (t *table) restore(ctx context.Context, meta tableMeta) error {
	if meta.Tourney != 0 {
		t.tourneyID = meta.Tourney
		t.tour = &tourneyLink{no: meta.TNo, sig: make(chan struct{}, 1)}
	}
	if err := t.load(ctx, false); err != nil {
		return err
	}
	t.summarized = t.handNo
	if t.hand != nil {
		t.summarized--
	}
	t.seatedN.Store(int32(t.seatedCount()))
	return nil
}
