package bot

// The texts of closing cash tables (/closetable) and fast-fold pools
// (/closepool), in English and Spanish.

func init() { addTexts(closeTexts) }

var closeTexts = map[string]Message{
	"closetable.usage":       {"Use /closetable [#table].", "Usa /closetable [#mesa]."},
	"closetable.none":        {"This chat has no cash table to close.", "Este chat no tiene mesas de cash que cerrar."},
	"closetable.which":       {"Name the table to close: %[1]v.", "Indica la mesa que cerrar: %[1]v."},
	"closetable.tourney":     {"%[1]v is a table of tournament %[2]v: it closes with its tournament (/tourney cancel %[2]v).", "%[1]v es una mesa del torneo %[2]v: se cierra con su torneo (/tourney cancel %[2]v)."},
	"closetable.pool":        {"%[1]v is a table of the fast-fold pool %[2]v: it closes with its pool (/closepool %[2]v).", "%[1]v es una mesa del pool %[2]v: se cierra con su pool (/closepool %[2]v)."},
	"closetable.closing":     {"Table %[1]v is closing already.", "La mesa %[1]v ya se está cerrando."},
	"closetable.no_join":     {"Table %[1]v is closing: it takes no one new.", "La mesa %[1]v se está cerrando: no admite a nadie más."},
	"closetable.after_hand":  {"Table %[1]v closes after the hand in progress: no new hand is dealt; then every seat is cashed out.", "La mesa %[1]v se cierra al acabar la mano en juego: no se reparte otra; después cada asiento cobra."},
	"closetable.done":        {"Table %[1]v is closed: every seat was cashed out.", "La mesa %[1]v está cerrada: cada asiento ha cobrado."},
	"closetable.closed":      {"Table %[1]v (%[2]v) is closed: the players' chips are back in their wallets.", "La mesa %[1]v (%[2]v) está cerrada: las fichas de los jugadores han vuelto a sus carteras."},
	"closetable.waiting":     {"Table %[1]v closed: you are no longer on its waiting list.", "La mesa %[1]v se ha cerrado: ya no estás en su lista de espera."},
	"closepool.usage":        {"Use /closepool [P<n>].", "Usa /closepool [P<n>]."},
	"closepool.closing":      {"Pool %[1]v is closing already.", "El pool %[1]v ya se está cerrando."},
	"closepool.done":         {"Fast-fold pool %[1]v is closed: no new hand is drawn; %[2]v waiting {2:entry is|entries are} closed (the chips are in the wallets) and %[3]v {3:entry finishes its hand|entries finish their hands} before cashing out.", "El pool %[1]v está cerrado: no se reparten más manos; %[2]v {2:entrada en espera se cierra|entradas en espera se cierran} (las fichas están en las carteras) y %[3]v {3:entrada acaba su mano|entradas acaban sus manos} antes de cobrar."},
	"closepool.entry_closed": {"The fast-fold pool %[2]v closed: your entry %[1]v is cashed out, its %[3]v chips are in your wallet.", "El pool %[2]v se ha cerrado: tu entrada %[1]v se retira, sus %[3]v fichas están en tu cartera."},
	"closepool.entry_after":  {"The fast-fold pool %[2]v is closing: your entry %[1]v finishes its hand and is then cashed out.", "El pool %[2]v se está cerrando: tu entrada %[1]v acaba su mano y después se retira."},
	"pool.closed":            {"The fast-fold pool %[1]v is closing: it takes no new entry.", "El pool %[1]v se está cerrando: no admite entradas nuevas."},
}
