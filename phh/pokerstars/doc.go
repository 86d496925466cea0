// Package pokerstars writes hands played by the engine as PokerStars hand
// histories, the text format that tracking software (PokerTracker, Hold'em
// Manager, fpdb) imports.
//
// A Hand is the engine's Setup and events plus what the format needs and the
// engine does not know: the hand number, the table's name and size, the time
// in the room's time zone, the players' names and table seats, the exporting
// player (whose hole cards are written as "Dealt to ...") and, for tournament
// hands, the tournament's number, buy-in and level. Other players' hole
// cards are written only when they were shown at the showdown.
//
// WriteHand writes one hand; a Writer streams any number of hands to one
// io.Writer, one at a time, separated by blank lines as PokerStars separates
// them, without holding them: exporting 10,000 hands costs the memory of one.
//
// The games: Hold'em and Omaha (four or five cards), high and hi/lo, in no
// limit, pot limit and fixed limit ("Limit", whose stakes are the small and
// big bets), and five-card draw; side pots, split pots and boards run twice.
// Play money has no currency symbol; cash tables are marked "(Play Money)". The wording follows published PokerStars
// histories line for line (testdata/README.md lists them); where PokerStars
// writes nothing for something the engine does (a draw pot carried to the
// next hand), the package says so in Write's documentation.
//
// The package is pure: it writes only to the io.Writer it is given, reads no
// clock (the time is the caller's) and loads no time zone: the Eastern time
// PokerStars adds in brackets is computed from the US daylight-saving rule.
package pokerstars
