package phh

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
)

// RunCommand is the "replay" command: it replays the files and folders named
// in args (folders recursively), prints one line per failing hand and the
// summary line to stdout, and returns the exit status: 0 when no hand
// mismatched, 1 when some did or a file could not be read as hand histories,
// 2 for a usage error (no path, a path that does not exist, no hand history
// in the paths, a flag; -h prints the usage and returns 0). The command's main
// only needs
//
//	os.Exit(phh.RunCommand(os.Args[2:], os.Stdout, os.Stderr))
//
// It is the package's only use of the operating system and of goroutines: one
// goroutine walks the paths through os.DirFS, one worker per CPU reads,
// parses and replays the files, and the caller's goroutine prints the
// reports in file order, so the output is the same as a sequential run.
func RunCommand(args []string, stdout, stderr io.Writer) int {
	if code, done := replayFlags(args, stdout, stderr); done {
		return code
	}
	// A replay is a short batch job whose garbage is mostly parsed text: the
	// collector runs only when the heap nears 256 MiB instead of every few
	// MiB (a third of the command's time on the corpus otherwise).
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(256 << 20))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	targets, err := replayTargets(args)
	if err != nil {
		fmt.Fprintf(stderr, "replay: %v\n", err)
		return 2
	}
	// One goroutine walks the folders; one worker per CPU reads, parses and
	// replays the files, each with its own Runner; this goroutine
	// prints the workers' reports in file order.
	files := make(chan replayFile, 64)
	go walkTargets(targets, files)
	reports := make(chan replayReport, 64)
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			replayWorker(files, reports)
		}()
	}
	go func() { wg.Wait(); close(reports) }()

	total := &Runner{Out: stdout}
	if code := printReports(reports, total, stdout, stderr); code != 0 {
		return code
	}
	if s := total.Summary; s.Hands == 0 && s.Unreadable == 0 {
		fmt.Fprintf(stderr, "replay: no hand histories (.phh or .phhs files) found in %s\n", strings.Join(args, " "))
		return 2
	}
	if s := total.Finish(); s.Mismatch > 0 || s.Unreadable > 0 {
		return 1
	}
	return 0
}

// replayFlags answers the command's flags: done with the exit status for
// no path, -h (the usage on stdout) or an unknown flag; not done when args
// are all paths.
func replayFlags(args []string, stdout, stderr io.Writer) (code int, done bool) {
	const usage = "usage: replay PATH... (.phh and .phhs files, or folders holding them)"
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2, true
	}
	for _, a := range args {
		switch {
		case a == "-h" || a == "-help" || a == "--help":
			fmt.Fprintln(stdout, usage)
			return 0, true
		case len(a) > 1 && a[0] == '-':
			fmt.Fprintf(stderr, "replay: unknown flag %s\n%s\n", a, usage)
			return 2, true
		}
	}
	return 0, false
}

// A replayTarget is one path of the command line: the folder to open as an
// fs.FS, the root to walk in it (the folder itself, or the named file) and
// how the folder is shown in the reports.
type replayTarget struct{ dir, root, display string }

// replayTargets stats the paths of the command line, in order; the first
// that cannot be stated is the error.
func replayTargets(args []string) ([]replayTarget, error) {
	var targets []replayTarget
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if st.IsDir() {
			targets = append(targets, replayTarget{a, ".", filepath.ToSlash(a)})
		} else {
			dir := filepath.Dir(a)
			display := filepath.ToSlash(dir)
			if dir == "." && !strings.HasPrefix(a, ".") {
				display = "" // "x.phh", not "./x.phh"
			}
			targets = append(targets, replayTarget{dir, filepath.Base(a), display})
		}
	}
	return targets, nil
}

// A replayFile is one hand history file to replay, numbered in walk order,
// or the error that stopped the walk.
type replayFile struct {
	seq  int
	fsys fs.FS
	path string
	name string
	err  error // the walk stopped here
}

// A replayReport is what a worker printed and counted for one file, or the
// walk's error.
type replayReport struct {
	seq     int
	out     []byte
	summary Summary
	walk    error
}

// walkTargets sends the hand history files of the targets in order, then
// closes files; an error of the walk is sent as the last file.
func walkTargets(targets []replayTarget, files chan<- replayFile) {
	defer close(files)
	seq := 0
	for _, t := range targets {
		fsys := os.DirFS(t.dir)
		err := fs.WalkDir(fsys, t.root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || (p != t.root && !IsHandFile(p)) {
				return nil
			}
			files <- replayFile{seq: seq, fsys: fsys, path: p, name: displayName(t.display, p)}
			seq++
			return nil
		})
		if err != nil {
			files <- replayFile{seq: seq, err: err}
			return
		}
	}
}

// replayWorker reads, parses and replays files with its own Runner until
// files is closed, sending a report for each.
func replayWorker(files <-chan replayFile, reports chan<- replayReport) {
	var buf bytes.Buffer
	r := &Runner{Out: &buf}
	for f := range files {
		buf.Reset()
		r.Summary = Summary{}
		if f.err != nil {
			reports <- replayReport{seq: f.seq, walk: f.err}
			continue
		}
		data, err := fs.ReadFile(f.fsys, f.path)
		if err != nil {
			r.record(&Result{Status: Unreadable, Err: &Error{File: f.name, Msg: "read: " + err.Error()}})
		} else {
			r.ReplayData(f.name, data)
		}
		reports <- replayReport{seq: f.seq, out: bytes.Clone(buf.Bytes()), summary: r.Summary}
	}
}

// printReports writes the reports to stdout in file order as they come,
// adding their counts to total's, until reports is closed; it returns 2
// when the walk failed (said on stderr), else 0.
func printReports(reports <-chan replayReport, total *Runner, stdout, stderr io.Writer) int {
	code := 0
	pending := map[int]replayReport{}
	next := 0
	for rep := range reports {
		pending[rep.seq] = rep
		for {
			rp, ok := pending[next]
			if !ok {
				break
			}
			delete(pending, next)
			next++
			if rp.walk != nil {
				fmt.Fprintf(stderr, "replay: %v\n", rp.walk)
				code = 2
				continue
			}
			stdout.Write(rp.out)
			total.Summary.merge(rp.summary)
		}
	}
	return code
}
