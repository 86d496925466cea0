package tournament

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
	"github.com/pokerroom/pokerroom/tourney"
)

// The lobby: one message per tournament, edited in place (publishLobby),
// and a player's own line (/tourney me and the lobby's button).

// maxTableList is the most tables the lobby lists one by one; a bigger
// field's tables are summarised, so that the lobby stays one message.
const maxTableList = 8

// lobbyText is the lobby: status, entrants and prize pool (the
// guarantee's overlay named), paid places, the level and the time to the
// next one and to the next break, the average stack, bounties, tables.
func (a *Director) lobbyText(lang string) string {
	r := a.lobbyRich(lang)
	return r.Plain()
}

// lobbyRich is the lobby in its structured form (bot.Rich): the event's
// name as the title, the players and the prize pool standing out.
func (a *Director) lobbyRich(lang string) bot.Rich {
	cfg := a.Tourney.Config()
	r := bot.Rich{Title: bot.Line{bot.S(fmt.Sprintf("🏆 %s %s", a.Label(), cfg.Name))}}
	line := func(s string) { r.Add("", bot.S(s)) }
	st := bot.Pick(bot.StateNames[a.Tourney.State()], lang)
	if s := a.Tourney.Seating(); a.Tourney.State() == tourney.FinalTable && s != nil && len(s.Tables) > 1 {
		// the field fits the final table, which the next rebalance forms
		st = tr(lang, "tourney.final_forming_state")
	}
	if a.paused() {
		st = tr(lang, "tourney.paused_state")
	}
	if a.regClosed {
		st = tr(lang, "tourney.reg_closed_state")
	}
	line(tr(lang, "lobby.status", st, a.When(lang)))
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
	line(tr(lang, "lobby.buyin", buy, structureName(lang, cfg.Structure.Name), bot.Chips(cfg.Structure.StartingStack), cfg.TableSize) + kind)
	if l := a.rebuyLine(lang); l != "" {
		line(l)
	}
	pool := a.Tourney.PrizePool()
	entries := len(a.Tourney.Entries())
	if a.Tourney.State() == tourney.Cancelled {
		// Every entry was refunded: there is no prize pool, guarantee or
		// late registration to show any more.
		r.Add("", bot.B(tr(lang, "lobby.players_refunded", entries)))
		if l := a.flightLine(lang); l != "" {
			line(l)
		}
		return r
	}
	r.Add("", bot.B(tr(lang, "lobby.players", a.Tourney.Active(), entries, bot.Chips(a.poolTotal()))))
	switch {
	case pool.Overlay > 0:
		line(tr(lang, "lobby.overlay", bot.Chips(cfg.Guarantee), bot.Chips(pool.Overlay)))
	case cfg.Guarantee > 0:
		line(tr(lang, "lobby.guarantee", bot.Chips(cfg.Guarantee)))
	}
	// A prize pool of nothing (a freeroll without a guarantee) pays no
	// place: "Paid: 1 place" would promise a prize of 0.
	if prizes, err := a.Tourney.Prizes(); err == nil && len(prizes) > 0 && a.finalID == 0 && a.poolTotal() > 0 {
		n := len(prizes)
		if a.Windfall != nil {
			n = len(a.Windfall.Payouts)
		}
		line(tr(lang, "lobby.paid", n))
	}
	if l := a.bountyLine(lang); l != "" {
		line(l)
	}
	if l := a.flightLine(lang); l != "" {
		line(l)
	}
	if cfg.LateRegistration {
		line(tr(lang, "lobby.late", a.Set.LateLevels, max(cfg.MaxEntries, 1)))
	}
	if a.running() {
		a.clockLines(lang, line)
		if l := a.tablesLine(lang); l != "" {
			line(l)
		}
	}
	return r
}

// poolTotal is the prize pool the players play for: a windfall's, once
// its multiplier is drawn (R-TRN-17), else what the payouts divide.
func (a *Director) poolTotal() int64 {
	if a.Windfall != nil {
		return a.Windfall.Pool
	}
	return a.Tourney.PrizePool().Total
}

