package bottest

import (
	"strings"
	"sync"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 23, 21, 0, 0, 0, time.UTC)

func TestFakeClockFiresTimersInDeadlineOrder(t *testing.T) {
	c := NewClock(t0)
	var got []string
	at := map[string]time.Time{}
	add := func(name string, d time.Duration) {
		c.AfterFunc(d, func() { got = append(got, name); at[name] = c.Now() })
	}
	add("c", 30*time.Second)
	add("a", 10*time.Second)
	add("b", 10*time.Second) // same deadline: after a
	stopped := c.AfterFunc(20*time.Second, func() { got = append(got, "stopped") })
	if !stopped.Stop() || stopped.Stop() {
		t.Fatal("Stop should report true once, then false")
	}
	if n := c.Advance(15 * time.Second); n != 2 || strings.Join(got, ",") != "a,b" {
		t.Fatalf("after 15 s: fired %d %v", n, got)
	}
	if !at["a"].Equal(t0.Add(10*time.Second)) || !c.Now().Equal(t0.Add(15*time.Second)) {
		t.Fatalf("a fired at %v, now %v", at["a"], c.Now())
	}
	if n := c.Advance(time.Hour); n != 1 || strings.Join(got, ",") != "a,b,c" {
		t.Fatalf("after an hour: fired %d %v", n, got)
	}
	if c.Pending() != 0 {
		t.Fatalf("%d pending", c.Pending())
	}
}

// A timer may set the next one (a turn timer's reminder, then its timeout);
// both fire within one Advance when both are due.
func TestFakeClockTimersMaySetTimers(t *testing.T) {
	c := NewClock(t0)
	var fired []time.Time
	c.AfterFunc(20*time.Second, func() {
		fired = append(fired, c.Now())
		c.AfterFunc(10*time.Second, func() { fired = append(fired, c.Now()) })
	})
	if n := c.Advance(time.Minute); n != 2 {
		t.Fatalf("fired %d, want 2", n)
	}
	if !fired[0].Equal(t0.Add(20*time.Second)) || !fired[1].Equal(t0.Add(30*time.Second)) {
		t.Fatalf("fired at %v", fired)
	}
	if c.AfterFunc(0, func() {}).Stop() != true {
		t.Fatal("a zero timer fired inside AfterFunc")
	}
}

func TestFakeClockIsSafeForConcurrentUse(t *testing.T) {
	c := NewClock(t0)
	var mu sync.Mutex
	n := 0
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 100; j++ {
				c.AfterFunc(time.Duration(j)*time.Millisecond, func() { mu.Lock(); n++; mu.Unlock() })
				_ = c.Now()
			}
		}()
	}
	wg.Wait()
	c.Advance(time.Second)
	if n != 800 {
		t.Fatalf("%d fired, want 800", n)
	}
}

func TestLetterCardsReadsEveryNotationAsLetters(t *testing.T) {
	for in, want := range map[string]string{"J♦ 4♠": "Jd 4s", "J♦\uFE0F 4♣\uFE0F": "Jd 4c", "As Kd": "As Kd", "🃏 T♥": "Jk Th"} {
		if got := LetterCards(in); got != want {
			t.Errorf("LetterCards(%q) = %q, want %q", in, got, want)
		}
	}
}
