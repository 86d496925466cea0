package room_test

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot"
)

// timeCalls are the functions of package time that read the real clock,
// wait or schedule: the room's code uses its Clock instead.
var timeCalls = map[string]bool{
	"Now": true, "Since": true, "Until": true, "After": true, "AfterFunc": true,
	"Sleep": true, "NewTimer": true, "Tick": true, "NewTicker": true,
}

// clockReads returns the places in src (a Go file) where it uses one of
// timeCalls, as "file:line: time.X", leaving out the methods of
// SystemClock, the real clock.
func clockReads(t *testing.T, fset *token.FileSet, name string, src []byte) []string {
	t.Helper()
	f, err := parser.ParseFile(fset, name, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	timeName := ""
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "time" {
			timeName = "time"
			if imp.Name != nil {
				timeName = imp.Name.Name
			}
		}
	}
	if timeName == "" {
		return nil
	}
	var bad []string
	ast.Inspect(f, func(n ast.Node) bool {
		if fd, ok := n.(*ast.FuncDecl); ok && fd.Recv != nil && len(fd.Recv.List) == 1 {
			if id, ok := fd.Recv.List[0].Type.(*ast.Ident); ok && id.Name == "SystemClock" {
				return false
			}
		}
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if x, ok := sel.X.(*ast.Ident); ok && x.Name == timeName && timeCalls[sel.Sel.Name] {
			bad = append(bad, fset.Position(sel.Pos()).String()+": time."+sel.Sel.Name)
		}
		return true
	})
	return bad
}

// The scan finds what it looks for: a read of the real clock, a sleep, a
// renamed import, and spares the real clock's own methods.
func TestClockReadsAreFound(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      int
	}{
		{"now", "package p\nimport \"time\"\nfunc f() { _ = time.Now() }", 1},
		{"since and sleep", "package p\nimport \"time\"\nfunc f(t time.Time) { _ = time.Since(t); time.Sleep(time.Second) }", 2},
		{"renamed import", "package p\nimport tm \"time\"\nfunc f() { <-tm.After(tm.Second) }", 1},
		{"a method value", "package p\nimport \"time\"\nvar now = time.Now", 1},
		{"the real clock", "package p\nimport \"time\"\ntype SystemClock struct{}\nfunc (SystemClock) Now() time.Time { return time.Now() }", 0},
		{"durations and dates", "package p\nimport \"time\"\nvar d, at = time.Second, time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)", 0},
		{"no time import", "package p\nfunc f() {}", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := clockReads(t, token.NewFileSet(), c.name+".go", []byte(c.src)); len(got) != c.want {
				t.Errorf("found %v, want %d", got, c.want)
			}
		})
	}
}

// The room reads time only from its Clock: no file of bot, or of a
// package under it, calls time.Now, Since, Until, After, AfterFunc, Sleep,
// NewTimer, Tick or NewTicker outside the real clock (SystemClock), so
// that a fake clock drives every timer, version and latency of a test.
// bot/sim is not the room: it is the load driver that measures the room
// against the wall clock (throughput, latency, pacing the offered load),
// as main does.
func TestTimeComesFromTheClock(t *testing.T) {
	fset := token.NewFileSet()
	var bad []string
	files := 0
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || path == "sim") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		files++
		bad = append(bad, clockReads(t, fset, path, src)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 10 {
		t.Fatalf("scanned %d files: not bot's directory?", files)
	}
	for _, b := range bad {
		t.Errorf("%s: use the room's Clock", b)
	}
}

// Latency is measured on the room's clock, from the command's Received to
// its events committed: with a fake clock that does not move, a command
// received 250ms of clock time earlier takes exactly 250ms, and one the
// room stamps itself takes none.
func TestLatencyIsMeasuredOnTheRoomsClock(t *testing.T) {
	h := newHarness(t, 7)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 100")
	h.must("ben", "/join 100")
	m := h.room.Metrics()
	if l := m.Latency(); l.Count != 0 {
		t.Fatalf("%d latencies before any action", l.Count)
	}
	act := func(name string, received time.Time) {
		t.Helper()
		who := h.toAct()
		if _, err := h.room.Handle(context.Background(), bot.Command{Platform: "console", Chat: "group", User: who, UserName: who,
			Name: name, Received: received}); err != nil {
			t.Fatalf("%s: /%s: %v", who, name, err)
		}
		h.settle()
	}
	act("call", h.clock.Now().Add(-250*time.Millisecond)) // the small blind completes
	if l := m.Latency(); l.Count != 1 || l.Sum != 250*time.Millisecond {
		t.Fatalf("after one action received 250ms earlier: %d latencies summing %v", l.Count, l.Sum)
	}
	act("check", time.Time{}) // the big blind checks
	if l := m.Latency(); l.Count != 2 || l.Sum != 250*time.Millisecond {
		t.Fatalf("after an action the room stamped: %d latencies summing %v, want 2 summing 250ms", l.Count, l.Sum)
	}
}
