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

	"github.com/pokerroom/pokerroom/bot/sim"
)

// simFlags defines sim's flags on fs, their values in o (and the paths
// and database returned).
func simFlags(fs *flag.FlagSet, o *sim.Options) (db, cpuprofile, traceOut, memprofile *string) {
	fs.IntVar(&o.Tables, "tables", 100, "tables, each with six practice opponents")
	fs.IntVar(&o.Hands, "hands", 20, "hands each table plays")
	db = fs.String("db", "", "database URL or SQLite file; default: a fresh SQLite file, deleted at the end")
	fs.Uint64Var(&o.Seed, "seed", 1, "seed of the decks and the practice opponents")
	cpuprofile = fs.String("cpuprofile", "", "write a CPU profile of the run to this file")
	traceOut = fs.String("trace", "", "write an execution trace of the run to this file (go tool trace)")
	memprofile = fs.String("memprofile", "", "write a heap profile to this file where the memory per idle table is measured (go tool pprof -sample_index=inuse_space)")
	o.Rate = 3000
	fs.Var(rateFlag{o}, "rate", "the load offered, in actions per second across all tables (practice opponents think tables/rate on average before acting; 0 = no thinking, the room's limit), or a multiple of the baseline measured first, as 3x")
	fs.IntVar(&o.Trials, "trials", 100, "deals in a practice opponent's estimate")
	fs.IntVar(&o.Tourney, "tourney", 0, "play one sit-and-go of this many practice opponents to a winner instead of cash tables")
	fs.IntVar(&o.Baseline, "baseline", 2000, "ledger transfers, each its own transaction, measured first on the same database (0: skip)")
	return db, cpuprofile, traceOut, memprofile
}

// simUsage prints sim's flags (help sim).
func simUsage(w io.Writer) {
	printFlags(w, "pokerroom sim [flags]", func(fs *flag.FlagSet) { simFlags(fs, &sim.Options{}) })
}

// runSim is `pokerroom sim --tables N --hands H [--db URL] [--seed N]`:
// N tables of six practice opponents each play H hands through the whole
// room (see package sim), then the figures are printed. It parses the
// flags, opens the database and the profile file, and runs sim.Run.
func runSim(ctx context.Context, a *app) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(a.stderr)
	var o sim.Options
	dbFlag, cpuprofile, traceOut, memprofile := simFlags(fs, &o)
	if err := fs.Parse(a.args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(a.stderr, "pokerroom sim: unexpected argument %q (accepted: flags only; sim -h lists them)\n", fs.Arg(0))
		return exitUsage
	}
	if err := o.Check(); err != nil {
		fmt.Fprintf(a.stderr, "pokerroom sim: %v\n", err)
		return exitUsage
	}
	s, code := openScratch(ctx, a, "sim", *dbFlag)
	if s == nil {
		return code
	}
	defer s.Close()
	// A --db another process runs the room on is refused, as run and
	// console refuse it (lease.go): the sim's room would deal beside it.
	ctx, done, ok := a.holdRoom(ctx, s.Store, "sim")
	if !ok {
		return exitFail
	}
	defer done() // after the room closes
	cfg := sim.Config{Options: o, Store: s, Database: fmt.Sprintf("%s %s", s.Location.Backend, s.Location),
		Log: a.log, Out: a.stdout, Progress: a.stderr}
	for _, out := range []struct {
		path string
		w    *io.Writer
	}{{*cpuprofile, &cfg.CPUProfile}, {*traceOut, &cfg.Trace}, {*memprofile, &cfg.HeapProfile}} {
		if out.path == "" {
			continue
		}
		f, err := os.Create(out.path)
		if err != nil {
			fmt.Fprintf(a.stderr, "pokerroom sim: %v\n", err)
			return exitFail
		}
		defer f.Close()
		*out.w = f
	}
	return sim.Run(ctx, cfg)
}

// rateFlag is sim's --rate: actions a second ("3000", "0") or a multiple
// of the baseline ("3x").
type rateFlag struct{ o *sim.Options }

func (f rateFlag) String() string {
	if f.o == nil {
		return ""
	}
	if f.o.Times > 0 {
		return strconv.FormatFloat(f.o.Times, 'g', -1, 64) + "x"
	}
	return strconv.FormatFloat(f.o.Rate, 'g', -1, 64)
}

func (f rateFlag) Set(v string) error {
	if times, ok := strings.CutSuffix(strings.ToLower(v), "x"); ok {
		t, err := strconv.ParseFloat(times, 64)
		if err != nil || t <= 0 {
			return fmt.Errorf("%q: want a multiple of the baseline above 0, as 3x", v)
		}
		f.o.Times, f.o.Rate = t, 0
		return nil
	}
	r, err := strconv.ParseFloat(v, 64)
	if err != nil {
		return fmt.Errorf("%q: want actions a second (0: no thinking) or a multiple of the baseline, as 3x", v)
	}
	f.o.Rate, f.o.Times = r, 0
	return nil
}
