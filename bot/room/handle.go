package room

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pokerroom/pokerroom/bot/tournament"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"
)

// Handle runs one command and returns the direct answer. Errors are
// *Error values whose Message is the short, specific answer for the user
// (shown privately); the table's messages (the table, cards, summaries) go
// through the outboxes. Handle is safe for concurrent use: commands for a
// table are funnelled to its actor.
func (r *Room) Handle(ctx context.Context, cmd bot.Command) (bot.Reply, error) {
	if cmd.Received.IsZero() {
		cmd.Received = r.clock.Now()
	}
	if err := r.limit(cmd); err != nil {
		// Told before the user is looked up (the limit spares that work):
		// in the language the room already knows for them (limitLang). A
		// copy: the refusal may be a value shared by every user
		// (bot.ErrSilenced).
		if e := bot.FromError(err); e.Lang == "" {
			told := *e
			told.Lang = r.limitLang(cmd)
			return bot.Reply{}, &told
		}
		return bot.Reply{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, table.OpTimeout)
	defer cancel()
	reply, err := r.handle(ctx, cmd)
	if err != nil {
		e := bot.FromError(err)
		if e.Code == bot.EInternal || e.Code == bot.EUnavailable {
			r.log.Error("command failed", "command", cmd.Name, "platform", cmd.Platform, "err", err)
		}
		return bot.Reply{}, e
	}
	return reply, nil
}

func (r *Room) handle(ctx context.Context, cmd bot.Command) (bot.Reply, error) {
	if cmd.User == "" && cmd.Chat != "" {
		return bot.Reply{}, r.onBehalfOfChat(ctx, cmd)
	}
	p, err := r.player(ctx, cmd.Platform, cmd.User, cmd.UserName)
	if err != nil {
		return bot.Reply{}, err
	}
	if p.Banned != "" && !r.isOperator(cmd) {
		return bot.Reply{}, bot.Errorf(bot.EForbidden, "banned")
	}
	var comm bot.Community
	if cmd.Chat != "" {
		if comm, err = r.community(ctx, cmd.Platform, cmd.Chat, cmd.ChatTitle); err != nil {
			return bot.Reply{}, err
		}
		if cmd.Guild != "" && comm.Guild != cmd.Guild {
			comm.Guild = cmd.Guild // a Discord channel shares its server's economy
			if err := r.saveCommunity(ctx, comm); err != nil {
				return bot.Reply{}, err
			}
		}
	}
	// The user's own answers (a private chat's, help, their wallet, every
	// error) speak their language (bot.LangFor); what the group reads, the
	// chat's.
	chatLang := comm.Language
	if cmd.Chat == "" {
		chatLang = r.cfg.DefaultLang // a private chat speaks the room's default (DEFAULT_LANG)
	}
	mine := bot.LangFor(p.Language, cmd.Lang, chatLang)
	lang := bot.LangFor("", "", chatLang)
	if cmd.Chat == "" {
		lang = mine
	}
	reply, err := r.run(ctx, cmd, p, comm, lang, mine)
	if err != nil {
		e := bot.FromError(err)
		if e.Lang == "" {
			e.Lang = mine
		}
		return bot.Reply{}, e
	}
	return reply, nil
}

// LangOf is the language the room answers cmd's user in, in cmd's chat:
// their /lang, else their client's, else the chat's (DEFAULT_LANG for a
// chat that chose none), as Handle's answers; English when the store
// cannot say. An adapter's own lines (the console's) speak it too.
func (r *Room) LangOf(ctx context.Context, cmd bot.Command) string {
	comm, err := r.community(ctx, cmd.Platform, cmd.Chat, cmd.ChatTitle)
	if err != nil {
		return bot.LangFor("", cmd.Lang, "")
	}
	// The player as stored, not created: asking records nobody.
	mine := ""
	if found, err := r.store.FindPlayers(ctx, cmd.Platform, cmd.User); err == nil {
		for _, p := range found {
			if p.UserID == cmd.User {
				mine = p.Language
			}
		}
	}
	return bot.LangFor(mine, cmd.Lang, comm.Language)
}

// onBehalfOfChat refuses a command sent on behalf of its chat (a
// Telegram admin who remains anonymous, a channel): nobody is there to act
// for. The answer, for the chat, speaks its language and says what to do.
func (r *Room) onBehalfOfChat(ctx context.Context, cmd bot.Command) error {
	e := bot.Errorf(bot.EForbidden, "command.anonymous")
	e.Lang = bot.LangFor("", cmd.Lang, "")
	if comm, err := r.community(ctx, cmd.Platform, cmd.Chat, cmd.ChatTitle); err == nil {
		e.Lang = bot.LangFor("", "", comm.Language)
	}
	return e
}

// run authorises and runs a user's command or button press.
func (r *Room) run(ctx context.Context, cmd bot.Command, p bot.Player, comm bot.Community, lang, mine string) (bot.Reply, error) {
	if cmd.Token != "" {
		return r.press(ctx, cmd, p)
	}
	spec, err := r.authorise(ctx, cmd)
	if err != nil {
		return bot.Reply{}, err
	}
	reply, err := r.dispatch(ctx, cmd, p, comm, lang, mine, spec)
	if err == nil && cmd.Chat != "" {
		// A member of the community from their first command run there:
		// a wallet with the welcome chips (a refused one changes nothing).
		if err := r.enter(ctx, p, comm); err != nil {
			r.log.Error("welcome chips: the wallet could not be opened", "community", comm.ID, "player", p.ID, "err", err)
		}
		if action := adminAction(cmd, spec); action != "" {
			if econ, err := r.economy(ctx, comm); err == nil {
				r.logAdmin(ctx, econ.ID, p, cmd, action, nil)
			} else {
				r.log.Error("admin log: the community's economy could not be read", "community", comm.ID, "err", err)
			}
		}
	}
	return reply, err
}

// dispatch runs a command whose user may run it.
func (r *Room) dispatch(ctx context.Context, cmd bot.Command, p bot.Player, comm bot.Community, lang, mine string, spec bot.CommandSpec) (bot.Reply, error) {
	switch cmd.Name {
	case "start", "help":
		return bot.Reply{Text: bot.HelpText(mine, cmd.Args), Private: cmd.Chat != ""}, nil
	case "newtable":
		return r.newTableCmd(ctx, cmd, comm, lang)
	case "newpool":
		return r.newPoolCmd(ctx, cmd, comm, lang)
	case "closetable":
		return r.closeTableCmd(ctx, cmd, p, comm)
	case "closepool":
		return r.closePoolCmd(ctx, cmd, comm, lang)
	case "pool":
		return r.poolCmd(ctx, cmd, p, comm, lang, mine)
	case "fastfold", "ff":
		return r.fastFoldCmd(ctx, cmd, p, comm, spec.Perm)
	case "tables":
		return r.listTables(cmd, comm, p, lang)
	case "wallet":
		return r.walletCmd(ctx, cmd, p, comm, mine)
	case "export":
		return r.exportCmd(ctx, cmd, p, comm, lang, mine)
	case "grant":
		return r.grant(ctx, cmd, p, comm, lang)
	case "adminlog":
		return r.adminLogCmd(ctx, cmd, comm, mine) // privately
	case "ban", "unban":
		return r.banCmd(ctx, cmd, p, comm, mine) // privately
	case "audit":
		return r.auditCmd(ctx, mine) // privately
	case "lang":
		return r.setLang(ctx, cmd, p, comm)
	case "spectate":
		return r.spectate(ctx, cmd, comm, lang)
	case "verify":
		return r.verifyCmd(ctx, cmd, p, comm, lang) // verify.go
	case "tourney":
		return r.tourneyCmd(ctx, cmd, comm, p, lang)
	case "tourneys":
		return r.listTourneys(comm, lang)
	case "league":
		return r.leagueCmd(ctx, cmd, comm, lang)
	case "stats":
		return r.statsCmd(ctx, cmd, p, comm, mine) // privately
	case "leaderboard":
		return r.leaderboardCmd(ctx, cmd, comm, lang)
	case "register", "unregister", "reenter", "deal", "standings":
		return r.playerTourneyCmd(ctx, cmd, comm, p, spec.Perm)
	case "rebuy", "addon":
		if cmd.Chat != "" && !r.atCashTable(p.ID, comm.ID) {
			return r.playerTourneyCmd(ctx, cmd, comm, p, spec.Perm)
		}
	}
	if spec.Name == "history" {
		if reply, ok, err := r.poolHistory(ctx, cmd, p, comm, mine); ok {
			return reply, err
		}
	}
	// The rest are the table's: its actor checks the seat and the turn
	// the command table declares (spec.Perm).
	t, rest, err := r.resolveTable(cmd, p, comm)
	if err != nil {
		return bot.Reply{}, err
	}
	if cmd.Chat == "" {
		// From a private chat a table reaches the members of its
		// community only, as /verify's: to anyone else it answers as a
		// table that does not exist, so that outsiders cannot tell which
		// tables exist (a /join names no community, a /clock says no
		// "not seated"); a table of a community never used is joined
		// from its group.
		if err := r.mayReadTable(ctx, p, t, typedLabel(cmd.Args, t)); err != nil {
			return bot.Reply{}, err
		}
	}
	cmd.Args = rest
	if spec.Name == "join" {
		return r.joinTable(ctx, t, cmd, p, spec.Perm)
	}
	if spec.Name == "clock" && t.Tour != nil && !slices.Contains(r.seatedTables(p.ID), t) {
		// R-TIME-3 (seed 001, TDA 27: "cualquier jugador en el evento
		// puede pedir tiempo"): a player in the tournament at another of
		// its tables calls the clock too.
		if in, err := r.inEvent(ctx, t, p); err != nil || in {
			if err != nil {
				return bot.Reply{}, err
			}
			return t.Do(ctx, table.Request{Cmd: cmd, Player: p, InEvent: true})
		}
	}
	return t.Do(ctx, table.Request{Cmd: cmd, Player: p, Perm: spec.Perm})
}

// memberOf reports whether p is a member of comm's economy (has used a
// command in one of its chats).
func (r *Room) memberOf(ctx context.Context, p bot.Player, comm bot.Community) (bool, error) {
	econ, err := r.economy(ctx, comm)
	if err != nil {
		return false, err
	}
	return r.isMember(ctx, p, econ)
}

// mayReadTable refuses, as if there were no such table (named label, as
// the user typed it), a user who is not a member of t's community.
func (r *Room) mayReadTable(ctx context.Context, p bot.Player, t *table.Table, label string) error {
	ok, err := r.memberOf(ctx, p, t.Comm)
	if err != nil {
		return err
	}
	if !ok {
		return bot.Errorf(bot.ENotFound, "table.no_such", label)
	}
	return nil
}

// typedLabel is the "#N" argument naming t as the user typed it (resolveTable
// answers a missing table with it), else t's label.
func typedLabel(args []string, t *table.Table) string {
	for _, a := range args {
		if strings.HasPrefix(a, "#") {
			return a
		}
	}
	return t.Label()
}

// joinTable sits p at t, standing them up first from a table of the same
// game and stakes they change from (changeTables); the reply tells both.
//
// One table change at a time for a player: a second /join while one is
// under way is busy (two could seat the player at two tables of the same
// stakes). A join that fails after the player stood up at the old table
// (the new one closing, its seat taken meanwhile, the store slow) says
// both: where they left, and why they could not sit.
func (r *Room) joinTable(ctx context.Context, t *table.Table, cmd bot.Command, p bot.Player, perm bot.Permission) (bot.Reply, error) {
	r.mu.Lock()
	if r.changing[p.ID] {
		r.mu.Unlock()
		return bot.Reply{}, bot.Errorf(bot.EBusy, bot.KeyBusy)
	}
	if r.changing == nil {
		r.changing = map[int64]bool{}
	}
	r.changing[p.ID] = true
	r.mu.Unlock()
	defer func() {
		r.mu.Lock()
		delete(r.changing, p.ID)
		r.mu.Unlock()
	}()
	said, from, deferred, err := r.changeTables(ctx, t, cmd, p)
	if err != nil {
		return bot.Reply{}, err
	}
	if deferred {
		return bot.Reply{Private: true, Text: said[0]}, nil
	}
	rep, err := t.Do(ctx, table.Request{Cmd: cmd, Player: p, Perm: perm})
	if len(said) == 0 {
		return rep, err
	}
	if err != nil {
		lang := bot.LangFor(p.Language, "", t.Comm.Language)
		return bot.Reply{Text: strings.Join(append(said, table.ChangeFailed(lang, from, t.Label(), err)), "\n")}, nil
	}
	rep.Text = strings.Join(append(said, rep.Text), "\n")
	return rep, nil
}

// authorise checks a command against the command table, before anything
// runs: a name the table does not declare, a place it does not allow, or
// an admin's or an operator's command from someone else is refused with
// its own message. It returns the declaration that applies (the
// subcommand's when the first argument names one). Seated and Acting are
// checked by the actor the command goes to (it knows the seats, the
// entries and the turn).
func (r *Room) authorise(ctx context.Context, cmd bot.Command) (bot.CommandSpec, error) {
	c, s, ok := bot.LookupCommand(cmd.Name, cmd.Args)
	if !ok {
		return bot.CommandSpec{}, bot.Errorf(bot.EInvalid, "command.unknown", "/"+cmd.Name)
	}
	spec, shown := *c, "/"+cmd.Name
	if s != nil {
		spec, shown = *s, shown+" "+s.Name
	}
	switch spec.Where {
	case bot.PlaceGroup:
		if cmd.Chat == "" {
			return spec, bot.Errorf(bot.EInvalid, "command.in_group", "/"+cmd.Name)
		}
	case bot.PlacePrivate:
		if cmd.Chat != "" {
			return spec, bot.Errorf(bot.EInvalid, "command.in_private", "/"+cmd.Name)
		}
	}
	switch spec.Perm {
	case bot.PermOperator:
		if !r.isOperator(cmd) {
			return spec, bot.Errorf(bot.EForbidden, "operator.only", shown)
		}
	case bot.PermAdmin:
		if err := r.mayAdmin(ctx, cmd, shown); err != nil {
			return spec, err
		}
	}
	return spec, nil
}

// mayAdmin refuses what only a chat admin (or an operator) may do, shown
// as the command the user typed.
func (r *Room) mayAdmin(ctx context.Context, cmd bot.Command, shown string) error {
	if r.isOperator(cmd) {
		return nil
	}
	ok, err := r.isAdmin(ctx, cmd)
	if err != nil {
		return err
	}
	if !ok {
		return bot.Errorf(bot.EForbidden, "admin.only", shown)
	}
	return nil
}

// isOperator reports whether the command's user is one of the bot's
// operators (Config.Owners).
func (r *Room) isOperator(cmd bot.Command) bool {
	return slices.Contains(r.cfg.Owners, cmd.Platform+":"+cmd.User)
}

// press runs a button press: the token is verified (a forged one is
// refused here) and handed to its table, which checks it is current and
// the presser's.
func (r *Room) press(ctx context.Context, cmd bot.Command, p bot.Player) (bot.Reply, error) {
	tok, err := r.signer.Verify(cmd.Token)
	if err != nil {
		return bot.Reply{}, err
	}
	if tok.Kind == tournament.TokRegister || tok.Kind == tournament.TokUnregister || tok.Kind == tournament.TokMe {
		return r.pressTourney(ctx, cmd, p, tok)
	}
	t := r.tableByID(tok.Table)
	if t == nil {
		return bot.Reply{}, bot.ErrTokenStale
	}
	if t.Comm.Platform != cmd.Platform {
		return bot.Reply{}, bot.ErrTokenForged
	}
	return t.Do(ctx, table.Request{Cmd: cmd, Player: p, Tok: &tok})
}

// resolveTable finds the table a command is for: "#N" among the
// arguments, else the one the player sits at (in this chat) — at several,
// a hand command goes to the one where it is their turn, else the one they
// last acted at — else the chat's only table.
func (r *Room) resolveTable(cmd bot.Command, p bot.Player, comm bot.Community) (*table.Table, []string, error) {
	var rest []string
	var named *table.Table
	for _, a := range cmd.Args {
		if n, ok := strings.CutPrefix(a, "#"); ok {
			id, err := strconv.ParseInt(n, 10, 64)
			t := r.tableByID(id)
			if err != nil || t == nil || (cmd.Chat != "" && t.Comm.ID != comm.ID) {
				return nil, nil, bot.Errorf(bot.ENotFound, "table.no_such", a)
			}
			named = t
			continue
		}
		rest = append(rest, a)
	}
	if named != nil {
		return named, rest, nil
	}
	var mine []*table.Table
	for _, t := range r.seatedTables(p.ID) {
		if cmd.Chat == "" || t.Comm.ID == comm.ID {
			mine = append(mine, t)
		}
	}
	if len(mine) == 1 {
		return mine[0], rest, nil
	}
	if len(mine) > 1 && table.HandCommands[cmd.Name] {
		// At several tables: the one where it is the player's turn, else
		// the one they last acted at (issue 21).
		if t := table.TurnTable(mine, p.ID); t != nil {
			return t, rest, nil
		}
	}
	if cmd.Chat == "" {
		if len(mine) == 0 {
			return nil, nil, bot.Errorf(bot.EInvalid, "table.none_private")
		}
		return nil, nil, bot.Errorf(bot.EInvalid, "table.which", labels(mine))
	}
	all := r.tablesOf(comm.ID)
	if len(mine) == 0 && len(all) == 1 {
		return all[0], rest, nil
	}
	if len(all) == 0 {
		return nil, nil, bot.Errorf(bot.EInvalid, "table.none")
	}
	if len(mine) > 1 {
		return nil, nil, bot.Errorf(bot.EInvalid, "table.which", labels(mine))
	}
	return nil, nil, bot.Errorf(bot.EInvalid, "table.which", labels(all))
}

func labels(ts []*table.Table) string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Label())
	}
	return strings.Join(out, " ")
}

