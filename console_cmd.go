package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/pokerroom/pokerroom/adapters/console"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
	"github.com/pokerroom/pokerroom/store"
	"github.com/pokerroom/pokerroom/store/dburl"
)

// scriptStart is the fake clock's time at the start of a script.
var scriptStart = time.Date(2026, 1, 2, 20, 0, 0, 0, time.UTC)

// runConsole is `pokerroom console [--script FILE] [--seed N] [--db URL]`:
// the terminal chat on a fresh database of its own (or --db). With
// --script it plays FILE (or - for standard input) non-interactively on a
// fake clock that `sleep` lines move, and prints the transcript; --seed
// makes the decks and the practice opponents reproducible.
func runConsole(ctx context.Context, a *app) int {
	fs := flag.NewFlagSet("console", flag.ContinueOnError)
	fs.SetOutput(a.stderr)
	script := fs.String("script", "", "play the script in `FILE` (lines such as \"ana: /join 100\", \"sleep 30s\", \"# comment\"); - reads standard input")
	seedFlag := fs.String("seed", "", "the `N` that seeds the decks and the practice opponents (a whole number); default: random")
	dbFlag := fs.String("db", "", "database `URL` or SQLite file; default: a fresh SQLite file, deleted at the end")
	if err := fs.Parse(a.args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(a.stderr, "pokerroom console: unexpected argument %q (accepted: --script FILE, --seed N, --db URL)\n", fs.Arg(0))
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
	in := a.stdin
	if *script != "" && *script != "-" {
		f, err := os.Open(*script)
		if err != nil {
			fmt.Fprintf(a.stderr, "pokerroom console: %v\n", err)
			return exitUsage
		}
		defer f.Close()
		in = f
	}
	dsn := *dbFlag
	if dsn == "" {
		dir, err := os.MkdirTemp("", "pokerroom-console-")
		if err != nil {
			fmt.Fprintf(a.stderr, "pokerroom console: %v\n", err)
			return exitFail
		}
		defer os.RemoveAll(dir)
		dsn = filepath.Join(dir, "console.db")
	}
	loc, err := dburl.Parse(dsn)
	if err != nil {
		fmt.Fprintf(a.stderr, "pokerroom console: --db: %v\n", err)
		return exitUsage
	}
	octx, cancel := context.WithTimeout(ctx, openTimeout)
	s, err := store.Open(octx, loc, store.Options{})
	cancel()
	if err != nil {
		fmt.Fprintf(a.stderr, "pokerroom console: open database: %v\n", err)
		return exitFail
	}
	defer s.Close()
	if _, err := s.Migrate(ctx); err != nil {
		fmt.Fprintf(a.stderr, "pokerroom console: migrate: %v\n", err)
		return exitFail
	}
	sink := console.NewSink(a.stdout, *script == "" && isTerminal(a.stdout))
	cfg := bot.RoomConfig{Store: s, Clock: bot.SystemClock{}, Log: a.log, HandPause: handPause, BotDelay: botDelay, Seed: seed,
		Outboxes: map[string]bot.Enqueuer{console.Platform: sink},
		Admins:   map[string]bot.Admins{console.Platform: console.Admins}}
	cfg.DeckSeed = seed
	var clock *bottest.Clock
	if *script != "" {
		clock = bottest.NewClock(scriptStart)
		cfg.Clock, cfg.HandPause, cfg.BotDelay = clock, 0, 0
		// A script types its commands at one instant of its clock: no
		// per-user command limit.
		cfg.CommandRate = -1
	}
	room, err := bot.NewRoom(cfg)
	if err != nil {
		fmt.Fprintf(a.stderr, "pokerroom console: %v\n", err)
		return exitFail
	}
	if err := room.Start(ctx); err != nil {
		fmt.Fprintf(a.stderr, "pokerroom console: %v\n", err)
		return exitFail
	}
	defer room.Close()
	con := &console.Console{In: in, Out: a.stdout, Room: room, Sink: sink}
	if clock != nil {
		con.Script, con.Clock = true, clock
	} else {
		con.Welcome = welcome(room)
	}
	err = con.Run(ctx)
	switch {
	case err == nil, errors.Is(err, io.EOF), ctx.Err() != nil:
		return exitOK
	}
	fmt.Fprintf(a.stderr, "pokerroom console: %v\n", err)
	return exitFail
}
