package sim_test

import (
	"bytes"
	"context"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/sim"
	"github.com/pokerroom/pokerroom/store"
)

// valid are options Run plays quickly.
var valid = sim.Options{Tables: 2, Hands: 2, Seed: 7, Rate: 0, Trials: 10, Baseline: 10}

// Every bad option is refused with the flag named and what is accepted.
func TestOptionsCheckNamesTheBadFlag(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*sim.Options)
		want   string // "" for valid
	}{
		{"valid", func(*sim.Options) {}, ""},
		{"a tournament ignores tables and hands", func(o *sim.Options) { o.Tourney, o.Tables, o.Hands = 2, 0, 0 }, ""},
		{"no tables", func(o *sim.Options) { o.Tables = 0 }, "--tables 0 --hands 2: want --tables 1..100000"},
		{"too many hands", func(o *sim.Options) { o.Hands = 100001 }, "want --tables 1..100000 and --hands 1..100000"},
		{"a tournament of one", func(o *sim.Options) { o.Tourney = 1 }, "--tourney 1: want 2..100000"},
		{"a negative tournament", func(o *sim.Options) { o.Tourney = -3 }, "--tourney -3"},
		{"a negative rate", func(o *sim.Options) { o.Rate = -1 }, "--rate -1: want 0"},
		{"an infinite rate", func(o *sim.Options) { o.Rate = math.Inf(1) }, "--rate +Inf"},
		{"no trials", func(o *sim.Options) { o.Trials = 0 }, "--trials 0: want 1..100000"},
		{"a negative baseline", func(o *sim.Options) { o.Baseline = -1 }, "--baseline -1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := valid
			tc.change(&o)
			err := o.Check()
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("error %v, want one saying %q", err, tc.want)
			}
		})
	}
}

// scratch opens a fresh migrated database for one test.
func scratch(t *testing.T) *store.Scratch {
	t.Helper()
	s, err := store.OpenScratch(context.Background(), "", "simtest", 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// A run of cash tables plays every hand through the room and prints its
// figures (and a CPU profile when asked); a second run on the same
// database, which now holds tables, is refused as a usage error; bad
// options are refused before anything is played.
func TestRunPlaysTheTablesAndPrintsTheFigures(t *testing.T) {
	s := scratch(t)
	var out, progress, profile, traced, heap bytes.Buffer
	cfg := sim.Config{Options: valid, Store: s, Database: "sqlite test.db", Out: &out, Progress: &progress, CPUProfile: &profile, Trace: &traced, HeapProfile: &heap}
	if code := sim.Run(context.Background(), cfg); code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, progress.String())
	}
	for _, want := range []string{
		"sim: 2 tables x 2 hands on sqlite test.db, offered load unlimited",
		"baseline: ", "hands: 4, actions: ", "actions/s: ", "latency (command received", "messages per hand: ",
		"group commit: ", "memory per idle table: ",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the figures do not say %q:\n%s", want, out.String())
		}
	}
	if profile.Len() == 0 {
		t.Error("no CPU profile written")
	}
	if traced.Len() == 0 {
		t.Error("no execution trace written")
	}
	if heap.Len() == 0 {
		t.Error("no heap profile written")
	}

	out.Reset()
	progress.Reset()
	cfg.CPUProfile, cfg.Trace, cfg.HeapProfile = nil, nil, nil
	if code := sim.Run(context.Background(), cfg); code != 2 || !strings.Contains(progress.String(), "the database must be empty of tables (found 2 open): give --db a fresh database") || strings.Contains(progress.String(), "<nil>") {
		t.Errorf("second run on the same database: exit %d, stderr %q; want 2 and the tables counted", code, progress.String())
	}

	cfg.Options.Tables = 0
	progress.Reset()
	if code := sim.Run(context.Background(), cfg); code != 2 || !strings.Contains(progress.String(), "--tables 0") {
		t.Errorf("no tables: exit %d, stderr %q; want 2 and the flag named", code, progress.String())
	}
}
