package tourney

import (
	"errors"
	"fmt"
	"time"
)

// WindfallPlayers is the size of a windfall sit-and-go (R-TRN-17). Each
// windfall is its own Tournament (a SitAndGo with MaxPlayers 3, drawn
// with DrawWindfall when it fills), so a player may register for several
// at once by joining several.
const WindfallPlayers = 3

// WindfallOdds is one multiplier of the windfall distribution and its
// chance in draws per million.
type WindfallOdds struct {
	Multiplier int64
	PerMillion int
}

// WindfallDistribution is the published distribution of windfall prize
// multipliers (R-TRN-17). Seed 000 gives only the range (2x to 2,000x the
// buy-in); this table is the room's own, in the style of the Spin & Go
// tables rooms publish: the chances sum to exactly one million per million
// and the expected multiplier is 2.845, so the prize pools return 94.8% of
// the three players' prize parts.
var WindfallDistribution = []WindfallOdds{
	{2, 700000},
	{3, 200000},
	{5, 75000},
	{10, 20000},
	{25, 4000},
	{100, 850},
	{250, 100},
	{1000, 40},
	{2000, 10},
}

// WindfallOutcome is the draw made before a windfall's first hand.
type WindfallOutcome struct {
	Multiplier int64
	Pool       Chips   // Multiplier times the buy-in's prize part
	Payouts    []Chips // by place
}

// DrawWindfall draws a windfall's multiplier from WindfallDistribution
// before the first hand and sets its pool and payouts: winner takes all
// below 100x, 80/10/10 from 100x (larger prizes pay more places).
func DrawWindfall(b BuyIn, rng Rand) (WindfallOutcome, error) {
	if rng == nil {
		return WindfallOutcome{}, ErrNilRand
	}
	x := rng.IntN(1000000)
	var m int64
	for _, o := range WindfallDistribution {
		if x < o.PerMillion {
			m = o.Multiplier
			break
		}
		x -= o.PerMillion
	}
	pool := m * b.Prize
	w := []int64{1}
	if m >= 100 {
		w = []int64{80, 10, 10}
	}
	pay, err := Distribute(pool, w, 1)
	if err != nil {
		return WindfallOutcome{}, err
	}
	return WindfallOutcome{Multiplier: m, Pool: pool, Payouts: pay}, nil
}

// Errors about staged, pairs and windfall forms.
var (
	ErrNoFlights      = errors.New("no flights")
	ErrLevelNotFound  = errors.New("structure has no level after the one the flights ended on")
	ErrNotFinalTable  = errors.New("consultations are only at the final table")
	ErrNoConsultation = errors.New("the pair's consultation token is used")
	ErrUnknownPair    = errors.New("no such pair")
)

// FlightResult is how a qualifying flight of a staged tournament ended:
// the blind level number it ended on and the qualifiers' stacks.
type FlightResult struct {
	EndedLevel int
	Qualifiers []StackOf
}

// StagedFinal is the closed final of a staged tournament (R-TRN-16).
type StagedFinal struct {
	// Entrants carry their flight chips; a player who qualified in more
	// than one flight keeps their largest stack.
	Entrants []StackOf
	// StartLevel is the blind level number the final starts at: one after
	// the last level the flights played; StartIndex is its index in the
	// structure, for Clock.FromIndex.
	StartLevel, StartIndex int
	qualified              map[PlayerID]bool
}

// StageFinal builds the final from the flights.
func StageFinal(s Structure, flights []FlightResult) (StagedFinal, error) {
	if len(flights) == 0 {
		return StagedFinal{}, ErrNoFlights
	}
	best := make(map[PlayerID]Chips)
	var order []PlayerID
	ended := 0
	for _, f := range flights {
		ended = max(ended, f.EndedLevel)
		for _, q := range f.Qualifiers {
			if q.Stack <= 0 {
				return StagedFinal{}, fmt.Errorf("%w: qualifier %s with %d chips", ErrNonPositiveStack, q.Player, q.Stack)
			}
			if _, ok := best[q.Player]; !ok {
				order = append(order, q.Player)
			}
			best[q.Player] = max(best[q.Player], q.Stack)
		}
	}
	f := StagedFinal{StartLevel: ended + 1, qualified: make(map[PlayerID]bool)}
	n := 0
	f.StartIndex = -1
	for i, l := range s.Levels {
		if l.Break {
			continue
		}
		n++
		if n == f.StartLevel {
			f.StartIndex = i
			break
		}
	}
	if f.StartIndex < 0 {
		return StagedFinal{}, fmt.Errorf("%w: level %d", ErrLevelNotFound, f.StartLevel)
	}
	for _, p := range order {
		f.Entrants = append(f.Entrants, StackOf{Player: p, Stack: best[p]})
		f.qualified[p] = true
	}
	return f, nil
}

// MayRegister reports whether a player may play the closed final: only
// qualifiers may.
func (f StagedFinal) MayRegister(p PlayerID) bool { return f.qualified[p] }

// Pair is an entry of a pairs tournament (R-TRN-19).
type Pair struct {
	Member1, Member2 PlayerID
}

// PlayerForLevel is the member who plays the pair's merged stack in a
// blind level: member 1 the odd levels, member 2 the even ones.
func (p Pair) PlayerForLevel(level int) PlayerID {
	if level%2 == 1 {
		return p.Member1
	}
	return p.Member2
}

// PlayerForNextHand is the member who plays the next hand starting at
// now: members switch when the level changes, after the hand in progress
// (the clock's LevelForNextHand). ok is false when no hand may start.
func (p Pair) PlayerForNextHand(c Clock, now time.Time) (PlayerID, bool) {
	_, n, ok := c.LevelForNextHand(now)
	if !ok {
		return "", false
	}
	return p.PlayerForLevel(n), true
}

// MergePairStacks merges the members' stacks after the separate phase; a
// member who lost their stack (and re-entries) brings nothing, so the
// pair goes on with one stack.
func MergePairStacks(stack1, stack2 Chips) Chips { return max(stack1, 0) + max(stack2, 0) }

// ConsultationTime is how long a consultation lasts.
const ConsultationTime = time.Minute

// Consultations are the pairs' consultation tokens: one per pair at the
// final table.
type Consultations struct {
	used  map[int]bool
	pairs int
	final bool
}

// NewConsultations tracks tokens for pairs numbered 1..pairs.
func NewConsultations(pairs int) *Consultations {
	return &Consultations{used: make(map[int]bool), pairs: pairs}
}

// ReachFinalTable hands out the tokens.
func (c *Consultations) ReachFinalTable() { c.final = true }

// Use spends a pair's token and returns the time the pair has to decide
// together.
func (c *Consultations) Use(pair int) (time.Duration, error) {
	switch {
	case pair < 1 || pair > c.pairs:
		return 0, ErrUnknownPair
	case !c.final:
		return 0, ErrNotFinalTable
	case c.used[pair]:
		return 0, ErrNoConsultation
	}
	c.used[pair] = true
	return ConsultationTime, nil
}
