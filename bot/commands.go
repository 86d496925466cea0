package bot

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// The command table: every command and subcommand the room runs, declared
// once with who may use it, where, its arguments and its help in English
// and Spanish. The dispatcher authorises from it (Room.authorise), the
// table and tournament actors check the seat and the turn it declares,
// and the platforms' menus (Commands), /help (helpText) and the README's
// command table (CommandsMarkdown) are generated from it.
//
// To add a command: one entry below (cmd(...) takes the permission and
// the place as arguments, so one cannot be left out), its case in
// Room.handle (a table's command: in the table actor's handle), and its
// arguments in the permission matrix's fixtures (matrixFixtures in
// permissions_test.go), which fails for a declared command without them.
// TestReadmeListsTheCommandTable prints the README's new table of
// commands; a command with arguments gets its typed options for Discord
// in adapters/discord's options.

// Permission is who may run a command. The zero value is no permission
// at all: the table refuses it when the package loads (checkCommands),
// so a command declared without one never runs.
type Permission uint8

// The permissions, from the widest. Each one is checked where the facts
// it needs live: the room checks Admin and Operator before running the
// command; a table's actor checks Seated and Acting (it knows the seats
// and the turn); a tournament's actor checks Seated (its entries).
const (
	permNone Permission = iota // invalid: every command says who may use it
	// PermAnyone: any user, also one the room has never seen; nothing
	// about them is checked.
	PermAnyone
	// PermMember: a user of the community the command acts in. In a group
	// that is whoever writes there (a platform delivers a group's
	// messages from its members only, so a stranger's first message makes
	// them one); in a private chat the command only reaches what names
	// the user or what the user asks for by its label (#N, T<n>).
	PermMember
	// PermSeated: a player with a seat in the game the command is about:
	// a seat at the table (waiting for the big blind too), or an entry
	// still in the tournament. Refused with "table.not_seated" at a table,
	// "deal.not_in" at a tournament.
	PermSeated
	// PermActing: the seated player whose turn it is in the hand being
	// played. Refused with "table.not_seated", "action.no_hand",
	// "action.not_in_hand", "action.nobody_to_act" or "action.turn_of".
	PermActing
	// PermAdmin: an administrator of the chat the command is typed in (as
	// the platform says), or one of the bot's operators. Refused with
	// "admin.only".
	PermAdmin
	// PermOperator: one of the bot's operators only (room.Config.Owners,
	// "platform:user id"). Refused with "operator.only".
	PermOperator
	permEnd
)

var permNames = [...]string{"", "anyone", "member", "seated player", "acting player", "community admin", "operator"}

// String names the permission as the README's command table does.
func (p Permission) String() string {
	if p >= permEnd {
		return fmt.Sprintf("Permission(%d)", p)
	}
	if p == permNone {
		return "none"
	}
	return permNames[p]
}

// Place is where a command may be used. The zero value is invalid.
type Place uint8

// The places.
const (
	placeNone Place = iota // invalid: every command says where it works
	// PlaceGroup: in the community's group chat only; a private chat is
	// refused with "command.in_group".
	PlaceGroup
	// PlacePrivate: in a private chat with the bot only; a group is
	// refused with "command.in_private".
	PlacePrivate
	// PlaceBoth: in the group and in a private chat.
	PlaceBoth
	placeEnd
)

// String names the place as the README's command table does.
func (p Place) String() string {
	switch p {
	case PlaceGroup:
		return "group"
	case PlacePrivate:
		return "private"
	case PlaceBoth:
		return "group, private"
	}
	return fmt.Sprintf("Place(%d)", p)
}

// CommandSpec is one command, or one subcommand, of the command table.
type CommandSpec struct {
	// Name is the command ("join") or the subcommand ("close").
	Name string
	// Aliases run the same command ("sit" for "join").
	Aliases []string
	// Perm is who may run it; a subcommand's replaces its command's.
	Perm Permission
	// Where it may be used; a subcommand is used where its command is, or
	// in one of the two places of a command used in both.
	Where Place
	// Args are its arguments as help shows them ("" for none).
	Args string
	// Help is its one-line description in English and Spanish (at most
	// 100 characters: Discord's limit).
	Help [2]string
	// Subs are its subcommands, the first argument.
	Subs []CommandSpec
	// Unlisted: /help shows it, the platforms' menus do not.
	Unlisted bool
}

