package room

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"
)

// Admin power, bounded and visible: a community's admins grant chips to
// its members (capped per grant and per day), take them back (up to the
// balance) and run its tables and tournaments; every such action is in the
// community's admin log (/adminlog). The bot's operators (OWNER_IDS) may act
// in every community, uncapped, and ban a user from the bot.

// Default caps of an admin's grants; a community may lower them
// (/grant limits), an operator's grants have none.
const (
	DefaultGrantCap    int64 = 50_000
	DefaultGrantDayCap int64 = 200_000
)

// grantCaps returns the caps of an admin's grants in econ.
func (r *Room) grantCaps(econ bot.Community) (perGrant, perDay int64) {
	perGrant, perDay = r.cfg.GrantCap, r.cfg.GrantDayCap
	if econ.GrantCap > 0 && econ.GrantCap < perGrant {
		perGrant = econ.GrantCap
	}
	if econ.DayCap > 0 && econ.DayCap < perDay {
		perDay = econ.DayCap
	}
	return perGrant, perDay
}

// dayStart is the start of the UTC day of t: the per-day cap counts the
// grants since then.
func dayStart(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// grant gives chips from the bank to a member of this community (play
// money), or takes them back with a negative amount; "/grant limits"
// shows or lowers the caps.
func (r *Room) grant(ctx context.Context, cmd bot.Command, p bot.Player, comm bot.Community, lang string) (bot.Reply, error) {
	econ, err := r.economy(ctx, comm)
	if err != nil {
		return bot.Reply{}, err
	}
	if len(cmd.Args) > 0 && strings.EqualFold(cmd.Args[0], "limits") {
		return r.grantLimits(ctx, cmd, p, econ, lang)
	}
	if len(cmd.Args) != 2 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "grant.usage")
	}
	amount := strings.TrimSpace(cmd.Args[1])
	sign := int64(1)
	if rest, ok := strings.CutPrefix(amount, "-"); ok {
		sign, amount = -1, rest
	} else if rest, ok := strings.CutPrefix(amount, "−"); ok { // a typographic minus
		sign, amount = -1, rest
	}
	n, err := bot.ParseChipsArg(amount, lang)
	if err != nil {
		return bot.Reply{}, err
	}
	if n == 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "grant.zero")
	}
	target, err := r.memberNamed(ctx, cmd.Platform, cmd.Args[0], econ)
	if err != nil {
		return bot.Reply{}, err
	}
	if target.Platform == table.BotPlatform {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "grant.practice", target.DisplayName)
	}
	acc, err := r.wallet(ctx, target, econ)
	if err != nil {
		return bot.Reply{}, err
	}
	r.grantMu.Lock()
	defer r.grantMu.Unlock()
	operator := r.isOperator(cmd)
	if sign > 0 && !operator {
		perGrant, perDay := r.grantCaps(econ)
		if n > perGrant {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "grant.cap", bot.Chips(perGrant))
		}
		today, err := r.grantedToday(ctx, econ) // guarantees promised today count too (guarantee.go)
		if err != nil {
			return bot.Reply{}, err
		}
		if today+n > perDay {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "grant.day_cap", bot.Chips(perDay), bot.Chips(max(perDay-today, 0)))
		}
	}
	move := bot.Move{From: r.bank, To: acc, Amount: n, Reason: "grant", Reference: "community:" + strconv.FormatInt(econ.ID, 10)}
	if sign < 0 {
		bal, err := r.store.Balance(ctx, acc)
		if err != nil {
			return bot.Reply{}, err
		}
		if n > bal {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "grant.take_too_much", target.DisplayName, bot.Chips(bal))
		}
		move = bot.Move{From: acc, To: r.bank, Amount: n, Reason: "grant taken back", Reference: move.Reference}
	}
	entry := bot.AdminEntry{CommunityID: econ.ID, At: r.clock.Now(), ActorID: p.ID, Actor: p.DisplayName, Action: "grant",
		TargetID: target.ID, Target: target.DisplayName, Amount: sign * n, Detail: commandLine(cmd)}
	if err := r.store.AddAdminEntry(ctx, entry, move); err != nil {
		if errors.Is(err, bot.ErrInsufficientFunds) {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "grant.take_too_much", target.DisplayName, bot.Chips(0))
		}
		if err := r.grantStored(ctx, entry, err); err != nil {
			return bot.Reply{}, err
		}
	}
	if sign < 0 {
		return bot.Reply{Text: tr(lang, "grant.taken", target.DisplayName, bot.Chips(n))}, nil
	}
	return bot.Reply{Text: tr(lang, "grant.done", target.DisplayName, bot.Chips(n))}, nil
}