// rebuyLine says what a tournament with rebuys or an add-on offers
// (R-TRN-4): how many rebuys, their price and chips, for how many levels;
// the add-on's price and chips. "" for a freezeout.
func (a *Director) rebuyLine(lang string) string {
	cfg := a.Tourney.Config()
	var parts []string
	// Once play started, the rebuy period ended (and the add-on with it)
	// is said to be over, not offered "during N levels".
	rebuysOver := a.running() && !a.Tourney.RebuysOpen()
	if rb := cfg.Rebuys; rb.Limit > 0 && rebuysOver {
		parts = append(parts, tr(lang, "lobby.rebuys_over"))
	} else if rb.Limit > 0 {
		chips := rb.Stack
		if chips == 0 {
			chips = cfg.Structure.StartingStack
		}
		limit := strconv.Itoa(rb.Limit)
		if rb.Limit >= tourney.Unlimited {
			limit = tr(lang, "lobby.rebuys_unlimited")
		}
		parts = append(parts, tr(lang, "lobby.rebuys", limit, bot.Chips(rb.Price), bot.Chips(chips), a.Set.RebuyLevels))
	}
	if ao := cfg.AddOn; ao.Stack > 0 && rebuysOver && !a.addOnOpen {
		parts = append(parts, tr(lang, "lobby.addon_over"))
	} else if ao.Stack > 0 {
		parts = append(parts, tr(lang, "lobby.addon", bot.Chips(ao.Price), bot.Chips(ao.Stack)))
	}
	return strings.Join(parts, " · ")
}

// clockLines are the running lobby's level (or break), the next break
// and the average stack.
func (a *Director) clockLines(lang string, line func(string)) {
	now := a.Deps.Clock.Now()
	cs := a.clock().At(now)
	if cs.OnBreak {
		line(tr(lang, "lobby.break", table.DurationText(cs.Remaining)))
	} else {
		key := "lobby.level" + table.AnteKey(int64(cs.Level.Ante), cs.Level.BigBlindAnte)
		if cs.Last {
			key += "_last" // no level comes after it (R-TRN-8): no "next in"
		}
		line(tr(lang, key, cs.Number, bot.Chips(cs.Level.SmallBlind), bot.Chips(cs.Level.BigBlind), bot.Chips(cs.Level.Ante), table.DurationText(cs.Remaining)))
		if d, ok := nextBreak(cs, a.Tourney.Config().Structure); ok {
			line(tr(lang, "lobby.next_break", table.DurationText(d)))
		}
	}
	if at := a.clock().TimeUpAt(now); !at.IsZero() { // a timed event (R-TRN-12)
		line(tr(lang, "lobby.time_up", table.DurationText(at.Sub(now))))
	}
	if avg := a.averageStack(); avg > 0 {
		bb := int64(0)
		if big := a.bigBlind(); big > 0 {
			bb = avg / big
		}
		line(tr(lang, "lobby.average", bot.Chips(avg), bb))
	}
}

// nextBreak is the time from the clock's state to the next break of the
// structure (pauses still to come not counted); false when none is ahead
// or the clock is on one.
func nextBreak(cs tourney.ClockState, s tourney.Structure) (time.Duration, bool) {
	if cs.OnBreak || cs.Last {
		return 0, false
	}
	in := cs.Remaining
	for j := cs.Index + 1; j < len(s.Levels); j++ {
		if s.Levels[j].Break {
			return in, true
		}
		in += s.Levels[j].Duration
	}
	return 0, false
}

// averageStack is the chips in play over the players still in (0 before
// the start).
func (a *Director) averageStack() int64 {
	if a.Tourney.Seating() == nil {
		return 0
	}
	var sum, n int64
	for _, e := range a.Tourney.Entries() {
		if !e.Out {
			sum += a.stacks[e.ID]
			n++
		}
	}
	if n == 0 {
		return 0
	}
	return sum / n
}

// bigBlind is the big blind of the level in play (on a break, of the
// level before it; before the start, of the first).
func (a *Director) bigBlind() int64 {
	levels := a.Tourney.Config().Structure.Levels
	cs := a.clock().At(a.Deps.Clock.Now())
	for i := min(cs.Index, len(levels)-1); i >= 0; i-- {
		if !levels[i].Break {
			return levels[i].BigBlind
		}
	}
	for _, l := range levels {
		if !l.Break {
			return l.BigBlind
		}
	}
	return 0
}

// bountyLine is a bounty event's bounties still on heads: in a
// knockout, with the bounty a head; in a progressive knockout, with the
// largest and whose head it is on. "" for other events.
func (a *Director) bountyLine(lang string) string {
	cfg := a.Tourney.Config()
	if cfg.Bounty == tourney.NoBounty {
		return ""
	}
	total := a.Tourney.PrizePool().Bounties
	var top int64
	var on tourney.EntryID
	if bs := a.Tourney.Bounties(); bs != nil && a.Tourney.Seating() != nil {
		total = 0
		for _, e := range a.Tourney.Entries() {
			if v := bs.Of(e.ID); !e.Out && v > 0 {
				total += v
				if v > top {
					top, on = v, e.ID
				}
			}
		}
	}
	if cfg.Bounty == tourney.ProgressiveKnockout && on != 0 {
		return tr(lang, "lobby.bounties_pko", bot.Chips(total), bot.Chips(top), a.entryName(on))
	}
	return tr(lang, "lobby.bounties", bot.Chips(total), bot.Chips(cfg.BuyIn.Bounty))
}

