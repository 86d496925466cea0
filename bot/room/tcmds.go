package room

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/tourney"
)

// The tournament commands: /tourney for admins, /register, /unregister,
// /reenter and /tourneys for players, the lobby message and its buttons.

// Lobby button kinds (tokens whose Table is the tournament's id).
const (
	tokRegister byte = iota + 40
	tokUnregister
)

// tourneyCmd runs /tourney <subcommand>.
func (r *Room) tourneyCmd(ctx context.Context, cmd bot.Command, comm bot.Community, p bot.Player, lang string) (bot.Reply, error) {
	if len(cmd.Args) == 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.sub", bot.SubNames("tourney"))
	}
	sub, args := strings.ToLower(cmd.Args[0]), cmd.Args[1:]
	switch sub {
	case "create", "new":
		return r.createTourney(ctx, comm, args, lang)
	case "template":
		return r.templateCmd(ctx, comm, args, lang)
	case "schedule":
		return r.scheduleCmd(ctx, comm, args, lang)
	case "open", "close", "start", "cancel", "pause", "resume", "info", "players", "structure", "payouts", "bots", "edit", "balance", "dq":
	default:
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.sub", bot.SubNames("tourney"))
	}
	a, rest, err := r.resolveTourney(ctx, comm, args, false)
	if err != nil {
		return bot.Reply{}, err
	}
	cmd.Name, cmd.Args = "tourney:"+sub, rest
	return a.tdo(ctx, treq{cmd: cmd, p: p, admin: true})
}

// createTourney stores a tournament and starts its actor.
func (r *Room) createTourney(ctx context.Context, comm bot.Community, args []string, lang string) (bot.Reply, error) {
	set, err := parseTourneySettings(args, r.clock.Now())
	if err != nil {
		return bot.Reply{}, err
	}
	a, err := r.newTourney(ctx, comm, set)
	if err != nil {
		return bot.Reply{}, err
	}
	return bot.Reply{Text: tr(lang, "tourney.created", a.label(), set.Config.Name, a.when(lang))}, nil
}

// newTourney stores a tournament and starts its actor; registration opens
// at once unless the settings say when.
func (r *Room) newTourney(ctx context.Context, comm bot.Community, set tourneySettings) (*tourneyActor, error) {
	if n := len(r.tourneys.of(comm.ID, true)); n >= maxTourneysPerChat {
		return nil, bot.Errorf(bot.EInvalid, "tourney.too_many", maxTourneysPerChat)
	}
	set.Platform, set.Chat = comm.Platform, comm.ChatID
	if set.Target != 0 { // a satellite: its seats are worth the target's buy-in (R-TRN-15)
		// The target's actor owns its buy-in, and keeps it fixed while
		// this satellite is made and while it runs (edit).
		var b tourney.BuyIn
		label := "T" + strconv.FormatInt(set.Target, 10)
		release, err := r.reserve(ctx, comm, set.Target, "tourney.target", func(target *tourneyActor) error {
			if target.over {
				return bot.Errorf(bot.EInvalid, "tourney.target", label)
			}
			b = target.set.Config.BuyIn
			return nil
		})
		if err != nil {
			return nil, err
		}
		defer release()
		if b.Freeroll() {
			return nil, bot.Errorf(bot.EInvalid, "tourney.target_free", label)
		}
		set.Config.Tickets = &tourney.TicketRule{SeatValue: b.Total(), Leftover: tourney.LeftoverToNext}
		if set.Leftover == "buyins" {
			t := set.Config.Tickets
			t.Leftover, t.SatelliteBuyIn = tourney.LeftoverInDoubleBuyIns, set.Config.BuyIn.Prize+set.Config.BuyIn.Bounty
		}
		if set.SeatsGtd > 0 { // N seats guaranteed: the house covers the overlay
			set.Config.Guarantee = int64(set.SeatsGtd) * b.Total()
		}
		if err := set.Config.Validate(); err != nil {
			return nil, err
		}
	}
	if set.Flight != 0 { // a flight of a staged final (R-TRN-16)
		var st tourney.Structure
		label := "T" + strconv.FormatInt(set.Flight, 10)
		release, err := r.reserve(ctx, comm, set.Flight, "tourney.flight_final", func(final *tourneyActor) error {
			switch {
			case !final.isFinal():
				return bot.Errorf(bot.EInvalid, "tourney.flight_not_final", label)
			case final.t.State() != tourney.Announced && final.t.State() != tourney.RegistrationOpen:
				return bot.Errorf(bot.EInvalid, "tourney.flight_final", label)
			case !set.Config.StartAt.Before(final.set.Config.StartAt):
				return bot.Errorf(bot.EInvalid, "tourney.flight_after_final", label)
			}
			st = final.set.Config.Structure
			return nil
		})
		if err != nil {
			return nil, err
		}
		defer release()
		st.EndAfter, st.EndAtLevel = set.Config.Structure.EndAfter, set.Config.Structure.EndAtLevel
		set.Config.Structure = st
		if err := set.Config.Validate(); err != nil {
			return nil, err
		}
	}
	house, err := r.houseOf(ctx, comm)
	if err != nil {
		return nil, err
	}
	rec := bot.TourneyRecord{CommunityID: comm.ID, Name: set.Config.Name, Config: table.MustJSON(set), Status: bot.StateNames[tourney.Announced].En, CreatedAt: r.clock.Now()}
	id, err := r.store.AddTourney(ctx, rec)
	if err != nil {
		return nil, err
	}
	rec.ID = id
	a, err := r.newTourneyActor(rec, set, comm, house)
	if err != nil {
		return nil, err
	}
	if a.account, err = r.store.OpenAccount(ctx, bot.AccountTournament, a.ref(), 0); err != nil {
		return nil, err
	}
	r.startTourney(a)
	if set.OpenAt.IsZero() {
		if _, err := a.tdo(ctx, treq{cmd: bot.Command{Name: "tourney:open"}, admin: true}); err != nil {
			return nil, err
		}
	} else {
		a.tdo(ctx, treq{sync: true}) //nolint:errcheck // the lobby shows it either way
	}
	return a, nil
}

