package engine

import (
	"errors"
	"fmt"
)

// MaxSeats is the largest number of players one hand can deal in.
const MaxSeats = 10

// Game is the variant played: which cards are dealt and how hands are valued.
type Game uint8

// The games of the seeds.
const (
	Holdem     Game = iota // Texas Hold'em: two hole cards, five board cards
	Omaha                  // Omaha: four hole cards, exactly two used
	Omaha5                 // five-card Omaha
	OmahaHiLo              // Omaha hi/lo eight-or-better, four hole cards
	OmahaHiLo5             // Omaha hi/lo eight-or-better, five hole cards
	Draw                   // five-card draw (seed 004)
	numGames
)

var gameNames = [numGames]string{"holdem", "omaha", "omaha5", "omaha_hilo", "omaha_hilo5", "draw"}

// String returns the game's short name ("holdem", "omaha_hilo", ...).
func (g Game) String() string { return enumString(g, gameNames[:], "Game") }

// MarshalText implements encoding.TextMarshaler.
func (g Game) MarshalText() ([]byte, error) { return enumMarshal(g, gameNames[:], "game") }

// UnmarshalText implements encoding.TextUnmarshaler.
func (g *Game) UnmarshalText(b []byte) error {
	return enumUnmarshal(g, gameNames[:], "game", b)
}

// HoleCards is the number of cards dealt to each player.
func (g Game) HoleCards() int {
	switch g {
	case Holdem:
		return 2
	case Omaha, OmahaHiLo:
		return 4
	case Omaha5, OmahaHiLo5, Draw:
		return 5
	}
	return 0
}

// HiLo reports whether pots are split between a high and an eight-or-better low.
func (g Game) HiLo() bool { return g == OmahaHiLo || g == OmahaHiLo5 }

// HasBoard reports whether the game deals community cards.
func (g Game) HasBoard() bool { return g != Draw }

// Betting is the betting structure.
type Betting uint8

// The three betting structures.
const (
	NoLimit Betting = iota
	PotLimit
	FixedLimit
	numBettings
)

var bettingNames = [numBettings]string{"no_limit", "pot_limit", "fixed_limit"}

// String returns "no_limit", "pot_limit" or "fixed_limit".
func (b Betting) String() string { return enumString(b, bettingNames[:], "Betting") }

// MarshalText implements encoding.TextMarshaler.
func (b Betting) MarshalText() ([]byte, error) { return enumMarshal(b, bettingNames[:], "betting") }

// UnmarshalText implements encoding.TextUnmarshaler.
func (b *Betting) UnmarshalText(t []byte) error {
	return enumUnmarshal(b, bettingNames[:], "betting", t)
}

// Rake is the house's share of a cash pot (R-POT-7, seed 003). The zero value
// takes no rake. The rake counts only called bets (uncalled bets are returned
// first) and is never taken when the hand ends before the flop (no flop, no
// drop; in five-card draw: before the draw).
type Rake struct {
	Percent int64 // share of the pot in percent, for example 5
	Cap     int64 // most taken from one hand; 0 = no cap
	// Step takes the rake by whole steps of the pot ("tramos" of seed 003):
	// Percent of every full Step. 0 = of every chip, rounded down.
	Step int64
}

// DefaultRake is the seed 003 rake: 5% of the pot, at most 10 per hand.
func DefaultRake() Rake { return Rake{Percent: 5, Cap: 10} }

// Openers is the five-card draw opening requirement.
type Openers uint8

// Opening requirements for five-card draw.
const (
	OpenAny           Openers = iota // any hand may open
	OpenJacksOrBetter                // the opening bet needs a pair of jacks or better (seed 004 "jack pot")
)

