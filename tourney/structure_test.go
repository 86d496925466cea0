package tourney

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// R-TRN-8
func TestPresetsFollowTheSpeedsLevelLengths(t *testing.T) {
	cases := []struct {
		s        Structure
		min, max time.Duration
		stack    Chips
	}{
		{SitAndGoPreset(Normal), 8 * time.Minute, 15 * time.Minute, 1500},
		{SitAndGoPreset(Turbo), 5 * time.Minute, 6 * time.Minute, 1500},
		{SitAndGoPreset(Hyper), 3 * time.Minute, 3 * time.Minute, 500},
		{MultiTablePreset(Normal), 8 * time.Minute, 15 * time.Minute, 10000},
		{MultiTablePreset(Turbo), 5 * time.Minute, 6 * time.Minute, 10000},
		{MultiTablePreset(Hyper), 3 * time.Minute, 3 * time.Minute, 5000},
	}
	for _, c := range cases {
		if err := c.s.Validate(); err != nil {
			t.Errorf("%s: %v", c.s.Name, err)
		}
		if c.s.StartingStack != c.stack {
			t.Errorf("%s: stack %d, want %d", c.s.Name, c.s.StartingStack, c.stack)
		}
		for i, l := range c.s.Levels {
			if !l.Break && (l.Duration < c.min || l.Duration > c.max) {
				t.Errorf("%s level %d lasts %v, want %v..%v", c.s.Name, i+1, l.Duration, c.min, c.max)
			}
		}
	}
	if h, n := SitAndGoPreset(Hyper), SitAndGoPreset(Normal); h.ActionTimer >= n.ActionTimer || h.StartingStack >= n.StartingStack {
		t.Errorf("hyper should have a shorter action timer and a smaller stack: %v/%d vs %v/%d", h.ActionTimer, h.StartingStack, n.ActionTimer, n.StartingStack)
	}
	m := MultiTablePreset(Normal)
	if l := m.Levels[0]; l.SmallBlind != 25 || l.BigBlind != 50 || l.Ante != 5 {
		t.Errorf("Sunday Million level 1 = %v", l)
	}
	n := 0
	for _, l := range m.Levels {
		if l.Break {
			continue
		}
		n++
		if n == 11 && (l.SmallBlind != 250 || l.BigBlind != 500 || l.Ante != 50 || l.Duration != 15*time.Minute) {
			t.Errorf("Sunday Million level 11 = %v, want 250/500/50 15m", l)
		}
		if n <= 10 && l.Duration != 12*time.Minute {
			t.Errorf("level %d lasts %v, want 12m", n, l.Duration)
		}
	}
	if err := WithBigBlindAnte(m).Validate(); err != nil {
		t.Errorf("big-blind ante variant: %v", err)
	}
}

// R-TRN-8
func TestSeedSitAndGoTemplates(t *testing.T) {
	want := [][2]Chips{{25, 50}, {50, 100}, {100, 200}, {200, 400}, {300, 600}, {500, 1000}, {750, 1500}, {1000, 2000}, {1500, 3000}, {3000, 6000}, {5000, 10000}}
	stacks := map[string]Chips{}
	for _, tpl := range SeedTemplates {
		s := tpl.Structure(0)
		if err := s.Validate(); err != nil {
			t.Fatalf("%s: %v", s.Name, err)
		}
		if _, err := ParseBuyIn(tpl.BuyIn); err != nil {
			t.Errorf("template buy-in %q: %v", tpl.BuyIn, err)
		}
		if tpl.TimeLimit {
			if len(s.Levels) != 1 || s.EndAfter != DefaultTimeLimit {
				t.Errorf("%s: want one fixed level and a time limit, got %v", s.Name, s.Levels)
			}
			if got := tpl.Structure(45 * time.Minute).EndAfter; got != 45*time.Minute {
				t.Errorf("time limit 45m gives %v", got)
			}
			continue
		}
		stacks[tpl.BuyIn] = s.StartingStack
		if len(s.Levels) != 11 {
			t.Fatalf("%s has %d levels, want 11", s.Name, len(s.Levels))
		}
		for i, l := range s.Levels {
			if l.SmallBlind != want[i][0] || l.BigBlind != want[i][1] || l.Duration != tpl.LevelTime {
				t.Errorf("%s level %d = %v", s.Name, i+1, l)
			}
		}
	}
	if stacks["20+5"] != 1500 || stacks["50+5"] != 2000 || stacks["100+10"] != 2500 {
		t.Errorf("template stacks = %v, want 1500/2000/2500", stacks)
	}
}