// cmd declares a command: who, where, its arguments and its help.
func cmd(name string, perm Permission, where Place, args, en, es string) CommandSpec {
	return CommandSpec{Name: name, Perm: perm, Where: where, Args: args, Help: [2]string{en, es}}
}

// sub declares a subcommand: who, its arguments and its help.
func sub(name string, perm Permission, args, en, es string) CommandSpec {
	return CommandSpec{Name: name, Perm: perm, Args: args, Help: [2]string{en, es}}
}

func (c CommandSpec) alias(names ...string) CommandSpec {
	c.Aliases = names
	return c
}

// in narrows where a subcommand works.
func (c CommandSpec) in(w Place) CommandSpec {
	c.Where = w
	return c
}

func (c CommandSpec) unlisted() CommandSpec {
	c.Unlisted = true
	return c
}

func (c CommandSpec) subs(s ...CommandSpec) CommandSpec {
	for i := range s {
		if s[i].Where == placeNone {
			s[i].Where = c.Where
		}
	}
	c.Subs = s
	return c
}

// Desc is the spec's help in lang.
func (c CommandSpec) Desc(lang string) string {
	if lang == Spanish {
		return c.Help[1]
	}
	return c.Help[0]
}

// commandTable is every command of the room, in the order /help and the
// menus show them.
var commandTable = []CommandSpec{
	cmd("start", PermAnyone, PlaceBoth, "", "Welcome, and how to play", "Bienvenida, y cómo jugar").unlisted(),
	cmd("help", PermAnyone, PlaceBoth, "[command]", "How to play, and every command", "Cómo jugar, y todos los comandos"),
	cmd("wallet", PermAnyone, PlaceBoth, "", "Your chips in this community (in private: in every one)", "Tus fichas en esta comunidad (en privado: en todas)"),
	cmd("tables", PermMember, PlaceBoth, "", "List the tables of this chat", "Lista las mesas de este chat"),
	cmd("join", PermMember, PlaceBoth, "[buy-in] [post] [seat=N] [later] [#table]", "Sit down at a table with a buy-in (later: called from the waiting list, go to its end)", "Siéntate en una mesa con una entrada (later: llamado de la lista de espera, pasa al final)").alias("sit"),
	cmd("leave", PermSeated, PlaceBoth, "[#table]", "Leave the table and cash out", "Deja la mesa y cobra tus fichas").alias("standup"),
	cmd("sitout", PermSeated, PlaceBoth, "[#table]", "Skip the next hands and their blinds; in a hand, check or fold at once", "Sáltate las próximas manos y sus ciegas; en una mano, pasa o retírate ya"),
	cmd("back", PermSeated, PlaceBoth, "[#table]", "Play again after sitting out", "Vuelve a jugar tras ausentarte"),
	cmd("topup", PermSeated, PlaceBoth, "<chips>", "Add chips from your wallet between hands", "Añade fichas de tu cartera entre manos"),
	cmd("fold", PermActing, PlaceBoth, "", "Fold your hand", "Tira tu mano"),
	cmd("check", PermActing, PlaceBoth, "", "Check", "Pasa"),
	cmd("call", PermActing, PlaceBoth, "", "Call the bet", "Iguala la apuesta"),
	cmd("bet", PermActing, PlaceBoth, "<to>", "Bet a total: /bet 40, /bet 1/2 pot, /bet pot", "Apuesta un total: /bet 40, /bet 1/2 pot, /bet pot"),
	cmd("raise", PermActing, PlaceBoth, "<to>", "Raise to a total: /raise 60, /raise pot", "Sube a un total: /raise 60, /raise pot"),
	cmd("allin", PermActing, PlaceBoth, "", "Go all in", "Apuesta todo"),
	cmd("fastfold", PermSeated, PlaceBoth, "[#table]", "Fast-fold pool: fold now, out of turn too, and get a new hand at once", "Pool de doblar rápido: retírate ya, aunque no sea tu turno, y recibe otra mano al instante").alias("ff"),
	cmd("discard", PermActing, PlaceBoth, "<cards>", "Five-card draw: throw these cards", "Póquer cubierto: descarta estas cartas").alias("draw"),
	cmd("pat", PermActing, PlaceBoth, "", "Five-card draw: stand pat, throw nothing", "Póquer cubierto: plántate, no descartes nada"),
	cmd("cards", PermSeated, PlaceBoth, "", "See your hole cards, privately", "Mira tus cartas, en privado"),
	cmd("clock", PermSeated, PlaceBoth, "", "Call the clock on the player to act", "Pide tiempo al jugador que actúa"),
	cmd("consult", PermSeated, PlaceBoth, "", "Pairs tournament: consult your partner (once, final table)", "Torneo por parejas: consulta a tu pareja (una vez, mesa final)"),
	cmd("history", PermMember, PlaceBoth, "[n]", "The last hands of your table", "Las últimas manos de tu mesa"),
	cmd("export", PermMember, PlaceBoth, "[n|today|T<n>] [phh]", "Your own hands as a file, sent privately (PokerStars or PHH)", "Tus propias manos en un archivo, en privado (PokerStars o PHH)"),
	cmd("seed", PermSeated, PlaceBoth, "<text> [#table]", "Mix your own text into the next hand's deal (provable deck)", "Mezcla tu propio texto en el reparto de la próxima mano (baraja comprobable)"),
	cmd("verify", PermMember, PlaceBoth, "<table> <hand>", "Check a finished hand's deck against its commitment", "Comprueba la baraja de una mano terminada con su compromiso"),
	cmd("tourneys", PermMember, PlaceBoth, "", "The tournaments of this chat", "Los torneos de este chat"),
	cmd("register", PermMember, PlaceGroup, "[T<n>]", "Register for a tournament", "Inscríbete en un torneo"),
	cmd("unregister", PermMember, PlaceGroup, "[T<n>]", "Withdraw before the start, with a refund", "Date de baja antes del inicio, con reembolso"),
	cmd("rebuy", PermSeated, PlaceBoth, "", "Tournament: buy chips in the rebuy period (cash: /topup)", "Torneo: compra fichas en el periodo de recompras (cash: /topup)"),
	cmd("addon", PermSeated, PlaceBoth, "", "Tournament: take the add-on at the end of the rebuys", "Torneo: toma el add-on al final de las recompras"),
	cmd("reenter", PermMember, PlaceGroup, "[T<n>]", "Enter again after busting, during late registration", "Vuelve a entrar tras ser eliminado, en la inscripción tardía"),
	cmd("deal", PermMember, PlaceGroup, "[icm|chop|accept|decline]", "Tournament: see, propose, accept or decline a deal", "Torneo: mira, propón, acepta o rechaza un trato").subs(
		sub("icm", PermSeated, "[keep=N]", "Propose an ICM deal (final table)", "Propón un trato ICM (mesa final)"),
		sub("chop", PermSeated, "[keep=N]", "Propose a chip chop (final table)", "Propón un reparto por fichas (mesa final)"),
		sub("accept", PermSeated, "", "Accept the deal proposed", "Acepta el trato propuesto").alias("yes"),
		sub("decline", PermSeated, "", "Decline the deal proposed", "Rechaza el trato propuesto").alias("no"),
	),
	cmd("standings", PermMember, PlaceGroup, "[T<n>]", "A tournament's chip counts and places", "Fichas y puestos de un torneo"),
	cmd("league", PermMember, PlaceGroup, "[name]", "A league's ranking and pool", "La clasificación y el bote de una liga"),
	cmd("stats", PermMember, PlaceGroup, "[@player] [week|month|all] | public | private", "Your statistics (VPIP, PFR, ...), privately; public/private shares them or not", "Tus estadísticas (VPIP, PFR, ...), en privado; public/private las comparte o no"),
	cmd("leaderboard", PermMember, PlaceGroup, "[week|month|all] [cash|tourney]", "The community's top players: cash by net chips, tournaments by net prizes", "Los mejores jugadores de la comunidad: cash por fichas netas, torneos por premios netos"),
	cmd("tourney", PermMember, PlaceGroup, "<subcommand> [T<n>] [key=value ...]", "Tournaments: info for all; create, start and run them (admins)", "Torneos: información para todos; crearlos y dirigirlos (admins)").subs(
		sub("info", PermMember, "[T<n>]", "A tournament's lobby: format, buy-in, state", "El lobby de un torneo: formato, entrada, estado"),
		sub("players", PermMember, "[T<n>]", "Who is registered", "Quién está inscrito"),
		sub("structure", PermMember, "[T<n>]", "The blind levels", "Los niveles de ciegas"),
		sub("payouts", PermMember, "[T<n>]", "What each place is paid", "Lo que cobra cada puesto"),
		sub("me", PermMember, "[T<n>]", "Your table, seat, stack and bounty, privately", "Tu mesa, asiento, stack y recompensa, en privado"),
		sub("create", PermAdmin, "<name> [key=value ...]", "Create a tournament", "Crea un torneo").alias("new"),
		sub("edit", PermAdmin, "[T<n>] key=value ...", "Change a tournament's options before it starts", "Cambia las opciones de un torneo antes del inicio"),
		sub("open", PermAdmin, "[T<n>]", "Open registration", "Abre la inscripción"),
		sub("close", PermAdmin, "[T<n>]", "Close registration", "Cierra la inscripción"),
		sub("start", PermAdmin, "[T<n>]", "Start now", "Empieza ya"),
		sub("cancel", PermAdmin, "[T<n>]", "Cancel and refund every entry", "Cancela y devuelve cada entrada"),
		sub("pause", PermAdmin, "[T<n>]", "Pause the clock and the tables", "Pausa el reloj y las mesas"),
		sub("resume", PermAdmin, "[T<n>]", "Resume after a pause", "Reanuda tras una pausa"),
		sub("balance", PermAdmin, "[T<n>]", "The tables' counts, for balancing", "Los jugadores por mesa, para equilibrar"),
		sub("dq", PermAdmin, "<player> [T<n>]", "Disqualify a player", "Descalifica a un jugador"),
		sub("refuse", PermAdmin, "<player> [T<n>]", "Refuse a player's entry (refunded before the start)", "Rechaza la inscripción de un jugador (devuelta antes del inicio)"),
		sub("bots", PermAdmin, "[T<n>] [n]", "Register n practice opponents (one without n)", "Inscribe n rivales de práctica (uno sin n)"),
		sub("template", PermAdmin, "save|use|list|delete <name> ...", "Saved tournament settings", "Ajustes de torneo guardados"),
		sub("schedule", PermAdmin, "<template> <when>|off", "Create a template's tournament on a schedule", "Crea el torneo de una plantilla según un calendario"),
	),
	cmd("newtable", PermAdmin, PlaceGroup, "<variant> <stakes> [key=value ...]", "Open a cash table (admins)", "Abre una mesa de cash (admins)"),
	cmd("closetable", PermAdmin, PlaceGroup, "[#table]", "Close a cash table after its hand: every seat cashed out (admins)", "Cierra una mesa de cash tras su mano: cada asiento cobra (admins)"),
	cmd("pool", PermMember, PlaceGroup, "[join|sitout|back|leave] [P<n>] ...", "Fast-fold pools: the chat's pools and your entries, privately", "Pools de doblar rápido: los del chat y tus entradas, en privado").subs(
		sub("join", PermMember, "[buy-in] [P<n>]", "Enter a fast-fold pool: a new entry (at most 4)", "Entra en un pool de doblar rápido: una entrada nueva (máximo 4)"),
		sub("sitout", PermMember, "[entry|all] [P<n>]", "Sit an entry out (after its hand)", "Deja una entrada ausente (tras su mano)"),
		sub("back", PermMember, "[entry|all] [P<n>]", "Bring an entry back into play", "Devuelve una entrada al juego"),
		sub("leave", PermMember, "[entry|all] [P<n>]", "Cash an entry out: at once, or its turns acted at once until its hand ends", "Retira una entrada: al instante, o jugando sus turnos al instante hasta acabar su mano"),
	),
	cmd("newpool", PermAdmin, PlaceGroup, "<variant> <stakes> [key=value ...]", "Open a fast-fold pool with /newtable's options (admins)", "Abre un pool de doblar rápido con las opciones de /newtable (admins)"),
	cmd("closepool", PermAdmin, PlaceGroup, "[P<n>]", "Close a fast-fold pool: entries cashed out, hands in play finished first (admins)", "Cierra un pool de doblar rápido: las entradas cobran, las manos en juego acaban antes (admins)"),
	cmd("addbot", PermAdmin, PlaceGroup, "[n]", "Seat practice opponents (admins)", "Sienta rivales de práctica (admins)"),
	cmd("kickbot", PermAdmin, PlaceGroup, "", "Remove the practice opponents (admins)", "Quita los rivales de práctica (admins)"),
	cmd("lang", PermMember, PlaceBoth, "en|es", "Your language (your answers everywhere)", "Tu idioma (tus respuestas en todas partes)").subs(
		sub("chat", PermAdmin, "en|es", "The chat's language (admins)", "El idioma del chat (admins)").in(PlaceGroup)),
	cmd("spectate", PermAdmin, PlaceGroup, "<channel>|off", "Post hand summaries to a channel (admins)", "Publica los resúmenes en un canal (admins)"),
	cmd("grant", PermAdmin, PlaceGroup, "@user <chips>|limits [per grant] [per day]", "Give (or take back) a member's play chips, capped (admins)", "Da (o retira) fichas de juego a un miembro, con límite (admins)"),
	cmd("adminlog", PermAdmin, PlaceGroup, "[n]", "The community's last admin actions (admins)", "Las últimas acciones de administración de la comunidad (admins)"),
	cmd("ban", PermOperator, PlaceBoth, "@user [reason]", "Ban a user from the bot (the bot's operators)", "Prohíbe a un usuario usar el bot (operadores del bot)"),
	cmd("unban", PermOperator, PlaceBoth, "@user", "Lift a ban (the bot's operators)", "Levanta una prohibición (operadores del bot)"),
	cmd("audit", PermOperator, PlaceBoth, "", "Check every chip of the room (the bot's operators)", "Comprueba cada ficha de la sala (operadores del bot)"),
}