// newTableCmd opens a cash table in the chat.
func (r *Room) newTableCmd(ctx context.Context, cmd bot.Command, comm bot.Community, lang string) (bot.Reply, error) {
	cfg, err := table.ParseTableConfig(cmd.Args)
	if err != nil {
		return bot.Reply{}, err
	}
	t, err := r.OpenTable(ctx, comm, cfg, cmd.Thread)
	if err != nil {
		return bot.Reply{}, err
	}
	// Seed 003 #7-#8: the players waiting for a table of this game and
	// stakes are seated here first, in the order of their list.
	for _, o := range r.tablesOf(comm.ID) {
		if sameStakes(o, t) {
			if err := o.HandWaitingTo(ctx, t); err != nil {
				r.log.Warn("waiting list not handed to the new table", "from", o.ID, "to", t.ID, "err", err)
			}
		}
	}
	return bot.Reply{Text: tr(lang, "newtable.done", t.Label(), t.Title(), bot.Chips(cfg.MinBuyIn), bot.Chips(cfg.MaxBuyIn), t.Label())}, nil
}

// OpenTable opens a cash table in comm and starts its actor; it shows in
// thread, the place within the chat it was opened from (a forum topic;
// "" for the chat itself).
func (r *Room) OpenTable(ctx context.Context, comm bot.Community, cfg table.Config, thread string) (*table.Table, error) {
	// A pool's tables (maxPoolTables) and a tournament's do not keep a
	// chat from opening cash tables.
	if len(r.cashTablesOf(comm.ID)) >= maxTablesPerChat {
		return nil, bot.Errorf(bot.EInvalid, "newtable.too_many", maxTablesPerChat)
	}
	t, err := r.addCashTable(ctx, comm, cfg, cfg.Variant+" "+cfg.Stakes(), thread)
	if err != nil {
		return nil, err
	}
	r.startTable(t)
	return t, nil
}

