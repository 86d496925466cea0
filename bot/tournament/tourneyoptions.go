package tournament

import (
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/tourney"
)

// Draft is /tourney create's settings while its options are read:
// the settings, and what the options set that the end of the parse
// combines (the structure's speed, seed, level length, levels and stack,
// the bounty, the time limits, which options were given).
type Draft struct {
	s   Settings
	Now time.Time
	// Given holds the options given; order lists them as given.
	Given       map[string]bool
	order       []string
	speed       tourney.Speed
	seed        *tourney.SeedTemplate // structure=: one of seed 001's (R-TRN-8)
	levelTime   time.Duration
	levels      []tourney.Level
	stack       int64
	bounty      string // "", "ko" or "pko"
	rebuyPrice  bool   // rebuy= was given
	leagueShare bool   // leagueshare= was given
	endAfter    time.Duration
	endLevel    int
}

// tset is a setter that only stores the value.
func tset(f func(d *Draft, v table.OptValue)) func(*Draft, table.OptValue) error {
	return func(d *Draft, v table.OptValue) error { f(d, v); return nil }
}

// tourneyGames are the variants a tournament plays.
var tourneyGames = func() []string {
	var out []string
	for _, name := range strings.Fields(bot.VariantNames) {
		if g := table.Variants[name].Game; g == table.Variants["nlhe"].Game || g == table.Variants["plo"].Game {
			out = append(out, name)
		}
	}
	return out
}()

var (
	scheduledOnly = bot.Message{En: "scheduled", Es: "programado"}
	satellite     = bot.Message{En: "satellite", Es: "satélite"}
	staged        = bot.Message{En: "staged", Es: "por fases"}
	rebuyEvent    = bot.Message{En: "rebuys", Es: "recompras"}
	timed         = bot.Message{En: "timed", Es: "con tiempo"}
	leagues       = bot.Message{En: "league", Es: "liga"}
)

