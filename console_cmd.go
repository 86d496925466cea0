package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"
	"github.com/pokerroom/pokerroom/config"

	"github.com/pokerroom/pokerroom/adapters/console"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
	"github.com/pokerroom/pokerroom/cron"
	"github.com/pokerroom/pokerroom/store"
)

// scriptStart is the fake clock's time at the start of a script.
var scriptStart = time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)

// openScratch opens the database of a command that plays on one of its own
// (--db, or a fresh SQLite file removed at Close), saying on stderr what
// went wrong: nil and exitUsage for a bad --db (or one naming a directory), nil and exitFail when it
// cannot be opened.
func openScratch(ctx context.Context, a *app, cmd, dsn string) (*store.Scratch, int) {
	s, err := store.OpenScratchWith(ctx, dsn, cmd, openTimeout, func(ctx context.Context, s *store.Store) (int, error) {
		return migrateUnheld(ctx, s, a.log)
	})
	var bad *store.URLError
	var dir *store.NotAFileError
	switch {
	case errors.As(err, &bad):
		fmt.Fprintf(a.stderr, "pokerroom %s: --db: %v\n", cmd, err)
		return nil, exitUsage
	case errors.As(err, &dir):
		fmt.Fprintf(a.stderr, "pokerroom %s: --db: %v\n", cmd, dir)
		return nil, exitUsage
	case err != nil:
		fmt.Fprintf(a.stderr, "pokerroom %s: %v\n", cmd, err)
		return nil, exitFail
	}
	return s, exitOK
}

// consoleFlags defines console's flags on fs: --script, --seed, --db and
// --files.
func consoleFlags(fs *flag.FlagSet) (script, seed, db, files *string) {
	script = fs.String("script", "", "play the script in `FILE` (lines such as \"ana: /join 100\", \"sleep 30s\", \"# comment\"); - reads standard input")
	seed = fs.String("seed", "", "the `N` that seeds the decks and the practice opponents (a whole number); default: random")
	db = fs.String("db", "", "database `URL` or SQLite file; default: a fresh SQLite file, deleted at the end")
	files = fs.String("files", "", "the `DIR` where /export writes players' files; default: the working directory")
	return script, seed, db, files
}

// consoleUsage prints console's flags (help console).
func consoleUsage(w io.Writer) {
	printFlags(w, "pokerroom console [flags]", func(fs *flag.FlagSet) { consoleFlags(fs) })
}

