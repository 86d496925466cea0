package cron_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
	"github.com/pokerroom/pokerroom/cron"
)

var madrid, _ = time.LoadLocation("Europe/Madrid")

// Schedules as admins type them: cron expressions and friendly forms, each
// firing when it should.
func TestParseReadsCronAndFriendlyForms(t *testing.T) {
	from := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC) // a Wednesday
	for _, tc := range []struct {
		in, spec string
		next     time.Time
	}{
		{"0 21 * * 5", "0 21 * * 5", time.Date(2026, 11, 27, 21, 0, 0, 0, time.UTC)},
		{"CRON_TZ=Europe/Madrid 0 21 * * 5", "CRON_TZ=Europe/Madrid 0 21 * * 5", time.Date(2026, 11, 27, 21, 0, 0, 0, madrid)},
		{"@daily", "@daily", time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)},
		{"every fri 21:00 Europe/Madrid", "CRON_TZ=Europe/Madrid 0 21 * * 5", time.Date(2026, 11, 27, 21, 0, 0, 0, madrid)},
		{"Every FRI 21:00 europe/madrid", "CRON_TZ=Europe/Madrid 0 21 * * 5", time.Date(2026, 11, 27, 21, 0, 0, 0, madrid)},
		{"every mon,wed 19:30", "30 19 * * 1,3", time.Date(2026, 11, 25, 19, 30, 0, 0, time.UTC)},
		{"cada vie 22:15 UTC", "CRON_TZ=UTC 15 22 * * 5", time.Date(2026, 11, 27, 22, 15, 0, 0, time.UTC)},
		{"daily 20:00 utc", "CRON_TZ=UTC 0 20 * * *", time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC)},
		{"every weekend 18:00", "0 18 * * 0,6", time.Date(2026, 11, 28, 18, 0, 0, 0, time.UTC)},
		{"every weekdays 09:05", "5 9 * * 1-5", time.Date(2026, 11, 26, 9, 5, 0, 0, time.UTC)},
		{"every 2h", "@every 2h0m0s", from.Add(2 * time.Hour)},
	} {
		s, err := cron.Parse(tc.in)
		if err != nil {
			t.Errorf("%q: %v", tc.in, err)
			continue
		}
		if s.Spec() != tc.spec || !s.Next(from).Equal(tc.next) {
			t.Errorf("%q: spec %q next %v, want %q %v", tc.in, s.Spec(), s.Next(from), tc.spec, tc.next)
		}
	}
}

// Each mistake gets an error that says what is wrong and what is accepted.
func TestParseRefusesMistakesSpecifically(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", "empty schedule"},
		{"every fry 21:00", `"fry" is not a day`},
		{"every fri 25:00", `"25:00" is not a time of day`},
		{"every fri 21:5", `"21:5" is not a time of day`},
		{"every fri 21:00 Mars/Olympus", `unknown time zone "Mars/Olympus"`},
		{"every fri 21:00 Local", `unknown time zone "Local"`},
		{"every fri", "write \"every <days> <HH:MM>"},
		{"every 10s", "too short"},
		{"0 21 * *", "five fields"},
		{"61 21 * * 5", "five fields"},
		{"CRON_TZ=Nowhere/Town 0 21 * * 5", "unknown time zone"},
	} {
		_, err := cron.Parse(tc.in)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.in, err, tc.want)
		}
	}
}

// memState is a bot.KV in memory.
type memState struct {
	mu sync.Mutex
	m  map[string]string
}

func (s *memState) SetValue(_ context.Context, k, v string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[k] = v
	return nil
}

func (s *memState) Value(_ context.Context, k string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.m[k]; ok {
		return v, nil
	}
	return "", bot.ErrNotFound
}

// A weekly schedule fires at its times; after a restart that missed two
// of them it fires once at start, then on schedule; a restart that missed
// none fires nothing early.
func TestRunnerFiresOnTimeAndOnceForWhatWasMissed(t *testing.T) {
	start := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	clock := bottest.NewClock(start)
	state := &memState{m: map[string]string{}}
	s, _ := cron.Parse("every fri 21:00 UTC")
	var fired []time.Time
	run := func(at time.Time) { fired = append(fired, at) }
	r := cron.NewRunner(clock, state, nil)
	if err := r.Add(context.Background(), "weekly", s, run); err != nil {
		t.Fatal(err)
	}
	if next, _ := r.Next("weekly"); !next.Equal(time.Date(2026, 11, 27, 21, 0, 0, 0, time.UTC)) {
		t.Fatalf("next %v", next)
	}
	clock.Advance(10 * 24 * time.Hour) // two Fridays
	if len(fired) != 2 || !fired[1].Equal(time.Date(2026, 12, 4, 21, 0, 0, 0, time.UTC)) {
		t.Fatalf("fired %v, want the 27th and the 4th at 21:00", fired)
	}
	r.Stop()
	clock.Advance(14 * 24 * time.Hour) // down for two more Fridays
	if len(fired) != 2 {
		t.Fatalf("a stopped runner fired: %v", fired)
	}
	fired = nil
	r2 := cron.NewRunner(clock, state, nil)
	if err := r2.Add(context.Background(), "weekly", s, run); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Second)
	if len(fired) != 1 {
		t.Fatalf("after a restart that missed two Fridays fired %v, want once", fired)
	}
	clock.Advance(7 * 24 * time.Hour)
	if len(fired) != 2 || fired[1].Weekday() != time.Friday || fired[1].Hour() != 21 {
		t.Fatalf("then on schedule: %v", fired)
	}
	r2.Stop()
	fired = nil
	r3 := cron.NewRunner(clock, state, nil)
	if err := r3.Add(context.Background(), "weekly", s, run); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Second)
	if len(fired) != 0 {
		t.Fatalf("a restart that missed nothing fired %v", fired)
	}
	r3.Remove("weekly")
	clock.Advance(8 * 24 * time.Hour)
	if len(fired) != 0 {
		t.Fatalf("a removed job fired %v", fired)
	}
	if _, ok := r3.Next("weekly"); ok {
		t.Fatal("a removed job still has a next time")
	}
}

