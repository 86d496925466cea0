// Package store keeps pokerroom's state in a relational database through gorm:
// SQLite (modernc.org/sqlite through gorm.io/driver/sqlite, pure Go) as the
// embedded default and PostgreSQL (gorm.io/driver/postgres) for production. Both get the same
// schema from the same migrations.
//
// Money is a double-entry ledger: every chip movement is one [LedgerEntry]
// from one account to another, written by [Tx.Transfer] together with the
// cached balance of both accounts in one transaction. A player's (or a
// table's, or a tournament's) balance can never go below zero; only the
// house, bank and system accounts may, so the total over all accounts is
// always zero. [Store.Audit] recomputes every balance from the ledger.
//
// A hand is a [Hand] row plus its ordered [HandEvent] log, unique per hand
// and sequence number.
//
// Package store is an implementation: the interfaces it satisfies are
// declared by the packages that consume them. The conformance suite in
// store/storetest runs against every backend.
package store
