package room

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/tournament"

	"github.com/pokerroom/pokerroom/bot/table"

	"github.com/pokerroom/pokerroom/bot"
)

// optionsNow is the time the tournament option tests parse at.
var optionsNow = time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)

// Each mistake in the options gets its own key and a message that names
// what is wrong: the unknown option with the nearest name, the range, the
// values the option takes, the option given twice.
func TestOptionMistakesAreNamedWithWhatIsAllowed(t *testing.T) {
	cash := func(args ...string) error {
		_, err := table.ParseTableConfig(append([]string{"nlhe", "1/2"}, args...))
		return err
	}
	tour := func(args ...string) error {
		_, err := tournament.ParseSettings(append([]string{"X", "start=sng"}, args...), optionsNow)
		return err
	}
	for _, tc := range []struct {
		name string
		err  error
		key  string
		want []string // in the English message
	}{
		{"unknown option, a letter off", cash("seat=4"), "newtable.unknown_option", []string{`"seat"`, "Did you mean seats=?", "figures="}},
		{"unknown option, a prefix", cash("win=5m"), "newtable.unknown_option", []string{"Did you mean window=?"}},
		{"unknown option, nothing near", cash("color=red"), "newtable.unknown_option", []string{`"color"`, "buyin= seats="}},
		{"unknown tournament option", tour("buy-in=10"), "tourney.unknown_option", []string{"Did you mean buyin=?", "game="}},
		{"option twice", cash("seats=6", "SEATS=9"), "tourney.option_twice", []string{"seats"}},
		{"seats out of range", cash("seats=12"), "newtable.seats", []string{`"12"`, "2 to 10"}},
		{"ante not a number", cash("ante=lots"), "newtable.range", []string{"ante=lots", "from 0 to 2"}},
		{"ante over the big blind", cash("ante=3"), "newtable.range", []string{"ante=3", "from 0 to 2"}},
		{"time out of range", cash("timer=2"), "newtable.duration", []string{"timer=2", "5s to 10m"}},
		{"time not a time", cash("sitout=soon"), "newtable.duration", []string{"sitout=soon", "1m to 24h"}},
		{"flag not a flag", cash("twice=maybe"), "newtable.value", []string{`"maybe"`, "on, off"}},
		{"buy-in not a range", cash("buyin=100"), "newtable.value", []string{`"100"`, "min-max"}},
		{"option without value", cash("seats="), "newtable.option", []string{`"seats="`}},
		{"word among table options", cash("seats"), "newtable.option", []string{`"seats"`}},
		{"cap out of range", tableConfigErr("flhe", "1/2", "cap=10"), "newtable.cap", []string{"cap=10", "1 to 9"}},
		{"enum not a choice", tour("speed=warp"), "newtable.value", []string{`"warp"`, "normal, turbo, hyper"}},
		{"tournament number out of range", tour("players=1"), "tourney.range", []string{"players=1", "from 2 to 10000"}},
		{"tournament time out of range", tour("level=10s"), "newtable.duration", []string{"level=10s", "30s to 2h"}},
		{"game not a tournament game", tour("game=draw"), "tourney.game", []string{`"draw"`, "nlhe, plhe"}},
		{"add-on syntax", tour("addon=10"), "tourney.addon_syntax", []string{"addon=10"}},
		{"open not a time", tour("open=soon"), "tourney.when", []string{"open=soon"}},
		{"league share not a number", tour("league=club", "leagueshare=NaN"), "tourney.league_share", []string{"leagueshare=NaN"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var e *bot.Error
			if !errors.As(tc.err, &e) || e.Key != tc.key {
				t.Fatalf("error %v, want key %s", tc.err, tc.key)
			}
			msg := e.Message(bot.English)
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("%q lacks %q", msg, w)
				}
			}
			for _, lang := range []string{bot.English, bot.Spanish} {
				if m := e.Message(lang); strings.Contains(m, "%!") {
					t.Errorf("%s: badly formatted: %q", lang, m)
				}
			}
		})
	}
}

// tableConfigErr is the error ParseTableConfig gives args.
func tableConfigErr(args ...string) error {
	_, err := table.ParseTableConfig(args)
	return err
}

