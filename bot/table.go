package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

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
	Player  Player `json:"player"`
	Account int64  `json:"account"` // the wallet chips come from and go back to
	Stack   int64  `json:"-"`
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
	Partner *Player `json:"partner,omitempty"`
	Consult int     `json:"consult,omitempty"`
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
	Player Player    `json:"player"`
	Since  time.Time `json:"since"`
	Called time.Time `json:"called,omitzero"` // when a seat was offered; zero = not yet
	Missed bool      `json:"missed,omitempty"`
}

// request is a command for a table's actor.
type request struct {
	ctx context.Context
	cmd Command
	p   Player
	tok *ButtonToken
	// sync asks the actor to do everything due now before answering.
	sync bool

	reply chan response
}

type response struct {
	r   Reply
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
	r     *Room
	id    int64
	cfg   TableConfig
	rules engine.Config
	comm  Community
	// chat is where the table is shown: homeChat, the chat it was opened
	// in, until that chat moves (MoveChat).
	chat, homeChat string
	account        int64
	inbox          chan request
	wake           chan struct{}
	kick           chan struct{}
	moved          atomic.Bool // the chat moved (MoveChat): publish anew
	bots           *Practice

	seats   []*seat
	button  int // table seat index of the last button; -1 before the first hand
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
	timer    Timer
	timerAt  time.Time
	carry    int64 // a five-card draw pot carried to the next hand
	// outq and unseat wait for the next successful write: messages to
	// send and players who left.
	outq      []Outgoing
	unseat    []int64
	seatedN   atomic.Int32
	lastTable string // what the last table message showed
	// seatsDirty: a seat changed in a way the next write must store.
	seatsDirty bool
	// stateJSON is the stored tableState, read by load.
	stateJSON string

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

func (r *Room) newTable(rec TableRecord, meta tableMeta, comm Community) *table {
	t := &table{r: r, id: rec.ID, cfg: meta.Config, rules: meta.Config.Rules(), comm: comm, account: rec.AccountID,
		inbox: make(chan request, inboxSize), done: make(chan struct{}), wake: make(chan struct{}, 1), kick: make(chan struct{}, 1),
		seats: make([]*seat, meta.Config.Seats), button: -1, left: map[int64]leftStack{}, sitoutAt: map[int]time.Time{}}
	t.bots = &Practice{Trials: r.cfg.BotTrials}
	t.stateJSON = rec.State
	t.homeChat, t.chat = meta.Chat, comm.ChatID
	t.thread = meta.Thread
	return t
}

// tableCommunity finds the community of a stored table: by the chat its
// record names, or by its id when the chat moved since (MoveChat).
func (r *Room) tableCommunity(ctx context.Context, id int64, meta tableMeta) (Community, error) {
	r.mu.Lock()
	cached := r.commByID[id]
	r.mu.Unlock()
	if cached != nil {
		return *cached, nil
	}
	c, err := r.store.CommunityByID(ctx, id)
	if err != nil {
		if !errors.Is(err, ErrNotFound) || id != 0 {
			return Community{}, err
		}
		return r.community(ctx, meta.Platform, meta.Chat, "")
	}
	return r.community(ctx, c.Platform, c.ChatID, c.Title)
}

// restoreTable rebuilds an open table from the store.
func (r *Room) restoreTable(ctx context.Context, rec TableRecord) (*table, error) {
	var meta tableMeta
	if err := json.Unmarshal([]byte(rec.Config), &meta); err != nil {
		return nil, fmt.Errorf("config: %w", err)
	}
	if _, err := decodeTableConfig(mustJSON(meta.Config)); err != nil {
		return nil, err
	}
	comm, err := r.tableCommunity(ctx, rec.CommunityID, meta)
	if err != nil {
		return nil, err
	}
	if rec.AccountID == 0 {
		if rec.AccountID, err = r.store.OpenAccount(ctx, AccountTable, "table:"+strconv.FormatInt(rec.ID, 10), 0); err != nil {
			return nil, err
		}
	}
	t := r.newTable(rec, meta, comm)
	if meta.Tourney != 0 {
		t.tourneyID = meta.Tourney
		t.tour = &tourneyLink{no: meta.TNo, sig: make(chan struct{}, 1)}
	}
	if err := t.load(ctx); err != nil {
		return nil, err
	}
	for _, d := range r.takeDeadlines(t.id) {
		t.restoreDeadline(d)
	}
	if t.hand != nil && t.turnAt.IsZero() && t.hand.ToAct() >= 0 {
		now := r.clock.Now()
		t.turnAt, t.turnPhase, t.turnStart = now.Add(t.cfg.Timer), "timer", now
	}
	t.seatedN.Store(int32(t.seatedCount()))
	return t, nil
}

// load reads the seats and the hand in progress from the store: at start,
// and after a failed commit (the state in memory is then not trusted).
func (t *table) load(ctx context.Context) error {
	recs, err := t.r.store.Seats(ctx, t.id)
	if err != nil {
		return err
	}
	t.seats = make([]*seat, t.cfg.Seats)
	for _, sr := range recs {
		if sr.Seat < 1 || sr.Seat > len(t.seats) {
			return fmt.Errorf("seat %d outside the table's %d", sr.Seat, len(t.seats))
		}
		s := new(seat)
		if err := json.Unmarshal([]byte(sr.State), s); err != nil {
			return fmt.Errorf("seat %d state: %w", sr.Seat, err)
		}
		s.Stack, s.SittingOut = sr.Stack, sr.SittingOut
		if s.Player.ID != sr.PlayerID {
			return fmt.Errorf("seat %d: state of player %d, record of %d", sr.Seat, s.Player.ID, sr.PlayerID)
		}
		if s.Bank > t.cfg.Bank {
			s.Bank = t.cfg.Bank
		}
		t.seats[sr.Seat-1] = s
	}
	if t.stateJSON != "" {
		var st tableState
		if err := json.Unmarshal([]byte(t.stateJSON), &st); err != nil {
			return fmt.Errorf("table state: %w", err)
		}
		t.handNo, t.button, t.carry = st.Hands, st.Button, st.Carry
		t.lastReport = st.Report
	}
	hands, err := t.r.store.OpenHands(ctx, t.id)
	if err != nil {
		return err
	}
	t.hand, t.handID, t.order = nil, 0, nil
	for i, hr := range hands {
		if i < len(hands)-1 { // an older hand never ended: cannot happen with CommitTables, but do not play it
			continue
		}
		h, err := engine.Resume(hr.Setup, hr.Events)
		if err != nil {
			return fmt.Errorf("hand %d: %w", hr.ID, err)
		}
		var hs handState
		if err := json.Unmarshal([]byte(hr.Setup.Tag), &hs); err != nil || len(hs.Order) != len(hr.Setup.Seats) {
			return fmt.Errorf("hand %d: seat order not stored", hr.ID)
		}
		t.hand, t.handID, t.order, t.handNo, t.button = h, hr.ID, hs.Order, hs.Number, hs.Button
		t.last = nil
	}
	return nil
}

// handState is the room's part of a hand's setup (engine.Setup.Tag): which
// table seat each engine seat is, and the hand's number at the table.
type handState struct {
	Order  []int `json:"order"`
	Number int   `json:"number"`
	Button int   `json:"button"`
	// Names are the players as the hand's summary shows them (by engine
	// seat), so that /history tells it the same after they left.
	Names []string `json:"names,omitempty"`
}

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

func (t *table) restoreDeadline(d Deadline) {
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
			t.arm()
		}
	}
}

