// Package bottest holds test helpers for package bot: a fake clock whose
// timers fire when a test advances it, and a storage wrapper that injects
// faults (an outage, a write lost, a write stored but reported failed).
package bottest

import (
	"sort"
	"sync"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// Clock is a fake bot.Clock: time moves only with Advance and Set, and the
// timers due by then fire, in deadline order (ties in the order they were
// set), synchronously in the caller's goroutine, without the lock held (a
// timer function may set or stop timers). Safe for concurrent use.
type Clock struct {
	mu     sync.Mutex
	now    time.Time
	seq    int
	timers []*timer
}

type timer struct {
	c    *Clock
	at   time.Time
	seq  int
	f    func()
	done bool
}

// NewClock returns a fake clock showing start.
func NewClock(start time.Time) *Clock { return &Clock{now: start} }

var _ bot.Clock = (*Clock)(nil)

// Now returns the fake time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc sets a timer d from now; d <= 0 fires at the next Advance (or
// Set), never inside AfterFunc itself.
func (c *Clock) AfterFunc(d time.Duration, f func()) bot.Timer {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	t := &timer{c: c, at: c.now.Add(max(d, 0)), seq: c.seq, f: f}
	c.timers = append(c.timers, t)
	return t
}

// Stop cancels the timer; it reports whether it was still pending.
func (t *timer) Stop() bool {
	t.c.mu.Lock()
	defer t.c.mu.Unlock()
	if t.done {
		return false
	}
	t.done = true
	for i, x := range t.c.timers {
		if x == t {
			t.c.timers = append(t.c.timers[:i], t.c.timers[i+1:]...)
			break
		}
	}
	return true
}

// Advance moves the clock forward by d, firing every timer due by then, each
// with the clock set to its deadline. It returns the number fired.
func (c *Clock) Advance(d time.Duration) int {
	c.mu.Lock()
	target := c.now.Add(d)
	c.mu.Unlock()
	return c.Set(target)
}

// Set moves the clock to t (never backwards), firing the timers due.
func (c *Clock) Set(target time.Time) int {
	fired := 0
	for {
		c.mu.Lock()
		sort.SliceStable(c.timers, func(i, j int) bool {
			if !c.timers[i].at.Equal(c.timers[j].at) {
				return c.timers[i].at.Before(c.timers[j].at)
			}
			return c.timers[i].seq < c.timers[j].seq
		})
		if len(c.timers) == 0 || c.timers[0].at.After(target) {
			if target.After(c.now) {
				c.now = target
			}
			c.mu.Unlock()
			return fired
		}
		t := c.timers[0]
		c.timers = c.timers[1:]
		t.done = true
		if t.at.After(c.now) {
			c.now = t.at
		}
		c.mu.Unlock()
		t.f()
		fired++
	}
}

// Walk moves the clock to target one timer deadline at a time, calling
// settle after each and at the end: what a timer sets off (a timer of its
// own among it) runs before the clock moves on.
func (c *Clock) Walk(target time.Time, settle func()) {
	for {
		next, ok := c.Next()
		if !ok || next.After(target) {
			break
		}
		c.Set(next)
		settle()
	}
	c.Set(target)
	settle()
}

// Pending returns the number of timers not yet fired or stopped.
func (c *Clock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.timers)
}

// Next returns the deadline of the earliest pending timer.
func (c *Clock) Next() (time.Time, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	var at time.Time
	for _, t := range c.timers {
		if at.IsZero() || t.at.Before(at) {
			at = t.at
		}
	}
	return at, !at.IsZero()
}
