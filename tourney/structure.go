package tourney

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Level is one step of a blind structure, or a break (R-TRN-9: breaks are
// part of the structure, a level of their own).
type Level struct {
	SmallBlind, BigBlind Chips
	// Ante is posted by every player, or only by the big blind when
	// BigBlindAnte is set (the big blind is posted first, then the ante:
	// TDA 2024 RP-11).
	Ante         Chips
	BigBlindAnte bool
	Duration     time.Duration
	Break        bool
}

// String writes the level in the form ParseLevels reads.
func (l Level) String() string {
	if l.Break {
		return "break " + l.Duration.String()
	}
	s := fmt.Sprintf("%d/%d", l.SmallBlind, l.BigBlind)
	if l.Ante > 0 {
		s += fmt.Sprintf("/%d", l.Ante)
		if l.BigBlindAnte {
			s += " bba"
		}
	}
	return s + " " + l.Duration.String()
}

// Speed is the pace of a preset structure (R-TRN-8).
type Speed int

const (
	Normal Speed = iota // 8-15 minute levels
	Turbo               // 5-6 minute levels
	Hyper               // 3 minute levels, smaller stacks, shorter action timer
)

func (s Speed) String() string {
	switch s {
	case Normal:
		return "normal"
	case Turbo:
		return "turbo"
	case Hyper:
		return "hyper"
	}
	return "speed(" + strconv.Itoa(int(s)) + ")"
}

// Structure is a complete blind structure.
type Structure struct {
	Name          string
	StartingStack Chips
	Levels        []Level
	// ActionTimer is the per-turn timer the structure asks for (hyper
	// events use a shorter one); 0 means the room's default.
	ActionTimer time.Duration
	// EndAfter and EndAtLevel make a timed tournament (R-TRN-12): play
	// stops when the clock passes EndAfter, or when level EndAtLevel
	// (counting blind levels, not breaks, from 1) would end. Zero means
	// play to a winner.
	EndAfter   time.Duration
	EndAtLevel int
}

// Errors about structures; Validate wraps the per-level ones in a
// *LevelError naming the level.
var (
	ErrNoLevels            = errors.New("structure has no levels")
	ErrNoStartingStack     = errors.New("starting stack must be positive")
	ErrZeroBlind           = errors.New("blinds must be positive")
	ErrBigBelowSmall       = errors.New("big blind below small blind")
	ErrLevelsNotIncreasing = errors.New("levels not increasing")
	ErrAnteAboveSmallBlind = errors.New("ante above the small blind")
	ErrAnteTooSmall        = errors.New("ante below 5% of the small blind")
	ErrBigBlindAnteAbove   = errors.New("big-blind ante above the big blind")
	ErrBigBlindAnteNoAnte  = errors.New("big-blind ante marked without an amount")
	ErrBadDuration         = errors.New("level duration must be positive")
	ErrBreakHasBlinds      = errors.New("a break has no blinds or ante")
	ErrBreakFirst          = errors.New("structure starts with a break")
	ErrBreaksAdjacent      = errors.New("two breaks in a row")
	ErrBreakLast           = errors.New("structure ends with a break")
	ErrBadLevelSyntax      = errors.New("level not understood: write SB/BB, SB/BB/ANTE, optional bba and a duration like 12m, or break 10m")
)

// LevelError names the 1-based position (counting breaks) of a bad level.
type LevelError struct {
	Index int    // 1-based position in Levels
	Text  string // the level as written, when parsed
	Err   error
}

func (e *LevelError) Error() string {
	if e.Text != "" {
		return fmt.Sprintf("level %d %q: %v", e.Index, e.Text, e.Err)
	}
	return fmt.Sprintf("level %d: %v", e.Index, e.Err)
}

func (e *LevelError) Unwrap() error { return e.Err }

// Validate checks an admin-entered structure with DD Poker's rules of
// thumb: blinds positive and never decreasing, each level above the one
// before, a regular ante between 5% of the small blind and the small blind,
// a big-blind ante at most the big blind, positive durations, breaks of
// their own and never first, last or doubled.
func (s Structure) Validate() error {
	if s.StartingStack <= 0 {
		return ErrNoStartingStack
	}
	if s.StartingStack > MaxChips {
		return fmt.Errorf("starting stack %d: %w", s.StartingStack, ErrAmountTooLarge)
	}
	if s.ActionTimer < 0 || s.EndAfter < 0 {
		return fmt.Errorf("action timer %v, end after %v: %w", s.ActionTimer, s.EndAfter, ErrNegativeDuration)
	}
	if s.EndAtLevel < 0 {
		return fmt.Errorf("end at level %d: %w", s.EndAtLevel, ErrUnknownValue)
	}
	return ValidateLevels(s.Levels)
}

// ValidateLevels checks a list of levels (see Structure.Validate).
func ValidateLevels(levels []Level) error {
	if len(levels) == 0 {
		return ErrNoLevels
	}
	var prev *Level
	for i := range levels {
		l := &levels[i]
		fail := func(err error) error { return &LevelError{Index: i + 1, Err: err} }
		if l.Duration <= 0 {
			return fail(ErrBadDuration)
		}
		if l.SmallBlind < 0 || l.BigBlind < 0 || l.Ante < 0 {
			return fail(ErrNegativeAmount)
		}
		if l.SmallBlind > MaxChips || l.BigBlind > MaxChips || l.Ante > MaxChips {
			return fail(ErrAmountTooLarge)
		}
		if l.Break {
			if l.SmallBlind != 0 || l.BigBlind != 0 || l.Ante != 0 || l.BigBlindAnte {
				return fail(ErrBreakHasBlinds)
			}
			if i == 0 {
				return fail(ErrBreakFirst)
			}
			if levels[i-1].Break {
				return fail(ErrBreaksAdjacent)
			}
			if i == len(levels)-1 {
				// The last level lasts until the end: play would never resume.
				return fail(ErrBreakLast)
			}
			continue
		}
		switch {
		case l.SmallBlind <= 0 || l.BigBlind <= 0:
			return fail(ErrZeroBlind)
		case l.BigBlind < l.SmallBlind:
			return fail(ErrBigBelowSmall)
		case l.BigBlindAnte && l.Ante == 0:
			return fail(ErrBigBlindAnteNoAnte)
		case l.BigBlindAnte && l.Ante > l.BigBlind:
			return fail(ErrBigBlindAnteAbove)
		case !l.BigBlindAnte && l.Ante > l.SmallBlind:
			return fail(ErrAnteAboveSmallBlind)
		case !l.BigBlindAnte && l.Ante > 0 && l.Ante*20 < l.SmallBlind:
			return fail(ErrAnteTooSmall)
		}
		if prev != nil {
			if l.SmallBlind < prev.SmallBlind || l.BigBlind < prev.BigBlind ||
				(l.SmallBlind == prev.SmallBlind && l.BigBlind == prev.BigBlind && l.Ante <= prev.Ante) {
				return fail(ErrLevelsNotIncreasing)
			}
		}
		prev = l
	}
	return nil
}

// ParseLevels reads admin input: levels separated by commas, semicolons or
// new lines, each "SB/BB", "SB/BB/ANTE" or "SB/BB/ANTE bba", optionally
// followed by a duration ("12m", "90s", "1h"); "break 10m" is a break.
// Levels without a duration get def. The result is validated.
func ParseLevels(s string, def time.Duration) ([]Level, error) {
	items := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ';' || r == '\n' })
	var levels []Level
	for _, item := range items {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		idx := len(levels) + 1
		l, err := parseLevel(item, def)
		if err != nil {
			return nil, &LevelError{Index: idx, Text: item, Err: err}
		}
		levels = append(levels, l)
	}
	if err := ValidateLevels(levels); err != nil {
		var le *LevelError
		if errors.As(err, &le) {
			le.Text = strings.TrimSpace(levels[le.Index-1].String())
		}
		return nil, err
	}
	return levels, nil
}

