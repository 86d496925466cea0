package table

import (
	"strconv"

	"github.com/pokerroom/pokerroom/bot"
)

// Closing a cash table (/closetable) or a fast-fold pool's table (its pool
// closing): the hand in progress is played out and no new one is dealt;
// then, between hands, every seat is cashed out (a player's chips to their
// wallet, a practice opponent's to the house), the waiting list is told,
// and the table is marked closed, in one write (bot.TableWrite.Close). The
// request is stored with the table's state (State.Closing), so a restart
// before the hand ends still closes the table after it. A write that fails
// leaves the table as the store holds it: it reloads, and a table still
// closing tries again at its next step.

// CloseCmd is the name of the request that closes a table (the room sends
// it for /closetable, and for each table of a pool that closes).
const CloseCmd = "closetable"

// CloseAfterHand marks a table, not started yet, to close after the hand
// in progress (a table of a pool closed before a restart). The request is
// stored with the table's next write; should that write fail, the table
// still closes (its pool is stored closed, a reload must not forget it).
func (t *Table) CloseAfterHand() { t.closing, t.poolClosed = true, true }

// closeTable asks the table to close: now between hands, else after the
// hand in progress. A tournament's table closes with its tournament.
func (t *Table) closeTable(req Request) (bot.Reply, error) {
	lang := t.langReq(req)
	switch {
	case t.Tour != nil:
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "closetable.tourney", t.Label(), "T"+strconv.FormatInt(t.TourneyID, 10))
	case t.closing:
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "closetable.closing", t.Label())
	}
	t.closing = true
	if t.hand != nil {
		// Stored with the table's state: a restart still closes it.
		if err := t.write(&bot.TableWrite{}); err != nil && (!t.closing || t.paused || t.stopping) {
			return bot.Reply{}, err // reloaded: not closing, as stored (or not known: paused)
		}
		t.publish()
		return bot.Reply{Text: tr(lang, "closetable.after_hand", t.Label())}, nil
	}
	if t.IsPool() && t.SeatedCount() > 0 {
		t.poke() // its seats go back to the pool first (poolStep)
		return bot.Reply{Text: tr(lang, "closetable.after_hand", t.Label())}, nil
	}
	if err := t.closeNow(); err != nil {
		if t.closing && !t.paused && !t.stopping {
			// Stored although reported failed, or stored closing: the
			// table closes at its next step.
			return bot.Reply{Text: tr(lang, "closetable.after_hand", t.Label())}, nil
		}
		return bot.Reply{}, err
	}
	return bot.Reply{Text: tr(lang, "closetable.done", t.Label())}, nil
}

// closeNow closes the table between hands: every seat cashed out, a pot
// carried over back to who put it in (no hand will take it), the timers and the
// waiting list dropped (its players told), and the table marked closed,
// all in one write. On success the actor stops and the room forgets the
// table; on failure the table holds what the store holds.
func (t *Table) closeNow() error {
	now := t.Deps.Clock.Now()
	w := &bot.TableWrite{Close: true, ClearDeadlines: []string{t.key("turn")}}
	for i, s := range t.Seats {
		if s == nil {
			continue
		}
		if amt := s.Stack + s.Pending; amt > 0 {
			w.Moves = append(w.Moves, bot.Move{From: t.account, To: s.Account, Amount: amt, Reason: "cash-out", Reference: t.ref()})
		}
		if !s.Bot && !t.IsPool() && t.Tour == nil { // R-CASH-3: cashed out by the closing is leaving too
			t.setLeft(s.Player.ID, t.leftStack(s.Stack+s.Pending, now))
		}
		t.Seats[i] = nil
		t.unseat = append(t.unseat, s.Player.ID)
	}
	// A five-card draw pot carried over goes back to who put it in
	// (carry.go): no hand will take it.
	w.Moves = append(w.Moves, t.carryMoves()...)
	t.carry, t.carryBy = 0, nil
	for i := range t.sitoutAt {
		w.ClearDeadlines = append(w.ClearDeadlines, t.key("sitout", i))
	}
	for p := range t.breaks {
		w.ClearDeadlines = append(w.ClearDeadlines, t.key("break", p))
	}
	// The stacks left with outlive the table (R-CASH-3): the room keeps
	// them (Env.DropTable, LeftStacks), stored under its own keys.
	for p, l := range t.left {
		w.ClearDeadlines = append(w.ClearDeadlines, t.key("left", p))
		if now.Before(l.Until) {
			w.SetDeadlines = append(w.SetDeadlines, bot.Deadline{Key: closedLeftKey(t.ID, p), At: l.Until, Payload: MustJSON(l)})
		}
	}
	for _, wt := range t.waiting {
		w.ClearDeadlines = append(w.ClearDeadlines, t.key("wait", wt.Player.ID))
		t.notify(wt.Player, "closetable.waiting", t.Label())
	}
	if err := t.write(w); err != nil {
		return err
	}
	t.closed = true
	t.notifyGroup("closetable.closed", t.Label(), t.Title())
	t.env.DropTable(t)
	return nil
}

// stepClosing is a closing table's step between hands: a pool table's
// seats go back to its pool first; then it closes. It reports whether the
// table is closing (nothing is dealt then).
func (t *Table) stepClosing() bool {
	if !t.closing || t.Tour != nil {
		return false
	}
	if t.IsPool() && t.SeatedCount() > 0 {
		t.poolRelease()
	}
	if !t.paused && !t.stopping && t.hand == nil && (!t.IsPool() || t.SeatedCount() == 0) {
		_ = t.closeNow() // failed: reloaded, tried again at the next step
	}
	return true
}
