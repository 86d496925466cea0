// Package phh reads and writes poker hand histories in the PHH format (the
// TOML-based Poker Hand History standard of uoftcprg/phh-std) and replays
// them through the engine's hand state machine.
//
// Reading: Parse reads one hand (.phh), ParseHands the many hands of a .phhs
// file ([n] tables), ParseFile and Read choose by the file name. The TOML is
// parsed by github.com/pelletier/go-toml/v2's parser; malformed input is an
// *Error naming the file, the hand, the line and the field (actions[3], ...).
//
// Replaying: Configure maps a hand to the engine's inputs (variants NT, PO,
// FT and FO/8; others are skipped), Replay deals the cards the hand shows
// (engine.ArrangeDeck, unknown "????" cards filled), applies every action and
// compares the final stacks with finishing_stacks. A hand is replayed under
// the room's rules first and, if it differs, under PokerKit's
// (engine.PokerKitRules), the program that judged the generated hands; such
// hands, half-chip hands (compared within one chip) and ante-trimming hands
// are counted apart, never dropped; no hand is excused by name. A Runner walks files
// and folders of an fs.FS and prints one line per failing hand and the
// summary line; RunCommand is the "replay" command around it.
//
// Writing: Write prints a hand played by the engine, from its events, back
// as PHH; reading and replaying it gives the same events and stacks.
//
// Seats follow PHH: p1 is the first seat left of the button (the small blind)
// and the button is the last player; in heads-up hands the blinds and antes
// are written in reverse (p1, the big blind, posts entry 1), so the button
// posts the small blind. Amounts with fractions are played in smaller chips
// (Setup.Scale) and written back in those.
//
// The package does no I/O of its own apart from RunCommand, which opens the
// paths it is given with os.DirFS.
package phh