func parseLevel(item string, def time.Duration) (Level, error) {
	fields := strings.Fields(strings.ToLower(item))
	l := Level{Duration: def}
	if len(fields) == 0 {
		return l, ErrBadLevelSyntax
	}
	rest := fields[1:]
	if fields[0] == "break" {
		l.Break = true
	} else {
		nums := strings.Split(fields[0], "/")
		if len(nums) < 2 || len(nums) > 3 {
			return l, ErrBadLevelSyntax
		}
		var v [3]Chips
		for i, n := range nums {
			x, err := strconv.ParseInt(n, 10, 64)
			if err != nil || x < 0 || x > maxAmount {
				return l, ErrBadLevelSyntax
			}
			v[i] = x
		}
		l.SmallBlind, l.BigBlind, l.Ante = v[0], v[1], v[2]
	}
	seenDur := false
	for _, f := range rest {
		switch {
		case f == "bba" && !l.Break && !l.BigBlindAnte:
			l.BigBlindAnte = true
		case !seenDur:
			d, err := time.ParseDuration(f)
			if err != nil || d <= 0 || d > 24*time.Hour {
				return l, ErrBadLevelSyntax
			}
			l.Duration, seenDur = d, true
		default:
			return l, ErrBadLevelSyntax
		}
	}
	return l, nil
}

