package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// tableCommands go to a table's actor.
var tableCommands = map[string]bool{
	"join": true, "sit": true, "leave": true, "standup": true, "sitout": true, "back": true, "topup": true, "rebuy": true,
	"fold": true, "check": true, "call": true, "bet": true, "raise": true, "allin": true, "discard": true, "draw": true, "pat": true,
	"addon": true, "cards": true, "clock": true, "consult": true, "addbot": true, "kickbot": true, "history": true,
}

// adminCommands need a chat admin.
var adminCommands = map[string]bool{"newtable": true, "addbot": true, "kickbot": true, "lang": true, "spectate": true}

// operatorCommands are for the bot's operators (RoomConfig.Owners) only;
// the menus show them with the admin commands.
var operatorCommands = map[string]bool{"grant": true}

// Handle runs one command and returns the direct answer. Errors are
// *Error values whose Message is the short, specific answer for the user
// (shown privately); the table's messages (the table, cards, summaries) go
// through the outboxes. Handle is safe for concurrent use: commands for a
// table are funnelled to its actor.
func (r *Room) Handle(ctx context.Context, cmd Command) (Reply, error) {
	if cmd.Received.IsZero() {
		cmd.Received = time.Now()
	}
	if err := r.limit(cmd); err != nil {
		return Reply{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, opTimeout)
	defer cancel()
	reply, err := r.handle(ctx, cmd)
	if err != nil {
		e := FromError(err)
		if e.Code == EInternal || e.Code == EUnavailable {
			r.log.Error("command failed", "command", cmd.Name, "platform", cmd.Platform, "err", err)
		}
		return Reply{}, e
	}
	return reply, nil
}

func (r *Room) handle(ctx context.Context, cmd Command) (Reply, error) {
	p, err := r.player(ctx, cmd.Platform, cmd.User, cmd.UserName)
	if err != nil {
		return Reply{}, err
	}
	var comm Community
	if cmd.Chat != "" {
		if comm, err = r.community(ctx, cmd.Platform, cmd.Chat, cmd.ChatTitle); err != nil {
			return Reply{}, err
		}
	}
	lang := comm.Language
	if lang == "" {
		lang = English
	}
	if cmd.Token != "" {
		return r.press(ctx, cmd, p)
	}
	if adminCommands[cmd.Name] {
		if cmd.Chat == "" {
			return Reply{}, Errorf(EInvalid, "command.in_group", "/"+cmd.Name)
		}
		if err := r.requireAdmin(ctx, cmd); err != nil {
			return Reply{}, err
		}
	}
	switch cmd.Name {
	case "start", "help":
		return Reply{Text: helpText(lang, cmd.Args), Private: cmd.Chat != ""}, nil
	case "newtable":
		return r.newTableCmd(ctx, cmd, comm, lang)
	case "tables":
		return r.listTables(cmd, comm, p, lang)
	case "wallet":
		return r.walletCmd(ctx, p, lang)
	case "grant":
		return r.grant(ctx, cmd, comm, lang)
	case "lang":
		return r.setLang(ctx, cmd, comm)
	case "spectate":
		return r.spectate(ctx, cmd, comm, lang)
	case "tourney":
		if cmd.Chat == "" {
			return Reply{}, Errorf(EInvalid, "command.in_group", "/tourney")
		}
		if len(cmd.Args) > 0 && tourneyAdminSubs[strings.ToLower(cmd.Args[0])] {
			if err := r.requireAdmin(ctx, cmd); err != nil {
				return Reply{}, err
			}
		}
		return r.tourneyCmd(ctx, cmd, comm, p, lang)
	case "tourneys":
		return r.listTourneys(comm, lang)
	case "league":
		if cmd.Chat == "" {
			return Reply{}, Errorf(EInvalid, "command.in_group", "/league")
		}
		return r.leagueCmd(ctx, cmd, comm, lang)
	}
	if (cmd.Name == "rebuy" || cmd.Name == "addon") && cmd.Chat != "" && !r.atCashTable(p.ID, comm.ID) {
		return r.playerTourneyCmd(ctx, cmd, comm, p)
	}
	if tourneyCommands[cmd.Name] {
		if cmd.Chat == "" {
			return Reply{}, Errorf(EInvalid, "command.in_group", "/"+cmd.Name)
		}
		return r.playerTourneyCmd(ctx, cmd, comm, p)
	}
	if !tableCommands[cmd.Name] {
		return Reply{}, Errorf(EInvalid, "command.unknown", "/"+cmd.Name)
	}
	args := cmd.Args
	t, rest, err := r.resolveTable(cmd, p, comm)
	if err != nil {
		return Reply{}, err
	}
	cmd.Args = rest
	_ = args
	return t.do(ctx, request{cmd: cmd, p: p})
}

// press runs a button press: the token is verified (a forged one is
// refused here) and handed to its table, which checks it is current and
// the presser's.
func (r *Room) press(ctx context.Context, cmd Command, p Player) (Reply, error) {
	tok, err := r.signer.Verify(cmd.Token)
	if err != nil {
		return Reply{}, err
	}
	if tok.Kind == tokRegister || tok.Kind == tokUnregister {
		return r.pressTourney(ctx, cmd, p, tok)
	}
	t := r.tableByID(tok.Table)
	if t == nil {
		return Reply{}, ErrTokenStale
	}
	if t.comm.Platform != cmd.Platform {
		return Reply{}, ErrTokenForged
	}
	return t.do(ctx, request{cmd: cmd, p: p, tok: &tok})
}

// resolveTable finds the table a command is for: "#N" among the
// arguments, else the one the player sits at (in this chat), else the
// chat's only table.
func (r *Room) resolveTable(cmd Command, p Player, comm Community) (*table, []string, error) {
	var rest []string
	var named *table
	for _, a := range cmd.Args {
		if n, ok := strings.CutPrefix(a, "#"); ok {
			id, err := strconv.ParseInt(n, 10, 64)
			t := r.tableByID(id)
			if err != nil || t == nil || (cmd.Chat != "" && t.comm.ID != comm.ID) {
				return nil, nil, Errorf(ENotFound, "table.no_such", a)
			}
			named = t
			continue
		}
		rest = append(rest, a)
	}
	if named != nil {
		return named, rest, nil
	}
	var mine []*table
	for _, t := range r.seatedTables(p.ID) {
		if cmd.Chat == "" || t.comm.ID == comm.ID {
			mine = append(mine, t)
		}
	}
	if len(mine) == 1 {
		return mine[0], rest, nil
	}
	if cmd.Chat == "" {
		if len(mine) == 0 {
			return nil, nil, Errorf(EInvalid, "table.none_private")
		}
		return nil, nil, Errorf(EInvalid, "table.which", labels(mine))
	}
	all := r.tablesOf(comm.ID)
	if len(mine) == 0 && len(all) == 1 {
		return all[0], rest, nil
	}
	if len(all) == 0 {
		return nil, nil, Errorf(EInvalid, "table.none")
	}
	if len(mine) > 1 {
		return nil, nil, Errorf(EInvalid, "table.which", labels(mine))
	}
	return nil, nil, Errorf(EInvalid, "table.which", labels(all))
}

func labels(ts []*table) string {
	var out []string
	for _, t := range ts {
		out = append(out, t.label())
	}
	return strings.Join(out, " ")
}

// newTableCmd opens a cash table in the chat.
func (r *Room) newTableCmd(ctx context.Context, cmd Command, comm Community, lang string) (Reply, error) {
	cfg, err := ParseTableConfig(cmd.Args)
	if err != nil {
		return Reply{}, err
	}
	t, err := r.OpenTable(ctx, comm, cfg)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Text: tr(lang, "newtable.done", t.label(), t.title(), Chips(cfg.MinBuyIn), Chips(cfg.MaxBuyIn), t.label())}, nil
}

