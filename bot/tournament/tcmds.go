package tournament

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
	TokRegister byte = iota + 40
	TokUnregister
	// TokMe answers the presser privately with their own table, seat and
	// stack (/tourney me).
	TokMe
)

// MaxLoadedEnded bounds the tournaments over that commands have brought
// back into memory at once (each stays an hour after its last use).
const MaxLoadedEnded = 100

// MaxTourneysPerChat bounds a chat's tournaments not over.
const MaxTourneysPerChat = 20

// IsOver is read outside the actor: the status as last stored.
func (a *Director) IsOver() bool {
	select {
	case <-a.Done:
		return true
	default:
	}
	return a.overFlag.Load()
}

// hadEntry reports whether the player has (or had) an entry in the
// tournament.
func (a *Director) hadEntry(playerID int64) bool {
	for _, p := range a.Players {
		if p.ID == playerID {
			return true
		}
	}
	return false
}

// handle runs one command in the tournament's actor.
func (a *Director) handle(req Request) (bot.Reply, error) {
	lang := a.lang()
	// What is said to the player alone speaks their language (their
	// /lang, else their client's, else the chat's); the group's, the chat's.
	mine := bot.LangFor(req.Player.Language, req.Cmd.Lang, lang)
	if a.stale {
		return bot.Reply{}, bot.Errorf(bot.EUnavailable, "tourney.db_paused", a.Label())
	}
	if req.Perm == bot.PermSeated && a.activeEntry(req.Player.ID) == 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "deal.not_in") // the command table's PermSeated: an entry still in
	}
	switch req.Cmd.Name {
	case "register", "reenter", "unregister":
		if a.IsFinal() {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.final_closed", a.Label())
		}
		if req.Cmd.Name == "unregister" {
			return a.unregister(req, lang)
		}
		if req.Cmd.Name == "reenter" && !a.hadEntry(req.Player.ID) {
			// Re-entry is for a player who busted (R-TRN-3): a first entry
			// is /register, and is not taken for a re-entry.
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.reenter_none", a.Label())
		}
		return a.register(req, lang)
	case "qualify":
		return a.qualify(req)
	case "rebuy", "addon":
		return a.buyChips(req, lang)
	case "deal":
		return a.dealCmd(req, lang)
	case "standings":
		return bot.Reply{Text: a.standingsText(mine), Private: true}, nil
	case "ticket":
		if req.ticket == nil {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "command.unknown", "/ticket")
		}
		if _, err := a.registerPlayer(req.ctx, req.Player, req.ticket.bot, req.ticket, 0); err != nil {
			return bot.Reply{}, err
		}
		return bot.Reply{}, nil
	case "tourney:close":
		if err := a.closeRegistration(); err != nil {
			return bot.Reply{}, err
		}
		return bot.Reply{Text: tr(lang, "tourney.closed", a.Label())}, nil
	case "tourney:open":
		if a.Tourney.State() == tourney.RegistrationOpen && !a.regClosed {
			return bot.Reply{}, &tourney.StateError{Op: "open registration", State: a.Tourney.State()}
		}
		if _, err := a.do(openOp{}, nil, nil); err != nil {
			return bot.Reply{}, err
		}
		a.news("tn.open", a.Name(), a.Label())
		a.publishLobby()
		return bot.Reply{Text: tr(lang, "tourney.opened", a.Label())}, nil
	case "tourney:start":
		return a.startCmd(req, lang)
	case "tourney:cancel":
		return a.cancelCmd(lang)
	case "tourney:lost":
		return a.chatLost(req)
	case "tourney:pause":
		if !a.running() || a.paused() {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.not_pausable")
		}
		if _, err := a.do(pauseOp{At: a.Deps.Clock.Now()}, nil, nil); err != nil {
			return bot.Reply{}, err
		}
		a.news("tn.paused", a.Name())
		a.publishLobby()
		return bot.Reply{Text: tr(lang, "tourney.paused", a.Label())}, nil
	case "tourney:resume":
		if !a.paused() {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.not_paused")
		}
		if _, err := a.do(resumeOp{At: a.Deps.Clock.Now()}, nil, nil); err != nil {
			return bot.Reply{}, err
		}
		a.news("tn.resumed", a.Name())
		a.releaseHeld()
		a.publishLobby()
		return bot.Reply{Text: tr(lang, "tourney.resumed", a.Label())}, nil
	case "tourney:info":
		return bot.Reply{Text: a.lobbyText(mine), Private: true}, nil
	case "tourney:me":
		text, err := a.meText(req.Player.ID, mine)
		if err != nil {
			return bot.Reply{}, err
		}
		return bot.Reply{Text: text, Private: true}, nil
	case "tourney:players":
		return bot.Reply{Text: a.playersText(mine), Private: true}, nil
	case "tourney:structure":
		return bot.Reply{Text: a.structureText(mine), Private: true}, nil
	case "tourney:payouts":
		return bot.Reply{Text: a.payoutsText(mine), Private: true}, nil
	case "tourney:bots":
		return a.addBots(req, lang)
	case "tourney:edit":
		return a.edit(req, lang)
	case "tourney:dq":
		return a.dqCmd(req, lang)
	case "tourney:refuse":
		return a.refuseCmd(req, lang)
	case "tourney:balance":
		return bot.Reply{Text: a.balanceText(mine), Private: true}, nil
	}
	return bot.Reply{}, bot.Errorf(bot.EInvalid, "command.unknown", "/"+req.Cmd.Name)
}

