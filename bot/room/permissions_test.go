package room_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
)

// The permission matrix (issue 20): every command and subcommand of the
// command table, by every alias, × every role, typed in the group and in
// a private chat, through the room's public entry point (Room.Handle), as
// Telegram's and as Discord's identities. What the table declares decides
// the expected answer: a refusal names its own reason (its code and key,
// never a generic one) and changes nothing (the ledger's accounts, the
// tables, their seats and hands, the tournaments and their logs, no
// message queued); an allowed command is not refused for who or where it
// comes from (it may still fail for a reason of the game: no chips, not
// your tournament, registration closed).

// The roles, each a user of the fixture's community ("group").
const (
	roleStranger   = "stranger"    // never seen by the room before the command
	roleMember     = "member"      // has used the room in this community
	roleSeated     = "seated"      // seated at the table, in the hand, not to act
	roleActing     = "acting"      // seated, to act in the hand being played
	roleOtherSeat  = "other seat"  // seated at the table, waiting for the big blind: not in the hand
	roleAdmin      = "admin"       // an administrator of this chat
	roleOtherAdmin = "other admin" // an administrator of another community's chat only
	roleOperator   = "operator"    // one of the bot's operators (OWNER_IDS)
)

// memberRoles are the roles that are members of the table's community.
var memberRoles = map[string]bool{roleMember: true, roleSeated: true, roleActing: true, roleOtherSeat: true, roleAdmin: true}

var roles = []string{roleStranger, roleMember, roleSeated, roleActing, roleOtherSeat, roleAdmin, roleOtherAdmin, roleOperator}

// matrixFixtures are the arguments that make each command meaningful in
// the fixture: "#T" stands for the cash table's label. A command declared
// without a fixture fails the matrix: adding a command is one entry in
// the command table and one here.
var matrixFixtures = map[string]string{
	"start": "", "help": "", "wallet": "", "tables": "",
	"join": "100 #T", "leave": "#T", "sitout": "#T", "back": "#T", "topup": "50 #T",
	"fold": "#T", "check": "#T", "call": "#T", "bet": "10 #T", "raise": "10 #T", "allin": "#T",
	"discard": "2c #T", "pat": "#T", "cards": "#T", "clock": "#T", "consult": "#T", "history": "#T", "export": "",
	"seed": "lucky #T", "verify": "#T 1",
	"tourneys": "", "register": "", "unregister": "", "rebuy": "#T", "addon": "#T", "reenter": "",
	"deal": "", "deal icm": "", "deal chop": "", "deal accept": "", "deal decline": "",
	"standings": "", "league": "", "stats": "", "leaderboard": "week",
	"tourney": "", "tourney info": "", "tourney players": "", "tourney structure": "", "tourney payouts": "", "tourney me": "",
	"tourney create": "Second buyin=5+1 start=+2h", "tourney edit": "name=Renamed", "tourney open": "", "tourney close": "",
	"tourney start": "", "tourney cancel": "", "tourney pause": "", "tourney resume": "", "tourney balance": "",
	"tourney dq": "waiter", "tourney refuse": "waiter", "tourney bots": "2", "tourney template": "list", "tourney schedule": "nightly off",
	"newtable": "nlhe 1/2", "closetable": "#T", "closepool": "", "addbot": "1 #T", "fastfold": "#T", "newpool": "nlhe 1/2",
	"pool": "", "pool join": "100", "pool sitout": "", "pool back": "", "pool leave": "", "kickbot": "#T", "lang": "es", "lang chat": "es", "spectate": "off",
	"grant": "@member 10", "adminlog": "5", "ban": "@member spam", "unban": "@member", "audit": "",
}

// matrixCase is one command of the matrix as typed: the name, the
// subcommand word (alias included) and the declaration that applies.
type matrixCase struct {
	key  string // the fixture's key: "deal icm"
	name string // the command typed ("sit")
	sub  string // the subcommand typed ("new"), "" for none
	spec bot.CommandSpec
}

// matrixCases lists every command and subcommand by every name.
func matrixCases() []matrixCase {
	var out []matrixCase
	for _, c := range bot.CommandTable() {
		for _, n := range append([]string{c.Name}, c.Aliases...) {
			out = append(out, matrixCase{key: c.Name, name: n, spec: c})
			for _, s := range c.Subs {
				for _, sn := range append([]string{s.Name}, s.Aliases...) {
					out = append(out, matrixCase{key: c.Name + " " + s.Name, name: n, sub: sn, spec: s})
				}
			}
		}
	}
	return out
}

