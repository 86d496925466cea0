// Package room is the application: the poker room of every community on
// every platform, on bot's ports.
//
// A Room takes each user's Command (Handle), checks it against the command
// table's permission, and runs it: room-wide commands (wallets, grants,
// bans, the audit, exports) in the room; a table's in the table's actor
// (package table); a tournament's in its director's (package tournament).
// Each actor is one goroutine fed by a bounded inbox that owns its state;
// it changes state only by what the store committed (a failed write
// restores the last committed state, and chips move in the same
// transaction as the seat or entry they belong to).
//
// Where things are:
//   - room.go, handle.go, admin.go, economy.go, audit.go, limit.go: the
//     room, its dispatch and authorisation, wallets and grants, the audit,
//     the per-user command limit.
//   - tables.go: the room's side of its tables (package table): restoring
//     them, and the room as the environment of its tables and directors
//     (table.Env, tournament.Env); their messages go to each platform's
//     outbox through the room's outbox.Router.
//   - tourneys.go, trestore.go, ttemplates.go: the room's side of its
//     tournaments: the /tourney command, creating, finding, listing and
//     restoring directors (in a tournament.Registry), templates and
//     schedules, the league command.
//   - pools.go, poolcmds.go: fast-fold pools (R-CASH-7): entries drawn at
//     random into hands at the pool's own cash tables, and /newpool,
//     /pool, /fastfold; a pool goroutine deals as entries come back.
//   - closing.go, chatlost.go: /closetable and /closepool, and a chat the
//     bot was removed from (ChatLost): its tables closed, its tournaments
//     paused.
//   - verify.go: /verify, a finished hand's provable deck checked again
//     from the store (the table's side is bot/table/fair.go).
//   - export.go: /export, a player's own hands as a file sent privately
//     (bot.HandExports, bot/history), outside every actor.
//
// The rules themselves are not here: engine plays the hands, tourney runs
// the tournaments' arithmetic and timetable; the room asks them.
package room
