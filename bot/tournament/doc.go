// Package tournament is a tournament's director and the chat features of
// tournaments: settings and their option table (/tourney create),
// registration, rebuys and add-ons, staged events (satellites, flights and
// their final), deals, pairs, leagues.
//
// A Director is one goroutine fed by a bounded inbox (Do, Run) that owns a
// tourney.Tournament: package tourney holds the rules and the arithmetic
// (structures, payouts, seating, balancing, the timetable), the director
// applies them, opens and instructs its tables (package table; each hand's
// report comes back through table.Director) and keeps the tournament as a
// log of typed operations (tops.go) stored with the chips they move, so a
// restart replays it and a failed write restores the last committed state.
// What a director needs of the room is in Deps (clock, log, guarded store,
// counters, signer, the group commit, its tables' deps) and Env (the
// community as it is now, wallets, sending, starting a table); other
// tournaments it finds in the Registry, under a lock of its own.
//
// Where things are: tourney.go (the director, its loop, ops and their
// writes), tclock.go (what is due when), treports.go (hands' reports,
// eliminations, bounties), tbalance.go (balancing, hand for hand),
// ttables.go (its tables), tfinish.go (results, refunds, tickets),
// tcmds.go (the commands run in the director), tmoney.go, tsettings.go and
// tourneyoptions.go, tstaged.go, tdeal.go, tpairs.go, tleague.go, tops.go,
// tstats.go (the players' statistics written with the finish op).
package tournament
