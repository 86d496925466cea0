package bot

// The texts of players' statistics and the leaderboard (/stats,
// /leaderboard).

func init() { addTexts(statsTexts) }

var statsTexts = map[string]Message{
	"stats.usage":              {"Usage: /stats [@player] [week|month|all], or /stats public or /stats private to show your statistics to others or not.", "Uso: /stats [@jugador] [week|month|all], o /stats public o /stats private para mostrar o no tus estadísticas a los demás."},
	"stats.title":              {"Statistics of %[1]v, %[2]v, %[3]v:", "Estadísticas de %[1]v, %[2]v, %[3]v:"},
	"stats.play":               {"Hands %[1]v · VPIP %[2]v%% · PFR %[3]v%% · 3-bet %[4]v%% · WTSD %[5]v%% · W$SD %[6]v%% · AF %[7]v", "Manos %[1]v · VPIP %[2]v%% · PFR %[3]v%% · 3-bet %[4]v%% · WTSD %[5]v%% · W$SD %[6]v%% · AF %[7]v"},
	"stats.money":              {"Net %[1]v · %[2]v bb/100 · biggest pot %[3]v", "Neto %[1]v · %[2]v bb/100 · bote mayor %[3]v"},
	"stats.none":               {"%[1]v has played no hands here (%[2]v).", "%[1]v no ha jugado manos aquí (%[2]v)."},
	"stats.private":            {"%[1]v keeps their statistics private (they can share them with /stats public).", "%[1]v mantiene sus estadísticas en privado (puede compartirlas con /stats public)."},
	"stats.made_public":        {"Your statistics in this community are public now: anyone here can see them with /stats %[1]v. /stats private hides them again.", "Tus estadísticas en esta comunidad son públicas ahora: cualquiera aquí puede verlas con /stats %[1]v. /stats private las oculta de nuevo."},
	"stats.made_private":       {"Your statistics in this community are private now: only you see them.", "Tus estadísticas en esta comunidad son privadas ahora: solo tú las ves."},
	"stats.who":                {"No member of this community is called %[1]v.", "Ningún miembro de esta comunidad se llama %[1]v."},
	"stats.kind_cash":          {"cash tables", "mesas de cash"},
	"stats.kind_tourney":       {"tournament hands", "manos de torneo"},
	"period.week":              {"this week", "esta semana"},
	"period.month":             {"this month", "este mes"},
	"period.all":               {"all time", "desde siempre"},
	"leaderboard.usage":        {"Usage: /leaderboard [week|month|all].", "Uso: /leaderboard [week|month|all]."},
	"leaderboard.title":        {"Leaderboard, %[1]v, %[2]v (net chips):", "Clasificación, %[1]v, %[2]v (fichas netas):"},
	"leaderboard.line":         {"%[1]v. %[2]v: net %[3]v · hands %[4]v · %[5]v bb/100", "%[1]v. %[2]v: neto %[3]v · manos %[4]v · %[5]v bb/100"},
	"leaderboard.empty":        {"Nobody has played a hand here (%[1]v).", "Nadie ha jugado una mano aquí (%[1]v)."},
	"leaderboard.tourney_soon": {"The leaderboard ranks cash play. Tournaments rank in their leagues (/league) and each in its /standings.", "La clasificación es del juego cash. Los torneos se clasifican en sus ligas (/league) y cada uno en su /standings."},
}