// refusalKeys are the refusals for who or where a command comes from,
// by what the table declares; any other error is the game's.
var refusalKeys = map[bot.Permission][]string{
	bot.PermSeated:   {"table.not_seated", "deal.not_in"},
	bot.PermActing:   {"table.not_seated", "action.no_hand", "action.not_in_hand", "action.nobody_to_act", "action.turn_of"},
	bot.PermAdmin:    {"admin.only"},
	bot.PermOperator: {"operator.only"},
}

// allRefusalKeys: an allowed command answering one of these was refused.
var allRefusalKeys = []string{"command.unknown", "command.in_group", "command.in_private", "table.not_seated", "deal.not_in",
	"action.no_hand", "action.not_in_hand", "action.nobody_to_act", "action.turn_of", "admin.only", "operator.only"}

// expectation is what the table says of a role using a command in a
// place: allowed, or refused with one of keys (and code).
type expectation struct {
	allowed bool
	code    bot.Code
	keys    []string
}

func expect(spec bot.CommandSpec, role string, private bool) expectation {
	switch {
	case spec.Where == bot.PlaceGroup && private:
		return expectation{code: bot.EInvalid, keys: []string{"command.in_group"}}
	case spec.Where == bot.PlacePrivate && !private:
		return expectation{code: bot.EInvalid, keys: []string{"command.in_private"}}
	}
	ok := false
	switch spec.Perm {
	case bot.PermAnyone, bot.PermMember:
		ok = true
	case bot.PermSeated:
		ok = role == roleSeated || role == roleActing || role == roleOtherSeat
	case bot.PermActing:
		ok = role == roleActing
	case bot.PermAdmin:
		ok = role == roleAdmin || role == roleOperator
	case bot.PermOperator:
		ok = role == roleOperator
	}
	if ok {
		return expectation{allowed: true}
	}
	code := bot.EInvalid
	if spec.Perm == bot.PermAdmin || spec.Perm == bot.PermOperator {
		code = bot.EForbidden
	}
	return expectation{code: code, keys: refusalKeys[spec.Perm]}
}

// matrix is one fixture: a room whose community "group" has a cash table
// with a hand being played by "seat1" and "seat2" and "waiter" seated out
// of it, a tournament in registration they entered, a member who used the
// room there, the chat's admin, another chat's admin and an operator.
type matrix struct {
	h        *harness
	platform string
	users    map[string]string // role → user id
	table    string            // "#1"
}

// newMatrixHarness opens a room for the matrix on dsn: the chat admins
// and the operator of the fixture.
func newMatrixHarness(t *testing.T, platform, dsn string) *harness {
	h := &harness{t: t, dsn: dsn, seed: 7, clock: bottest.NewClock(t0),
		admins: map[string]bool{"group/admin": true, "other/otheradmin": true}, owners: []string{platform + ":op"}}
	h.open()
	t.Cleanup(h.close)
	t.Cleanup(func() {
		if h.store != nil && !t.Failed() {
			h.checkBooks()
		}
	})
	return h
}

// newMatrixTemplate builds the fixture once for a platform and closes its
// room: each case starts a room of its own on a copy of the database
// (matrixTemplate.fixture), as after a restart.
func newMatrixTemplate(t *testing.T, platform string) *matrixTemplate {
	h := newMatrixHarness(t, platform, filepath.Join(t.TempDir(), "room.db"))
	m := &matrix{h: h, platform: platform}
	m.must("admin", "group", "/newtable nlhe 1/2")
	m.must("admin", "group", "/tourney create Open buyin=10+1 start=+1h")
	m.must("member", "group", "/wallet")
	m.must("otheradmin", "other", "/wallet")
	for _, u := range []string{"seat1", "seat2"} {
		m.must(u, "group", "/register")
		m.must(u, "group", "/join 100")
	}
	m.must("waiter", "group", "/register")
	m.must("waiter", "group", "/join 100")
	acting := h.toAct()
	seated := "seat1"
	switch acting {
	case "seat1":
		seated = "seat2"
	case "seat2":
	default:
		t.Fatalf("the fixture's hand: %q to act\n%s", acting, h.table().Text)
	}
	if !strings.Contains(h.table().Text, "waiter") {
		t.Fatalf("the fixture's table lacks the waiter:\n%s", h.table().Text)
	}
	h.checkBooks()
	h.close()
	return &matrixTemplate{platform: platform, dsn: h.dsn, table: "#1", users: map[string]string{
		roleStranger: "stranger", roleMember: "member", roleSeated: seated, roleActing: acting,
		roleOtherSeat: "waiter", roleAdmin: "admin", roleOtherAdmin: "otheradmin", roleOperator: "op"}}
}

// matrixTemplate is a platform's fixture, stored.
type matrixTemplate struct {
	platform, dsn, table string
	users                map[string]string
}