// blindsOnly builds levels from (SB, BB, ante) triples, all lasting d.
func blindsOnly(d time.Duration, triples ...[3]Chips) []Level {
	out := make([]Level, len(triples))
	for i, t := range triples {
		out[i] = Level{SmallBlind: t[0], BigBlind: t[1], Ante: t[2], Duration: d}
	}
	return out
}

// Sit-and-go levels (PokerStars 9-max, REFERENCE.md), followed by a
// continuation so that the structure never runs out in practice.
var sngBlinds = [][3]Chips{
	{10, 20, 0}, {15, 30, 0}, {25, 50, 0}, {50, 100, 0}, {75, 150, 0}, {100, 200, 0},
	{100, 200, 25}, {200, 400, 25}, {300, 600, 25}, {400, 800, 50},
	{600, 1200, 75}, {800, 1600, 100}, {1000, 2000, 100}, {1500, 3000, 150}, {2000, 4000, 200},
}

// Multi-table levels: the Sunday Million opening (10,000 chips, 25/50
// ante 5, level 11 at 250/500 ante 50) with an even continuation.
var mttBlinds = [][3]Chips{
	{25, 50, 5}, {40, 80, 10}, {50, 100, 10}, {60, 120, 15}, {75, 150, 20},
	{100, 200, 25}, {125, 250, 30}, {150, 300, 40}, {175, 350, 40}, {200, 400, 50},
	{250, 500, 50}, {300, 600, 75}, {400, 800, 100}, {500, 1000, 125}, {600, 1200, 150},
	{800, 1600, 200}, {1000, 2000, 250}, {1200, 2400, 300}, {1500, 3000, 400}, {2000, 4000, 500},
	{2500, 5000, 600}, {3000, 6000, 750}, {4000, 8000, 1000}, {5000, 10000, 1250}, {6000, 12000, 1500},
	{8000, 16000, 2000}, {10000, 20000, 2500}, {12500, 25000, 3000}, {15000, 30000, 4000}, {20000, 40000, 5000},
}

// SitAndGoPreset returns the built-in sit-and-go structure for a speed
// (R-TRN-8): 1,500 chips with 10-minute (normal) or 5-minute (turbo)
// levels and the same blinds; hyper is 500 chips (25 big blinds) with
// 3-minute levels and a 15-second action timer.
func SitAndGoPreset(speed Speed) Structure {
	switch speed {
	case Turbo:
		return Structure{Name: "sit-and-go turbo", StartingStack: 1500, Levels: blindsOnly(5*time.Minute, sngBlinds...), ActionTimer: 30 * time.Second}
	case Hyper:
		return Structure{Name: "sit-and-go hyper", StartingStack: 500, Levels: blindsOnly(3*time.Minute, sngBlinds...), ActionTimer: 15 * time.Second}
	default:
		return Structure{Name: "sit-and-go", StartingStack: 1500, Levels: blindsOnly(10*time.Minute, sngBlinds...), ActionTimer: 30 * time.Second}
	}
}

// MultiTablePreset returns the built-in multi-table structure for a speed
// (R-TRN-8): normal is 10,000 chips, 12-minute levels for ten levels then
// 15, with a 5-minute break after every sixth level; turbo uses 6-minute
// levels; hyper 3-minute levels, 5,000 chips and a shorter action timer.
func MultiTablePreset(speed Speed) Structure {
	var levels []Level
	for i, t := range mttBlinds {
		d := 12 * time.Minute
		if i >= 10 {
			d = 15 * time.Minute
		}
		switch speed {
		case Turbo:
			d = 6 * time.Minute
		case Hyper:
			d = 3 * time.Minute
		}
		levels = append(levels, Level{SmallBlind: t[0], BigBlind: t[1], Ante: t[2], Duration: d})
		if speed != Hyper && (i+1)%6 == 0 && i+1 < len(mttBlinds) {
			levels = append(levels, Level{Break: true, Duration: 5 * time.Minute})
		}
	}
	s := Structure{Name: "multi-table", StartingStack: 10000, Levels: levels, ActionTimer: 30 * time.Second}
	switch speed {
	case Turbo:
		s.Name = "multi-table turbo"
	case Hyper:
		s.Name, s.StartingStack, s.ActionTimer = "multi-table hyper", 5000, 15*time.Second
	}
	return s
}

