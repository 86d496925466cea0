package store

import (
	"context"
	"database/sql"
	"strings"
	"sync"
	"sync/atomic"

	"gorm.io/gorm"
)

// The statements of a busy room's writes (a hand started, its events, a
// transfer, a turn's timer, the seats and the table's state at a hand's
// end) are written
// here in SQL of fixed text rather than through gorm, whose reflection
// and per-call statement preparation (SQLite parses every statement again
// otherwise) were most of the group commit's time. On SQLite each text is
// prepared once per Store and reused by every transaction; on PostgreSQL
// gorm runs the same text (it rewrites the ? placeholders), except the
// statements over many rows, which run over column arrays on the
// transaction itself (rowsStmt.pg). A text not prepared (a variable IN
// list) runs unprepared, as before.

// stmtCache holds the SQLite statements of hotStatements prepared on the
// Store's pool (one connection; database/sql prepares one again on a new
// connection by itself). They are prepared before a transaction begins,
// never inside one: the pool's one connection is the transaction's then.
type stmtCache struct {
	ready atomic.Bool
	mu    sync.Mutex
	m     map[string]*sql.Stmt // not changed once ready
}

// prepare prepares the statements once, before the first transaction
// that finds the schema in place (until then, every statement runs
// unprepared).
func (c *stmtCache) prepare(ctx context.Context, db *sql.DB) {
	if c.ready.Load() {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.ready.Load() {
		return
	}
	m := make(map[string]*sql.Stmt)
	for _, q := range hotStatements() {
		st, err := db.PrepareContext(ctx, q)
		if err != nil {
			for _, st := range m {
				st.Close()
			}
			return // no schema yet: tried again at the next transaction
		}
		m[q] = st
	}
	c.m = m
	c.ready.Store(true)
}

// lookup returns query prepared, or nil.
func (c *stmtCache) lookup(query string) *sql.Stmt {
	if !c.ready.Load() {
		return nil
	}
	return c.m[query]
}

// close closes every statement kept.
func (c *stmtCache) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, st := range c.m {
		st.Close()
	}
	c.m = nil
	c.ready.Store(false)
}

// The statements of the hot writes.
const (
	sqlLockAccounts = "SELECT id, kind, balance FROM accounts WHERE id IN (?,?) ORDER BY id"
	sqlBalance      = "UPDATE accounts SET balance = balance + ? WHERE id = ?"
	sqlLedgerEntry  = "INSERT INTO ledger_entries (from_account_id, to_account_id, amount, reason, reference, created_at) VALUES (?,?,?,?,?,?) RETURNING id"
	sqlStartHand    = "INSERT INTO hands (table_id, variant, deck, commitment, setup, started_at, voided) VALUES (?,?,?,?,?,?,'') RETURNING id"
	sqlEndHand      = "UPDATE hands SET ended_at = ?, voided = ? WHERE id = ?"
	sqlEndOpenHand  = "UPDATE hands SET ended_at = ?, voided = ? WHERE id = ? AND ended_at IS NULL"
	sqlTableState   = "UPDATE tables SET state = ? WHERE id = ?"
)

// hotStatements lists the statement texts prepared once on SQLite.
func hotStatements() []string {
	qs := []string{sqlLockAccounts, sqlBalance, sqlLedgerEntry, sqlStartHand, sqlEndHand, sqlTableState,
		sqlEndOpenHand, sqlStatsHand, sqlStatsEvents, sqlFenceLease}
	for _, st := range []rowsStmt{eventsStmt, seqsStmt, seatsStmt, dropSeatsStmt, setTimersStmt, dropTimersStmt, statsStmt,
		handsStmt, lockAccountsStmt, balancesStmt, ledgerStmt} {
		qs = append(qs, st.texts()...)
	}
	return qs
}

