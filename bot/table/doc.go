// Package table is a table's actor, for cash tables and tournament tables
// alike: its seats, its hands (dealt, played and stored through engine),
// the commands of the players at it, its messages, and its part in a
// tournament (table.Director takes each hand's report; the director's
// Sync tells the table its seats, level and whether to deal).
//
// A Table is one goroutine fed by a bounded inbox (Do, Run). It changes
// state only by what the store committed: each hand's events and chip
// moves go to the store in one write (through the shared GroupCommit), and
// a failed write restores the last committed state. What a table needs
// of the room it belongs to is in Deps (clock, log, guarded store,
// counters, button signer, settings) and Env (seats across tables,
// wallets, decks, deadlines, sending); it never sees the room itself.
//
// Where things are: table.go (a table's state: seats, hand, settings),
// actor.go (the actor: its inbox and loop, the command or button press it
// runs, down to the action handed to the hand), game.go (dealing, applying
// an action, the clock of turns, ending a hand), commit.go (a table's write
// and the group commit it goes through), restore.go (load and restore),
// cmds.go and bots.go (the players' other commands: join, leave, sit out,
// top up, cards, clock, history; practice opponents), tableviews.go and
// render.go (scenes to views: the table message, the hand summary), fair.go
// (the provable deck: each hand's commitment, seeds and reveal), ttable.go
// (a tournament table), pool.go (a fast-fold pool's table: seated by its
// pool for one hand, fast folds out of turn, R-CASH-7), and the declarative option tables (options.go,
// tableoptions.go, tableconfig.go) that /newtable and /tourney share.
package table
