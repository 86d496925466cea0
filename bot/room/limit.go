package room

import (
	"math"
	"slices"
	"sync"
	"time"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/hashicorp/golang-lru/v2/simplelru"
	"golang.org/x/time/rate"
)

// Default per-user command limits (Config.CommandRate, CommandBurst):
// eight commands or presses at once, then one a second. A player acting
// on every street of a hand and asking for their cards stays well within
// them.
const (
	DefaultCommandRate  = 1.0
	DefaultCommandBurst = 8
)

// DefaultMaxUsers bounds the per-user caches of the room (the players it
// has seen, the users' command buckets): beyond it the least recently seen
// are forgotten. A forgotten player is read again from the store at their
// next command; a forgotten bucket starts full.
const DefaultMaxUsers = 20000

// limiter is the per-user token bucket: over it, the first refusal is
// answered (KeySlowDown), the following ones are silenced until the bucket
// is full again (the user paused): a steady flooder is told once, and
// meanwhile gets one command a second taken (CommandRate), the rest
// silenced. Buckets live in an LRU bounded by max users; a bucket
// that refilled is the same as a new one, so the oldest full buckets are
// dropped as commands come.
type limiter struct {
	rate  rate.Limit
	burst int

	mu      sync.Mutex
	buckets *simplelru.LRU[string, *bucket]
}

type bucket struct {
	l    *rate.Limiter
	told bool // told to slow down since the bucket was last full
}

// newLimiter returns a limiter of r commands a second and burst at once
// per user, for at most max users; nil (no limit) when r < 0.
func newLimiter(r float64, burst, max int) *limiter {
	if r < 0 {
		return nil
	}
	if r == 0 {
		r = DefaultCommandRate
	}
	if burst <= 0 {
		burst = DefaultCommandBurst
	}
	if max <= 0 {
		max = DefaultMaxUsers
	}
	c, err := simplelru.NewLRU[string, *bucket](max, nil)
	if err != nil {
		panic(err) // only for a size <= 0
	}
	return &limiter{rate: rate.Limit(r), burst: burst, buckets: c}
}

// allow takes one command of user at now: nil when it may run, else an
// *Error answering it (KeySlowDown, with the seconds to wait) or
// ErrSilenced.
func (l *limiter) allow(user string, now time.Time) error {
	if l == nil {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.prune(now)
	b, ok := l.buckets.Get(user)
	if !ok {
		b = &bucket{l: rate.NewLimiter(l.rate, l.burst)}
		l.buckets.Add(user, b)
	}
	if b.l.TokensAt(now) >= float64(l.burst) {
		b.told = false // refilled: a new episode, told again if it floods
	}
	if b.l.AllowN(now, 1) {
		return nil
	}
	if b.told {
		return bot.ErrSilenced
	}
	b.told = true
	r := b.l.ReserveN(now, 1)
	wait := r.DelayFrom(now)
	r.CancelAt(now)
	return bot.Errorf(bot.ELimited, bot.KeySlowDown, int(math.Ceil(wait.Seconds())))
}

// prune drops up to two of the least recently used buckets that are full
// again (dropping them changes nothing), so that the map holds the users
// active lately, not every user since the start.
func (l *limiter) prune(now time.Time) {
	for range 2 {
		k, b, ok := l.buckets.GetOldest()
		if !ok || b.l.TokensAt(now) < float64(l.burst) {
			return
		}
		l.buckets.Remove(k)
	}
}

// len is the number of buckets kept.
func (l *limiter) len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buckets.Len()
}

// limit takes cmd from its user's command bucket (see Config.CommandRate):
// nil when it may run, else the answer refusing it.
func (r *Room) limit(cmd bot.Command) error {
	if r.limits == nil || cmd.User == "" || cmd.Platform == table.BotPlatform || slices.Contains(r.cfg.Unlimited, cmd.Platform) {
		return nil
	}
	err := r.limits.allow(cmd.Platform+"\x00"+cmd.User, r.clock.Now())
	if err != nil {
		r.metrics.Limited.Add(1)
	}
	return err
}

// limitLang is the language of the answer to a command over its user's
// limit, by the one rule (bot.LangFor) from what the room holds in memory,
// never the store: the player's own /lang choice when they are cached,
// their client's, then the chat's when it is cached (the room's default
// otherwise, and in a private chat).
func (r *Room) limitLang(cmd bot.Command) string {
	own, chat := "", r.cfg.DefaultLang
	r.mu.Lock()
	e, _ := r.players.Peek(cmd.Platform + "\x00" + cmd.User)
	if c := r.communities[cmd.Platform+"\x00"+cmd.Chat]; c != nil && cmd.Chat != "" {
		chat = c.Language
	}
	r.mu.Unlock()
	// A lookup of this player under way holds e.mu: it is not waited for.
	if e != nil && e.mu.TryLock() {
		if e.ok {
			own = e.p.Language
		}
		e.mu.Unlock()
	}
	return bot.LangFor(own, cmd.Lang, chat)
}