// commandIndex finds a command by its name or an alias.
var commandIndex = func() map[string]*CommandSpec {
	if err := checkCommands(commandTable); err != nil {
		panic("bot: the command table: " + err.Error())
	}
	m := map[string]*CommandSpec{}
	for i := range commandTable {
		c := &commandTable[i]
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			m[n] = c
		}
	}
	return m
}()

// checkCommands says what is wrong with a command table: a command or
// subcommand without a permission or a place, a name declared twice, a
// help line missing or too long for Discord.
func checkCommands(table []CommandSpec) error {
	var errs []error
	seen := map[string]bool{}
	var check func(prefix string, c CommandSpec)
	check = func(prefix string, c CommandSpec) {
		full := strings.TrimSpace(prefix + " " + c.Name)
		if c.Name == "" || strings.ToLower(c.Name) != c.Name || strings.ContainsAny(c.Name, " /") {
			errs = append(errs, fmt.Errorf("/%s: a command is a lower-case word", full))
		}
		if c.Perm == permNone || c.Perm >= permEnd {
			errs = append(errs, fmt.Errorf("/%s declares no permission", full))
		}
		if c.Where == placeNone || c.Where >= placeEnd {
			errs = append(errs, fmt.Errorf("/%s declares no place", full))
		}
		for _, d := range c.Help {
			if d == "" || len([]rune(d)) > 100 {
				errs = append(errs, fmt.Errorf("/%s: help %q empty or over 100 characters", full, d))
			}
		}
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			k := strings.TrimSpace(prefix + " " + n)
			if seen[k] {
				errs = append(errs, fmt.Errorf("/%s declared twice", k))
			}
			seen[k] = true
		}
		for _, s := range c.Subs {
			if s.Where != c.Where && (c.Where != PlaceBoth || s.Where != PlaceGroup && s.Where != PlacePrivate) {
				errs = append(errs, fmt.Errorf("/%s %s: a subcommand is used where its command is (or in one of its two places)", full, s.Name))
			}
			check(full, s)
		}
	}
	for _, c := range table {
		check("", c)
	}
	return errors.Join(errs...)
}

