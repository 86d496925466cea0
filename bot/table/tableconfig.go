package table

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/engine"
)

// Config is a cash table's settings, chosen with /newtable and stored
// with the table (JSON).
type Config struct {
	Variant    string         `json:"variant"` // nlhe, plo, ...
	Game       engine.Game    `json:"game"`
	Betting    engine.Betting `json:"betting"`
	SmallBlind int64          `json:"small_blind"`
	BigBlind   int64          `json:"big_blind"`
	Ante       int64          `json:"ante,omitempty"`
	// MinBuyIn and MaxBuyIn bound buy-ins and top-ups (R-CASH-1).
	MinBuyIn int64 `json:"min_buyin"`
	MaxBuyIn int64 `json:"max_buyin"`
	Seats    int   `json:"seats"`
	// Rake goes to the house (R-POT-7).
	Rake engine.Rake `json:"rake"`
	// Twice deals the rest of the board twice when everyone is all in
	// (R-POT-6); Anon shows players as "Anonym N" (R-CASH-6).
	Twice bool `json:"twice,omitempty"`
	Anon  bool `json:"anon,omitempty"`
	// Protect is the all-in protection (R-TIME-2, seed 002): a player who
	// runs out of time facing a bet, with chips in the pot, is declared all
	// in for them instead of folding. Off by default; cash tables only.
	Protect bool `json:"protect,omitempty"`
	// Timer is the time to act, Bank each player's time bank, Clock the
	// countdown after /clock (R-TIME-1..3).
	Timer time.Duration `json:"timer"`
	Bank  time.Duration `json:"bank"`
	Clock time.Duration `json:"clock"`
	// Window is a called waiting player's time to take the seat
	// (R-CASH-2); SitOut how long a player may sit out while others wait
	// (R-CASH-4, plus a grace of SitOutGrace).
	Window time.Duration `json:"window"`
	SitOut time.Duration `json:"sitout"`
	// Tourney marks a tournament table (no rake, no run it twice); its
	// blinds are level Level of the structure, the ante a big-blind ante
	// when BBAnte.
	Tourney bool `json:"tourney,omitempty"`
	BBAnte  bool `json:"bb_ante,omitempty"`
	Level   int  `json:"level,omitempty"`
	// Cap is the number of raises allowed after the bet in a betting
	// round of fixed limit (R-BET-5, TDA 48: the house sets it); 0 means
	// the seeds' three (a bet and three raises).
	Cap int `json:"cap,omitempty"`
	// Five-card draw's deck (R-CARD-7, seed 004): Jokers (0, 1 or 2),
	// Deck (52, or a stripped 40, 36 or 32; 0 means 52) and Figures (the
	// "five figures" hand).
	Jokers  int  `json:"jokers,omitempty"`
	Deck    int  `json:"deck,omitempty"`
	Figures bool `json:"figures,omitempty"`
	// Discards is the most cards a player may change in the draw: 3 or
	// 4 when the table limits it (seed 004: "puede limitarse el número de
	// descartes máximo a cuatro cartas o incluso a tres"); 0 means 5.
	Discards int `json:"discards,omitempty"`
	// Openers plays the draw as seed 004's "jack pot": no blinds, every
	// player antes (Ante, else the small blind), bets start at the big
	// blind, the opening bet needs a pair of jacks or better, and a pot
	// nobody opens is carried to the next hand (NoBlinds).
	Openers bool `json:"openers,omitempty"`
	// Pool is the fast-fold pool a table belongs to (R-CASH-7): its
	// seats are the pool's entries, seated for one hand at a time.
	Pool int64 `json:"pool,omitempty"`
}

// DefaultCap is the number of raises a fixed-limit round allows after
// the bet unless the table sets cap= (R-BET-5: a bet and three raises).
const DefaultCap = 3

// MaxCap is the most raises cap= may allow in a round.
const MaxCap = 9

// drawSeats is the most players five-card draw seats with each deck
// (seed 004): seven with the full deck; the rule of 11 (the lowest rank
// plus the players makes 11) gives six for 40 cards (lowest five) and
// four for 32 (lowest seven); the seed also deals 36 cards to six.
var drawSeats = map[int]int{52: 7, 40: 6, 36: 6, 32: 4}

// SitOutGrace is added to a table's sit-out limit before the seat is freed
// (R-CASH-4: 20 minutes plus 5 of grace).
const SitOutGrace = 5 * time.Minute

// ReturnWindow is how long a player who left must bring back the stack
// they left with (R-CASH-3).
const ReturnWindow = 15 * time.Minute

// Variants maps /newtable's variant names to games and betting.
var Variants = map[string]struct {
	Game    engine.Game
	Betting engine.Betting
}{
	"nlhe": {engine.Holdem, engine.NoLimit},
	"plhe": {engine.Holdem, engine.PotLimit},
	"flhe": {engine.Holdem, engine.FixedLimit},
	"nlo":  {engine.Omaha, engine.NoLimit},
	"plo":  {engine.Omaha, engine.PotLimit},
	"flo":  {engine.Omaha, engine.FixedLimit},
	"plo5": {engine.Omaha5, engine.PotLimit},
	"o8":   {engine.OmahaHiLo, engine.FixedLimit},
	"plo8": {engine.OmahaHiLo, engine.PotLimit},
	"nlo8": {engine.OmahaHiLo, engine.NoLimit},
	"draw": {engine.Draw, engine.PotLimit},
}

