package room

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot/tournament"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"

	"github.com/pokerroom/pokerroom/tourney"
)

// The chip audit (pokerroom audit; the room at start and every
// AuditEvery): the books balance, and every account that holds chips in
// play holds what the stored tables and tournaments say it should. It
// reads one snapshot of the store (Auditor), so that a commit between two
// reads cannot show a false mismatch while the room runs.

// Audit checks, in the order they are reported.
const (
	CheckLedger   = "ledger"   // every balance is its ledger sum; the total is zero
	CheckTables   = "tables"   // an open cash table's account holds its seats, top-ups and carried pot; a closed one's nothing
	CheckTourneys = "tourneys" // a tournament's account holds what it owes
	CheckWelcome  = "welcome"  // at most one welcome grant a player
)

// AuditMismatch is one account that does not hold what it should.
type AuditMismatch struct {
	Check     string
	Account   string // the ledger account's key ("table:7"), or "#id" when it has none
	AccountID int64  // 0: the account does not exist (it holds nothing)
	TableID   int64
	TourneyID int64
	// Expected and Held are chips (for CheckWelcome: grants).
	Expected, Held int64
	// Detail says how Expected was made up, or what is wrong.
	Detail string
}

func (m AuditMismatch) String() string {
	var b strings.Builder
	switch {
	case m.TableID != 0:
		fmt.Fprintf(&b, "table %d: ", m.TableID)
	case m.TourneyID != 0:
		fmt.Fprintf(&b, "tournament %d: ", m.TourneyID)
	}
	fmt.Fprintf(&b, "account %s", m.Account)
	if m.AccountID != 0 && m.Account != "#"+strconv.FormatInt(m.AccountID, 10) {
		fmt.Fprintf(&b, " (#%d)", m.AccountID)
	}
	unit := "chips"
	if m.Check == CheckWelcome {
		unit = "welcome grants"
	}
	fmt.Fprintf(&b, ": expected %d %s, held %d", m.Expected, unit, m.Held)
	if m.Detail != "" {
		b.WriteString(" (" + m.Detail + ")")
	}
	return b.String()
}

// AuditCheck is one check's result.
type AuditCheck struct {
	Name string
	// Checked counts what was checked: accounts, tables, tournaments,
	// players granted.
	Checked    int
	Mismatches []AuditMismatch
	// Notes say what the check did not check exactly.
	Notes []string
}

// AuditReport is the result of AuditChips.
type AuditReport struct {
	Checks []AuditCheck
}

// OK reports whether no check found a mismatch.
func (r AuditReport) OK() bool { return r.Mismatches() == 0 }

// Mismatches counts the mismatches of every check.
func (r AuditReport) Mismatches() int {
	n := 0
	for _, c := range r.Checks {
		n += len(c.Mismatches)
	}
	return n
}

