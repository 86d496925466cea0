package bot

// The texts of the provable deck (issue 24): the commitments in the table
// message, the reveal in the summary, /seed and /verify.

func init() { addTexts(fairTexts) }

var fairTexts = map[string]Message{
	"fair.commitment":       {"Deck commitment: %[1]v", "Compromiso de la baraja: %[1]v"},
	"fair.next":             {"Next hand's deck: %[1]v", "Baraja de la próxima mano: %[1]v"},
	"fair.seeds":            {"%[1]v {1:seed|seeds} (/seed <text>)", "%[1]v {1:semilla|semillas} (/seed <texto>)"},
	"fair.reveal_deck":      {"Deck: %[1]v", "Baraja: %[1]v"},
	"fair.reveal_salt":      {"Salt: %[1]v · commitment %[2]v", "Sal: %[1]v · compromiso %[2]v"},
	"fair.reveal_seeds":     {"Seeds: %[1]v", "Semillas: %[1]v"},
	"fair.reveal_verify":    {"Check it: /verify %[1]v %[2]v, or sha256sum (README)", "Compruébalo: /verify %[1]v %[2]v, o sha256sum (README)"},
	"fair.seed_bad":         {"Usage: /seed <text>: up to %[1]v characters, mixed into the next hand's deal.", "Uso: /seed <texto>: hasta %[1]v caracteres, mezclados en el reparto de la próxima mano."},
	"fair.seed_twice":       {"You already added a seed to hand %[1]v.", "Ya añadiste una semilla a la mano %[1]v."},
	"fair.seed_full":        {"Hand %[1]v has all the seeds it takes.", "La mano %[1]v ya tiene todas las semillas que admite."},
	"fair.seed_added":       {"Seed %[1]q added to hand %[2]v at %[3]v, whose deck commitment is %[4]v.", "Semilla %[1]q añadida a la mano %[2]v en %[3]v, cuyo compromiso de baraja es %[4]v."},
	"verify.usage":          {"Usage: /verify <table> <hand>, for example /verify #3 17 (the numbers of a hand's summary).", "Uso: /verify <mesa> <mano>, por ejemplo /verify #3 17 (los números del resumen de una mano)."},
	"verify.no_hand":        {"Table %[1]v has no hand %[2]v.", "La mesa %[1]v no tiene mano %[2]v."},
	"verify.in_play":        {"Hand %[2]v at %[1]v is not over yet: its deck is revealed when it ends.", "La mano %[2]v en %[1]v aún no ha terminado: su baraja se revela al acabar."},
	"verify.no_commit":      {"Hand %[2]v at %[1]v was dealt before decks were committed: nothing to check.", "La mano %[2]v en %[1]v se repartió antes de comprometer las barajas: nada que comprobar."},
	"verify.voided":         {"Hand %[2]v at %[1]v was voided (%[3]v).", "La mano %[2]v en %[1]v se anuló (%[3]v)."},
	"verify.head":           {"Hand %[2]v at %[1]v\nCommitment: %[3]v\nDeck: %[4]v\nSalt: %[5]v", "Mano %[2]v en %[1]v\nCompromiso: %[3]v\nBaraja: %[4]v\nSal: %[5]v"},
	"verify.head_cards":     {"Hand %[2]v at %[1]v\nCommitment: %[3]v\nSalt: %[4]v", "Mano %[2]v en %[1]v\nCompromiso: %[3]v\nSal: %[4]v"},
	"verify.shown":          {"Shown (dealt>committed position, card, its salt): %[1]v", "Mostradas (posición repartida>comprometida, carta, su sal): %[1]v"},
	"verify.ok_cards":       {"✓ matches: the hashes of the deck's positions and the salt hash to the commitment shown before the deal, each card shown hashes with its salt to its position's, and the cards were dealt from this deck mixed with the seeds. The cards never shown stay secret; every position's hash is in the hand's PHH export (_deck_leaves).", "✓ coincide: los hashes de las posiciones de la baraja y la sal dan el compromiso mostrado antes del reparto, cada carta mostrada con su sal da el de su posición, y las cartas salieron de esta baraja mezclada con las semillas. Las cartas nunca mostradas siguen en secreto; el hash de cada posición está en la exportación PHH de la mano (_deck_leaves)."},
	"verify.bad_hash_cards": {"✗ does not match: sha256(position hashes + \" \" + salt) is %[1]v, not the commitment shown.", "✗ no coincide: sha256(hashes de las posiciones + \" \" + sal) es %[1]v, no el compromiso mostrado."},
	"verify.seeds":          {"Seeds: %[1]v", "Semillas: %[1]v"},
	"verify.ok":             {"✓ matches: sha256(deck + \" \" + salt) is the commitment shown before the deal, and the cards were dealt from this deck mixed with the seeds.", "✓ coincide: sha256(baraja + \" \" + sal) es el compromiso mostrado antes del reparto, y las cartas salieron de esta baraja mezclada con las semillas."},
	"verify.bad_reveal":     {"✗ does not match: the stored deck or salt cannot be read (%[1]v).", "✗ no coincide: la baraja o la sal guardadas no se pueden leer (%[1]v)."},
	"verify.bad_hash":       {"✗ does not match: sha256(deck + \" \" + salt) is %[1]v, not the commitment shown.", "✗ no coincide: sha256(baraja + \" \" + sal) es %[1]v, no el compromiso mostrado."},
	"verify.bad_dealt":      {"✗ does not match: the cards dealt are not this deck mixed with the seeds.", "✗ no coincide: las cartas repartidas no son esta baraja mezclada con las semillas."},
}