// addCashTable stores a new cash table of comm, named name, showing in
// thread (Meta.Thread), with its account, and returns its actor, not
// started.
func (r *Room) addCashTable(ctx context.Context, comm bot.Community, cfg table.Config, name, thread string) (*table.Table, error) {
	meta := table.Meta{Config: cfg, Platform: comm.Platform, Chat: comm.ChatID, Thread: thread}
	rec := bot.TableRecord{CommunityID: comm.ID, Name: name, Variant: cfg.Variant, Stakes: cfg.Stakes(),
		Config: table.MustJSON(meta), CreatedAt: r.clock.Now()}
	id, err := r.addTable(ctx, rec)
	if err != nil {
		return nil, err
	}
	rec.ID = id
	// The account is found again by its key after a restart.
	if rec.AccountID, err = r.store.OpenAccount(ctx, bot.AccountTable, "table:"+strconv.FormatInt(id, 10), 0); err != nil {
		return nil, err
	}
	house, err := r.houseOf(ctx, comm)
	if err != nil {
		return nil, err
	}
	return table.New(r.tdeps, roomEnv{r}, rec, meta, comm, house), nil
}

// maxTablesPerChat bounds a chat's open cash tables.
const maxTablesPerChat = 20

func (r *Room) listTables(cmd bot.Command, comm bot.Community, p bot.Player, lang string) (bot.Reply, error) {
	var ts []*table.Table
	if cmd.Chat == "" {
		ts = r.seatedTables(p.ID)
	} else {
		ts = r.tablesOf(comm.ID)
	}
	if len(ts) == 0 {
		return bot.Reply{Text: tr(lang, "tables.none")}, nil
	}
	var b strings.Builder
	b.WriteString(tr(lang, "tables.title"))
	for _, t := range ts {
		if t.Tour != nil { // a tournament's: its director seats it, no buy-in
			fmt.Fprintf(&b, "\n%s", tr(lang, "tables.line_tourney", t.Label(), t.Title(), t.Count(), t.Config.Seats))
			continue
		}
		fmt.Fprintf(&b, "\n%s", tr(lang, "tables.line", t.Label(), t.Title(), t.Count(), t.Config.Seats,
			bot.Chips(t.Config.MinBuyIn), bot.Chips(t.Config.MaxBuyIn)))
	}
	return bot.Reply{Text: b.String()}, nil
}

