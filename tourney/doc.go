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
// Rule IDs (R-TRN-n, R-LGE-n, R-SEAT-n) refer to RULES.md in the shared
// specification; the tests name the rule each one proves.
package tourney
