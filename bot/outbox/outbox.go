// Package outbox delivers a platform's outgoing messages (bot.Outgoing)
// within its limits (bot.Limits): queued per destination, the most urgent
// first, edits of one message coalesced to the latest, origins served
// fairly, a platform's retry_after waited out. The adapters build one each
// and hand it to the room as its bot.Enqueuer; the room's Router sends
// each message to its platform's.
package outbox

import (
	"container/heap"
	"context"
	"errors"
	"log/slog"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/pokerroom/pokerroom/bot"
)

// maxQueued bounds the unsent messages of one destination; beyond it
// Enqueue refuses with bot.ErrOutboxFull.
const maxQueued = 256

// item is a queued message and its place in line.
type item struct {
	bot.Outgoing
	queued time.Time // when the state it shows was first queued
	turn   time.Time // its place in line (fairTurn); ties go by queued
}

// Outbox queues messages per destination and delivers them within the
// platform's limits: the most urgent first, only the latest version of an
// edited message, after retry_after when the platform says so. Enqueue
// never blocks (a table actor calls it); Run delivers until its context
// ends. Remembered message ids (MessageIDs) let a restarted room edit the
// messages it sent before.
type Outbox struct {
	send   bot.Sender
	limits bot.Limits
	clock  bot.Clock
	ids    bot.MessageIDs

	mu       sync.Mutex
	queues   map[bot.Destination]*destQueue
	idleAt   int // prune idle queues when there are this many (pruneIdle)
	global   *rate.Limiter
	wake     chan struct{}
	latest   map[string]int64     // key -> newest version queued or sent
	origins  map[string]time.Time // origin -> the end of its last turn (fairTurn)
	vtime    time.Time            // the turn of the message sent last (fairTurn)
	pruneAt  int                  // prune origins when it has this many
	msgIDs   map[string]string    // key -> platform message id
	keys     []string             // the keys of latest, oldest first (to forget old ones)
	ready    map[*destQueue]struct{}
	sleeping sleepers
	blocked  time.Time // a global retry_after
	sent     int
	limited  int
	delays   bot.Histogram // queued to delivered; for an edited message, from its oldest state not shown yet
}

type destQueue struct {
	items   []*item
	chat    *rate.Limiter
	group   *rate.Limiter
	blocked time.Time // retry_after for this destination
	readyAt time.Time // asleep until then (the limiters, a retry_after)
	asleep  bool
	sending bool // a message of it is being delivered (kept by pruneIdle)
	index   int  // in the sleepers heap
}

// New returns an outbox delivering through s within limits; ids may be
// nil (message ids then live only in memory).
func New(s bot.Sender, limits bot.Limits, clock bot.Clock, ids bot.MessageIDs) *Outbox {
	o := &Outbox{send: s, limits: limits, clock: clock, ids: ids,
		queues: map[bot.Destination]*destQueue{}, wake: make(chan struct{}, 1), idleAt: 1024, latest: map[string]int64{}, origins: map[string]time.Time{}, pruneAt: 1024, msgIDs: map[string]string{},
		ready: map[*destQueue]struct{}{}}
	if limits.Global > 0 {
		o.global = rate.NewLimiter(limits.Global, max(limits.GlobalBurst, 1))
	}
	return o
}

// Router hands each outgoing message to its platform's Enqueuer (an
// Outbox, one per platform): the room's tables and tournaments send
// through it. A full or missing outbox is counted and logged, never
// waited for; Send never blocks.
type Router struct {
	outboxes map[string]bot.Enqueuer
	clock    bot.Clock
	log      *slog.Logger
	metrics  *bot.Metrics

	mu    sync.Mutex
	drops map[string]dropCount // refused messages by destination, logged once a minute
}

type dropCount struct {
	n      int
	logged time.Time
}