// A stored last run that cannot be read is an error, not a silent reset.
func TestRunnerRefusesAGarbledLastRun(t *testing.T) {
	clock := bottest.NewClock(time.Now())
	state := &memState{m: map[string]string{"cron:x": "yesterday"}}
	s, _ := cron.Parse("@daily")
	err := cron.NewRunner(clock, state, nil).Add(context.Background(), "x", s, func(time.Time) {})
	if err == nil || !strings.Contains(err.Error(), "stored last run of x") {
		t.Fatalf("err = %v", err)
	}
}

// When daylight saving time ends, 02:30 happens twice in Madrid: a daily
// 02:30 schedule fires once that night.
func TestRunnerFiresOnceInARepeatedHour(t *testing.T) {
	clock := bottest.NewClock(time.Date(2026, 10, 24, 12, 0, 0, 0, madrid))
	s, err := cron.Parse("every day 02:30 Europe/Madrid")
	if err != nil {
		t.Fatal(err)
	}
	var fired []time.Time
	r := cron.NewRunner(clock, nil, nil)
	if err := r.Add(context.Background(), "night", s, func(at time.Time) { fired = append(fired, at) }); err != nil {
		t.Fatal(err)
	}
	clock.Advance(48 * time.Hour) // the nights of the 25th (the change) and the 26th
	if len(fired) != 2 {
		t.Fatalf("fired %v, want once on the 25th and once on the 26th", fired)
	}
	if d0, d1 := fired[0].In(madrid).Day(), fired[1].In(madrid).Day(); d0 != 25 || d1 != 26 {
		t.Fatalf("fired on the %dth and the %dth", d0, d1)
	}
}

// A schedule without a time zone follows the clock's: a stored run read
// back after a restart does not make a time look missed.
func TestRunnerRestartInTheClocksTimeZone(t *testing.T) {
	clock := bottest.NewClock(time.Date(2026, 11, 25, 20, 0, 0, 0, madrid))
	state := &memState{m: map[string]string{}}
	s, _ := cron.Parse("0 21 * * *")
	n := 0
	r := cron.NewRunner(clock, state, nil)
	if err := r.Add(context.Background(), "daily", s, func(time.Time) { n++ }); err != nil {
		t.Fatal(err)
	}
	clock.Advance(3*time.Hour + 30*time.Minute) // fired at 21:00 Madrid; now 23:30
	r.Stop()
	r2 := cron.NewRunner(clock, state, nil)
	if err := r2.Add(context.Background(), "daily", s, func(time.Time) { n++ }); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Second)
	if n != 1 {
		t.Fatalf("fired %d times, want once (the restart missed nothing)", n)
	}
}

// A schedule changed under the same key counts from now: the old one's
// last run is no missed time of the new one. A schedule that never fires
// is refused.
func TestRunnerChangedScheduleDoesNotFireAtOnce(t *testing.T) {
	clock := bottest.NewClock(time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)) // Wednesday
	state := &memState{m: map[string]string{}}
	fri, _ := cron.Parse("every fri 21:00 UTC")
	mon, _ := cron.Parse("every mon 21:00 UTC")
	n := 0
	r := cron.NewRunner(clock, state, nil)
	r.Add(context.Background(), "series", fri, func(time.Time) { n++ })
	clock.Advance(3 * 24 * time.Hour) // Saturday: fired Friday
	r.Stop()
	r2 := cron.NewRunner(clock, state, nil)
	if err := r2.Add(context.Background(), "series", mon, func(time.Time) { n++ }); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Second)
	if n != 1 {
		t.Fatalf("fired %d times after the change to Mondays, want only Friday's", n)
	}
	if _, err := cron.Parse("0 0 30 2 *"); err == nil || !strings.Contains(err.Error(), "never fires") {
		t.Fatalf("30 February: %v", err)
	}
}

// Whatever an admin types, Parse answers without panicking, and a schedule
// it accepts fires at a time after the one it is asked about.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"every fri 21:00 Europe/Madrid", "0 21 * * 5", "@daily", "every 2h", "daily 20:00 utc",
		"CRON_TZ=Europe/Madrid 0 21 * * 5", "every mon,wed 19:30", "cada vie 22:15", "0 0 30 2 *", "every"} {
		f.Add(s)
	}
	from := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, text string) {
		s, err := cron.Parse(text)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an empty error")
			}
			return
		}
		if next := s.Next(from); !next.After(from) {
			t.Fatalf("%q (%s): next after %v is %v", text, s.Spec(), from, next)
		}
	})
}
