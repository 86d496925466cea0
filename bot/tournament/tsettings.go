package tournament

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/tourney"
)

// Settings is what an admin sets with /tourney create: the
// tournament's configuration and the room's own choices around it. It is
// stored as the tournament's record (JSON).
type Settings struct {
	Config  tourney.Config `json:"config"`
	Variant string         `json:"variant"`
	// Timer is the time to act; 0 means the structure's, else 30 s.
	Timer time.Duration `json:"timer"`
	// LateLevels: late registration (and re-entry) stays open for this
	// many blind levels after the start (R-TRN-5).
	LateLevels int `json:"late_levels,omitempty"`
	// RebuyLevels: the rebuy period lasts this many blind levels
	// (R-TRN-4); the add-on is offered for one level after it.
	RebuyLevels int `json:"rebuy_levels,omitempty"`
	// StartIn is a template's start: this long after it is used.
	StartIn time.Duration `json:"start_in,omitempty"`
	// CloseIn is a template's close=: this long after it is used.
	CloseIn time.Duration `json:"close_in,omitempty"`
	// OpenAt: registration opens then (zero: at once); CloseAt: it
	// closes then (before the start), or late registration ends then.
	OpenAt  time.Time `json:"open_at,omitzero"`
	CloseAt time.Time `json:"close_at,omitzero"`
	// Bots lets practice opponents fill the empty seats when an admin
	// starts a sit-and-go, or with /tourney bots.
	Bots bool `json:"bots,omitempty"`
	// Windfall: a 3-player sit-and-go whose prize multiplier is drawn
	// before the first hand (R-TRN-17).
	Windfall bool `json:"windfall,omitempty"`
	// League is the league the tournament scores in (R-LGE-1..3); its
	// share of the pool is Config.LeagueShare.
	League string `json:"league,omitempty"`
	// Target is the tournament a satellite's seats enter (R-TRN-15);
	// SeatsGtd seats are guaranteed (the house covers the pool up to
	// their value); Leftover is what the pool past the last whole seat
	// pays: "next" (the next place) or "buyins" (twice the satellite's
	// buy-in a place).
	Target   int64  `json:"target,omitempty"`
	SeatsGtd int    `json:"seats_gtd,omitempty"`
	Leftover string `json:"leftover,omitempty"`
	// Staged tournaments (R-TRN-16): Final marks a closed final that
	// only its flights' qualifiers play, with the chips and the prize
	// money they carry in; Flight is the final a timed qualifying flight
	// sends its survivors to.
	Final  bool  `json:"final,omitempty"`
	Flight int64 `json:"flight,omitempty"`
	// Pairs: a pairs tournament (R-TRN-19); the members play apart
	// during late registration, then one stack per pair.
	Pairs bool `json:"pairs,omitempty"`
	// Args are the options it was created with, for /tourney edit.
	Args []string `json:"args,omitempty"`
	// Platform and Chat are where the tournament was created.
	Platform string `json:"platform"`
	Chat     string `json:"chat"`
	// Thread is the place within the chat it was created in (a forum
	// topic, bot.Command.Thread): its lobby, news and single table show
	// there.
	Thread string `json:"thread,omitempty"`
}

func (s Settings) timer() time.Duration {
	switch {
	case s.Timer > 0:
		return s.Timer
	case s.Config.Structure.ActionTimer > 0:
		return s.Config.Structure.ActionTimer
	}
	return 30 * time.Second
}

// finalOptions are those a staged final takes: its qualifiers bring
// their chips and its pool; flightOptions, those a flight refuses: it
// plays its final's structure and carries its whole pool.
var (
	finalOptions  = map[string]bool{"stage": true, "start": true, "seats": true, "min": true, "speed": true, "structure": true, "level": true, "levels": true, "payout": true, "anon": true, "timer": true, "game": true, "league": true, "leagueshare": true}
	flightRefuses = map[string]bool{"speed": true, "structure": true, "level": true, "levels": true, "stack": true, "target": true, "windfall": true, "bounty": true, "guarantee": true, "payout": true, "league": true, "leagueshare": true, "game": true}
)

