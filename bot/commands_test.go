package bot

import (
	"os"
	"strings"
	"testing"
)

// A command, or a subcommand, declared without a permission (or without
// a place) is refused by the table's check, which runs when the package
// loads: the room would not start, and every test fails. cmd() and sub()
// take the permission as an argument, so leaving it out does not build
// (issue 20: /tourney close was missing from the admin list, and any
// player closed registration).
func TestACommandWithoutAPermissionIsRefused(t *testing.T) {
	help := [2]string{"Do it", "Hazlo"}
	for _, tc := range []struct {
		name  string
		table []CommandSpec
		want  string
	}{
		{"command", []CommandSpec{{Name: "frob", Where: PlaceGroup, Help: help}}, "/frob declares no permission"},
		{"subcommand", []CommandSpec{cmd("frob", PermMember, PlaceGroup, "", "Do it", "Hazlo").subs(CommandSpec{Name: "now", Help: help})},
			"/frob now declares no permission"},
		{"place", []CommandSpec{{Name: "frob", Perm: PermAdmin, Help: help}}, "/frob declares no place"},
		{"out of range", []CommandSpec{{Name: "frob", Perm: permEnd, Where: PlaceBoth, Help: help}}, "/frob declares no permission"},
	} {
		err := checkCommands(tc.table)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: checkCommands = %v, want %q", tc.name, err, tc.want)
		}
	}
	if err := checkCommands(commandTable); err != nil {
		t.Fatalf("the room's command table: %v", err)
	}
}

// A subcommand is found after the labels a player may type first, as
// the handlers read it: "/deal T3 icm" is /deal icm's (a seat's), not
// /deal's (a member's).
func TestSubcommandsAreFoundAfterLabels(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"deal", []string{"icm"}, "icm"},
		{"deal", []string{"T3", "icm"}, "icm"},
		{"deal", []string{"YES"}, "accept"},
		{"deal", nil, ""},
		{"tourney", []string{"t2", "close"}, "close"},
		{"tourney", []string{"new", "Open"}, "create"},
		{"tourney", []string{"frob"}, ""},
		{"join", []string{"#2", "100"}, ""},
	} {
		c, s, ok := LookupCommand(tc.name, tc.args)
		got := ""
		if s != nil {
			got = s.Name
		}
		if !ok || c.Name != tc.name || got != tc.want {
			t.Errorf("lookupCommand(%s, %q) = %v, %q; want %q", tc.name, tc.args, ok, got, tc.want)
		}
	}
	if _, _, ok := LookupCommand("frobnicate", nil); ok {
		t.Error("an undeclared command was found")
	}
}

// The menus list the table's commands once each, with both languages'
// descriptions, and mark exactly the admins' and operators' commands.
func TestMenusComeFromTheCommandTable(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Commands() {
		if seen[c.Name] {
			t.Errorf("/%s listed twice", c.Name)
		}
		seen[c.Name] = true
		spec, _, ok := LookupCommand(c.Name, nil)
		if !ok {
			t.Fatalf("/%s is listed but not declared", c.Name)
		}
		if c.Admin != (spec.Perm == PermAdmin || spec.Perm == PermOperator) || c.Perm != spec.Perm || c.Where != spec.Where {
			t.Errorf("/%s: menu %v %v admin=%v, declared %v %v", c.Name, c.Perm, c.Where, c.Admin, spec.Perm, spec.Where)
		}
		if c.Description[English] != spec.Help[0] || c.Description[Spanish] != spec.Help[1] {
			t.Errorf("/%s: descriptions %v", c.Name, c.Description)
		}
	}
	for _, c := range commandTable {
		if !c.Unlisted && !seen[c.Name] {
			t.Errorf("/%s is declared but missing from the menus", c.Name)
		}
	}
}

// /help's topics list every command and subcommand of the table between
// them, with its help line, in English and in Spanish, each topic in one
// Telegram message; /help is its general topic; /help <command> shows the
// command with its subcommands.
func TestHelpListsEveryDeclaredCommand(t *testing.T) {
	for _, lang := range []string{English, Spanish} {
		var all string
		for _, topic := range Topics {
			text := HelpText(lang, []string{string(topic)})
			if n := len([]rune(text)); n > 4096 {
				t.Errorf("%s: /help %s is %d characters, over Telegram's 4,096", lang, topic, n)
			}
			all += text
		}
		if HelpText(lang, nil) != HelpText(lang, []string{string(TopicGeneral)}) {
			t.Errorf("%s: /help is not /help general", lang)
		}
		for _, c := range commandTable {
			if !strings.Contains(all, "/"+c.Name) || !strings.Contains(all, c.Desc(lang)) {
				t.Errorf("%s: /help lacks /%s: %s", lang, c.Name, c.Desc(lang))
			}
			for _, s := range c.Subs {
				if !strings.Contains(all, "/"+c.Name+" "+s.Name) || !strings.Contains(all, s.Desc(lang)) {
					t.Errorf("%s: /help lacks /%s %s", lang, c.Name, s.Name)
				}
			}
		}
	}
	got := HelpText(Spanish, []string{"/tourney"})
	if !strings.Contains(got, "/tourney close") || !strings.Contains(got, "Cierra la inscripción") {
		t.Errorf("/help tourney in Spanish: %q", got)
	}
	if got := HelpText(English, []string{"raise"}); got != Text(English, "help.raise") {
		t.Errorf("/help raise: %q, want its topic", got)
	}
}

// The README's table of commands is the command table's (regenerate it
// with CommandsMarkdown when a command changes).
func TestReadmeListsTheCommandTable(t *testing.T) {
	b, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	want := CommandsMarkdown()
	if !strings.Contains(string(b), want) {
		t.Errorf("README.md's command table is not the command table's; put this between the markers:\n%s", want)
	}
}

// "/help xyz" names neither a command nor a topic: the answer says so
// before the general help, instead of the general help alone as if the
// question had been answered.
func TestHelpOnAnUnknownWordSaysSo(t *testing.T) {
	for _, lang := range []string{English, Spanish} {
		got := HelpText(lang, []string{"xyz"})
		first, rest, _ := strings.Cut(got, "\n")
		if !strings.Contains(first, "xyz") || rest != HelpText(lang, nil) {
			t.Errorf("%s: /help xyz:\n%s", lang, got)
		}
		if HelpText(lang, []string{"raise"}) != Text(lang, "help.raise") {
			t.Errorf("%s: /help raise changed", lang)
		}
	}
}
