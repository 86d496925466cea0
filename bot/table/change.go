package table

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// Changing tables and coming back (R-CASH-3, R-CASH-5; seed 003 #12, #13):
// a player who leaves a cash table brings the stack they left with back to
// any table of the same game and stakes for ReturnWindow; a player who
// changes to such a table stands up from the old one first (ChangeOut),
// and so sits down with that stack.

// setLeft remembers the stack player left with (the actor only).
func (t *Table) setLeft(player int64, l LeftStack) {
	t.leftMu.Lock()
	t.left[player] = l
	t.leftMu.Unlock()
}

// dropLeft forgets it (the actor only).
func (t *Table) dropLeft(player int64) {
	t.leftMu.Lock()
	delete(t.left, player)
	t.leftMu.Unlock()
}

// LeftWith is the stack player left this table with, remembered until
// its Until (which the caller compares with its clock); safe from any
// goroutine.
func (t *Table) LeftWith(player int64) (LeftStack, bool) {
	t.leftMu.Lock()
	defer t.leftMu.Unlock()
	l, ok := t.left[player]
	l.Table = t.ID
	return l, ok
}

// leftStack is the record of a player leaving this table with stack at
// now: binding at its community, game and stakes for ReturnWindow.
func (t *Table) leftStack(stack int64, now time.Time) LeftStack {
	return LeftStack{Stack: stack, Until: now.Add(ReturnWindow), Comm: t.Comm.ID, Variant: t.Config.Variant, Stakes: t.Config.Stakes(), Table: t.ID}
}

// LeftStacks are the stacks players left this table with, by player: what
// the room keeps of a closed table (R-CASH-3).
func (t *Table) LeftStacks() map[int64]LeftStack {
	t.leftMu.Lock()
	defer t.leftMu.Unlock()
	out := make(map[int64]LeftStack, len(t.left))
	for p, l := range t.left {
		l.Table = t.ID
		out[p] = l
	}
	return out
}

// closedLeftPrefix starts the key of a stack left with at a table that has
// closed since (closedLeftKey): the room's, not a table's, deadline.
const closedLeftPrefix = "left:"

func closedLeftKey(table, player int64) string {
	return closedLeftPrefix + strconv.FormatInt(table, 10) + ":" + strconv.FormatInt(player, 10)
}

// ClosedLeft reads a deadline a closing table stored for a stack left with
// there (R-CASH-3): the player and the stack, its table set; ok false for
// any other deadline. Its Stakes (with Comm and Variant) are empty when an
// older build stored it without them: the caller reads them from the
// table it names.
func ClosedLeft(d bot.Deadline) (player int64, l LeftStack, ok bool) {
	rest, found := strings.CutPrefix(d.Key, closedLeftPrefix)
	tb, pl, found2 := strings.Cut(rest, ":")
	if !found || !found2 {
		return 0, LeftStack{}, false
	}
	id, err1 := strconv.ParseInt(tb, 10, 64)
	player, err2 := strconv.ParseInt(pl, 10, 64)
	if err1 != nil || err2 != nil || json.Unmarshal([]byte(d.Payload), &l) != nil {
		return 0, LeftStack{}, false
	}
	l.Table = id
	return player, l, true
}

// pendingChangePrefix starts the key of a table change made at the end of
// a hand (PendingChange): stored with the player's standing up, cleared
// by the room once it has seated them at the new table (or told them why
// not), so that a restart in between still makes it. The room's key, not
// a table's.
const pendingChangePrefix = "change:"

// PendingChangeKey is the key of player's change to table to.
func PendingChangeKey(to, player int64) string {
	return pendingChangePrefix + strconv.FormatInt(to, 10) + ":" + strconv.FormatInt(player, 10)
}

// PendingChange is a table change whose player stood up from table From
// (its label) at the end of a hand, to sit at table To; Lang is the old
// table's community language.
type PendingChange struct {
	Player bot.Player `json:"player"`
	From   string     `json:"from"`
	Lang   string     `json:"lang,omitempty"`
	To     int64      `json:"to"`
	// At is when it was stored (the deadline's time, ReadPendingChange).
	At time.Time `json:"-"`
}

