// Package engine holds the rules of one hand of poker: cards, the shuffle,
// hand evaluation, the variants, betting, pots, showdown and the events a hand
// produces.
//
// The package uses the standard library only. It starts no goroutines, reads
// no clock, does no I/O and keeps no mutable global state: the same
// configuration, deck and actions always produce the same events, which is what
// lets the room persist a hand as its event log and rebuild it after a crash.
package engine