// runConsole is `pokerroom console [--script FILE] [--seed N] [--db URL]
// [--files DIR]`: the terminal chat on a fresh database of its own (or
// --db). With --script it plays FILE (or - for standard input)
// non-interactively on a fake clock that `sleep` lines move, and prints
// the transcript; --seed makes the decks and the practice opponents
// reproducible; /export writes its files in --files (default: the working
// directory).
func runConsole(ctx context.Context, a *app) int {
	fs := flag.NewFlagSet("console", flag.ContinueOnError)
	fs.SetOutput(a.stderr)
	script, seedFlag, dbFlag, filesFlag := consoleFlags(fs)
	if err := fs.Parse(a.args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(a.stderr, "pokerroom console: unexpected argument %q (accepted: --script FILE, --seed N, --db URL, --files DIR)\n", fs.Arg(0))
		return exitUsage
	}
	var seed uint64
	if *seedFlag != "" {
		n, err := strconv.ParseUint(*seedFlag, 10, 64)
		if err != nil || n == 0 {
			fmt.Fprintf(a.stderr, "pokerroom console: --seed %q: want a whole number from 1 to %d\n", *seedFlag, uint64(1<<64-1))
			return exitUsage
		}
		seed = n
	}
	if *filesFlag != "" {
		if st, err := os.Stat(*filesFlag); err != nil || !st.IsDir() {
			fmt.Fprintf(a.stderr, "pokerroom console: --files %s: not a folder\n", *filesFlag)
			return exitUsage
		}
	}
	// DEFAULT_LANG speaks for the console's chat here as for run's.
	given := ""
	if a.getenv != nil {
		given = strings.TrimSpace(a.getenv("DEFAULT_LANG"))
	}
	lang, ok := config.ParseLang(given)
	if !ok {
		fmt.Fprintf(a.stderr, "pokerroom console: DEFAULT_LANG=%q: invalid language (accepted: en, es)\n", strings.ToLower(given))
		return exitUsage
	}
	// OWNER_IDS too: the console's /audit, /ban and /unban are theirs.
	var owners []string
	if a.getenv != nil {
		var msg string
		if owners, msg = config.ParseOwners(a.getenv("OWNER_IDS")); msg != "" {
			fmt.Fprintf(a.stderr, "pokerroom console: OWNER_IDS: %s\n", msg)
			return exitUsage
		}
	}
	in := a.stdin
	if *script != "" && *script != "-" {
		f, err := os.Open(*script)
		if err != nil {
			fmt.Fprintf(a.stderr, "pokerroom console: %v\n", err)
			return exitUsage
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.IsDir() {
			fmt.Fprintf(a.stderr, "pokerroom console: --script %s: a folder, not a script file\n", *script)
			return exitUsage
		}
		in = f
	}
	s, code := openScratch(ctx, a, "console", *dbFlag)
	if s == nil {
		return code
	}
	defer s.Close()
	// A --db another process runs the room on is refused (lease.go).
	ctx, done, ok := a.holdRoom(ctx, s.Store, "console")
	if !ok {
		return exitFail
	}
	defer done() // after the room closes
	sink := console.NewSink(a.stdout, *script == "" && isTerminal(a.stdout))
	sink.FileDir = *filesFlag
	cfg := room.Config{Store: s, Clock: bot.SystemClock{}, Log: a.log, HandPause: handPause, BotDelay: botDelay, Seed: seed, DefaultLang: lang, Owners: owners,
		Outboxes:   map[string]bot.Enqueuer{console.Platform: sink},
		Admins:     map[string]bot.Admins{console.Platform: console.Admins},
		Spectators: map[string]bot.Spectators{console.Platform: console.Spectators},
		// One person at one keyboard: no per-user command limit.
		Unlimited: []string{console.Platform}}
	cfg.DeckSeed = seed
	var clock *bottest.Clock
	if *script != "" {
		clock = bottest.NewClock(scriptStart)
		cfg.Clock, cfg.HandPause, cfg.BotDelay = clock, 0, 0
		// A script types its commands at one instant of its clock: no
		// per-user command limit.
		cfg.CommandRate = -1
	}
	// The tournaments' schedules (/tourney schedule) run on the room's
	// clock, a script's too: its "sleep" lines move them.
	runner := cron.NewRunner(cfg.Clock, s, a.log)
	cfg.Scheduler = cron.RoomScheduler{Runner: runner}
	rm, err := room.New(cfg)
	if err != nil {
		fmt.Fprintf(a.stderr, "pokerroom console: %v\n", err)
		return exitFail
	}
	if err := rm.Start(ctx); err != nil {
		fmt.Fprintf(a.stderr, "pokerroom console: %v\n", err)
		return exitFail
	}
	defer rm.Close()
	defer runner.Stop() // before the room closes: no tournament is created then
	con := &console.Console{In: in, Out: a.stdout, Room: rm, Sink: sink, Lang: console.RoomLang(rm), Status: storeStatus(s.Store, false, false)}
	if clock != nil {
		con.Script, con.Clock = true, clock
	} else {
		con.Welcome = console.Welcome(rm)
	}
	err = con.Run(ctx)
	switch {
	case err == nil, errors.Is(err, io.EOF), ctx.Err() != nil:
		return exitOK
	}
	fmt.Fprintf(a.stderr, "pokerroom console: %v\n", err)
	return exitFail
}