// reserve checks, in the actor of the chat's tournament id, what a new
// satellite or flight needs of it (check reads its state), and keeps its
// options fixed (edit) until release: the caller releases once the new
// event is listed (hasDependents covers it from then) or failed. missing
// is the message for an id that names no tournament of the chat still on.
func (r *Room) reserve(ctx context.Context, comm bot.Community, id int64, missing string, check func(*tourneyActor) error) (release func(), err error) {
	a := r.tourneys.get(id)
	if a == nil || a.comm.ID != comm.ID || a.isOver() {
		return nil, bot.Errorf(bot.EInvalid, missing, "T"+strconv.FormatInt(id, 10))
	}
	if _, err := a.tdo(ctx, treq{query: func() error {
		if err := check(a); err != nil {
			return err
		}
		a.reserving++
		return nil
	}}); err != nil {
		return nil, err
	}
	return func() {
		ctx, cancel := context.WithTimeout(r.ctx, table.OpTimeout)
		defer cancel()
		a.tdo(ctx, treq{query: func() error { a.reserving--; return nil }}) //nolint:errcheck // one that is gone keeps nothing
	}, nil
}

// maxLoadedEnded bounds the tournaments over that commands have brought
// back into memory at once (each stays an hour after its last use).
const maxLoadedEnded = 100

// maxTourneysPerChat bounds a chat's tournaments not over.
const maxTourneysPerChat = 20

func (r *Room) startTourney(a *tourneyActor) {
	r.tourneys.put(a)
	r.runTourney(a)
}

// runTourney starts the goroutine of an actor already listed.
func (r *Room) runTourney(a *tourneyActor) {
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		a.run(r.ctx)
	}()
}

// isOver is read outside the actor: the status as last stored.
func (a *tourneyActor) isOver() bool {
	select {
	case <-a.done:
		return true
	default:
	}
	return a.overFlag.Load()
}

// resolveTourney finds the tournament a command names ("T3"), else the
// chat's only one not over (with mine: the one the player is in).
func (r *Room) resolveTourney(ctx context.Context, comm bot.Community, args []string, any bool) (*tourneyActor, []string, error) {
	var rest []string
	var named *tourneyActor
	for _, a := range args {
		if n, ok := bot.CutTourneyLabel(a); ok {
			t := r.tourneys.get(n)
			if t == nil && comm.ID != 0 {
				var err error
				if t, err = r.loadEnded(ctx, comm, n); err != nil {
					return nil, nil, err
				}
			}
			if t == nil || (comm.ID != 0 && t.comm.ID != comm.ID) {
				return nil, nil, bot.Errorf(bot.ENotFound, "tourney.no_such", a)
			}
			named = t
			continue
		}
		rest = append(rest, a)
	}
	if named != nil {
		return named, rest, nil
	}
	open := r.tourneys.of(comm.ID, true)
	switch len(open) {
	case 0:
		return nil, nil, bot.Errorf(bot.EInvalid, "tourney.none")
	case 1:
		return open[0], rest, nil
	}
	var ls []string
	for _, a := range open {
		ls = append(ls, a.label())
	}
	return nil, nil, bot.Errorf(bot.EInvalid, "tourney.which", strings.Join(ls, " "))
}

// playerTourneyCmd runs a player's tournament command (/register,
// /unregister, /reenter, /deal, /standings, a tournament's /rebuy and
// /addon) in its actor, which checks the entry perm asks for.
func (r *Room) playerTourneyCmd(ctx context.Context, cmd bot.Command, comm bot.Community, p bot.Player, perm bot.Permission) (bot.Reply, error) {
	a, rest, err := r.resolveTourney(ctx, comm, cmd.Args, true)
	if err != nil {
		return bot.Reply{}, err
	}
	cmd.Args = rest
	return a.tdo(ctx, treq{cmd: cmd, p: p, perm: perm})
}