// ReadPendingChange reads a deadline PendingChangeKey names; ok false for
// any other.
func ReadPendingChange(d bot.Deadline) (pc PendingChange, ok bool) {
	if !strings.HasPrefix(d.Key, pendingChangePrefix) || json.Unmarshal([]byte(d.Payload), &pc) != nil || pc.To == 0 || pc.Player.ID == 0 {
		return PendingChange{}, false
	}
	pc.At = d.At
	return pc, true
}

// changeReq is a table change: the player, the table they change to;
// deferred is set by the old table when the player is dealt in its hand
// in play, and moves when it ends.
type changeReq struct {
	player   bot.Player
	to       int64
	deferred bool
}

// changeOut is a table change's first half, run by the old table's actor
// (ChangeOut): the player stands up as /leave does, the stack they leave
// with remembered (R-CASH-3), so that the new table takes it. A player
// dealt in the hand in play leaves when it ends (Seat.Leaving, with
// ChangeTo): standUp then hands them to the room (Env.ChangeTable).
func (t *Table) changeOut(req Request) (bot.Reply, error) {
	i := t.seatOf(req.Player.ID)
	if i < 0 {
		return bot.Reply{}, nil // not seated here any more: nothing to give up
	}
	if s := t.Seats[i]; t.dealtIn(i) {
		s.ChangeTo = req.change.to
		if err := t.markLeaving(s); err != nil {
			s.ChangeTo = 0
			return bot.Reply{}, err
		}
		req.change.deferred = true
		return bot.Reply{Private: true, Text: tr(t.langReq(req), "join.change_after_hand", t.Label(), "#"+strconv.FormatInt(req.change.to, 10))}, nil
	}
	return t.leave(req)
}

// joinAfterChange seats a player whose table change waited for their
// hand at another table to end (JoinAfterChange): as /join with no
// argument, so with the stack they left with (R-CASH-3). What the join
// says goes to the table's chat (or privately, when it is private); a
// refusal (a closing table takes no one) goes to the player, once: the
// request itself succeeds.
func (t *Table) joinAfterChange(req Request) {
	p := req.Player
	var rep bot.Reply
	var err error = bot.Errorf(bot.EInvalid, "closetable.no_join", t.Label())
	if !t.closing {
		rep, err = t.join(req)
	}
	switch {
	case err != nil:
		t.send(t.private(p, ChangeFailed(t.langOf(p), req.rejoin, t.Label(), err)))
	case rep.Private:
		t.send(t.private(p, rep.Text))
	default:
		t.send(bot.Outgoing{To: t.group(), Thread: t.thread, Priority: bot.PrioritySummary, Body: bot.View{Kind: bot.ViewNotice, Text: rep.Text}})
	}
}

// ChangeFailed is what a player whose table change from table from to
// table to could not be made is told, err saying why, in lang.
func ChangeFailed(lang, from, to string, err error) string {
	if errors.Is(err, ErrStoredAfterAll) {
		return bot.FromError(err).Message(lang) // made after all: seated at to, with the chips
	}
	return tr(lang, "join.change_failed", from, to, bot.FromError(err).Message(lang))
}

// JoinAfterChange seats p, who changes from table from (its label) once
// their hand there ended (Env.ChangeTable); it answers when the actor has.
func (t *Table) JoinAfterChange(ctx context.Context, p bot.Player, from string) error {
	_, err := t.Do(ctx, Request{Player: p, Cmd: bot.Command{Name: "join"}, rejoin: from})
	return err
}

// ChangeOut stands p up from this table for a change to table to, of its
// game and stakes: as /leave does, and at once, the reply saying what p
// left with; or, when p is dealt in the hand in play, once it ends
// (deferred true: the room then seats p at to, Env.ChangeTable). A
// player not seated here gets an empty reply.
func (t *Table) ChangeOut(ctx context.Context, p bot.Player, to int64) (rep bot.Reply, deferred bool, err error) {
	c := &changeReq{player: p, to: to}
	if rep, err = t.Do(ctx, Request{Player: p, change: c}); err != nil {
		return rep, false, err // c may still be the actor's: not read
	}
	return rep, c.deferred, nil
}