// ParseSettings reads /tourney create's arguments: the name (the
// words that are not key=value) and the options (tourneyOptionTable).
// now is the current time (for start=+30m and start=21:00).
func ParseSettings(args []string, now time.Time) (Settings, error) {
	d := &Draft{s: Settings{Variant: "nlhe"}, Now: now, speed: tourney.Normal, Given: map[string]bool{}}
	d.s.Config.TableSize = 9
	words, opts, err := table.SplitOptions(args, true)
	if err != nil {
		return d.s, err
	}
	c := &d.s.Config
	c.Name = strings.Join(words, " ")
	if c.Name == "" {
		return d.s, bot.Errorf(bot.EInvalid, "tourney.usage", OptionTable.Names())
	}
	if len([]rune(c.Name)) > 64 {
		return d.s, bot.Errorf(bot.EInvalid, "tourney.name_long")
	}
	for _, kv := range opts {
		d.Given[kv.Key] = true
		d.order = append(d.order, kv.Key)
	}
	if err := OptionTable.Apply(d, opts); err != nil {
		return d.s, err
	}
	for _, step := range []func() error{d.checkForms, d.buildStructure, d.applyEntryRules, d.checkTimes} {
		if err := step(); err != nil {
			return d.s, err
		}
	}
	if err := c.Validate(); err != nil {
		return d.s, bot.FromError(err)
	}
	d.s.Args = append([]string(nil), args...)
	return d.s, nil
}

// checkForms refuses options the tournament's form cannot take: a staged
// final's or flight's (R-TRN-16), a satellite's without its target
// (R-TRN-15), a pairs tournament's (R-TRN-19).
func (d *Draft) checkForms() error {
	s, c := &d.s, &d.s.Config
	if s.Final || s.Flight != 0 {
		if err := checkStaged(s, d.order, d.endAfter, d.endLevel); err != nil {
			return err
		}
	}
	if (s.SeatsGtd > 0 || s.Leftover != "") && s.Target == 0 {
		return bot.Errorf(bot.EInvalid, "tourney.tickets_alone")
	}
	if s.SeatsGtd > 0 && c.Guarantee > 0 {
		return bot.Errorf(bot.EInvalid, "tourney.tickets_guarantee")
	}
	if s.Pairs {
		for _, k := range []string{"bounty", "rebuys", "addon", "windfall", "target", "stage", "flight"} {
			if d.Given[k] {
				return bot.Errorf(bot.EInvalid, "tourney.pairs_option", k)
			}
		}
		if c.Kind != tourney.Scheduled || s.LateLevels == 0 {
			return bot.Errorf(bot.EInvalid, "tourney.pairs_late")
		}
	}
	return nil
}

// buildStructure makes the blind structure: the speed's preset, or seed
// 001's (R-TRN-8), or the custom levels, with level=, stack= and the
// time limits (R-TRN-12).
func (d *Draft) buildStructure() error {
	c := &d.s.Config
	if c.Kind == tourney.SitAndGo {
		if c.MaxPlayers == 0 {
			c.MaxPlayers = c.TableSize
		}
		c.Structure = tourney.SitAndGoPreset(d.speed)
	} else {
		c.Structure = tourney.MultiTablePreset(d.speed)
		if c.StartAt.IsZero() {
			return bot.Errorf(bot.EInvalid, "tourney.no_start")
		}
	}
	if d.seed != nil {
		for _, k := range []string{"speed", "levels"} {
			if d.Given[k] {
				return bot.Errorf(bot.EInvalid, "tourney.structure_with", k)
			}
		}
		// A time-limit template plays its one level until end= (or
		// tourney.DefaultTimeLimit), then pays by ICM (R-TRN-12).
		c.Structure = d.seed.Structure(d.endAfter)
		if d.seed.TimeLimit {
			d.endAfter = c.Structure.EndAfter
		}
	}
	if d.levels != nil {
		c.Structure.Levels, c.Structure.Name = d.levels, "custom"
	} else if d.levelTime > 0 {
		for i := range c.Structure.Levels {
			if !c.Structure.Levels[i].Break {
				c.Structure.Levels[i].Duration = d.levelTime
			}
		}
	}
	if d.stack > 0 {
		c.Structure.StartingStack = d.stack
	}
	// A timed tournament (R-TRN-12) stops after a time or a level and pays
	// by ICM on the stacks.
	c.Structure.EndAfter, c.Structure.EndAtLevel = d.endAfter, d.endLevel
	return nil
}