// LookupCommand finds what a typed command is: the command, and its
// subcommand when the first argument that is not a label (#N, T<n>)
// names one (nil otherwise): "/deal T3 icm" is /deal icm's, as its
// handler reads it. ok is false for a name the table does not declare.
func LookupCommand(name string, args []string) (c, s *CommandSpec, ok bool) {
	c = commandIndex[name]
	if c == nil {
		return nil, nil, false
	}
	for len(args) > 0 && isLabel(args[0]) {
		args = args[1:]
	}
	if len(args) > 0 && len(c.Subs) > 0 {
		a := strings.ToLower(args[0])
		for i := range c.Subs {
			if c.Subs[i].Name == a || slices.Contains(c.Subs[i].Aliases, a) {
				return c, &c.Subs[i], true
			}
		}
	}
	return c, nil, true
}

// isLabel reports whether a is a table's (#N) or a tournament's (T<n>)
// label.
func isLabel(a string) bool {
	_, t := CutTourneyLabel(a)
	return t || strings.HasPrefix(a, "#")
}

// SubNames are a command's subcommands, space-separated.
func SubNames(name string) string {
	var out []string
	if c := commandIndex[name]; c != nil {
		for _, s := range c.Subs {
			out = append(out, s.Name)
		}
	}
	return strings.Join(out, " ")
}

