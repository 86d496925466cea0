package phh

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// RunCommand is the "replay" command: it replays the files and folders named
// in args (folders recursively), prints one line per failing hand and the
// summary line to stdout, and returns the exit status: 0 when no hand
// mismatched, 1 when some did, 2 for a usage error (no path, a path that does
// not exist, a flag; -h prints the usage and returns 0). The command's main
// only needs
//
//	os.Exit(phh.RunCommand(os.Args[2:], os.Stdout, os.Stderr))
//
// It is the package's only use of the operating system, and its only
// goroutine: one goroutine walks the paths through os.DirFS and reads the
// files while the caller's parses and replays them, in file order.
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
	// One goroutine reads the files (system calls) while this one parses
	// and replays them.
	type file struct {
		name string
		data []byte
		err  error
		walk bool // err stopped the walk
	}
	files := make(chan file, 256)
	go func() {
		defer close(files)
		for _, t := range targets {
			fsys := os.DirFS(t.dir)
			err := fs.WalkDir(fsys, t.root, func(p string, d fs.DirEntry, err error) error {
				if err != nil {
					return err
				}
				if d.IsDir() || (p != t.root && !IsHandFile(p)) {
					return nil
				}
				data, err := fs.ReadFile(fsys, p)
				files <- file{name: displayName(t.display, p), data: data, err: err}
				return nil
			})
			if err != nil {
				files <- file{err: err, walk: true}
				return
			}
		}
	}()
	r := &Runner{Out: stdout}
	code := 0
	for f := range files {
		switch {
		case f.walk:
			fmt.Fprintf(stderr, "replay: %v\n", f.err)
			code = 2
		case f.err != nil:
			r.record(&Result{Status: Mismatch, Err: &Error{File: f.name, Msg: "read: " + f.err.Error()}})
		default:
			r.ReplayData(f.name, f.data)
		}
	}
	if code != 0 {
		return code
	}
	if s := r.Finish(); s.Mismatch > 0 {
		return 1
	}
	return 0
}