// Write prints the report: a line per check, OK or its mismatches.
func (r AuditReport) Write(w io.Writer) error {
	var b strings.Builder
	for _, c := range r.Checks {
		if len(c.Mismatches) == 0 {
			fmt.Fprintf(&b, "%-9s OK (%d checked)\n", c.Name, c.Checked)
		} else {
			fmt.Fprintf(&b, "%-9s %d MISMATCHES (%d checked)\n", c.Name, len(c.Mismatches), c.Checked)
			for _, m := range c.Mismatches {
				fmt.Fprintf(&b, "  %s\n", m)
			}
		}
		for _, n := range c.Notes {
			fmt.Fprintf(&b, "  note: %s\n", n)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// AuditChips runs every check on one snapshot of st. It needs no running
// room. An error is a failure to read the store, not a mismatch.
func AuditChips(ctx context.Context, st bot.Auditor) (AuditReport, error) {
	snap, err := st.AuditSnapshot(ctx)
	if err != nil {
		return AuditReport{}, err
	}
	a := auditor{snap: snap, byID: map[int64]bot.AccountBalance{}, byKey: map[string]bot.AccountBalance{}, linked: map[int64][]bot.TourneyOp{}}
	for _, acc := range snap.Accounts {
		a.byID[acc.ID], a.byKey[acc.Key] = acc, acc
	}
	if err := a.loadLinked(ctx, st); err != nil {
		return AuditReport{}, err
	}
	rep := AuditReport{Checks: []AuditCheck{a.ledger(), a.tables(), a.tourneys(), a.welcome()}}
	if v, ok := st.(interface {
		VoidedHands(context.Context) ([]bot.VoidedHand, error)
	}); ok {
		// Not a mismatch: the hands voided at a start because they could
		// not be resumed (their chips went back to the stacks), listed.
		hs, err := v.VoidedHands(ctx)
		if err != nil {
			return AuditReport{}, err
		}
		c := AuditCheck{Name: "voided", Checked: len(hs)}
		for _, h := range hs {
			c.Notes = append(c.Notes, fmt.Sprintf("hand %d at table %d, voided %s: %s", h.HandID, h.TableID, h.At.UTC().Format(time.RFC3339), h.Reason))
		}
		rep.Checks = append(rep.Checks, c)
	}
	return rep, nil
}

type auditor struct {
	snap  bot.AuditSnapshot
	byID  map[int64]bot.AccountBalance
	byKey map[string]bot.AccountBalance
	// linked are the logs of ended tournaments linked to one not ended
	// (loadLinked), by id.
	linked map[int64][]bot.TourneyOp
}

// account finds an account by id, else by key; a missing one holds 0.
func (a *auditor) account(id int64, key string) (bot.AccountBalance, string) {
	if acc, ok := a.byID[id]; ok && id != 0 {
		return acc, acc.Key
	}
	if acc, ok := a.byKey[key]; ok {
		return acc, acc.Key
	}
	return bot.AccountBalance{}, key
}

func (a *auditor) name(id int64) string {
	if acc, ok := a.byID[id]; ok && acc.Key != "" {
		return acc.Key
	}
	return "#" + strconv.FormatInt(id, 10)
}

// ledger: every account's cached balance is the sum of its ledger
// entries, and the balances add up to zero.
func (a *auditor) ledger() AuditCheck {
	l := a.snap.Ledger
	c := AuditCheck{Name: CheckLedger, Checked: l.Accounts}
	for _, m := range l.Mismatches {
		c.Mismatches = append(c.Mismatches, AuditMismatch{Check: CheckLedger, Account: a.name(m.AccountID), AccountID: m.AccountID,
			Expected: m.Ledger, Held: m.Balance, Detail: "the sum of its ledger entries against its balance"})
	}
	if l.Total != 0 {
		c.Mismatches = append(c.Mismatches, AuditMismatch{Check: CheckLedger, Account: "all accounts", Expected: 0, Held: l.Total,
			Detail: "the total of all balances"})
	}
	return c
}

// tables: an open cash table's account holds
//
//	sum over its stored seats of (stack + pending top-up) + carried pot
//
// where the carried pot (a five-card draw pot no one won) is the open
// hand's Setup.CarriedPot while a hand is stored unfinished, else the
// table state's carry. No chips move on the ledger during a hand (the
// stored stacks are those at its start, the hand holds the carried pot);
// the rake, the new stacks and the new carry are stored together at its
// end. A tournament table's stacks are tournament chips: its own account,
// if it has one, holds nothing.
func (a *auditor) tables() AuditCheck {
	c := AuditCheck{Name: CheckTables}
	tourneyTables := 0
	for _, rec := range a.snap.Tables {
		key := "table:" + strconv.FormatInt(rec.ID, 10)
		acc, name := a.account(rec.AccountID, key)
		mis := AuditMismatch{Check: CheckTables, Account: name, AccountID: acc.ID, TableID: rec.ID, Held: acc.Balance}
		var meta table.Meta
		if err := json.Unmarshal([]byte(rec.Config), &meta); err != nil {
			mis.Detail = "its config cannot be read: " + err.Error()
			c.Mismatches = append(c.Mismatches, mis)
			continue
		}
		if meta.Tourney != 0 {
			tourneyTables++
			if acc.Balance != 0 {
				mis.Detail = fmt.Sprintf("a table of tournament %d: its stacks are tournament chips", meta.Tourney)
				c.Mismatches = append(c.Mismatches, mis)
			}
			continue
		}
		c.Checked++
		var stacks, pending int64
		for _, sr := range a.snap.Seats[rec.ID] {
			var s table.Seat
			if err := json.Unmarshal([]byte(sr.State), &s); err != nil {
				mis.Detail = fmt.Sprintf("seat %d's state cannot be read: %v", sr.Seat, err)
				break
			}
			stacks += sr.Stack
			pending += s.Pending
		}
		if mis.Detail != "" {
			c.Mismatches = append(c.Mismatches, mis)
			continue
		}
		var carry int64
		from := "carried"
		if hs := a.snap.OpenHands[rec.ID]; len(hs) > 0 {
			carry = hs[len(hs)-1].Setup.CarriedPot
			from = fmt.Sprintf("carried into hand %d", hs[len(hs)-1].ID)
			if len(hs) > 1 {
				from += fmt.Sprintf("; %d hands not ended", len(hs))
			}
		} else if rec.State != "" {
			var st table.State
			if err := json.Unmarshal([]byte(rec.State), &st); err != nil {
				mis.Detail = "its state cannot be read: " + err.Error()
				c.Mismatches = append(c.Mismatches, mis)
				continue
			}
			carry = st.Carry
		}
		mis.Expected = stacks + pending + carry
		if mis.Expected != acc.Balance {
			mis.Detail = fmt.Sprintf("seats %d + pending top-ups %d + %s %d", stacks, pending, from, carry)
			c.Mismatches = append(c.Mismatches, mis)
		}
	}
	if tourneyTables > 0 {
		c.Notes = append(c.Notes, fmt.Sprintf("%d tournament tables: their stacks are tournament chips, only checked to hold no ledger chips", tourneyTables))
	}
	c.Mismatches = append(c.Mismatches, a.closedTables()...)
	return c
}

// closedTables: the account of a table no longer open is empty (its
// seats were cashed out in the write that closed it); chips left there
// are lost to their players.
func (a *auditor) closedTables() []AuditMismatch {
	open := make(map[int64]bool, len(a.snap.Tables))
	for _, rec := range a.snap.Tables {
		open[rec.ID] = true
	}
	var out []AuditMismatch
	for _, acc := range a.snap.Accounts {
		n, ok := strings.CutPrefix(acc.Key, "table:")
		if !ok || acc.Balance == 0 {
			continue
		}
		id, err := strconv.ParseInt(n, 10, 64)
		if err != nil || open[id] {
			continue
		}
		out = append(out, AuditMismatch{Check: CheckTables, Account: acc.Key, AccountID: acc.ID, TableID: id, Held: acc.Balance,
			Detail: "closed: every seat cashed out"})
	}
	return out
}

// tourneys: a tournament's account is never negative; an ended one's is
// empty; one not ended holds what it owes, as its ops, replayed as the
// director loads them, say (owed):
//
//	not over (registering, running, cancelled before its refunds):
//	  prize pool collected (prize parts of entries, tickets at their
//	  value, rebuys, add-ons, money carried in)
//	  + bounty money (before the start: the bounty parts of the entries;
//	    after it: the bounties on heads not yet paid)
//	  - deal shares paid while play goes on
//	  - for a staged final, the buy-ins its qualifiers count in the pool
//	    without paying them (their flight's money came as carried money)
//	over, not ended:
//	  a flight: what it carries (the sum above) until its final's log
//	    holds its qualify op, which moved it all; then nothing
//	  a satellite (any finished tournament): the value of each seat won
//	    and not given yet (no ticket op, and no registration paid by
//	    this satellite in its target's log)
func (a *auditor) tourneys() AuditCheck {
	c := AuditCheck{Name: CheckTourneys}
	var loose []string
	for _, rec := range a.snap.Tourneys {
		c.Checked++
		key := "tourney:" + strconv.FormatInt(rec.ID, 10)
		acc, name := a.account(0, key)
		mis := AuditMismatch{Check: CheckTourneys, Account: name, AccountID: acc.ID, TourneyID: rec.ID, Held: acc.Balance}
		if acc.Balance < 0 {
			mis.Detail = "negative"
			c.Mismatches = append(c.Mismatches, mis)
			continue
		}
		if !rec.EndedAt.IsZero() {
			if acc.Balance != 0 {
				mis.Detail = "ended " + rec.EndedAt.UTC().Format(time.RFC3339) + ": everything paid out"
				c.Mismatches = append(c.Mismatches, mis)
			}
			continue
		}
		owed, exact, err := a.owed(rec)
		switch {
		case err != nil:
			mis.Detail = "its log cannot be replayed: " + err.Error()
			c.Mismatches = append(c.Mismatches, mis)
		case exact == "":
			if owed.total() != acc.Balance {
				mis.Expected = owed.total()
				mis.Detail = owed.String()
				c.Mismatches = append(c.Mismatches, mis)
			}
		default:
			loose = append(loose, fmt.Sprintf("T%d (%s)", rec.ID, exact))
		}
	}
	if len(loose) > 0 {
		c.Notes = append(c.Notes, "only checked not negative: "+strings.Join(loose, ", "))
	}
	return c
}

// owing is what a tournament not ended owes, by part.
type owing struct {
	pool, bounties, dealt int64
	// unpaid: a staged final's qualifiers' buy-ins, counted in the pool
	// but never paid in (their flights' money is in pool as carried).
	unpaid int64
	// over: finished (or a flight ended); seats, seatsLeft: a
	// satellite's seats won and not given yet, and their value; carried:
	// a flight taken in by its final ("T5"), to: the final it waits for.
	over      bool
	seats     int64
	seatsLeft int
	carried   string
	to        string
}

func (o owing) total() int64 {
	if o.over && o.to == "" {
		return o.seats
	}
	return o.pool + o.bounties - o.dealt - o.unpaid
}

func (o owing) String() string {
	switch {
	case o.carried != "":
		return "over, carried to its final " + o.carried + ": nothing left"
	case o.over && o.to == "":
		return fmt.Sprintf("over: %d seats not given yet, worth %d", o.seatsLeft, o.seats)
	}
	s := fmt.Sprintf("prize pool %d + bounties %d", o.pool, o.bounties)
	if o.dealt > 0 {
		s += fmt.Sprintf(" - deal shares paid %d", o.dealt)
	}
	if o.unpaid > 0 {
		s += fmt.Sprintf(" - qualifiers' buy-ins not paid %d", o.unpaid)
	}
	if o.to != "" {
		s = "over, to carry to its final " + o.to + ": " + s
	}
	return s
}

// opsOf is a tournament's log: the snapshot's for one not ended, else
// the one read after it (loadLinked); ok is false when it is not at
// hand.
func (a *auditor) opsOf(id int64) (ops []bot.TourneyOp, ok bool) {
	if ops, ok := a.linked[id]; ok {
		return ops, true
	}
	for _, rec := range a.snap.Tourneys {
		if rec.ID == id {
			return a.snap.Ops[id], rec.EndedAt.IsZero()
		}
	}
	return nil, true // no such tournament: an empty log
}

// loadLinked reads the logs of the ended tournaments that a tournament
// not ended is linked to (a satellite's target, a flight's final): the
// audit needs them to tell whether a seat or a flight's pool has left
// (owed). They are read after the snapshot, which is exact: an ended
// tournament's log never grows (nothing stores an op for it: a seat or a
// flight is only taken in while registration is open), so it is the log
// as of the snapshot. A store that cannot read them leaves those logs
// out (owed says so).
func (a *auditor) loadLinked(ctx context.Context, st bot.Auditor) error {
	r, ok := st.(interface {
		TourneyOps(context.Context, int64) ([]bot.TourneyOp, error)
	})
	if !ok {
		return nil
	}
	ended := map[int64]bool{}
	for _, rec := range a.snap.Tourneys {
		ended[rec.ID] = !rec.EndedAt.IsZero()
	}
	for _, rec := range a.snap.Tourneys {
		if !rec.EndedAt.IsZero() {
			continue
		}
		var set tournament.Settings
		if json.Unmarshal([]byte(rec.Config), &set) != nil {
			continue
		}
		for _, id := range []int64{set.Target, set.Flight} {
			if id == 0 || !ended[id] {
				continue
			}
			if _, done := a.linked[id]; done {
				continue
			}
			ops, err := r.TourneyOps(ctx, id)
			if err != nil {
				return err
			}
			a.linked[id] = ops
		}
	}
	return nil
}

// owed replays a tournament's ops; inexact says why what it owes is not
// computed ("" when it is).
func (a *auditor) owed(rec bot.TourneyRecord) (o owing, inexact string, err error) {
	var set tournament.Settings
	if err := json.Unmarshal([]byte(rec.Config), &set); err != nil {
		return o, "", fmt.Errorf("settings: %w", err)
	}
	// A room of its own, never started: the replay touches no live actor.
	r := &Room{clock: bot.SystemClock{}, log: slog.New(slog.NewTextHandler(io.Discard, nil))}
	t, err := r.newTourneyActor(rec, set, bot.Community{ID: rec.CommunityID}, 0)
	if err != nil {
		return o, "", err
	}
	if err := t.ReplayOps(a.snap.Ops[rec.ID]); err != nil {
		return o, "", err
	}
	if t.Over && set.Flight == 0 {
		return a.seatsOwed(rec, set, t)
	}
	pool := t.Tourney.PrizePool()
	o.pool = pool.Collected
	o.bounties = pool.Bounties
	if bs := t.Tourney.Bounties(); bs != nil && t.Tourney.Seating() != nil {
		o.bounties = bs.Outstanding()
	}
	if t.Dealt && t.Kept > 0 {
		es := make([]tourney.EntryID, 0, len(t.Shares))
		for e := range t.Shares {
			es = append(es, e)
		}
		sort.Slice(es, func(i, j int) bool { return es[i] < es[j] })
		for _, e := range es {
			o.dealt += t.Shares[e]
		}
	}
	if set.Final {
		// A qualifier is registered with its flight's label as its
		// ticket (applyQualify) and counts a buy-in in the pool; no
		// buy-in is paid (a final takes no buyin= option: 0), the
		// flight's money came in as carried money, counted once in pool.
		b := t.Tourney.Config().BuyIn
		for _, e := range t.Tourney.Entries() {
			if t.FlightDone[e.Ticket] {
				o.unpaid += b.Prize + b.Bounty
			}
		}
	}
	if t.Over { // a flight: play is over, its pool goes to its final
		label := t.Label()
		final := "T" + strconv.FormatInt(set.Flight, 10)
		ops, ok := a.opsOf(set.Flight)
		if !ok {
			return o, "a flight over, its final " + final + " ended: its log not at hand", nil
		}
		for _, op := range ops {
			if op.Kind != tournament.OpQualify {
				continue
			}
			var q tournament.QualifyOp
			if err := json.Unmarshal([]byte(op.Data), &q); err != nil {
				return o, "", fmt.Errorf("final %s op %d: %w", final, op.Seq, err)
			}
			if q.Flight == label { // it moved this flight's whole balance
				return owing{over: true, carried: final}, "", nil
			}
		}
		o.over, o.to = true, final
	}
	return o, "", nil
}

// seatsOwed is what a finished tournament not ended holds: a
// satellite's seats not given yet. finish paid everything else (prizes,
// deal and timed-end shares, a windfall's, the league's share, the
// winner's bounty, the rest to the house) and kept the seats' value; a
// seat leaves with its ticket op (paid in chips then), or just before
// it, with the registration its target stores (paid by this satellite's
// account, the target's buy-in, the seat's value: the target's buy-in is
// fixed while a satellite runs).
func (a *auditor) seatsOwed(rec bot.TourneyRecord, set tournament.Settings, t *tournament.Director) (o owing, inexact string, err error) {
	o.over = true
	if t.Tourney.State() != tourney.Finished { // cancelled: refunded with its finish op
		return o, "", nil
	}
	results, err := t.Tourney.Results()
	if err != nil {
		return o, "", err
	}
	type seats struct {
		left    []int64 // the values of the seats not given
		ticketd int
	}
	byPlayer := map[int64]*seats{}
	var order []int64
	for _, res := range results {
		// As finish: a windfall, or a deal's or timed end's share, pays
		// the place in chips; only a seat place keeps its value.
		if t.Windfall != nil || t.Shares != nil && t.InDeal(res.Entry) || res.Kind != tourney.SeatPrize {
			continue
		}
		p := t.Players[res.Entry].ID
		s := byPlayer[p]
		if s == nil {
			s = &seats{}
			byPlayer[p] = s
			order = append(order, p)
		}
		if t.Ticketed[res.Entry] {
			s.ticketd++
		} else {
			s.left = append(s.left, res.Prize)
		}
	}
	regs := map[int64]int{} // registrations in the target paid by this satellite, by player
	pending := false
	for _, p := range order {
		if len(byPlayer[p].left) > 0 {
			pending = true
		}
	}
	if pending && set.Target != 0 {
		target := "T" + strconv.FormatInt(set.Target, 10)
		ops, ok := a.opsOf(set.Target)
		if !ok {
			return o, "a satellite giving its seats, its target " + target + " ended: its log not at hand", nil
		}
		label := t.Label()
		for _, op := range ops {
			if op.Kind != tournament.OpRegister {
				continue
			}
			var reg tournament.RegisterOp
			if err := json.Unmarshal([]byte(op.Data), &reg); err != nil {
				return o, "", fmt.Errorf("target %s op %d: %w", target, op.Seq, err)
			}
			if reg.Ticket == label && reg.Player != nil {
				regs[reg.Player.ID]++
			}
		}
	}
	for _, p := range order {
		s := byPlayer[p]
		given := regs[p] // registrations whose ticket op is not stored yet
		if s.ticketd > 0 && given > 0 && len(s.left) > 0 {
			// A player with several seats, some given: a ticket op does
			// not say whether its seat went by a registration or in
			// chips, so which registrations are still to be matched by
			// a ticket op cannot be told from the logs.
			return o, fmt.Sprintf("a satellite giving its seats, player %d won %d, %d given", p, s.ticketd+len(s.left), s.ticketd), nil
		}
		for i, v := range s.left {
			if i < given {
				continue
			}
			o.seats += v
			o.seatsLeft++
		}
	}
	return o, "", nil
}

// welcome: a player's wallet got at most one welcome grant.
func (a *auditor) welcome() AuditCheck {
	c := AuditCheck{Name: CheckWelcome}
	n := map[int64]int64{}
	var order []int64
	refs := map[int64][]string{}
	for _, m := range a.snap.Welcome {
		if n[m.To] == 0 {
			order = append(order, m.To)
		}
		n[m.To]++
		refs[m.To] = append(refs[m.To], m.Reference)
	}
	c.Checked = len(order)
	for _, to := range order {
		if n[to] > 1 {
			c.Mismatches = append(c.Mismatches, AuditMismatch{Check: CheckWelcome, Account: a.name(to), AccountID: to,
				Expected: 1, Held: n[to], Detail: strings.Join(refs[to], ", ")})
		}
	}
	return c
}

// DefaultAuditEvery is how often a room audits the chips when
// Config.AuditEvery is zero.
const DefaultAuditEvery = 5 * time.Minute

// auditTimeout bounds one audit's read of the store.
const auditTimeout = time.Minute

// Audit runs the chip audit now: every mismatch is logged and counted in
// the metrics (AuditMismatches). A room runs it at Start and every
// AuditEvery; it needs no table actor.
func (r *Room) Audit(parent context.Context) (AuditReport, error) {
	ctx, cancel := context.WithTimeout(parent, auditTimeout)
	defer cancel()
	r.metrics.Audits.Add(1)
	rep, err := AuditChips(ctx, r.store)
	if err != nil && parent.Err() != nil {
		// Cut short by the caller (the room closing): no failure to read.
		r.log.Debug("chip audit stopped", "err", err)
		return rep, err
	}
	if err != nil {
		r.metrics.AuditFailures.Add(1)
		r.log.Error("chip audit could not read the store", "err", err)
		return rep, err
	}
	for _, c := range rep.Checks {
		for _, m := range c.Mismatches {
			r.log.Error("chip audit mismatch", "check", m.Check, "account", m.Account, "account_id", m.AccountID,
				"table", m.TableID, "tourney", m.TourneyID, "expected", m.Expected, "held", m.Held, "detail", m.Detail)
		}
	}
	n := rep.Mismatches()
	r.metrics.AuditMismatches.Add(int64(n))
	if n == 0 {
		r.log.Debug("chip audit OK")
	}
	return rep, nil
}

// startAudits audits every AuditEvery on the room's clock until it
// closes.
func (r *Room) startAudits() {
	every := r.cfg.AuditEvery
	if every == 0 {
		every = DefaultAuditEvery
	}
	if every < 0 {
		return
	}
	tick := make(chan struct{}, 1)
	arm := func() bot.Timer {
		return r.clock.AfterFunc(every, func() {
			r.auditsDue.Add(1)
			select {
			case tick <- struct{}{}:
			default:
				r.auditsDue.Add(-1) // one is due already
			}
		})
	}
	// The first timer is armed before Start returns: every AuditEvery
	// from the start, on the room's clock.
	t := arm()
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		for first := true; ; first = false {
			if !first {
				t = arm()
			}
			select {
			case <-r.ctx.Done():
				t.Stop()
				return
			case <-tick:
			}
			_, _ = r.Audit(r.ctx)
			r.auditsDue.Add(-1)
			select {
			case r.auditDone <- struct{}{}:
			default:
			}
		}
	}()
}
