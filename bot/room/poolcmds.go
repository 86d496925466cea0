package room

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
)

// The commands of fast-fold pools (R-CASH-7; the pools themselves are in
// pools.go): /newpool, /pool and its subcommands, /fastfold.

// newPoolCmd is /newpool <variant> <stakes> [key=value ...]: a pool of
// the stakes, its tables configured as /newtable's.
func (r *Room) newPoolCmd(ctx context.Context, cmd bot.Command, comm bot.Community, lang string) (bot.Reply, error) {
	cfg, err := table.ParseTableConfig(cmd.Args)
	if err != nil {
		return bot.Reply{}, err
	}
	if cfg.Openers { // a pot carried to the next hand would go to other players' hand
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "newpool.openers")
	}
	r.poolMake.Lock() // one pool made at a time: the stored list is read and written whole
	defer r.poolMake.Unlock()
	open := 0
	for _, p := range r.poolsOf(comm.ID) {
		if !p.isClosing() { // a pool closing counts no more
			open++
		}
	}
	if open >= maxPoolsPerChat {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "newpool.too_many", maxPoolsPerChat)
	}
	recs, err := r.storedPools(ctx)
	if err != nil {
		return bot.Reply{}, err
	}
	rec := poolRecord{ID: 1, Community: comm.ID, Config: cfg, Thread: cmd.Thread}
	for _, x := range recs {
		rec.ID = max(rec.ID, x.ID+1)
	}
	rec.Config.Pool = rec.ID
	if err := r.store.SetValue(ctx, poolsKey, table.MustJSON(append(recs, rec))); err != nil && !r.poolStored(ctx, rec.ID, rec.Community, false) {
		return bot.Reply{}, err
	}
	p := r.newPool(rec, comm)
	r.poolsMu.Lock()
	r.pools[rec.ID] = p
	r.poolsMu.Unlock()
	r.startPool(p)
	return bot.Reply{Text: tr(lang, "newpool.done", p.Label(), cfg.Title(), cfg.Seats, bot.Chips(cfg.MinBuyIn), bot.Chips(cfg.MaxBuyIn), MaxPoolEntries)}, nil
}

// poolStored reports whether the write of pool id (of community), open
// or closed, that failed is in the store after all (a write stored but
// reported failed): what the store holds is what the next start does, so
// the room does it now rather than have an admin told to try again open
// a second pool beside it, or close one that is closed already. poolMake
// is held: no other pool's write is under way.
func (r *Room) poolStored(ctx context.Context, id, community int64, closed bool) bool {
	recs, err := r.storedPools(ctx)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(recs, func(x poolRecord) bool { return x.ID == id && x.Community == community && x.Closed == closed })
}

// poolCmd is /pool: the chat's pools and your entries; /pool join,
// sitout, back, leave.
func (r *Room) poolCmd(ctx context.Context, cmd bot.Command, p bot.Player, comm bot.Community, lang, mine string) (bot.Reply, error) {
	sub := ""
	args := cmd.Args
	if len(args) > 0 {
		sub, args = strings.ToLower(args[0]), args[1:]
	}
	if sub == "" {
		return r.poolInfo(comm, p, mine)
	}
	pl, args, err := r.choosePool(comm, args)
	if err != nil {
		return bot.Reply{}, err
	}
	switch sub {
	case "join":
		return r.poolJoin(ctx, pl, p, args, lang)
	case "sitout", "back", "leave":
		return r.poolEntryCmd(ctx, pl, p, sub, args, mine)
	}
	return bot.Reply{}, bot.Errorf(bot.EInvalid, "pool.usage")
}