// NewRouter returns a Router over outboxes by platform, counting what it
// queues and drops in m and logging drops to log.
func NewRouter(outboxes map[string]bot.Enqueuer, clock bot.Clock, log *slog.Logger, m *bot.Metrics) *Router {
	return &Router{outboxes: outboxes, clock: clock, log: log, metrics: m, drops: map[string]dropCount{}}
}

// Send queues m on its platform's outbox. An Enqueuer that renders views
// as it queues them (not a bot.DeferringEnqueuer) gets m resolved. A
// refusal is counted (Metrics.Dropped) and logged once a minute per
// destination with the count, so that a chat that cannot keep up does not
// flood the log.
func (rt *Router) Send(m bot.Outgoing) {
	ob := rt.outboxes[m.To.Platform]
	if ob == nil {
		return
	}
	if _, ok := ob.(bot.DeferringEnqueuer); !ok {
		m = bot.Resolved(m)
	}
	if err := ob.Enqueue(m); err != nil {
		rt.metrics.Dropped.Add(1)
		to := m.To.String()
		now := rt.clock.Now()
		rt.mu.Lock()
		d := rt.drops[to]
		d.n++
		log := now.Sub(d.logged) >= time.Minute
		n := d.n
		if log {
			d.logged, d.n = now, 0
		}
		rt.drops[to] = d
		rt.mu.Unlock()
		if log {
			rt.log.Warn("outgoing messages dropped", "to", to, "count", n, "err", err)
		}
		return
	}
	rt.metrics.Queued.Add(1)
}

// Enqueue queues m without blocking. A keyed message replaces the queued
// version of the same key; an older version than one already queued or
// sent is dropped. A file (a bot.ViewFile view) is a new message to one
// player, never coalesced: one to a chat or with a Key is refused
// (bot.ErrFileNotPrivate).
func (o *Outbox) Enqueue(out bot.Outgoing) error {
	if err := bot.CheckFile(out); err != nil {
		return err
	}
	m := item{Outgoing: out}
	o.mu.Lock()
	defer o.mu.Unlock()
	q := o.queues[m.To]
	if q == nil {
		if len(o.queues) >= o.idleAt {
			o.pruneIdle(o.clock.Now())
		}
		q = &destQueue{}
		if o.limits.PerChat > 0 {
			q.chat = rate.NewLimiter(o.limits.PerChat, max(o.limits.PerChatBurst, 1))
		}
		if o.limits.PerGroupMin > 0 && !m.To.Private() {
			burst := o.limits.PerGroupBurst
			if burst <= 0 {
				burst = o.limits.PerGroupMin
			}
			q.group = rate.NewLimiter(rate.Limit(float64(o.limits.PerGroupMin)/60), burst)
		}
		o.queues[m.To] = q
	}
	m.queued = o.clock.Now()
	m.turn = o.vtime // next in line after those queued before it
	if m.Origin != "" {
		m.turn = o.fairTurn(m.Origin)
	}
	if m.Key != "" {
		if v, ok := o.latest[m.Key]; ok && m.Version < v {
			return nil // stale: a newer version is queued or sent
		}
		if _, seen := o.latest[m.Key]; !seen {
			o.remember(m.Key)
		}
		o.latest[m.Key] = m.Version
		for i, it := range q.items {
			if it.Key == m.Key {
				m.queued = it.queued // the chat has not seen the state since then
				m.turn = it.turn
				q.items[i] = &m // coalesce: only the latest state is sent
				o.poke()
				return nil
			}
		}
	}
	if len(q.items) >= maxQueued {
		return bot.ErrOutboxFull
	}
	q.items = append(q.items, &m)
	o.wakeQueue(q)
	o.poke()
	return nil
}

// RendersWhenSent implements bot.DeferringEnqueuer: a *bot.Deferred body
// is rendered when its message is sent, and the versions of a keyed
// message coalesced away are never rendered.
func (o *Outbox) RendersWhenSent() {}