// listTourneys answers /tourneys.
func (r *Room) listTourneys(comm bot.Community, lang string) (bot.Reply, error) {
	ts := r.tourneys.of(comm.ID, true)
	if len(ts) == 0 {
		return bot.Reply{Text: tr(lang, "tourney.none")}, nil
	}
	var b strings.Builder
	b.WriteString(tr(lang, "tourneys.title"))
	for _, a := range ts {
		b.WriteString("\n")
		b.WriteString(a.summary.Load().(string))
	}
	return bot.Reply{Text: b.String()}, nil
}

// pressTourney runs a lobby button.
func (r *Room) pressTourney(ctx context.Context, cmd bot.Command, p bot.Player, tok bot.ButtonToken) (bot.Reply, error) {
	a := r.tourneys.get(tok.Table)
	if a == nil {
		return bot.Reply{}, bot.ErrTokenStale
	}
	if a.comm.Platform != cmd.Platform {
		return bot.Reply{}, bot.ErrTokenForged
	}
	cmd.Name = "register"
	if tok.Kind == tokUnregister {
		cmd.Name = "unregister"
	}
	cmd.Args = nil
	return a.tdo(ctx, treq{cmd: cmd, p: p, tok: &tok})
}

// hadEntry reports whether the player has (or had) an entry in the
// tournament.
func (a *tourneyActor) hadEntry(playerID int64) bool {
	for _, p := range a.players {
		if p.ID == playerID {
			return true
		}
	}
	return false
}

// handle runs one command in the tournament's actor.
func (a *tourneyActor) handle(req treq) (bot.Reply, error) {
	lang := a.lang()
	if a.stale {
		return bot.Reply{}, bot.Errorf(bot.EUnavailable, "tourney.db_paused", a.label())
	}
	if req.perm == bot.PermSeated && a.activeEntry(req.p.ID) == 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "deal.not_in") // the command table's PermSeated: an entry still in
	}
	switch req.cmd.Name {
	case "register", "reenter", "unregister":
		if a.isFinal() {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.final_closed", a.label())
		}
		if req.cmd.Name == "unregister" {
			return a.unregister(req, lang)
		}
		if req.cmd.Name == "reenter" && !a.hadEntry(req.p.ID) {
			// Re-entry is for a player who busted (R-TRN-3): a first entry
			// is /register, and is not taken for a re-entry.
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.reenter_none", a.label())
		}
		return a.register(req, lang)
	case "qualify":
		return a.qualify(req)
	case "rebuy", "addon":
		return a.buyChips(req, lang)
	case "deal":
		return a.dealCmd(req, lang)
	case "standings":
		return bot.Reply{Text: a.standingsText(lang), Private: true}, nil
	case "ticket":
		if req.ticket == nil {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "command.unknown", "/ticket")
		}
		if _, err := a.registerPlayer(req.ctx, req.p, req.ticket.bot, req.ticket, 0); err != nil {
			return bot.Reply{}, err
		}
		return bot.Reply{}, nil
	case "tourney:close":
		if err := a.closeRegistration(); err != nil {
			return bot.Reply{}, err
		}
		return bot.Reply{Text: tr(lang, "tourney.closed", a.label())}, nil
	case "tourney:open":
		if a.t.State() == tourney.RegistrationOpen && !a.regClosed {
			return bot.Reply{}, &tourney.StateError{Op: "open registration", State: a.t.State()}
		}
		if _, err := a.do(openOp{}, nil, nil); err != nil {
			return bot.Reply{}, err
		}
		a.news("tn.open", a.name(), a.label())
		a.publishLobby()
		return bot.Reply{Text: tr(lang, "tourney.opened", a.label())}, nil
	case "tourney:start":
		return a.startCmd(req, lang)
	case "tourney:cancel":
		if a.over {
			return bot.Reply{}, &tourney.StateError{Op: "cancel", State: a.t.State()}
		}
		if n := a.finalWaits(); n > 0 {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.final_has_flights", n)
		}
		if _, err := a.do(cancelOp{}, nil, nil); err != nil {
			return bot.Reply{}, err
		}
		if err := a.refundAll("tn.cancelled"); err != nil {
			return bot.Reply{}, err
		}
		return bot.Reply{Text: tr(lang, "tourney.cancelled", a.label())}, nil
	case "tourney:pause":
		if !a.running() || a.paused() {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.not_pausable")
		}
		if _, err := a.do(pauseOp{At: a.d.clock.Now()}, nil, nil); err != nil {
			return bot.Reply{}, err
		}
		a.news("tn.paused", a.name())
		a.publishLobby()
		return bot.Reply{Text: tr(lang, "tourney.paused", a.label())}, nil
	case "tourney:resume":
		if !a.paused() {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.not_paused")
		}
		if _, err := a.do(resumeOp{At: a.d.clock.Now()}, nil, nil); err != nil {
			return bot.Reply{}, err
		}
		a.news("tn.resumed", a.name())
		a.releaseHeld()
		a.publishLobby()
		return bot.Reply{Text: tr(lang, "tourney.resumed", a.label())}, nil
	case "tourney:info":
		return bot.Reply{Text: a.lobbyText(lang), Private: true}, nil
	case "tourney:players":
		return bot.Reply{Text: a.playersText(lang), Private: true}, nil
	case "tourney:structure":
		return bot.Reply{Text: a.structureText(lang), Private: true}, nil
	case "tourney:payouts":
		return bot.Reply{Text: a.payoutsText(lang), Private: true}, nil
	case "tourney:bots":
		return a.addBots(req, lang)
	case "tourney:edit":
		return a.edit(req, lang)
	case "tourney:dq":
		return a.dqCmd(req, lang)
	case "tourney:balance":
		return bot.Reply{Text: a.balanceText(lang), Private: true}, nil
	}
	return bot.Reply{}, bot.Errorf(bot.EInvalid, "command.unknown", "/"+req.cmd.Name)
}

