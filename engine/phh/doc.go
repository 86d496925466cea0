// Package phh reads and writes poker hand histories in the PHH format (the
// TOML-based Poker Hand History standard of uoftcprg/phh-std) and replays
// them through the engine's hand state machine.
//
// Parse reads one hand (.phh), ParseHands the many hands of a .phhs file
// ([n] tables); both report malformed input as an *Error naming the file,
// the hand, the line and the field. Replay drives an engine.Hand with a
// hand's actions and compares its final stacks with finishing_stacks; the
// Runner walks files and folders through an fs.FS and prints one line per
// failing hand and a summary line. Write prints a hand played by the engine
// back as PHH.
//
// Seats follow PHH: p1 is the first seat left of the button (the small blind)
// and the button is the last player; in heads-up hands the blinds and antes
// are assigned in reverse, so the button posts the small blind.
//
// The package does no I/O of its own apart from RunCommand, the entry point
// of the "replay" command, which opens the paths it is given.
package phh