// R-TRN-8
func TestValidateNamesTheBadLevel(t *testing.T) {
	m := time.Minute
	cases := []struct {
		name   string
		levels []Level
		index  int
		err    error
	}{
		{"decreasing blinds", []Level{{SmallBlind: 50, BigBlind: 100, Duration: m}, {SmallBlind: 25, BigBlind: 50, Duration: m}}, 2, ErrLevelsNotIncreasing},
		{"repeated level", []Level{{SmallBlind: 50, BigBlind: 100, Duration: m}, {SmallBlind: 50, BigBlind: 100, Duration: m}}, 2, ErrLevelsNotIncreasing},
		{"ante above small blind", []Level{{SmallBlind: 50, BigBlind: 100, Ante: 60, Duration: m}}, 1, ErrAnteAboveSmallBlind},
		{"ante too small", []Level{{SmallBlind: 500, BigBlind: 1000, Ante: 10, Duration: m}}, 1, ErrAnteTooSmall},
		{"big below small", []Level{{SmallBlind: 100, BigBlind: 50, Duration: m}}, 1, ErrBigBelowSmall},
		{"zero blind", []Level{{SmallBlind: 0, BigBlind: 50, Duration: m}}, 1, ErrZeroBlind},
		{"no duration", []Level{{SmallBlind: 25, BigBlind: 50}}, 1, ErrBadDuration},
		{"break first", []Level{{Break: true, Duration: m}, {SmallBlind: 25, BigBlind: 50, Duration: m}}, 1, ErrBreakFirst},
		{"two breaks", []Level{{SmallBlind: 25, BigBlind: 50, Duration: m}, {Break: true, Duration: m}, {Break: true, Duration: m}}, 3, ErrBreaksAdjacent},
		{"bba above bb", []Level{{SmallBlind: 50, BigBlind: 100, Ante: 200, BigBlindAnte: true, Duration: m}}, 1, ErrBigBlindAnteAbove},
		// The clock stays on the last level for good: a final break would stop play forever.
		{"break last", []Level{{SmallBlind: 25, BigBlind: 50, Duration: m}, {Break: true, Duration: m}}, 2, ErrBreakLast},
	}
	for _, c := range cases {
		err := ValidateLevels(c.levels)
		var le *LevelError
		if !errors.Is(err, c.err) || !errors.As(err, &le) || le.Index != c.index {
			t.Errorf("%s: got %v, want level %d %v", c.name, err, c.index, c.err)
		}
	}
	if err := ValidateLevels(nil); !errors.Is(err, ErrNoLevels) {
		t.Errorf("no levels: %v", err)
	}
	ok := []Level{{SmallBlind: 100, BigBlind: 200, Duration: m}, {SmallBlind: 100, BigBlind: 200, Ante: 25, Duration: m}, {Break: true, Duration: m}, {SmallBlind: 100, BigBlind: 300, Ante: 300, BigBlindAnte: true, Duration: m}}
	if err := ValidateLevels(ok); err != nil {
		t.Errorf("same blinds with a new ante, a break and a big-blind ante: %v", err)
	}
}

// R-TRN-9
func TestParseLevelsReadsAdminInput(t *testing.T) {
	got, err := ParseLevels("25/50, 50/100 15m; 100/200/25\nbreak 5m, 150/300/300 bba", 12*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	want := []Level{
		{SmallBlind: 25, BigBlind: 50, Duration: 12 * time.Minute},
		{SmallBlind: 50, BigBlind: 100, Duration: 15 * time.Minute},
		{SmallBlind: 100, BigBlind: 200, Ante: 25, Duration: 12 * time.Minute},
		{Break: true, Duration: 5 * time.Minute},
		{SmallBlind: 150, BigBlind: 300, Ante: 300, BigBlindAnte: true, Duration: 12 * time.Minute},
	}
	checkEach(t, "level", got, want)
	for _, bad := range []struct {
		in  string
		err error
	}{
		{"25/50, 10/20", ErrLevelsNotIncreasing},
		{"50/100/75", ErrAnteAboveSmallBlind},
		{"25/50, fifty/100", ErrBadLevelSyntax},
		{"25/50 12x", ErrBadLevelSyntax},
		{"", ErrNoLevels},
	} {
		if _, err := ParseLevels(bad.in, time.Minute); !errors.Is(err, bad.err) {
			t.Errorf("ParseLevels(%q) = %v, want %v", bad.in, err, bad.err)
		}
	}
}

func FuzzParseLevels(f *testing.F) {
	for _, s := range []string{"25/50, 50/100 15m", "break 5m", "100/200/25 bba 1m", "1/2/3/4", ",,;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		levels, err := ParseLevels(s, 10*time.Minute)
		if err != nil {
			return
		}
		if err := ValidateLevels(levels); err != nil {
			t.Fatalf("ParseLevels(%q) accepted invalid levels: %v", s, err)
		}
	})
}