// A table's settings render as /newtable's arguments that give the same
// settings back, every option written out.
func TestTableArgsGiveTheSameTable(t *testing.T) {
	for _, args := range [][]string{
		{"nlhe", "1/2"},
		{"plo", "5/10", "buyin=100-2000", "seats=9", "ante=1", "rake=3%:7", "twice=on", "anon=on", "timer=45", "bank=0", "clock=1m30s", "window=90s", "sitout=2h"},
		{"flhe", "2/4", "cap=1", "rake=off"},
		{"draw", "1/2", "jokers=2", "deck=40", "figures=on", "rake=5"},
	} {
		c, err := table.ParseTableConfig(args)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		back, err := table.ParseTableConfig(c.Args())
		if err != nil || back != c {
			t.Errorf("%v renders as %v, which reads back as %+v, %v; want %+v", args, c.Args(), back, err, c)
		}
	}
}

// Every declared option has its help in both languages, a kind, and a
// default the option itself accepts.
func TestEveryOptionIsDeclaredWithHelpAndAValidDefault(t *testing.T) {
	check := func(o table.Option, read func(string) error) {
		if o.Name == "" || o.Kind == 0 || o.Help.En == "" || o.Help.Es == "" || (o.Only.En == "") != (o.Only.Es == "") {
			t.Errorf("%s= is declared without a name, kind or help in both languages: %+v", o.Name, o)
		}
		if o.Default != "" {
			if err := read(o.Default); err != nil {
				t.Errorf("%s=%s, its default, is refused: %v", o.Name, o.Default, err)
			}
		}
	}
	for _, o := range table.Options() {
		check(o, func(v string) error {
			return table.TableOptionTable.Apply(&table.Config{BigBlind: 2}, []table.KeyValue{{Key: o.Name, Val: v}})
		})
	}
	for _, o := range tournament.Options() {
		check(o, func(v string) error {
			return tournament.OptionTable.Apply(&tournament.Draft{Now: optionsNow, Given: map[string]bool{}}, []table.KeyValue{{Key: o.Name, Val: v}})
		})
	}
}

// /help newtable lists every option of the table, in both languages,
// with its default, and formats (the % of the rake was shown as
// "%!:(MISSING)").
func TestHelpListsEveryTableOption(t *testing.T) {
	for _, lang := range []string{bot.English, bot.Spanish} {
		help := bot.HelpText(lang, []string{"newtable"})
		if strings.Contains(help, "%!") {
			t.Errorf("%s: badly formatted: %q", lang, help)
		}
		for _, o := range table.Options() {
			if !strings.Contains(help, o.Name+"="+o.Default) {
				t.Errorf("%s: /help newtable lacks %s=%s: %q", lang, o.Name, o.Default, help)
			}
		}
	}
	usage := bot.Errorf(bot.EInvalid, "tourney.usage", tournament.OptionTable.Names()).Message(bot.English)
	for _, o := range tournament.Options() {
		if !strings.Contains(usage, " "+o.Name+"=") {
			t.Errorf("/tourney create's usage lacks %s=: %q", o.Name, usage)
		}
	}
}

// The README's option tables are the option tables' (regenerate them
// with TableOptionsMarkdown and TourneyOptionsMarkdown when an option
// changes).
func TestReadmeListsTheOptionTables(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ marker, want string }{
		{"newtable-options", table.TableOptionsMarkdown()},
		{"tourney-options", tournament.OptionsMarkdown()},
	} {
		_, rest, ok := strings.Cut(string(b), "<!-- "+tc.marker+":begin")
		got, _, ok2 := strings.Cut(rest, "<!-- "+tc.marker+":end -->")
		if _, got, _ = strings.Cut(got, "-->\n"); !ok || !ok2 || got != tc.want {
			t.Errorf("README.md's %s table is not the option table's; put this between its markers:\n%s", tc.marker, tc.want)
		}
	}
}

// The tournament options' order matters only where one option reads
// another: a later level= does not change levels= given before it, as
// before the option table.
func TestTourneyOptionsReadInTheOrderGiven(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		first time.Duration
	}{
		{[]string{"X", "start=sng", "level=5m", "levels=10/20,20/40"}, 5 * time.Minute},
		{[]string{"X", "start=sng", "levels=10/20,20/40", "level=5m"}, 10 * time.Minute},
	} {
		s, err := tournament.ParseSettings(tc.args, optionsNow)
		if err != nil {
			t.Fatalf("%v: %v", tc.args, err)
		}
		if got := s.Config.Structure.Levels[0].Duration; got != tc.first {
			t.Errorf("%v: first level %v, want %v", tc.args, got, tc.first)
		}
	}
	again, err := tournament.ParseSettings([]string{"X", "start=sng", "levels=10/20,20/40", "level=5m"}, optionsNow)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := tournament.ParseSettings(again.Args, optionsNow)
	if !reflect.DeepEqual(s, again) {
		t.Errorf("the stored arguments read back as %+v, want %+v", s, again)
	}
}
