package tourney

import "time"

// Pause is an interval during which the tournament clock was stopped; a
// zero To means it is still stopped.
type Pause struct{ From, To time.Time }

// Clock computes the current level from the start time, the structure,
// the stops of the clock and the time the caller passes in. It keeps no
// state of its own: the caller stores it and passes now.
type Clock struct {
	Start     time.Time
	Structure Structure
	// FromIndex is the 0-based index of the level play starts at (a staged
	// final starts one level after its flights ended: R-TRN-16).
	FromIndex int
	Pauses    []Pause
}

// ClockState is what the clock shows at one instant.
type ClockState struct {
	Started   bool          // now is at or after Start
	Index     int           // 0-based index into Structure.Levels
	Level     Level         // Structure.Levels[Index]
	Number    int           // blind level number from 1, breaks not counted; on a break, the level before it
	OnBreak   bool          // the current level is a break
	Elapsed   time.Duration // time played in the current level
	Remaining time.Duration // time left in it; 0 once the last level is reached (it lasts until the end)
	Last      bool          // the current level is the last of the structure
	Ended     bool          // a timed tournament has reached its end (R-TRN-12)
}

// elapsed is the running time from Start to now, not counting pauses.
func (c Clock) elapsed(now time.Time) time.Duration {
	if now.Before(c.Start) {
		return 0
	}
	d := now.Sub(c.Start)
	for _, p := range c.Pauses {
		from, to := p.From, p.To
		if to.IsZero() || to.After(now) {
			to = now
		}
		if from.Before(c.Start) {
			from = c.Start
		}
		if to.After(from) {
			d -= to.Sub(from)
		}
	}
	return d
}

// RunAfter returns when the clock will have run d from from, its pauses
// not counted (they are in order, as they were made); the zero time when
// a pause that has not ended stops it first.
func (c Clock) RunAfter(from time.Time, d time.Duration) time.Time {
	at := from.Add(d)
	for _, p := range c.Pauses {
		if !p.From.Before(at) {
			break
		}
		if p.To.IsZero() {
			return time.Time{}
		}
		if start := later(p.From, from); p.To.After(start) {
			at = at.Add(p.To.Sub(start))
		}
	}
	return at
}

// later is the later of a and b.
func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// pausedAt reports whether the clock is stopped at now.
func (c Clock) pausedAt(now time.Time) bool {
	for _, p := range c.Pauses {
		if !now.Before(p.From) && (p.To.IsZero() || now.Before(p.To)) {
			return true
		}
	}
	return false
}

// fromIndex is the index of the level play starts at (FromIndex), the
// first when FromIndex is not one of the structure's.
func (c Clock) fromIndex() int {
	if c.FromIndex < 0 || c.FromIndex >= len(c.Structure.Levels) {
		return 0
	}
	return c.FromIndex
}

// At returns the clock's state at now.
func (c Clock) At(now time.Time) ClockState {
	levels := c.Structure.Levels
	st := ClockState{Started: !now.Before(c.Start)}
	if len(levels) == 0 {
		return st
	}
	from := c.fromIndex()
	left := c.elapsed(now)
	i := from
	for ; i < len(levels)-1; i++ {
		if left < levels[i].Duration {
			break
		}
		left -= levels[i].Duration
	}
	st.Index, st.Level, st.OnBreak, st.Elapsed = i, levels[i], levels[i].Break, left
	st.Last = i == len(levels)-1
	if !st.Last {
		st.Remaining = levels[i].Duration - left
	} else if left < levels[i].Duration {
		st.Remaining = levels[i].Duration - left
	}
	for j := 0; j <= i; j++ {
		if !levels[j].Break {
			st.Number++
		}
	}
	s := c.Structure
	total := c.elapsed(now)
	if s.EndAfter > 0 && total >= s.EndAfter {
		st.Ended = true
	}
	if s.EndAtLevel > 0 && (st.Number > s.EndAtLevel ||
		(st.Number == s.EndAtLevel && st.OnBreak) ||
		(st.Number == s.EndAtLevel && st.Last && st.Remaining == 0)) {
		st.Ended = true
	}
	return st
}

// LevelForNextHand returns the level a hand starting at now plays at, and
// its number. A new level applies from the next hand after the clock
// reaches zero (R-TRN-9, TDA 22): the caller asks at the start of each
// hand and keeps that level for the whole hand. ok is false when no hand
// may start: before the start, during a break, or after a timed end.
func (c Clock) LevelForNextHand(now time.Time) (l Level, number int, ok bool) {
	st := c.At(now)
	if !st.Started || st.OnBreak || st.Ended {
		return st.Level, st.Number, false
	}
	return st.Level, st.Number, true
}

// LevelChangedSince reports whether the level at now differs from the one
// in force when a hand started at handStart: the change is announced now
// and applies from the next hand.
func (c Clock) LevelChangedSince(handStart, now time.Time) bool {
	return c.At(handStart).Index != c.At(now).Index
}

// NextChange returns the instant the current level ends (ignoring pauses
// that have not happened yet), or the zero time when the last level is
// running or the clock is paused at now.
func (c Clock) NextChange(now time.Time) time.Time {
	if c.pausedAt(now) {
		return time.Time{}
	}
	st := c.At(now)
	if st.Last || now.Before(c.Start) {
		return time.Time{}
	}
	return now.Add(st.Remaining)
}

// TimeUpAt returns the instant a timed tournament reaches its end
// (R-TRN-12): when the clock passes EndAfter, or when blind level
// EndAtLevel ends, whichever comes first, counting no pause still to
// come. It is the zero time for a structure without a time limit, a
// clock paused at now, or an end already reached.
func (c Clock) TimeUpAt(now time.Time) time.Time {
	s := c.Structure
	if (s.EndAfter <= 0 && s.EndAtLevel <= 0) || len(s.Levels) == 0 || c.pausedAt(now) {
		return time.Time{}
	}
	if c.At(now).Ended {
		return time.Time{}
	}
	base := now
	if now.Before(c.Start) {
		base = c.Start
	}
	played := c.elapsed(now)
	var at time.Time
	if s.EndAfter > 0 {
		at = base.Add(s.EndAfter - played)
	}
	if s.EndAtLevel > 0 {
		from := c.fromIndex()
		var until time.Duration // the running time at which level EndAtLevel ends
		n := 0
		for i, l := range s.Levels {
			if !l.Break {
				n++
			}
			if i >= from {
				until += l.Duration
			}
			if n == s.EndAtLevel && !l.Break {
				if t := base.Add(until - played); until > played && (at.IsZero() || t.Before(at)) {
					at = t
				}
				break
			}
		}
	}
	return at
}
