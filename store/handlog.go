// The hand log (bot.HandLog): a hand's start, its events and moves, its end,
// and the hands read back.

package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"time"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/engine"
	"gorm.io/gorm"
)

// StartHand implements bot.HandLog.
func (s *Store) StartHand(ctx context.Context, tableID int64, setup engine.Setup, at time.Time) (int64, error) {
	var id int64
	err := s.InTx(ctx, func(tx *Tx) error {
		var err error
		id, err = tx.startHand(tableID, setup, at)
		return err
	})
	return id, roomErr(err)
}

func (tx *Tx) startHand(tableID int64, setup engine.Setup, at time.Time) (int64, error) {
	args, err := handRow(tableID, setup, storedTime(at))
	if err != nil {
		return 0, err
	}
	var id int64
	err = tx.query(sqlStartHand, func(r *sql.Rows) error { return r.Scan(&id) }, args...)
	if err != nil || id == 0 {
		return 0, fmt.Errorf("start hand at table %d: %w", tableID, cmp.Or(err, errors.New("no id returned")))
	}
	return id, nil
}

// handRow is the arguments of a hand's row (sqlStartHand, handsStmt).
func handRow(tableID int64, setup engine.Setup, at time.Time) ([]any, error) {
	js, err := json.Marshal(setup)
	if err != nil {
		return nil, fmt.Errorf("hand setup: %w", err)
	}
	deck, err := json.Marshal(setup.Deck)
	if err != nil {
		return nil, fmt.Errorf("hand deck: %w", err)
	}
	// The deck commitment the table showed before the deal (issue 24), in
	// a column of its own too: '' for a hand without one.
	commitment := ""
	if hs, err := bot.ParseHandTag(setup.Tag); err == nil && hs.Fair != nil {
		commitment = hs.Fair.Commitment
	}
	return []any{tableID, setup.Rules.Game.String(), string(deck), commitment, string(js), at}, nil
}

// handsStmt inserts hands, returning each one's id and table.
var handsStmt = rowsStmt{head: "INSERT INTO hands (table_id, variant, deck, commitment, setup, started_at, voided) VALUES ",
	row: "(?,?,?,?,?,?,'')", tail: " RETURNING id, table_id", width: 6, max: 64,
	pg: "INSERT INTO hands (table_id, variant, deck, commitment, setup, started_at, voided) SELECT *, '' FROM unnest(" +
		arrays("bigint", "text", "text", "text", "text", "timestamptz") + ") RETURNING id, table_id"}

