package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pokerroom/pokerroom/bot/history"
	"github.com/pokerroom/pokerroom/config"
	"github.com/pokerroom/pokerroom/store"
)

// exportOptions are the flags of `pokerroom export`.
type exportOptions struct {
	community, since, format, tz, out string
	player                            int64
	force                             bool
}

// exportFlags returns the flag set of export: its own flags and, for the
// database, the configuration's (each with its environment variable).
func exportFlags(o *exportOptions, w io.Writer) (*flag.FlagSet, map[string]*string) {
	fs := flag.NewFlagSet("export", flag.ContinueOnError)
	fs.SetOutput(w)
	fs.Usage = func() { exportUsage(w) }
	ownExportFlags(fs, o)
	cfg := map[string]*string{}
	for _, v := range config.Vars {
		cfg[v.Flag] = fs.String(v.Flag, "", v.Usage+" ($"+v.Env+")")
	}
	return fs, cfg
}

func ownExportFlags(fs *flag.FlagSet, o *exportOptions) {
	fs.StringVar(&o.community, "community", "", "the community: its `number` or platform:chat id (telegram:-100123, discord:987, console:group); required")
	fs.StringVar(&o.since, "since", "", "only the hands started on or after this `YYYY-MM-DD` (in --tz); default: all")
	fs.StringVar(&o.format, "format", "pokerstars", "pokerstars (text trackers import) or phh (a .phhs file that pokerroom replay replays)")
	fs.Int64Var(&o.player, "player", 0, "only this player's hands (their stored `id`), with their hole cards; default: every hand, only the cards shown")
	fs.StringVar(&o.tz, "tz", "UTC", "the room's time `zone` (IANA name: Europe/Madrid): the hands' times and --since")
	fs.StringVar(&o.out, "out", "", "write to this `FILE` (replaced only when the export succeeds); default (or -): standard output")
	fs.BoolVar(&o.force, "force", false, "replace the --out file when it exists (without it, an existing file is refused)")
}

// exportUsage prints export's flags.
func exportUsage(w io.Writer) {
	printFlags(w, "pokerroom export --community C [flags]", func(fs *flag.FlagSet) {
		ownExportFlags(fs, &exportOptions{})
		fs.String("database-url", "", "the database, as for run ($DATABASE_URL)")
	})
	fmt.Fprintf(w, "\nThe bot's other settings (flags and variables, see help run) are read and checked as for run.\n")
}

// runExport is `pokerroom export --community C [--since DATE] [--format
// pokerstars|phh] [--player ID] [--tz ZONE] [--out FILE [--force]]`: the hand
// histories of a community's ended hands (see package history), oldest
// first, streamed from the database to the file; a line on standard error
// says how many hands were written and why the others were not. Exit 2
// for a bad flag, date, format, zone, community or output folder, or an
// existing output file without --force; 1 when the database cannot be
// read or the file written.
func runExport(ctx context.Context, a *app) int {
	var o exportOptions
	fs, cfgFlags := exportFlags(&o, a.stderr)
	if err := fs.Parse(a.args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() > 0 {
		return exportUsageError(a, "unexpected argument %q (accepted: flags only; export -h lists them)", fs.Arg(0))
	}
	var cfgArgs []string
	fs.Visit(func(f *flag.Flag) {
		if p, ok := cfgFlags[f.Name]; ok {
			cfgArgs = append(cfgArgs, "-"+f.Name+"="+*p)
		}
	})
	cfg, _, err := config.Load("export", cfgArgs, a.getenv, a.stdout)
	if err != nil {
		return exportUsageError(a, "%v", err)
	}
	a.cfg, a.log = cfg, newLogger(cfg, a.stderr)
	q, hopts, format, code := o.check(a)
	if code != exitOK {
		return code
	}
	if msg := missingDatabase(a); msg != "" {
		return exportUsageError(a, "%s", msg)
	}
	s, err := openRoomStore(ctx, a)
	var dir *store.NotAFileError
	var none *noRoomError
	switch {
	case errors.As(err, &dir):
		return exportUsageError(a, "DATABASE_URL: %v", dir)
	case errors.As(err, &none):
		return exportUsageError(a, "DATABASE_URL: %v", none)
	case err != nil:
		fmt.Fprintf(a.stderr, "pokerroom export: open the database: %v\n", err)
		return exitFail
	}
	defer closeStore(a, s)
	c, err := s.FindCommunity(ctx, o.community)
	switch {
	case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrCommunityRef):
		return exportUsageError(a, "--community: %v", err)
	case err != nil:
		fmt.Fprintf(a.stderr, "pokerroom export: read the communities: %v\n", err)
		return exitFail
	}
	q.CommunityID = c.ID
	return exportTo(ctx, a, s, o.out, q, format, hopts)
}

