package phh

import (
	"fmt"
	"io"
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
// It is the package's only use of the operating system: paths are opened
// through os.DirFS and replayed by Runner.ReplayFS.
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
	r := &Runner{Out: stdout}
	for _, t := range targets {
		if err := r.ReplayFS(os.DirFS(t.dir), t.root, t.display); err != nil {
			fmt.Fprintf(stderr, "replay: %v\n", err)
			return 2
		}
	}
	if s := r.Finish(); s.Mismatch > 0 {
		return 1
	}
	return 0
}