// applyEntryRules sets what follows from the options: a windfall's field
// and payout (R-TRN-17), the bounty (R-TRN-14), late registration
// (R-TRN-5), the league's share (R-LGE-1), the rebuys (R-TRN-4).
func (d *Draft) applyEntryRules() error {
	s, c := &d.s, &d.s.Config
	if s.Windfall {
		if c.Kind != tourney.SitAndGo || c.BuyIn.Prize == 0 {
			return bot.Errorf(bot.EInvalid, "tourney.windfall")
		}
		c.MaxPlayers, c.MinPlayers = tourney.WindfallPlayers, 0
		c.Payout = tourney.PayoutRule{Kind: tourney.WinnerTakesAll}
	}
	switch d.bounty {
	case "ko":
		c.Bounty = tourney.Knockout
	case "pko":
		c.Bounty = tourney.ProgressiveKnockout
		c.BuyIn = c.BuyIn.Progressive()
	default:
		// A bounty part with no knockout would be taken from every
		// entrant and paid to nobody (R-TRN-2, R-TRN-14).
		if c.BuyIn.Bounty > 0 {
			return bot.Errorf(bot.EInvalid, "tourney.bounty_part_off", c.BuyIn.String(), c.BuyIn.Bounty)
		}
	}
	if s.LateLevels > 0 {
		c.LateRegistration = true
	}
	switch {
	case s.League != "" && !d.leagueShare:
		c.LeagueShare = tourney.DefaultLeagueShare // 4% (R-LGE-1)
	case s.League == "" && d.leagueShare:
		return bot.Errorf(bot.EInvalid, "tourney.league_share_alone")
	}
	if c.Rebuys.Limit > 0 {
		if !d.rebuyPrice {
			c.Rebuys.Price = c.BuyIn.Prize + c.BuyIn.Bounty
		}
		if s.RebuyLevels == 0 {
			s.RebuyLevels = max(s.LateLevels, 6)
		}
		if c.Kind == tourney.SitAndGo {
			return bot.Errorf(bot.EInvalid, "tourney.sng_rebuys")
		}
		// A freeroll may sell rebuys, "at a price set for the
		// tournament" (000): free chips without end are not a rebuy.
		if c.BuyIn.Freeroll() && c.Rebuys.Price == 0 {
			return bot.Errorf(bot.EInvalid, "tourney.freeroll_rebuys")
		}
	}
	return nil
}

// checkTimes refuses re-entry without late registration (R-TRN-3), late
// registration in a sit-and-go, and a start, opening or closing out of
// order.
func (d *Draft) checkTimes() error {
	s, c := &d.s, &d.s.Config
	if c.MaxEntries > 1 && !c.LateRegistration {
		return bot.Errorf(bot.EInvalid, "tourney.reentry_needs_late")
	}
	if c.Kind == tourney.SitAndGo && c.LateRegistration {
		return bot.Errorf(bot.EInvalid, "tourney.sng_late")
	}
	if !s.OpenAt.IsZero() && c.Kind == tourney.Scheduled && !s.OpenAt.Before(c.StartAt) {
		return bot.Errorf(bot.EInvalid, "tourney.open_after_start")
	}
	if c.Kind == tourney.Scheduled && !c.StartAt.After(d.Now) {
		return bot.Errorf(bot.EInvalid, "tourney.start_past")
	}
	if !s.CloseAt.IsZero() {
		switch {
		case !s.OpenAt.IsZero() && !s.CloseAt.After(s.OpenAt):
			return bot.Errorf(bot.EInvalid, "tourney.close_before_open")
		case c.Kind == tourney.Scheduled && s.CloseAt.After(c.StartAt) && !c.LateRegistration:
			return bot.Errorf(bot.EInvalid, "tourney.close_after_start")
		}
	}
	return nil
}