// joinCheck is a table change's dry run of the join at the new table: the
// stack brought from the old table (from); seated, set by the new table,
// when the join would seat the player (not put them on the waiting list).
type joinCheck struct {
	from   int64
	stack  int64
	seated bool
}

// CheckJoin runs cmd's join of p at this table without doing it, as if p
// had just left table from with stack (a table change): the refusal the
// join would give, or whether it would seat p (false: it would put them
// on the waiting list). Nothing changes.
func (t *Table) CheckJoin(ctx context.Context, cmd bot.Command, p bot.Player, from, stack int64) (seated bool, err error) {
	c := &joinCheck{from: from, stack: stack}
	if _, err := t.Do(ctx, Request{Cmd: cmd, Player: p, check: c}); err != nil {
		return false, err
	}
	return c.seated, nil
}

// Held is what a player holds at a table (Holding): seated or not, the
// stack (pending chips included), dealt in the hand in play or not, and
// marked to stand up when it ends (Leaving), to change to table ChangeTo
// then when set.
type Held struct {
	Seated, DealtIn, Leaving bool
	Stack, ChangeTo          int64
}

// Holding says what p holds here (Held).
func (t *Table) Holding(ctx context.Context, p bot.Player) (Held, error) {
	h := &Held{}
	if _, err := t.Do(ctx, Request{Player: p, hold: h}); err != nil {
		return Held{}, err
	}
	return *h, nil
}

// waitLater is /join later from a player on the waiting list who was
// offered a seat (R-CASH-2, seed 003 #6: a called player may take the seat
// or put their name down again, at the end of the list): the seat goes to
// the next one waiting. Refused to a player not called, and to one nobody
// else waits behind (the seat stays theirs).
func (t *Table) waitLater(req Request, wi int, called bool) (bot.Reply, error) {
	if !called {
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "wait.later_not_called", t.Label())
	}
	if len(t.waiting) == 1 {
		wt := t.waiting[wi]
		return bot.Reply{}, bot.Errorf(bot.EInvalid, "wait.later_alone", t.Label(), wt.Called.Add(t.Config.Window).UTC().Format("15:04"))
	}
	now := t.Deps.Clock.Now()
	wt := t.waiting[wi]
	t.waiting = append(t.waiting[:wi], t.waiting[wi+1:]...)
	wt.Called, wt.Since = time.Time{}, now
	t.waiting = append(t.waiting, wt)
	w := &bot.TableWrite{SetDeadlines: []bot.Deadline{t.waitDeadline(wt)}}
	t.callWaiting(now, w)
	if err := t.write(w); err != nil {
		return bot.Reply{}, err
	}
	return bot.Reply{Private: true, Text: tr(t.langReq(req), "wait.later", len(t.waiting), t.Label())}, nil
}

// freeSeat gives up seat i, whose sit-out limit passed, to the waiting
// list (R-CASH-4): the player is told, and stands up now, or after the
// hand they are dealt in.
func (t *Table) freeSeat(i int, now time.Time, w *bot.TableWrite) {
	s := t.Seats[i]
	t.notify(s.Player, "sitout.freed", t.Label())
	if t.dealtIn(i) {
		s.Leaving = true
	} else {
		t.cashOut(i, now, w)
	}
}

// freeAway frees, for a player who comes to wait, the seat of one player
// away past the sit-out limit (Seat.Away at a cash table: the limit
// passed with nobody waiting, so they were dealt in again), the one out
// longest: R-CASH-4 gives the seat to who waits, also to one who comes
// after the limit passed.
func (t *Table) freeAway(now time.Time, w *bot.TableWrite) {
	if t.Tour != nil || t.IsPool() || len(t.waiting) == 0 {
		return
	}
	k := -1
	for i, s := range t.Seats {
		if s != nil && s.Away && !s.Leaving && !s.Bot && (k < 0 || s.SatOutAt.Before(t.Seats[k].SatOutAt)) {
			k = i
		}
	}
	if k >= 0 {
		t.freeSeat(k, now, w)
	}
}
