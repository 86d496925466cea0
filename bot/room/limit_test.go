package room

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

var limitT0 = time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC)

// slowDown asserts that err is the answered refusal, showing wait seconds.
func slowDown(t *testing.T, err error, wait int) {
	t.Helper()
	var e *bot.Error
	if !errors.As(err, &e) || e.Code != bot.ELimited || e.Key != bot.KeySlowDown {
		t.Fatalf("got %v, want the slow-down answer", err)
	}
	if len(e.Args) != 1 || e.Args[0] != wait {
		t.Fatalf("slow-down shows %v, want %d s", e.Args, wait)
	}
	if bot.IsSilenced(err) {
		t.Fatal("the slow-down answer must not be silenced")
	}
}

func TestCommandLimitAnswersTheFirstRefusalThenStaysSilent(t *testing.T) {
	l := newLimiter(1, 8, 100)
	for i := range 8 {
		if err := l.allow("u", limitT0); err != nil {
			t.Fatalf("command %d of the burst refused: %v", i+1, err)
		}
	}
	slowDown(t, l.allow("u", limitT0), 1)
	for i := range 20 {
		if err := l.allow("u", limitT0.Add(time.Duration(i)*40*time.Millisecond)); !bot.IsSilenced(err) {
			t.Fatalf("refusal %d after the first: %v, want silence", i+2, err)
		}
	}
	if got := bot.Translate(bot.Errorf(bot.ELimited, bot.KeySlowDown, 3), bot.Spanish); got == bot.Translate(bot.Errorf(bot.ELimited, bot.KeySlowDown, 3), bot.English) {
		t.Fatalf("the slow-down answer is not translated: %q", got)
	}
}

func TestCommandLimitLetsCommandsThroughAgainOnceRefilled(t *testing.T) {
	l := newLimiter(1, 8, 100)
	for range 8 {
		_ = l.allow("u", limitT0)
	}
	slowDown(t, l.allow("u", limitT0), 1)
	if !bot.IsSilenced(l.allow("u", limitT0.Add(500*time.Millisecond))) {
		t.Fatal("half a token later the user should still be silenced")
	}
	if err := l.allow("u", limitT0.Add(1*time.Second)); err != nil {
		t.Fatalf("a second later one command should pass: %v", err)
	}
	// Over the limit again within the same episode: silence, not a second
	// slow-down (a steady flooder is told once).
	if !bot.IsSilenced(l.allow("u", limitT0.Add(1*time.Second))) {
		t.Fatal("a refusal before the bucket refilled should be silenced")
	}
	// After a long pause the whole burst is back, and a new flood is told
	// once again.
	later := limitT0.Add(time.Minute)
	for i := range 8 {
		if err := l.allow("u", later); err != nil {
			t.Fatalf("after a minute command %d refused: %v", i+1, err)
		}
	}
	slowDown(t, l.allow("u", later), 1)
}

func TestASteadyFlooderIsToldOnceAndServedAtTheRate(t *testing.T) {
	l := newLimiter(1, 8, 100)
	told, taken := 0, 0
	for i := range 200 { // 4 a second for 50 s
		err := l.allow("u", limitT0.Add(time.Duration(i)*250*time.Millisecond))
		switch {
		case err == nil:
			taken++
		case !bot.IsSilenced(err):
			told++
		}
	}
	if told != 1 {
		t.Errorf("told to slow down %d times, want once", told)
	}
	if taken < 8+49 || taken > 8+50 {
		t.Errorf("%d commands taken, want the burst and one a second (57 or 58)", taken)
	}
}

func TestCommandLimitSlowDownShowsTheWait(t *testing.T) {
	l := newLimiter(0.25, 2, 100) // one every 4 s
	_ = l.allow("u", limitT0)
	_ = l.allow("u", limitT0)
	slowDown(t, l.allow("u", limitT0.Add(time.Second)), 3)
}

func TestOneUsersFloodDoesNotLimitAnother(t *testing.T) {
	l := newLimiter(1, 8, 100)
	for range 1000 {
		_ = l.allow("flooder", limitT0)
	}
	for i := range 8 {
		if err := l.allow("other", limitT0); err != nil {
			t.Fatalf("another user's command %d refused: %v", i+1, err)
		}
	}
}

func TestAPlayerActingEveryStreetNeverHitsTheLimit(t *testing.T) {
	l := newLimiter(DefaultCommandRate, DefaultCommandBurst, 100)
	now := limitT0
	// Hands back to back for an hour, the player as quick as a person
	// gets: /cards as the hand starts, a press on each of four streets a
	// second apart (the opponents acting at once), /cards again on the
	// river, and the next hand after the room's two-second pause.
	offsets := []time.Duration{0, 1 * time.Second, 2 * time.Second, 3 * time.Second, 4 * time.Second, 4 * time.Second}
	for hand := range 600 {
		for i, at := range offsets {
			if err := l.allow("p", now.Add(at)); err != nil {
				t.Fatalf("hand %d, command %d: %v", hand, i+1, err)
			}
		}
		now = now.Add(4*time.Second + 2*time.Second)
	}
}

func TestCommandLimitKeepsAtMostMaxUsersBuckets(t *testing.T) {
	l := newLimiter(1, 8, 50)
	for i := range 1000 {
		_ = l.allow(fmt.Sprint("u", i), limitT0)
		_ = l.allow(fmt.Sprint("u", i), limitT0)
	}
	if n := l.len(); n != 50 {
		t.Fatalf("%d buckets kept, want the bound, 50", n)
	}
}

func TestCommandLimitForgetsBucketsThatRefilled(t *testing.T) {
	l := newLimiter(1, 8, 10000)
	for i := range 1000 {
		_ = l.allow(fmt.Sprint("u", i), limitT0)
	}
	// Eight seconds later every bucket is full again: each new command
	// drops two of them.
	later := limitT0.Add(9 * time.Second)
	for i := range 600 {
		_ = l.allow(fmt.Sprint("v", i), later)
	}
	if n := l.len(); n > 700 {
		t.Fatalf("%d buckets kept, want the refilled ones dropped (at most 700)", n)
	}
}

func TestNoCommandLimitWhenTheRateIsNegative(t *testing.T) {
	if l := newLimiter(-1, 8, 10); l != nil {
		t.Fatal("a negative rate should turn the limit off")
	}
	var l *limiter
	for range 100 {
		if err := l.allow("u", limitT0); err != nil {
			t.Fatal(err)
		}
	}
}
