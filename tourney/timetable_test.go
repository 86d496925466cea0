package tourney

import (
	"reflect"
	"testing"
	"time"
)

// tenMinuteLevels is a structure of 10-minute levels with a break after
// the third level.
func tenMinuteLevels() Structure {
	lv := func(sb, bb Chips) Level { return Level{SmallBlind: sb, BigBlind: bb, Duration: 10 * time.Minute} }
	return Structure{StartingStack: 1500, Levels: []Level{
		lv(10, 20), lv(15, 30), lv(25, 50), {Break: true, Duration: 5 * time.Minute}, lv(50, 100), lv(75, 150), lv(100, 200),
	}}
}

func kinds(ds []Due) []DueKind {
	var ks []DueKind
	for _, d := range ds {
		ks = append(ks, d.Kind)
	}
	return ks
}

func TestTimetableSaysWhatIsDue(t *testing.T) {
	start := t0
	clock := Clock{Start: start, Structure: tenMinuteLevels()}
	min := func(m float64) time.Time { return start.Add(time.Duration(m * float64(time.Minute))) }
	cases := []struct {
		name string
		tt   Timetable
		now  time.Time
		p    Progress
		want []DueKind
	}{
		{"registration opens at open= (R-TRN-1)",
			Timetable{Kind: SitAndGo, OpenAt: min(-30)}, min(-30), Progress{State: Announced, Announced: -1}, []DueKind{DueOpen}},
		{"nothing before open=",
			Timetable{Kind: SitAndGo, OpenAt: min(-30)}, min(-31), Progress{State: Announced, Announced: -1}, nil},
		{"a scheduled event opened late starts at once: open then start (R-TRN-1)",
			Timetable{Kind: Scheduled, OpenAt: min(-30), StartAt: start}, min(1), Progress{State: Announced, Announced: -1}, []DueKind{DueOpen, DueStart}},
		{"close= closes registration before the start",
			Timetable{Kind: Scheduled, CloseAt: min(-5), StartAt: start}, min(-5), Progress{State: RegistrationOpen, Announced: -1}, []DueKind{DueClose}},
		{"close= spent: nothing",
			Timetable{Kind: Scheduled, CloseAt: min(-5), StartAt: start}, min(-4), Progress{State: RegistrationOpen, Announced: -1, CloseDone: true}, nil},
		{"close= after the start ends late registration (R-TRN-5)",
			Timetable{Kind: Scheduled, CloseAt: min(15), StartAt: start, LateLevels: 6}, min(15), Progress{State: LateRegistration, Announced: 1}, []DueKind{DueClose}},
		{"the first level is announced at the start (R-TRN-9)",
			Timetable{Kind: Scheduled, StartAt: start}, start, Progress{State: Running, Announced: -1}, []DueKind{DueLevel}},
		{"a level already announced is not announced again",
			Timetable{Kind: Scheduled, StartAt: start}, min(5), Progress{State: Running, Announced: 0}, nil},
		{"the next level when the clock reaches zero (R-TRN-9, TDA 22)",
			Timetable{Kind: Scheduled, StartAt: start}, min(10), Progress{State: Running, Announced: 0}, []DueKind{DueLevel}},
		{"a paused clock announces nothing",
			Timetable{Kind: Scheduled, StartAt: start}, min(10), Progress{State: Running, Announced: 0, Paused: true}, nil},
		{"the rebuy period ends with its last level (R-TRN-4)",
			Timetable{Kind: Scheduled, StartAt: start, RebuyLevels: 2, Rebuys: true}, min(20), Progress{State: Running, Announced: 1, RebuysOpen: true}, []DueKind{DueLevel, DueRebuyEnd}},
		{"rebuys go on during their last level (R-TRN-4)",
			Timetable{Kind: Scheduled, StartAt: start, RebuyLevels: 2, Rebuys: true}, min(10), Progress{State: Running, Announced: 0, RebuysOpen: true}, []DueKind{DueLevel}},
		{"the break after the rebuy period's last level ends it: the add-on is taken at it (R-TRN-4, seed 000)",
			Timetable{Kind: Scheduled, StartAt: start, RebuyLevels: 3, Rebuys: true}, min(30), Progress{State: Running, Announced: 2, RebuysOpen: true}, []DueKind{DueLevel, DueRebuyEnd}},
		{"a break before the rebuy period's last level does not end it (R-TRN-4)",
			Timetable{Kind: Scheduled, StartAt: start, RebuyLevels: 4, Rebuys: true}, min(30), Progress{State: Running, Announced: 2, RebuysOpen: true}, []DueKind{DueLevel}},
		{"the add-on taken at the break stays open during it (R-TRN-4)",
			Timetable{Kind: Scheduled, StartAt: start, RebuyLevels: 3, Rebuys: true}, min(30), Progress{State: Running, Announced: 2, AddOnOpen: true}, []DueKind{DueLevel}},
		{"the break after late registration's last level ends it (R-TRN-5, seed 000: the add-on follows, in the break)",
			Timetable{Kind: Scheduled, StartAt: start, LateLevels: 3}, min(30), Progress{State: LateRegistration, Announced: 2}, []DueKind{DueLevel, DueLateEnd}},
		{"late registration goes on through a break before its last level (R-TRN-5)",
			Timetable{Kind: Scheduled, StartAt: start, LateLevels: 4}, min(30), Progress{State: LateRegistration, Announced: 2}, []DueKind{DueLevel}},
		{"after the break the rebuy period is over (R-TRN-4)",
			Timetable{Kind: Scheduled, StartAt: start, RebuyLevels: 3, Rebuys: true}, min(35), Progress{State: Running, Announced: 3, RebuysOpen: true}, []DueKind{DueLevel, DueRebuyEnd}},
		{"the add-on closes after the level after the rebuys (R-TRN-4)",
			Timetable{Kind: Scheduled, StartAt: start, RebuyLevels: 1, Rebuys: true}, min(20), Progress{State: Running, Announced: 1, AddOnOpen: true}, []DueKind{DueLevel, DueAddOnEnd}},
		{"without rebuys the add-on follows late registration (R-TRN-4)",
			Timetable{Kind: Scheduled, StartAt: start, LateLevels: 1}, min(20), Progress{State: Running, Announced: 1, AddOnOpen: true}, []DueKind{DueLevel, DueAddOnEnd}},
		{"late registration ends after its levels (R-TRN-5)",
			Timetable{Kind: Scheduled, StartAt: start, LateLevels: 2}, min(20), Progress{State: LateRegistration, Announced: 1}, []DueKind{DueLevel, DueLateEnd}},
		{"late registration open during its last level (R-TRN-5)",
			Timetable{Kind: Scheduled, StartAt: start, LateLevels: 2}, min(10), Progress{State: LateRegistration, Announced: 0}, []DueKind{DueLevel}},
		{"the rebuy period and late registration end together",
			Timetable{Kind: Scheduled, StartAt: start, LateLevels: 2, RebuyLevels: 2, Rebuys: true}, min(20), Progress{State: LateRegistration, Announced: 1, RebuysOpen: true}, []DueKind{DueLevel, DueRebuyEnd, DueLateEnd}},
		{"nothing for a finished event",
			Timetable{Kind: Scheduled, StartAt: start, LateLevels: 2}, min(50), Progress{State: Finished, Announced: 1}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := kinds(c.tt.Due(c.now, clock, c.p))
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("Due = %v, want %v", got, c.want)
			}
		})
	}
}