// The multi-row INSERTs: the statement, then one row's placeholders per row.
const (
	sqlInsertSeats  = "INSERT INTO seats (table_id, seat, player_id, stack, sitting_out, state, updated_at) VALUES "
	seatRow         = "(?,?,?,?,?,?,?)"
	sqlInsertEvents = "INSERT INTO hand_events (hand_id, seq, kind, payload, created_at) VALUES "
	eventRow        = "(?,?,?,?,?)"
	// sqlHandSeqs, then "?" for each hand, ") GROUP BY hand_id": the
	// stored length of each hand's log (seqsStmt).
	sqlHandSeqs = "SELECT hand_id, COALESCE(MAX(seq), 0) FROM hand_events WHERE hand_id IN ("
)

// insertRows returns the INSERT of n rows.
func insertRows(insert, row string, n int) string {
	var b strings.Builder
	b.Grow(len(insert) + n*(len(row)+1))
	b.WriteString(insert)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(row)
	}
	return b.String()
}

// sqlTx returns the transaction's database/sql handle when the statements
// may run on it directly (SQLite), with its context; ok false otherwise.
func (tx *Tx) sqlTx() (stx *sql.Tx, ctx context.Context, ok bool) {
	if tx.s.loc.Backend != SQLite {
		return nil, nil, false
	}
	return tx.rawTx()
}

// rawTx returns the transaction's database/sql handle, with its context.
func (tx *Tx) rawTx() (stx *sql.Tx, ctx context.Context, ok bool) {
	stx, ok = tx.db.Statement.ConnPool.(*sql.Tx)
	ctx = tx.db.Statement.Context
	if ctx == nil {
		ctx = context.Background()
	}
	return stx, ctx, ok
}

// stmt returns query bound to the transaction stx when it was prepared;
// nil when it runs unprepared.
func (tx *Tx) stmt(ctx context.Context, stx *sql.Tx, query string) *sql.Stmt {
	if st := tx.s.stmts.lookup(query); st != nil {
		return stx.StmtContext(ctx, st)
	}
	return nil
}

// exec runs one statement of fixed text in the transaction and returns
// the rows it affected. Errors are translated as gorm's are
// (gorm.ErrDuplicatedKey, gorm.ErrForeignKeyViolated).
func (tx *Tx) exec(query string, args ...any) (int64, error) {
	stx, ctx, ok := tx.sqlTx()
	if !ok {
		res := tx.db.Exec(query, args...)
		return res.RowsAffected, res.Error
	}
	var res sql.Result
	var err error
	if st := tx.stmt(ctx, stx, query); st != nil {
		res, err = st.ExecContext(ctx, args...)
	} else {
		res, err = stx.ExecContext(ctx, query, args...)
	}
	if err != nil {
		return 0, tx.translate(err)
	}
	return res.RowsAffected()
}

// query runs one query of fixed text in the transaction and scans each
// row with scan. Errors are translated as exec's are.
func (tx *Tx) query(query string, scan func(*sql.Rows) error, args ...any) error {
	var rows *sql.Rows
	var err error
	if stx, ctx, ok := tx.sqlTx(); !ok {
		rows, err = tx.db.Raw(query, args...).Rows()
	} else if st := tx.stmt(ctx, stx, query); st != nil {
		rows, err = st.QueryContext(ctx, args...)
	} else {
		rows, err = stx.QueryContext(ctx, query, args...)
	}
	return tx.scanAll(rows, err, scan)
}

// scanAll scans each row of rows with scan (rows and err as a query
// returned them), translating errors as exec does.
func (tx *Tx) scanAll(rows *sql.Rows, err error, scan func(*sql.Rows) error) error {
	if err != nil {
		return tx.translate(err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return tx.translate(err)
		}
	}
	return tx.translate(rows.Err())
}

// translate maps a driver's error as gorm does (TranslateError), for the
// errors gorm does not see: those of rows read here.
func (tx *Tx) translate(err error) error {
	if t, ok := tx.db.Dialector.(gorm.ErrorTranslator); ok && err != nil {
		return t.Translate(err)
	}
	return err
}