// pruneIdle forgets the destinations with nothing queued whose limiters
// are full again and that wait for no retry_after: such a queue is the same
// as a new one, so that the outbox holds the destinations active lately,
// not every user ever answered.
func (o *Outbox) pruneIdle(now time.Time) {
	full := func(l *rate.Limiter) bool { return l == nil || l.TokensAt(now) >= float64(l.Burst()) }
	for d, q := range o.queues {
		if len(q.items) == 0 && !q.asleep && !q.sending && !now.Before(q.blocked) && full(q.chat) && full(q.group) {
			delete(o.ready, q)
			delete(o.queues, d)
		}
	}
	o.idleAt = max(1024, 2*len(o.queues))
}

// fairTurn is the place in line of a new message of origin: start-time
// fair queuing (Goyal et al.) over the origins. The outbox's virtual time
// (vtime) is the turn of the message sent last; an origin's messages take
// turns one slot of the global limit apart from the later of vtime and the
// end of its previous turn. An origin that queued a thousand answers at
// once has their turns spread over the time the global limit needs to send
// them, and another origin's answer queued meanwhile takes the turn being
// served now: it goes among the next ones, not after the thousandth. A
// lone origin still gets the whole global limit.
func (o *Outbox) fairTurn(origin string) time.Time {
	var slot time.Duration
	if o.limits.Global > 0 {
		slot = time.Duration(float64(time.Second) / float64(o.limits.Global))
	}
	turn := o.vtime
	if t, ok := o.origins[origin]; ok && t.After(turn) {
		turn = t
	}
	o.origins[origin] = turn.Add(slot)
	if len(o.origins) >= o.pruneAt {
		// An origin whose turns have all come is the same as one never
		// seen: forgotten, so the map holds only the busy origins.
		for k, t := range o.origins {
			if !t.After(o.vtime) {
				delete(o.origins, k)
			}
		}
		o.pruneAt = max(1024, 2*len(o.origins))
	}
	return turn
}

// maxKeys bounds the edited messages an outbox remembers (their newest
// version and platform id); the oldest are forgotten first: a message that
// old is not edited any more (a finished hand's table).
const maxKeys = 20000

func (o *Outbox) remember(key string) {
	o.keys = append(o.keys, key)
	if len(o.keys) > maxKeys {
		drop := len(o.keys) - maxKeys*9/10
		for _, k := range o.keys[:drop] {
			delete(o.latest, k)
			delete(o.msgIDs, k)
		}
		o.keys = append([]string(nil), o.keys[drop:]...)
	}
}

func (o *Outbox) poke() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// Stats returns the messages delivered and the rate-limit answers met.
func (o *Outbox) Stats() (sent, rateLimited int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.sent, o.limited
}

// Delays returns the delivery delays so far: from a message queued to it
// delivered (for an edited message, from the oldest state the chat had not
// seen yet): how stale a chat's view gets.
func (o *Outbox) Delays() bot.LatencySummary {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.delays.Summary()
}

// DelayHistogram returns a copy of the delivery delays so far (Delays),
// for bot.Metrics to merge the histograms of the outboxes it watches.
func (o *Outbox) DelayHistogram() bot.Histogram {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.delays
}

// ResetDelays empties the delay histogram (after a benchmark's warm-up).
func (o *Outbox) ResetDelays() {
	o.mu.Lock()
	o.delays = bot.Histogram{}
	o.mu.Unlock()
}

// Queued returns the number of messages waiting.
func (o *Outbox) Queued() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := 0
	for _, q := range o.queues {
		n += len(q.items)
	}
	return n
}

// Destinations returns the number of destination queues the outbox keeps
// (a destination idle again is forgotten: pruneIdle).
func (o *Outbox) Destinations() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.queues)
}

