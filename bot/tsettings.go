package bot

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/tourney"
)

// tourneySettings is what an admin sets with /tourney create: the
// tournament's configuration and the room's own choices around it. It is
// stored as the tournament's record (JSON).
type tourneySettings struct {
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
}

func (s tourneySettings) timer() time.Duration {
	switch {
	case s.Timer > 0:
		return s.Timer
	case s.Config.Structure.ActionTimer > 0:
		return s.Config.Structure.ActionTimer
	}
	return 30 * time.Second
}

// tourneyOptions lists the options /tourney create reads, for the help.
const tourneyOptions = "buyin= bounty= start= open= close= seats= players= min= speed= structure= levels= level= stack= late= reentry= target= tickets= leftover= stage=final flight= pairs= league= leagueshare= windfall= end= endlevel= rebuys= rebuy= rebuychips= rebuylevels= addon= guarantee= payout= anon= bots= timer= game="

// finalOptions are those a staged final takes: its qualifiers bring
// their chips and its pool; flightOptions, those a flight refuses: it
// plays its final's structure and carries its whole pool.
var (
	finalOptions  = map[string]bool{"stage": true, "start": true, "seats": true, "min": true, "speed": true, "structure": true, "level": true, "levels": true, "payout": true, "anon": true, "timer": true, "game": true, "league": true, "leagueshare": true}
	flightRefuses = map[string]bool{"speed": true, "structure": true, "level": true, "levels": true, "stack": true, "target": true, "windfall": true, "bounty": true, "guarantee": true, "payout": true, "league": true, "leagueshare": true, "game": true}
)

