// Command pokerroom is a self-hosted poker room for Telegram groups and
// Discord servers, played with play money.
//
//	pokerroom [command] [flags]
//
// Commands:
//
//	run          the bot (the default): Telegram, Discord, the terminal console
//	console      the terminal chat on a fresh database; --script plays a script
//	sim          practice opponents through the whole room, and its figures
//	migrate      bring the database schema up to date
//	audit        check the chips: ledger, tables' and tournaments' accounts
//	adminlog     export the admin log (grants, tables, tournaments, bans)
//	export       export a community's hand histories (PokerStars text or PHH)
//	version      print the version
//	replay       replay PHH hand histories through the engine
//	healthcheck  GET /healthz on HTTP_ADDR (the container's health check)
//	help         list the commands; help COMMAND lists its flags
//
// Every flag of run, migrate, audit, adminlog and healthcheck has an
// environment variable of the same meaning (see package config); export
// reads them too, besides its own (--community, --since, --format,
// --player, --tz, --out).
// This is the only package that knows every other one: it reads the
// configuration, wires the store, the HTTP endpoints and the adapters, and
// runs the command. What a command does beyond that lives in its package:
// the simulator in bot/sim, the console in adapters/console, the replay in
// phh.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"
	"github.com/pokerroom/pokerroom/phh"

	"github.com/pokerroom/pokerroom/config"
	"github.com/pokerroom/pokerroom/store"
)

// version is set at build time: -ldflags "-X main.version=1.2.3".
var version = "dev"

// Exit statuses.
const (
	exitOK    = 0
	exitFail  = 1 // the command ran and failed
	exitUsage = 2 // bad command line or configuration: nothing ran
)