// R-TRN-12: a timed tournament's end is due once, and no level after it.
func TestTimetableEndsATimedTournamentOnce(t *testing.T) {
	s := tenMinuteLevels()
	s.EndAfter = 20 * time.Minute
	clock := Clock{Start: t0, Structure: s}
	tt := Timetable{Kind: Scheduled, StartAt: t0}
	at := t0.Add(20 * time.Minute)
	if got := kinds(tt.Due(at, clock, Progress{State: Running, Announced: 1})); !reflect.DeepEqual(got, []DueKind{DueTimeUp}) {
		t.Fatalf("at the end: %v, want [time up]", got)
	}
	if got := tt.Due(at, clock, Progress{State: Running, Announced: 1, Ending: true}); len(got) != 0 {
		t.Fatalf("after the end was announced: %v, want nothing", kinds(got))
	}
}

// The level a DueLevel carries is the one that began: its number counts
// blind levels only (a break keeps the number of the level before it).
func TestTimetableCarriesTheLevelThatBegan(t *testing.T) {
	clock := Clock{Start: t0, Structure: tenMinuteLevels()}
	tt := Timetable{Kind: Scheduled, StartAt: t0}
	ds := tt.Due(t0.Add(30*time.Minute), clock, Progress{State: Running, Announced: 2})
	if len(ds) != 1 || ds[0].Kind != DueLevel || !ds[0].Clock.OnBreak || ds[0].Clock.Number != 3 || ds[0].Clock.Index != 3 {
		t.Fatalf("at the break: %+v", ds)
	}
	ds = tt.Due(t0.Add(35*time.Minute), clock, Progress{State: Running, Announced: 3})
	if len(ds) != 1 || ds[0].Clock.OnBreak || ds[0].Clock.Number != 4 || ds[0].Clock.Level.BigBlind != 100 {
		t.Fatalf("after the break: %+v", ds)
	}
}

