package bot

// The texts of players' statistics and the leaderboard (/stats,
// /leaderboard).

func init() { addTexts(statsTexts) }

var statsTexts = map[string]Message{
	"stats.usage":               {"Usage: /stats [@player] [week|month|all], or /stats public or /stats private to show your statistics to others or not.", "Uso: /stats [@jugador] [week|month|all], o /stats public o /stats private para mostrar o no tus estadísticas a los demás."},
	"stats.title":               {"Statistics of %[1]v, %[2]v, %[3]v:", "Estadísticas de %[1]v, %[2]v, %[3]v:"},
	"stats.play":                {"Hands %[1]v · VPIP %[2]v%% · PFR %[3]v%% · 3-bet %[4]v%% · WTSD %[5]v%% · W$SD %[6]v%% · AF %[7]v", "Manos %[1]v · VPIP %[2]v%% · PFR %[3]v%% · 3-bet %[4]v%% · WTSD %[5]v%% · W$SD %[6]v%% · AF %[7]v"},
	"stats.money":               {"Net %[1]v · %[2]v bb/100 · biggest pot %[3]v", "Neto %[1]v · %[2]v bb/100 · bote mayor %[3]v"},
	"stats.none":                {"%[1]v has played no hands here (%[2]v).", "%[1]v no ha jugado manos aquí (%[2]v)."},
	"stats.private":             {"%[1]v keeps their statistics private (they can share them with /stats public).", "%[1]v mantiene sus estadísticas en privado (puede compartirlas con /stats public)."},
	"stats.made_public":         {"Your statistics in this community are public now: anyone here can see them with /stats %[1]v. /stats private hides them again.", "Tus estadísticas en esta comunidad son públicas ahora: cualquiera aquí puede verlas con /stats %[1]v. /stats private las oculta de nuevo."},
	"stats.made_private":        {"Your statistics in this community are private now: only you see them.", "Tus estadísticas en esta comunidad son privadas ahora: solo tú las ves."},
	"stats.who":                 {"No member of this community is called %[1]v.", "Ningún miembro de esta comunidad se llama %[1]v."},
	"stats.tourneys_title":      {"Tournaments of %[1]v, %[2]v:", "Torneos de %[1]v, %[2]v:"},
	"stats.tourneys":            {"Played %[1]v · entries %[2]v · ITM %[3]v%% · ROI %[4]v · knockouts %[5]v · best finish %[6]v", "Jugados %[1]v · entradas %[2]v · ITM %[3]v%% · ROI %[4]v · eliminaciones %[5]v · mejor puesto %[6]v"},
	"stats.tourneys_money":      {"Spent %[1]v · won %[2]v · net %[3]v", "Gastado %[1]v · ganado %[2]v · neto %[3]v"},
	"stats.kind_cash":           {"cash tables", "mesas de cash"},
	"stats.kind_tourney":        {"tournament hands", "manos de torneo"},
	"stats.kind_anon":           {"anonymous cash tables (only you see these)", "mesas de cash anónimas (solo tú las ves)"},
	"stats.kind_anontourney":    {"anonymous tournaments (only you see these)", "torneos anónimos (solo tú los ves)"},
	"period.week":               {"this week", "esta semana"},
	"period.month":              {"this month", "este mes"},
	"period.all":                {"all time", "desde siempre"},
	"leaderboard.usage":         {"Usage: /leaderboard [week|month|all] [cash|tourney].", "Uso: /leaderboard [week|month|all] [cash|tourney]."},
	"leaderboard.title":         {"Leaderboard, %[1]v, %[2]v (net chips):", "Clasificación, %[1]v, %[2]v (fichas netas):"},
	"leaderboard.line":          {"%[1]v. %[2]v: net %[3]v · hands %[4]v · %[5]v bb/100", "%[1]v. %[2]v: neto %[3]v · manos %[4]v · %[5]v bb/100"},
	"leaderboard.empty":         {"No hands played here to list (%[1]v); anonymous tables are never listed.", "No hay manos jugadas aquí que listar (%[1]v); las mesas anónimas nunca se listan."},
	"leaderboard.tourney_title": {"Tournament leaderboard, %[1]v (net prize money):", "Clasificación de torneos, %[1]v (premios netos):"},
	"leaderboard.tourney_line":  {"%[1]v. %[2]v: net %[3]v · entries %[4]v · ITM %[5]v%% · ROI %[6]v", "%[1]v. %[2]v: neto %[3]v · entradas %[4]v · ITM %[5]v%% · ROI %[6]v"},
	"leaderboard.tourney_empty": {"Nobody has finished a tournament here (%[1]v).", "Nadie ha terminado un torneo aquí (%[1]v)."},
}