// maxStake bounds blinds so that stacks of 1,000 big blinds stay far from
// overflow.
const maxStake = 1 << 40

// ParseTableConfig reads /newtable's arguments: a variant, stakes ("1/2")
// and key=value options (tableOptionTable). Each mistake is an EInvalid
// *Error naming it.
func ParseTableConfig(args []string) (Config, error) {
	if len(args) < 2 {
		return Config{}, bot.Errorf(bot.EInvalid, "newtable.usage", bot.VariantNames)
	}
	v, ok := Variants[strings.ToLower(args[0])]
	if !ok {
		return Config{}, bot.Errorf(bot.EInvalid, "newtable.variant", args[0], bot.VariantNames)
	}
	c := Config{Variant: strings.ToLower(args[0]), Game: v.Game, Betting: v.Betting, Seats: 6,
		Timer: 30 * time.Second, Bank: 60 * time.Second, Clock: 60 * time.Second,
		Window: 5 * time.Minute, SitOut: 20 * time.Minute}
	sb, bb, ok := strings.Cut(args[1], "/")
	if !ok {
		return c, bot.Errorf(bot.EInvalid, "newtable.stakes", args[1])
	}
	// The blinds are chips as every other amount is written: 1/2,
	// 500/1k, 1,000/2,000 (readChips).
	var ok1, ok2 bool
	c.SmallBlind, ok1 = readChips(sb, 1, maxStake)
	c.BigBlind, ok2 = readChips(bb, 1, maxStake)
	if !ok1 || !ok2 || c.BigBlind < c.SmallBlind {
		return c, bot.Errorf(bot.EInvalid, "newtable.stakes", args[1])
	}
	c.MinBuyIn, c.MaxBuyIn = 40*c.BigBlind, 100*c.BigBlind
	c.Rake = engine.Rake{Percent: 5, Cap: 5 * c.BigBlind}
	_, opts, err := SplitOptions(args[2:], false)
	if err != nil {
		return c, err
	}
	if err := TableOptionTable.Apply(&c, opts); err != nil {
		return c, err
	}
	if c.MinBuyIn < c.BigBlind || c.MaxBuyIn < c.MinBuyIn || c.MaxBuyIn > 1000*c.BigBlind {
		return c, bot.Errorf(bot.EInvalid, "newtable.buyin_range", bot.Chips(c.MinBuyIn), bot.Chips(c.MaxBuyIn), bot.Chips(c.BigBlind), bot.Chips(1000*c.BigBlind))
	}
	if c.Twice && (c.Betting == engine.FixedLimit || c.Game == engine.Draw) {
		return c, bot.Errorf(bot.EInvalid, "newtable.twice")
	}
	if err := c.checkRules(); err != nil {
		return c, err
	}
	return c, nil
}

// Args renders the table's settings as /newtable's arguments, every
// option written out: ParseTableConfig(c.Args()) gives c back.
func (c Config) Args() []string {
	out := []string{c.Variant, c.Stakes()}
	for _, o := range TableOptionTable.Specs {
		if o.get == nil {
			continue
		}
		if v := o.get(c); v != "" {
			out = append(out, o.Name+"="+v)
		}
	}
	return out
}

// checkRules refuses options the rule books do not allow together: the
// small blind of fixed limit (R-BET-5), the cap outside fixed limit, the
// draw deck's options in other games and a deck too small for the seats
// (R-CARD-7).
func (c *Config) checkRules() error {
	if c.Betting == engine.FixedLimit && c.SmallBlind != c.BigBlind/2 {
		// R-BET-5: the small blind is half the small bet (the big blind),
		// rounded down.
		want := fmt.Sprintf("%d/%d", c.BigBlind/2, c.BigBlind)
		if c.BigBlind < 2 {
			want = "1/2"
		}
		return bot.Errorf(bot.EInvalid, "newtable.limit_sb", c.Stakes(), want)
	}
	if c.Cap != 0 && c.Betting != engine.FixedLimit {
		return bot.Errorf(bot.EInvalid, "newtable.cap_limit")
	}
	if c.Game != engine.Draw {
		switch {
		case c.Jokers > 0:
			return bot.Errorf(bot.EInvalid, "newtable.draw_only", "jokers")
		case c.Deck != 0 && c.Deck != 52:
			return bot.Errorf(bot.EInvalid, "newtable.draw_only", "deck")
		case c.Figures:
			return bot.Errorf(bot.EInvalid, "newtable.draw_only", "figures")
		case c.Discards != 0 && c.Discards != 5:
			return bot.Errorf(bot.EInvalid, "newtable.draw_only", "discards")
		case c.Openers:
			return bot.Errorf(bot.EInvalid, "newtable.draw_only", "openers")
		}
		return nil
	}
	deck := c.Deck
	if deck == 0 {
		deck = 52
	}
	if most := drawSeats[deck]; c.Seats > most {
		return bot.Errorf(bot.EInvalid, "newtable.deck_seats", deck, c.Seats, most)
	}
	return nil
}

