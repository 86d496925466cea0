package table

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/engine"
)

// TableOptionTable declares /newtable's key=value options (R-CASH-1..6,
// R-POT-6, R-POT-7, R-TIME-1..3, R-BET-5, R-CARD-7).
var TableOptionTable = &OptionTable[Config]{
	Unknown: "newtable.unknown_option", Value: "newtable.value", Rng: "newtable.range", Duration: "newtable.duration",
	Specs: []OptionSpec[Config]{
		{Option: Option{Name: "buyin", Kind: OptPair, Sep: "-", Max: 1000 * maxStake, Syntax: "min-max", Default: "80-200",
			Help: bot.Message{En: "the buy-in's range (R-CASH-1): by default 40 to 100 big blinds, at most 1,000", Es: "el rango de la entrada (R-CASH-1): por defecto de 40 a 100 ciegas grandes, como mucho 1.000"}},
			Set: func(c *Config, v OptValue) error { c.MinBuyIn, c.MaxBuyIn = v.N, v.M; return nil },
			get: func(c Config) string { return fmt.Sprintf("%d-%d", c.MinBuyIn, c.MaxBuyIn) }},
		{Option: Option{Name: "seats", Kind: OptInt, Min: 2, Max: engine.MaxSeats, Default: "6", Bad: "newtable.seats",
			Help: bot.Message{En: "the players the table seats", Es: "los jugadores que caben en la mesa"}},
			Set: func(c *Config, v OptValue) error { c.Seats = int(v.N); return nil },
			get: func(c Config) string { return strconv.Itoa(c.Seats) }},
		{Option: Option{Name: "ante", Kind: OptText, Syntax: "0 to the big blind", Default: "0",
			Help: bot.Message{En: "every player's ante, at most the big blind", Es: "la apuesta inicial de cada jugador, como mucho la ciega grande"}},
			Set: setAnte,
			get: func(c Config) string { return nonZero(c.Ante) }},
		{Option: Option{Name: "rake", Kind: OptText, Syntax: "percent:cap, off", Default: "5%:10", Bad: "newtable.rake",
			Help: bot.Message{En: "percent of the pot, capped (the cap defaults to 5 big blinds; at most 10%); no flop, no drop (R-POT-7)", Es: "porcentaje del bote, con tope (por defecto 5 ciegas grandes; como mucho 10%); sin flop no hay comisión (R-POT-7)"}},
			Set: setRake,
			get: func(c Config) string {
				if c.Rake == (engine.Rake{}) {
					return "off"
				}
				return fmt.Sprintf("%d%%:%d", c.Rake.Percent, c.Rake.Cap)
			}},
		{Option: Option{Name: "twice", Kind: OptBool, Default: "off",
			Help: bot.Message{En: "run it twice when all in, no-limit and pot-limit Hold'em and Omaha (R-POT-6)", Es: "correr dos veces con todos all-in, Hold'em y Omaha sin límite o con límite de bote (R-POT-6)"}},
			Set: func(c *Config, v OptValue) error { c.Twice = v.B; return nil },
			get: func(c Config) string { return onIf(c.Twice) }},
		{Option: Option{Name: "anon", Kind: OptBool, Default: "off",
			Help: bot.Message{En: `players shown as "Anonym N" (R-CASH-6)`, Es: `jugadores mostrados como "Anonym N" (R-CASH-6)`}},
			Set: func(c *Config, v OptValue) error { c.Anon = v.B; return nil },
			get: func(c Config) string { return onIf(c.Anon) }},
		{Option: Option{Name: "protect", Kind: OptBool, Default: "off",
			Help: bot.Message{En: "all-in protection (R-TIME-2, seed 002): a player whose time runs out facing a bet, with chips already in the pot, is declared all in for them instead of folding: they keep the rest of their stack and play only for the pot they matched", Es: "protección de all-in (R-TIME-2, documento 002): a un jugador al que se le acaba el tiempo ante una apuesta, con fichas ya en el bote, se le declara all-in por ellas en vez de retirarse: conserva el resto de su pila y solo juega por el bote que igualó"}},
			Set: func(c *Config, v OptValue) error { c.Protect = v.B; return nil },
			get: func(c Config) string { return onIf(c.Protect) }},
		durationOption("timer", 5*time.Second, 10*time.Minute, "30", bot.Message{En: "the time to act, in seconds or as 45s, 2m (R-TIME-1)", Es: "el tiempo para actuar, en segundos o como 45s, 2m (R-TIME-1)"},
			func(c *Config) *time.Duration { return &c.Timer }),
		durationOption("bank", 0, 30*time.Minute, "60", bot.Message{En: "each player's time bank (R-TIME-2)", Es: "el banco de tiempo de cada jugador (R-TIME-2)"},
			func(c *Config) *time.Duration { return &c.Bank }),
		durationOption("clock", 5*time.Second, 10*time.Minute, "60", bot.Message{En: "the countdown after /clock (R-TIME-3)", Es: "la cuenta atrás tras /clock (R-TIME-3)"},
			func(c *Config) *time.Duration { return &c.Clock }),
		durationOption("window", 30*time.Second, time.Hour, "5m", bot.Message{En: "a called waiting player's time to take the seat (R-CASH-2)", Es: "el tiempo de un jugador llamado de la lista para sentarse (R-CASH-2)"},
			func(c *Config) *time.Duration { return &c.Window }),
		durationOption("sitout", time.Minute, 24*time.Hour, "20m", bot.Message{En: "how long a player may sit out, then 5 minutes of grace (R-CASH-4)", Es: "cuánto puede ausentarse un jugador, más 5 minutos de gracia (R-CASH-4)"},
			func(c *Config) *time.Duration { return &c.SitOut }),
		{Option: Option{Name: "cap", Kind: OptInt, Min: 1, Max: MaxCap, Default: "3", Bad: "newtable.cap", Only: bot.Message{En: "fixed limit", Es: "límite fijo"},
			Help: bot.Message{En: "the raises allowed after the bet in a round, heads-up too (R-BET-5, TDA 48); the small blind is half the big blind rounded down (2/5, not 3/5)", Es: "las subidas permitidas tras la apuesta en una ronda, también mano a mano (R-BET-5, TDA 48); la ciega pequeña es la mitad de la grande, redondeada hacia abajo (2/5, no 3/5)"}},
			Set: func(c *Config, v OptValue) error { c.Cap = int(v.N); return nil },
			get: func(c Config) string { return nonZero(int64(c.Cap)) }},
		{Option: Option{Name: "jokers", Kind: OptInt, Max: 2, Default: "0", Bad: "newtable.jokers", Only: bot.Message{En: "five-card draw", Es: "póquer cerrado"},
			Help: bot.Message{En: "jokers in the deck (R-CARD-7): one plays a hand; four of a kind and a joker beats a straight flush, a natural hand the same hand with a joker", Es: "comodines en la baraja (R-CARD-7): uno juega por mano; póquer y comodín gana a escalera de color, una mano natural a la misma con comodín"}},
			Set: func(c *Config, v OptValue) error { c.Jokers = int(v.N); return nil },
			get: func(c Config) string { return nonZero(int64(c.Jokers)) }},
		{Option: Option{Name: "deck", Kind: OptInt, Max: 52, Syntax: "52, 40, 36, 32", Default: "52", Bad: "newtable.deck", Only: bot.Message{En: "five-card draw", Es: "póquer cerrado"},
			Help: bot.Message{En: "the deck, or stripped of twos to fours, fives, sixes (with 40 or fewer a flush beats a full house); it must hold the seats: 7 players with 52 cards, 6 with 40 or 36, 4 with 32 (seed 004, the rule of 11)", Es: "la baraja, o sin doses a cuatros, cincos, seises (con 40 o menos el color gana al full); debe bastar para los asientos: 7 jugadores con 52 cartas, 6 con 40 o 36, 4 con 32 (regla del 11)"}},
			Set: func(c *Config, v OptValue) error {
				if _, ok := drawSeats[int(v.N)]; !ok {
					return bot.Errorf(bot.EInvalid, "newtable.deck", "deck", v.Raw, 32, 52)
				}
				c.Deck = int(v.N)
				return nil
			},
			get: func(c Config) string { return nonZero(int64(c.Deck)) }},
		{Option: Option{Name: "discards", Kind: OptInt, Min: 3, Max: 5, Default: "5", Only: bot.Message{En: "five-card draw", Es: "póquer cerrado"},
			Help: bot.Message{En: "the most cards a player may change in the draw: 5, or 4 or 3, as the house sets it before play (seed 004)", Es: "las cartas que un jugador puede cambiar como mucho: 5, o 4 o 3, como la casa lo fije antes de jugar (documento 004)"}},
			Set: func(c *Config, v OptValue) error { c.Discards = int(v.N); return nil },
			get: func(c Config) string {
				if c.Discards == 5 {
					return ""
				}
				return nonZero(int64(c.Discards))
			}},
		{Option: Option{Name: "figures", Kind: OptBool, Default: "off", Only: bot.Message{En: "five-card draw", Es: "póquer cerrado"},
			Help: bot.Message{En: `five cards J, Q, K or A make the "five figures" hand, between two pair and three of a kind (seed 004)`, Es: `cinco cartas J, Q, K o A forman la mano "cinco figuras", entre doble pareja y trío (documento 004)`}},
			Set: func(c *Config, v OptValue) error { c.Figures = v.B; return nil },
			get: func(c Config) string { return onIf(c.Figures) }},
		{Option: Option{Name: "openers", Kind: OptText, Syntax: "jacks, off", Default: "off", Bad: "newtable.openers", Only: bot.Message{En: "five-card draw", Es: "póquer cerrado"},
			Help: bot.Message{En: `the seed's "jack pot": no blinds, every player antes the small blind (or ante=), bets start at the big blind, the opening bet needs a pair of jacks or better, and a pot nobody opens is carried to the next hand (seed 004)`, Es: `el "jack pot" del documento: sin ciegas, cada jugador pone de entrada la ciega pequeña (o ante=), las apuestas empiezan en la ciega grande, para abrir hace falta pareja de jotas o mejor, y el bote que nadie abre pasa a la mano siguiente (documento 004)`}},
			Set: func(c *Config, v OptValue) error {
				switch strings.ToLower(v.Raw) {
				case "jacks":
					c.Openers = true
				case "off":
					c.Openers = false
				default:
					return bot.Errorf(bot.EInvalid, "newtable.openers", v.Raw)
				}
				return nil
			},
			get: func(c Config) string {
				if c.Openers {
					return "jacks"
				}
				return ""
			}},
	},
}

