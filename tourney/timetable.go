package tourney

import "time"

// Timetable is a tournament's calendar: when registration opens and
// closes, when a scheduled event starts, and for how many blind levels
// late registration and the rebuy period last. With the level Clock and
// what the director has done so far (Progress) it decides what is due at
// an instant (Due) and when the next thing falls due (Next). It keeps no
// state and reads no clock: the caller passes now.
type Timetable struct {
	Kind    Kind
	OpenAt  time.Time // registration opens (open=); zero: at once
	CloseAt time.Time // registration, or late registration, closes (close=); zero: none
	StartAt time.Time // a scheduled event's start (R-TRN-1)
	// LateLevels: late registration stays open for this many blind levels
	// (R-TRN-5); 0 when there is none.
	LateLevels int
	// RebuyLevels: the rebuy period lasts this many blind levels (R-TRN-4).
	RebuyLevels int
	// Rebuys reports whether the event has rebuys at all: the add-on is
	// then offered in the level after the rebuy period, else in the level
	// after late registration (R-TRN-4).
	Rebuys bool
}

// Progress is what the director has done so far, from its stored ops.
type Progress struct {
	State State
	// CloseDone: registration was closed by close= or /tourney close,
	// or late registration ended; the close= time is then spent.
	CloseDone bool
	// Announced is the index of the last level announced; -1 for none.
	Announced  int
	RebuysOpen bool // the rebuy period is on
	AddOnOpen  bool // the add-on is offered
	Paused     bool // the clock is stopped
	Ending     bool // the end of a timed event was announced
}

// DueKind is one thing the clock makes due.
type DueKind int

// What falls due, in the order Due returns them.
const (
	// DueOpen: registration opens (open= reached).
	DueOpen DueKind = iota + 1
	// DueClose: close= reached; registration closes before the start, or
	// late registration ends after it.
	DueClose
	// DueStart: a scheduled event's start time (R-TRN-1).
	DueStart
	// DueTimeUp: a timed tournament reached its end (R-TRN-12); play
	// stops once the tables finish their hands.
	DueTimeUp
	// DueLevel: a new level or break began; it applies from each table's
	// next hand (R-TRN-9, TDA 22).
	DueLevel
	// DueRebuyEnd: the rebuy period is over; the add-on opens if there
	// is one (R-TRN-4).
	DueRebuyEnd
	// DueAddOnEnd: the level the add-on was offered in is over (R-TRN-4).
	DueAddOnEnd
	// DueLateEnd: late registration's levels are over (R-TRN-5); the
	// prize pool is fixed (R-TRN-6).
	DueLateEnd
)

var dueNames = [...]string{"", "open", "close", "start", "time up", "level", "rebuy end", "add-on end", "late end"}

func (k DueKind) String() string {
	if k > 0 && int(k) < len(dueNames) {
		return dueNames[k]
	}
	return "unknown"
}

// Due is one thing due now; Clock is the level clock at now (for a
// DueLevel, the level that began).
type Due struct {
	Kind  DueKind
	Clock ClockState
}

// RebuyWindow is how long a player who busted during the rebuy period,
// with rebuys left, has to rebuy before they are out (R-TRN-4).
const RebuyWindow = time.Minute

// BustStands reports whether a bust waiting for a rebuy (at bustAt) now
// stands: its rebuy window has passed on the clock (a pause stops it, as
// it stops the levels), or the rebuy period ended (R-TRN-4).
func (c Clock) BustStands(now, bustAt time.Time, rebuysOpen bool) bool {
	if !rebuysOpen {
		return true
	}
	at := c.RunAfter(bustAt, RebuyWindow)
	return !at.IsZero() && !now.Before(at)
}

// AddOnLevel is the last blind level the add-on is offered in: the one
// after the rebuy period, or after late registration when there are no
// rebuys (R-TRN-4).
func (tt Timetable) AddOnLevel() int {
	if tt.Rebuys {
		return tt.RebuyLevels + 1
	}
	return tt.LateLevels + 1
}