// OpenTable opens a cash table in comm and starts its actor.
func (r *Room) OpenTable(ctx context.Context, comm Community, cfg TableConfig) (*table, error) {
	if len(r.tablesOf(comm.ID)) >= maxTablesPerChat {
		return nil, Errorf(EInvalid, "newtable.too_many", maxTablesPerChat)
	}
	meta := tableMeta{Config: cfg, Platform: comm.Platform, Chat: comm.ChatID}
	rec := TableRecord{CommunityID: comm.ID, Name: cfg.Variant + " " + cfg.Stakes(), Variant: cfg.Variant, Stakes: cfg.Stakes(),
		Config: mustJSON(meta), CreatedAt: r.clock.Now()}
	id, err := r.store.AddTable(ctx, rec)
	if err != nil {
		return nil, err
	}
	rec.ID = id
	if rec.AccountID, err = r.store.OpenAccount(ctx, AccountTable, "table:"+strconv.FormatInt(id, 10), 0); err != nil {
		return nil, err
	}
	// The account is found again by its key after a restart.
	t := r.newTable(rec, meta, comm)
	r.startTable(t)
	return t, nil
}

// maxTablesPerChat bounds a chat's open tables.
const maxTablesPerChat = 20

func (r *Room) listTables(cmd Command, comm Community, p Player, lang string) (Reply, error) {
	var ts []*table
	if cmd.Chat == "" {
		ts = r.seatedTables(p.ID)
	} else {
		ts = r.tablesOf(comm.ID)
	}
	if len(ts) == 0 {
		return Reply{Text: tr(lang, "tables.none")}, nil
	}
	var b strings.Builder
	b.WriteString(tr(lang, "tables.title"))
	for _, t := range ts {
		fmt.Fprintf(&b, "\n%s", tr(lang, "tables.line", t.label(), t.title(), t.count(), t.cfg.Seats,
			Chips(t.cfg.MinBuyIn), Chips(t.cfg.MaxBuyIn)))
	}
	return Reply{Text: b.String()}, nil
}

