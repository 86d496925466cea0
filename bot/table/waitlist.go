package table

import (
	"context"
	"sort"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// A new table takes the waiting list of its game (seed 003 #7-#8: "en la
// apertura de una segunda mesa, se atenderán los puestos por orden de
// lista de espera"): the players waiting at a full table of the same game
// and stakes move to the new table's list, in their order, and are called
// to its seats before anyone else sits there.

// handOver is the room's request to hand a waiting list over: give asks
// the table for its players waiting and not yet called (a called one holds
// a seat there), taken off its list into list; otherwise the table puts on
// its own list as many of list as it has free seats for and calls them,
// leaving the others in list to go back where they wait (all: it takes
// them all, as the table they are given back to).
type handOver struct {
	give, all bool
	list      []waiter
}

// HandWaitingTo moves t's waiting players not yet called to to's waiting
// list, in their order, as many as to has free seats for, and lets to call
// them. The others, or all when to cannot take them, keep their place on
// t's list.
func (t *Table) HandWaitingTo(ctx context.Context, to *Table) error {
	give := &handOver{give: true}
	if _, err := t.Do(ctx, Request{over: give}); err != nil || len(give.list) == 0 {
		return err
	}
	take := &handOver{list: give.list}
	if _, err := to.Do(ctx, Request{over: take}); err != nil {
		_, _ = t.Do(ctx, Request{over: &handOver{all: true, list: give.list}})
		return err
	}
	if len(take.list) > 0 {
		_, err := t.Do(ctx, Request{over: &handOver{all: true, list: take.list}})
		return err
	}
	return nil
}

// handOverWaiting runs a handOver in the actor.
func (t *Table) handOverWaiting(o *handOver) error {
	w := &bot.TableWrite{}
	if o.give {
		var keep []waiter
		for _, wt := range t.waiting {
			if wt.Called.IsZero() {
				o.list = append(o.list, wt)
				w.ClearDeadlines = append(w.ClearDeadlines, t.key("wait", wt.Player.ID))
			} else {
				keep = append(keep, wt)
			}
		}
		if len(o.list) == 0 {
			return nil
		}
		t.waiting = keep
		if err := t.write(w); err != nil {
			o.list = nil
			return err
		}
		t.publishIdle()
		return nil
	}
	free := t.freeSeats()
	var back []waiter
	for _, wt := range o.list {
		if t.waitIndex(wt.Player.ID) >= 0 || t.seatOf(wt.Player.ID) >= 0 {
			continue
		}
		if !o.all && free <= 0 { // no seat here for them: they wait where they did
			back = append(back, wt)
			continue
		}
		free--
		wt.Called = time.Time{}
		t.waiting = append(t.waiting, wt)
		w.SetDeadlines = append(w.SetDeadlines, t.waitDeadline(wt))
	}
	o.list = back
	sort.SliceStable(t.waiting, func(i, j int) bool { return t.waiting[i].Since.Before(t.waiting[j].Since) })
	t.callWaiting(t.Deps.Clock.Now(), w)
	if err := t.write(w); err != nil {
		return err
	}
	t.publishIdle()
	t.poke()
	return nil
}