// register takes an entry (R-TRN-2): the buy-in leaves the wallet in the
// same transaction; during late registration (a re-entry too, R-TRN-3)
// the entry gets a random seat and plays at once (R-TRN-5).
func (a *Director) register(req Request, lang string) (bot.Reply, error) {
	if a.regClosed {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.reg_closed", a.Label())
	}
	pair, err := a.pairToJoin(req.Player, req.Cmd.Args)
	if err != nil {
		return bot.Reply{}, err
	}
	reg, err := a.registerPlayer(req.ctx, req.Player, false, nil, pair)
	if err != nil {
		return bot.Reply{}, err
	}
	if n, ok := a.pairByPlayer[req.Player.ID]; ok && reg.Entry.Number == 1 {
		pr := a.pairs[n]
		if pr.M2 != nil && pr.M2.ID == req.Player.ID && pr.M1 != nil {
			return bot.Reply{Text: tr(lang, "pairs.joined", reg.Entry.Name, n, pr.M1.DisplayName, a.Name())}, nil
		}
		return bot.Reply{Text: tr(lang, "pairs.created", reg.Entry.Name, n, a.Name(), a.Label())}, nil
	}
	name := reg.Entry.Name
	if reg.Seat.Table != 0 {
		return bot.Reply{Text: tr(lang, "tourney.registered_late", name, a.Name(), int(reg.Seat.Table), "#"+strconv.FormatInt(a.tableIDs[reg.Seat.Table], 10), int(reg.Seat.Seat))}, nil
	}
	return bot.Reply{Text: tr(lang, "tourney.registered", name, a.Name(), a.Tourney.Active())}, nil
}