// tablesLine lists the tables with their players, or past maxTableList
// tables sums them up (how many, the fewest and most players at one).
func (a *Director) tablesLine(lang string) string {
	s := a.Tourney.Seating()
	if s == nil || len(s.Tables) == 0 {
		return ""
	}
	if len(s.Tables) > maxTableList {
		lo, hi := s.TableSize+1, 0
		for _, tb := range s.Tables {
			lo, hi = min(lo, tb.Count()), max(hi, tb.Count())
		}
		return tr(lang, "lobby.tables_summary", len(s.Tables), lo, hi)
	}
	var ls []string
	for _, tb := range s.Tables {
		ls = append(ls, fmt.Sprintf("%d (#%d: %d)", tb.ID, a.tableIDs[tb.ID], tb.Count()))
	}
	return tr(lang, "lobby.tables", strings.Join(ls, ", "))
}

// publishLobby edits the lobby message in place, with its buttons.
func (a *Director) publishLobby() {
	lang := a.lang()
	rich := a.lobbyRich(lang)
	text := rich.Plain()
	a.Summary.Store(fmt.Sprintf("%s %s · %s · %d", a.Label(), a.Name(), bot.Pick(bot.StateNames[a.Tourney.State()], lang), a.Tourney.Active()))
	a.setFlags()
	if text == a.lastLobby {
		return
	}
	a.lastLobby = text
	v := bot.View{Kind: bot.ViewLobby, Text: text, Rich: &rich}
	if row := a.lobbyButtons(lang); len(row) > 0 {
		v.Buttons = [][]bot.Button{row}
	}
	if a.version == 0 {
		a.version = a.Deps.Clock.Now().UnixNano()
	}
	a.version++
	c := a.env.CommunityNow(a.Comm)
	a.send(bot.Outgoing{To: bot.Destination{Platform: c.Platform, Chat: c.ChatID}, Thread: a.Set.Thread, Priority: bot.PriorityTable,
		Key: "tourney:" + strconv.FormatInt(a.id, 10) + ":lobby", Version: a.version, Body: v})
}

// lobbyButtons are the lobby's buttons: register (and unregister before
// the start) while registration is open; once play began, the player's
// own seat, answered privately.
func (a *Director) lobbyButtons(lang string) []bot.Button {
	var row []bot.Button
	button := func(kind byte, label, command string) {
		if tok, err := a.Deps.Signer.Sign(bot.ButtonToken{Table: a.id, Kind: kind}); err == nil {
			row = append(row, bot.Button{Label: tr(lang, label), Token: tok, Command: command + " " + a.Label()})
		}
	}
	st := a.Tourney.State()
	if (st == tourney.RegistrationOpen || st == tourney.LateRegistration) && !a.IsFinal() {
		button(TokRegister, "button.register", "/register")
		if st == tourney.RegistrationOpen {
			button(TokUnregister, "button.unregister", "/unregister")
		}
	}
	if a.running() {
		button(TokMe, "button.me", "/tourney me")
	}
	return row
}

// meText is a player's own line (/tourney me): their table, seat, stack
// in chips and big blinds, and in a bounty event the bounty on their head.
func (a *Director) meText(player int64, lang string) (string, error) {
	id := a.activeEntry(player)
	if id == 0 {
		return "", bot.Errorf(bot.EInvalid, "tourney.me_none", a.Label())
	}
	s := a.Tourney.Seating()
	if s == nil {
		return tr(lang, "tourney.me_waiting", a.Label(), a.entryName(id)), nil
	}
	pl, ok := s.Where(id)
	if !ok {
		return tr(lang, "tourney.me_waiting", a.Label(), a.entryName(id)), nil
	}
	stack := a.stacks[id]
	bb := int64(0)
	if big := a.bigBlind(); big > 0 {
		bb = stack / big
	}
	if bs := a.Tourney.Bounties(); bs != nil && a.Tourney.Config().Bounty != tourney.NoBounty {
		return tr(lang, "tourney.me_bounty", a.Label(), int(pl.Table), int(pl.Seat), bot.Chips(stack), bb, bot.Chips(bs.Of(id))), nil
	}
	return tr(lang, "tourney.me", a.Label(), int(pl.Table), int(pl.Seat), bot.Chips(stack), bb), nil
}