// grantStored says what a grant whose write failed with err left: nil
// when the store holds it after all (a write stored but reported failed,
// the connection lost at the commit), err when it does not, and when the
// store cannot be read to know, an answer saying so: "try again" would
// have the admin grant the chips twice.
func (r *Room) grantStored(ctx context.Context, e bot.AdminEntry, err error) error {
	entries, rerr := r.store.AdminEntries(ctx, bot.AdminQuery{CommunityID: e.CommunityID, Since: e.At.Add(-time.Second)})
	if rerr != nil {
		r.log.Error("grant: its write failed and the admin log cannot be read", "err", err, "read_err", rerr)
		return bot.Errorf(bot.EUnavailable, "grant.unknown", e.Target)
	}
	for _, x := range entries {
		d := x.At.Sub(e.At)
		if x.Action == e.Action && x.ActorID == e.ActorID && x.TargetID == e.TargetID && x.Amount == e.Amount &&
			x.Detail == e.Detail && d < time.Millisecond && d > -time.Millisecond {
			return nil
		}
	}
	return err
}

// grantLimits is "/grant limits [per-grant [per-day]]": the caps of this
// community's grants, lowered (never above the room's) by an admin.
func (r *Room) grantLimits(ctx context.Context, cmd bot.Command, p bot.Player, econ bot.Community, lang string) (bot.Reply, error) {
	args := cmd.Args[1:]
	if len(args) > 2 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "grant.limits_usage")
	}
	if len(args) > 0 {
		var caps [2]int64
		for i, a := range args {
			n, err := bot.ParseChipsArg(a, lang)
			if err != nil {
				return bot.Reply{}, err
			}
			if n == 0 {
				return bot.Reply{}, bot.Errorf(bot.EInvalid, "grant.limits_usage")
			}
			caps[i] = n
		}
		if caps[0] > r.cfg.GrantCap || caps[1] > r.cfg.GrantDayCap {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "grant.limits_above", bot.Chips(r.cfg.GrantCap), bot.Chips(r.cfg.GrantDayCap))
		}
		dayCap := caps[1]
		if dayCap == 0 {
			_, dayCap = r.grantCaps(econ)
		}
		if caps[0] > dayCap {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "grant.limits_order", bot.Chips(caps[0]), bot.Chips(dayCap))
		}
		econ.GrantCap = caps[0]
		if caps[1] != 0 {
			econ.DayCap = caps[1]
		}
		if err := r.saveCommunity(ctx, econ); err != nil {
			return bot.Reply{}, err
		}
		r.logAdmin(ctx, econ.ID, p, cmd, "grant limits", nil)
	}
	perGrant, perDay := r.grantCaps(econ)
	return bot.Reply{Text: tr(lang, "grant.limits", bot.Chips(perGrant), bot.Chips(perDay))}, nil
}

// memberNamed finds a member of econ by "@name", name or user id: the
// platform's players of that name who have a wallet in econ.
func (r *Room) memberNamed(ctx context.Context, platform, who string, econ bot.Community) (bot.Player, error) {
	name := strings.TrimPrefix(strings.TrimSpace(who), "@")
	if name == "" {
		return bot.Player{}, bot.Errorf(bot.EInvalid, "grant.usage")
	}
	// Among econ's members (welcomed there), not every player of the
	// name: those of other communities would hide them (FindPlayers keeps
	// the first 10).
	members, err := r.store.FindMembers(ctx, platform, name, welcomePrefix(econ.ID))
	if err != nil {
		return bot.Player{}, err
	}
	return onePlayer(members, who, "grant.who")
}

// onePlayer is the one player found for who: none is refused with the key
// missing, several as ambiguous.
func onePlayer(found []bot.Player, who, missing string) (bot.Player, error) {
	switch len(found) {
	case 0:
		return bot.Player{}, bot.Errorf(bot.ENotFound, missing, who)
	case 1:
		return found[0], nil
	}
	return bot.Player{}, bot.Errorf(bot.EInvalid, "grant.ambiguous", who, len(found))
}

// commandLine is the command as typed, for the admin log.
func commandLine(cmd bot.Command) string {
	line := "/" + cmd.Name
	if len(cmd.Args) > 0 {
		line += " " + strings.Join(cmd.Args, " ")
	}
	return line
}