// choosePool finds the pool a /pool command names ("P2"), else the
// chat's only one, or only one not closing.
func (r *Room) choosePool(comm bot.Community, args []string) (*pool, []string, error) {
	ps := r.poolsOf(comm.ID)
	var rest []string
	var named *pool
	for _, a := range args {
		if n, ok := strings.CutPrefix(strings.ToUpper(a), "P"); ok {
			if id, err := strconv.ParseInt(n, 10, 64); err == nil {
				var this *pool
				for _, p := range ps {
					if p.id == id {
						this = p
					}
				}
				switch {
				case this == nil:
					return nil, nil, bot.Errorf(bot.ENotFound, "pool.no_such", a)
				case named != nil && named != this:
					return nil, nil, bot.Errorf(bot.EInvalid, "pool.one", named.Label(), this.Label())
				}
				named = this
				continue
			}
		}
		rest = append(rest, a)
	}
	switch {
	case named != nil:
		return named, rest, nil
	case len(ps) == 0:
		return nil, nil, bot.Errorf(bot.EInvalid, "pool.none")
	case len(ps) == 1:
		return ps[0], rest, nil
	}
	// Of several pools, those closing (/closepool) take no one: a pool
	// left open is the one meant.
	if open := slices.DeleteFunc(slices.Clone(ps), (*pool).isClosing); len(open) == 1 {
		return open[0], rest, nil
	} else if len(open) > 1 {
		ps = open
	}
	var labels []string
	for _, p := range ps {
		labels = append(labels, p.Label())
	}
	return nil, nil, bot.Errorf(bot.EInvalid, "pool.which", strings.Join(labels, " "))
}

// poolInfo lists the chat's pools and the user's entries in them.
func (r *Room) poolInfo(comm bot.Community, pl bot.Player, lang string) (bot.Reply, error) {
	ps := slices.DeleteFunc(r.poolsOf(comm.ID), (*pool).isClosing)
	if len(ps) == 0 {
		return bot.Reply{Text: tr(lang, "pool.none"), Private: true}, nil
	}
	var b strings.Builder
	b.WriteString(tr(lang, "pool.title"))
	for _, p := range ps {
		p.mu.Lock()
		active, waiting := 0, 0
		for _, e := range p.entries {
			switch e.state {
			case entryActive:
				active++
			case entryWaiting:
				waiting++
			}
		}
		fmt.Fprintf(&b, "\n%s", tr(lang, "pool.line", p.Label(), p.config.Title(), bot.Chips(p.config.MinBuyIn), bot.Chips(p.config.MaxBuyIn), len(p.entries), active, waiting))
		for _, e := range p.mine(pl.ID) {
			fmt.Fprintf(&b, "\n  %s", tr(lang, "pool.entry_line", e.n, bot.Chips(e.stack), entryState(e, lang)))
		}
		p.mu.Unlock()
	}
	return bot.Reply{Text: b.String(), Private: true}, nil
}

func entryState(e *poolEntry, lang string) string {
	switch e.state {
	case entryActive:
		return tr(lang, "pool.state_active", "#"+strconv.FormatInt(e.table, 10))
	case entrySittingOut:
		return tr(lang, "pool.state_sitout")
	}
	return tr(lang, "pool.state_waiting")
}

// poolJoin is /pool join [buy-in]: a new entry, waiting for a table. Its
// chips stay in the wallet until it is dealt in, so the buy-in must be
// free of the player's other waiting entries.
func (r *Room) poolJoin(ctx context.Context, p *pool, pl bot.Player, args []string, lang string) (bot.Reply, error) {
	acc, err := r.wallet(ctx, pl, p.comm)
	if err != nil {
		return bot.Reply{}, err
	}
	bal, err := r.store.Balance(ctx, acc)
	if err != nil {
		return bot.Reply{}, err
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closing {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "pool.closed", p.Label())
	}
	mine := p.mine(pl.ID)
	if len(mine) >= MaxPoolEntries {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "pool.max_entries", len(mine), p.Label())
	}
	free := bal
	for _, e := range mine {
		if e.state != entryActive {
			free -= e.stack
		}
	}
	// With no amount: the most the wallet allows, or, short of the
	// minimum, the minimum (refused below as more than the wallet holds).
	amount := max(p.config.MinBuyIn, min(p.config.MaxBuyIn, free))
	if len(args) > 0 { // "1 000": the words of one amount, as /join reads them
		if amount, err = bot.ParseChipsArg(strings.Join(args, " "), lang); err != nil {
			return bot.Reply{}, err
		}
	}
	if amount < p.config.MinBuyIn || amount > p.config.MaxBuyIn {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "join.range", bot.Chips(p.config.MinBuyIn), bot.Chips(p.config.MaxBuyIn))
	}
	if amount > free {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "pool.funds", bot.Chips(amount), bot.Chips(max(free, 0)))
	}
	n := 1
	for p.entry(pl.ID, n) != nil {
		n++
	}
	p.entries = append(p.entries, &poolEntry{player: pl, n: n, stack: amount, state: entryWaiting, since: r.clock.Now()})
	p.signal()
	return bot.Reply{Text: tr(lang, "pool.joined", pl.DisplayName, p.Label(), n, bot.Chips(amount))}, nil
}