// fixture starts a room on a copy of the template's database; the
// players' turn is as the template left it.
func (tp *matrixTemplate) fixture(t *testing.T) *matrix {
	t.Helper()
	b, err := os.ReadFile(tp.dsn)
	if err != nil {
		t.Fatal(err)
	}
	dsn := filepath.Join(t.TempDir(), "room.db")
	if err := os.WriteFile(dsn, b, 0o600); err != nil {
		t.Fatal(err)
	}
	m := &matrix{h: newMatrixHarness(t, tp.platform, dsn), platform: tp.platform, users: tp.users, table: tp.table}
	if _, err := m.run(tp.users[roleSeated], "group", "/check "+tp.table); errKey(err) != "action.turn_of" {
		t.Fatalf("after the restart, %s is not to act: %v", tp.users[roleActing], err)
	}
	return m
}

// run types line as user in chat ("" for the private chat) and lets the
// room settle.
func (m *matrix) run(user, chat, line string) (bot.Reply, error) {
	m.h.t.Helper()
	name, args, ok := bot.ParseCommand(line)
	if !ok {
		m.h.t.Fatalf("%q is not a command", line)
	}
	title := ""
	if chat != "" {
		title = chat + " chat"
	}
	guild := ""
	if m.platform == "discord" && chat != "" {
		guild = "server of " + chat // as Discord says: a channel's server
	}
	r, err := m.h.room.Handle(context.Background(), bot.Command{Platform: m.platform, Chat: chat, ChatTitle: title, Guild: guild,
		User: user, UserName: user, Name: name, Args: args})
	m.h.settle()
	return r, err
}

func (m *matrix) must(user, chat, line string) {
	m.h.t.Helper()
	if _, err := m.run(user, chat, line); err != nil {
		m.h.t.Fatalf("fixture: %s: %s: %v", user, line, err)
	}
}

// state is what a refused command must leave as it was.
type state struct {
	snap bot.AuditSnapshot
	msgs int
}

func (m *matrix) state() state {
	m.h.t.Helper()
	s, err := m.h.store.AuditSnapshot(context.Background())
	if err != nil {
		m.h.t.Fatal(err)
	}
	return state{snap: s, msgs: len(m.h.rec.all())}
}

