package tourney

import (
	"testing"
	"time"
)

// R-TRN-12: a timed tournament's end is something the calendar has due:
// Next names the instant the clock reaches end= (or the end of level
// endlevel=), so that the director wakes then, also when that instant
// falls inside a level or during the structure's last level (a
// time-limit sit-and-go plays a single level until end=), where no level
// change wakes it.
func TestTimetableNextWakesForTheTimedEnd(t *testing.T) {
	lv := func(d time.Duration) Level { return Level{SmallBlind: 50, BigBlind: 100, Duration: d} }
	min := func(m float64) time.Time { return t0.Add(time.Duration(m * float64(time.Minute))) }
	twelve := []Level{lv(12 * time.Minute), lv(12 * time.Minute), lv(12 * time.Minute), lv(12 * time.Minute)}
	cases := []struct {
		name string
		s    Structure
		now  time.Time
		p    Progress
		want time.Time
	}{
		{"a single level until end=", Structure{Levels: []Level{lv(time.Hour)}, EndAfter: time.Hour}, min(1), Progress{State: Running}, min(60)},
		{"end= inside a level", Structure{Levels: twelve, EndAfter: 25 * time.Minute}, min(24.5), Progress{State: Running, Announced: 2}, min(25)},
		{"endlevel= the last level", Structure{Levels: twelve, EndAtLevel: 4}, min(40), Progress{State: Running, Announced: 3}, min(48)},
		{"a level change comes first", Structure{Levels: twelve, EndAfter: 30 * time.Minute}, min(13), Progress{State: Running, Announced: 1}, min(24)},
		{"the end announced already", Structure{Levels: []Level{lv(time.Hour)}, EndAfter: time.Hour}, min(1), Progress{State: Running, Ending: true}, time.Time{}},
		{"paused", Structure{Levels: []Level{lv(time.Hour)}, EndAfter: time.Hour}, min(1), Progress{State: Running, Paused: true}, time.Time{}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := Clock{Start: t0, Structure: tc.s}
			if tc.p.Paused {
				c.Pauses = []Pause{{From: min(0.5)}}
			}
			if got := (Timetable{Kind: SitAndGo}).Next(tc.now, c, tc.p); !got.Equal(tc.want) {
				t.Errorf("Next = %v, want %v", got, tc.want)
			}
		})
	}
}
