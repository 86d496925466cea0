// Package engine holds the rules of one hand of poker: cards, the shuffle,
// hand evaluation, the variants, betting, pots, showdown and the events a hand
// produces.
//
// The package uses the standard library only. It starts no goroutines, reads
// no clock, does no I/O and keeps no mutable global state: the same
// configuration, deck and actions always produce the same events, which is what
// lets the room persist a hand as its event log and rebuild it after a crash.
//
// A hand starts from a Setup (the table's rules in Config, the seats, the
// button, the deck and the inputs of this hand only): Start(setup) deals it,
// Legal and Apply play it (FastFold folds a seat of a fast-fold pool in
// turn or out of it, R-CASH-7), Resume(setup, events) rebuilds it from its
// stored events, and Snapshot is the read model views are rendered from (For and
// Redact hide what one viewer may not see). PokerKitRules is a replay
// convention for other programs' hand histories, never a table rule.
//
// Between hands, NextCashHand decides who plays a cash table's next hand
// and where its button and blinds are (R-SEAT-1..4), and ClockCountdown
// decides a call of the clock (R-TIME-3): the room asks, and applies.
package engine