// line is the command as a role types it.
func (c matrixCase) line(table string) string {
	parts := []string{"/" + c.name}
	if c.sub != "" {
		parts = append(parts, c.sub)
	}
	if a := strings.ReplaceAll(matrixFixtures[c.key], "#T", table); a != "" {
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}

// check runs the case as role in a place and checks the answer against
// the table's declaration; a refusal must queue no message. It reports
// whether the command was refused as declared (the caller then checks
// the room did not change).
func (m *matrix) check(t *testing.T, c matrixCase, role string, private bool) bool {
	t.Helper()
	chat, where := "group", "in the group"
	if private {
		chat, where = "", "in private"
	}
	want := expect(c.spec, role, private)
	if private && !want.allowed && c.spec.Where != bot.PlaceGroup && strings.Contains(matrixFixtures[c.key], "#T") && !memberRoles[role] {
		// From a private chat a table of a community the user is not a
		// member of answers as no table: outsiders cannot tell which
		// tables exist (the matrix once wanted "not seated" here).
		want = expectation{code: bot.ENotFound, keys: []string{"table.no_such"}}
	}
	line := c.line(m.table)
	msgs := len(m.h.rec.all())
	_, err := m.run(m.users[role], chat, line)
	var e *bot.Error
	if err != nil && !errors.As(err, &e) {
		t.Fatalf("%s %s: %s: %v is not a *bot.Error", role, where, line, err)
	}
	if want.allowed {
		if e != nil && (slices.Contains(allRefusalKeys, e.Key) || e.Code == bot.EInternal || e.Code == bot.EForbidden) {
			t.Errorf("%s %s: %s (declared %v, %v): refused: %v", role, where, line, c.spec.Perm, c.spec.Where, e)
		}
		return false
	}
	if e == nil || e.Code != want.code || !slices.Contains(want.keys, e.Key) {
		t.Errorf("%s %s: %s (declared %v, %v): answered %v, want refused with %s %v", role, where, line, c.spec.Perm, c.spec.Where, err, want.code, want.keys)
		return false
	}
	if n := len(m.h.rec.all()) - msgs; n != 0 {
		t.Errorf("%s %s: %s was refused (%s) but %d messages were queued", role, where, line, e.Key, n)
	}
	return true
}

// probe is one role in one place.
type probe struct {
	role    string
	private bool
}

// The permission matrix, every command × every role × both places × both
// platforms (issue 20 item 5).
func TestPermissionMatrix(t *testing.T) {
	cases := matrixCases()
	for key := range matrixFixtures {
		if !slices.ContainsFunc(cases, func(c matrixCase) bool { return c.key == key }) {
			t.Errorf("fixture %q names no declared command", key)
		}
	}
	for _, platform := range []string{"telegram", "discord"} {
		t.Run(platform, func(t *testing.T) {
			t.Parallel()
			tp := newMatrixTemplate(t, platform)
			for _, c := range cases {
				t.Run(strings.TrimSpace(c.name+" "+c.sub), func(t *testing.T) {
					t.Parallel()
					if _, ok := matrixFixtures[c.key]; !ok {
						t.Fatalf("/%s has no fixture in matrixFixtures: add the arguments that make it meaningful", c.key)
					}
					// One fixture: every refusal first, then the allowed
					// roles in the group, in order. The refusals must
					// leave the room as it was: checked once after them
					// all, and when something changed, each again on a
					// fixture of its own to name the one that did.
					m := tp.fixture(t)
					before := m.state()
					var refused []probe
					for _, private := range []bool{false, true} {
						for _, role := range roles {
							if !expect(c.spec, role, private).allowed && m.check(t, c, role, private) {
								refused = append(refused, probe{role, private})
							}
						}
					}
					if len(changes(before.snap, m.state().snap)) > 0 {
						for _, p := range refused {
							m := tp.fixture(t)
							before := m.state()
							m.check(t, c, p.role, p.private)
							for _, d := range changes(before.snap, m.state().snap) {
								t.Errorf("%s (private: %v): %s was refused but %s", p.role, p.private, c.line(m.table), d)
							}
						}
					}
					allowedPrivate, sameFixture := false, c.spec.Perm == bot.PermAnyone || c.spec.Perm == bot.PermMember
					for _, role := range roles {
						if expect(c.spec, role, false).allowed {
							m.check(t, c, role, false)
						}
						allowedPrivate = allowedPrivate || expect(c.spec, role, true).allowed
					}
					if !allowedPrivate {
						return
					}
					// The allowed roles in private: a command anyone or a
					// member may use on the same fixture (what it did does
					// not change who may use it); a seat's or the turn's on
					// a fixture of its own (/leave or /fold in the group
					// took the seat or the turn away).
					if !sameFixture {
						m = tp.fixture(t)
					}
					for _, role := range roles {
						if expect(c.spec, role, true).allowed {
							m.check(t, c, role, true)
						}
					}
				})
			}
		})
	}
}

// changes lists what differs between two snapshots, but for a newcomer's
// welcome: the room opens a wallet with the welcome chips for a user it
// has never seen on their first command, refused or not (the stranger's
// case); that wallet holding exactly its welcome, and the bank's matching
// debit, are not the command's doing.
func changes(before, after bot.AuditSnapshot) []string {
	var out []string
	if !reflect.DeepEqual(before.Tables, after.Tables) {
		out = append(out, "the tables changed")
	}
	if !reflect.DeepEqual(before.Seats, after.Seats) {
		out = append(out, "the seats changed")
	}
	if !reflect.DeepEqual(before.OpenHands, after.OpenHands) {
		out = append(out, "the hands changed")
	}
	if !reflect.DeepEqual(before.Tourneys, after.Tourneys) || !reflect.DeepEqual(before.Ops, after.Ops) {
		out = append(out, "the tournaments changed")
	}
	if len(after.Ledger.Mismatches) > 0 || after.Ledger.Total != 0 {
		out = append(out, fmt.Sprintf("the ledger no longer balances: %+v", after.Ledger))
	}
	if len(after.Welcome) < len(before.Welcome) || !reflect.DeepEqual(before.Welcome, after.Welcome[:len(before.Welcome)]) {
		out = append(out, "the welcome grants changed")
		return out
	}
	welcomed := map[int64]int64{}
	var bank, given int64
	for _, w := range after.Welcome[len(before.Welcome):] {
		welcomed[w.To] += w.Amount
		bank, given = w.From, given+w.Amount
	}
	old := map[int64]bot.AccountBalance{}
	for _, a := range before.Accounts {
		old[a.ID] = a
	}
	for _, a := range after.Accounts {
		b, ok := old[a.ID]
		switch {
		case !ok && (a.Kind != bot.AccountPlayer || welcomed[a.ID] != a.Balance):
			out = append(out, fmt.Sprintf("account %s was opened with %d", a.Key, a.Balance))
		case ok && a.ID == bank && a.Balance != b.Balance-given:
			out = append(out, fmt.Sprintf("account %s went from %d to %d (welcomes: %d)", a.Key, b.Balance, a.Balance, given))
		case ok && a.ID != bank && a.Balance != b.Balance:
			out = append(out, fmt.Sprintf("account %s went from %d to %d", a.Key, b.Balance, a.Balance))
		}
		delete(old, a.ID)
	}
	for _, a := range old {
		out = append(out, fmt.Sprintf("account %s disappeared", a.Key))
	}
	return out
}
