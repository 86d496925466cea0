package table

import (
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// The sit-out clock of a cash table's seats (R-CASH-4, seed 003 #18).

// sitoutWarning is the payload of a sit-out deadline that warns the
// player their break is over; a deadline without it ends the grace.
const sitoutWarning = "warn"

// setSitout starts seat i's sit-out clock (R-CASH-4, seed 003 #18): when
// the table's sit-out time has passed the player is told the break is
// over, and SitOutGrace later the seat goes to who waits (or the player
// is dealt in, paying the blinds).
func (t *Table) setSitout(i int, now time.Time, w *bot.TableWrite) {
	t.startSitout(i, now)
	w.SetDeadlines = append(w.SetDeadlines, t.sitoutDeadline(i))
}

// startSitout starts seat i's sit-out clock in memory: its first deadline
// is the warning, when the table's sit-out time has passed.
func (t *Table) startSitout(i int, now time.Time) {
	t.sitoutAt[i], t.sitoutWarn[i] = now.Add(t.Config.SitOut), true
}

// sitoutDeadline is seat i's sit-out deadline as it is stored: its next
// time, and whether it warns (sitoutWarning) or ends the grace.
func (t *Table) sitoutDeadline(i int) bot.Deadline {
	d := bot.Deadline{Key: t.key("sitout", i), At: t.sitoutAt[i]}
	if t.sitoutWarn[i] {
		d.Payload = sitoutWarning
	}
	return d
}

// dropSitout ends seat i's sit-out clock, if it runs.
func (t *Table) dropSitout(i int, w *bot.TableWrite) {
	if _, ok := t.sitoutAt[i]; ok {
		delete(t.sitoutAt, i)
		delete(t.sitoutWarn, i)
		w.ClearDeadlines = append(w.ClearDeadlines, t.key("sitout", i))
	}
}

// fireSitouts runs the sit-out deadlines that have come, in w: a warning
// that the time away is up, or past its grace the seat freed for who
// waits (or the player dealt in again, paying the blinds); true when any
// came.
func (t *Table) fireSitouts(now time.Time, w *bot.TableWrite) (changed bool) {
	for i, at := range t.sitoutAt {
		if now.Before(at) {
			continue
		}
		changed = true
		s := t.Seats[i]
		if t.sitoutWarn[i] && s != nil && s.SittingOut {
			// Seed 003 #18: the break is over; the grace starts now, with
			// the warning (later than at when the room was down).
			t.sitoutAt[i], t.sitoutWarn[i] = now.Add(SitOutGrace), false
			w.SetDeadlines = append(w.SetDeadlines, t.sitoutDeadline(i))
			key := "sitout.warn"
			if s.Short {
				key = "sitout.warn_short"
			}
			t.notify(s.Player, key, t.Label(), DurationText(SitOutGrace))
			continue
		}
		t.dropSitout(i, w)
		if s == nil || !s.SittingOut {
			continue
		}
		if len(t.waiting) > 0 { // R-CASH-4: the seat goes to who waits
			t.freeSeat(i, now, w)
		} else { // nobody waits: dealt in again, paying the blinds
			s.SittingOut, s.Away = false, true
		}
	}
	return changed
}

// BreakEvery is how often a player may take the sit-out time at a table
// (seed 003 #18: "una vez al día").
const BreakEvery = 24 * time.Hour

// rememberBreak keeps, for the rest of its day, when the player standing
// up from seat s last took the time away here (seed 003 #18: once a day
// is the player's, not the seat's): stored as a deadline, so a restart
// keeps it too.
func (t *Table) rememberBreak(s *Seat, now time.Time, w *bot.TableWrite) {
	if s.Bot || s.Break.IsZero() || !now.Before(s.Break.Add(BreakEvery)) {
		return
	}
	t.breaks[s.Player.ID] = s.Break
	w.SetDeadlines = append(w.SetDeadlines, bot.Deadline{Key: t.key("break", s.Player.ID), At: s.Break.Add(BreakEvery), Payload: MustJSON(s.Break)})
}

// takeBreak gives the seat s just taken the time away its player last
// took here, remembered since they stood up (rememberBreak), in w; the
// caller forgets it once w is stored.
func (t *Table) takeBreak(s *Seat, w *bot.TableWrite) {
	if b, ok := t.breaks[s.Player.ID]; ok {
		s.Break = b
		w.ClearDeadlines = append(w.ClearDeadlines, t.key("break", s.Player.ID))
	}
}

// forgetBreaks drops, in w, the times away remembered whose day has
// passed; true when any was.
func (t *Table) forgetBreaks(now time.Time, w *bot.TableWrite) (changed bool) {
	for p, b := range t.breaks {
		if !now.Before(b.Add(BreakEvery)) {
			delete(t.breaks, p)
			w.ClearDeadlines = append(w.ClearDeadlines, t.key("break", p))
			changed = true
		}
	}
	return changed
}

// BreaksAtOnce is the most players of a table sitting out at once (seed
// 003 #18: "hasta un máximo de dos jugadores por mesa").
const BreaksAtOnce = 2

// onBreak reports whether s sits out on the time away they asked for
// (/sitout: Break set when they sat out), the time seed 003 #18 allows
// two players of a table at once; not one sat out by timeouts (R-TIME-2)
// or for a short stack (R-SEAT-5), which nobody chose.
func onBreak(s *Seat) bool {
	return s.SittingOut && !s.Short && !s.Break.IsZero() && s.Break.Equal(s.SatOutAt)
}

// mayBreak refuses seat i's /sitout at now when seed 003 #18-#19 forbid
// it: before the player has played a hand here or with no chips on the
// table (#19), a second time within BreakEvery (#18: once a day), or with
// BreaksAtOnce others already on their time away (#18, onBreak).
func (t *Table) mayBreak(i int, now time.Time) error {
	s := t.Seats[i]
	if s.Bot {
		return nil
	}
	if !s.Played || s.Stack+s.Pending == 0 {
		return bot.Errorf(bot.EInvalid, "sitout.not_played", t.Label())
	}
	if !s.Break.IsZero() && now.Before(s.Break.Add(BreakEvery)) {
		return bot.Errorf(bot.EInvalid, "sitout.once_a_day", t.Label(), s.Break.Add(BreakEvery).UTC().Format("2006-01-02 15:04"))
	}
	n := 0
	for k, o := range t.Seats {
		if k != i && o != nil && !o.Bot && onBreak(o) {
			n++
		}
	}
	if n >= BreaksAtOnce {
		return bot.Errorf(bot.EInvalid, "sitout.two_out", t.Label(), BreaksAtOnce)
	}
	return nil
}