func (a *Director) registerPlayer(ctx context.Context, p bot.Player, isBot bool, ticket *ticketPay, pair int) (tourney.Registration, error) {
	var moves []bot.Move
	b := a.Tourney.Config().BuyIn
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
				moves = append(moves, bot.Move{From: from, To: a.house, Amount: b.Fee, Reason: "tournament fee", Reference: a.Ref()})
			}
		case !isBot:
			acc, err := a.env.Wallet(ctx, p, a.Comm)
			if err != nil {
				return tourney.Registration{}, err
			}
			from = acc
		}
		if v := b.Prize + b.Bounty; v > 0 {
			moves = append(moves, bot.Move{From: from, To: a.Account, Amount: v, Reason: "tournament buy-in", Reference: a.Ref()})
		}
		if b.Fee > 0 && from != a.house && ticket == nil { // a practice opponent's fee would go from the house to itself
			moves = append(moves, bot.Move{From: from, To: a.house, Amount: b.Fee, Reason: "tournament fee", Reference: a.Ref()})
		}
	}
	res, err := a.do(RegisterOp{Player: &p, Bot: isBot, Seed: a.seed(), Ticket: pay.Ticket, Pair: pair}, func(any) []bot.Move { return moves }, nil)
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
		if t := a.Tables[no]; t != nil && !a.held[no] {
			t.Tour.Direct(table.Sync{Only: true, Seats: map[int]table.SyncSeat{int(reg.Seat.Seat) - 1: a.syncSeat(reg.Entry.ID)}})
		}
		a.tellSeat(reg.Entry.ID, no, 0)
		a.releaseHeld()
	}
	if a.Tourney.ShouldStart(a.Deps.Clock.Now()) && a.Tourney.Config().Kind == tourney.SitAndGo {
		if err := a.start(a.Deps.Clock.Now()); err != nil {
			a.Deps.Log.Error("start sit-and-go", "tourney", a.id, "err", err)
		}
	}
	a.publishLobby()
	return reg, nil
}

func (a *Director) unregister(req Request, lang string) (bot.Reply, error) {
	id := a.activeEntry(req.Player.ID)
	if id == 0 {
		return bot.Reply{}, bot.FromError(tourney.ErrNotRegistered)
	}
	moves := a.refundMoves(id)
	if _, err := a.do(unregisterOp{Player: &req.Player}, func(any) []bot.Move { return moves }, nil); err != nil {
		return bot.Reply{}, err
	}
	a.publishLobby()
	return bot.Reply{Text: tr(lang, "tourney.unregistered", req.Player.DisplayName, a.Name())}, nil
}

// startCmd starts the tournament now (an admin's /tourney start): a
// sit-and-go with bots=on fills its empty seats with practice opponents.
func (a *Director) startCmd(req Request, lang string) (bot.Reply, error) {
	if a.Tourney.State() != tourney.RegistrationOpen {
		return bot.Reply{}, &tourney.StateError{Op: "start", State: a.Tourney.State()}
	}
	if n := a.finalWaits(); n > 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.final_has_flights", n)
	}
	cfg := a.Tourney.Config()
	if cfg.Kind == tourney.SitAndGo {
		if a.Set.Bots {
			// Said as what happens (the practice opponents fill the seats,
			// then it starts), not "started" ahead of the seats they take.
			added := 0
			for a.Tourney.Active() < cfg.MaxPlayers && a.Tourney.State() == tourney.RegistrationOpen {
				if _, err := a.addBot(req.ctx); err != nil {
					return bot.Reply{}, err
				}
				added++
			}
			if a.Tourney.State() != tourney.RegistrationOpen {
				return bot.Reply{Text: tr(lang, "tourney.filling", added, a.Label())}, nil
			}
		}
		return bot.Reply{}, bot.FromError(tourney.ErrNotFull)
	}
	// Started by hand under its minimum, it would be cancelled and every
	// entry refunded (R-TRN-1): the admin is told why it cannot start.
	if n, least := a.Tourney.Active(), cfg.MinToStart(); n < least {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.start_min", a.Label(), n, least)
	}
	// A scheduled event started early: it starts now (the start op's
	// time is its start, also when the log is replayed).
	now := a.Deps.Clock.Now()
	if now.Before(cfg.StartAt) {
		a.Set.Config.StartAt = now
		ctx, cancel := context.WithTimeout(a.Deps.Ctx, table.OpTimeout)
		err := a.Replay(ctx)
		cancel()
		if err != nil {
			return bot.Reply{}, err
		}
	}
	if err := a.start(now); err != nil {
		return bot.Reply{}, err
	}
	return bot.Reply{Text: tr(lang, "tourney.started", a.Label())}, nil
}