// register takes an entry (R-TRN-2): the buy-in leaves the wallet in the
// same transaction; during late registration (a re-entry too, R-TRN-3)
// the entry gets a random seat and plays at once (R-TRN-5).
func (a *tourneyActor) register(req treq, lang string) (bot.Reply, error) {
	if a.regClosed {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.reg_closed", a.label())
	}
	pair, err := a.pairToJoin(req.p, req.cmd.Args)
	if err != nil {
		return bot.Reply{}, err
	}
	reg, err := a.registerPlayer(req.ctx, req.p, false, nil, pair)
	if err != nil {
		return bot.Reply{}, err
	}
	if n, ok := a.pairByPlayer[req.p.ID]; ok && reg.Entry.Number == 1 {
		pr := a.pairs[n]
		if pr.M2 != nil && pr.M2.ID == req.p.ID && pr.M1 != nil {
			return bot.Reply{Text: tr(lang, "pairs.joined", reg.Entry.Name, n, pr.M1.DisplayName, a.name())}, nil
		}
		return bot.Reply{Text: tr(lang, "pairs.created", reg.Entry.Name, n, a.name(), a.label())}, nil
	}
	name := reg.Entry.Name
	if reg.Seat.Table != 0 {
		return bot.Reply{Text: tr(lang, "tourney.registered_late", name, a.name(), int(reg.Seat.Table), "#"+strconv.FormatInt(a.tableIDs[reg.Seat.Table], 10), int(reg.Seat.Seat))}, nil
	}
	return bot.Reply{Text: tr(lang, "tourney.registered", name, a.name(), a.t.Active())}, nil
}

func (a *tourneyActor) registerPlayer(ctx context.Context, p bot.Player, isBot bool, ticket *ticketPay, pair int) (tourney.Registration, error) {
	var moves []bot.Move
	b := a.t.Config().BuyIn
	pay := tourney.Payment{}
	if ticket != nil {
		pay.Ticket = ticket.label
	}
	if !b.Freeroll() {
		from := a.house
		switch {
		case ticket != nil:
			from = ticket.from
			if b.Fee > 0 {
				moves = append(moves, bot.Move{From: from, To: a.house, Amount: b.Fee, Reason: "tournament fee", Reference: a.ref()})
			}
		case !isBot:
			acc, err := a.env.wallet(ctx, p, a.comm)
			if err != nil {
				return tourney.Registration{}, err
			}
			from = acc
		}
		if v := b.Prize + b.Bounty; v > 0 {
			moves = append(moves, bot.Move{From: from, To: a.account, Amount: v, Reason: "tournament buy-in", Reference: a.ref()})
		}
		if b.Fee > 0 && from != a.house && ticket == nil { // a practice opponent's fee would go from the house to itself
			moves = append(moves, bot.Move{From: from, To: a.house, Amount: b.Fee, Reason: "tournament fee", Reference: a.ref()})
		}
	}
	res, err := a.do(registerOp{Player: &p, Bot: isBot, Seed: a.seed(), Ticket: pay.Ticket, Pair: pair}, func(any) []bot.Move { return moves }, nil)
	if err != nil {
		return tourney.Registration{}, err
	}
	reg := res.(tourney.Registration)
	if reg.Seat.Table != 0 {
		if err := a.ensureTables(); err != nil {
			return reg, err
		}
		// Seated now: at a table between hands the next sync seats them;
		// at one in a hand, at once (not dealt in before the next hand).
		no := reg.Seat.Table
		if t := a.tables[no]; t != nil && !a.held[no] {
			t.Tour.Direct(table.Sync{Only: true, Seats: map[int]table.SyncSeat{int(reg.Seat.Seat) - 1: a.syncSeat(reg.Entry.ID)}})
		}
		a.tellSeat(reg.Entry.ID, no, 0)
		a.releaseHeld()
	}
	if a.t.ShouldStart(a.d.clock.Now()) && a.t.Config().Kind == tourney.SitAndGo {
		if err := a.start(a.d.clock.Now()); err != nil {
			a.d.log.Error("start sit-and-go", "tourney", a.id, "err", err)
		}
	}
	a.publishLobby()
	return reg, nil
}