// running reports whether play is on in state s.
func running(s State) bool {
	return s == LateRegistration || s == Running || s == FinalTable
}

// Due returns what is due at now, in the order the director applies it.
// An opening is assumed to succeed for what follows it (a scheduled start
// due at the same instant follows it); a start changes everything, so
// nothing after it is returned: the director asks again once it applied
// it. Level-bound steps (the end of rebuys, of the add-on, of late
// registration) are only checked when a new level or break begins, as the
// levels are announced. A break that follows the last level of the rebuy
// period or of late registration ends it, so that the add-on is offered
// during that break (seed 000: "el add-on ... se realiza en el momento
// que el registro tardío ha terminado (por lo general esto sucede durante
// un receso o break del torneo)"); the add-on itself ends with a level.
func (tt Timetable) Due(now time.Time, c Clock, p Progress) []Due {
	var due []Due
	state := p.State
	if state == Announced && !tt.OpenAt.IsZero() && !now.Before(tt.OpenAt) {
		due = append(due, Due{Kind: DueOpen})
		state = RegistrationOpen
	}
	if !tt.CloseAt.IsZero() && !p.CloseDone && !now.Before(tt.CloseAt) &&
		(state == RegistrationOpen || state == LateRegistration) {
		due = append(due, Due{Kind: DueClose})
	}
	if state == RegistrationOpen && tt.Kind == Scheduled && !now.Before(tt.StartAt) {
		return append(due, Due{Kind: DueStart})
	}
	if !running(state) {
		return due
	}
	st := c.At(now)
	if st.Ended && !p.Ending {
		due = append(due, Due{Kind: DueTimeUp, Clock: st})
	}
	if !st.Started || st.Index <= p.Announced || p.Paused || st.Ended {
		return due
	}
	due = append(due, Due{Kind: DueLevel, Clock: st})
	if st.OnBreak { // its Number is the level before it
		if p.RebuysOpen && st.Number >= tt.RebuyLevels {
			due = append(due, Due{Kind: DueRebuyEnd, Clock: st})
		}
		if state == LateRegistration && st.Number >= tt.LateLevels {
			due = append(due, Due{Kind: DueLateEnd, Clock: st})
		}
		return due
	}
	switch {
	case p.RebuysOpen && st.Number > tt.RebuyLevels:
		due = append(due, Due{Kind: DueRebuyEnd, Clock: st})
	case p.AddOnOpen && st.Number > tt.AddOnLevel():
		due = append(due, Due{Kind: DueAddOnEnd, Clock: st})
	}
	if state == LateRegistration && st.Number > tt.LateLevels {
		due = append(due, Due{Kind: DueLateEnd, Clock: st})
	}
	return due
}

// Next returns when the calendar or the level clock next has something
// due after now: the opening, the close= time, a scheduled start, the
// end of the current level, or a timed tournament's end. The zero time
// means nothing is scheduled (a sit-and-go waiting for players, a paused
// clock, the last level of a tournament played to a winner).
func (tt Timetable) Next(now time.Time, c Clock, p Progress) time.Time {
	switch p.State {
	case Announced:
		return tt.OpenAt
	case RegistrationOpen:
		if !tt.CloseAt.IsZero() && !p.CloseDone && (tt.Kind != Scheduled || tt.CloseAt.Before(tt.StartAt)) {
			return tt.CloseAt
		}
		if tt.Kind != Scheduled {
			return time.Time{}
		}
		return tt.StartAt
	}
	if !running(p.State) {
		return time.Time{}
	}
	var at time.Time
	if !tt.CloseAt.IsZero() && !p.CloseDone && p.State == LateRegistration {
		at = tt.CloseAt
	}
	if p.Paused {
		return at
	}
	if n := c.NextChange(now); !n.IsZero() && (at.IsZero() || n.Before(at)) {
		at = n
	}
	// A timed end inside a level, or in the last level, which no level
	// change announces (R-TRN-12).
	if n := c.TimeUpAt(now); !n.IsZero() && !p.Ending && (at.IsZero() || n.Before(at)) {
		at = n
	}
	return at
}
