package engine

import (
	"testing"
	"time"
)

// R-TIME-3 (TDA 27): the clock gives the player the countdown, counting
// the time bank they would still have had; it is refused only when they
// have less than that anyway.
func TestClockCountdownCountsTheTimeBank(t *testing.T) {
	const s = time.Second
	for _, c := range []struct {
		name              string
		left, bank, clock time.Duration
		want              time.Duration
		ok                bool
	}{
		// The case: timer 30 s, bank 60 s, clock 60 s, called at
		// once: 60 s to act, not 30 s and then the whole bank (91 s).
		{"timer and bank outlast the clock", 30 * s, 60 * s, 60 * s, 60 * s, true},
		{"late in the timer, the bank still to come", 5 * s, 60 * s, 60 * s, 60 * s, true},
		{"the bank running, more than the clock left", 80 * s, 0, 60 * s, 60 * s, true},
		{"the bank running, less than the clock left", 40 * s, 0, 60 * s, 40 * s, false},
		{"no bank, the timer shorter than the clock", 30 * s, 0, 60 * s, 30 * s, false},
		{"timer and bank together shorter than the clock", 20 * s, 30 * s, 60 * s, 50 * s, false},
		{"exactly the clock: refused", 30 * s, 30 * s, 60 * s, 60 * s, false},
		{"a timer already past", -2 * s, 0, 60 * s, 0, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := ClockCountdown(c.left, c.bank, c.clock)
			if got != c.want || ok != c.ok {
				t.Fatalf("ClockCountdown(%v, %v, %v) = %v, %v; want %v, %v", c.left, c.bank, c.clock, got, ok, c.want, c.ok)
			}
		})
	}
}