func exportUsageError(a *app, format string, args ...any) int {
	fmt.Fprintf(a.stderr, "pokerroom export: "+format+"\n", args...)
	return exitUsage
}

// check reads the flags' values: the query (without the community), the
// exporter's options and the format; exitUsage after saying what is wrong.
func (o *exportOptions) check(a *app) (store.ExportQuery, history.Options, history.Format, int) {
	var q store.ExportQuery
	var h history.Options
	fail := func(format string, args ...any) (store.ExportQuery, history.Options, history.Format, int) {
		return q, h, 0, exportUsageError(a, format, args...)
	}
	if o.community == "" {
		return fail("--community is required: the community's number or platform:chat id (telegram:-100123)")
	}
	f, err := history.ParseFormat(o.format)
	if err != nil {
		return fail("--format: %v", err)
	}
	loc, err := time.LoadLocation(o.tz)
	if err != nil || strings.EqualFold(o.tz, "local") {
		return fail("--tz %q is not a time zone (accepted: UTC or an IANA name such as Europe/Madrid)", o.tz)
	}
	if o.since != "" {
		if q.Since, err = time.ParseInLocation("2006-01-02", o.since, loc); err != nil {
			return fail("--since %q is not a date (accepted: YYYY-MM-DD, in --tz %s)", o.since, o.tz)
		}
	}
	if o.player < 0 {
		return fail("--player %d is not a player id (accepted: a positive whole number)", o.player)
	}
	if o.out == "-" { // the standard output, as without --out
		if o.force {
			return fail("--force replaces the --out file: --out - is the standard output")
		}
		o.out = ""
	}
	if o.force && o.out == "" {
		return fail("--force replaces the --out file: give --out FILE (without it the hands go to standard output)")
	}
	if o.out != "" {
		if st, err := os.Stat(filepath.Dir(o.out)); err != nil || !st.IsDir() {
			return fail("--out %s: no folder %s to write it in", o.out, filepath.Dir(o.out))
		}
		if st, err := os.Stat(o.out); err == nil && st.IsDir() {
			return fail("--out %s: a folder, not a file (name a file in it, for example %s)", o.out, filepath.Join(o.out, "hands.txt"))
		}
		if _, err := os.Lstat(o.out); err == nil && !o.force {
			return fail("--out %s: the file exists (add --force to replace it)", o.out)
		}
	}
	q.PlayerID = o.player
	h = history.Options{Location: loc, Player: o.player, Refused: func(id int64, err error) {
		a.log.Warn("export: hand not written", "hand", id, "why", err)
	}}
	return q, h, f, exitOK
}

// exportTo streams the hands of q to the file out (written under a
// temporary name and renamed when done, so a failed export leaves no
// half file) or to standard output, and says on standard error what it
// wrote and skipped.
func exportTo(ctx context.Context, a *app, s *store.Store, out string, q store.ExportQuery, f history.Format, opts history.Options) int {
	w, tmp := a.stdout, ""
	if out != "" {
		file, err := os.CreateTemp(filepath.Dir(out), ".pokerroom-export-*")
		if err != nil {
			fmt.Fprintf(a.stderr, "pokerroom export: --out %s: %v\n", out, err)
			return exitFail
		}
		defer func() {
			file.Close()
			if tmp != "" {
				os.Remove(tmp)
			}
		}()
		w, tmp = file, file.Name()
	}
	e := history.NewExporter(w, f, opts)
	counts, err := s.ExportHands(ctx, q, func(h store.ExportedHand) error {
		tb, err := history.TableOf(h.Table, h.Tourney)
		if err != nil {
			a.log.Warn("export: the table's settings are unreadable: its name only", "table", h.Table.ID, "err", err)
			tb = history.Table{Name: h.Table.Name}
		}
		return e.Write(history.Stored{Hand: h.Hand, Table: tb})
	})
	if err == nil {
		err = e.Flush()
	}
	if err == nil && tmp != "" {
		if err = w.(*os.File).Sync(); err == nil {
			err = os.Rename(tmp, out)
		}
		if err == nil {
			tmp = ""
		}
	}
	if err != nil {
		fmt.Fprintf(a.stderr, "pokerroom export: %v\n", err)
		return exitFail
	}
	sum := e.Summary()
	sum.Playing += counts.Playing
	sum.Voided += counts.Voided
	sum.NotPlayer += counts.NotPlayer
	fmt.Fprintf(a.stderr, "pokerroom export: community %d, %s: %s\n", q.CommunityID, f, sum)
	return exitOK
}
