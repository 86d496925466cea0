// The room's storage (bot.Storage): the errors it knows, CommitTables (the
// tables' writes in one transaction) and the room's records of the rows.

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
	"gorm.io/gorm"
)

// Store implements the room's storage contracts.
var _ bot.Storage = (*Store)(nil)

// roomErr maps the store's errors to the room's: not found, duplicate,
// insufficient funds; others are returned as they are.
func roomErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, bot.ErrNotFound), errors.Is(err, bot.ErrDuplicate), errors.Is(err, bot.ErrInsufficientFunds):
		return err
	case errors.Is(err, gorm.ErrRecordNotFound), errors.Is(err, gorm.ErrForeignKeyViolated):
		return fmt.Errorf("%w: %w", ErrNotFound, err)
	case errors.Is(err, gorm.ErrDuplicatedKey):
		return fmt.Errorf("%w: %w", ErrConflict, err)
	}
	return err
}

// CommitTables implements bot.Committer: every write in one transaction.
// The hand ids of new hands are set only when the transaction commits.
func (s *Store) CommitTables(ctx context.Context, writes []*bot.TableWrite) error {
	for _, w := range writes {
		w.At = storedTime(w.At) // as stored: hands, seats, ends, ops and closings
	}
	ids := make([]int64, len(writes))
	var next map[int64]int
	err := s.InTx(ctx, func(tx *Tx) error {
		var err error
		if next, err = tx.nextSeqs(writes); err != nil {
			return err
		}
		started, err := tx.startHands(writes)
		if err != nil {
			return err
		}
		var rows []HandEvent
		var ending []int     // the writes ending hands
		var b batchRows      // the seats, timers and statistics, written together
		var moves []bot.Move // every write's chip moves, in turn
		for i, w := range writes {
			hand := w.HandID
			if w.NewHand != nil {
				hand = started[i]
			}
			ids[i] = hand
			if w.NewHand == nil && len(w.Events) > 0 {
				if err := continues(hand, next, w.Events); err != nil {
					return err
				}
			}
			if rows, err = tx.eventRows(hand, w.Events, w.Encoded, rows); err != nil {
				return err
			}
			moves = append(moves, w.Moves...)
			if w.EndHand {
				ending = append(ending, i)
			}
			if w.SaveSeats {
				if err := b.saveSeats(w.TableID, w.Seats, w.At); err != nil {
					return err
				}
			}
			if w.SaveState {
				b.saveState(w.TableID, w.State)
			}
			for _, d := range w.SetDeadlines {
				if err := b.setTimer(d.Key, &d); err != nil {
					return err
				}
			}
			for _, key := range w.ClearDeadlines {
				if err := b.setTimer(key, nil); err != nil {
					return err
				}
			}
			if err := tx.tourneyWrite(w); err != nil {
				return err
			}
		}
		if err := tx.insertEventRows(rows); err != nil {
			return err
		}
		if err := tx.moves(moves); err != nil {
			return err
		}
		first, err := tx.endHands(writes, ids, ending)
		if err != nil {
			return err
		}
		for k, i := range ending {
			// A hand not voided counts in its players' statistics, once.
			if !first[k] || writes[i].Void != "" {
				continue
			}
			if err := tx.addHandStats(ids[i], writes[i].At, writes[i].Stats, &b); err != nil {
				return err
			}
		}
		if err := tx.closeTables(writes); err != nil {
			return err
		}
		return tx.writeBatch(&b)
	})
	if err != nil {
		// Whatever the batch did is unknown (a commit may have landed):
		// the logs' lengths are read again.
		s.seqs.reset()
		return roomErr(err)
	}
	for i, w := range writes {
		w.HandID = ids[i]
	}
	s.seqs.committed(writes, next)
	return nil
}

// nextSeqs returns, for every hand that writes append events to (not new
// hands), the number of events it has stored: from the lengths the last
// commits left (seqCache), and for the others one query for the batch.
func (tx *Tx) nextSeqs(writes []*bot.TableWrite) (map[int64]int, error) {
	next := make(map[int64]int, len(writes))
	hands := tx.s.seqs.known(writes, next)
	// In chunks of powers of two, as events are inserted: few texts,
	// each prepared once.
	args := make([]any, len(hands))
	for i, h := range hands {
		args[i] = h
	}
	err := tx.queryRows(seqsStmt, args, func(r *sql.Rows) error {
		var hand int64
		var seq int
		if err := r.Scan(&hand, &seq); err != nil {
			return err
		}
		next[hand] = seq
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("hand logs: %w", err)
	}
	return next, nil
}

// seqCache holds the stored length of each open hand's log as this
// Store's last commits left it, so that a batch of writes need not read
// them back (a query a batch, an eighth of the group commit's time). It
// is the store's own record of what it committed: any failed batch
// empties it (a commit may have landed or not), a hand's end drops the
// hand, a log written another way through this Store (AppendEvents,
// AppendHandEvents, EndHand) drops it, and a Store opened again starts
// empty. It assumes what the room is built on: one process writes a
// room's open hands. Another process continuing a hand right after the
// length remembered is still refused by the unique index on (hand, seq);
// one writing past a gap would not be seen.
type seqCache struct {
	mu sync.Mutex
	m  map[int64]int
}

// seqCacheMax bounds the hands remembered (about 30 bytes each): past it
// the cache starts again, and lengths are read from the store.
const seqCacheMax = 1 << 16

// known puts in next the remembered lengths of the hands writes append
// events to (not new hands), and returns those it does not remember.
func (c *seqCache) known(writes []*bot.TableWrite, next map[int64]int) (unknown []int64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, w := range writes {
		if w.NewHand == nil && len(w.Events) > 0 {
			if n, ok := c.m[w.HandID]; ok {
				next[w.HandID] = n
			} else {
				unknown = append(unknown, w.HandID)
			}
		}
	}
	return unknown
}

// committed records the lengths writes left, next holding those of the
// hands they appended to (advanced by continues).
func (c *seqCache) committed(writes []*bot.TableWrite, next map[int64]int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) > seqCacheMax {
		c.m = make(map[int64]int)
	}
	for _, w := range writes {
		switch {
		case w.EndHand:
			delete(c.m, w.HandID)
		case w.NewHand != nil:
			// As the store reads it: one past the last event's number.
			n := 0
			for _, e := range w.Events {
				n = max(n, e.Seq+1)
			}
			c.m[w.HandID] = n
		case len(w.Events) > 0:
			c.m[w.HandID] = next[w.HandID]
		}
	}
}