func TestTimetableNextIsTheNearestDeadline(t *testing.T) {
	start := t0
	clock := Clock{Start: start, Structure: tenMinuteLevels()}
	min := func(m float64) time.Time { return start.Add(time.Duration(m * float64(time.Minute))) }
	cases := []struct {
		name string
		tt   Timetable
		now  time.Time
		p    Progress
		want time.Time
	}{
		{"announced: the opening", Timetable{Kind: Scheduled, OpenAt: min(-60), StartAt: start}, min(-90), Progress{State: Announced}, min(-60)},
		{"open, scheduled: the start", Timetable{Kind: Scheduled, StartAt: start}, min(-90), Progress{State: RegistrationOpen}, start},
		{"open, close= before the start", Timetable{Kind: Scheduled, CloseAt: min(-10), StartAt: start}, min(-90), Progress{State: RegistrationOpen}, min(-10)},
		{"open, close= spent: the start", Timetable{Kind: Scheduled, CloseAt: min(-10), StartAt: start}, min(-9), Progress{State: RegistrationOpen, CloseDone: true}, start},
		{"a sit-and-go waits for players", Timetable{Kind: SitAndGo}, min(-9), Progress{State: RegistrationOpen}, time.Time{}},
		{"running: the end of the level", Timetable{Kind: Scheduled, StartAt: start}, min(4), Progress{State: Running}, min(10)},
		{"late registration: close= when it comes first", Timetable{Kind: Scheduled, StartAt: start, CloseAt: min(7)}, min(4), Progress{State: LateRegistration}, min(7)},
		{"late registration: the level's end when it comes first", Timetable{Kind: Scheduled, StartAt: start, CloseAt: min(17)}, min(4), Progress{State: LateRegistration}, min(10)},
		{"paused: only close=", Timetable{Kind: Scheduled, StartAt: start, CloseAt: min(17)}, min(4), Progress{State: LateRegistration, Paused: true}, min(17)},
		{"finished: nothing", Timetable{Kind: Scheduled, StartAt: start}, min(4), Progress{State: Finished}, time.Time{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := c.tt.Next(c.now, clock, c.p); !got.Equal(c.want) {
				t.Errorf("Next = %v, want %v", got, c.want)
			}
		})
	}
}

// R-TRN-4: a busted player with rebuys left has the rebuy window to rebuy;
// the bust stands once it passes or the rebuy period ends.
func TestABustStandsWhenTheRebuyWindowCloses(t *testing.T) {
	at := t0
	for _, c := range []struct {
		name       string
		now        time.Time
		rebuysOpen bool
		want       bool
	}{
		{"within the window", at.Add(RebuyWindow - time.Second), true, false},
		{"the window passed", at.Add(RebuyWindow), true, true},
		{"the rebuy period ended", at.Add(time.Second), false, true},
	} {
		if got := (Clock{}).BustStands(c.now, at, c.rebuysOpen); got != c.want {
			t.Errorf("%s: BustStands = %v, want %v", c.name, got, c.want)
		}
	}
}

// R-TRN-4: the rebuy window runs on the tournament clock: a pause
// (/tourney pause) stops it as it stops the levels, so a bust does not
// stand while the clock is stopped, and its window resumes with it.
func TestTheRebuyWindowStopsWhileTheClockIsPaused(t *testing.T) {
	bust := t0
	paused := Clock{Pauses: []Pause{{From: bust.Add(20 * time.Second)}}}
	resumed := Clock{Pauses: []Pause{{From: bust.Add(20 * time.Second), To: bust.Add(5 * time.Minute)}}}
	before := Clock{Pauses: []Pause{{From: bust.Add(-time.Hour), To: bust.Add(-time.Minute)}}}
	twice := Clock{Pauses: []Pause{{From: bust.Add(10 * time.Second), To: bust.Add(40 * time.Second)}, {From: bust.Add(80 * time.Second), To: bust.Add(100 * time.Second)}}}
	for _, c := range []struct {
		name  string
		clock Clock
		now   time.Time
		want  bool
	}{
		{"paused within the window, an hour later", paused, bust.Add(time.Hour), false},
		{"resumed: 20 s before the pause, 39 s after", resumed, bust.Add(5*time.Minute + 39*time.Second), false},
		{"resumed: 20 s before the pause, 40 s after", resumed, bust.Add(5*time.Minute + 40*time.Second), true},
		{"a pause before the bust counts for nothing", before, bust.Add(RebuyWindow), true},
		{"two pauses of 30 s and 20 s: 1 min 49 s later", twice, bust.Add(RebuyWindow + 49*time.Second), false},
		{"two pauses of 30 s and 20 s: 1 min 50 s later", twice, bust.Add(RebuyWindow + 50*time.Second), true},
	} {
		if got := c.clock.BustStands(c.now, bust, true); got != c.want {
			t.Errorf("%s: BustStands = %v, want %v", c.name, got, c.want)
		}
	}
	if at := paused.RunAfter(bust, RebuyWindow); !at.IsZero() {
		t.Errorf("RunAfter while paused = %v, want none", at)
	}
}