// Rules returns the engine configuration of the table's hands.
func (c Config) Rules() engine.Config {
	var r engine.Config
	if c.Tourney {
		r = engine.Config{Game: c.Game, Betting: c.Betting, SmallBlind: c.SmallBlind, BigBlind: c.BigBlind, Ante: c.Ante, Tournament: true}
		if c.BBAnte {
			r.Ante, r.BigBlindAnte = 0, c.Ante
		}
	} else {
		r = engine.Config{Game: c.Game, Betting: c.Betting, SmallBlind: c.SmallBlind, BigBlind: c.BigBlind,
			Ante: c.Ante, RunItTwice: c.Twice, Rake: c.Rake}
	}
	if c.Cap > 0 {
		r.RaiseCap = c.Cap + 1 // the engine counts the bet too
	}
	if c.Game == engine.Draw {
		r.Draw = engine.DrawConfig{Jokers: c.Jokers, DeckSize: c.Deck, FiveFigures: c.Figures, MaxDiscard: c.Discards}
	}
	if c.NoBlinds() {
		r.SmallBlind, r.BigBlind, r.MinBet, r.SmallBet = 0, 0, c.BigBlind, c.BigBlind
		r.Ante = c.JackpotAnte()
		r.Draw.Openers = engine.OpenJacksOrBetter
	}
	return r
}

// NoBlinds reports a draw table played as a "jack pot" (Openers): its
// hands post no blinds, so nobody waits for the big blind or posts one.
func (c Config) NoBlinds() bool { return c.Game == engine.Draw && c.Openers && !c.Tourney }

// JackpotAnte is every player's ante at a jack-pot draw table: ante= when
// set, else the small blind.
func (c Config) JackpotAnte() int64 {
	if c.Ante > 0 {
		return c.Ante
	}
	return c.SmallBlind
}

// Stakes returns "1/2".
func (c Config) Stakes() string { return fmt.Sprintf("%d/%d", c.SmallBlind, c.BigBlind) }

// gameNames are the games as players say them.
var gameNames = map[engine.Game]string{engine.Holdem: "Hold'em", engine.Omaha: "Omaha", engine.Omaha5: "5-Card Omaha",
	engine.OmahaHiLo: "Omaha Hi/Lo", engine.Draw: "Five-Card Draw"}

// bettingNames are the betting structures as players abbreviate them.
var bettingNames = map[engine.Betting]string{engine.NoLimit: "NL", engine.PotLimit: "PL", engine.FixedLimit: "Limit"}

// Title says the table's game as players say it: the betting, the game,
// the stakes (a fixed-limit table's small and big bets, its blinds in
// brackets) and a draw deck's jokers and size: "NL Hold'em 1/2", "Limit
// Omaha Hi/Lo 2/4 (blinds 1/2)", "PL Five-Card Draw 1/2 (1 joker, 32
// cards)".
func (c Config) Title() string {
	s := bettingNames[c.Betting] + " " + gameNames[c.Game] + " "
	var extras []string
	if c.Betting == engine.FixedLimit {
		s += fmt.Sprintf("%d/%d", c.BigBlind, 2*c.BigBlind)
		extras = append(extras, "blinds "+c.Stakes())
	} else {
		s += c.Stakes()
	}
	switch c.Jokers {
	case 1:
		extras = append(extras, "1 joker")
	case 2:
		extras = append(extras, "2 jokers")
	}
	if c.Deck != 0 && c.Deck != 52 {
		extras = append(extras, fmt.Sprintf("%d cards", c.Deck))
	}
	if c.Discards != 0 && c.Discards != 5 {
		extras = append(extras, fmt.Sprintf("draw up to %d", c.Discards))
	}
	if c.NoBlinds() {
		extras = append(extras, fmt.Sprintf("jacks or better to open, ante %d", c.JackpotAnte()))
	}
	if len(extras) > 0 {
		s += " (" + strings.Join(extras, ", ") + ")"
	}
	return s
}

// DecodeTableConfig reads a stored table's settings, checked as /newtable
// checks them.
func DecodeTableConfig(s string) (Config, error) {
	var c Config
	if err := json.Unmarshal([]byte(s), &c); err != nil {
		return c, fmt.Errorf("table config: %w", err)
	}
	if c.BigBlind < 1 || c.Seats < 2 || c.Seats > engine.MaxSeats {
		return c, fmt.Errorf("table config %s: stakes or seats out of range", s)
	}
	if _, ok := drawSeats[c.Deck]; c.Cap < 0 || c.Cap > MaxCap || c.Jokers < 0 || c.Jokers > 2 || c.Deck != 0 && !ok ||
		c.Discards != 0 && (c.Discards < 3 || c.Discards > 5) {
		return c, fmt.Errorf("table config %s: cap, jokers, deck or discards out of range", s)
	}
	return c, nil
}