// checkStaged refuses the options a staged final or a flight cannot
// take (R-TRN-16), each with its own message; keys are the options
// given, in order (the first refused is named).
func checkStaged(s *Settings, keys []string, endAfter time.Duration, endLevel int) error {
	c := &s.Config
	if s.Final && s.Flight != 0 {
		return bot.Errorf(bot.EInvalid, "tourney.final_flight")
	}
	if s.Final {
		for _, k := range keys {
			if !finalOptions[k] {
				return bot.Errorf(bot.EInvalid, "tourney.final_option", k)
			}
		}
		if c.Kind != tourney.Scheduled {
			return bot.Errorf(bot.EInvalid, "tourney.final_start")
		}
		if c.MinPlayers == 0 {
			c.MinPlayers = 2
		}
		return nil
	}
	for _, k := range keys {
		if flightRefuses[k] {
			return bot.Errorf(bot.EInvalid, "tourney.flight_option", k)
		}
	}
	if c.Kind != tourney.Scheduled {
		return bot.Errorf(bot.EInvalid, "tourney.flight_start")
	}
	if endAfter == 0 && endLevel == 0 {
		return bot.Errorf(bot.EInvalid, "tourney.flight_end")
	}
	if c.MinPlayers == 0 {
		c.MinPlayers = 2
	}
	return nil
}

// mergeArgs returns old's options with those of edit replacing the ones
// of the same keys (and edit's words, when any, replacing the name).
func mergeArgs(old, edit []string) []string {
	keys := map[string]bool{}
	named := false
	for _, a := range edit {
		if k, _, ok := strings.Cut(a, "="); ok {
			keys[strings.ToLower(k)] = true
		} else {
			named = true
		}
	}
	var out []string
	for _, a := range old {
		k, _, ok := strings.Cut(a, "=")
		if ok && keys[strings.ToLower(k)] || !ok && named {
			continue
		}
		out = append(out, a)
	}
	return append(out, edit...)
}

// pinTimes returns a tournament's options with the times of start=,
// open= and close= written as the instants they gave when s was made
// ("+1h" and "21:00" are read from the time they are read at): an edit
// re-reads the options it does not change, and must not move them.
func pinTimes(args []string, s Settings) []string {
	at := map[string]time.Time{"start": s.Config.StartAt, "open": s.OpenAt, "close": s.CloseAt}
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		k, v, ok := strings.Cut(a, "=")
		t := at[strings.ToLower(k)]
		if !ok || t.IsZero() || strings.EqualFold(v, "sng") || strings.EqualFold(v, "full") {
			continue
		}
		out[i] = k + "=" + t.Format(time.RFC3339Nano)
	}
	return out
}

// parseWhen reads a time: "+30m" (from now), "21:00" (the next such
// time, UTC), "2026-11-25T21:00" or "2026-11-25T21:00+01:00" (or an
// instant to the second, RFC 3339, as an edit keeps a time: pinTimes).
// ParseWhen is the moment a start= or close= value names, read at now:
// +1h30m from now, 21:00 the next such time (UTC), or a date.
func ParseWhen(v string, now time.Time) (time.Time, error) { return parseWhen(v, now) }

func parseWhen(v string, now time.Time) (time.Time, error) {
	if d, ok := strings.CutPrefix(v, "+"); ok {
		dur, err := time.ParseDuration(d)
		if err != nil || dur <= 0 || dur > 60*24*time.Hour {
			return time.Time{}, fmt.Errorf("bad duration %q", v)
		}
		return now.Add(dur), nil
	}
	if t, err := time.Parse("15:04", v); err == nil {
		now = now.UTC()
		at := time.Date(now.Year(), now.Month(), now.Day(), t.Hour(), t.Minute(), 0, 0, time.UTC)
		if !at.After(now) {
			at = at.AddDate(0, 0, 1)
		}
		return at, nil
	}
	for _, layout := range []string{"2006-01-02T15:04Z07:00", "2006-01-02T15:04", time.RFC3339Nano} {
		if t, err := time.Parse(layout, v); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("bad time %q", v)
}

// DecodeSettings reads a stored tournament's settings.
func DecodeSettings(s string) (Settings, error) {
	var ts Settings
	if err := json.Unmarshal([]byte(s), &ts); err != nil {
		return ts, fmt.Errorf("tournament settings: %w", err)
	}
	if err := ts.Config.Validate(); err != nil && !(ts.Config.StartAt.IsZero() && ts.StartIn > 0) {
		return ts, fmt.Errorf("tournament settings: %w", err)
	}
	if _, ok := table.Variants[ts.Variant]; !ok {
		return ts, fmt.Errorf("tournament settings: variant %q", ts.Variant)
	}
	return ts, nil
}

// ValidLeagueName: 1 to 32 letters, digits, '-' or '_'.
func ValidLeagueName(v string) bool {
	if v == "" || len(v) > 32 {
		return false
	}
	for _, r := range v {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}