// CommandTable returns the command table: every command with its
// subcommands, in the order /help shows them. The caller gets a copy.
func CommandTable() []CommandSpec {
	out := make([]CommandSpec, len(commandTable))
	for i, c := range commandTable {
		c.Aliases = slices.Clone(c.Aliases)
		c.Subs = slices.Clone(c.Subs)
		out[i] = c
	}
	return out
}

// CommandInfo describes one command for a platform's command menu
// (Telegram's setMyCommands, Discord's application commands).
type CommandInfo struct {
	Name string
	// Perm is who may use it (its subcommands may allow more: /tourney
	// info is for members, /tourney start for admins).
	Perm Permission
	// Where it may be used.
	Where Place
	// Admin: only chat admins (and operators) may use it; a menu shows it
	// to admins only.
	Admin bool
	Args  string // the arguments, as help shows them ("" for none)
	// Description is a short line per language (at most 100 characters,
	// Discord's limit).
	Description map[string]string
}

// Commands lists the commands a platform's menu shows (every command of
// the table but the unlisted ones), in the table's order.
func Commands() []CommandInfo {
	var out []CommandInfo
	for _, c := range commandTable {
		if c.Unlisted {
			continue
		}
		out = append(out, CommandInfo{Name: c.Name, Perm: c.Perm, Where: c.Where, Admin: c.Perm >= PermAdmin, Args: c.Args,
			Description: map[string]string{English: c.Help[0], Spanish: c.Help[1]}})
	}
	return out
}