// DrawConfig holds the five-card draw options of seed 004. Antes are
// Config.Ante (a dealer who antes double: add the button's Seat.Ante); the
// minimum bet without blinds is Config.SmallBet.
type DrawConfig struct {
	Openers Openers
	// MaxDiscard is the most cards a player may change; 0 = 5.
	MaxDiscard int
	// Jokers in the deck: 0, 1 or 2 (R-CARD-7).
	Jokers int
	// DeckSize is 52 (or 0), or a stripped deck of 40, 36 or 32 cards.
	DeckSize int
	// FiveFigures plays the "five figures" hand.
	FiveFigures bool
}

// Rules returns the hand-evaluation rules of the draw options: the deck,
// its jokers and the five figures hand (R-CARD-7).
func (d DrawConfig) Rules() DrawRules {
	return DrawRules{Jokers: d.Jokers, DeckSize: d.DeckSize, FiveFigures: d.FiveFigures}
}

// Config is a table's rules: the game, the betting, the stakes, the rake and
// the options that hold for every hand at the table. What belongs to one hand
// only (a carried pot, a dead small blind, the draw's reshuffle seed, two
// players left in a tournament) is in Setup.
type Config struct {
	Game    Game
	Betting Betting

	SmallBlind, BigBlind int64
	// Ante is posted by every player dealt in.
	Ante int64
	// BigBlindAnte is posted by the big blind for the whole table (a
	// tournament option). The big blind is posted first, then this ante,
	// unless AntesFirst is set.
	BigBlindAnte int64
	// Straddle, if not zero, is a live straddle posted by the player left of
	// the big blind (never heads-up).
	Straddle int64
	// SmallBet and BigBet are the fixed-limit bet sizes; 0 = BigBlind and
	// twice SmallBet. In five-card draw without blinds SmallBet is also the
	// no-limit and pot-limit minimum bet.
	SmallBet, BigBet int64
	// MinBet is the no-limit and pot-limit minimum bet; 0 = the big blind.
	MinBet int64
	// RaiseCap is the fixed-limit number of bets and raises per round: 0 =
	// the seeds' 4 (a bet and three raises; preflop the big blind is the
	// bet); negative = no cap.
	RaiseCap int
	// RunItTwice deals the rest of the board twice when players are all in
	// and no betting is left (R-POT-6). Honoured only for cash tables, no
	// limit or pot limit, Hold'em and Omaha games.
	RunItTwice bool
	// Rake applies to cash tables only.
	Rake Rake
	// Tournament marks a tournament hand: no rake, no run it twice.
	Tournament bool
	// AntesFirst posts every ante, the big-blind ante included, before the
	// blinds (the PHH/PokerKit order); it only matters for stacks too short
	// for both.
	AntesFirst bool
	// Draw holds the five-card draw options.
	Draw DrawConfig

	// OddChipsToFirst gives all the odd chips of a split to the first winner
	// left of the button; by default they go one each to the winners nearest
	// the button's left (seed 002, TDA 19-D "as evenly as possible").
	// PokerKit, and so the PHH corpus, gives them all to the first.
	OddChipsToFirst bool
}

// Seat is one player dealt in, in clockwise order.
type Seat struct {
	// Stack is the player's chips on the table at the start of the hand.
	Stack int64
	// Ante is an extra ante posted by this seat only, on top of Config.Ante
	// (for hand histories whose antes differ by seat).
	Ante int64
	// Post is a live big blind posted by a player who joins a cash table
	// and plays at once instead of waiting for the big blind (R-SEAT-4):
	// it counts as the player's bet, and the player keeps the option to
	// check when nobody raised. In the small blind's seat it is posted
	// instead of the small blind (a full big blind, 003 #17); ignored for
	// the big blind's seat.
	Post int64 `json:",omitempty"`
}

// ErrConfig is wrapped by every configuration error from New.
var ErrConfig = errors.New("engine: bad hand configuration")

func configError(format string, args ...any) error {
	return fmt.Errorf("%w: "+format, append([]any{ErrConfig}, args...)...)
}

