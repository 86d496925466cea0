// Package room is the application: the poker room of every community on
// every platform, on bot's ports.
//
// A Room takes each user's Command (Handle), checks it against the command
// table's permission, and runs it: room-wide commands (wallets, grants,
// bans, the audit) in the room; a table's in the table's actor; a
// tournament's in the tournament director's actor. Each actor is one
// goroutine fed by a bounded inbox that owns its state; it changes state
// only by what the store committed (a failed write restores the last
// committed state, and chips move in the same transaction as the seat or
// entry they belong to).
//
// Where things are:
//   - room.go, handle.go, admin.go, economy.go, audit.go, limit.go: the room,
//     its dispatch and authorisation, wallets and grants, the audit, the
//     per-user command limit.
//   - table.go, game.go, cmds.go, bots.go, tableviews.go, commit.go: a table
//     actor (cash and tournament tables), its hands, its commands, its
//     messages and the group commit of its writes.
//   - options.go, tableoptions.go, tableconfig.go, tourneyoptions.go: the
//     declarative option tables that parse /newtable and /tourney options.
//   - tourney.go, tcmds.go, ttable.go, tops.go, tmoney.go, tsettings.go,
//     tstaged.go, tdeal.go, tpairs.go, tleague.go, ttemplates.go: the
//     tournament director and the chat features of tournaments.
//   - render.go: scenes to views (the table message, the hand summary).
//
// The rules themselves are not here: engine plays the hands, tourney runs
// the tournaments' arithmetic and timetable; the room asks them.
package room
