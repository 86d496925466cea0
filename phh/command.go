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
	const usage = "usage: replay PATH... (.phh and .phhs files, or folders holding them)"
	if len(args) == 0 {
		fmt.Fprintln(stderr, usage)
		return 2
	}
	for _, a := range args {
		switch {
		case a == "-h" || a == "-help" || a == "--help":
			fmt.Fprintln(stdout, usage)
			return 0
		case len(a) > 1 && a[0] == '-':
			fmt.Fprintf(stderr, "replay: unknown flag %s\n%s\n", a, usage)
			return 2
		}
	}
	// A replay is a short batch job whose garbage is mostly parsed text: the
	// collector runs only when the heap nears 256 MiB instead of every few
	// MiB (a third of the command's time on the corpus otherwise).
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(256 << 20))
	defer debug.SetGCPercent(debug.SetGCPercent(-1))
	type target struct{ dir, root, display string }
	var targets []target
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			fmt.Fprintf(stderr, "replay: %v\n", err)
			return 2
		}
		if st.IsDir() {
			targets = append(targets, target{a, ".", filepath.ToSlash(a)})
		} else {
			dir := filepath.Dir(a)
			display := filepath.ToSlash(dir)
			if dir == "." && !strings.HasPrefix(a, ".") {
				display = "" // "x.phh", not "./x.phh"
			}
			targets = append(targets, target{dir, filepath.Base(a), display})
		}
	}
	// One goroutine walks the folders; one worker per CPU reads, parses and
	// replays the files, each with its own Runner; this goroutine
	// prints the workers' reports in file order.
	type file struct {
		seq  int
		fsys fs.FS
		path string
		name string
		err  error // the walk stopped here
	}
	type report struct {
		seq     int
		out     []byte
		summary Summary
		walk    error
	}
	files := make(chan file, 64)
	go func() {
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
				files <- file{seq: seq, fsys: fsys, path: p, name: displayName(t.display, p)}
				seq++
				return nil
			})
			if err != nil {
				files <- file{seq: seq, err: err}
				return
			}
		}
	}()
	reports := make(chan report, 64)
	workers := runtime.GOMAXPROCS(0)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf bytes.Buffer
			r := &Runner{Out: &buf}
			for f := range files {
				buf.Reset()
				r.Summary = Summary{}
				if f.err != nil {
					reports <- report{seq: f.seq, walk: f.err}
					continue
				}
				data, err := fs.ReadFile(f.fsys, f.path)
				if err != nil {
					r.record(&Result{Status: Unreadable, Err: &Error{File: f.name, Msg: "read: " + err.Error()}})
				} else {
					r.ReplayData(f.name, data)
				}
				reports <- report{seq: f.seq, out: bytes.Clone(buf.Bytes()), summary: r.Summary}
			}
		}()
	}
	go func() { wg.Wait(); close(reports) }()

	total := &Runner{Out: stdout}
	code := 0
	pending := map[int]report{}
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
	if code != 0 {
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