// setLang is /lang en|es, the player's own language (their answers
// everywhere), and /lang chat en|es, the chat's (admins, in the group).
func (r *Room) setLang(ctx context.Context, cmd bot.Command, p bot.Player, comm bot.Community) (bot.Reply, error) {
	chat, lang := false, ""
	for _, a := range cmd.Args {
		switch strings.ToLower(a) {
		case "chat":
			chat = true
		case bot.English, bot.Spanish:
			if lang != "" {
				return bot.Reply{}, bot.Errorf(bot.EInvalid, "lang.usage")
			}
			lang = strings.ToLower(a)
		default:
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "lang.usage")
		}
	}
	if lang == "" {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "lang.usage")
	}
	if !chat {
		if err := r.store.SetPlayerLanguage(ctx, p.ID, lang); err != nil {
			return bot.Reply{}, err
		}
		if e := r.cachedPlayer(p); e != nil {
			e.mu.Lock()
			e.p.Language = lang
			e.mu.Unlock()
		}
		// The tables they sit at tell them their cards and reminders in
		// it from now, not from their next command there.
		p.Language = lang
		for _, t := range r.seatedTables(p.ID) {
			if _, err := t.Holding(ctx, p); err != nil {
				r.log.Warn("a table did not take a player's new language", "table", t.Label(), "err", err)
			}
		}
		return bot.Reply{Private: true, Text: tr(lang, "lang.mine")}, nil
	}
	if cmd.Chat == "" {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "command.in_group", "/lang chat")
	}
	// The command table checks "/lang chat es"; "/lang es chat" (as
	// Discord's options give it) is checked here.
	if err := r.mayAdmin(ctx, cmd, "/lang chat"); err != nil {
		return bot.Reply{}, err
	}
	comm.Language = lang
	r.mu.Lock()
	delete(r.langDefaulted, comm.ID) // chosen now
	r.mu.Unlock()
	if err := r.saveCommunity(ctx, comm); err != nil {
		return bot.Reply{}, err
	}
	return bot.Reply{Text: tr(comm.Language, "lang.done")}, nil
}