// durationOption declares a /newtable time: a duration from lo to hi, a
// bare number being seconds.
func durationOption(name string, lo, hi time.Duration, def string, help bot.Message, field func(*Config) *time.Duration) OptionSpec[Config] {
	return OptionSpec[Config]{
		Option: Option{Name: name, Kind: OptDuration, MinDur: lo, MaxDur: hi, Seconds: true, Default: def, Help: help},
		Set:    func(c *Config, v OptValue) error { *field(c) = v.D; return nil },
		get: func(c Config) string {
			return fmtDuration(*field(&c))
		},
	}
}

// setAnte reads the ante: 0 to the big blind.
func setAnte(c *Config, v OptValue) error {
	n, ok := readChips(v.Raw, 0, c.BigBlind)
	if !ok {
		return bot.Errorf(bot.EInvalid, "newtable.range", "ante", v.Raw, 0, c.BigBlind)
	}
	c.Ante = n
	return nil
}

// setRake reads rake=5%:10 (percent, at most 10, and cap), rake=5, or
// rake=off (rake=0).
func setRake(c *Config, v OptValue) error {
	if v.Raw == "0" || strings.EqualFold(v.Raw, "off") {
		c.Rake = engine.Rake{}
		return nil
	}
	bad := bot.Errorf(bot.EInvalid, "newtable.rake", "rake", v.Raw)
	pct, capv, _ := strings.Cut(v.Raw, ":")
	p, err := strconv.ParseInt(strings.TrimSuffix(pct, "%"), 10, 64)
	if err != nil || p < 0 || p > 10 {
		return bad
	}
	r := engine.Rake{Percent: p}
	if capv != "" {
		n, ok := readChips(capv, 0, 1000*maxStake)
		if !ok {
			return bad
		}
		r.Cap = n
	}
	c.Rake = r
	return nil
}

// onIf renders a flag that is off by default.
func onIf(b bool) string {
	if b {
		return "on"
	}
	return ""
}

// nonZero renders a number that is 0 by default.
func nonZero(n int64) string {
	if n == 0 {
		return ""
	}
	return strconv.FormatInt(n, 10)
}

// Options returns /newtable's options as declared, for help and
// documentation.
func Options() []Option { return TableOptionTable.Options() }

// TableOptionsMarkdown is the README's table of /newtable's options.
func TableOptionsMarkdown() string { return OptionsMarkdown(Options()) }

func init() {
	// /help newtable lists the options from the table (% is a literal).
	list := func(lang string) string { return strings.ReplaceAll(helpList(Options(), lang), "%", "%%") }
	bot.Catalogue["help.newtable"] = bot.Message{
		En: "/newtable <variant> <stakes> [key=value ...]: variants " + bot.VariantNames + "; stakes 1/2; options " + list(bot.English) + ".",
		Es: "/newtable <variante> <ciegas> [clave=valor ...]: variantes " + bot.VariantNames + "; ciegas 1/2; opciones " + list(bot.Spanish) + ".",
	}
}