// Topic is a part of /help: the commands of one kind of use.
type Topic string

// The topics of /help, in its order.
const (
	TopicGeneral Topic = "general" // the room: help, wallet, language, statistics
	TopicCash    Topic = "cash"    // cash tables: finding, sitting, leaving, histories
	TopicPlaying Topic = "playing" // a hand: acting, cards, the clock
	TopicTourney Topic = "tournaments"
	TopicAdmin   Topic = "admin" // chat admins and the bot's operators
)

// Topics are /help's topics in order.
var Topics = []Topic{TopicGeneral, TopicCash, TopicPlaying, TopicTourney, TopicAdmin}

// topicWords are the words /help takes for each topic (both languages).
var topicWords = map[string]Topic{"general": TopicGeneral, "cash": TopicCash, "tables": TopicCash, "mesas": TopicCash,
	"playing": TopicPlaying, "play": TopicPlaying, "jugar": TopicPlaying, "tournaments": TopicTourney, "tourneys": TopicTourney,
	"torneos": TopicTourney, "admin": TopicAdmin, "admins": TopicAdmin}

// tourneyCommands are the commands of tournaments.
var tourneyCommands = map[string]bool{"tourneys": true, "register": true, "unregister": true, "rebuy": true, "addon": true,
	"reenter": true, "deal": true, "standings": true, "league": true, "tourney": true, "consult": true}

// generalCommands are the room's own commands, outside any table.
var generalCommands = map[string]bool{"start": true, "help": true, "wallet": true, "lang": true, "stats": true, "leaderboard": true}