func (r *Room) spectate(ctx context.Context, cmd bot.Command, comm bot.Community, lang string) (bot.Reply, error) {
	if len(cmd.Args) != 1 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "spectate.usage")
	}
	ch := strings.TrimSpace(cmd.Args[0])
	if strings.EqualFold(ch, "off") {
		ch = ""
	}
	if ch == comm.ChatID {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "spectate.same")
	}
	id := ""
	if ch != "" {
		var err error
		if id, err = r.spectatorChat(ctx, cmd, ch); err != nil {
			return bot.Reply{}, err
		}
		if id == comm.ChatID {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "spectate.same")
		}
	}
	comm.SpectatorChat = id
	if err := r.saveCommunity(ctx, comm); err != nil {
		return bot.Reply{}, err
	}
	if ch == "" {
		return bot.Reply{Text: tr(lang, "spectate.off")}, nil
	}
	return bot.Reply{Text: tr(lang, "spectate.done", ch)}, nil
}

// spectatorChat asks the platform (Config.Spectators) whether cmd's user
// may send the chat's summaries to target, as typed, and returns the chat
// id to store. A refusal is shown with the target; a platform that could
// not be asked is "try again", never a success.
func (r *Room) spectatorChat(ctx context.Context, cmd bot.Command, target string) (string, error) {
	sp := r.cfg.Spectators[cmd.Platform]
	if sp == nil {
		return "", bot.Errorf(bot.EInvalid, "spectate.unsupported")
	}
	id, err := sp.SpectatorChat(ctx, cmd.Chat, cmd.User, target)
	if err == nil && strings.TrimSpace(id) == "" {
		err = errors.New("the platform gave no chat id")
	}
	if err == nil {
		return id, nil
	}
	for _, known := range []*bot.Error{bot.ErrSpectateNoChat, bot.ErrSpectateNotAdmin, bot.ErrSpectateCannotPost, bot.ErrSpectateElsewhere} {
		if errors.Is(err, known) {
			return "", &bot.Error{Code: known.Code, Key: known.Key, Args: []any{target}, Err: err}
		}
	}
	return "", &bot.Error{Code: bot.EUnavailable, Key: "spectate.unavailable", Args: []any{target}, Err: err}
}

