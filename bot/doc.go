// Package bot is the application: communities, players, wallets, cash tables
// and tournaments as actors, the commands and their permissions, the views
// (pure functions of snapshots to platform-neutral messages), the outbox and
// the application error type.
//
// It defines the interfaces it consumes (storage, clock, outbox, chat admin
// check); store and the adapters implement them. It imports engine and
// tourney, never a platform library, gorm or config.
package bot