// TopicOf is the /help topic of a command (parent "") or subcommand.
func TopicOf(parent string, c CommandSpec) Topic {
	name := c.Name
	if parent != "" {
		name = parent
	}
	switch {
	case c.Perm == PermAdmin || c.Perm == PermOperator:
		return TopicAdmin
	case tourneyCommands[name]:
		return TopicTourney
	case generalCommands[name]:
		return TopicGeneral
	case c.Perm == PermActing || name == "cards" || name == "clock":
		return TopicPlaying
	}
	return TopicCash
}

// HelpText is /help: the general commands and the topics; /help <topic>
// a topic's commands; /help <command> the command (a longer text where
// the catalogue has one) and its subcommands.
func HelpText(lang string, args []string) string {
	topic := TopicGeneral
	unknown := ""
	if len(args) > 0 {
		name := strings.TrimPrefix(strings.ToLower(args[0]), "/")
		if t, ok := topicWords[name]; ok {
			topic = t
		} else if _, ok := Catalogue["help."+name]; ok && commandIndex[name] != nil {
			return Text(lang, "help."+name)
		} else if c, _, ok := LookupCommand(name, nil); ok {
			var b strings.Builder
			writeHelpLine(&b, lang, "", *c)
			for _, s := range c.Subs {
				writeHelpLine(&b, lang, c.Name, s)
			}
			return strings.TrimSpace(b.String())
		} else {
			unknown = Text(lang, "help.unknown", args[0]) + "\n"
		}
	}
	var b strings.Builder
	b.WriteString(unknown)
	b.WriteString(Text(lang, "help.topic."+string(topic)) + "\n")
	for _, c := range commandTable {
		if TopicOf("", c) == topic {
			writeHelpLine(&b, lang, "", c)
		}
		for _, s := range c.Subs {
			if TopicOf(c.Name, s) == topic {
				writeHelpLine(&b, lang, c.Name, s)
			}
		}
	}
	b.WriteString("\n" + Text(lang, "help.topics"))
	if topic == TopicPlaying || topic == TopicGeneral {
		b.WriteString("\n" + Text(lang, "help.amounts"))
	}
	return b.String()
}

// writeHelpLine writes "/name args — help" (a subcommand after its
// command's name), with who may use it unless anyone or a member may.
func writeHelpLine(b *strings.Builder, lang, parent string, c CommandSpec) {
	b.WriteString("/")
	if parent != "" {
		b.WriteString(parent + " ")
	}
	b.WriteString(c.Name)
	for _, a := range c.Aliases {
		if parent == "" {
			b.WriteString(", /" + a)
		}
	}
	if c.Args != "" {
		b.WriteString(" " + c.Args)
	}
	b.WriteString(" — " + c.Desc(lang) + "\n")
}

// CommandsMarkdown is the README's table of commands: every command and
// subcommand, who may use it and where.
func CommandsMarkdown() string {
	var b strings.Builder
	b.WriteString("| command | who | where | what |\n|---|---|---|---|\n")
	row := func(name string, c CommandSpec) {
		names := "`/" + name + "`"
		for _, a := range c.Aliases {
			names += ", `/" + strings.TrimSuffix(name, c.Name) + a + "`"
		}
		if c.Args != "" {
			names += " `" + strings.ReplaceAll(c.Args, "|", "\\|") + "`"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", names, c.Perm, c.Where, strings.ReplaceAll(c.Help[0], "|", "\\|"))
	}
	for _, c := range commandTable {
		row(c.Name, c)
		for _, s := range c.Subs {
			row(c.Name+" "+s.Name, s)
		}
	}
	return b.String()
}

// CutTourneyLabel reads a tournament's label (T3) as its number.
func CutTourneyLabel(s string) (int64, bool) {
	if len(s) < 2 || (s[0] != 'T' && s[0] != 't') {
		return 0, false
	}
	n, err := strconv.ParseInt(s[1:], 10, 64)
	return n, err == nil && n > 0
}

// VariantNames lists the variants /newtable accepts.
const VariantNames = "nlhe plhe flhe nlo plo flo plo5 o8 plo8 nlo8 draw"