func main() {
	// A reader of standard output that goes away (pokerroom ... | head)
	// makes writes fail with EPIPE rather than kill the process before it
	// closes its database (and removes a scratch one).
	signal.Ignore(syscall.SIGPIPE)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		// After the first signal, a second one kills at once.
		<-ctx.Done()
		stop()
	}()
	code := Main(ctx, os.Args[1:], os.Getenv, os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// app is what a command gets: the validated configuration, the logger and
// the standard streams.
type app struct {
	cfg    config.Config
	args   []string // left after the flags
	log    *slog.Logger
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
	// getenv reads the environment, for commands that read their flags
	// and the configuration themselves (export).
	getenv func(string) string
}

// command is one subcommand. Adding one is adding an entry to commands.
type command struct {
	name    string
	summary string
	// noConfig commands read neither flags nor environment.
	noConfig bool
	// takesArgs commands get the arguments left after the flags (paths, ...).
	takesArgs bool
	// usage, when set, prints the flags of a command that reads them
	// itself (help COMMAND).
	usage func(w io.Writer)
	run   func(ctx context.Context, a *app) int
}

var commands []command

func init() {
	commands = []command{
		{name: "run", summary: "run the bot: Telegram with TELEGRAM_TOKEN, Discord with DISCORD_TOKEN, the terminal console when no platform token is set", run: runBot},
		{name: "console", summary: "the terminal chat on a fresh database: --script FILE plays a script (--seed N for the same decks)", noConfig: true, takesArgs: true, usage: consoleUsage, run: runConsole},
		{name: "sim", summary: "simulate --tables N of practice opponents for --hands H through the whole room and print throughput, latency, messages and memory", noConfig: true, takesArgs: true, usage: simUsage, run: runSim},
		{name: "migrate", summary: "bring the database schema up to date and exit", run: runMigrate},
		{name: "audit", summary: "check the chips: the ledger balances, every cash table's and tournament's account holds what it should, one welcome grant a player; exit 1 on a mismatch", run: runAudit},
		{name: "adminlog", summary: "export the admin log (grants, tables, tournaments, bans), newest first: [community=ID] [since=YYYY-MM-DD] [format=csv|json]", takesArgs: true, run: runAdminLog},
		{name: "export", summary: "export a community's hand histories: --community N|platform:chat [--since YYYY-MM-DD] [--format pokerstars|phh] [--player ID] [--tz ZONE] [--out FILE]", noConfig: true, takesArgs: true, usage: exportUsage, run: runExport},
		{name: "version", summary: "print the version and exit", noConfig: true, run: runVersion},
		{name: "replay", summary: "replay PHH hand histories (files or folders) through the engine and compare final stacks", noConfig: true, takesArgs: true, run: runReplay},
		{name: "healthcheck", summary: "GET /healthz on HTTP_ADDR; exit 0 when healthy (for container health checks)", run: runHealthcheck},
		{name: "help", summary: "print this help; help COMMAND prints a command's flags and variables", noConfig: true, takesArgs: true, run: runHelp},
	}
}

// Main runs pokerroom with the given arguments (without the program name),
// environment and streams, and returns the exit status: 0 on success, 1
// when a command failed, 2 for a bad command line or configuration.
// Cancelling ctx (Ctrl-C, SIGTERM) stops it cleanly.
func Main(ctx context.Context, args []string, getenv func(string) string, stdin io.Reader, stdout, stderr io.Writer) int {
	name, implicit := "run", true
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args, implicit = args[0], args[1:], false
	}
	var cmd *command
	for i := range commands {
		if commands[i].name == name {
			cmd = &commands[i]
		}
	}
	if cmd == nil {
		fmt.Fprintf(stderr, "pokerroom: unknown command %q (accepted: %s)\n", name, commandNames())
		return exitUsage
	}
	a := &app{args: args, stdin: stdin, stdout: stdout, stderr: stderr, getenv: getenv}
	if (cmd.name == "version" || cmd.name == "help") && len(args) == 1 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
		// Commands without flags: -h is their help, as for the others
		// (help's is the list of commands).
		if a.args = nil; cmd.name == "version" {
			a.args = []string{cmd.name}
		}
		return runHelp(ctx, a)
	}
	if !cmd.noConfig {
		cfg, rest, err := config.Load(name, args, getenv, stdout)
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		if line := commandAfterFlags(implicit, args, rest); line != "" {
			fmt.Fprintf(stderr, "pokerroom: the command comes first, then its flags: %s\n", line)
			return exitUsage
		}
		var bad *config.Error
		switch {
		case errors.As(err, &bad):
			fmt.Fprintf(stderr, "pokerroom: %v\n", err)
			return exitUsage
		case err != nil: // a flag the command does not have, or without its value
			hint := ""
			if len(args) > 0 && strings.TrimLeft(args[0], "-") == "version" {
				hint = "pokerroom version prints the version; "
			}
			fmt.Fprintf(stderr, "pokerroom: %v (%spokerroom help %s lists the flags)\n", err, hint, name)
			return exitUsage
		}
		a.cfg, a.args = cfg, rest
		a.log = newLogger(cfg, stderr)
		a.log.Debug("configuration", "command", name, "config", cfg)
	} else {
		a.log = slog.New(slog.NewTextHandler(stderr, nil))
	}
	if len(a.args) > 0 && !cmd.takesArgs {
		fmt.Fprintf(stderr, "pokerroom %s: unexpected argument %q\n", name, a.args[0])
		return exitUsage
	}
	return cmd.run(ctx, a)
}

// commandAfterFlags is what to type when a command was written after
// flags (`pokerroom --database-url x.db migrate`: run's flags, then
// "migrate" left over): the command first, then the flags and the rest;
// for a command that does not read the configuration's flags (console,
// sim, ...), where its own are listed. "" otherwise.
func commandAfterFlags(implicit bool, args, rest []string) string {
	if !implicit || len(rest) == 0 || len(rest) > len(args) {
		return ""
	}
	flags := args[:len(args)-len(rest)]
	for _, c := range commands {
		if c.name != rest[0] {
			continue
		}
		if c.noConfig && c.name != "export" { // export reads them too
			return fmt.Sprintf("pokerroom %s, whose flags are its own (%s is not one of them): pokerroom help %s lists them", c.name, strings.Join(flags, " "), c.name)
		}
		line := append([]string{"pokerroom", c.name}, flags...)
		return strings.Join(append(line, rest[1:]...), " ")
	}
	return ""
}