// poolEntryCmd is /pool sitout|back|leave [entry|all]: of the player's
// only entry unless they name one. An entry in a hand that leaves is
// then cashed out at its table (leaveInHand), p.mu released first: the
// table's callbacks (PoolBack) take it.
func (r *Room) poolEntryCmd(ctx context.Context, p *pool, pl bot.Player, sub string, args []string, lang string) (bot.Reply, error) {
	p.mu.Lock()
	chosen, err := p.chooseEntries(pl, args)
	if err != nil {
		p.mu.Unlock()
		return bot.Reply{}, err
	}
	var lines []string
	var asks []leaveAsk
	for _, e := range chosen {
		active := e.state == entryActive
		line, err := p.entryCmd(e, sub, lang)
		if err != nil {
			if len(chosen) == 1 {
				p.mu.Unlock()
				return bot.Reply{}, err
			}
			continue
		}
		if sub == "leave" && active {
			asks = append(asks, leaveAsk{line: len(lines), n: e.n, t: p.table(e.table)})
		}
		lines = append(lines, line)
	}
	p.signal()
	p.mu.Unlock()
	for _, a := range asks {
		if line, ok := r.leaveInHand(ctx, p, pl, a, lang); ok {
			lines[a.line] = line
		}
	}
	return bot.Reply{Text: strings.Join(lines, "\n"), Private: true}, nil
}

// chooseEntries are the entries a /pool sitout|back|leave names: the
// player's only one, the one numbered, or all. p.mu is held.
func (p *pool) chooseEntries(pl bot.Player, args []string) ([]*poolEntry, error) {
	mine := p.mine(pl.ID)
	if len(mine) == 0 {
		return nil, bot.Errorf(bot.EInvalid, "pool.no_entry", p.Label())
	}
	var nums []string
	for _, e := range mine {
		nums = append(nums, strconv.Itoa(e.n))
	}
	switch {
	case len(args) > 1:
		return nil, bot.Errorf(bot.EInvalid, "pool.usage")
	case len(args) == 1 && strings.EqualFold(args[0], "all"):
	case len(args) == 1:
		n, err := strconv.Atoi(args[0])
		e := p.entry(pl.ID, n)
		if err != nil || e == nil {
			return nil, bot.Errorf(bot.EInvalid, "pool.bad_entry", args[0], p.Label(), strings.Join(nums, ", "))
		}
		return []*poolEntry{e}, nil
	case len(mine) > 1:
		return nil, bot.Errorf(bot.EInvalid, "pool.bad_entry", "", p.Label(), strings.Join(nums, ", "))
	}
	return mine, nil
}

// table is the pool's table id, nil when it has none such. p.mu is held.
func (p *pool) table(id int64) *table.Table {
	for _, t := range p.tables {
		if t.ID == id {
			return t
		}
	}
	return nil
}

// leaveAsk is an entry in a hand asked to leave: its line of the answer,
// its number and its table.
type leaveAsk struct {
	line int
	n    int
	t    *table.Table
}