// R-TRN-9
func TestClockShowsLevelBreaksAndTimeLeft(t *testing.T) {
	start := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	levels, _ := ParseLevels("25/50 10m, 50/100 10m, break 5m, 100/200 10m", 0)
	c := Clock{Start: start, Structure: Structure{StartingStack: 1000, Levels: levels}}
	cases := []struct {
		at        time.Duration
		number    int
		onBreak   bool
		remaining time.Duration
	}{
		{0, 1, false, 10 * time.Minute},
		{9*time.Minute + 59*time.Second, 1, false, time.Second},
		{10 * time.Minute, 2, false, 10 * time.Minute},
		{21 * time.Minute, 2, true, 4 * time.Minute},
		{25 * time.Minute, 3, false, 10 * time.Minute},
		{90 * time.Minute, 3, false, 0},
	}
	for _, k := range cases {
		st := c.At(start.Add(k.at))
		if st.Number != k.number || st.OnBreak != k.onBreak || st.Remaining != k.remaining {
			t.Errorf("at +%v: level %d break %v left %v; want %d %v %v", k.at, st.Number, st.OnBreak, st.Remaining, k.number, k.onBreak, k.remaining)
		}
	}
	if _, _, ok := c.LevelForNextHand(start.Add(22 * time.Minute)); ok {
		t.Errorf("a hand may not start during a break")
	}
	if _, _, ok := c.LevelForNextHand(start.Add(-time.Minute)); ok {
		t.Errorf("a hand may not start before the start")
	}
	// A pause of 3 minutes during level 1 pushes level 2 back.
	c.Pauses = []Pause{{From: start.Add(5 * time.Minute), To: start.Add(8 * time.Minute)}}
	if st := c.At(start.Add(12 * time.Minute)); st.Number != 1 || st.Remaining != time.Minute {
		t.Errorf("with a pause: level %d left %v, want 1 and 1m", st.Number, st.Remaining)
	}
	if next := c.NextChange(start.Add(12 * time.Minute)); !next.Equal(start.Add(13 * time.Minute)) {
		t.Errorf("next change %v", next)
	}
}

// R-TRN-9
func TestNewLevelAppliesFromTheNextHand(t *testing.T) {
	start := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	c := Clock{Start: start, Structure: SitAndGoPreset(Normal)}
	handStart := start.Add(9*time.Minute + 50*time.Second)
	l, n, ok := c.LevelForNextHand(handStart)
	if !ok || n != 1 || l.BigBlind != 20 {
		t.Fatalf("hand at 9:50 plays level %d %v", n, l)
	}
	during := start.Add(10*time.Minute + 30*time.Second)
	if !c.LevelChangedSince(handStart, during) {
		t.Errorf("the clock reached zero during the hand: the change should be announced")
	}
	// The hand in progress keeps its level (the caller holds l); the next
	// hand gets level 2.
	l2, n2, _ := c.LevelForNextHand(during)
	if n2 != 2 || l2.BigBlind != 30 {
		t.Errorf("next hand plays level %d %v, want 2 at 15/30", n2, l2)
	}
}

// R-TRN-12
func TestTimedTournamentEndsAtTimeOrLevel(t *testing.T) {
	start := time.Date(2026, 1, 1, 20, 0, 0, 0, time.UTC)
	tl := SeedTemplates[3].Structure(60 * time.Minute)
	c := Clock{Start: start, Structure: tl}
	if c.At(start.Add(59 * time.Minute)).Ended {
		t.Errorf("ended before the time limit")
	}
	if !c.At(start.Add(60 * time.Minute)).Ended {
		t.Errorf("not ended at the time limit")
	}
	if _, _, ok := c.LevelForNextHand(start.Add(61 * time.Minute)); ok {
		t.Errorf("hands after the end")
	}
	s := SitAndGoPreset(Normal)
	s.EndAtLevel = 3
	c = Clock{Start: start, Structure: s}
	if c.At(start.Add(29 * time.Minute)).Ended {
		t.Errorf("ended during level 3")
	}
	if !c.At(start.Add(30 * time.Minute)).Ended {
		t.Errorf("not ended after level 3")
	}
	// A break after the last level played does not prolong it.
	m := MultiTablePreset(Normal)
	m.EndAtLevel = 6
	c = Clock{Start: start, Structure: m}
	if c.At(start.Add(71*time.Minute)).Ended || !c.At(start.Add(72*time.Minute)).Ended {
		t.Errorf("timed end at level 6 should come at +72m, before the break")
	}
}

// R-TRN-8: each of seed 001's sit-and-go templates is found by its key,
// in any case; an unknown key is not.
func TestSeedTemplateByKey(t *testing.T) {
	for _, tpl := range SeedTemplates {
		got, ok := SeedTemplateByKey(strings.ToUpper(tpl.Key))
		if !ok || got != tpl {
			t.Errorf("key %s: %+v, %v", tpl.Key, got, ok)
		}
		if !strings.Contains(" "+SeedTemplateKeys()+" ", " "+tpl.Key+" ") {
			t.Errorf("SeedTemplateKeys() %q lacks %s", SeedTemplateKeys(), tpl.Key)
		}
	}
	if tpl, ok := SeedTemplateByKey("sng70"); ok {
		t.Errorf("sng70: %+v", tpl)
	}
}
