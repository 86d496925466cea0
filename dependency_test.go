package main

import (
	"bufio"
	"bytes"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The dependency rule of DESIGN.md: the core (engine, tourney, bot) never
// imports gorm, a database driver, a platform library or config; engine and
// tourney import only the standard library (and each other where allowed);
// config does not import store; bot's sub-packages import bot, and bot
// none of them (botSubPackagesPending lists the steps still under way).

const module = "github.com/pokerroom/pokerroom"

// dependency is one package in a package's import graph.
type dependency struct {
	Path     string
	Standard bool
}

// importRule says what a package may import, transitively: the standard
// library always, and only the listed packages beyond it.
type importRule struct {
	pkg string
	// allowed are the module's own packages it may import.
	allowed []string
	// thirdParty are the non-module, non-standard packages it may import.
	thirdParty []string
}

// botThirdParty are the libraries bot may use.
var botThirdParty = []string{"golang.org/x/time/rate", // the outbox's and the per-user rate limiters
	"github.com/hashicorp/golang-lru/v2/simplelru", "github.com/hashicorp/golang-lru/v2/internal"} // the per-user caches

// botImports are the module's packages bot imports, which a package
// importing bot imports too: engine and tourney.
var botImports = []string{module + "/engine", module + "/tourney"}

// historyImports are bot/history and what it imports: the formats'
// writers (and phh's TOML library, historyThirdParty). The room imports
// them for /export.
var historyImports = []string{module + "/bot/history", module + "/phh", module + "/phh/pokerstars"}

// roomThirdParty is what the room may use: bot's libraries and phh's
// TOML library (through bot/history).
var roomThirdParty = append([]string{"github.com/pelletier/go-toml/v2"}, botThirdParty...)

// withBot is what a package built on bot may import: bot, what bot
// imports, and more.
func withBot(more ...string) []string {
	return append(append([]string{module + "/bot"}, botImports...), more...)
}

var importRules = []importRule{
	{pkg: module + "/engine"},
	{pkg: module + "/tourney"},
	{pkg: module + "/bot", allowed: botImports, thirdParty: []string{"golang.org/x/time/rate"}},
	// bot/tourneycheck checks the table rules over what the room stores
	// and sends, through bot's ports.
	{pkg: module + "/bot/tourneycheck", allowed: withBot(), thirdParty: botThirdParty},
	// bot/sim drives the room through bot's ports and an outbox (and
	// checks the table rules): no store, no adapter.
	{pkg: module + "/bot/sim", allowed: withBot(module+"/bot/room", module+"/bot/tournament", module+"/bot/table", module+"/bot/practice", module+"/bot/outbox", module+"/bot/tourneycheck", module+"/bot/stats", historyImports[0], historyImports[1], historyImports[2]), thirdParty: roomThirdParty},
	// bot/outbox delivers bot's outgoing messages through bot's Sender
	// port: bot and its rate limiter, nothing of a platform or a store.
	{pkg: module + "/bot/outbox", allowed: withBot(), thirdParty: botThirdParty},
	// bot/practice decides for practice opponents on engine's snapshots:
	// engine alone.
	{pkg: module + "/bot/practice", allowed: []string{module + "/engine"}},
	// config: not store (gorm, the drivers); only the standard-library
	// parser of database URLs.
	{pkg: module + "/config", allowed: []string{module + "/store/dburl"}},
	// bot/history turns stored hands into hand histories: bot's
	// vocabulary, the writers of both formats (phh's TOML parser with
	// them), no store.
	{pkg: module + "/bot/history", allowed: withBot(module+"/phh", module+"/phh/pokerstars"),
		thirdParty: append([]string{"github.com/pelletier/go-toml/v2"}, botThirdParty...)},
	// phh/pokerstars: the pure writer of PokerStars hand histories.
	{pkg: module + "/phh/pokerstars", allowed: []string{module + "/engine"}},
	// bot/stats turns a finished hand into its players' statistics: bot's
	// vocabulary and engine, nothing that runs.
	{pkg: module + "/bot/stats", allowed: withBot(), thirdParty: []string{"golang.org/x/time/rate"}},
	// bot/room, the application: the room and its tournaments on bot's
	// ports, with their tables (bot/table) and tournaments (bot/tournament),
	// players' exports (bot/history) and statistics (bot/stats), and the
	// router of messages to the platforms' outboxes (bot/outbox).
	{pkg: module + "/bot/room", allowed: withBot(append([]string{module + "/bot/tournament", module + "/bot/table", module + "/bot/practice", module + "/bot/stats", module + "/bot/outbox"}, historyImports...)...), thirdParty: roomThirdParty},
	// bot/tournament, a tournament's director: its tables (bot/table) and
	// its environment (tournament.Env), never the room.
	{pkg: module + "/bot/tournament", allowed: withBot(module+"/bot/table", module+"/bot/practice", module+"/bot/stats"), thirdParty: botThirdParty},
	// bot/table, a table's actor (cash and tournament tables): bot's ports
	// and its environment (table.Env), never the room; practice opponents;
	// the statistics of the hands it plays (bot/stats), written with their end.
	{pkg: module + "/bot/table", allowed: withBot(module+"/bot/practice", module+"/bot/stats"), thirdParty: botThirdParty},
	// bot/view turns views into each platform's form: bot's vocabulary
	// alone, pure (no platform library: the adapters map its forms).
	{pkg: module + "/bot/view", allowed: withBot(), thirdParty: botThirdParty},
}

// forbiddenImports returns the imports of pkg's graph that rule does not
// allow: anything outside the standard library, the package itself and its
// allowed packages (and their internal packages).
func forbiddenImports(rule importRule, deps []dependency) []string {
	var bad []string
	for _, d := range deps {
		switch {
		case d.Standard, d.Path == rule.pkg, strings.HasPrefix(d.Path, rule.pkg+"/internal/"):
			continue
		}
		ok := false
		for _, a := range rule.allowed {
			if d.Path == a || strings.HasPrefix(d.Path, a+"/internal/") {
				ok = true
			}
		}
		for _, a := range rule.thirdParty {
			if d.Path == a || strings.HasPrefix(d.Path, a+"/") {
				ok = true
			}
		}
		if !ok {
			bad = append(bad, d.Path)
		}
	}
	return bad
}

// listDeps runs go list -deps on pkg.
func listDeps(t *testing.T, pkg string) []dependency {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}} {{.Standard}}", pkg).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	var deps []dependency
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		path, std, _ := strings.Cut(sc.Text(), " ")
		deps = append(deps, dependency{Path: path, Standard: std == "true"})
	}
	if len(deps) == 0 {
		t.Fatalf("go list -deps %s listed nothing", pkg)
	}
	return deps
}