func commandNames() string {
	names := make([]string, len(commands))
	for i, c := range commands {
		names[i] = c.name
	}
	return strings.Join(names, ", ")
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

func runVersion(_ context.Context, a *app) int {
	fmt.Fprintf(a.stdout, "pokerroom %s %s %s/%s\n", version, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return exitOK
}

func runHelp(_ context.Context, a *app) int {
	if len(a.args) > 1 {
		fmt.Fprintf(a.stderr, "pokerroom help: one command at a time (accepted: %s)\n", commandNames())
		return exitUsage
	}
	if len(a.args) == 1 {
		for _, c := range commands {
			if c.name != a.args[0] {
				continue
			}
			fmt.Fprintf(a.stdout, "pokerroom %s: %s\n", c.name, c.summary)
			if c.usage != nil {
				fmt.Fprintln(a.stdout)
				c.usage(a.stdout)
			}
			if !c.noConfig {
				fmt.Fprintln(a.stdout)
				config.Usage(a.stdout, c.name)
			}
			return exitOK
		}
		fmt.Fprintf(a.stderr, "pokerroom help: unknown command %q (accepted: %s)\n", a.args[0], commandNames())
		return exitUsage
	}
	fmt.Fprintf(a.stdout, "pokerroom: a self-hosted poker room for Telegram and Discord (play money).\n\nUsage: pokerroom [command] [flags]\n\nCommands:\n")
	for _, c := range commands {
		fmt.Fprintf(a.stdout, "  %-12s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(a.stdout, "\nRun 'pokerroom COMMAND -h' for the flags and environment variables.\n")
	return exitOK
}

// printFlags prints a command's usage line and the flags define declares
// (help COMMAND).
func printFlags(w io.Writer, usage string, define func(fs *flag.FlagSet)) {
	fs := flag.NewFlagSet(usage, flag.ContinueOnError)
	fs.SetOutput(w)
	define(fs)
	fmt.Fprintf(w, "Usage: %s\n\n", usage)
	fs.PrintDefaults()
}

// openTimeout bounds connecting to the database at start.
const openTimeout = 30 * time.Second

// openStore opens and migrates the configured database.
func openStore(ctx context.Context, a *app) (*store.Store, error) { return openStoreOf(ctx, a, false) }

// openRoomStore is openStore for the commands that read an existing room
// (audit, adminlog, export): a database holding no pokerroom schema (an
// empty file, another application's database) is refused with a
// *noRoomError, never migrated into.
func openRoomStore(ctx context.Context, a *app) (*store.Store, error) {
	return openStoreOf(ctx, a, true)
}

// noRoomError is openRoomStore's refusal of a database that holds no
// pokerroom schema: the configuration names the wrong database.
type noRoomError struct{ where string }

func (e *noRoomError) Error() string {
	return fmt.Sprintf("%s holds no pokerroom database (no schema_migrations; its tables were left as they are): this command reads an existing room's database; check DATABASE_URL, or create one with pokerroom migrate", e.where)
}

func openStoreOf(ctx context.Context, a *app, existing bool) (*store.Store, error) {
	loc := a.cfg.Database
	octx, cancel := context.WithTimeout(ctx, openTimeout)
	s, err := store.Open(octx, loc, store.Options{})
	cancel()
	if err != nil {
		return nil, err
	}
	if existing {
		if v, err := s.SchemaVersion(ctx); err != nil || v == 0 {
			s.Close()
			if err == nil {
				where := loc.String()
				if loc.Backend == store.SQLite {
					where = loc.Path
				}
				err = &noRoomError{where: where}
			}
			return nil, err
		}
	}
	applied, err := migrateUnheld(ctx, s, a.log)
	if err != nil {
		s.Close()
		return nil, err
	}
	// The database's version, as read back, not the binary's target.
	v, err := s.SchemaVersion(ctx)
	if err != nil {
		s.Close()
		return nil, err
	}
	attrs := []any{"backend", loc.Backend, "schema_version", v, "migrations_applied", applied}
	if loc.Backend == store.SQLite {
		attrs = append(attrs, "file", loc.Path)
	} else {
		attrs = append(attrs, "url", loc.String())
	}
	a.log.Info("opened database", attrs...)
	return s, nil
}

// missingDatabase says why a command that reads the room's database
// (audit, adminlog, export) will not run: the configured SQLite file does
// not exist. Opening it would create and migrate an empty database, and
// an audit of it would report every check OK: a mistyped DATABASE_URL
// must not pass for a clean room. "" when the file exists, or for
// PostgreSQL (whose server refuses a database that does not exist).
func missingDatabase(a *app) string {
	loc := a.cfg.Database
	if loc.Backend != store.SQLite || loc.Path == ":memory:" {
		return ""
	}
	if _, err := os.Stat(loc.Path); !errors.Is(err, fs.ErrNotExist) {
		return ""
	}
	return fmt.Sprintf("DATABASE_URL: no database at %s (this command reads an existing room's database; check the path, or create one with pokerroom migrate)", loc.Path)
}

// openFailed answers a failure to open the configured database: a
// DATABASE_URL naming a directory is a bad configuration, answered as
// config's errors are (one line naming the variable, exit status 2);
// anything else is logged as msg, exit status 1.
func openFailed(a *app, msg string, err error) int {
	var dir *store.NotAFileError
	var none *noRoomError
	switch {
	case errors.As(err, &dir):
		fmt.Fprintf(a.stderr, "pokerroom: DATABASE_URL: %v\n", dir)
		return exitUsage
	case errors.As(err, &none):
		fmt.Fprintf(a.stderr, "pokerroom %s: DATABASE_URL: %v\n", msg, none)
		return exitUsage
	}
	a.log.Error(msg, "err", err)
	return exitFail
}

func closeStore(a *app, s *store.Store) {
	if err := s.Close(); err != nil {
		a.log.Error("close database", "err", err)
		return
	}
	a.log.Info("closed database")
}

func runMigrate(ctx context.Context, a *app) int {
	s, err := openStore(ctx, a)
	if err != nil {
		return openFailed(a, "migrate", err)
	}
	closeStore(a, s)
	return exitOK
}

// runAudit is `pokerroom audit`: every check of bot.AuditChips on the
// configured database, a line per check (OK or its mismatches, naming the
// accounts); exit 1 on any mismatch or when the store cannot be read.
func runAudit(ctx context.Context, a *app) int {
	if msg := missingDatabase(a); msg != "" {
		fmt.Fprintf(a.stderr, "pokerroom audit: %s\n", msg)
		return exitUsage
	}
	s, err := openRoomStore(ctx, a)
	if err != nil {
		return openFailed(a, "audit", err)
	}
	defer closeStore(a, s)
	rep, err := room.AuditChips(ctx, s)
	if err != nil {
		a.log.Error("audit", "err", err)
		return exitFail
	}
	if err := rep.Write(a.stdout); err != nil {
		a.log.Error("audit", "err", err)
		return exitFail
	}
	if !rep.OK() {
		fmt.Fprintf(a.stdout, "%d mismatches\n", rep.Mismatches())
		return exitFail
	}
	fmt.Fprintln(a.stdout, "OK")
	return exitOK
}

// runBot runs the bot until ctx is cancelled or, on the console, the input
// ends or the user quits.
func runBot(ctx context.Context, a *app) int {
	if !a.cfg.Console && a.cfg.TelegramToken == "" && a.cfg.DiscordToken == "" {
		fmt.Fprintf(a.stderr, "pokerroom: CONSOLE=off and no platform token is set: nothing to run (set TELEGRAM_TOKEN or DISCORD_TOKEN, or CONSOLE=auto)\n")
		return exitUsage
	}
	p, err := openProgram(ctx, a)
	if err != nil {
		return openFailed(a, "start", err)
	}
	code := exitOK
	if err := p.Run(ctx); err != nil {
		a.log.Error("stopped", "err", err)
		code = exitFail
	}
	if err := p.Close(); err != nil {
		a.log.Error("close", "err", err)
		code = exitFail
	}
	return code
}

// runHealthcheck GETs /healthz on HTTP_ADDR. It is the container's health
// check, since the final image has no curl.
func runHealthcheck(ctx context.Context, a *app) int {
	if a.cfg.HTTPAddr == "" {
		fmt.Fprintln(a.stderr, "pokerroom healthcheck: HTTP_ADDR is empty: no HTTP server to check (accepted: the host:port the bot serves on)")
		return exitUsage
	}
	host, port, _ := net.SplitHostPort(a.cfg.HTTPAddr) // validated by config
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	url := "http://" + net.JoinHostPort(host, port) + "/healthz"
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		fmt.Fprintf(a.stderr, "pokerroom healthcheck: %v\n", err)
		return exitFail
	}
	// No proxy from the environment: this checks the local server.
	client := &http.Client{Transport: &http.Transport{Proxy: nil}}
	resp, err := client.Do(req)
	if err != nil {
		fmt.Fprintf(a.stderr, "pokerroom healthcheck: %v\n", err)
		return exitFail
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	fmt.Fprintf(a.stdout, "%s %s: %s", url, resp.Status, body)
	if resp.StatusCode != http.StatusOK {
		return exitFail
	}
	return exitOK
}

// runReplay is `pokerroom replay PATH...`: one line per failing hand and a
// closing summary; exit 1 when a hand mismatches.
func runReplay(_ context.Context, a *app) int {
	return phh.RunCommand(a.args, a.stdout, a.stderr)
}