// parseTourneySettings reads /tourney create's arguments: the name (the
// words that are not key=value) and the options. now is the current time
// (for start=+30m and start=21:00).
func parseTourneySettings(args []string, now time.Time) (tourneySettings, error) {
	s := tourneySettings{Variant: "nlhe"}
	c := &s.Config
	c.TableSize = 9
	var name []string
	opts := map[string]string{}
	var order []string
	for _, a := range args {
		k, v, ok := strings.Cut(a, "=")
		if !ok {
			name = append(name, a)
			continue
		}
		k = strings.ToLower(strings.TrimSpace(k))
		if k == "" || v == "" {
			return s, Errorf(EInvalid, "newtable.option", a)
		}
		if _, dup := opts[k]; dup {
			return s, Errorf(EInvalid, "tourney.option_twice", k)
		}
		opts[k] = v
		order = append(order, k)
	}
	c.Name = strings.Join(name, " ")
	if c.Name == "" {
		return s, Errorf(EInvalid, "tourney.usage", tourneyOptions)
	}
	if len([]rune(c.Name)) > 64 {
		return s, Errorf(EInvalid, "tourney.name_long")
	}
	bad := func(k string) error { return Errorf(EInvalid, "newtable.value", k, opts[k]) }
	intOpt := func(k string, lo, hi int) (int, error) {
		n, err := strconv.Atoi(opts[k])
		if err != nil || n < lo || n > hi {
			return 0, Errorf(EInvalid, "tourney.range", k, opts[k], lo, hi)
		}
		return n, nil
	}
	onOff := func(k string) (bool, error) {
		switch strings.ToLower(opts[k]) {
		case "on", "yes", "true", "1":
			return true, nil
		case "off", "no", "false", "0":
			return false, nil
		}
		return false, bad(k)
	}
	speed := tourney.Normal
	var seed *tourney.SeedTemplate // structure=: one of seed 001's (R-TRN-8)
	var levelTime time.Duration
	var levels []tourney.Level
	var stack int64
	bounty := ""
	rebuyPrice, leagueShare := false, false
	var endAfter time.Duration
	endLevel := 0
	var err error
	for _, k := range order {
		v := opts[k]
		switch k {
		case "buyin":
			if strings.EqualFold(v, "free") {
				c.BuyIn = tourney.BuyIn{}
				break
			}
			if c.BuyIn, err = tourney.ParseBuyIn(v); err != nil {
				return s, err
			}
		case "bounty":
			switch strings.ToLower(v) {
			case "ko", "knockout":
				bounty = "ko"
			case "pko", "progressive":
				bounty = "pko"
			case "off", "no":
				bounty = ""
			default:
				return s, bad(k)
			}
		case "start":
			if strings.EqualFold(v, "sng") || strings.EqualFold(v, "full") {
				c.Kind = tourney.SitAndGo
				break
			}
			at, err := parseWhen(v, now)
			if err != nil {
				return s, Errorf(EInvalid, "tourney.when", k, v)
			}
			c.Kind, c.StartAt = tourney.Scheduled, at
		case "open":
			at, err := parseWhen(v, now)
			if err != nil {
				return s, Errorf(EInvalid, "tourney.when", k, v)
			}
			s.OpenAt = at
		case "close":
			at, err := parseWhen(v, now)
			if err != nil {
				return s, Errorf(EInvalid, "tourney.when", k, v)
			}
			s.CloseAt = at
		case "seats":
			n, err := strconv.Atoi(v)
			if err != nil || !tourney.ValidTableSize(n) {
				return s, Errorf(EInvalid, "tourney.bad_table_size")
			}
			c.TableSize = n
		case "players":
			if c.MaxPlayers, err = intOpt(k, 2, 10000); err != nil {
				return s, err
			}
		case "min":
			if c.MinPlayers, err = intOpt(k, 2, 10000); err != nil {
				return s, err
			}
		case "speed":
			switch strings.ToLower(v) {
			case "normal":
				speed = tourney.Normal
			case "turbo":
				speed = tourney.Turbo
			case "hyper":
				speed = tourney.Hyper
			default:
				return s, bad(k)
			}
		case "structure":
			t, ok := tourney.SeedTemplateByKey(v)
			if !ok {
				return s, Errorf(EInvalid, "tourney.structure", v, tourney.SeedTemplateKeys())
			}
			seed = &t
		case "level":
			d, err := time.ParseDuration(v)
			if err != nil || d < 30*time.Second || d > 2*time.Hour {
				return s, Errorf(EInvalid, "newtable.duration", k, "30s", "2h")
			}
			levelTime = d
		case "levels":
			def := levelTime
			if def == 0 {
				def = 10 * time.Minute
			}
			if levels, err = tourney.ParseLevels(strings.ReplaceAll(v, "_", " "), def); err != nil {
				return s, err
			}
		case "stack":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 1 || n > 100_000_000 {
				return s, Errorf(EInvalid, "tourney.range", k, v, 1, 100_000_000)
			}
			stack = n
		case "late":
			if s.LateLevels, err = intOpt(k, 0, 30); err != nil {
				return s, err
			}
		case "reentry":
			if c.MaxEntries, err = intOpt(k, 1, 99); err != nil {
				return s, err
			}
		case "rebuys":
			if c.Rebuys.Limit, err = intOpt(k, 0, tourney.Unlimited); err != nil {
				return s, err
			}
		case "rebuy":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 || n > tourney.MaxChips {
				return s, Errorf(EInvalid, "tourney.range", k, v, 0, tourney.MaxChips)
			}
			c.Rebuys.Price, rebuyPrice = n, true
		case "rebuychips":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 1 || n > 100_000_000 {
				return s, Errorf(EInvalid, "tourney.range", k, v, 1, 100_000_000)
			}
			c.Rebuys.Stack = n
		case "rebuylevels":
			if s.RebuyLevels, err = intOpt(k, 1, 30); err != nil {
				return s, err
			}
		case "addon":
			price, chips, ok := strings.Cut(v, ":")
			p, err1 := strconv.ParseInt(price, 10, 64)
			n, err2 := strconv.ParseInt(chips, 10, 64)
			if !ok || err1 != nil || err2 != nil || p < 0 || p > tourney.MaxChips || n < 1 || n > 100_000_000 {
				return s, Errorf(EInvalid, "tourney.addon_syntax", v)
			}
			c.AddOn = tourney.AddOnRules{Price: p, Stack: n}
		case "windfall":
			if s.Windfall, err = onOff(k); err != nil {
				return s, err
			}
		case "end":
			d, err := time.ParseDuration(v)
			if err != nil || d < time.Minute || d > 48*time.Hour {
				return s, Errorf(EInvalid, "newtable.duration", k, "1m", "48h")
			}
			endAfter = d
		case "endlevel":
			if endLevel, err = intOpt(k, 1, 100); err != nil {
				return s, err
			}
		case "league":
			if !validLeagueName(v) {
				return s, Errorf(EInvalid, "tourney.league_name", v)
			}
			s.League = strings.ToLower(v)
		case "leagueshare":
			pct, err := strconv.ParseFloat(strings.TrimSuffix(v, "%"), 64)
			if err != nil || pct < 0 || pct > 20 {
				return s, Errorf(EInvalid, "tourney.league_share", v)
			}
			c.LeagueShare, leagueShare = int(pct*100+0.5), true
		case "target":
			id, ok := cutTourneyLabel(v)
			if !ok {
				return s, Errorf(EInvalid, "tourney.target", v)
			}
			s.Target = id
		case "pairs":
			if s.Pairs, err = onOff(k); err != nil {
				return s, err
			}
		case "tickets":
			if s.SeatsGtd, err = intOpt(k, 1, 1000); err != nil {
				return s, err
			}
		case "leftover":
			switch l := strings.ToLower(v); l {
			case "next", "buyins":
				s.Leftover = l
			default:
				return s, bad(k)
			}
		case "stage":
			if !strings.EqualFold(v, "final") {
				return s, bad(k)
			}
			s.Final = true
		case "flight":
			id, ok := cutTourneyLabel(v)
			if !ok {
				return s, Errorf(EInvalid, "tourney.flight_final", v)
			}
			s.Flight = id
		case "guarantee":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 || n > tourney.MaxChips {
				return s, Errorf(EInvalid, "tourney.range", k, v, 0, tourney.MaxChips)
			}
			c.Guarantee = n
		case "payout":
			switch p := strings.ToLower(v); {
			case p == "proportional" || p == "standard":
				c.Payout = tourney.PayoutRule{Kind: tourney.Proportional}
			case p == "wta" || p == "winner":
				c.Payout = tourney.PayoutRule{Kind: tourney.WinnerTakesAll}
			case strings.HasPrefix(p, "top"):
				n, err := strconv.Atoi(p[3:])
				if err != nil || n < 1 || n > 100 {
					return s, bad(k)
				}
				c.Payout = tourney.PayoutRule{Kind: tourney.TopN, Places: n}
			default:
				return s, bad(k)
			}
		case "anon":
			if c.Anonymous, err = onOff(k); err != nil {
				return s, err
			}
		case "bots":
			if s.Bots, err = onOff(k); err != nil {
				return s, err
			}
		case "timer":
			d, err := time.ParseDuration(v)
			if err != nil || d < 5*time.Second || d > 5*time.Minute {
				return s, Errorf(EInvalid, "newtable.duration", k, "5s", "5m")
			}
			s.Timer = d
		case "game":
			vv, ok := variants[strings.ToLower(v)]
			if !ok || vv.game != variants["nlhe"].game && vv.game != variants["plo"].game {
				return s, Errorf(EInvalid, "tourney.game", v)
			}
			s.Variant = strings.ToLower(v)
		default:
			return s, Errorf(EInvalid, "tourney.unknown_option", k, tourneyOptions)
		}
	}
	if s.Final || s.Flight != 0 {
		if err := checkStaged(&s, opts, endAfter, endLevel); err != nil {
			return s, err
		}
	}
	if (s.SeatsGtd > 0 || s.Leftover != "") && s.Target == 0 {
		return s, Errorf(EInvalid, "tourney.tickets_alone")
	}
	if s.SeatsGtd > 0 && c.Guarantee > 0 {
		return s, Errorf(EInvalid, "tourney.tickets_guarantee")
	}
	if s.Pairs {
		for _, k := range []string{"bounty", "rebuys", "addon", "windfall", "target", "stage", "flight"} {
			if _, ok := opts[k]; ok {
				return s, Errorf(EInvalid, "tourney.pairs_option", k)
			}
		}
		if c.Kind != tourney.Scheduled || s.LateLevels == 0 {
			return s, Errorf(EInvalid, "tourney.pairs_late")
		}
	}
	if c.Kind == tourney.SitAndGo {
		if c.MaxPlayers == 0 {
			c.MaxPlayers = c.TableSize
		}
		c.Structure = tourney.SitAndGoPreset(speed)
	} else {
		c.Structure = tourney.MultiTablePreset(speed)
		if c.StartAt.IsZero() {
			return s, Errorf(EInvalid, "tourney.no_start")
		}
	}
	if seed != nil {
		for _, k := range []string{"speed", "levels"} {
			if _, ok := opts[k]; ok {
				return s, Errorf(EInvalid, "tourney.structure_with", k)
			}
		}
		// A time-limit template plays its one level until end= (or
		// tourney.DefaultTimeLimit), then pays by ICM (R-TRN-12).
		c.Structure = seed.Structure(endAfter)
		if seed.TimeLimit {
			endAfter = c.Structure.EndAfter
		}
	}
	if levels != nil {
		c.Structure.Levels, c.Structure.Name = levels, "custom"
	} else if levelTime > 0 {
		for i := range c.Structure.Levels {
			if !c.Structure.Levels[i].Break {
				c.Structure.Levels[i].Duration = levelTime
			}
		}
	}
	if stack > 0 {
		c.Structure.StartingStack = stack
	}
	// A timed tournament (R-TRN-12) stops after a time or a level and pays
	// by ICM on the stacks.
	c.Structure.EndAfter, c.Structure.EndAtLevel = endAfter, endLevel
	if s.Windfall {
		if c.Kind != tourney.SitAndGo || c.BuyIn.Prize == 0 {
			return s, Errorf(EInvalid, "tourney.windfall")
		}
		c.MaxPlayers, c.MinPlayers = tourney.WindfallPlayers, 0
		c.Payout = tourney.PayoutRule{Kind: tourney.WinnerTakesAll}
	}
	switch bounty {
	case "ko":
		c.Bounty = tourney.Knockout
	case "pko":
		c.Bounty = tourney.ProgressiveKnockout
		c.BuyIn = c.BuyIn.Progressive()
	}
	if s.LateLevels > 0 {
		c.LateRegistration = true
	}
	switch {
	case s.League != "" && !leagueShare:
		c.LeagueShare = tourney.DefaultLeagueShare // 4% (R-LGE-1)
	case s.League == "" && leagueShare:
		return s, Errorf(EInvalid, "tourney.league_share_alone")
	}
	if c.Rebuys.Limit > 0 {
		if !rebuyPrice {
			c.Rebuys.Price = c.BuyIn.Prize + c.BuyIn.Bounty
		}
		if s.RebuyLevels == 0 {
			s.RebuyLevels = max(s.LateLevels, 6)
		}
		if c.Kind == tourney.SitAndGo {
			return s, Errorf(EInvalid, "tourney.sng_rebuys")
		}
		// A freeroll may sell rebuys, "at a price set for the
		// tournament" (000): free chips without end are not a rebuy.
		if c.BuyIn.Freeroll() && c.Rebuys.Price == 0 {
			return s, Errorf(EInvalid, "tourney.freeroll_rebuys")
		}
	}
	if c.MaxEntries > 1 && !c.LateRegistration {
		return s, Errorf(EInvalid, "tourney.reentry_needs_late")
	}
	if c.Kind == tourney.SitAndGo && c.LateRegistration {
		return s, Errorf(EInvalid, "tourney.sng_late")
	}
	if !s.OpenAt.IsZero() && c.Kind == tourney.Scheduled && !s.OpenAt.Before(c.StartAt) {
		return s, Errorf(EInvalid, "tourney.open_after_start")
	}
	if c.Kind == tourney.Scheduled && !c.StartAt.After(now) {
		return s, Errorf(EInvalid, "tourney.start_past")
	}
	if !s.CloseAt.IsZero() {
		switch {
		case !s.OpenAt.IsZero() && !s.CloseAt.After(s.OpenAt):
			return s, Errorf(EInvalid, "tourney.close_before_open")
		case c.Kind == tourney.Scheduled && s.CloseAt.After(c.StartAt) && !c.LateRegistration:
			return s, Errorf(EInvalid, "tourney.close_after_start")
		}
	}
	if err := c.Validate(); err != nil {
		return s, err
	}
	s.Args = append([]string(nil), args...)
	return s, nil
}