// next picks the most urgent message that may go now, and when none may,
// how long to wait. Destinations waiting for their limiters sleep in a heap
// by the time they may send again, so that a step looks only at the
// destinations ready now, however many chats wait.
func (o *Outbox) next(now time.Time) (*item, *destQueue, time.Duration) {
	if now.Before(o.blocked) {
		return nil, nil, o.blocked.Sub(now)
	}
	for len(o.sleeping) > 0 && !now.Before(o.sleeping[0].readyAt) {
		q := heap.Pop(&o.sleeping).(*destQueue)
		if len(q.items) > 0 {
			o.ready[q] = struct{}{}
		}
	}
	var best, bestEdit *item
	var bestQ, bestEditQ *destQueue
	better := func(it, than *item) bool {
		// the most urgent first; among equals the longest waiting (by
		// its origin's turn: fairTurn), so that no chat starves when the
		// global limit is the bound
		if than == nil || it.Priority != than.Priority {
			return than == nil || it.Priority < than.Priority
		}
		if !it.turn.Equal(than.turn) {
			return it.turn.Before(than.turn)
		}
		if it.Origin != "" && than.Origin != "" {
			// On the same turn (a crowd of chats each owed an answer),
			// the origin with the least queued behind it goes first: one
			// user's single answer before the next of a crowd whose
			// members each sent many. Each origin still gets its turn
			// before any origin's next one.
			if fi, fj := o.origins[it.Origin], o.origins[than.Origin]; !fi.Equal(fj) {
				return fi.Before(fj)
			}
		}
		return it.queued.Before(than.queued)
	}
	for q := range o.ready {
		if len(q.items) == 0 {
			delete(o.ready, q)
			continue
		}
		at := q.blocked
		if d := max(delay(q.chat, now), delay(q.group, now)); d > 0 && now.Add(d).After(at) {
			at = now.Add(d)
		}
		if now.Before(at) {
			delete(o.ready, q)
			q.readyAt = at
			heap.Push(&o.sleeping, q)
			continue
		}
		for _, it := range q.items {
			if better(it, best) {
				best, bestQ = it, q
			}
			if o.limits.GlobalNewOnly && it.Key != "" && o.msgIDs[it.Key] != "" && better(it, bestEdit) {
				bestEdit, bestEditQ = it, q
			}
		}
	}
	if best == nil {
		if len(o.sleeping) > 0 {
			return nil, nil, o.sleeping[0].readyAt.Sub(now)
		}
		return nil, nil, -1
	}
	global := o.global
	if best == bestEdit {
		global = nil // an edit, exempt from the global limit
	}
	if d := delay(global, now); d > 0 {
		if bestEdit == nil {
			return nil, nil, d
		}
		best, bestQ, global = bestEdit, bestEditQ, nil // an edit may go meanwhile
	}
	q := bestQ
	for i, it := range q.items {
		if it == best {
			q.items = append(q.items[:i], q.items[i+1:]...)
			break
		}
	}
	if len(q.items) == 0 {
		delete(o.ready, q)
	}
	q.sending = true // until step is done with it
	if best.turn.After(o.vtime) {
		o.vtime = best.turn
	}
	for _, l := range []*rate.Limiter{q.chat, q.group, global} {
		if l != nil {
			l.AllowN(now, 1)
		}
	}
	return best, q, 0
}

// sleepers is a min-heap of destinations by the time they may send.
type sleepers []*destQueue

func (h sleepers) Len() int           { return len(h) }
func (h sleepers) Less(i, j int) bool { return h[i].readyAt.Before(h[j].readyAt) }
func (h sleepers) Swap(i, j int)      { h[i], h[j] = h[j], h[i]; h[i].index, h[j].index = i, j }
func (h *sleepers) Push(x any) {
	q := x.(*destQueue)
	q.index, q.asleep = len(*h), true
	*h = append(*h, q)
}
func (h *sleepers) Pop() any {
	old := *h
	q := old[len(old)-1]
	*h = old[:len(old)-1]
	q.index, q.asleep = -1, false
	return q
}

// wakeQueue makes q ready unless it sleeps (it is then woken in time).
func (o *Outbox) wakeQueue(q *destQueue) {
	if !q.asleep {
		o.ready[q] = struct{}{}
	}
}