// leaveInHand has the table of an entry in a hand cash it out as a cash
// table's /leave does (R-CASH-7): folded fast at once when it may fold,
// else marked leaving there, its turns acted at once. The entry is marked
// to leave in the pool already (e.leave): whatever the table answers, it
// is cashed out as it comes back, never drawn again. It returns the line
// of the answer; false keeps entryCmd's (the table could not be asked).
// p.mu is not held.
func (r *Room) leaveInHand(ctx context.Context, p *pool, pl bot.Player, a leaveAsk, lang string) (string, bool) {
	if a.t == nil {
		return "", false
	}
	left, err := a.t.LeavePool(ctx, pl, a.n)
	switch {
	case err != nil:
		r.log.Info("pool: a leaving entry's table could not take it; cashed out after its hand", "pool", p.id, "table", a.t.ID, "err", err)
		return "", false
	case left.Folded:
		return tr(lang, "pool.leave_folded", a.n, bot.Chips(left.Stack)), true
	case left.Acted:
		return tr(lang, "pool.leave_acted", a.n), true
	case left.NotDealt:
		return tr(lang, "pool.leave_seated", a.n), true
	case left.Marked:
		return tr(lang, "pool.leave_marked", a.n), true
	}
	return tr(lang, "pool.leave_ended", a.n), true
}

// entryCmd sits an entry out, brings it back or cashes it out (at once
// between hands; in a hand it is marked to leave, and poolEntryCmd has
// its table fold it or mark its seat). p.mu is held.
func (p *pool) entryCmd(e *poolEntry, sub, lang string) (string, error) {
	switch sub {
	case "sitout":
		switch {
		case e.state == entrySittingOut || e.sitOut:
			return "", bot.Errorf(bot.EInvalid, "pool.sitout_already", e.n)
		case e.state == entryActive:
			e.sitOut = true
			return tr(lang, "pool.sitout_after", e.n), nil
		}
		e.state = entrySittingOut
		return tr(lang, "pool.sitout_done", e.n), nil
	case "back":
		if e.state != entrySittingOut && !e.sitOut {
			return "", bot.Errorf(bot.EInvalid, "pool.back_already", e.n)
		}
		e.sitOut = false
		if e.state == entrySittingOut {
			e.state, e.since = entryWaiting, p.now()
		}
		return tr(lang, "pool.back_done", e.n), nil
	}
	if e.state == entryActive {
		e.leave = true
		return tr(lang, "pool.leave_after", e.n), nil
	}
	p.remove(e)
	return tr(lang, "pool.left", e.n, bot.Chips(e.stack)), nil
}

// fastFoldCmd is /fastfold: at the pool table named (#N), else at each of
// the player's pool tables in turn until one takes it: the first refusal
// of a hand the player is in is the answer.
func (r *Room) fastFoldCmd(ctx context.Context, cmd bot.Command, pl bot.Player, comm bot.Community, perm bot.Permission) (bot.Reply, error) {
	req := table.Request{Cmd: cmd, Player: pl, Perm: perm}
	for _, a := range cmd.Args {
		if _, ok := strings.CutPrefix(a, "#"); ok {
			t, _, err := r.resolveTable(cmd, pl, comm)
			if err != nil {
				return bot.Reply{}, err
			}
			if cmd.Chat == "" { // as dispatch: another community's table is no table
				if err := r.mayReadTable(ctx, pl, t, a); err != nil {
					return bot.Reply{}, err
				}
			}
			req.Cmd.Args = nil
			return t.Do(ctx, req)
		}
	}
	var first error
	for _, t := range r.seatedTables(pl.ID) {
		if !t.IsPool() || (cmd.Chat != "" && t.Comm.ID != comm.ID) {
			continue
		}
		reply, err := t.Do(ctx, req)
		if err == nil {
			return reply, nil
		}
		if e := bot.FromError(err); first == nil && e.Key != "action.not_in_hand" && e.Key != "action.no_hand" && e.Key != "table.not_seated" {
			first = err
		}
	}
	if first != nil {
		return bot.Reply{}, first
	}
	return bot.Reply{}, bot.Errorf(bot.EInvalid, "fastfold.none")
}