// adminAction names the admin action a command is, for the admin log ("" for
// one that is not): a command or subcommand the command table declares for
// admins (spec, as Room.authorise found it).
func adminAction(cmd bot.Command, spec bot.CommandSpec) string {
	switch {
	case spec.Perm != bot.PermAdmin:
		return "" // bans are logged by banCmd, with their target
	case cmd.Name == "grant" || cmd.Name == "adminlog":
		return "" // a grant is logged with its chips; reading the log is no action
	case spec.Name != cmd.Name:
		return cmd.Name + " " + spec.Name // a subcommand: "tourney create"
	}
	return cmd.Name
}

// logAdmin writes an admin action that succeeded to econ's admin log. It
// is written after the action (which is stored already): a failure to
// write it is logged, with the action, and counted.
func (r *Room) logAdmin(ctx context.Context, econ int64, p bot.Player, cmd bot.Command, action string, target *bot.Player) {
	e := bot.AdminEntry{CommunityID: econ, At: r.clock.Now(), ActorID: p.ID, Actor: p.DisplayName, Action: action, Detail: commandLine(cmd)}
	if target != nil {
		e.TargetID, e.Target = target.ID, target.DisplayName
	}
	if err := r.store.AddAdminEntry(ctx, e); err != nil {
		r.metrics.AdminLogFailures.Add(1)
		r.log.Error("admin log: the action was done, its record could not be written", "community", econ, "actor", p.ID,
			"action", action, "err", err)
	}
}

// adminLogCmd is /adminlog [n]: the community's newest admin actions,
// privately, for its admins.
func (r *Room) adminLogCmd(ctx context.Context, cmd bot.Command, comm bot.Community, lang string) (bot.Reply, error) {
	n := 20
	if len(cmd.Args) > 1 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "adminlog.usage")
	}
	if len(cmd.Args) == 1 {
		v, err := strconv.Atoi(cmd.Args[0])
		if err != nil || v < 1 || v > 100 {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "adminlog.usage")
		}
		n = v
	}
	econ, err := r.economy(ctx, comm)
	if err != nil {
		return bot.Reply{}, err
	}
	entries, err := r.store.AdminEntries(ctx, bot.AdminQuery{CommunityID: econ.ID, Limit: n})
	if err != nil {
		return bot.Reply{}, err
	}
	if len(entries) == 0 {
		return bot.Reply{Private: true, Text: tr(lang, "adminlog.none")}, nil
	}
	var b strings.Builder
	b.WriteString(tr(lang, "adminlog.title", len(entries)))
	for _, e := range entries {
		b.WriteString("\n")
		b.WriteString(FormatAdminEntry(e, lang))
	}
	return bot.Reply{Private: true, Text: b.String()}, nil
}