// delay is how long l needs before it allows one more event at now.
func delay(l *rate.Limiter, now time.Time) time.Duration {
	if l == nil {
		return 0
	}
	r := l.ReserveN(now, 1)
	d := r.DelayFrom(now)
	r.CancelAt(now)
	return d
}

// Run delivers until ctx ends. Delivery errors other than rate limits are
// reported to onError (nil: ignored) and the message dropped: a message a
// platform refuses is not retried forever.
func (o *Outbox) Run(ctx context.Context, onError func(bot.Outgoing, error)) error {
	for {
		sentOne, wait, err := o.Step(ctx, onError)
		if err != nil {
			return err
		}
		if !sentOne {
			if err := o.sleep(ctx, wait); err != nil {
				return err
			}
		}
	}
}

// Step delivers the most urgent message that may go now, as Run does in a
// loop; when none may, it returns how long to wait (-1: until a message
// comes). A caller that moves its own clock (a test, a benchmark) drives
// the outbox with it instead of Run, without goroutines.
func (o *Outbox) Step(ctx context.Context, onError func(bot.Outgoing, error)) (bool, time.Duration, error) {
	o.mu.Lock()
	m, q, wait := o.next(o.clock.Now())
	o.mu.Unlock()
	if m == nil {
		return false, wait, ctx.Err()
	}
	id := ""
	if m.Key != "" {
		o.mu.Lock()
		id = o.msgIDs[m.Key]
		o.mu.Unlock()
		if id == "" && o.ids != nil {
			if got, err := o.ids.MessageID(ctx, m.Key); err == nil {
				id = got
			}
		}
	}
	// Rendered now, outside the lock: of the versions of a keyed message
	// queued, only the ones sent are ever rendered. m is no longer queued.
	m.Outgoing = bot.Resolved(m.Outgoing)
	dctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	newID, err := o.send.Deliver(dctx, m.Outgoing, id)
	cancel()
	var rl *bot.RateLimitError
	switch {
	case errors.As(err, &rl):
		o.mu.Lock()
		q.sending = false
		o.limited++
		q.blocked = o.clock.Now().Add(rl.RetryAfter)
		// Back in front, unless a newer version was queued meanwhile (it
		// then shows a state the chat has waited for since m was queued).
		newer := false
		for _, it := range q.items {
			if m.Key != "" && it.Key == m.Key {
				newer = true
				if m.queued.Before(it.queued) {
					it.queued = m.queued
				}
				if m.turn.Before(it.turn) {
					it.turn = m.turn
				}
			}
		}
		if !newer {
			q.items = append([]*item{m}, q.items...)
		}
		o.wakeQueue(q) // next() puts it to sleep until the retry_after
		o.mu.Unlock()
	case err != nil:
		o.mu.Lock()
		q.sending = false
		o.mu.Unlock()
		if ctx.Err() != nil {
			return false, 0, ctx.Err()
		}
		if onError != nil {
			onError(m.Outgoing, err)
		}
	default:
		o.mu.Lock()
		q.sending = false
		o.sent++
		o.delays.Observe(o.clock.Now().Sub(m.queued))
		if m.Key != "" && newID != "" {
			o.msgIDs[m.Key] = newID
		}
		o.mu.Unlock()
		if m.Key != "" && newID != "" && newID != id && o.ids != nil {
			if err := o.ids.SetMessageID(ctx, m.Key, newID); err != nil && onError != nil {
				onError(m.Outgoing, err)
			}
		}
	}
	return true, 0, nil
}

// sleep waits for d (forever when d < 0), a new message, or ctx's end.
func (o *Outbox) sleep(ctx context.Context, d time.Duration) error {
	var fire <-chan struct{}
	if d >= 0 {
		ch := make(chan struct{})
		t := o.clock.AfterFunc(d, func() { close(ch) })
		defer t.Stop()
		fire = ch
	}
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-o.wake:
	case <-fire:
	}
	return nil
}