func (r *Room) saveCommunity(ctx context.Context, c bot.Community) error {
	stored := c
	r.mu.Lock()
	if r.langDefaulted[c.ID] && c.Language == r.cfg.DefaultLang {
		stored.Language = "" // still the default, not the chat's choice (DEFAULT_LANG)
	}
	r.mu.Unlock()
	if err := r.store.SetCommunity(ctx, stored); err != nil {
		return err
	}
	r.mu.Lock()
	if cur := r.commByID[c.ID]; cur != nil && cur.ChatID != c.ChatID {
		c.ChatID = cur.ChatID // the chat moved meanwhile (MoveChat)
	}
	r.communities[c.Platform+"\x00"+c.ChatID] = &c
	r.commByID[c.ID] = &c
	r.mu.Unlock()
	return nil
}

// atCashTable reports whether the player sits at a cash table of the
// community (/rebuy there tops up; elsewhere it is a tournament's).
func (r *Room) atCashTable(player, community int64) bool {
	for _, t := range r.seatedTables(player) {
		if t.Tour == nil && t.Comm.ID == community {
			return true
		}
	}
	return false
}

// inEvent reports whether p has an entry still in the tournament of t, a
// tournament table.
func (r *Room) inEvent(ctx context.Context, t *table.Table, p bot.Player) (bool, error) {
	d, ok := t.Tour.Actor.(*tournament.Director)
	if !ok {
		return false, nil
	}
	var in bool
	if _, err := d.Do(ctx, tournament.Request{Query: func() error { in = d.InPlay(p.ID); return nil }}); err != nil {
		return false, err
	}
	return in, nil
}
