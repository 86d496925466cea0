// The rows a batch of table writes changes together: seats, tables'
// states, timers and players' statistics, each written by one statement
// for the batch (in chunks on SQLite, over column arrays on PostgreSQL)
// rather than one or two a write. On PostgreSQL every statement is a
// round trip to the server; on SQLite a program run.

package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// rowsStmt is a statement over n rows: head, then row's placeholders n
// times (separated by commas), then tail. Its texts for n a power of two
// up to max are prepared once on SQLite (hotStatements); execRows runs
// any number of rows in chunks of those sizes.
//
// On PostgreSQL, where every statement is a round trip, a rowsStmt with
// a pg text runs once over all its rows instead: pg takes each column as
// an array ($1 the first column's values, and so on), so that one text,
// prepared once by the driver, serves any number of rows.
type rowsStmt struct {
	head, row, tail string
	width           int    // arguments a row
	max             int    // rows a chunk, a power of two
	pg              string // PostgreSQL: the statement over all rows, its columns as arrays
}

// arrays is the list of width array parameters of types, for a pg text:
// "$1::bigint[],$2::text[]".
func arrays(types ...string) string {
	var b strings.Builder
	for i, t := range types {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "$%d::%s[]", i+1, t)
	}
	return b.String()
}

// rowsOf is the rowsStmt head, row..., tail over columns of types (its
// width), with its pg text derived from its own: an INSERT (head ending
// in " VALUES ") takes its rows from unnest over the arrays, an IN list
// (head ending in " IN (") becomes = ANY of the one array.
func rowsOf(head, row, tail string, max int, types ...string) rowsStmt {
	var pg string
	switch {
	case strings.HasSuffix(head, " VALUES "):
		pg = strings.TrimSuffix(head, "VALUES ") + "SELECT * FROM unnest(" + arrays(types...) + ")" + tail
	case strings.HasSuffix(head, " IN (") && len(types) == 1:
		pg = strings.TrimSuffix(head, " IN (") + " = ANY(" + arrays(types...) + tail
	default:
		panic("store: no PostgreSQL form of " + head)
	}
	return rowsStmt{head: head, row: row, tail: tail, width: len(types), max: max, pg: pg}
}

// runArrays runs st's pg text over its column arrays cols on the
// transaction stx itself (gorm would expand the arrays into lists): a
// query scanning each row with scan, or with scan nil a statement.
func (tx *Tx) runArrays(stx *sql.Tx, ctx context.Context, st rowsStmt, cols []any, scan func(*sql.Rows) error) error {
	if scan == nil {
		_, err := stx.ExecContext(ctx, st.pg, cols...)
		return tx.translate(err)
	}
	rows, err := stx.QueryContext(ctx, st.pg, cols...)
	return tx.scanAll(rows, err, scan)
}

// columns returns the transaction's handle and the rows of args as st's
// column arrays, when st has a pg text and the transaction runs on
// PostgreSQL.
func (tx *Tx) columns(st rowsStmt, args []any) (*sql.Tx, context.Context, []any, bool) {
	if st.pg == "" || tx.s.loc.Backend != Postgres {
		return nil, nil, nil, false
	}
	stx, ctx, ok := tx.rawTx()
	if !ok {
		return nil, nil, nil, false
	}
	rows := len(args) / st.width
	cols := make([]any, st.width)
	for c := range cols {
		col := make([]any, rows)
		for r := range col {
			col[r] = args[r*st.width+c]
		}
		cols[c] = col
	}
	return stx, ctx, cols, true
}

// text is the statement over n rows.
func (r rowsStmt) text(n int) string { return insertRows(r.head, r.row, n) + r.tail }

// texts are the statements execRows may run.
func (r rowsStmt) texts() []string {
	var qs []string
	for n := 1; n <= r.max; n *= 2 {
		qs = append(qs, r.text(n))
	}
	return qs
}