// WithBigBlindAnte returns s with every ante replaced by a big-blind ante
// equal to the big blind (Euro Poker Million 2019 style).
func WithBigBlindAnte(s Structure) Structure {
	out := s
	out.Levels = append([]Level(nil), s.Levels...)
	for i := range out.Levels {
		l := &out.Levels[i]
		if !l.Break && l.Ante > 0 {
			l.Ante, l.BigBlindAnte = l.BigBlind, true
		}
	}
	return out
}

// SeedSitAndGoLevels are the eleven sit-and-go levels of seed 001.
var SeedSitAndGoLevels = [][2]Chips{
	{25, 50}, {50, 100}, {100, 200}, {200, 400}, {300, 600}, {500, 1000},
	{750, 1500}, {1000, 2000}, {1500, 3000}, {3000, 6000}, {5000, 10000},
}

// SeedTemplate names one of seed 001's sit-and-go templates.
type SeedTemplate struct {
	// Key names the template in the room: sng20, sng50, sng100 and, for
	// the time-limit events, sng20-time, sng50-time, sng100-time.
	Key       string
	BuyIn     string // as the seed writes it
	Stack     Chips
	LevelTime time.Duration // 0 for time-limit events
	// Time-limit events play one fixed level (TimeLimitSB/BB) until the
	// time limit, then pay by ICM (R-TRN-12).
	TimeLimit                bool
	TimeLimitSB, TimeLimitBB Chips
}

// SeedTemplates lists seed 001's sit-and-go structures.
var SeedTemplates = []SeedTemplate{
	{Key: "sng20", BuyIn: "20+5", Stack: 1500, LevelTime: 12 * time.Minute},
	{Key: "sng50", BuyIn: "50+5", Stack: 2000, LevelTime: 12 * time.Minute},
	{Key: "sng100", BuyIn: "100+10", Stack: 2500, LevelTime: 15 * time.Minute},
	{Key: "sng20-time", BuyIn: "20+5", Stack: 2000, TimeLimit: true, TimeLimitSB: 50, TimeLimitBB: 100},
	{Key: "sng50-time", BuyIn: "50+5", Stack: 5000, TimeLimit: true, TimeLimitSB: 100, TimeLimitBB: 200},
	{Key: "sng100-time", BuyIn: "100+10", Stack: 10000, TimeLimit: true, TimeLimitSB: 200, TimeLimitBB: 400},
}

// SeedTemplateKeys lists the keys of SeedTemplates, space-separated.
func SeedTemplateKeys() string {
	keys := make([]string, len(SeedTemplates))
	for i, t := range SeedTemplates {
		keys[i] = t.Key
	}
	return strings.Join(keys, " ")
}

// SeedTemplateByKey returns the seed template of a key (any case).
func SeedTemplateByKey(key string) (SeedTemplate, bool) {
	for _, t := range SeedTemplates {
		if strings.EqualFold(t.Key, key) {
			return t, true
		}
	}
	return SeedTemplate{}, false
}

// DefaultTimeLimit is the length of a time-limit sit-and-go when the
// organiser does not set one (the seed gives none; this is the room's
// choice).
const DefaultTimeLimit = 60 * time.Minute

// Structure builds the template's structure. limit is the time limit of a
// time-limit template (0 means DefaultTimeLimit); it is ignored otherwise.
func (t SeedTemplate) Structure(limit time.Duration) Structure {
	if t.TimeLimit {
		if limit <= 0 {
			limit = DefaultTimeLimit
		}
		return Structure{
			Name:          "sit-and-go time limit " + t.BuyIn,
			StartingStack: t.Stack,
			Levels:        []Level{{SmallBlind: t.TimeLimitSB, BigBlind: t.TimeLimitBB, Duration: limit}},
			EndAfter:      limit,
		}
	}
	levels := make([]Level, len(SeedSitAndGoLevels))
	for i, b := range SeedSitAndGoLevels {
		levels[i] = Level{SmallBlind: b[0], BigBlind: b[1], Duration: t.LevelTime}
	}
	return Structure{Name: "sit-and-go " + t.BuyIn, StartingStack: t.Stack, Levels: levels}
}