// startHands stores the hands the writes start, in one INSERT (chunks of
// handsStmt.max), and returns each write's new hand id (0 for a write
// starting none). A table has one write in a batch (its actor waits for
// each), so a returned row's table names its write; should two writes
// start hands at one table, they are stored one by one instead.
func (tx *Tx) startHands(writes []*bot.TableWrite) ([]int64, error) {
	ids := make([]int64, len(writes))
	var args []any
	byTable := map[int64]int{}
	for i, w := range writes {
		if w.NewHand == nil {
			continue
		}
		if _, dup := byTable[w.TableID]; dup {
			return tx.startHandsInTurn(writes)
		}
		byTable[w.TableID] = i
		row, err := handRow(w.TableID, *w.NewHand, w.At)
		if err != nil {
			return nil, err
		}
		args = append(args, row...)
	}
	err := tx.queryRows(handsStmt, args, func(r *sql.Rows) error {
		var id, table int64
		if err := r.Scan(&id, &table); err != nil {
			return err
		}
		if i, ok := byTable[table]; ok {
			ids[i] = id
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("start hands at tables %s: %w", listed(slices.Sorted(maps.Keys(byTable))), err)
	}
	for table, i := range byTable {
		if ids[i] == 0 {
			return nil, fmt.Errorf("start hand at table %d: no id returned", table)
		}
	}
	return ids, nil
}

// startHandsInTurn is startHands one hand at a time.
func (tx *Tx) startHandsInTurn(writes []*bot.TableWrite) ([]int64, error) {
	ids := make([]int64, len(writes))
	for i, w := range writes {
		if w.NewHand != nil {
			id, err := tx.startHand(w.TableID, *w.NewHand, w.At)
			if err != nil {
				return nil, err
			}
			ids[i] = id
		}
	}
	return ids, nil
}

// AppendEvents implements bot.HandLog: the events and the moves in one
// transaction; a stored (hand, seq) is refused by the unique index, not by a
// query per event.
func (s *Store) AppendEvents(ctx context.Context, handID int64, events []engine.Event, moves []bot.Move) error {
	return roomErr(s.InTx(ctx, func(tx *Tx) error {
		tx.forget = append(tx.forget, handID)
		return tx.appendEvents(handID, events, moves)
	}))
}

func (tx *Tx) appendEvents(handID int64, events []engine.Event, moves []bot.Move) error {
	rows, err := tx.eventRows(handID, events, nil, nil)
	if err != nil {
		return err
	}
	if err := tx.insertEventRows(rows); err != nil {
		return err
	}
	return tx.moves(moves)
}

// eventRows appends the rows of a hand's events to rows.
func (tx *Tx) eventRows(handID int64, events []engine.Event, encoded []string, rows []HandEvent) ([]HandEvent, error) {
	now := tx.s.now()
	for i, e := range events {
		if e.Seq < 0 {
			return nil, fmt.Errorf("hand %d event seq %d: %w", handID, e.Seq, ErrInvalidEvent)
		}
		var payload string
		if len(encoded) == len(events) {
			payload = encoded[i] // bot.TableWrite.EncodeEvents
		} else {
			js, err := json.Marshal(e)
			if err != nil {
				return nil, fmt.Errorf("hand %d event %d: %w", handID, e.Seq, err)
			}
			payload = string(js)
		}
		rows = append(rows, HandEvent{HandID: handID, Seq: e.Seq + 1, Kind: e.Kind.String(), Payload: payload, CreatedAt: now})
	}
	return rows, nil
}

// eventChunk bounds the rows of one INSERT (SQLite allows 32,766
// parameters). Rows are inserted in chunks of powers of two up to it, so
// that the statement texts are few (prepared once each, see exec).
const eventChunk = 256

// insertEventRows stores rows with multi-row INSERTs written here rather
// than by gorm, whose reflection and statement preparation per call were
// most of a busy room's write time. A stored (hand, seq) is refused by the
// unique index.
func (tx *Tx) insertEventRows(rows []HandEvent) error {
	args := make([]any, 0, eventsStmt.width*len(rows))
	// Rows of one hand, and of one transaction's time, share their boxed
	// values: a busy room's batch holds thousands of rows.
	var hand, at any
	for i, r := range rows {
		if i == 0 || r.HandID != rows[i-1].HandID {
			hand = r.HandID
		}
		if i == 0 || r.CreatedAt != rows[i-1].CreatedAt { // the same time, as the driver formats it
			at = tx.timeArg(r.CreatedAt)
		}
		args = append(args, hand, r.Seq, r.Kind, r.Payload, at)
	}
	return tx.execRows(eventsStmt, args, func(first, n int, err error) error {
		chunk := rows[first : first+n]
		hands := handsOf(chunk)
		switch {
		case errors.Is(err, gorm.ErrDuplicatedKey) && chunk[0].HandID == chunk[n-1].HandID:
			return fmt.Errorf("%w: %s already has one of the events %d to %d", ErrDuplicateEvent, hands, chunk[0].Seq-1, chunk[n-1].Seq-1)
		case errors.Is(err, gorm.ErrDuplicatedKey):
			return fmt.Errorf("%w: %s already has one of the events written", ErrDuplicateEvent, hands)
		case errors.Is(err, gorm.ErrForeignKeyViolated):
			return fmt.Errorf("%s: %w", hands, ErrNotFound)
		}
		return fmt.Errorf("%s events: %w", hands, err)
	})
}

// handsOf names the hand of rows, or their hands when several.
func handsOf(rows []HandEvent) string {
	var ids []int64
	for _, r := range rows {
		if !slices.Contains(ids, r.HandID) {
			ids = append(ids, r.HandID)
		}
	}
	return "hand " + listed(ids)
}

// moves makes the moves in turn (transferAll).
func (tx *Tx) moves(moves []bot.Move) error {
	ts := make([]Transfer, len(moves))
	for i, m := range moves {
		ts[i] = Transfer{From: m.From, To: m.To, Amount: m.Amount, Reason: m.Reason, Reference: m.Reference}
	}
	return tx.transferAll(ts)
}

// EndHand implements bot.HandLog.
func (s *Store) EndHand(ctx context.Context, handID int64, at time.Time) error {
	return roomErr(s.InTx(ctx, func(tx *Tx) error {
		tx.forget = append(tx.forget, handID)
		first, err := tx.endHand(handID, at, "")
		if err != nil || !first {
			return err
		}
		var b batchRows
		if err := tx.addHandStats(handID, at, nil, &b); err != nil {
			return err
		}
		return tx.writeBatch(&b)
	}))
}

// endHand marks a hand ended (again, when it was: a write repeated);
// first says whether it was not ended before, so that its players'
// statistics are counted once.
func (tx *Tx) endHand(handID int64, at time.Time, void string) (first bool, err error) {
	at = storedTime(at)
	n, err := tx.exec(sqlEndOpenHand, at, void, handID)
	if err != nil {
		return false, fmt.Errorf("end hand %d: %w", handID, err)
	}
	if n > 0 {
		return true, nil
	}
	if n, err = tx.exec(sqlEndHand, at, void, handID); err != nil {
		return false, fmt.Errorf("end hand %d: %w", handID, err)
	}
	if n == 0 {
		return false, fmt.Errorf("%w: hand %d", bot.ErrNotFound, handID)
	}
	return false, nil
}

// endHandsStmt ends the open hands among its rows (id, end, void) on
// PostgreSQL, returning those it ended.
var endHandsStmt = rowsStmt{head: "UPDATE hands SET ended_at = v.column2, voided = v.column3 FROM (VALUES ",
	row:  "(CAST(? AS BIGINT),CAST(? AS TIMESTAMPTZ),CAST(? AS TEXT))",
	tail: ") AS v WHERE hands.id = v.column1 AND hands.ended_at IS NULL RETURNING hands.id", width: 3, max: 64,
	pg: "UPDATE hands SET ended_at = v.ended, voided = v.void FROM unnest(" + arrays("bigint", "timestamptz", "text") +
		") AS v(id, ended, void) WHERE hands.id = v.id AND hands.ended_at IS NULL RETURNING hands.id"}

// endHands ends the hands of the writes ending (indexes in writes; ids
// are the writes' hands) as endHand would one by one, and says of each
// whether it was not ended before. On PostgreSQL the open ones are ended
// by one statement (a round trip), on SQLite one at a time (no round
// trips); a hand ended twice in the batch is ended in turn.
func (tx *Tx) endHands(writes []*bot.TableWrite, ids []int64, ending []int) ([]bool, error) {
	first := make([]bool, len(ending))
	hands := make(map[int64]bool, len(ending))
	args := make([]any, 0, len(ending)*endHandsStmt.width)
	for _, i := range ending {
		hands[ids[i]] = true
		args = append(args, ids[i], writes[i].At, writes[i].Void)
	}
	if tx.s.loc.Backend == SQLite || len(hands) < len(ending) {
		for k, i := range ending {
			var err error
			if first[k], err = tx.endHand(ids[i], writes[i].At, writes[i].Void); err != nil {
				return nil, err
			}
		}
		return first, nil
	}
	ended := make(map[int64]bool, len(ending))
	err := tx.queryRows(endHandsStmt, args, func(r *sql.Rows) error {
		var id int64
		err := r.Scan(&id)
		ended[id] = true
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("end hands %s: %w", listed(slices.Sorted(maps.Keys(hands))), err)
	}
	for k, i := range ending {
		if first[k] = ended[ids[i]]; !first[k] {
			// Ended before (a write repeated): its end as it is written now.
			if _, err := tx.endHand(ids[i], writes[i].At, writes[i].Void); err != nil {
				return nil, err
			}
		}
	}
	return first, nil
}

// LoadHand implements bot.HandLog.
func (s *Store) LoadHand(ctx context.Context, handID int64) (bot.HandRecord, error) {
	var h Hand
	if err := s.db.WithContext(ctx).Where("id = ?", handID).Take(&h).Error; err != nil {
		return bot.HandRecord{}, roomErr(fmt.Errorf("hand %d: %w", handID, err))
	}
	return s.handRecord(ctx, h)
}

// OpenHands implements bot.HandLog.
func (s *Store) OpenHands(ctx context.Context, tableID int64) ([]bot.HandRecord, error) {
	var hs []Hand
	if err := s.db.WithContext(ctx).Where("table_id = ? AND ended_at IS NULL", tableID).Order("id").Find(&hs).Error; err != nil {
		return nil, fmt.Errorf("open hands of table %d: %w", tableID, err)
	}
	return s.handRecords(ctx, hs)
}

// VoidedHands implements bot.HandLog.
func (s *Store) VoidedHands(ctx context.Context) ([]bot.VoidedHand, error) {
	var hs []Hand
	if err := s.db.WithContext(ctx).Select("id", "table_id", "voided", "ended_at").Where("voided <> ''").Order("id").Find(&hs).Error; err != nil {
		return nil, fmt.Errorf("voided hands: %w", err)
	}
	out := make([]bot.VoidedHand, len(hs))
	for i, h := range hs {
		out[i] = bot.VoidedHand{HandID: h.ID, TableID: h.TableID, Reason: h.Voided}
		if h.EndedAt != nil {
			out[i].At = *h.EndedAt
		}
	}
	return out, nil
}

// RecentHands implements bot.HandLog.
func (s *Store) RecentHands(ctx context.Context, tableID int64, n int) ([]bot.HandRecord, error) {
	if n <= 0 {
		return nil, nil
	}
	var hs []Hand
	if err := s.db.WithContext(ctx).Where("table_id = ? AND ended_at IS NOT NULL", tableID).Order("id DESC").Limit(n).Find(&hs).Error; err != nil {
		return nil, fmt.Errorf("recent hands of table %d: %w", tableID, err)
	}
	return s.handRecords(ctx, hs)
}

// handRecords reads the setup and events of each of hs (handRecord).
func (s *Store) handRecords(ctx context.Context, hs []Hand) ([]bot.HandRecord, error) {
	out := make([]bot.HandRecord, 0, len(hs))
	for _, h := range hs {
		r, err := s.handRecord(ctx, h)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// handRecord reads a hand's setup and events. A hand whose stored record
// cannot be read back whole is returned with Broken saying why; only a
// failure to read is an error.
func (s *Store) handRecord(ctx context.Context, h Hand) (bot.HandRecord, error) {
	r := bot.HandRecord{ID: h.ID, TableID: h.TableID, StartedAt: h.StartedAt, Voided: h.Voided}
	if h.EndedAt != nil {
		r.EndedAt = *h.EndedAt
	}
	if h.Setup == "" {
		r.Broken = fmt.Sprintf("hand %d was stored without its setup", h.ID)
		return r, nil
	}
	if err := json.Unmarshal([]byte(h.Setup), &r.Setup); err != nil {
		r.Broken = fmt.Sprintf("hand %d setup: %v", h.ID, err)
		return r, nil
	}
	rows, err := s.HandEvents(ctx, h.ID)
	if err != nil {
		return r, err
	}
	r.Events = make([]engine.Event, len(rows))
	for i, row := range rows {
		if err := json.Unmarshal([]byte(row.Payload), &r.Events[i]); err != nil {
			r.Broken = fmt.Sprintf("hand %d event %d: %v", h.ID, row.Seq, err)
			r.Events = r.Events[:i]
			return r, nil
		}
		if r.Events[i].Seq != i {
			r.Broken = fmt.Sprintf("hand %d: event %d stored as number %d: the log has a gap", h.ID, r.Events[i].Seq, i)
			r.Events = r.Events[:i]
			return r, nil
		}
	}
	return r, nil
}

// TableHand implements bot.HandLog. The number is in the setup's tag (the
// room's JSON), not a column: the table's hands are read newest first,
// setups only, until the number is passed (numbers grow with ids).
func (s *Store) TableHand(ctx context.Context, tableID int64, number int) (bot.HandRecord, error) {
	const batch = 256
	before := int64(math.MaxInt64)
	for {
		var hs []Hand
		err := s.db.WithContext(ctx).Select("id", "setup").Where("table_id = ? AND id < ?", tableID, before).
			Order("id DESC").Limit(batch).Find(&hs).Error
		if err != nil {
			return bot.HandRecord{}, fmt.Errorf("hand %d of table %d: %w", number, tableID, err)
		}
		for _, h := range hs {
			var setup struct {
				Tag string `json:"tag"`
			}
			var tag struct {
				Number int `json:"number"`
			}
			if json.Unmarshal([]byte(h.Setup), &setup) != nil || json.Unmarshal([]byte(setup.Tag), &tag) != nil {
				continue
			}
			switch {
			case tag.Number == number:
				return s.LoadHand(ctx, h.ID)
			case tag.Number < number:
				return bot.HandRecord{}, fmt.Errorf("hand %d of table %d: %w", number, tableID, bot.ErrNotFound)
			}
		}
		if len(hs) < batch {
			return bot.HandRecord{}, fmt.Errorf("hand %d of table %d: %w", number, tableID, bot.ErrNotFound)
		}
		before = hs[len(hs)-1].ID
	}
}