// The statements over rows.
var (
	eventsStmt     = rowsOf(sqlInsertEvents, eventRow, "", eventChunk, "bigint", "bigint", "text", "text", "timestamptz")
	seqsStmt       = rowsOf(sqlHandSeqs, "?", ") GROUP BY hand_id", eventChunk, "bigint")
	seatsStmt      = rowsOf(sqlInsertSeats, seatRow, "", 128, "bigint", "bigint", "bigint", "bigint", "boolean", "text", "timestamptz")
	dropSeatsStmt  = rowsOf("DELETE FROM seats WHERE table_id IN (", "?", ")", 128, "bigint")
	setTimersStmt  = rowsOf("INSERT INTO deadlines (key, due_at, payload) VALUES ", "(?,?,?)", " ON CONFLICT (key) DO UPDATE SET due_at = excluded.due_at, payload = excluded.payload", 128, "text", "timestamptz", "text")
	dropTimersStmt = rowsOf("DELETE FROM deadlines WHERE key IN (", "?", ")", 128, "text")
	statsStmt      = rowsOf(sqlStatsHead, sqlStatsRow, sqlStatsTail, 64, append([]string{"bigint", "bigint", "text", "text"}, slices.Repeat([]string{"bigint"}, len(statsColumns))...)...)
	// tableStatesStmt sets tables' states (id, state) on PostgreSQL,
	// returning the tables found; SQLite sets them one by one.
	tableStatesStmt = rowsStmt{width: 2,
		pg: "UPDATE tables SET state = v.state FROM unnest(" + arrays("bigint", "text") + ") AS v(id, state) WHERE tables.id = v.id RETURNING tables.id"}
)

// execRows runs st over the rows of args (st.width arguments each), in
// chunks; a chunk's error goes through fail with the chunk's rows (the
// index of its first, its count).
func (tx *Tx) execRows(st rowsStmt, args []any, fail func(first, n int, err error) error) error {
	if len(args) == 0 {
		return nil
	}
	if stx, ctx, cols, ok := tx.columns(st, args); ok {
		if err := tx.runArrays(stx, ctx, st, cols, nil); err != nil {
			return fail(0, len(args)/st.width, err)
		}
		return nil
	}
	return st.chunks(len(args)/st.width, func(first, n int) error {
		if _, err := tx.exec(st.text(n), args[first*st.width:(first+n)*st.width]...); err != nil {
			return fail(first, n, err)
		}
		return nil
	})
}

// queryRows runs the query st over the rows of args (st.width arguments
// each), in chunks, scanning every row it returns with scan.
func (tx *Tx) queryRows(st rowsStmt, args []any, scan func(*sql.Rows) error) error {
	if len(args) == 0 {
		return nil
	}
	if stx, ctx, cols, ok := tx.columns(st, args); ok {
		return tx.runArrays(stx, ctx, st, cols, scan)
	}
	return st.chunks(len(args)/st.width, func(first, n int) error {
		return tx.query(st.text(n), scan, args[first*st.width:(first+n)*st.width]...)
	})
}

// chunks calls fn with each chunk of rows rows, the largest power of two
// up to st.max that is left each time (the index of its first row, its
// count), until fn fails.
func (st rowsStmt) chunks(rows int, fn func(first, n int) error) error {
	for done := 0; done < rows; {
		n := st.max
		for n > rows-done {
			n /= 2
		}
		if err := fn(done, n); err != nil {
			return err
		}
		done += n
	}
	return nil
}

// batchRows gathers the seats, timers and statistics of a batch's writes,
// in the order of the writes: where two change the same row, the later
// one's change is the one written, as if each had been written in turn.
type batchRows struct {
	seatTables []int64                  // tables whose seats are replaced, in order
	seats      map[int64]seatsAt        // by table: the last seats given
	tables     []int64                  // tables whose state is set, in order
	state      map[int64]string         // by table: the last state given
	timers     []string                 // keys of timers set or cleared, in order
	timer      map[string]*bot.Deadline // by key: the last set (nil: cleared)
	statKeys   []statsKey
	stats      map[statsKey]*bot.HandStats
}