func (a *tourneyActor) unregister(req treq, lang string) (bot.Reply, error) {
	id := a.activeEntry(req.p.ID)
	if id == 0 {
		return bot.Reply{}, bot.FromError(tourney.ErrNotRegistered)
	}
	moves := a.refundMoves(id)
	if _, err := a.do(unregisterOp{Player: &req.p}, func(any) []bot.Move { return moves }, nil); err != nil {
		return bot.Reply{}, err
	}
	a.publishLobby()
	return bot.Reply{Text: tr(lang, "tourney.unregistered", req.p.DisplayName, a.name())}, nil
}

// startCmd starts the tournament now (an admin's /tourney start): a
// sit-and-go with bots=on fills its empty seats with practice opponents.
func (a *tourneyActor) startCmd(req treq, lang string) (bot.Reply, error) {
	if a.t.State() != tourney.RegistrationOpen {
		return bot.Reply{}, &tourney.StateError{Op: "start", State: a.t.State()}
	}
	if n := a.finalWaits(); n > 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.final_has_flights", n)
	}
	cfg := a.t.Config()
	if cfg.Kind == tourney.SitAndGo {
		if a.set.Bots {
			for a.t.Active() < cfg.MaxPlayers && a.t.State() == tourney.RegistrationOpen {
				if _, err := a.addBot(req.ctx); err != nil {
					return bot.Reply{}, err
				}
			}
			if a.t.State() != tourney.RegistrationOpen {
				return bot.Reply{Text: tr(lang, "tourney.started", a.label())}, nil
			}
		}
		return bot.Reply{}, bot.FromError(tourney.ErrNotFull)
	}
	// A scheduled event started early: it starts now (the start op's
	// time is its start, also when the log is replayed).
	now := a.d.clock.Now()
	if now.Before(cfg.StartAt) {
		a.set.Config.StartAt = now
		ctx, cancel := context.WithTimeout(a.d.ctx, table.OpTimeout)
		err := a.replay(ctx)
		cancel()
		if err != nil {
			return bot.Reply{}, err
		}
	}
	if err := a.start(now); err != nil {
		return bot.Reply{}, err
	}
	return bot.Reply{Text: tr(lang, "tourney.started", a.label())}, nil
}

// addBots registers practice opponents (/tourney bots <n>), when the
// tournament allows them (bots=on).
func (a *tourneyActor) addBots(req treq, lang string) (bot.Reply, error) {
	if a.isFinal() {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.final_closed", a.label())
	}
	if !a.set.Bots {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.bots_off")
	}
	if a.regClosed {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.reg_closed", a.label())
	}
	n := 1
	if len(req.cmd.Args) > 0 {
		v, err := strconv.Atoi(req.cmd.Args[0])
		if err != nil || v < 1 || v > 1000 {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.range", "bots", req.cmd.Args[0], 1, 1000)
		}
		n = v
	}
	added := 0
	for range n {
		if _, err := a.addBot(req.ctx); err != nil {
			if added == 0 {
				return bot.Reply{}, err
			}
			break
		}
		added++
	}
	return bot.Reply{Text: tr(lang, "tourney.bots_added", added, a.name())}, nil
}

func (a *tourneyActor) addBot(ctx context.Context) (tourney.Registration, error) {
	k := len(a.bots) + 1
	name := fmt.Sprintf("%s %d", table.BotNames[(k-1)%len(table.BotNames)], (k-1)/len(table.BotNames)+1)
	if k <= len(table.BotNames) {
		name = table.BotNames[k-1]
	}
	p, err := a.d.store.Player(ctx, table.BotPlatform, fmt.Sprintf("bot:t%d:%d", a.id, k), name)
	if err != nil {
		return tourney.Registration{}, err
	}
	pair := 0
	if a.set.Pairs {
		pair = a.botPair()
	}
	return a.registerPlayer(ctx, p, true, nil, pair)
}

// when says when the tournament starts.
func (a *tourneyActor) when(lang string) string {
	cfg := a.t.Config()
	if cfg.Kind == tourney.SitAndGo {
		return tr(lang, "tourney.when_full", cfg.MaxPlayers)
	}
	return cfg.StartAt.UTC().Format("2006-01-02 15:04 UTC")
}

