// Package history turns the hands the room stored into hand histories that
// players take home: PokerStars text, which trackers import, and PHH, which
// `pokerroom replay` replays.
//
// A Stored hand is the room's bot.HandRecord with what the formats need of
// its table (Table: the name, the size and, for a tournament table, the
// tournament's number, buy-in and blind structure). Its tag (bot.HandTag)
// gives the players' names, table seats and ids.
//
// An Exporter streams hands to one io.Writer, one at a time, and never
// holds more than the hand it writes: an export of 10,000 hands costs the
// memory of one. Hands that cannot be exported are skipped and counted in
// its Summary, never silently: hands still being played, voided hands,
// hands whose stored record is broken, and (in a player's export) hands the
// player was not dealt in. A hand the format's writer refuses (PHH has no
// code for five-card draw, for instance) is counted and reported to
// Options.Refused with its id, and the export goes on.
//
// Whose cards are written: Options.Player is the exporting player, whose
// hole cards are written as theirs ("Dealt to ..."); every other player's
// cards only when they were shown at the showdown. An operator's export
// (Player 0) shows nobody's hole cards but the shown ones. PHH writes the
// cards nobody saw as unknown ("????"), which its replay fills in.
//
// The package is pure: it reads no clock and no database, and writes only
// to the io.Writer it is given.
package history
