package bot

// The fast-fold pool's texts (R-CASH-7), in English and Spanish.

func init() { addTexts(poolTexts) }

var poolTexts = map[string]Message{
	"newpool.done":        {"Fast-fold pool %[1]v opened: %[2]v, up to %[3]v players a hand. /pool join [buy-in] enters it (%[4]v to %[5]v, up to %[6]v entries each); fold any time with /fastfold and you are dealt a new hand at once.", "Pool de doblar rápido %[1]v abierto: %[2]v, hasta %[3]v jugadores por mano. /pool join [entrada] entra (%[4]v a %[5]v, hasta %[6]v entradas cada uno); retírate cuando quieras con /fastfold y recibes una mano nueva al instante."},
	"newpool.too_many":    {"This chat has %[1]v pools already.", "Este chat ya tiene %[1]v pools."},
	"pool.none":           {"No fast-fold pool in this chat. An admin opens one with /newpool <variant> <stakes>.", "No hay pool de doblar rápido en este chat. Un administrador lo abre con /newpool <variante> <ciegas>."},
	"pool.no_such":        {"There is no pool %[1]v here.", "No hay pool %[1]v aquí."},
	"pool.which":          {"Name the pool: %[1]v.", "Indica el pool: %[1]v."},
	"pool.one":            {"Name one pool, %[1]v or %[2]v, not both.", "Indica un solo pool, %[1]v o %[2]v, no los dos."},
	"pool.usage":          {"Use /pool, /pool join [buy-in], /pool sitout [entry], /pool back [entry], /pool leave [entry|all].", "Usa /pool, /pool join [entrada], /pool sitout [entrada], /pool back [entrada], /pool leave [entrada|all]."},
	"pool.title":          {"Fast-fold pools:", "Pools de doblar rápido:"},
	"pool.line":           {"%[1]v · %[2]v · buy-in %[3]v-%[4]v · %[5]v {5:entry|entries} (%[6]v in a hand, %[7]v waiting)", "%[1]v · %[2]v · entrada %[3]v-%[4]v · %[5]v {5:entrada|entradas} (%[6]v en mano, %[7]v esperando)"},
	"pool.entry_line":     {"Your entry %[1]v: %[2]v chips, %[3]v", "Tu entrada %[1]v: %[2]v fichas, %[3]v"},
	"pool.state_active":   {"active (in a hand at %[1]v)", "activa (en una mano en %[1]v)"},
	"pool.state_waiting":  {"waiting for a table", "esperando mesa"},
	"pool.state_sitout":   {"sitting out", "ausente"},
	"pool.max_entries":    {"You have %[1]v entries in %[2]v already: that is the most one player may have (R-CASH-7). /pool leave <entry> cashes one out.", "Ya tienes %[1]v entradas en %[2]v: es el máximo por jugador (R-CASH-7). /pool leave <entrada> retira una."},
	"pool.funds":          {"An entry of %[1]v needs more than your wallet's %[2]v not already in your waiting entries.", "Una entrada de %[1]v necesita más de lo que tu cartera tiene libre (%[2]v) fuera de tus entradas en espera."},
	"pool.joined":         {"%[1]v enters %[2]v with entry %[3]v (%[4]v chips): waiting for a table.", "%[1]v entra en %[2]v con la entrada %[3]v (%[4]v fichas): esperando mesa."},
	"pool.no_entry":       {"You have no entry in %[1]v.", "No tienes entradas en %[1]v."},
	"pool.bad_entry":      {"%[1]q is not one of your entries in %[2]v (you have %[3]v).", "%[1]q no es una de tus entradas en %[2]v (tienes %[3]v)."},
	"pool.sitout_done":    {"Entry %[1]v sits out: it is not dealt in until /pool back %[1]v.", "La entrada %[1]v queda ausente: no recibe cartas hasta /pool back %[1]v."},
	"pool.sitout_after":   {"Entry %[1]v sits out after its hand.", "La entrada %[1]v queda ausente al acabar su mano."},
	"pool.sitout_already": {"Entry %[1]v sits out already.", "La entrada %[1]v ya está ausente."},
	"pool.back_done":      {"Entry %[1]v is back: waiting for a table.", "La entrada %[1]v vuelve: esperando mesa."},
	"pool.back_already":   {"Entry %[1]v is not sitting out.", "La entrada %[1]v no está ausente."},
	"pool.left":           {"Entry %[1]v cashed out: %[2]v chips are in your wallet.", "Entrada %[1]v retirada: %[2]v fichas están en tu cartera."},
	"pool.leave_after":    {"Entry %[1]v cashes out when its hand ends (or at once with /fastfold).", "La entrada %[1]v se retira al acabar su mano (o al instante con /fastfold)."},
	"pool.leave_folded":   {"Entry %[1]v folded: its %[2]v chips behind are in your wallet, and it is cashed out.", "La entrada %[1]v se retira de la mano: sus %[2]v fichas restantes están en tu cartera, y queda retirada del pool."},
	"pool.leave_marked":   {"Entry %[1]v cannot fold fast now (its bet matches the highest, or it is all in): it cashes out when its hand ends, and until then it checks when it can, else folds, at once on its turn.", "La entrada %[1]v no puede doblar rápido ahora (su apuesta iguala la más alta, o está all-in): se retira al acabar su mano, y hasta entonces pasa si puede, si no se retira, al instante en su turno."},
	"pool.leave_seated":   {"Entry %[1]v is seated for a hand about to be dealt: it cashes out when that hand ends, and until then it checks when it can, else folds, at once on its turn.", "La entrada %[1]v está sentada para una mano a punto de repartirse: se retira al acabar esa mano, y hasta entonces pasa si puede, si no se retira, al instante en su turno."},
	"pool.leave_acted":    {"Entry %[1]v acted at once on its turn (a check when it could, else a fold) and cashes out when its hand ends; until then its turns are acted the same way.", "La entrada %[1]v actuó al instante en su turno (pasó si podía, si no se retiró) y se retira al acabar su mano; hasta entonces sus turnos se juegan igual."},
	"pool.leave_ended":    {"Entry %[1]v's hand is over: it is cashed out as it comes back from its table.", "La mano de la entrada %[1]v ha terminado: se retira al volver de su mesa."},
	"pool.entry_short":    {"Your entry %[1]v in %[2]v has %[3]v chips, less than the big blind: it is closed and the chips are in your wallet.", "Tu entrada %[1]v en %[2]v tiene %[3]v fichas, menos que la ciega grande: se cierra y las fichas están en tu cartera."},
	"pool.entry_closed":   {"Your entry %[1]v in %[2]v is cashed out: %[3]v chips are in your wallet.", "Tu entrada %[1]v en %[2]v se ha retirado: %[3]v fichas están en tu cartera."},
	"pool.entry_unfunded": {"Your entry %[1]v in %[2]v could not be dealt in: your wallet no longer holds its %[3]v chips. The entry is closed.", "Tu entrada %[1]v en %[2]v no pudo entrar en mano: tu cartera ya no tiene sus %[3]v fichas. La entrada se cierra."},
	"pool.not_here":       {"%[1]v does not work at a fast-fold pool's table: use /pool (join, sitout, back, leave).", "%[1]v no funciona en una mesa de pool de doblar rápido: usa /pool (join, sitout, back, leave)."},
	"pool.not_pool_table": {"%[1]v is not a table of a fast-fold pool.", "%[1]v no es una mesa de un pool de doblar rápido."},
	"view.waiting_pool":   {"Fast-fold pool P%[1]v: the pool deals the next hand here (/pool join).", "Pool de doblar rápido P%[1]v: el pool reparte aquí la próxima mano (/pool join)."},
	"fastfold.not_pool":   {"Fast fold works at the tables of a fast-fold pool only; here use /fold on your turn.", "El doblar rápido solo funciona en las mesas de un pool; aquí usa /fold en tu turno."},
	"fastfold.matched":    {"No fast fold: your bet already matches the highest bet, so you can check (R-CASH-7).", "No puedes doblar rápido: tu apuesta ya iguala la más alta, así que puedes pasar (R-CASH-7)."},
	"fastfold.allin":      {"No fast fold: you are all in.", "No puedes doblar rápido: estás all-in."},
	"fastfold.none":       {"You are in no hand of a fast-fold pool to fold.", "No estás en ninguna mano de un pool de doblar rápido."},
	"fastfold.button":     {"Fast fold", "Doblar rápido"},
	"fastfold.done":       {"Folded: %[1]v chips go with your entry to a new hand.", "Te retiras: %[1]v fichas van con tu entrada a una mano nueva."},

	// A fast fold of an entry asked to leave (/pool leave): cashed out.
	"fastfold.done_leaving": {"Folded: %[1]v chips are in your wallet, and your entry is cashed out as you asked.", "Te retiras: %[1]v fichas están en tu cartera, y tu entrada queda retirada como pediste."},
}