// OptionTable declares /tourney create's key=value options.
var OptionTable = &table.OptionTable[Draft]{
	Unknown: "tourney.unknown_option", Value: "newtable.value", Rng: "tourney.range", Duration: "newtable.duration",
	Specs: []table.OptionSpec[Draft]{
		{Option: table.Option{Name: "buyin", Kind: table.OptText, Syntax: "free, 10, 10+1, 20+5+2", Default: "free",
			Help: bot.Message{En: "freeroll, prize, prize+fee, prize+bounty+fee (R-TRN-2)", Es: "freeroll, premio, premio+comisión, premio+recompensa+comisión (R-TRN-2)"}},
			Set: setBuyIn},
		{Option: table.Option{Name: "bounty", Kind: table.OptEnum, Values: []string{"ko|knockout", "pko|progressive", "off|no"}, Default: "off",
			Help: bot.Message{En: "knockout; progressive knockout, the eliminator gets half, half goes on their head (R-TRN-14); pko splits a 10+1 buy-in's prize half into bounty", Es: "knockout; knockout progresivo, quien elimina cobra la mitad y la otra mitad va a su cabeza (R-TRN-14); pko reparte la mitad del premio de una entrada 10+1 en recompensa"}},
			Set: tset(func(d *Draft, v table.OptValue) {
				d.bounty = map[string]string{"ko": "ko", "pko": "pko"}[v.Word]
			})},
		{Option: table.Option{Name: "start", Kind: table.OptText, Syntax: "21:00, +30m, 2026-12-01T21:00, sng",
			Help: bot.Message{En: "the start (UTC), or a sit-and-go that starts when full (R-TRN-1)", Es: "el inicio (UTC), o un sit-and-go que empieza al llenarse (R-TRN-1)"}},
			Set: setStart},
		{Option: table.Option{Name: "open", Kind: table.OptText, Syntax: "21:00, +30m, 2026-12-01T21:00",
			Help: bot.Message{En: "when registration opens (default: at once)", Es: "cuándo abre la inscripción (por defecto: ya)"}},
			Set: whenSetter("open", func(d *Draft) *time.Time { return &d.s.OpenAt })},
		{Option: table.Option{Name: "close", Kind: table.OptText, Syntax: "21:00, +30m, 2026-12-01T21:00",
			Help: bot.Message{En: "when registration closes (default: at the start, or when late registration ends); after the start it ends late registration", Es: "cuándo cierra la inscripción (por defecto: al inicio, o al acabar la tardía); tras el inicio termina la inscripción tardía"}},
			Set: whenSetter("close", func(d *Draft) *time.Time { return &d.s.CloseAt })},
		{Option: table.Option{Name: "seats", Kind: table.OptText, Syntax: "2, 4, 6, 9, 10", Default: "9",
			Help: bot.Message{En: "table size (R-TRN-10)", Es: "jugadores por mesa (R-TRN-10)"}},
			Set: func(d *Draft, v table.OptValue) error {
				n, err := strconv.Atoi(v.Raw)
				if err != nil || !tourney.ValidTableSize(n) {
					return bot.Errorf(bot.EInvalid, "tourney.bad_table_size")
				}
				d.s.Config.TableSize = n
				return nil
			}},
		{Option: table.Option{Name: "players", Kind: table.OptInt, Min: 2, Max: 10000,
			Help: bot.Message{En: "the field's cap (a sit-and-go: its seats)", Es: "el máximo de jugadores (un sit-and-go: sus asientos)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.Config.MaxPlayers = int(v.N) })},
		{Option: table.Option{Name: "min", Kind: table.OptInt, Min: 2, Max: 10000, Default: "10",
			Help: bot.Message{En: "the players needed to start; under it the event is cancelled and refunded (R-TRN-1)", Es: "los jugadores necesarios para empezar; si no, se cancela y se devuelve (R-TRN-1)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.Config.MinPlayers = int(v.N) })},
		{Option: table.Option{Name: "speed", Kind: table.OptEnum, Values: []string{"normal", "turbo", "hyper"}, Default: "normal",
			Help: bot.Message{En: "the blind structure's preset (R-TRN-8)", Es: "la estructura de ciegas predefinida (R-TRN-8)"}},
			Set: tset(func(d *Draft, v table.OptValue) {
				d.speed = map[string]tourney.Speed{"normal": tourney.Normal, "turbo": tourney.Turbo, "hyper": tourney.Hyper}[v.Word]
			})},
		{Option: table.Option{Name: "structure", Kind: table.OptText, Syntax: strings.ReplaceAll(tourney.SeedTemplateKeys(), " ", ", "),
			Help: bot.Message{En: "seed 001's sit-and-go structures (R-TRN-8): 1,500, 2,000 or 2,500 chips, levels 25/50 to 5,000/10,000 of 12, 12 or 15 minutes; the time-limit ones play 50/100, 100/200 or 200/400 on 2,000, 5,000 or 10,000 chips until end= (default 60m), then pay by ICM. Not with speed= or levels=; also built-in templates: /tourney template use sng50", Es: "las estructuras de sit-and-go del documento 001 (R-TRN-8): 1.500, 2.000 o 2.500 fichas, niveles de 25/50 a 5.000/10.000 de 12, 12 o 15 minutos; las de tiempo límite juegan 50/100, 100/200 o 200/400 con 2.000, 5.000 o 10.000 fichas hasta end= (por defecto 60m) y pagan por ICM. No con speed= ni levels=; también plantillas incluidas: /tourney template use sng50"}},
			Set: func(d *Draft, v table.OptValue) error {
				t, ok := tourney.SeedTemplateByKey(v.Raw)
				if !ok {
					return bot.Errorf(bot.EInvalid, "tourney.structure", v.Raw, tourney.SeedTemplateKeys())
				}
				d.seed = &t
				return nil
			}},
		{Option: table.Option{Name: "level", Kind: table.OptDuration, MinDur: 30 * time.Second, MaxDur: 2 * time.Hour,
			Help: bot.Message{En: "every level's length", Es: "la duración de cada nivel"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.levelTime = v.D })},
		{Option: table.Option{Name: "levels", Kind: table.OptText, Syntax: "25/50,50/100_10m,break_5m",
			Help: bot.Message{En: "a custom structure (_ for a space; a level without its length lasts level=, else 10m)", Es: "una estructura propia (_ por espacio; un nivel sin duración dura level=, si no 10m)"}},
			Set: setLevels},
		{Option: table.Option{Name: "stack", Kind: table.OptChips, Min: 1, Max: 100_000_000,
			Help: bot.Message{En: "the starting stack", Es: "las fichas iniciales"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.stack = v.N })},
		{Option: table.Option{Name: "late", Kind: table.OptInt, Min: 0, Max: 30, Default: "0", Only: scheduledOnly,
			Help: bot.Message{En: "late registration (and re-entry) for N levels, ended by a break that follows the last (R-TRN-5)", Es: "inscripción tardía (y reentrada) durante N niveles; la termina un descanso que siga al último (R-TRN-5)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.LateLevels = int(v.N) })},
		{Option: table.Option{Name: "reentry", Kind: table.OptInt, Min: 1, Max: 99, Default: "1", Only: scheduledOnly,
			Help: bot.Message{En: "entries per player, during late registration (R-TRN-3)", Es: "entradas por jugador, durante la inscripción tardía (R-TRN-3)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.Config.MaxEntries = int(v.N) })},
		{Option: table.Option{Name: "rebuys", Kind: table.OptInt, Min: 0, Max: tourney.Unlimited, Default: "0", Only: rebuyEvent,
			Help: bot.Message{En: "rebuys per player (99: no limit), while at or below the starting stack during the rebuy period (R-TRN-4)", Es: "recompras por jugador (99: sin límite), con el stack inicial o menos durante el periodo de recompras (R-TRN-4)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.Config.Rebuys.Limit = int(v.N) })},
		{Option: table.Option{Name: "rebuy", Kind: table.OptChips, Min: 0, Max: int64(tourney.MaxChips), Syntax: "a price", Only: rebuyEvent,
			Help: bot.Message{En: "a rebuy's price (default: the buy-in's prize part); a freeroll's rebuys need one (000)", Es: "el precio de una recompra (por defecto: la parte de premio de la entrada); las de un freeroll lo necesitan (000)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.Config.Rebuys.Price, d.rebuyPrice = v.N, true })},
		{Option: table.Option{Name: "rebuychips", Kind: table.OptChips, Min: 1, Max: 100_000_000, Only: rebuyEvent,
			Help: bot.Message{En: "a rebuy's chips (default: the starting stack)", Es: "las fichas de una recompra (por defecto: las iniciales)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.Config.Rebuys.Stack = v.N })},
		{Option: table.Option{Name: "rebuylevels", Kind: table.OptInt, Min: 1, Max: 30, Only: rebuyEvent,
			Help: bot.Message{En: "the rebuy period in levels (default: late=, at least 6)", Es: "el periodo de recompras en niveles (por defecto: late=, al menos 6)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.RebuyLevels = int(v.N) })},
		{Option: table.Option{Name: "addon", Kind: table.OptPair, Sep: ":", Max: int64(tourney.MaxChips), Min2: 1, Max2: 100_000_000, Syntax: "price:chips", Bad: "tourney.addon_syntax", Only: rebuyEvent,
			Help: bot.Message{En: "the add-on, offered when the rebuy period ends (in the break after its last level, when one follows it) and for the level after it (R-TRN-4)", Es: "el add-on, ofrecido al terminar el periodo de recompras (en el descanso tras su último nivel, si lo hay) y durante el nivel siguiente (R-TRN-4)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.Config.AddOn = tourney.AddOnRules{Price: v.N, Stack: v.M} })},
		{Option: table.Option{Name: "windfall", Kind: table.OptBool, Default: "off",
			Help: bot.Message{En: "a 3-player sit-and-go whose prize multiplier (2x to 2000x) is drawn before the first hand (R-TRN-17)", Es: "un sit-and-go de 3 jugadores cuyo multiplicador de premio (2x a 2000x) se sortea antes de la primera mano (R-TRN-17)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.Windfall = v.B })},
		{Option: table.Option{Name: "end", Kind: table.OptDuration, MinDur: time.Minute, MaxDur: 48 * time.Hour, Only: timed,
			Help: bot.Message{En: "play stops after this time, prizes by ICM on the stacks (R-TRN-12)", Es: "el juego para pasado este tiempo, premios por ICM según las fichas (R-TRN-12)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.endAfter = v.D })},
		{Option: table.Option{Name: "endlevel", Kind: table.OptInt, Min: 1, Max: 100, Only: timed,
			Help: bot.Message{En: "play stops after this level, prizes by ICM (R-TRN-12)", Es: "el juego para tras este nivel, premios por ICM (R-TRN-12)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.endLevel = int(v.N) })},
		{Option: table.Option{Name: "league", Kind: table.OptText, Syntax: "a name", Only: leagues,
			Help: bot.Message{En: "the league it scores in (R-LGE-1..3): up to 32 letters, digits, - or _", Es: "la liga en la que puntúa (R-LGE-1..3): hasta 32 letras, cifras, - o _"}},
			Set: func(d *Draft, v table.OptValue) error {
				if !ValidLeagueName(v.Raw) {
					return bot.Errorf(bot.EInvalid, "tourney.league_name", v.Raw)
				}
				d.s.League = strings.ToLower(v.Raw)
				return nil
			}},
		{Option: table.Option{Name: "leagueshare", Kind: table.OptText, Syntax: "0% to 20%", Default: "4%", Only: leagues,
			Help: bot.Message{En: "the league's share of the pool (R-LGE-1)", Es: "la parte del bote para la liga (R-LGE-1)"}},
			Set: func(d *Draft, v table.OptValue) error {
				pct, err := strconv.ParseFloat(strings.TrimSuffix(v.Raw, "%"), 64)
				if err != nil || !(pct >= 0 && pct <= 20) {
					return bot.Errorf(bot.EInvalid, "tourney.league_share", v.Raw)
				}
				d.s.Config.LeagueShare, d.leagueShare = int(pct*100+0.5), true
				return nil
			}},
		{Option: table.Option{Name: "target", Kind: table.OptText, Syntax: "T<n>", Only: satellite,
			Help: bot.Message{En: "its seats are worth T<n>'s buy-in and register their winners there (R-TRN-15)", Es: "sus plazas valen la entrada de T<n> y registran allí a sus ganadores (R-TRN-15)"}},
			Set: labelSetter("tourney.target", func(d *Draft) *int64 { return &d.s.Target })},
		{Option: table.Option{Name: "tickets", Kind: table.OptInt, Min: 1, Max: 1000, Only: satellite,
			Help: bot.Message{En: "guaranteed seats (the house covers the pool up to their value)", Es: "plazas garantizadas (la casa cubre el bote hasta su valor)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.SeatsGtd = int(v.N) })},
		{Option: table.Option{Name: "leftover", Kind: table.OptEnum, Values: []string{"next", "buyins"}, Only: satellite,
			Help: bot.Message{En: "what the pool past the last whole seat pays: all to the next place, or twice the satellite's buy-in a place", Es: "qué paga el bote tras la última plaza entera: todo al siguiente puesto, o dos entradas del satélite por puesto"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.Leftover = v.Word })},
		{Option: table.Option{Name: "stage", Kind: table.OptEnum, Values: []string{"final"}, Only: staged,
			Help: bot.Message{En: "a closed final that only its flights' qualifiers play, with their chips (R-TRN-16)", Es: "una final cerrada que solo juegan los clasificados de sus vuelos, con sus fichas (R-TRN-16)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.Final = true })},
		{Option: table.Option{Name: "flight", Kind: table.OptText, Syntax: "T<n>", Only: staged,
			Help: bot.Message{En: "a timed qualifying flight of the final T<n> (R-TRN-16); end= or endlevel= is required", Es: "un vuelo clasificatorio con tiempo de la final T<n> (R-TRN-16); requiere end= o endlevel="}},
			Set: labelSetter("tourney.flight_final", func(d *Draft) *int64 { return &d.s.Flight })},
		{Option: table.Option{Name: "pairs", Kind: table.OptBool, Default: "off", Only: scheduledOnly,
			Help: bot.Message{En: "a pairs tournament (R-TRN-19); late= is required", Es: "un torneo por parejas (R-TRN-19); requiere late="}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.Pairs = v.B })},
		{Option: table.Option{Name: "guarantee", Kind: table.OptChips, Min: 0, Max: int64(tourney.MaxChips), Syntax: "chips", Default: "0",
			Help: bot.Message{En: "guaranteed prize pool, the house covering the overlay (R-TRN-6)", Es: "bote garantizado, la casa cubre la diferencia (R-TRN-6)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.Config.Guarantee = v.N })},
		{Option: table.Option{Name: "payout", Kind: table.OptText, Syntax: "proportional, topN, wta", Default: "proportional",
			Help: bot.Message{En: "payouts (R-TRN-7): topN pays the published table of N places where there is one (top3 50/30/20, top4 40/30/20/10, top9 the 45-player table), else a falling curve", Es: "pagos (R-TRN-7): topN paga la tabla publicada de N puestos si existe (top3 50/30/20, top4 40/30/20/10, top9 la de 45 jugadores), si no una curva decreciente"}},
			Set: setPayout},
		{Option: table.Option{Name: "anon", Kind: table.OptBool, Default: "off",
			Help: bot.Message{En: "pseudonyms until the results (R-TRN-13)", Es: "seudónimos hasta los resultados (R-TRN-13)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.Config.Anonymous = v.B })},
		{Option: table.Option{Name: "bots", Kind: table.OptBool, Default: "off",
			Help: bot.Message{En: "practice opponents allowed (/tourney bots N; /tourney start fills a sit-and-go)", Es: "rivales de práctica permitidos (/tourney bots N; /tourney start llena un sit-and-go)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.Bots = v.B })},
		{Option: table.Option{Name: "timer", Kind: table.OptDuration, MinDur: 5 * time.Second, MaxDur: 5 * time.Minute, Default: "30s",
			Help: bot.Message{En: "the time to act (default: the structure's, else 30s)", Es: "el tiempo para actuar (por defecto: el de la estructura, si no 30s)"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.Timer = v.D })},
		{Option: table.Option{Name: "game", Kind: table.OptEnum, Values: tourneyGames, Default: "nlhe", Bad: "tourney.game",
			Help: bot.Message{En: "the game", Es: "el juego"}},
			Set: tset(func(d *Draft, v table.OptValue) { d.s.Variant = v.Word })},
	},
}

// setBuyIn reads buyin=free, 10, 10+1 or 20+5+2 (R-TRN-2).
func setBuyIn(d *Draft, v table.OptValue) error {
	if strings.EqualFold(v.Raw, "free") {
		d.s.Config.BuyIn = tourney.BuyIn{}
		return nil
	}
	b, err := tourney.ParseBuyIn(v.Raw)
	if err != nil {
		return bot.FromError(err)
	}
	d.s.Config.BuyIn = b
	return nil
}

// setStart reads start=sng (or full), or a time (parseWhen).
func setStart(d *Draft, v table.OptValue) error {
	c := &d.s.Config
	if strings.EqualFold(v.Raw, "sng") || strings.EqualFold(v.Raw, "full") {
		c.Kind = tourney.SitAndGo
		return nil
	}
	at, err := parseWhen(v.Raw, d.Now)
	if err != nil {
		return bot.Errorf(bot.EInvalid, "tourney.when", "start", v.Raw)
	}
	c.Kind, c.StartAt = tourney.Scheduled, at
	return nil
}

// whenSetter reads a time (parseWhen) into the field.
func whenSetter(name string, field func(*Draft) *time.Time) func(*Draft, table.OptValue) error {
	return func(d *Draft, v table.OptValue) error {
		at, err := parseWhen(v.Raw, d.Now)
		if err != nil {
			return bot.Errorf(bot.EInvalid, "tourney.when", name, v.Raw)
		}
		*field(d) = at
		return nil
	}
}

// labelSetter reads a tournament's label (T3) into the field.
func labelSetter(bad string, field func(*Draft) *int64) func(*Draft, table.OptValue) error {
	return func(d *Draft, v table.OptValue) error {
		id, ok := bot.CutTourneyLabel(v.Raw)
		if !ok {
			return bot.Errorf(bot.EInvalid, bad, v.Raw)
		}
		*field(d) = id
		return nil
	}
}

// setLevels reads a custom structure; a level without its length lasts
// level= when that came before, else 10 minutes.
func setLevels(d *Draft, v table.OptValue) error {
	def := d.levelTime
	if def == 0 {
		def = 10 * time.Minute
	}
	levels, err := tourney.ParseLevels(strings.ReplaceAll(v.Raw, "_", " "), def)
	if err != nil {
		return bot.FromError(err)
	}
	d.levels = levels
	return nil
}

// setPayout reads payout=proportional (standard), wta (winner) or topN.
func setPayout(d *Draft, v table.OptValue) error {
	bad := bot.Errorf(bot.EInvalid, "newtable.value", "payout", v.Raw, "proportional, topN, wta")
	switch p := strings.ToLower(v.Raw); {
	case p == "proportional" || p == "standard":
		d.s.Config.Payout = tourney.PayoutRule{Kind: tourney.Proportional}
	case p == "wta" || p == "winner":
		d.s.Config.Payout = tourney.PayoutRule{Kind: tourney.WinnerTakesAll}
	case strings.HasPrefix(p, "top"):
		n, err := strconv.Atoi(p[3:])
		if err != nil || n < 1 || n > 100 {
			return bad
		}
		d.s.Config.Payout = tourney.PayoutRule{Kind: tourney.TopN, Places: n}
	default:
		return bad
	}
	return nil
}

// Options returns /tourney create's options as declared, for help
// and documentation.
func Options() []table.Option { return OptionTable.Options() }

// OptionsMarkdown is the README's table of /tourney create's
// options.
func OptionsMarkdown() string { return table.OptionsMarkdown(Options()) }
