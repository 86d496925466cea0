package bot

import (
	"strings"
	"testing"
)

func TestRichPlainJoinsTheTitleAndEveryLine(t *testing.T) {
	two := Rich{Title: Line{S("Hand 3 "), B("#1")}}
	two.Add("", S("Board: "), B("A♠ K♥ 2♦"))
	two.Add("Pot", M("ann wins 40"))
	untitled := Rich{}
	untitled.Add("", S("one"))
	untitled.Add("", S(""), S("two"), C("3"))
	for _, tc := range []struct {
		name string
		r    Rich
		want string
	}{
		{"nothing", Rich{}, ""},
		{"a title alone", Rich{Title: Line{S("only")}}, "only"},
		{"an empty title is no title", untitled, "one\ntwo3"},
		{"a title and lines in two blocks", two, "Hand 3 #1\nBoard: A♠ K♥ 2♦\nann wins 40"},
		{"an empty line keeps its place", Rich{Blocks: []Block{{Lines: []Line{{S("a")}, {}, {S("b")}}}}}, "a\n\nb"},
	} {
		if got := tc.r.Plain(); got != tc.want {
			t.Errorf("%s: Plain() = %q, want %q", tc.name, got, tc.want)
		}
		var lines []string
		if tl := tc.r.Title.Plain(); tl != "" {
			lines = append(lines, tl)
		}
		for _, bl := range tc.r.Blocks {
			for _, l := range bl.Lines {
				lines = append(lines, l.Plain())
			}
		}
		if joined := strings.Join(lines, "\n"); joined != tc.want {
			t.Errorf("%s: the lines' Plain joined = %q, want %q", tc.name, joined, tc.want)
		}
	}
}

func TestRichPlainAllocatesOnce(t *testing.T) {
	r := Rich{Title: Line{S("Hand 3 "), B("#1")}}
	for i := 0; i < 20; i++ {
		r.Add("", S("Board: "), B("A♠ K♥ 2♦ 7♣ 9♠"), M(" (the river)"))
	}
	if n := testing.AllocsPerRun(100, func() { _ = r.Plain() }); n != 1 {
		t.Errorf("Plain allocated %v times, want 1 (its exact size at once)", n)
	}
}
