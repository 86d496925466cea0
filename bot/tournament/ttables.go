package tournament

import (
	"context"
	"fmt"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/table"
	"github.com/pokerroom/pokerroom/tourney"
)

// A tournament's tables: opening them, their settings, and what the
// director wants each to be (table.Sync).

// ensureTables opens a room table for every table of the seating that
// has none yet (the draw, a new table of late registration, the final
// table).
func (a *Director) ensureTables() error {
	for _, tb := range a.Tourney.Seating().Tables {
		if id, ok := a.tableIDs[tb.ID]; ok {
			if a.Tables[tb.ID] == nil && a.metas[tb.ID].Tourney != 0 {
				a.startTable(tb.ID, id) // stored, then not started: a write reported failed
			}
			continue
		}
		// A table stored whose op was not is used again, not stored twice.
		id, ok := a.unlinked[tb.ID]
		if !ok {
			var err error
			if id, err = a.openTable(tb); err != nil {
				return err
			}
			a.unlinked[tb.ID] = id
		}
		if _, err := a.do(tableOp{Table: tb.ID, TableID: id}, nil, nil); err != nil {
			return err
		}
		delete(a.unlinked, tb.ID)
		a.startTable(tb.ID, id)
	}
	return nil
}

func (a *Director) tableConfig(size int) table.Config {
	v := table.Variants[a.Set.Variant]
	l := a.Tourney.Config().Structure.Levels[0]
	for _, x := range a.Tourney.Config().Structure.Levels {
		if !x.Break {
			l = x
			break
		}
	}
	return table.Config{Variant: a.Set.Variant, Game: v.Game, Betting: v.Betting, SmallBlind: max(l.SmallBlind, 1), BigBlind: max(l.BigBlind, 1),
		Ante: l.Ante, BBAnte: l.BigBlindAnte, Level: 1, MinBuyIn: max(l.BigBlind, 1), MaxBuyIn: max(l.BigBlind, 1), Seats: size,
		Timer: a.Set.timer(), Bank: 30 * time.Second, Clock: time.Minute, Window: time.Minute, SitOut: time.Hour, Tourney: true}
}

// openTable stores a room table for a tournament table, in a thread of
// its own when the platform and the chat have them.
func (a *Director) openTable(tb *tourney.Table) (int64, error) {
	cfg := a.tableConfig(tb.Size())
	c := a.env.CommunityNow(a.Comm)
	meta := table.Meta{Config: cfg, Platform: c.Platform, Chat: c.ChatID, Thread: a.Set.Thread, Tourney: a.id, TNo: tb.ID}
	if th := a.Deps.Threads[c.Platform]; th != nil && a.Tourney.Seating() != nil && len(a.Tourney.Seating().Tables) > 1 {
		ctx, cancel := context.WithTimeout(a.Deps.Ctx, 5*time.Second)
		id, err := th.OpenThread(ctx, c.ChatID, fmt.Sprintf("%s · %s", a.Name(), tr(a.lang(), "thread.table", int(tb.ID))))
		cancel()
		if err != nil {
			a.Deps.Log.Warn("no thread for a tournament table: it shows where the tournament does", "tourney", a.id, "err", err)
		} else {
			meta.Thread = id
		}
	}
	a.metas[tb.ID] = meta
	rec := bot.TableRecord{CommunityID: a.Comm.ID, Name: fmt.Sprintf("%s %d", a.Set.Config.Name, tb.ID), Variant: cfg.Variant, Stakes: cfg.Stakes(),
		Config: table.MustJSON(meta), CreatedAt: a.Deps.Clock.Now()}
	ctx, cancel := context.WithTimeout(a.Deps.Ctx, table.OpTimeout)
	defer cancel()
	return a.env.AddTable(ctx, rec)
}

// Linked reports whether room table id is the one the tournament's ops
// gave its table no: an open record of the tournament that is not was
// stored by a write whose op was not (the director stores another), and
// is closed at a start rather than dealt beside it.
func (a *Director) Linked(no tourney.TableID, id int64) bool {
	return a.tableIDs[no] == id
}

// startTable starts the actor of a new tournament table, held.
func (a *Director) startTable(no tourney.TableID, id int64) {
	meta := a.metas[no]
	delete(a.metas, no)
	t := table.New(a.Deps.Tables, a.env.TableEnv(), bot.TableRecord{ID: id, CommunityID: a.Comm.ID}, meta, a.Comm, a.house)
	t.Tour = &table.TourneyLink{Actor: a, No: no, Sig: make(chan struct{}, 1)}
	t.TourneyID = a.id // as a restored table has it (its refusals name the tournament)
	t.Held = true
	a.Tables[no] = t
	a.held[no] = true
	a.env.StartTable(t)
}

// desired is the sync of table no: its seats as the seating has them.
func (a *Director) desired(no tourney.TableID) table.Sync {
	s := table.Sync{Seats: map[int]table.SyncSeat{}}
	tb, ok := a.Tourney.Seating().Table(no)
	if !ok {
		s.Close = true
		return s
	}
	for i, e := range tb.Seats {
		if e != 0 {
			s.Seats[i] = a.syncSeat(e)
		}
	}
	if _, dealt := a.pos[no]; !dealt && tb.Pos.BigBlind != 0 {
		p := tb.Pos // balancing moved players in before its first hand (R-TRN-11)
		s.Pos = &p
	}
	return s
}

func (a *Director) syncSeat(e tourney.EntryID) table.SyncSeat {
	ss := table.SyncSeat{Player: a.Players[e], Entry: e, Stack: a.stacks[e], Bot: a.bots[e], Credit: a.credit[e], Away: a.away[e]}
	if a.Tourney.Config().Anonymous {
		ss.Alias, _ = a.Tourney.DisplayName(e)
	}
	a.pairSeat(&ss)
	return ss
}
