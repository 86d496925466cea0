package main

import (
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// docCommands returns the commands main.go's package doc lists: the
// indented "name  what it does" lines after "Commands:".
func docCommands(doc string) []string {
	_, list, ok := strings.Cut(doc, "Commands:\n")
	if !ok {
		return nil
	}
	var names []string
	line := regexp.MustCompile(`^\t([a-z]+) {2,}\S`)
	for _, l := range strings.Split(strings.TrimLeft(list, "\n"), "\n") {
		m := line.FindStringSubmatch(l)
		if m == nil {
			break
		}
		names = append(names, m[1])
	}
	return names
}

// The package doc lists every command of the command table, in its order,
// and no other.
func TestPackageDocListsEveryCommand(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		t.Fatal(err)
	}
	var table []string
	for _, c := range commands {
		table = append(table, c.name)
	}
	if got := docCommands(f.Doc.Text()); !slices.Equal(got, table) {
		t.Errorf("main.go's doc lists the commands %v; the command table has %v", got, table)
	}
}

// docCommands stops at the end of the list and reads only its names.
func TestDocCommandsReadsTheList(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		want []string
	}{
		{"Commands:\n\n\trun  the bot\n\tsim     figures\n\nEvery flag...\n\tother  x\n", []string{"run", "sim"}},
		{"Commands: run, sim.\n", nil},
		{"no list here\n", nil},
	} {
		if got := docCommands(tc.doc); !slices.Equal(got, tc.want) {
			t.Errorf("docCommands(%q) = %v, want %v", tc.doc, got, tc.want)
		}
	}
}
