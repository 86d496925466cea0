package cron

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// Runner fires jobs at their schedules' times. The time each schedule last
// fired is stored with the schedule (before its job runs: a crash during a
// job does not run it again), and a time missed while the room was down
// fires once when the schedule is added; a schedule changed since counts
// from now. Jobs run in the clock's timer goroutines; a job should hand
// its work to the room and return (and never call Stop).
type Runner struct {
	clock bot.Clock
	state bot.KV // "cron:<key>" -> "<last time fired, RFC 3339> <schedule>"
	log   *slog.Logger

	mu      sync.Mutex
	jobs    map[string]*job
	stopped bool
	running sync.WaitGroup
}

type job struct {
	key   string
	sched Schedule
	run   func(at time.Time)
	timer bot.Timer
	next  time.Time
}

// NewRunner returns a runner on clock; state may be nil (nothing stored:
// a restart forgets what fired).
func NewRunner(clock bot.Clock, state bot.KV, log *slog.Logger) *Runner {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Runner{clock: clock, state: state, log: log, jobs: map[string]*job{}}
}

func stateKey(key string) string { return "cron:" + key }

// Add schedules run under key (replacing a job of the same key). run gets
// the time it was due. When the stored last time shows a time was missed,
// run fires once at once.
func (r *Runner) Add(ctx context.Context, key string, s Schedule, run func(at time.Time)) error {
	if key == "" || run == nil {
		return errors.New("cron: a job needs a key and a function")
	}
	var last time.Time
	if r.state != nil {
		v, err := r.state.Value(ctx, stateKey(key))
		switch {
		case err == nil:
			at, spec, _ := strings.Cut(v, " ")
			if last, err = time.Parse(time.RFC3339Nano, at); err != nil {
				return fmt.Errorf("cron: stored last run of %s: %w", key, err)
			}
			if spec != s.Spec() {
				last = time.Time{} // another schedule fired then: this one counts from now
			}
		case !errors.Is(err, bot.ErrNotFound):
			return fmt.Errorf("cron: last run of %s: %w", key, err)
		}
	}
	now := r.clock.Now()
	missed, next := s.Due(last, now)
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.stopped {
		return errors.New("cron: the runner is stopped")
	}
	if old := r.jobs[key]; old != nil && old.timer != nil {
		old.timer.Stop()
	}
	j := &job{key: key, sched: s, run: run}
	r.jobs[key] = j
	if missed {
		r.log.Info("schedule missed while down: firing once now", "job", key, "last", last)
		j.next = now
		j.timer = r.clock.AfterFunc(0, func() { r.fire(j, now) })
		return nil
	}
	r.arm(j, next)
	return nil
}

// arm sets j's timer for at; r.mu is held.
func (r *Runner) arm(j *job, at time.Time) {
	if at.IsZero() {
		return // a schedule that never fires again
	}
	j.next = at
	j.timer = r.clock.AfterFunc(at.Sub(r.clock.Now()), func() { r.fire(j, at) })
}

// fire stores the run, arms the next and runs the job.
func (r *Runner) fire(j *job, at time.Time) {
	r.mu.Lock()
	if r.stopped || r.jobs[j.key] != j {
		r.mu.Unlock()
		return
	}
	r.running.Add(1)
	r.mu.Unlock()
	defer r.running.Done()
	if r.state != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		err := r.state.SetValue(ctx, stateKey(j.key), at.Format(time.RFC3339Nano)+" "+j.sched.Spec())
		cancel()
		if err != nil {
			r.log.Warn("could not store a schedule's run", "job", j.key, "err", err)
		}
	}
	r.mu.Lock()
	current := !r.stopped && r.jobs[j.key] == j
	if current {
		now := r.clock.Now()
		if at.After(now) {
			now = at
		}
		r.arm(j, j.sched.After(at, now))
	}
	r.mu.Unlock()
	if current {
		j.run(at)
	}
}

// Remove stops the job of key.
func (r *Runner) Remove(key string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if j := r.jobs[key]; j != nil {
		if j.timer != nil {
			j.timer.Stop()
		}
		delete(r.jobs, key)
	}
}

// Next returns when the job of key fires next (false: no such job).
func (r *Runner) Next(key string) (time.Time, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	j := r.jobs[key]
	if j == nil {
		return time.Time{}, false
	}
	return j.next, true
}

// Stop stops every job and waits for a run in progress: none runs after
// it returns.
func (r *Runner) Stop() {
	r.mu.Lock()
	r.stopped = true
	for _, j := range r.jobs {
		if j.timer != nil {
			j.timer.Stop()
		}
	}
	r.mu.Unlock()
	r.running.Wait()
}

// RoomScheduler is a Runner as the room's bot.Scheduler: the tournaments'
// recurring schedules, their specs read by Parse.
type RoomScheduler struct{ *Runner }

var _ bot.Scheduler = RoomScheduler{}

// Check parses spec and returns it as shown to users.
func (s RoomScheduler) Check(spec string) (string, error) {
	sc, err := Parse(spec)
	if err != nil {
		return "", err
	}
	return sc.String(), nil
}

// Add parses spec and schedules run under key.
func (s RoomScheduler) Add(ctx context.Context, key, spec string, run func(at time.Time)) error {
	sc, err := Parse(spec)
	if err != nil {
		return err
	}
	return s.Runner.Add(ctx, key, sc, run)
}