// FormatAdminEntry is one admin log line: when (UTC), who, what, to whom,
// the chips, and the command as typed.
func FormatAdminEntry(e bot.AdminEntry, lang string) string {
	line := e.At.UTC().Format("2006-01-02 15:04") + " " + e.Actor + ": " + e.Action
	if e.Target != "" {
		line += " " + e.Target
	}
	if e.Amount != 0 {
		sign := "+"
		if e.Amount < 0 {
			sign = "−"
		}
		line += " " + sign + bot.FormatChips(abs64(e.Amount), lang)
	}
	if e.Detail != "" {
		line += " (" + e.Detail + ")"
	}
	return line
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// walletCmd is /wallet: in a group, the player's chips in its community;
// in private, in every community they have chips in.
func (r *Room) walletCmd(ctx context.Context, cmd bot.Command, p bot.Player, comm bot.Community, lang string) (bot.Reply, error) {
	if cmd.Chat != "" {
		acc, err := r.wallet(ctx, p, comm)
		if err != nil {
			return bot.Reply{}, err
		}
		bal, err := r.store.Balance(ctx, acc)
		if err != nil {
			return bot.Reply{}, err
		}
		text := tr(lang, "wallet.balance", bot.Chips(bal))
		for _, t := range r.seatedTables(p.ID) {
			if t.Comm.ID == comm.ID {
				text += "\n" + tr(lang, "wallet.at_table", t.Label())
			}
		}
		return bot.Reply{Private: true, Text: text}, nil
	}
	accs, err := r.store.PlayerAccounts(ctx, p.ID)
	if err != nil {
		return bot.Reply{}, err
	}
	var lines []string
	for _, a := range accs {
		econ, ok := economyOfWallet(a.Key)
		if !ok {
			if a.Balance > 0 {
				lines = append(lines, tr(lang, "wallet.legacy", bot.Chips(a.Balance)))
			}
			continue
		}
		c, err := r.store.CommunityByID(ctx, econ)
		if err != nil {
			return bot.Reply{}, err
		}
		lines = append(lines, tr(lang, "wallet.in", communityName(c), bot.Chips(a.Balance)))
	}
	if len(lines) == 0 {
		return bot.Reply{Private: true, Text: tr(lang, "wallet.none")}, nil
	}
	text := tr(lang, "wallet.title") + "\n" + strings.Join(lines, "\n")
	for _, t := range r.seatedTables(p.ID) {
		text += "\n" + tr(lang, "wallet.at_table", t.Label()+" ("+communityName(t.Comm)+")")
	}
	return bot.Reply{Private: true, Text: text}, nil
}

// economyOfWallet reads the economy of a wallet's key
// ("wallet:<economy>:<player>").
func economyOfWallet(key string) (int64, bool) {
	rest, ok := strings.CutPrefix(key, "wallet:")
	if !ok {
		return 0, false
	}
	e, _, ok := strings.Cut(rest, ":")
	if !ok {
		return 0, false
	}
	id, err := strconv.ParseInt(e, 10, 64)
	return id, err == nil
}

// communityName is how a community is named to a player.
func communityName(c bot.Community) string {
	if c.Title != "" {
		return c.Title
	}
	return fmt.Sprintf("%s %s", c.Platform, c.ChatID)
}

// banCmd is an operator's "/ban <user> [reason]" and "/unban <user>": a
// banned user's commands and button presses are refused everywhere.
func (r *Room) banCmd(ctx context.Context, cmd bot.Command, p bot.Player, comm bot.Community, lang string) (bot.Reply, error) {
	if len(cmd.Args) == 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "ban.usage")
	}
	platform, who := cmd.Platform, strings.TrimPrefix(cmd.Args[0], "@")
	if pl, id, ok := strings.Cut(who, ":"); ok && (pl == "telegram" || pl == "discord" || pl == "console") {
		platform, who = pl, id
	}
	found, err := r.store.FindPlayers(ctx, platform, who)
	if err != nil {
		return bot.Reply{}, err
	}
	target, err := onePlayer(found, cmd.Args[0], "ban.who")
	if err != nil {
		return bot.Reply{}, err
	}
	if slices.Contains(r.cfg.Owners, target.Platform+":"+target.UserID) {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "ban.operator")
	}
	reason := ""
	if cmd.Name == "ban" {
		reason = strings.TrimSpace(strings.Join(cmd.Args[1:], " "))
		if reason == "" {
			reason = "-"
		}
		reason = truncateRunes(reason, 200)
	}
	if err := r.store.SetBanned(ctx, target.ID, reason); err != nil && !r.banStored(ctx, target, reason) {
		return bot.Reply{}, err
	}
	e := r.cachedPlayer(target)
	if e != nil {
		e.mu.Lock()
		e.p.Banned = reason
		e.mu.Unlock()
	}
	r.logAdmin(ctx, 0, p, cmd, cmd.Name, &target)
	if reason == "" {
		return bot.Reply{Private: true, Text: tr(lang, "ban.lifted", target.DisplayName)}, nil
	}
	return bot.Reply{Private: true, Text: tr(lang, "ban.done", target.DisplayName)}, nil
}

// banStored reports whether a ban (reason "": its lifting) whose write
// failed is in the store after all (a write stored but reported failed):
// it is then in force now, not at the next start.
func (r *Room) banStored(ctx context.Context, target bot.Player, reason string) bool {
	found, err := r.store.FindPlayers(ctx, target.Platform, target.UserID)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(found, func(p bot.Player) bool { return p.ID == target.ID && p.Banned == reason })
}

func truncateRunes(s string, n int) string {
	rs := []rune(s)
	if len(rs) <= n {
		return s
	}
	return string(rs[:n])
}

// auditCmd is an operator's /audit: the chip audit, its report privately.
func (r *Room) auditCmd(ctx context.Context, lang string) (bot.Reply, error) {
	rep, err := r.Audit(ctx)
	if err != nil {
		return bot.Reply{}, err
	}
	var b strings.Builder
	if err := rep.Write(&b); err != nil {
		return bot.Reply{}, err
	}
	if rep.OK() {
		b.WriteString(tr(lang, "audit.ok"))
	} else {
		b.WriteString(tr(lang, "audit.mismatches", rep.Mismatches()))
	}
	return bot.Reply{Private: true, Text: b.String()}, nil
}
