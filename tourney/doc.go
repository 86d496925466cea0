// Package tourney is the room's tournament director, written as pure,
// deterministic logic: blind structures and the level clock, the tournament
// lifecycle, entries (buy-ins, tickets, re-entries, rebuys and add-ons),
// prize pools and payouts, satellites, bounties, seating and table
// balancing, the Independent Chip Model and deals, the other tournament
// forms of the seeds (anonymous, windfall, staged, pairs, timed) and
// leagues.
//
// Nothing here sleeps, schedules, stores, logs or does I/O. The caller
// passes the current time (a [time.Time]) and randomness (a [Rand], for
// example a math/rand/v2 *rand.Rand in tests or [NewReaderRand] over
// crypto/rand in production), so the same inputs always give the same
// results. The package uses the standard library only and does not import
// the hand engine: chips are int64 ([Chips]), players are opaque
// [PlayerID]s and seats are numbered 1..N clockwise ([Seat]).
//
// Amounts of chips are never created or lost by rounding: every function
// that divides a pool ([Distribute], payouts, deals, bounties, league
// prizes) returns parts that sum exactly to what it was given, rounding each
// part down and giving the remainder to the first place (or, for an even
// split, the odd chips to the earliest position).
//
// The package by topic:
//
//   - structure.go, clock.go: levels, breaks, presets (normal, turbo,
//     hyper; sit-and-go and multi-table), seed 001's sit-and-go templates,
//     validation and parsing of admin input, and the level clock
//     (Clock.LevelForNextHand: a new level applies from the next hand).
//   - lifecycle.go, entries.go: the Tournament state machine (announced,
//     registration open, late registration, running, final table,
//     finished, cancelled), registration, re-entry, rebuys, add-ons, the
//     prize pool, eliminations, standings and results.
//   - buyin.go: "10+1" and "20+5+2" buy-ins.
//   - payouts.go, satellite.go: proportional (the published table's
//     shape), top-N and winner-takes-all payouts, Distribute, ties,
//     ticket prizes and satellites.
//   - bounty.go: knockout and progressive knockout.
//   - seating.go: random draw, late seats, balancing, breaking tables,
//     the final table, dead button and heads-up positions, and
//     Table.PlanHand: who is dealt into a table's next hand and in what
//     order under the dead button.
//   - handforhand.go: hand for hand at the bubble; busts of one
//     hand-for-hand hand at every table ranked together by their
//     starting chips.
//   - icm.go, deal.go: Malmuth-Harville ICM (exact, Monte Carlo), ICM and
//     chip-chop deals, timed endings.
//   - forms.go: windfall, staged, pairs.
//   - league.go: league share, points, ranking, final and direct prizes.
//
// Where the seeds leave a choice open, the room's choice is documented
// on the identifier: the windfall distribution (WindfallDistribution),
// the default time limit (DefaultTimeLimit), the table broken first (the
// highest numbered), a staged qualifier's best stack, tickets at a timed
// end (to the largest stacks), and ties over a seat (tournament money).
//
// Rule IDs (R-TRN-n, R-LGE-n, R-SEAT-n) refer to RULES.md in the shared
// specification; the tests name the rule each one proves.
package tourney
