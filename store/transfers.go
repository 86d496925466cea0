// A batch's transfers, written together: the moves of every table write
// of a group commit take three statements however many there are (the
// accounts read and locked, the balances, the entries), where one by one
// each took four. On PostgreSQL every statement is a round trip.

package store

import (
	"database/sql"
	"fmt"
	"math"
	"slices"
)

// The statements of transferAll, over its accounts (on SQLite padded to a
// power of two with account 0, which does not exist, so that their texts
// are few; on PostgreSQL one text over arrays) and its entries.
var (
	lockAccountsStmt = rowsOf("SELECT id, kind, balance FROM accounts WHERE id IN (", "?", ") ORDER BY id", 64, "bigint").forUpdate()
	balancesStmt     = rowsStmt{head: "UPDATE accounts SET balance = accounts.balance + v.column2 FROM (VALUES ", row: "(CAST(? AS BIGINT),CAST(? AS BIGINT))", tail: ") AS v WHERE accounts.id = v.column1", width: 2, max: 64,
		pg: "UPDATE accounts SET balance = accounts.balance + v.delta FROM unnest(" + arrays("bigint", "bigint") + ") AS v(id, delta) WHERE accounts.id = v.id"}
	ledgerStmt = rowsOf("INSERT INTO ledger_entries (from_account_id, to_account_id, amount, reason, reference, created_at) VALUES ", "(?,?,?,?,?,?)", "", 64,
		"bigint", "bigint", "bigint", "text", "text", "timestamptz")
)

// forUpdate locks the rows st's PostgreSQL text reads (SQLite has one
// writer).
func (st rowsStmt) forUpdate() rowsStmt {
	st.pg += " FOR UPDATE"
	return st
}

// checkTransfer refuses what no transfer may be, as [Tx.Transfer] does.
func checkTransfer(t Transfer) error {
	switch {
	case t.Amount <= 0:
		return fmt.Errorf("transfer of %d from account %d to %d: %w", t.Amount, t.From, t.To, ErrNonPositiveAmount)
	case t.From == t.To:
		return fmt.Errorf("transfer of %d within account %d: %w", t.Amount, t.From, ErrSameAccount)
	case t.Reason == "":
		return fmt.Errorf("transfer of %d from account %d to %d: %w", t.Amount, t.From, t.To, ErrMissingReason)
	}
	return nil
}

// move applies t to the balances of from and to, refusing it as
// [Tx.Transfer] does when from may not go negative and holds less, or a
// balance would overflow.
func move(from, to *Account, t Transfer) error {
	if !from.Kind.MayGoNegative() && from.Balance < t.Amount {
		return &InsufficientFundsError{AccountID: from.ID, Balance: from.Balance, Amount: t.Amount}
	}
	if from.Balance < math.MinInt64+t.Amount || to.Balance > math.MaxInt64-t.Amount {
		return fmt.Errorf("transfer of %d from account %d to %d: %w", t.Amount, t.From, t.To, ErrBalanceOverflow)
	}
	from.Balance -= t.Amount
	to.Balance += t.Amount
	return nil
}

// transferAll makes the transfers ts in turn, exactly as many calls of
// [Tx.Transfer] would (the same checks, each against the balances the
// ones before it left, and the same errors), in four statements: every
// account is read, and on PostgreSQL locked, in one query in ascending
// id order; the balances change by their net sums in one UPDATE; the
// entries are inserted in one INSERT (chunks of ledgerStmt.max).
func (tx *Tx) transferAll(ts []Transfer) error {
	if len(ts) == 0 {
		return nil
	}
	// Every transfer is checked in turn below, after the moves before it,
	// as Tx.Transfer one by one would: a bad transfer after one that
	// overdraws must not hide the overdraw (a refusal, which the group
	// commit isolates to its write, where a bad transfer fails the batch).
	ids := make([]int64, 0, 2*len(ts))
	for _, t := range ts {
		ids = append(ids, t.From, t.To)
	}
	slices.Sort(ids)
	ids = slices.Compact(ids)
	accounts, err := tx.lockAll(ids)
	if err != nil {
		return err
	}
	before := make(map[int64]int64, len(accounts))
	for id, a := range accounts {
		before[id] = a.Balance
	}
	now := tx.s.now()
	entries := make([]any, 0, len(ts)*ledgerStmt.width)
	for _, t := range ts {
		if err := checkTransfer(t); err != nil {
			return err
		}
		from, to := accounts[t.From], accounts[t.To]
		switch {
		case from == nil:
			return fmt.Errorf("transfer from account %d: %w", t.From, ErrNotFound)
		case to == nil:
			return fmt.Errorf("transfer to account %d: %w", t.To, ErrNotFound)
		}
		if err := move(from, to, t); err != nil {
			return err
		}
		entries = append(entries, t.From, t.To, t.Amount, t.Reason, t.Reference, now)
	}
	var deltas []any
	for _, id := range ids {
		if d := accounts[id].Balance - before[id]; d != 0 {
			deltas = append(deltas, id, d)
		}
	}
	if err := tx.padded(balancesStmt, deltas, []any{int64(0), int64(0)}, nil, func(q string, args []any) error {
		_, err := tx.exec(q, args...)
		return err
	}); err != nil {
		return fmt.Errorf("update balances: %w", err)
	}
	if err := tx.execRows(ledgerStmt, entries, func(_, _ int, err error) error {
		return fmt.Errorf("write ledger entries: %w", err)
	}); err != nil {
		return err
	}
	tx.transfers += uint64(len(ts))
	return nil
}

// lockAll reads the accounts ids (sorted, distinct), locking them on
// PostgreSQL (SQLite has one writer); an id not found is missing from the
// map.
func (tx *Tx) lockAll(ids []int64) (map[int64]*Account, error) {
	accounts := make(map[int64]*Account, len(ids))
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	scan := func(r *sql.Rows) error {
		a := new(Account)
		if err := r.Scan(&a.ID, &a.Kind, &a.Balance); err != nil {
			return err
		}
		accounts[a.ID] = a
		return nil
	}
	err := tx.padded(lockAccountsStmt, args, []any{int64(0)}, scan, func(q string, args []any) error {
		if tx.s.loc.Backend != SQLite {
			q += " FOR UPDATE"
		}
		return tx.query(q, scan, args...)
	})
	if err != nil {
		return nil, fmt.Errorf("lock accounts %s: %w", listed(ids), err)
	}
	return accounts, nil
}

// padded runs st over the rows of args in chunks of st.max rows, the last
// padded with pad (one row's arguments, matching nothing) to a power of
// two, so that every text run is one of st.texts().
//
// On PostgreSQL st's pg text runs once over them all instead, a query
// scanning each row with scan when scan is set (run is not called).
func (tx *Tx) padded(st rowsStmt, args, pad []any, scan func(*sql.Rows) error, run func(q string, args []any) error) error {
	if len(args) == 0 {
		return nil
	}
	if stx, ctx, cols, ok := tx.columns(st, args); ok {
		return tx.runArrays(stx, ctx, st, cols, scan)
	}
	rows := len(args) / st.width
	for first := 0; first < rows; first += st.max {
		n := min(st.max, rows-first)
		chunk := args[first*st.width : (first+n)*st.width]
		size := 1
		for size < n {
			size *= 2
		}
		if size > n {
			chunk = slices.Clip(chunk)
			for range size - n {
				chunk = append(chunk, pad...)
			}
		}
		if err := run(st.text(size), chunk); err != nil {
			return err
		}
	}
	return nil
}
