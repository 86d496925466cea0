package phh

import (
	"bytes"
	"testing"
)

// FuzzParse feeds arbitrary documents to both parsers: they must never
// panic, every error must be a located *Error or an ErrorList of them, and
// every parsed action must print back to a notation that parses to the same
// action. Parsed hands are replayed and written back: neither may panic, and
// a hand the engine played to the end must read back with the engine's
// stacks as finishing_stacks.
func FuzzParse(f *testing.F) {
	f.Add([]byte(dwanIvey), false)
	f.Add([]byte("[1]\n"+base+"actions = ['d dh p1 AsKs', 'd dh p2 ????', 'p2 cbr 4', 'p1 cc', 'd db 7d8c6s', 'p1 sm AsKs']\nfinishing_stacks = [4, 26]\n"), true)
	f.Add([]byte(base+"actions = ['p1 sd 7h2c', 'p1 pb # x', '  ', 'p2 cbr 10162.5']\n"), false)
	f.Add([]byte("[1]\nvariant = 'FO/8'\n[1]\n"), true)
	f.Add([]byte(threeWay+"actions = ['d dh p1 ????', 'd dh p2 KhKd', 'p3 cbr 100', 'p1 cc', 'p2 cc', 'p1 sm AcKs']\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, multi bool) {
		name := "f.phh"
		if multi {
			name = "f.phhs"
		}
		hands, err := ParseFile(name, data)
		switch e := err.(type) {
		case nil:
		case *Error:
			if e.File != name || e.Error() == "" {
				t.Fatalf("bad error %#v", e)
			}
		case ErrorList:
			if len(e) == 0 {
				t.Fatal("empty error list")
			}
		default:
			t.Fatalf("unexpected error type %T: %v", err, err)
		}
		for _, h := range hands {
			for _, a := range h.Actions {
				if a.Player > h.Players() {
					t.Fatalf("action %v names a player beyond %d", a, h.Players())
				}
				s := a.String()
				b, _, msg := parseAction([]byte(s), nil)
				if msg != "" {
					t.Fatalf("%q (from %+v) does not parse: %s", s, a, msg)
				}
				if b.String() != s {
					t.Fatalf("%q reparses as %q", s, b.String())
				}
			}
			r := Replay(h)
			if r.Engine == nil {
				continue
			}
			var buf bytes.Buffer
			if err := Write(&buf, Record{Setup: r.Setup, Events: r.Engine.Events()}); err != nil {
				continue // a game without a PHH code
			}
			h2, err := Parse("w.phh", buf.Bytes())
			if err != nil {
				t.Fatalf("written hand does not parse: %v\n%s", err, buf.String())
			}
			if r.Engine.Done() {
				for i, x := range r.Engine.Stacks() {
					if h2.FinishingStacks == nil || h2.FinishingStacks[i] != float64(x) {
						t.Fatalf("written finishing stacks %v, engine %v", h2.FinishingStacks, r.Engine.Stacks())
					}
				}
			}
		}
	})
}
