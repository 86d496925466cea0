package engine

import "time"

// ClockCountdown decides a call of the clock on the player to act (R-TIME-3,
// TDA 27, 003 #20-22). left is what is left of the turn's current time (the
// action timer, or the time bank once it runs), bank the time bank still to
// come after it (zero once the bank runs), clock the table's countdown.
//
// The player then has the countdown, and when it runs out their hand is
// folded; the bank no longer helps them. When the time they have anyway
// (left plus bank) is no longer than the countdown the call is refused
// (ok false) and countdown is that time: calling the clock never gives a
// player more time than they had.
func ClockCountdown(left, bank, clock time.Duration) (countdown time.Duration, ok bool) {
	has := max(left, 0) + max(bank, 0)
	if has <= clock {
		return has, false
	}
	return clock, true
}
