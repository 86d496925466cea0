// Package cron runs the room's recurring schedules (a weekly tournament,
// a daily freeroll) on github.com/robfig/cron/v3's schedules, with the
// room's clock and its store.
//
// Parse reads what an admin types: a cron expression ("0 21 * * 5",
// "CRON_TZ=Europe/Madrid 0 21 * * 5", "@daily") or a friendly form
// ("every fri 21:00 Europe/Madrid", "every mon,wed 19:30", "daily 20:00
// UTC", "every 2h"), with a specific error for each mistake. A Runner fires
// each schedule's job at its times, through bot.Clock (a test moves time
// itself); the last time each schedule fired is stored, so that a restart
// neither fires a schedule twice nor forgets one: a time missed while the
// room was down fires once at start. Jobs are thin calls into the room.
package cron

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	_ "time/tzdata" // time zones even where the system has none (a scratch image)

	robfig "github.com/robfig/cron/v3"
)

// Schedule is a parsed schedule.
type Schedule struct {
	spec  string // the cron expression it became
	shown string // as the admin typed it
	sched robfig.Schedule
}

// Spec is the schedule as a cron expression (with CRON_TZ= when a time
// zone was named).
func (s Schedule) Spec() string { return s.spec }

// String is the schedule as it was typed.
func (s Schedule) String() string { return s.shown }

// Next returns the first time after t the schedule fires.
func (s Schedule) Next(t time.Time) time.Time { return s.sched.Next(t) }

// Due tells, at now, whether a time was missed since the schedule last
// fired at last (zero: never), and when it fires next. A missed time fires
// once, however many were missed.
func (s Schedule) Due(last, now time.Time) (missed bool, next time.Time) {
	if !last.IsZero() {
		if n := s.Next(last.In(now.Location())); !n.IsZero() && !n.After(now) {
			return true, s.After(n, now)
		}
	}
	return false, s.Next(now)
}

// After returns the first time after t the schedule fires that is not the
// same wall-clock time as prev: when a daylight-saving change repeats an
// hour, a schedule inside it fires once, not twice.
func (s Schedule) After(prev, t time.Time) time.Time {
	next := s.Next(t)
	loc := t.Location()
	if ss, ok := s.sched.(*robfig.SpecSchedule); ok && ss.Location != nil {
		loc = ss.Location
	}
	for i := 0; i < 3 && !next.IsZero() && sameWallClock(prev.In(loc), next.In(loc)); i++ {
		next = s.Next(next)
	}
	return next
}

func sameWallClock(a, b time.Time) bool {
	ay, am, ad := a.Date()
	by, bm, bd := b.Date()
	return ay == by && am == bm && ad == bd && a.Hour() == b.Hour() && a.Minute() == b.Minute()
}

// parser reads standard five-field expressions and descriptors (@daily,
// @every 2h), with an optional CRON_TZ= prefix.
var parser = robfig.NewParser(robfig.Minute | robfig.Hour | robfig.Dom | robfig.Month | robfig.Dow | robfig.Descriptor)

// days are the day names the friendly form accepts, English and Spanish.
var days = map[string]int{
	"sun": 0, "sunday": 0, "dom": 0, "domingo": 0,
	"mon": 1, "monday": 1, "lun": 1, "lunes": 1,
	"tue": 2, "tuesday": 2, "mar": 2, "martes": 2,
	"wed": 3, "wednesday": 3, "mie": 3, "mié": 3, "miercoles": 3, "miércoles": 3,
	"thu": 4, "thursday": 4, "jue": 4, "jueves": 4,
	"fri": 5, "friday": 5, "vie": 5, "viernes": 5,
	"sat": 6, "saturday": 6, "sab": 6, "sáb": 6, "sabado": 6, "sábado": 6,
}

// Parse reads a schedule: a cron expression or a friendly form.
func Parse(text string) (Schedule, error) {
	shown := strings.Join(strings.Fields(text), " ")
	if shown == "" {
		return Schedule{}, fmt.Errorf("empty schedule: write one like \"every fri 21:00 Europe/Madrid\" or a cron expression like \"0 21 * * 5\"")
	}
	spec := shown
	words := strings.Fields(strings.ToLower(shown))
	switch words[0] {
	case "every", "cada", "daily", "diario":
		var err error
		if spec, err = friendly(words, strings.Fields(shown)); err != nil {
			return Schedule{}, fmt.Errorf("schedule %q: %w", shown, err)
		}
	default:
		if tz, ok := strings.CutPrefix(words[0], "cron_tz="); ok {
			if _, err := time.LoadLocation(strings.Fields(shown)[0][len("CRON_TZ="):]); err != nil {
				return Schedule{}, fmt.Errorf("schedule %q: unknown time zone %q (use a name like Europe/Madrid or UTC)", shown, tz)
			}
		}
	}
	sched, err := parse(spec)
	if err != nil {
		return Schedule{}, fmt.Errorf("schedule %q: %v (accepted: a cron expression of five fields, minute hour day month weekday, such as \"0 21 * * 5\", or \"every fri 21:00 Europe/Madrid\")", shown, err)
	}
	if sched.Next(time.Now()).IsZero() {
		return Schedule{}, fmt.Errorf("schedule %q never fires (a day that does not exist, such as 30 February)", shown)
	}
	return Schedule{spec: spec, shown: shown, sched: sched}, nil
}