// lobbyText is the lobby: status, players, prize pool, structure, level.
func (a *tourneyActor) lobbyText(lang string) string {
	cfg := a.t.Config()
	var b strings.Builder
	fmt.Fprintf(&b, "🏆 %s %s\n", a.label(), cfg.Name)
	st := bot.Pick(bot.StateNames[a.t.State()], lang)
	if a.paused() {
		st = tr(lang, "tourney.paused_state")
	}
	if a.regClosed {
		st = tr(lang, "tourney.reg_closed_state")
	}
	fmt.Fprintf(&b, "%s\n", tr(lang, "lobby.status", st, a.when(lang)))
	buy := tr(lang, "lobby.freeroll")
	if !cfg.BuyIn.Freeroll() {
		buy = cfg.BuyIn.String()
	}
	kind := ""
	switch cfg.Bounty {
	case tourney.Knockout:
		kind = " · KO"
	case tourney.ProgressiveKnockout:
		kind = " · PKO"
	}
	fmt.Fprintf(&b, "%s%s\n", tr(lang, "lobby.buyin", buy, cfg.Structure.Name, bot.Chips(cfg.Structure.StartingStack), cfg.TableSize), kind)
	pool := a.t.PrizePool()
	entries := len(a.t.Entries())
	fmt.Fprintf(&b, "%s\n", tr(lang, "lobby.players", a.t.Active(), entries, bot.Chips(pool.Total), bot.Chips(pool.Bounties)))
	if cfg.Guarantee > 0 {
		fmt.Fprintf(&b, "%s\n", tr(lang, "lobby.guarantee", bot.Chips(cfg.Guarantee)))
	}
	if l := a.flightLine(lang); l != "" {
		fmt.Fprintf(&b, "%s\n", l)
	}
	if cfg.LateRegistration {
		fmt.Fprintf(&b, "%s\n", tr(lang, "lobby.late", a.set.LateLevels, max(cfg.MaxEntries, 1)))
	}
	if a.running() {
		now := a.d.clock.Now()
		cs := a.clock().At(now)
		if cs.OnBreak {
			fmt.Fprintf(&b, "%s\n", tr(lang, "lobby.break", table.DurationText(cs.Remaining)))
		} else {
			fmt.Fprintf(&b, "%s\n", tr(lang, "lobby.level", cs.Number, bot.Chips(cs.Level.SmallBlind), bot.Chips(cs.Level.BigBlind), bot.Chips(cs.Level.Ante), table.DurationText(cs.Remaining)))
		}
		if s := a.t.Seating(); s != nil {
			var ls []string
			for _, tb := range s.Tables {
				ls = append(ls, fmt.Sprintf("%d (#%d: %d)", tb.ID, a.tableIDs[tb.ID], tb.Count()))
			}
			fmt.Fprintf(&b, "%s\n", tr(lang, "lobby.tables", strings.Join(ls, ", ")))
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// publishLobby edits the lobby message in place, with its buttons.
func (a *tourneyActor) publishLobby() {
	lang := a.lang()
	text := a.lobbyText(lang)
	a.summary.Store(fmt.Sprintf("%s %s · %s · %d", a.label(), a.name(), bot.Pick(bot.StateNames[a.t.State()], lang), a.t.Active()))
	a.setFlags()
	if text == a.lastLobby {
		return
	}
	a.lastLobby = text
	v := bot.View{Kind: bot.ViewLobby, Text: text}
	st := a.t.State()
	if (st == tourney.RegistrationOpen || st == tourney.LateRegistration) && !a.isFinal() {
		var row []bot.Button
		if tok, err := a.d.signer.Sign(bot.ButtonToken{Table: a.id, Kind: tokRegister}); err == nil {
			row = append(row, bot.Button{Label: tr(lang, "button.register"), Token: tok, Command: "/register " + a.label()})
		}
		if st == tourney.RegistrationOpen {
			if tok, err := a.d.signer.Sign(bot.ButtonToken{Table: a.id, Kind: tokUnregister}); err == nil {
				row = append(row, bot.Button{Label: tr(lang, "button.unregister"), Token: tok, Command: "/unregister " + a.label()})
			}
		}
		v.Buttons = [][]bot.Button{row}
	}
	if a.version == 0 {
		a.version = a.d.clock.Now().UnixNano()
	}
	a.version++
	c := a.env.communityNow(a.comm)
	a.send(bot.Outgoing{To: bot.Destination{Platform: c.Platform, Chat: c.ChatID}, Priority: bot.PriorityTable,
		Key: "tourney:" + strconv.FormatInt(a.id, 10) + ":lobby", Version: a.version, Body: v})
}

func (a *tourneyActor) playersText(lang string) string {
	var b strings.Builder
	b.WriteString(tr(lang, "players.title", a.name(), a.t.Active()))
	type row struct {
		name  string
		stack int64
	}
	var rows []row
	for _, e := range a.t.Entries() {
		if !e.Out {
			rows = append(rows, row{a.entryName(e.ID), a.stacks[e.ID]})
		}
	}
	sort.SliceStable(rows, func(i, j int) bool { return rows[i].stack > rows[j].stack })
	for i, r := range rows {
		if i == 50 {
			fmt.Fprintf(&b, "\n… %d", len(rows)-50)
			break
		}
		if a.t.Seating() != nil {
			fmt.Fprintf(&b, "\n%d. %s · %s", i+1, r.name, bot.FormatChips(r.stack, lang))
		} else {
			fmt.Fprintf(&b, "\n%d. %s", i+1, r.name)
		}
	}
	return b.String()
}

func (a *tourneyActor) structureText(lang string) string {
	cfg := a.t.Config()
	var b strings.Builder
	b.WriteString(tr(lang, "structure.title", cfg.Structure.Name, bot.Chips(cfg.Structure.StartingStack)))
	n := 0
	for _, l := range cfg.Structure.Levels {
		if l.Break {
			fmt.Fprintf(&b, "\n☕ %s", table.DurationText(l.Duration))
			continue
		}
		n++
		fmt.Fprintf(&b, "\n%d. %s/%s", n, bot.FormatChips(l.SmallBlind, lang), bot.FormatChips(l.BigBlind, lang))
		if l.Ante > 0 {
			fmt.Fprintf(&b, " (%s)", bot.FormatChips(l.Ante, lang))
		}
		fmt.Fprintf(&b, " · %s", table.DurationText(l.Duration))
	}
	return b.String()
}

func (a *tourneyActor) payoutsText(lang string) string {
	prizes, err := a.t.Prizes()
	if err != nil || len(prizes) == 0 {
		return tr(lang, "payouts.none")
	}
	var b strings.Builder
	b.WriteString(tr(lang, "payouts.title", bot.Chips(a.t.PrizePool().Total), len(a.t.Entries())))
	for _, p := range prizes {
		fmt.Fprintf(&b, "\n%d. %s", p.Place, bot.FormatChips(p.Chips, lang))
	}
	return b.String()
}

func (a *tourneyActor) resultsText(results []tourney.Result) string {
	var parts []string
	for i, r := range results {
		if i == 10 {
			break
		}
		name := r.Name
		if n, ok := a.pairName(r.Entry); ok {
			name = n // a pair, by its members' real names
		}
		s := fmt.Sprintf("%d. %s", r.Place, name)
		if v := a.paidFor(r); v > 0 {
			s += " " + bot.FormatChips(v, a.lang())
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "\n")
}

// buyChips runs /rebuy and /addon (R-TRN-4): the price leaves the wallet
// with the op, and the chips reach the player's seat at once, or before
// the next hand when they are in one.
func (a *tourneyActor) buyChips(req treq, lang string) (bot.Reply, error) {
	if !a.running() {
		return bot.Reply{}, &tourney.StateError{Op: req.cmd.Name, State: a.t.State()}
	}
	id := a.activeEntry(req.p.ID)
	if id == 0 {
		return bot.Reply{}, bot.FromError(tourney.ErrNotRegistered)
	}
	var op tOp = rebuyOp{Entry: id, Stack: a.stacks[id]}
	price := a.t.Config().Rebuys.Price
	if req.cmd.Name == "addon" {
		op, price = addOnOp{Entry: id, Stack: a.stacks[id]}, a.t.Config().AddOn.Price
	}
	var moves []bot.Move
	if price > 0 {
		from := a.house
		if !a.bots[id] {
			acc, err := a.env.wallet(req.ctx, req.p, a.comm)
			if err != nil {
				return bot.Reply{}, err
			}
			from = acc
		}
		moves = []bot.Move{{From: from, To: a.account, Amount: price, Reason: "tournament " + op.kind(), Reference: a.ref()}}
	}
	paid := a.inTheMoney()
	res, err := a.do(op, func(any) []bot.Move { return moves }, nil)
	if err != nil {
		return bot.Reply{}, err
	}
	a.tellInTheMoney(paid, false) // a grown pool may pay more places
	chips := res.(tourney.Chips)
	if pl, ok := a.t.Seating().Where(id); ok {
		if t := a.tables[pl.Table]; t != nil {
			t.Tour.Direct(table.Sync{Only: true, Seats: map[int]table.SyncSeat{int(pl.Seat) - 1: a.syncSeat(id)}})
		}
	}
	a.publishLobby()
	key := "tourney.rebought"
	if op.kind() == opAddOn {
		key = "tourney.added_on"
	}
	return bot.Reply{Text: tr(lang, key, a.entryName(id), bot.Chips(chips), bot.Chips(price))}, nil
}

// standingsText answers /standings: the players still in by chips, then
// the places decided, best first, with their prizes once paid.
func (a *tourneyActor) standingsText(lang string) string {
	var b strings.Builder
	if a.t.State() == tourney.Finished {
		if res, err := a.t.Results(); err == nil {
			b.WriteString(tr(lang, "standings.final", a.name()))
			for _, r := range res {
				fmt.Fprintf(&b, "\n%d. %s", r.Place, r.Name)
				if v := a.paidFor(r); v > 0 {
					fmt.Fprintf(&b, " · %s", bot.FormatChips(v, lang))
				}
			}
			return b.String()
		}
	}
	b.WriteString(a.playersText(lang))
	st := a.t.Standings()
	if len(st) > 0 {
		b.WriteString("\n" + tr(lang, "standings.out"))
		for i, s := range st {
			if i == 30 {
				fmt.Fprintf(&b, "\n… %d", len(st)-i)
				break
			}
			fmt.Fprintf(&b, "\n%d. %s", s.Place, a.entryName(s.Entry))
		}
	}
	return b.String()
}

// edit changes a tournament's options before anyone registered: the
// options given replace those of the same keys (R-TRN-1, R-TRN-2).
func (a *tourneyActor) edit(req treq, lang string) (bot.Reply, error) {
	st := a.t.State()
	if (st != tourney.Announced && st != tourney.RegistrationOpen) || len(a.t.Entries()) > 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.edit_late")
	}
	if len(req.cmd.Args) == 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.edit_usage")
	}
	set, err := parseTourneySettings(mergeArgs(a.set.Args, req.cmd.Args), a.d.clock.Now())
	if err != nil {
		return bot.Reply{}, err
	}
	if set.Target != a.set.Target {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.edit_target")
	}
	if set.Config.BuyIn != a.set.Config.BuyIn && (a.reserving > 0 || a.reg.hasDependents(a.id)) && !a.isFinal() {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.edit_buyin_satellite")
	}
	if set.Final != a.set.Final || set.Flight != a.set.Flight {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.edit_stage")
	}
	if a.isFinal() && (a.reserving > 0 || a.reg.hasDependents(a.id) || len(a.flightDone) > 0) {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.edit_final")
	}
	if set.Flight != 0 { // a flight plays its final's structure
		st := a.set.Config.Structure
		st.EndAfter, st.EndAtLevel = set.Config.Structure.EndAfter, set.Config.Structure.EndAtLevel
		set.Config.Structure = st
	}
	set.Config.Tickets = a.set.Config.Tickets
	set.Platform, set.Chat = a.set.Platform, a.set.Chat
	t, err := tourney.New(set.Config)
	if err != nil {
		return bot.Reply{}, err
	}
	if st == tourney.RegistrationOpen {
		if err := t.OpenRegistration(); err != nil {
			return bot.Reply{}, err
		}
	}
	w := &bot.TableWrite{Status: &bot.TourneyStatus{TourneyID: a.id, Status: a.status(), Config: table.MustJSON(set), Name: set.Config.Name}, At: a.d.clock.Now()}
	ctx, cancel := context.WithTimeout(a.d.ctx, table.OpTimeout)
	defer cancel()
	if err := a.d.commit.Commit(ctx, w); err != nil {
		return bot.Reply{}, &bot.Error{Code: bot.EUnavailable, Key: bot.KeyUnavailable, Err: err}
	}
	a.set, a.t = set, t
	a.publishLobby()
	return bot.Reply{Text: tr(lang, "tourney.edited", a.label(), a.name(), a.when(lang))}, nil
}

// balanceText answers /tourney balance: the tables and their players, and
// whether a move waits for the hands in progress (R-TRN-11).
func (a *tourneyActor) balanceText(lang string) string {
	s := a.t.Seating()
	if s == nil {
		return tr(lang, "balance.not_started")
	}
	var b strings.Builder
	for _, tb := range s.Tables {
		fmt.Fprintf(&b, "%s\n", tr(lang, "balance.table", int(tb.ID), "#"+strconv.FormatInt(a.tableIDs[tb.ID], 10), tb.Count(), tb.Size()))
	}
	switch {
	case a.needsRebalance():
		b.WriteString(tr(lang, "balance.pending"))
	default:
		b.WriteString(tr(lang, "balance.ok"))
	}
	if a.handForHand() {
		b.WriteString("\n" + tr(lang, "balance.hand_for_hand"))
	}
	return b.String()
}

// dqCmd runs /tourney dq <player>: the entry in play of the player named
// (their name as shown, or @user) is disqualified (R-TRN-20).
func (a *tourneyActor) dqCmd(req treq, lang string) (bot.Reply, error) {
	if !a.running() {
		return bot.Reply{}, &tourney.StateError{Op: "disqualify", State: a.t.State()}
	}
	who := strings.TrimPrefix(strings.Join(req.cmd.Args, " "), "@")
	if who == "" {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "dq.usage")
	}
	var id tourney.EntryID
	for _, e := range a.t.Entries() {
		p := a.players[e.ID]
		if !e.Out && (strings.EqualFold(p.DisplayName, who) || strings.EqualFold(p.UserID, who) || strings.EqualFold(a.entryName(e.ID), who)) {
			id = e.ID
		}
	}
	if id == 0 {
		return bot.Reply{}, bot.Errorf(bot.ENotFound, "dq.no_such", who)
	}
	if err := a.disqualify(id); err != nil {
		return bot.Reply{}, err
	}
	if a.dq[id] {
		return bot.Reply{Text: tr(lang, "dq.after_hand", who)}, nil
	}
	return bot.Reply{Text: tr(lang, "dq.done", who)}, nil
}

// activeEntry is the player's entry still in play (0 when none).
func (a *tourneyActor) activeEntry(player int64) tourney.EntryID {
	for _, e := range a.t.Entries() {
		if e.Player == tpid(player) && !e.Out {
			return e.ID
		}
	}
	return 0
}
