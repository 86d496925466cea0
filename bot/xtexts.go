package bot

// The texts of /export: a player's hands as a file.

func init() { addTexts(exportTexts) }

var exportTexts = map[string]Message{
	"export.usage":      {"Usage: /export [n|today|T<n>] [phh]: your last n hands (default %[1]v, at most %[2]v), today's, or a tournament's; PokerStars text, or PHH with phh.", "Uso: /export [n|today|T<n>] [phh]: tus últimas n manos (por defecto %[1]v, como máximo %[2]v), las de hoy o las de un torneo; texto de PokerStars, o PHH con phh."},
	"export.range":      {"%[1]v: ask for 1 to %[2]v hands.", "%[1]v: pide de 1 a %[2]v manos."},
	"export.too_many":   {"That is more than %[1]v hands, the most one file holds: ask for fewer (/export %[1]v gives your last %[1]v).", "Son más de %[1]v manos, lo máximo que cabe en un archivo: pide menos (/export %[1]v da tus últimas %[1]v)."},
	"export.no_tourney": {"There is no tournament T%[1]v here.", "No hay ningún torneo T%[1]v aquí."},
	"export.none":       {"No finished hands of yours to export: a hand is exported once it has ended (and hands played before the room recorded who played them cannot be).", "No hay manos terminadas tuyas que exportar: una mano se exporta cuando termina (y las jugadas antes de que la sala registrara quién las jugó no se pueden exportar)."},
	"export.slow":       {"The export took too long: ask for fewer hands, or try again shortly.", "La exportación tardó demasiado: pide menos manos, o inténtalo de nuevo en breve."},
	"export.caption":    {"Your %[1]v {1:hand|hands} (%[2]v), oldest first.", "{1:Tu|Tus} %[1]v {1:mano|manos} (%[2]v), de la más antigua a la más reciente."},
	"export.refused":    {"%[1]v more could not be written in %[2]v.", "%[1]v más no se pudieron escribir en %[2]v."},
	"export.refused_phh": {"%[1]v more could not be written in PHH: it has no code for some games (only for no-limit and fixed-limit Hold'em, pot-limit Omaha and fixed-limit Omaha Hi/Lo), nor for a board run twice or a blind posted by a player coming in, and a hand where an opponent mucked at the showdown cannot be replayed without their cards. /export without phh writes every hand as PokerStars text.",
		"%[1]v más no se pudieron escribir en PHH: no tiene código para algunos juegos (solo para Hold'em sin límite y de límite fijo, Omaha con límite de bote y Omaha Hi/Lo de límite fijo), ni para un tablero repartido dos veces o una ciega puesta por un jugador al entrar, y una mano en la que un rival tiró sus cartas en el showdown no se puede reproducir sin ellas. /export sin phh escribe todas las manos como texto de PokerStars."},
	"export.none_refused": {"None of your hands (%[1]v) can be written in PHH: it has no code for some games (only for no-limit and fixed-limit Hold'em, pot-limit Omaha and fixed-limit Omaha Hi/Lo), nor for a board run twice or a blind posted by a player coming in, and a hand where an opponent mucked at the showdown cannot be replayed without their cards. /export without phh writes them as PokerStars text.",
		"Ninguna de tus manos (%[1]v) se puede escribir en PHH: no tiene código para algunos juegos (solo para Hold'em sin límite y de límite fijo, Omaha con límite de bote y Omaha Hi/Lo de límite fijo), ni para un tablero repartido dos veces o una ciega puesta por un jugador al entrar, y una mano en la que un rival tiró sus cartas en el showdown no se puede reproducir sin ellas. /export sin phh las escribe como texto de PokerStars."},
	"export.sent":    {"Your %[1]v hands are on their way: %[2]v.", "Tus %[1]v manos van de camino: %[2]v."},
	"export.private": {"%[1]v: your hands were sent to you privately.", "%[1]v: tus manos se te han enviado en privado."},
}