// forget drops a hand's length (its log written another way).
func (c *seqCache) forget(hand int64) {
	c.mu.Lock()
	delete(c.m, hand)
	c.mu.Unlock()
}

// reset forgets every length.
func (c *seqCache) reset() {
	c.mu.Lock()
	c.m = nil
	c.mu.Unlock()
}

// continues checks that events continue hand's stored log, whose length
// next holds, and advances it: an event numbered otherwise would leave a
// gap (an action lost) or fork the log (an action taken twice).
func continues(hand int64, next map[int64]int, events []engine.Event) error {
	n := next[hand]
	for i, e := range events {
		if e.Seq != n+i {
			return fmt.Errorf("%w: hand %d has %d events stored, as far as this store knows; event %d does not continue its log", bot.ErrDuplicate, hand, n, events[0].Seq)
		}
	}
	next[hand] = n + len(events)
	return nil
}

// tourneyWrite appends a write's tournament ops and sets its status.
func (tx *Tx) tourneyWrite(w *bot.TableWrite) error {
	if len(w.TourneyOps) > 0 {
		rows := make([]TourneyOp, len(w.TourneyOps))
		for i, op := range w.TourneyOps {
			if op.Seq < 1 || op.Kind == "" {
				return fmt.Errorf("tournament %d op %d %q: %w", op.TourneyID, op.Seq, op.Kind, ErrInvalidEvent)
			}
			at := op.At
			if at.IsZero() {
				at = w.At
			}
			data := op.Data
			if data == "" {
				data = "{}"
			}
			rows[i] = TourneyOp{TourneyID: op.TourneyID, Seq: op.Seq, Kind: op.Kind, Data: data, CreatedAt: storedTime(at)}
		}
		if err := tx.db.Create(&rows).Error; err != nil {
			return fmt.Errorf("tournament ops: %w", err)
		}
	}
	if len(w.TourneyStats) > 0 {
		if len(w.TourneyOps) == 0 { // only an op's Seq keeps them from counting twice
			return fmt.Errorf("tournament statistics without an op: %w", ErrInvalidEvent)
		}
		if err := tx.addTourneyStats(w.TourneyStats, w.At); err != nil {
			return err
		}
	}
	if st := w.Status; st != nil {
		upd := map[string]any{"status": st.Status}
		if st.Ended {
			upd["ended_at"] = w.At
		}
		if st.Config != "" {
			upd["config"], upd["name"] = st.Config, st.Name
		}
		res := tx.db.Model(&Tourney{}).Where("id = ?", st.TourneyID).Updates(upd)
		if res.Error != nil {
			return fmt.Errorf("tournament %d status: %w", st.TourneyID, res.Error)
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("%w: tournament %d", bot.ErrNotFound, st.TourneyID)
		}
	}
	return nil
}

// The room's records of the stored rows: one conversion each, for the
// contracts' reads and the audit's snapshot alike.

func (r Table) record() bot.TableRecord {
	rec := bot.TableRecord{ID: r.ID, CommunityID: r.CommunityID, Name: r.Name, Variant: r.Variant,
		Stakes: r.Stakes, Config: r.Config, State: r.State, CreatedAt: r.CreatedAt}
	if r.AccountID != nil {
		rec.AccountID = *r.AccountID
	}
	return rec
}

func (r Seat) record() bot.SeatRecord {
	return bot.SeatRecord{Seat: r.Seat, PlayerID: r.PlayerID, Stack: r.Stack, SittingOut: r.SittingOut, State: r.State}
}

func (r Tourney) record() bot.TourneyRecord {
	rec := bot.TourneyRecord{ID: r.ID, CommunityID: r.CommunityID, Name: r.Name, Config: r.Config, Status: r.Status, CreatedAt: r.CreatedAt}
	if r.EndedAt != nil {
		rec.EndedAt = *r.EndedAt
	}
	return rec
}

func (r TourneyOp) record() bot.TourneyOp {
	return bot.TourneyOp{TourneyID: r.TourneyID, Seq: r.Seq, Kind: r.Kind, Data: r.Data, At: r.CreatedAt}
}