type seatsAt struct {
	seats []bot.SeatRecord
	at    time.Time
}

// statsKey is a row of player_stats.
type statsKey struct {
	community, player int64
	kind              bot.StatsKind
	day               string
}

// saveSeats replaces table's seats by seats, checked: numbered from 1,
// no stack below 0 (else ErrInvalidEvent, a malformed write), each seat
// once (a seat twice is a conflict on the seats' unique key, ErrConflict,
// as the index would say). Both are refusals: the group commit then
// stores the batch's other writes without this one.
func (b *batchRows) saveSeats(table int64, seats []bot.SeatRecord, at time.Time) error {
	for i, st := range seats {
		if st.Seat < 1 || st.Stack < 0 {
			return fmt.Errorf("table %d: seat %d with stack %d: %w", table, st.Seat, st.Stack, ErrInvalidEvent)
		}
		for _, o := range seats[:i] {
			if o.Seat == st.Seat {
				return fmt.Errorf("table %d: seat %d given twice: %w", table, st.Seat, ErrConflict)
			}
		}
	}
	if b.seats == nil {
		b.seats = make(map[int64]seatsAt)
	}
	if _, ok := b.seats[table]; !ok {
		b.seatTables = append(b.seatTables, table)
	}
	b.seats[table] = seatsAt{seats, at}
	return nil
}

// saveState sets table's state (bot.TableWrite.State).
func (b *batchRows) saveState(table int64, state string) {
	if b.state == nil {
		b.state = make(map[int64]string)
	}
	if _, ok := b.state[table]; !ok {
		b.tables = append(b.tables, table)
	}
	b.state[table] = state
}

// setTimer sets d (a nil payload clears key).
func (b *batchRows) setTimer(key string, d *bot.Deadline) error {
	if key == "" {
		return fmt.Errorf("deadline without a key")
	}
	if b.timer == nil {
		b.timer = make(map[string]*bot.Deadline)
	}
	if _, ok := b.timer[key]; !ok {
		b.timers = append(b.timers, key)
	}
	b.timer[key] = d
	return nil
}

// addStats adds players' counters of one hand of kind to their rows of
// community and at's day.
func (b *batchRows) addStats(community int64, kind bot.StatsKind, players []bot.PlayerHandStats, at time.Time) {
	if b.stats == nil {
		b.stats = make(map[statsKey]*bot.HandStats)
	}
	day := at.UTC().Format(statsDay)
	for _, p := range players {
		k := statsKey{community, p.PlayerID, kind, day}
		s, ok := b.stats[k]
		if !ok {
			s = new(bot.HandStats)
			b.stats[k] = s
			b.statKeys = append(b.statKeys, k)
		}
		s.Add(p.HandStats)
	}
}

