// Package bot is the application's vocabulary and contracts: what every
// other package of the room speaks, and nothing that runs.
//
//   - A user's Command and the room's Reply; the application Error with its
//     Code and message key, and the catalogue of texts in English and
//     Spanish (Text, Translate, FormatChips).
//   - The command table (CommandTable, Commands): every command with its
//     permission and place, from which help, the platform menus and the
//     README's table are made.
//   - Outgoing messages (Outgoing, Destination, View, Button, and File: a
//     document for one player, never coalesced) and the
//     platform limits' vocabulary (Limits, RateLimitError, ErrOutboxFull).
//   - The records the room keeps (records.go) and every port it consumes
//     (ports.go): storage, clock, sender and outbox, admin check, threads,
//     scheduler; store, the adapters, cron and bot/outbox implement them.
//   - Signed button tokens (Signer) and the room's counters (Metrics).
//
// Its sub-packages do the work and import it, never the other way round:
// bot/room is the application itself (the room, its cash tables and
// tournaments as actors), bot/outbox delivers outgoing messages within the
// platforms' limits, bot/practice decides for practice opponents, bot/sim
// drives the whole room, bot/tourneycheck checks a tournament's table rules,
// bot/stats counts a finished hand's statistics (VPIP, PFR, ...) per player.
// bot imports engine and tourney, never a platform library, gorm or config.
package bot