// checkStaged refuses the options a staged final or a flight cannot
// take (R-TRN-16), each with its own message.
func checkStaged(s *tourneySettings, opts map[string]string, endAfter time.Duration, endLevel int) error {
	c := &s.Config
	if s.Final && s.Flight != 0 {
		return Errorf(EInvalid, "tourney.final_flight")
	}
	if s.Final {
		for k := range opts {
			if !finalOptions[k] {
				return Errorf(EInvalid, "tourney.final_option", k)
			}
		}
		if c.Kind != tourney.Scheduled {
			return Errorf(EInvalid, "tourney.final_start")
		}
		if c.MinPlayers == 0 {
			c.MinPlayers = 2
		}
		return nil
	}
	for k := range opts {
		if flightRefuses[k] {
			return Errorf(EInvalid, "tourney.flight_option", k)
		}
	}
	if c.Kind != tourney.Scheduled {
		return Errorf(EInvalid, "tourney.flight_start")
	}
	if endAfter == 0 && endLevel == 0 {
		return Errorf(EInvalid, "tourney.flight_end")
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

// parseWhen reads a time: "+30m" (from now), "21:00" (the next such
// time, UTC), "2026-11-25T21:00" or "2026-11-25T21:00+01:00".
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
	for _, layout := range []string{"2006-01-02T15:04Z07:00", "2006-01-02T15:04"} {
		if t, err := time.Parse(layout, v); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("bad time %q", v)
}

func decodeTourneySettings(s string) (tourneySettings, error) {
	var ts tourneySettings
	if err := json.Unmarshal([]byte(s), &ts); err != nil {
		return ts, fmt.Errorf("tournament settings: %w", err)
	}
	if err := ts.Config.Validate(); err != nil && !(ts.Config.StartAt.IsZero() && ts.StartIn > 0) {
		return ts, fmt.Errorf("tournament settings: %w", err)
	}
	if _, ok := variants[ts.Variant]; !ok {
		return ts, fmt.Errorf("tournament settings: variant %q", ts.Variant)
	}
	return ts, nil
}

// validLeagueName: 1 to 32 letters, digits, '-' or '_'.
func validLeagueName(v string) bool {
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