// writeBatch writes what b gathered, each kind of row by one statement (in
// chunks).
func (tx *Tx) writeBatch(b *batchRows) error {
	if len(b.seatTables) > 0 {
		args := make([]any, 0, len(b.seatTables))
		var rows []any
		var rowTables []int64 // the table of each row of rows
		for _, t := range b.seatTables {
			args = append(args, t)
			sa := b.seats[t]
			at := tx.timeArg(storedTime(sa.at))
			for _, st := range sa.seats {
				state := st.State
				if state == "" {
					state = "{}"
				}
				rows = append(rows, t, st.Seat, st.PlayerID, st.Stack, st.SittingOut, state, at)
				rowTables = append(rowTables, t)
			}
		}
		err := tx.execRows(dropSeatsStmt, args, func(first, n int, err error) error {
			return fmt.Errorf("seats of table %s: %w", listed(b.seatTables[first:first+n]), err)
		})
		if err != nil {
			return err
		}
		err = tx.execRows(seatsStmt, rows, func(first, n int, err error) error {
			return fmt.Errorf("seats of table %s: %w", listed(slices.Compact(rowTables[first:first+n])), err)
		})
		if err != nil {
			return err
		}
	}
	if err := tx.saveStates(b); err != nil {
		return err
	}
	if len(b.timers) > 0 {
		var set, drop []any
		var setKeys, dropKeys []string
		for _, k := range b.timers {
			if d := b.timer[k]; d != nil {
				// In UTC: SQLite orders the times as text.
				set, setKeys = append(set, k, tx.timeArg(storedTime(d.At)), d.Payload), append(setKeys, k)
			} else {
				drop, dropKeys = append(drop, k), append(dropKeys, k)
			}
		}
		timers := func(keys []string) func(first, n int, err error) error {
			return func(first, n int, err error) error {
				if n == 1 {
					return fmt.Errorf("deadline %q: %w", keys[first], err)
				}
				return fmt.Errorf("deadline %q (or one of the %d after it): %w", keys[first], n-1, err)
			}
		}
		if err := tx.execRows(setTimersStmt, set, timers(setKeys)); err != nil {
			return err
		}
		if err := tx.execRows(dropTimersStmt, drop, timers(dropKeys)); err != nil {
			return err
		}
	}
	if len(b.statKeys) > 0 {
		// In a fixed order: two transactions adding to the same rows
		// (PostgreSQL) lock them in the same order.
		slices.SortFunc(b.statKeys, func(x, y statsKey) int {
			return cmp.Or(cmp.Compare(x.community, y.community), cmp.Compare(x.player, y.player),
				cmp.Compare(x.kind, y.kind), cmp.Compare(x.day, y.day))
		})
		args := make([]any, 0, len(b.statKeys)*statsStmt.width)
		for _, k := range b.statKeys {
			args = append(append(args, k.community, k.player, string(k.kind), k.day), counters(*b.stats[k])...)
		}
		err := tx.execRows(statsStmt, args, func(first, n int, err error) error {
			var players []int64
			for _, k := range b.statKeys[first : first+n] {
				players = append(players, k.player)
			}
			return fmt.Errorf("statistics of player %s: %w", listed(slices.Compact(players)), err)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// saveStates sets the tables' states b gathered: on PostgreSQL by one
// statement, on SQLite one table at a time (no round trips); a table not
// found is an error.
func (tx *Tx) saveStates(b *batchRows) error {
	if len(b.tables) == 0 {
		return nil
	}
	args := make([]any, 0, 2*len(b.tables))
	for _, t := range b.tables {
		args = append(args, t, b.state[t])
	}
	if stx, ctx, cols, ok := tx.columns(tableStatesStmt, args); ok {
		found := make(map[int64]bool, len(b.tables))
		err := tx.runArrays(stx, ctx, tableStatesStmt, cols, func(r *sql.Rows) error {
			var id int64
			err := r.Scan(&id)
			found[id] = true
			return err
		})
		if err != nil {
			return fmt.Errorf("state of table %s: %w", listed(b.tables), err)
		}
		for _, t := range b.tables {
			if !found[t] {
				return fmt.Errorf("%w: table %d", bot.ErrNotFound, t)
			}
		}
		return nil
	}
	for _, t := range b.tables {
		n, err := tx.exec(sqlTableState, b.state[t], t)
		if err != nil {
			return fmt.Errorf("table %d state: %w", t, err)
		}
		if n == 0 {
			return fmt.Errorf("%w: table %d", bot.ErrNotFound, t)
		}
	}
	return nil
}

// listed is an id, or a few, or the first of many and how many more.
func listed(ids []int64) string {
	switch {
	case len(ids) == 1:
		return fmt.Sprint(ids[0])
	case len(ids) <= 4:
		s := fmt.Sprint(ids[0])
		for _, id := range ids[1 : len(ids)-1] {
			s += fmt.Sprintf(", %d", id)
		}
		return s + fmt.Sprintf(" or %d", ids[len(ids)-1])
	}
	return fmt.Sprintf("%d (or one of %d more)", ids[0], len(ids)-1)
}
