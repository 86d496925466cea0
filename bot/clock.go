package bot

import "time"

// Clock tells the time and runs functions later: the room's only source of
// time, so that tests drive timers (turn clocks, time banks, levels) with a
// fake (bottest.Clock) instead of sleeping. Modelled on tailscale's tstime.
type Clock interface {
	// Now returns the current time. The room measures durations (its
	// latency figures) as differences of Now: the real clock's readings
	// carry Go's monotonic reading, so a change of the wall clock does not
	// distort them; with a fake clock they are fake time (0 unless the
	// clock moved).
	Now() time.Time
	// AfterFunc calls f in its own goroutine once d has elapsed, unless the
	// timer is stopped first. A d <= 0 fires at once.
	AfterFunc(d time.Duration, f func()) Timer
}

// Timer is a pending AfterFunc call.
type Timer interface {
	// Stop prevents the call if it has not started; it reports whether it
	// did.
	Stop() bool
}

// SystemClock is the real clock.
type SystemClock struct{}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }

// AfterFunc is time.AfterFunc.
func (SystemClock) AfterFunc(d time.Duration, f func()) Timer { return time.AfterFunc(d, f) }

var _ Clock = SystemClock{}