// smallBet returns the fixed-limit small bet, which is also the minimum bet
// of a five-card draw table without blinds.
func (c *Config) smallBet() int64 {
	switch {
	case c.SmallBet > 0:
		return c.SmallBet
	case c.BigBlind > 0:
		return c.BigBlind
	case c.Ante > 0:
		return c.Ante
	}
	return 1
}

// minBet returns the no-limit and pot-limit minimum bet.
func (c *Config) minBet() int64 {
	if c.MinBet > 0 {
		return c.MinBet
	}
	if c.BigBlind > 0 {
		return c.BigBlind
	}
	return c.smallBet()
}

// bigBet returns the fixed-limit big bet.
func (c *Config) bigBet() int64 {
	if c.BigBet > 0 {
		return c.BigBet
	}
	return 2 * c.smallBet()
}

// raiseCap returns the number of bets and raises allowed per round in fixed
// limit, or -1 for no cap.
func (c *Config) raiseCap(twoPlayersLeft bool) int {
	if c.Betting != FixedLimit || c.RaiseCap < 0 || (c.Tournament && twoPlayersLeft) {
		return -1
	}
	if c.RaiseCap == 0 {
		return 4
	}
	return c.RaiseCap
}

// runItTwice reports whether the table may run the board twice.
func (c *Config) runItTwice() bool {
	return c.RunItTwice && !c.Tournament && c.Betting != FixedLimit && c.Game != Draw
}

// maxDiscard returns the most cards one player may change in the draw.
func (c *Config) maxDiscard() int {
	if c.Draw.MaxDiscard <= 0 || c.Draw.MaxDiscard > 5 {
		return 5
	}
	return c.Draw.MaxDiscard
}

func (c *Config) validate(seats []Seat, button int) error {
	if c.Game >= numGames {
		return configError("unknown game %d", c.Game)
	}
	if c.Betting >= numBettings {
		return configError("unknown betting %d", c.Betting)
	}
	if len(seats) < 2 || len(seats) > MaxSeats {
		return configError("%d seats, want 2 to %d", len(seats), MaxSeats)
	}
	if button < 0 || button >= len(seats) {
		return configError("button %d outside the %d seats", button, len(seats))
	}
	if c.SmallBlind < 0 || c.BigBlind < 0 || c.Ante < 0 || c.BigBlindAnte < 0 || c.Straddle < 0 ||
		c.SmallBet < 0 || c.BigBet < 0 || c.MinBet < 0 {
		return configError("negative stake")
	}
	if c.Rake.Percent < 0 || c.Rake.Percent > 100 || c.Rake.Cap < 0 || c.Rake.Step < 0 {
		return configError("bad rake %+v", c.Rake)
	}
	if c.Game != Draw && c.BigBlind <= 0 {
		return configError("big blind must be positive")
	}
	if c.Game == Draw && c.BigBlind <= 0 && c.SmallBet <= 0 && c.Ante <= 0 {
		return configError("five-card draw needs a big blind, a small bet or an ante")
	}
	if c.BigBlind > 0 && c.SmallBlind > c.BigBlind {
		return configError("small blind %d above the big blind %d", c.SmallBlind, c.BigBlind)
	}
	if c.Straddle > 0 && c.Straddle < c.BigBlind {
		return configError("straddle %d below the big blind %d", c.Straddle, c.BigBlind)
	}
	if c.Draw.Jokers < 0 || c.Draw.Jokers > 2 {
		return configError("%d jokers, want 0 to 2", c.Draw.Jokers)
	}
	switch c.Draw.DeckSize {
	case 0, 52, 40, 36, 32:
	default:
		return configError("deck of %d cards, want 52, 40, 36 or 32", c.Draw.DeckSize)
	}
	for i, s := range seats {
		if s.Stack < 0 || s.Ante < 0 || s.Post < 0 {
			return configError("seat %d: negative stack or ante", i)
		}
	}
	return nil
}
