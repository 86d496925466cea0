package bot

// CommandInfo describes one command for a platform's command menu
// (Telegram's setMyCommands, Discord's application commands).
type CommandInfo struct {
	Name  string
	Admin bool   // only chat admins may run it
	Args  string // the arguments, as help shows them ("" for none)
	// Description is a short line per language (at most 100 characters,
	// Discord's limit).
	Description map[string]string
}

// Commands lists the commands of cash and tournament play, in the order a
// menu shows them.
func Commands() []CommandInfo {
	d := func(en, es string) map[string]string { return map[string]string{English: en, Spanish: es} }
	return []CommandInfo{
		{Name: "tables", Description: d("List the tables of this chat", "Lista las mesas de este chat")},
		{Name: "join", Args: "[buy-in] [post] [seat=N] [#table]", Description: d("Sit down at a table with a buy-in", "Siéntate en una mesa con una entrada")},
		{Name: "leave", Description: d("Leave the table and cash out", "Deja la mesa y cobra tus fichas")},
		{Name: "sitout", Description: d("Miss the next hands without paying blinds", "Sáltate las próximas manos sin pagar ciegas")},
		{Name: "back", Description: d("Play again after sitting out", "Vuelve a jugar tras ausentarte")},
		{Name: "topup", Args: "<chips>", Description: d("Add chips from your wallet between hands", "Añade fichas de tu cartera entre manos")},
		{Name: "fold", Description: d("Fold your hand", "Tira tu mano")},
		{Name: "check", Description: d("Check", "Pasa")},
		{Name: "call", Description: d("Call the bet", "Iguala la apuesta")},
		{Name: "bet", Args: "<to>", Description: d("Bet a total: /bet 40, /bet 1/2 pot, /bet pot", "Apuesta un total: /bet 40, /bet 1/2 pot, /bet pot")},
		{Name: "raise", Args: "<to>", Description: d("Raise to a total: /raise 60, /raise pot", "Sube a un total: /raise 60, /raise pot")},
		{Name: "allin", Description: d("Go all in", "Apuesta todo")},
		{Name: "discard", Args: "<cards>", Description: d("Five-card draw: throw these cards", "Póquer cubierto: descarta estas cartas")},
		{Name: "cards", Description: d("See your hole cards, privately", "Mira tus cartas, en privado")},
		{Name: "clock", Description: d("Call the clock on the player to act", "Pide tiempo al jugador que actúa")},
		{Name: "consult", Description: d("Pairs tournament: consult your partner (once, final table)", "Torneo por parejas: consulta a tu pareja (una vez, mesa final)")},
		{Name: "wallet", Description: d("Your chips in the wallet and at tables", "Tus fichas en la cartera y en las mesas")},
		{Name: "history", Args: "[n]", Description: d("The last hands of your table", "Las últimas manos de tu mesa")},
		{Name: "tourneys", Description: d("The tournaments of this chat", "Los torneos de este chat")},
		{Name: "register", Args: "[T<n>]", Description: d("Register for a tournament", "Inscríbete en un torneo")},
		{Name: "unregister", Args: "[T<n>]", Description: d("Withdraw before the start, with a refund", "Date de baja antes del inicio, con reembolso")},
		{Name: "rebuy", Args: "", Description: d("Tournament: buy chips in the rebuy period (cash: /topup)", "Torneo: compra fichas en el periodo de recompras (cash: /topup)")},
		{Name: "addon", Description: d("Tournament: take the add-on at the end of the rebuys", "Torneo: toma el add-on al final de las recompras")},
		{Name: "reenter", Args: "[T<n>]", Description: d("Enter again after busting, during late registration", "Vuelve a entrar tras ser eliminado, en la inscripción tardía")},
		{Name: "deal", Args: "[icm|chop|accept|decline]", Description: d("Tournament: propose, accept or decline a deal", "Torneo: propón, acepta o rechaza un trato")},
		{Name: "standings", Args: "[T<n>]", Description: d("A tournament's chip counts and places", "Fichas y puestos de un torneo")},
		{Name: "league", Args: "[name]", Description: d("A league's ranking and pool", "La clasificación y el bote de una liga")},
		{Name: "tourney", Args: "<create|open|start|cancel|pause|resume|info|players|structure|payouts|bots> [T<n>] [key=value ...]", Description: d("Tournaments: info for all; create, start and run them (admins)", "Torneos: información para todos; crearlos y dirigirlos (admins)")},
		{Name: "help", Args: "[command]", Description: d("How to play, and every command", "Cómo jugar, y todos los comandos")},
		{Name: "newtable", Admin: true, Args: "<variant> <stakes> [key=value ...]", Description: d("Open a cash table (admins)", "Abre una mesa de cash (admins)")},
		{Name: "addbot", Admin: true, Args: "[n]", Description: d("Seat practice opponents (admins)", "Sienta rivales de práctica (admins)")},
		{Name: "kickbot", Admin: true, Description: d("Remove the practice opponents (admins)", "Quita los rivales de práctica (admins)")},
		{Name: "grant", Admin: true, Args: "@user <chips>|limits", Description: d("Give (or take back) a member's play chips, capped (admins)", "Da (o retira) fichas de juego a un miembro, con límite (admins)")},
		{Name: "lang", Admin: true, Args: "en|es", Description: d("The chat's language (admins)", "El idioma del chat (admins)")},
		{Name: "adminlog", Admin: true, Args: "[n]", Description: d("The community's last admin actions (admins)", "Las últimas acciones de administración de la comunidad (admins)")},
		{Name: "ban", Admin: true, Args: "@user [reason]", Description: d("Ban a user from the bot (the bot's operators)", "Prohíbe a un usuario usar el bot (operadores del bot)")},
		{Name: "unban", Admin: true, Args: "@user", Description: d("Lift a ban (the bot's operators)", "Levanta una prohibición (operadores del bot)")},
		{Name: "audit", Admin: true, Description: d("Check every chip of the room (the bot's operators)", "Comprueba cada ficha de la sala (operadores del bot)")},
		{Name: "spectate", Admin: true, Args: "<channel>", Description: d("Post hand summaries to a channel (admins)", "Publica los resúmenes en un canal (admins)")},
	}
}