func (r *Room) walletCmd(ctx context.Context, p Player, lang string) (Reply, error) {
	acc, err := r.wallet(ctx, p)
	if err != nil {
		return Reply{}, err
	}
	bal, err := r.store.Balance(ctx, acc)
	if err != nil {
		return Reply{}, err
	}
	text := tr(lang, "wallet.balance", Chips(bal))
	for _, t := range r.seatedTables(p.ID) {
		text += "\n" + tr(lang, "wallet.at_table", t.label())
	}
	return Reply{Private: true, Text: text}, nil
}

// grant gives chips from the bank to a player of this chat (play money).
func (r *Room) grant(ctx context.Context, cmd Command, comm Community, lang string) (Reply, error) {
	if !operatorCommands[cmd.Name] || !slices.Contains(r.cfg.Owners, cmd.Platform+":"+cmd.User) {
		// A chat admin's grant would be usable in every community (a
		// wallet is the player's everywhere): operators only.
		return Reply{}, Errorf(EForbidden, "grant.operators")
	}
	if cmd.Chat == "" {
		return Reply{}, Errorf(EInvalid, "command.in_group", "/grant")
	}
	if len(cmd.Args) != 2 {
		return Reply{}, Errorf(EInvalid, "grant.usage")
	}
	n, err := parseChipsIn(cmd.Args[1], lang)
	if err != nil {
		return Reply{}, err
	}
	target := r.findPlayer(cmd.Platform, strings.TrimPrefix(cmd.Args[0], "@"))
	if target == nil {
		return Reply{}, Errorf(ENotFound, "grant.who", cmd.Args[0])
	}
	acc, err := r.wallet(ctx, *target)
	if err != nil {
		return Reply{}, err
	}
	if err := r.store.Move(ctx, Move{From: r.bank, To: acc, Amount: n, Reason: "grant",
		Reference: "community:" + strconv.FormatInt(comm.ID, 10)}); err != nil {
		return Reply{}, err
	}
	return Reply{Text: tr(lang, "grant.done", target.DisplayName, Chips(n))}, nil
}

// findPlayer finds a player the room has seen, by user id or name.
func (r *Room) findPlayer(platform, who string) *Player {
	r.mu.Lock()
	defer r.mu.Unlock()
	if e, ok := r.players.Peek(platform + "\x00" + who); ok && e.ok {
		p := e.p
		return &p
	}
	for _, e := range r.players.Values() {
		if e.ok && e.p.Platform == platform && strings.EqualFold(e.p.DisplayName, who) {
			p := e.p
			return &p
		}
	}
	return nil
}

func (r *Room) setLang(ctx context.Context, cmd Command, comm Community) (Reply, error) {
	if len(cmd.Args) != 1 || (cmd.Args[0] != English && cmd.Args[0] != Spanish) {
		return Reply{}, Errorf(EInvalid, "lang.usage")
	}
	comm.Language = cmd.Args[0]
	if err := r.saveCommunity(ctx, comm); err != nil {
		return Reply{}, err
	}
	return Reply{Text: tr(comm.Language, "lang.done")}, nil
}

func (r *Room) spectate(ctx context.Context, cmd Command, comm Community, lang string) (Reply, error) {
	if len(cmd.Args) != 1 {
		return Reply{}, Errorf(EInvalid, "spectate.usage")
	}
	ch := strings.TrimSpace(cmd.Args[0])
	if strings.EqualFold(ch, "off") {
		ch = ""
	}
	if ch == comm.ChatID {
		return Reply{}, Errorf(EInvalid, "spectate.same")
	}
	comm.SpectatorChat = ch
	if err := r.saveCommunity(ctx, comm); err != nil {
		return Reply{}, err
	}
	if ch == "" {
		return Reply{Text: tr(lang, "spectate.off")}, nil
	}
	return Reply{Text: tr(lang, "spectate.done", ch)}, nil
}

func (r *Room) saveCommunity(ctx context.Context, c Community) error {
	if err := r.store.SetCommunity(ctx, c); err != nil {
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

// helpText is /help: the commands, or one topic.
func helpText(lang string, args []string) string {
	if len(args) > 0 {
		key := "help." + strings.TrimPrefix(strings.ToLower(args[0]), "/")
		if _, ok := catalogue[key]; ok {
			return tr(lang, key)
		}
	}
	return tr(lang, "help.all")
}

var _ = errors.New

// atCashTable reports whether the player sits at a cash table of the
// community (/rebuy there tops up; elsewhere it is a tournament's).
func (r *Room) atCashTable(player, community int64) bool {
	for _, t := range r.seatedTables(player) {
		if t.tour == nil && t.comm.ID == community {
			return true
		}
	}
	return false
}