// drain does every step and fires every timer that is due, until none is
// left: what Settle waits for.
func (t *table) drain() {
	for range 10000 {
		if at := t.nextDeadline(); !at.IsZero() && !at.After(t.r.clock.Now()) {
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
			t.arm()
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
		t.chat = t.r.communityNow(t.comm).ChatID
		t.lastTable = ""
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
	d := at.Sub(t.r.clock.Now())
	t.timer = t.r.clock.AfterFunc(max(d, 0), func() {
		select {
		case t.wake <- struct{}{}:
		default:
		}
	})
}

func (t *table) nextDeadline() time.Time {
	var at time.Time
	earlier := func(x time.Time) {
		if !x.IsZero() && (at.IsZero() || x.Before(at)) {
			at = x
		}
	}
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
func (t *table) do(ctx context.Context, req request) (Reply, error) {
	req.ctx = ctx
	req.reply = make(chan response, 1)
	select {
	case t.inbox <- req:
	default:
		t.r.metrics.Busy.Add(1)
		return Reply{}, Errorf(EBusy, KeyBusy)
	}
	select {
	case resp := <-req.reply:
		return resp.r, resp.err
	case <-ctx.Done():
		return Reply{}, &Error{Code: EUnavailable, Key: KeyBusy, Err: ctx.Err()}
	case <-t.done:
		return Reply{}, Errorf(ENotFound, "table.no_such", t.label())
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
	c := t.r.communityNow(t.comm)
	if c.Language == "" {
		return English
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
func (t *table) seatRecords() []SeatRecord {
	var out []SeatRecord
	for i, s := range t.seats {
		if s == nil {
			continue
		}
		out = append(out, SeatRecord{Seat: i + 1, PlayerID: s.Player.ID, Stack: s.Stack, SittingOut: s.SittingOut, State: mustJSON(s)})
	}
	return out
}

// write stores w (with the seats) through the group commit and waits for
// it. On failure the table reloads what the store holds: memory is never
// ahead of the store.
func (t *table) write(w *TableWrite) error { return t.commitWrite(w, true) }

// tableState is what a table keeps between hands (TableRecord.State).
type tableState struct {
	Hands  int   `json:"hands"`
	Button int   `json:"button"`
	Carry  int64 `json:"carry,omitempty"`
	// Report is a tournament table's report of its last hand, sent again
	// after a restart.
	Report *handReport `json:"report,omitempty"`
}

// commitWrite stores w, with the seats and the table's state when seats
// is true (an action that changed neither need not rewrite them).
func (t *table) commitWrite(w *TableWrite, seats bool) error {
	w.TableID = t.id
	w.At = t.r.clock.Now()
	if seats {
		t.seatsDirty = false
		w.Seats, w.SaveSeats = t.seatRecords(), true
		w.State, w.SaveState = mustJSON(tableState{Hands: t.handNo, Button: t.button, Carry: t.carry, Report: t.lastReport}), true
	}
	ctx, cancel := context.WithTimeout(t.r.ctx, opTimeout)
	defer cancel()
	err := t.r.commit.commit(ctx, w)
	outq, unseat := t.outq, t.unseat
	t.outq, t.unseat = nil, nil
	if err == nil {
		t.seatedN.Store(int32(t.seatedCount()))
		if w.SaveState {
			t.stateJSON = w.State
		}
		for _, p := range unseat {
			t.r.setSeated(p, t.id, false)
		}
		for _, m := range outq {
			t.r.send(m)
		}
		return nil
	}
	t.r.log.Error("table write failed; reloading the table from the store", "table", t.id, "err", err)
	lctx, lcancel := context.WithTimeout(t.r.ctx, opTimeout)
	defer lcancel()
	// The table's own state (hands dealt, button, last report) as stored:
	// the write may have been stored although it was reported failed.
	if recs, rerr := t.r.store.OpenTables(lctx, t.comm.ID); rerr == nil {
		for _, rec := range recs {
			if rec.ID == t.id {
				t.stateJSON = rec.State
			}
		}
	}
	if lerr := t.load(lctx); lerr != nil {
		t.r.log.Error("table reload failed", "table", t.id, "err", lerr)
	}
	t.syncSeated()
	if t.tour != nil && t.hand == nil {
		// Between hands as stored (a hand's end may be stored although
		// the write was reported failed): hold, and tell the director
		// what the store holds.
		t.reportHeld()
	}
	if t.hand != nil && t.hand.ToAct() >= 0 {
		now := t.r.clock.Now()
		t.turnAt, t.turnPhase, t.turnStart, t.reminded = now.Add(t.cfg.Timer), "timer", now, false
	}
	t.poke()
	if errors.Is(err, ErrInsufficientFunds) {
		return FromError(err)
	}
	return &Error{Code: EUnavailable, Key: KeyUnavailable, Err: err}
}

// syncSeated tells the room who sits here.
func (t *table) syncSeated() {
	t.r.mu.Lock()
	defer t.r.mu.Unlock()
	for p, m := range t.r.seated {
		if m[t.id] && t.seatOf(p) < 0 {
			t.r.setSeatedLocked(p, t.id, false)
		}
	}
	for _, s := range t.seats {
		if s != nil {
			t.r.setSeatedLocked(s.Player.ID, t.id, true)
		}
	}
}