// addBots registers practice opponents (/tourney bots <n>), when the
// tournament allows them (bots=on).
func (a *Director) addBots(req Request, lang string) (bot.Reply, error) {
	if a.IsFinal() {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.final_closed", a.Label())
	}
	if !a.Set.Bots {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.bots_off")
	}
	if a.regClosed {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.reg_closed", a.Label())
	}
	n := 1
	if len(req.Cmd.Args) > 0 {
		v, err := strconv.Atoi(req.Cmd.Args[0])
		if err != nil || v < 1 || v > 1000 {
			return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.range", "bots", req.Cmd.Args[0], 1, 1000)
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
	return bot.Reply{Text: tr(lang, "tourney.bots_added", added, a.Name())}, nil
}

func (a *Director) addBot(ctx context.Context) (tourney.Registration, error) {
	k := len(a.bots) + 1
	name := fmt.Sprintf("%s %d", table.BotNames[(k-1)%len(table.BotNames)], (k-1)/len(table.BotNames)+1)
	if k <= len(table.BotNames) {
		name = table.BotNames[k-1]
	}
	p, err := a.Deps.Store.Player(ctx, table.BotPlatform, fmt.Sprintf("bot:t%d:%d", a.id, k), name)
	if err != nil {
		return tourney.Registration{}, err
	}
	pair := 0
	if a.Set.Pairs {
		pair = a.botPair()
	}
	return a.registerPlayer(ctx, p, true, nil, pair)
}

// When says when the tournament starts.
func (a *Director) When(lang string) string {
	cfg := a.Tourney.Config()
	if cfg.Kind == tourney.SitAndGo {
		return tr(lang, "tourney.when_full", cfg.MaxPlayers)
	}
	return cfg.StartAt.UTC().Format("2006-01-02 15:04 UTC")
}

func (a *Director) playersText(lang string) string {
	var b strings.Builder
	b.WriteString(tr(lang, "players.title", a.Name(), a.Tourney.Active()))
	type row struct {
		name  string
		stack int64
	}
	var rows []row
	for _, e := range a.Tourney.Entries() {
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
		if a.Tourney.Seating() != nil {
			fmt.Fprintf(&b, "\n%d. %s · %s", i+1, r.name, bot.FormatChips(r.stack, lang))
		} else {
			fmt.Fprintf(&b, "\n%d. %s", i+1, r.name)
		}
	}
	return b.String()
}

func (a *Director) structureText(lang string) string {
	cfg := a.Tourney.Config()
	var b strings.Builder
	b.WriteString(tr(lang, "structure.title", structureName(lang, cfg.Structure.Name), bot.Chips(cfg.Structure.StartingStack)))
	n := 0
	for _, l := range cfg.Structure.Levels {
		if l.Break {
			fmt.Fprintf(&b, "\n☕ %s", table.DurationText(l.Duration))
			continue
		}
		n++
		fmt.Fprintf(&b, "\n%d. %s/%s", n, bot.FormatChips(l.SmallBlind, lang), bot.FormatChips(l.BigBlind, lang))
		switch {
		case l.Ante > 0 && l.BigBlindAnte:
			fmt.Fprintf(&b, " (%s)", tr(lang, "structure.bba", bot.Chips(l.Ante)))
		case l.Ante > 0:
			fmt.Fprintf(&b, " (%s)", bot.FormatChips(l.Ante, lang))
		}
		fmt.Fprintf(&b, " · %s", table.DurationText(l.Duration))
	}
	return b.String()
}

func (a *Director) payoutsText(lang string) string {
	prizes, err := a.Tourney.Prizes()
	if w := a.Windfall; w != nil { // the drawn pool and its payouts (R-TRN-17)
		prizes, err = nil, nil
		for i, v := range w.Payouts {
			prizes = append(prizes, tourney.Prize{Place: i + 1, Kind: tourney.ChipPrize, Chips: v})
		}
	}
	if err != nil || len(prizes) == 0 {
		return tr(lang, "payouts.none")
	}
	var b strings.Builder
	if pairs := a.Tourney.Pairs(); pairs > 0 { // each place is a pair's, shared (R-TRN-19)
		b.WriteString(tr(lang, "payouts.title_pairs", bot.Chips(a.poolTotal()), pairs, len(a.Tourney.Entries())))
	} else {
		b.WriteString(tr(lang, "payouts.title", bot.Chips(a.poolTotal()), len(a.Tourney.Entries())))
	}
	for i := 0; i < len(prizes); i++ {
		p := prizes[i]
		if p.Kind == tourney.SeatPrize { // a satellite's seat, not chips (R-TRN-15)
			b.WriteString("\n" + tr(lang, "payouts.seat", p.Place, "T"+strconv.FormatInt(a.target, 10), bot.Chips(p.Chips)))
			continue
		}
		// A tier of equal prizes is one line ("10–12. 439 each"): a big
		// field's table stays one message.
		j := i
		for j+1 < len(prizes) && prizes[j+1].Kind == tourney.ChipPrize && prizes[j+1].Chips == p.Chips {
			j++
		}
		if j > i {
			b.WriteString("\n" + tr(lang, "payouts.tier", p.Place, prizes[j].Place, bot.Chips(p.Chips)))
			i = j
			continue
		}
		fmt.Fprintf(&b, "\n%d. %s", p.Place, bot.FormatChips(p.Chips, lang))
	}
	return b.String()
}

// resultsText is the results message: every paid place with what was
// paid for it (a deal's or a timed end's share when there was one), the
// first places even unpaid, and in a bounty event the bounties each
// player won (knockouts and their own bounty, own).
func (a *Director) resultsText(results []tourney.Result, own map[tourney.EntryID]int64) string {
	lang := a.lang()
	var parts []string
	for i, r := range results {
		v := a.paidFor(r)
		if i >= 10 && v <= 0 {
			continue
		}
		if len(parts) == maxResultLines {
			parts = append(parts, fmt.Sprintf("… %d", len(results)-i))
			break
		}
		name := r.Name
		if n, ok := a.pairName(r.Entry); ok {
			name = n // a pair, by its members' real names
		}
		s := fmt.Sprintf("%d. %s", r.Place, name)
		if v > 0 {
			s += " " + a.wonText(lang, r.Kind, v)
		}
		parts = append(parts, s)
	}
	if l := a.bountiesWon(lang, own); l != "" {
		parts = append(parts, l)
	}
	return strings.Join(parts, "\n")
}

// maxResultLines bounds the places the results list (a field paying more
// places says how many more; /standings lists them all).
const maxResultLines = 60

// bountiesWon lists, in a bounty event, what each player won in bounties
// (their entries' knockouts and own bounty), most first; "" when none.
func (a *Director) bountiesWon(lang string, own map[tourney.EntryID]int64) string {
	if a.Tourney.Config().Bounty == tourney.NoBounty {
		return ""
	}
	type won struct {
		name string
		v    int64
	}
	byPlayer := map[string]*won{}
	var order []*won
	for _, e := range a.Tourney.Entries() {
		v := a.ko[e.ID].cash + own[e.ID]
		if v <= 0 {
			continue
		}
		p := a.Players[e.ID]
		key, name := strconv.FormatInt(p.ID, 10), p.DisplayName
		if p.ID == 0 || name == "" {
			key, name = "e"+strconv.Itoa(int(e.ID)), e.Name
		}
		w := byPlayer[key]
		if w == nil {
			w = &won{name: name}
			byPlayer[key] = w
			order = append(order, w)
		}
		w.v += v
	}
	if len(order) == 0 {
		return ""
	}
	sort.SliceStable(order, func(i, j int) bool { return order[i].v > order[j].v })
	items := make([]string, 0, len(order))
	for _, w := range order {
		items = append(items, w.name+" "+bot.FormatChips(w.v, lang))
	}
	return tr(lang, "tn.results_bounties", strings.Join(items, ", "))
}

// buyChips runs /rebuy and /addon (R-TRN-4): the price leaves the wallet
// with the op, and the chips reach the player's seat at once, or before
// the next hand when they are in one.
func (a *Director) buyChips(req Request, lang string) (bot.Reply, error) {
	if !a.running() {
		return bot.Reply{}, &tourney.StateError{Op: req.Cmd.Name, State: a.Tourney.State()}
	}
	id := a.activeEntry(req.Player.ID)
	if id == 0 {
		return bot.Reply{}, bot.FromError(tourney.ErrNotRegistered)
	}
	var op tOp = rebuyOp{Entry: id, Stack: a.stacks[id]}
	price := a.Tourney.Config().Rebuys.Price
	if req.Cmd.Name == "addon" {
		op, price = addOnOp{Entry: id, Stack: a.stacks[id]}, a.Tourney.Config().AddOn.Price
	}
	var moves []bot.Move
	if price > 0 {
		from := a.house
		if !a.bots[id] {
			acc, err := a.env.Wallet(req.ctx, req.Player, a.Comm)
			if err != nil {
				return bot.Reply{}, err
			}
			from = acc
		}
		moves = []bot.Move{{From: from, To: a.Account, Amount: price, Reason: "tournament " + op.kind(), Reference: a.Ref()}}
	}
	paid := a.inTheMoney()
	res, err := a.do(op, func(any) []bot.Move { return moves }, nil)
	if err != nil {
		return bot.Reply{}, err
	}
	a.tellInTheMoney(paid, false) // a grown pool may pay more places
	chips := res.(tourney.Chips)
	if pl, ok := a.Tourney.Seating().Where(id); ok {
		if t := a.Tables[pl.Table]; t != nil {
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
func (a *Director) standingsText(lang string) string {
	var b strings.Builder
	if a.Tourney.State() == tourney.Finished {
		if res, err := a.Tourney.Results(); err == nil {
			b.WriteString(tr(lang, "standings.final", a.Name()))
			for _, r := range res {
				fmt.Fprintf(&b, "\n%d. %s", r.Place, r.Name)
				if v := a.paidFor(r); v > 0 {
					fmt.Fprintf(&b, " · %s", a.wonText(lang, r.Kind, v))
				}
			}
			_, own := a.ownBounties(res)
			if l := a.bountiesWon(lang, own); l != "" {
				b.WriteString("\n" + l)
			}
			return b.String()
		}
	}
	b.WriteString(a.playersText(lang))
	st := a.Tourney.Standings()
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
func (a *Director) edit(req Request, lang string) (bot.Reply, error) {
	st := a.Tourney.State()
	if (st != tourney.Announced && st != tourney.RegistrationOpen) || len(a.Tourney.Entries()) > 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.edit_late")
	}
	if len(req.Cmd.Args) == 0 {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.edit_usage")
	}
	set, err := ParseSettings(mergeArgs(pinTimes(a.Set.Args, a.Set), req.Cmd.Args), a.Deps.Clock.Now())
	if err != nil {
		return bot.Reply{}, err
	}
	if set.Target != a.Set.Target {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.edit_target")
	}
	if t := a.Set.Config.Tickets; t != nil && set.SeatsGtd > 0 {
		// A satellite's guaranteed seats are a guarantee of their value
		// (R-TRN-15), made when it was created, not an option parsed.
		set.Config.Guarantee = int64(set.SeatsGtd) * t.SeatValue
	}
	if req.KeepGuarantee && (set.Config.Guarantee > a.Set.Config.Guarantee || set.SeatsGtd > a.Set.SeatsGtd) {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.edit_guarantee", a.Label())
	}
	if set.Config.BuyIn != a.Set.Config.BuyIn && (a.Reserving > 0 || a.reg.hasDependents(a.id)) && !a.IsFinal() {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.edit_buyin_satellite")
	}
	if set.Final != a.Set.Final || set.Flight != a.Set.Flight {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.edit_stage")
	}
	if a.IsFinal() && (a.Reserving > 0 || a.reg.hasDependents(a.id) || len(a.FlightDone) > 0) {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "tourney.edit_final")
	}
	if set.Flight != 0 { // a flight plays its final's structure
		st := a.Set.Config.Structure
		st.EndAfter, st.EndAtLevel = set.Config.Structure.EndAfter, set.Config.Structure.EndAtLevel
		set.Config.Structure = st
	}
	set.Config.Tickets = a.Set.Config.Tickets
	set.Platform, set.Chat, set.Thread = a.Set.Platform, a.Set.Chat, a.Set.Thread
	t, err := tourney.New(set.Config)
	if err != nil {
		return bot.Reply{}, err
	}
	if st == tourney.RegistrationOpen {
		if err := t.OpenRegistration(); err != nil {
			return bot.Reply{}, err
		}
	}
	w := &bot.TableWrite{Status: &bot.TourneyStatus{TourneyID: a.id, Status: a.status(), Config: table.MustJSON(set), Name: set.Config.Name}, At: a.Deps.Clock.Now()}
	ctx, cancel := context.WithTimeout(a.Deps.Ctx, table.OpTimeout)
	defer cancel()
	if err := a.Deps.Commit.Commit(ctx, w); err != nil {
		return bot.Reply{}, &bot.Error{Code: bot.EUnavailable, Key: bot.KeyUnavailable, Err: err}
	}
	a.Set, a.Tourney = set, t
	a.publishLobby()
	return bot.Reply{Text: tr(lang, "tourney.edited", a.Label(), a.Name(), a.When(lang))}, nil
}

// balanceText answers /tourney balance: the tables and their players, and
// whether a move waits for the hands in progress (R-TRN-11).
func (a *Director) balanceText(lang string) string {
	s := a.Tourney.Seating()
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
func (a *Director) dqCmd(req Request, lang string) (bot.Reply, error) {
	if !a.running() {
		return bot.Reply{}, &tourney.StateError{Op: "disqualify", State: a.Tourney.State()}
	}
	who := strings.TrimPrefix(strings.Join(req.Cmd.Args, " "), "@")
	if who == "" {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "dq.usage")
	}
	// A user id names one player; a name shown may name several, who are
	// then told apart by their ids, never guessed between.
	var byID, byName []tourney.EntryID
	for _, e := range a.Tourney.Entries() {
		p := a.Players[e.ID]
		switch {
		case e.Out:
		case p.UserID == who:
			byID = append(byID, e.ID)
		case strings.EqualFold(p.DisplayName, who) || strings.EqualFold(a.entryName(e.ID), who):
			byName = append(byName, e.ID)
		}
	}
	id, err := onePlayer(who, byID, byName, func(id tourney.EntryID) string { return a.Players[id].UserID })
	if err != nil {
		return bot.Reply{}, err
	}
	if err := a.disqualify(id); err != nil {
		return bot.Reply{}, err
	}
	if a.dq[id] {
		return bot.Reply{Text: tr(lang, "dq.after_hand", who)}, nil
	}
	return bot.Reply{Text: tr(lang, "dq.done", who)}, nil
}

// InPlay reports whether player has an entry still in the tournament
// (R-TIME-3: any player in the event may call the clock). The actor's
// goroutine only: ask it in a Request's Query.
func (a *Director) InPlay(player int64) bool { return a.activeEntry(player) != 0 }

// activeEntry is the player's entry still in play (0 when none).
func (a *Director) activeEntry(player int64) tourney.EntryID {
	for _, e := range a.Tourney.Entries() {
		if e.Player == tpid(player) && !e.Out {
			return e.ID
		}
	}
	return 0
}