func TestDependencyRule(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	for _, rule := range importRules {
		t.Run(strings.TrimPrefix(rule.pkg, module+"/"), func(t *testing.T) {
			if bad := forbiddenImports(rule, listDeps(t, rule.pkg)); len(bad) > 0 {
				t.Errorf("%s imports what DESIGN.md forbids: %s", rule.pkg, strings.Join(bad, ", "))
			}
		})
	}
}

// The checker fails on a forbidden import: gorm, a platform library, config
// or store in the core.
func TestDependencyRuleCatchesForbiddenImports(t *testing.T) {
	std := dependency{Path: "fmt", Standard: true}
	for _, tc := range []struct {
		rule importRule
		dep  string
	}{
		{importRules[0], "gorm.io/gorm"},
		{importRules[0], module + "/tourney"},
		{importRules[1], "github.com/bwmarrin/discordgo"},
		{importRules[2], "github.com/go-telegram-bot-api/telegram-bot-api/v5"},
		{importRules[2], module + "/config"},
		{importRules[2], module + "/store"},
		{importRules[3], "gorm.io/gorm"},
		{importRules[3], module + "/store"},
		{importRules[3], module + "/adapters/console"},
		{importRules[4], module + "/store"},
		{importRules[2], module + "/bot/outbox"}, // an arrow up
		{importRules[5], "gorm.io/gorm"},
		{importRules[5], module + "/store"},
		{importRules[5], module + "/config"},
		{importRules[5], module + "/adapters/telegram"},
		{importRules[5], "github.com/bwmarrin/discordgo"},
		{importRules[6], module + "/bot"}, // bot imports it: a cycle
		{importRules[6], "gorm.io/gorm"},
		{importRules[6], module + "/config"},
	} {
		bad := forbiddenImports(tc.rule, []dependency{std, {Path: tc.rule.pkg}, {Path: tc.dep}})
		if len(bad) != 1 || bad[0] != tc.dep {
			t.Errorf("%s importing %s: checker says %v", tc.rule.pkg, tc.dep, bad)
		}
	}
	if bad := forbiddenImports(importRules[2], []dependency{std, {Path: module + "/engine"}, {Path: module + "/engine/internal/x"}}); len(bad) != 0 {
		t.Errorf("bot importing engine refused: %v", bad)
	}
}

// botSubPackagesPending are the sub-packages bot would still import while a
// split is under way: none since the room moved to bot/room.
var botSubPackagesPending []string

// The arrows point down: bot, the vocabulary and the ports, imports none of
// its sub-packages (they import bot), but for the pending ones; and a
// pending one bot no longer imports is taken off the list.
func TestBotImportsNoSubPackage(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	deps := listDeps(t, module+"/bot")
	var bad []string
	for _, p := range subPackageImports(module+"/bot", deps) {
		if !slices.Contains(botSubPackagesPending, p) {
			bad = append(bad, p)
		}
	}
	if len(bad) > 0 {
		t.Errorf("bot imports its sub-packages: %s", strings.Join(bad, ", "))
	}
	for _, p := range botSubPackagesPending {
		if !slices.ContainsFunc(deps, func(d dependency) bool { return d.Path == p }) {
			t.Errorf("bot no longer imports %s: take it off botSubPackagesPending (and bot's allowed imports)", p)
		}
	}
}

// subPackageImports returns the packages under pkg in its import graph
// (pkg/internal/... excepted).
func subPackageImports(pkg string, deps []dependency) []string {
	var bad []string
	for _, d := range deps {
		if strings.HasPrefix(d.Path, pkg+"/") && !strings.HasPrefix(d.Path, pkg+"/internal/") {
			bad = append(bad, d.Path)
		}
	}
	return bad
}

// The sub-package check catches bot importing bot/outbox, and lets bot's
// own imports (engine) through.
func TestSubPackageCheckCatchesAnUpwardArrow(t *testing.T) {
	deps := []dependency{{Path: "fmt", Standard: true}, {Path: module + "/bot"}, {Path: module + "/engine"}, {Path: module + "/bot/outbox"}, {Path: module + "/botany"}}
	if bad := subPackageImports(module+"/bot", deps); len(bad) != 1 || bad[0] != module+"/bot/outbox" {
		t.Errorf("bot importing bot/outbox: checker says %v", bad)
	}
}

// dburl, which config may import, must itself stay free of the store.
func TestDburlIsStandardLibraryOnly(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	rule := importRule{pkg: module + "/store/dburl"}
	if bad := forbiddenImports(rule, listDeps(t, rule.pkg)); len(bad) > 0 {
		t.Errorf("store/dburl imports %s", strings.Join(bad, ", "))
	}
}
