package phh

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
)

// Summary counts the hands a Runner replayed. Hands = Match + Mismatch +
// Skipped + AnteTrimming.
type Summary struct {
	Hands    int // hands read
	Match    int // final stacks equal finishing_stacks, or legal hands without them
	Mismatch int // different stacks or a refused action
	Skipped  int // variants (or forced-bet layouts) the engine does not play
	// Unreadable counts the files (or parts of .phhs files) that could not
	// be read or parsed as hand histories: errors, not hands.
	Unreadable int

	PokerKitRules int // Match hands that match only with engine.PokerKitRules
	HalfChip      int // Match hands whose finishing_stacks hold half chips, compared within one chip
	LegalityOnly  int // Match hands without finishing_stacks, replayed for legality only
	AnteTrimming  int // ante_trimming_status with a big-blind ante and different stacks: reported apart
}

// String is the summary line of the replay command.
func (s Summary) String() string {
	line := fmt.Sprintf("replayed %d hands: %d match, %d mismatch, %d skipped (unsupported variant)",
		s.Hands, s.Match, s.Mismatch, s.Skipped)
	if s.Unreadable > 0 {
		line += fmt.Sprintf("; %d unreadable (not counted as hands)", s.Unreadable)
	}
	return line
}

// Apart is the note printed before the summary line: the hands counted apart
// or compared differently.
func (s Summary) Apart() string {
	return fmt.Sprintf("%d hands match only under PokerKit's rules (engine.PokerKitRules), %d half-chip hands compared within one chip, "+
		"%d hands without finishing stacks replayed for legality only; %d ante-trimming hands reported apart",
		s.PokerKitRules, s.HalfChip, s.LegalityOnly, s.AnteTrimming)
}

// merge adds the counts of o.
func (s *Summary) merge(o Summary) {
	s.Hands += o.Hands
	s.Match += o.Match
	s.Mismatch += o.Mismatch
	s.Skipped += o.Skipped
	s.Unreadable += o.Unreadable
	s.PokerKitRules += o.PokerKitRules
	s.HalfChip += o.HalfChip
	s.LegalityOnly += o.LegalityOnly
	s.AnteTrimming += o.AnteTrimming
}

// add counts one result.
func (s *Summary) add(r *Result) {
	if r.Status == Unreadable {
		s.Unreadable++
		return
	}
	s.Hands++
	switch r.Status {
	case Match:
		s.Match++
		if r.HalfChip {
			s.HalfChip++
		}
		if r.LegalityOnly {
			s.LegalityOnly++
		}
		if r.PokerKitRules {
			s.PokerKitRules++
		}
	case Mismatch:
		s.Mismatch++
	case Skipped:
		s.Skipped++
	case Apart: // only ante-trimming hands are counted apart
		s.AnteTrimming++
	}
}

// Runner replays hand-history files and reports on them: one line per
// failing hand (and per hand counted apart or skipped for a reason other than
// its variant) on Out, then the summary line from Finish.
type Runner struct {
	Out     io.Writer
	Summary Summary
	// OnResult, when set, is called with every result (tests, tools);
	// the result's Engine, Actual and Setup.Seats are only valid during the
	// call, its Hand stays valid.
	OnResult func(*Result)

	dec decoder  // reused for every file
	rep Replayer // reused for every hand
	res Result   // the current hand's result
}

// ReplayData parses one file's contents (a .phhs file when name ends in
// ".phhs") and replays its hands.
func (r *Runner) ReplayData(name string, data []byte) {
	hands, err := r.dec.parse(name, data, strings.HasSuffix(name, ".phhs"))
	if err == nil && len(hands) == 0 && !strings.HasSuffix(name, ".phhs") {
		err = &Error{File: name, Line: 1, Msg: "empty document: no fields"}
	}
	var list ErrorList
	switch e := err.(type) {
	case nil:
	case ErrorList:
		list = e
	case *Error:
		list = ErrorList{e}
	default:
		list = ErrorList{&Error{File: name, Msg: err.Error()}}
	}
	// Hands and errors in file order.
	for len(hands) > 0 || len(list) > 0 {
		if len(list) > 0 && (len(hands) == 0 || list[0].Line < hands[0].Line) {
			r.record(&Result{Status: Unreadable, Err: list[0]})
			list = list[1:]
			continue
		}
		r.res = r.rep.Replay(hands[0])
		r.record(&r.res)
		hands = hands[1:]
	}
	if r.OnResult == nil {
		r.dec.recycle() // nobody else saw the hands
	}
}

func (r *Runner) record(res *Result) {
	r.Summary.add(res)
	if r.OnResult != nil {
		r.OnResult(res)
	}
	if line := res.Report(); line != "" && r.Out != nil {
		fmt.Fprintln(r.Out, line)
	}
}

// IsHandFile reports whether a file name has a hand-history extension
// (.phh or .phhs).
func IsHandFile(name string) bool {
	return strings.HasSuffix(name, ".phh") || strings.HasSuffix(name, ".phhs")
}

// ReplayFS replays root, a file or a folder of fsys (folders recursively, in
// lexical order, files ending in .phh or .phhs). Names in the report are
// root's path within fsys with display put in front of it (display may be
// empty). It returns the first error met walking fsys; unreadable files are
// counted as Unreadable and walking goes on.
func (r *Runner) ReplayFS(fsys fs.FS, root, display string) error {
	show := func(p string) string { return displayName(display, p) }
	var buf bytes.Buffer
	return fs.WalkDir(fsys, root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || (p != root && !IsHandFile(p)) {
			return nil
		}
		f, err := fsys.Open(p)
		if err == nil {
			buf.Reset()
			_, err = buf.ReadFrom(f)
			f.Close()
		}
		if err != nil {
			r.record(&Result{Status: Unreadable, Err: &Error{File: show(p), Msg: "read: " + err.Error()}})
			return nil
		}
		r.ReplayData(show(p), buf.Bytes())
		return nil
	})
}

// displayName is the name of path p of a walk shown under display.
func displayName(display, p string) string {
	if display == "" {
		return p
	}
	if p == "." {
		return display
	}
	return strings.TrimSuffix(display, "/") + "/" + p
}

// Finish prints the note on hands counted apart and the summary line, and
// returns the summary.
func (r *Runner) Finish() Summary {
	if r.Out != nil {
		fmt.Fprintln(r.Out, r.Summary.Apart())
		fmt.Fprintln(r.Out, r.Summary.String())
	}
	return r.Summary
}

// ReplayPaths replays the given files and folders of fsys (paths in fs.FS
// form, "." for all of it), writes the report and the summary line to out
// and returns the summary.
func ReplayPaths(fsys fs.FS, paths []string, out io.Writer) (Summary, error) {
	r := &Runner{Out: out}
	for _, p := range paths {
		p = path.Clean(p)
		if err := r.ReplayFS(fsys, p, ""); err != nil {
			return r.Summary, err
		}
	}
	return r.Finish(), nil
}