// parse is the robfig parser, with what it mishandles caught: a time zone
// prefix alone ("CRON_TZ=") panics in it.
func parse(spec string) (sched robfig.Schedule, err error) {
	if f := strings.Fields(spec); len(f) == 1 && strings.Contains(f[0], "=") {
		return nil, fmt.Errorf("a time zone with no schedule after it")
	}
	defer func() {
		if r := recover(); r != nil {
			sched, err = nil, fmt.Errorf("unreadable: %v", r)
		}
	}()
	return parser.Parse(spec)
}

// friendly turns "every fri,sat 21:00 Europe/Madrid", "daily 20:00" or
// "every 2h" into a cron expression.
func friendly(words, typed []string) (string, error) {
	if words[0] == "daily" || words[0] == "diario" {
		words = append([]string{"every", "day"}, words[1:]...)
		typed = append([]string{"every", "day"}, typed[1:]...)
	}
	if len(words) == 2 {
		if d, err := time.ParseDuration(words[1]); err == nil {
			if d < time.Minute {
				return "", fmt.Errorf("an interval of %v is too short: at least 1m", d)
			}
			return "@every " + d.String(), nil
		}
	}
	if len(words) < 3 || len(words) > 4 {
		return "", fmt.Errorf("write \"every <days> <HH:MM> [time zone]\", such as \"every fri 21:00 Europe/Madrid\", or \"every 2h\"")
	}
	dow, err := dayList(words[1])
	if err != nil {
		return "", err
	}
	hh, mm, ok := strings.Cut(words[2], ":")
	h, err1 := strconv.Atoi(hh)
	m, err2 := strconv.Atoi(mm)
	if !ok || err1 != nil || err2 != nil || h < 0 || h > 23 || m < 0 || m > 59 || len(mm) != 2 {
		return "", fmt.Errorf("%q is not a time of day: write HH:MM, from 00:00 to 23:59", words[2])
	}
	spec := fmt.Sprintf("%d %d * * %s", m, h, dow)
	if len(words) == 4 {
		// zone names are case-sensitive: as typed, else in the usual case
		tz := typed[3]
		if _, err := time.LoadLocation(tz); err != nil || strings.EqualFold(tz, "local") {
			tz = zoneCase(words[3])
			if strings.EqualFold(tz, "utc") {
				tz = "UTC"
			}
			if _, err := time.LoadLocation(tz); err != nil || strings.EqualFold(tz, "local") {
				return "", fmt.Errorf("unknown time zone %q (use a name like Europe/Madrid, America/Mexico_City or UTC)", typed[3])
			}
		}
		spec = "CRON_TZ=" + tz + " " + spec
	}
	return spec, nil
}

// zoneCase restores the usual case of a zone name typed in lower case
// ("europe/madrid" -> "Europe/Madrid", "america/argentina/buenos_aires" ->
// "America/Argentina/Buenos_Aires").
func zoneCase(tz string) string {
	parts := strings.Split(tz, "/")
	for i, p := range parts {
		words := strings.Split(p, "_")
		for j, w := range words {
			if w != "" {
				words[j] = strings.ToUpper(w[:1]) + w[1:]
			}
		}
		parts[i] = strings.Join(words, "_")
	}
	return strings.Join(parts, "/")
}

// dayList reads "fri", "mon,wed,fri", "day", "weekdays", "weekend".
func dayList(s string) (string, error) {
	switch s {
	case "day", "days", "día", "dia", "días", "dias":
		return "*", nil
	case "weekday", "weekdays", "laborable", "laborables":
		return "1-5", nil
	case "weekend", "weekends", "finde":
		return "0,6", nil
	}
	var out []string
	seen := map[int]bool{}
	for _, d := range strings.Split(s, ",") {
		n, ok := days[d]
		if !ok {
			return "", fmt.Errorf("%q is not a day: use mon, tue, wed, thu, fri, sat, sun (or lun ... dom), day, weekdays or weekend", d)
		}
		if !seen[n] {
			seen[n] = true
			out = append(out, strconv.Itoa(n))
		}
	}
	return strings.Join(out, ","), nil
}
