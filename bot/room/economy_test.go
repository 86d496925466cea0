package room_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"

	"github.com/pokerroom/pokerroom/bot"
)

// in runs a typed command as user in a chat of the harness's platform
// ("" for a private chat); guild names a Discord-like server the chat
// belongs to.
func (h *harness) in(chat, guild, user, line string) (bot.Reply, error) {
	h.t.Helper()
	name, args, ok := bot.ParseCommand(line)
	if !ok {
		h.t.Fatalf("%q is not a command", line)
	}
	r, err := h.room.Handle(context.Background(), bot.Command{Platform: "console", Chat: chat, ChatTitle: chat, Guild: guild,
		User: user, UserName: user, Name: name, Args: args})
	h.settle()
	return r, err
}

func (h *harness) mustIn(chat, user, line string) bot.Reply {
	h.t.Helper()
	r, err := h.in(chat, "", user, line)
	if err != nil {
		h.t.Fatalf("%s in %s: %s: %v", user, chat, line, err)
	}
	return r
}

func (h *harness) failsIn(chat, user, line, key string) {
	h.t.Helper()
	_, err := h.in(chat, "", user, line)
	var e *bot.Error
	if !errors.As(err, &e) || e.Key != key {
		h.t.Fatalf("%s in %s: %s: error %v, want %s", user, chat, line, err, key)
	}
}

// walletIn is the user's balance in the community of chat.
func (h *harness) walletIn(chat, guild, user string) int64 {
	h.t.Helper()
	r, err := h.in(chat, guild, user, "/wallet")
	if err != nil {
		h.t.Fatalf("%s: /wallet in %s: %v", user, chat, err)
	}
	var n int64
	first := strings.SplitN(r.Text, "\n", 2)[0]
	if _, err := fmt.Sscanf(strings.ReplaceAll(first, ",", ""), "Your wallet: %d chips.", &n); err != nil {
		h.t.Fatalf("wallet %q: %v", r.Text, err)
	}
	return n
}

// snapshot is every account's balance, the open tables' seats and the
// tournaments, for "nothing changed" checks.
func (h *harness) snapshot() string {
	h.t.Helper()
	snap, err := h.store.AuditSnapshot(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	var b strings.Builder
	for _, a := range snap.Accounts {
		fmt.Fprintf(&b, "%s=%d ", a.Key, a.Balance)
	}
	for _, t := range snap.Tables {
		fmt.Fprintf(&b, "table %d %s %+v ", t.ID, t.State, snap.Seats[t.ID])
	}
	for _, t := range snap.Tourneys {
		fmt.Fprintf(&b, "tourney %d %s %d ops ", t.ID, t.Status, len(snap.Ops[t.ID]))
	}
	return b.String()
}

// A player's chips in one community are not those of another: welcome
// chips in each, a buy-in takes from the table's community only, and a
// private /wallet lists both.
func TestChipsBelongToTheirCommunity(t *testing.T) {
	h := newHarness(t, 3)
	if got := h.walletIn("group", "", "ana"); got != 10000 {
		t.Fatalf("ana's wallet in the group: %d, want the welcome 10,000", got)
	}
	if got := h.walletIn("other", "", "ana"); got != 10000 {
		t.Fatalf("ana's wallet in another group: %d, want its own welcome 10,000", got)
	}
	h.mustIn("group", "admin", "/newtable nlhe 1/2")
	h.mustIn("group", "ana", "/join 200")
	if a, b := h.walletIn("group", "", "ana"), h.walletIn("other", "", "ana"); a != 9800 || b != 10000 {
		t.Fatalf("after a buy-in of 200 in the group: group %d (want 9,800), other %d (want 10,000)", a, b)
	}
	r, err := h.in("", "", "ana", "/wallet")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r.Text, "group: 9,800 chips") || !strings.Contains(r.Text, "other: 10,000 chips") {
		t.Fatalf("private /wallet:\n%s\nwant both communities' balances", r.Text)
	}
	// From a private chat a player joins only a table of a community
	// they are a member of; to anyone else it is no table (it once said
	// join.not_member, naming the community: outsiders learnt which
	// tables exist).
	h.mustIn("group", "admin", "/newtable nlhe 1/2")
	if _, err := h.in("", "", "ben", "/join 100 #2"); errKey(err) != "table.no_such" {
		t.Fatalf("a stranger's private /join of another community's table: %v, want table.no_such", err)
	}
	h.walletIn("group", "", "ben")
	if _, err := h.in("", "", "ben", "/join 100 #2"); err != nil {
		t.Fatalf("a member's private /join: %v", err)
	}
	// A welcome is once per community, however often the player comes.
	if got := h.walletIn("other", "", "ana"); got != 10000 {
		t.Fatalf("ana's wallet in the other group after coming back: %d", got)
	}
	h.checkBooks()
}

// The cross-community minting scenario of issue 20: dan creates a group,
// is its admin there, and grants himself a fortune. The grant is capped,
// and what he grants stays in his group: his chips elsewhere do not move.
func TestCrossCommunityMintingIsRefused(t *testing.T) {
	h := newHarness(t, 3)
	h.admins["dans-group/dan"] = true
	h.restart()
	h.walletIn("group", "", "dan")
	h.walletIn("dans-group", "", "dan")
	before := h.snapshot()
	h.failsIn("dans-group", "dan", "/grant @dan 1125899906842624", "grant.cap")
	h.failsIn("group", "dan", "/grant @dan 500", "admin.only")
	if after := h.snapshot(); after != before {
		t.Fatalf("refused grants changed the books:\nbefore %s\nafter  %s", before, after)
	}
	h.mustIn("dans-group", "dan", "/grant @dan 500")
	if got := h.walletIn("dans-group", "", "dan"); got != 10500 {
		t.Fatalf("dan's wallet in his group: %d, want 10,500", got)
	}
	if got := h.walletIn("group", "", "dan"); got != 10000 {
		t.Fatalf("dan's wallet in the other group: %d, want 10,000 (the grant stays in his group)", got)
	}
	// Only to members: eve never used the bot in dan's group.
	h.walletIn("group", "", "eve")
	h.failsIn("dans-group", "dan", "/grant @eve 500", "grant.who")
	// A stranger's refused command makes them no member: no welcome
	// chips, nothing changed.
	before = h.snapshot()
	h.failsIn("dans-group", "zed", "/newtable nlhe 1/2", "admin.only")
	if after := h.snapshot(); after != before {
		t.Fatalf("a stranger's refused command changed the books:\nbefore %s\nafter  %s", before, after)
	}
	h.failsIn("dans-group", "dan", "/grant @zed 500", "grant.who")
	h.checkBooks()
}

// An admin's grants are capped per grant and per day (the community may
// lower the caps, not raise them), a negative grant takes chips back up to
// the balance, and each is in the admin log with what admins did besides.
func TestGrantsAreCappedAndLogged(t *testing.T) {
	h := newHarness(t, 3)
	h.walletIn("group", "", "ben")
	h.mustIn("group", "admin", "/newtable nlhe 1/2")
	h.failsIn("group", "ben", "/grant limits 10 20", "admin.only")
	h.failsIn("group", "admin", fmt.Sprintf("/grant limits %d", room.DefaultGrantCap+1), "grant.limits_above")
	// A per-grant cap above the daily cap, given or kept, is refused.
	h.failsIn("group", "admin", "/grant limits 100 50", "grant.limits_order")
	r := h.mustIn("group", "admin", "/grant limits 1000 1500")
	h.failsIn("group", "admin", "/grant limits 1600", "grant.limits_order")
	if !strings.Contains(r.Text, "1,000") || !strings.Contains(r.Text, "1,500") {
		t.Fatalf("/grant limits: %q", r.Text)
	}
	h.failsIn("group", "admin", "/grant @ben 1001", "grant.cap")
	h.mustIn("group", "admin", "/grant @ben 1000")
	h.failsIn("group", "admin", "/grant @ben 501", "grant.day_cap")
	h.mustIn("group", "admin", "/grant @ben 500")
	if got := h.walletIn("group", "", "ben"); got != 11500 {
		t.Fatalf("ben's wallet %d after grants of 1,000 and 500, want 11,500", got)
	}
	// Taking back: not more than the wallet holds.
	before := h.snapshot()
	h.failsIn("group", "admin", "/grant @ben -11501", "grant.take_too_much")
	if after := h.snapshot(); after != before {
		t.Fatalf("a refused take-back changed the books:\nbefore %s\nafter  %s", before, after)
	}
	h.mustIn("group", "admin", "/grant @ben -1500")
	if got := h.walletIn("group", "", "ben"); got != 10000 {
		t.Fatalf("ben's wallet %d after 1,500 taken back, want 10,000", got)
	}
	// A take-back does not count toward the day's cap, and a new day
	// (UTC) starts a new one.
	h.failsIn("group", "admin", "/grant @ben 1", "grant.day_cap")
	h.sleep(24 * time.Hour)
	h.mustIn("group", "admin", "/grant @ben 1000")

	r = h.mustIn("group", "admin", "/adminlog")
	if !r.Private {
		t.Error("/adminlog answered in the group")
	}
	for _, want := range []string{"admin: grant ben +1,000 (/grant @ben 1000)", "admin: grant ben −1,500 (/grant @ben -1500)",
		"admin: grant limits (/grant limits 1000 1500)", "admin: newtable (/newtable nlhe 1/2)"} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("/adminlog lacks %q:\n%s", want, r.Text)
		}
	}
	if strings.Contains(r.Text, "1001") || strings.Contains(r.Text, "11501") {
		t.Errorf("/adminlog lists refused grants:\n%s", r.Text)
	}
	h.failsIn("group", "ben", "/adminlog", "admin.only")
	h.checkBooks()
}

// The operators (OWNER_IDS) act in every community without being its
// admins, uncapped; they audit and ban. Nobody else does.
func TestOperatorsActEverywhere(t *testing.T) {
	h := newHarness(t, 3)
	h.owners = []string{"console:op"}
	h.restart()
	h.walletIn("far", "", "ben")
	h.mustIn("far", "op", "/newtable nlhe 1/2")
	h.mustIn("far", "op", fmt.Sprintf("/grant @ben %d", 2*room.DefaultGrantDayCap))
	if got := h.walletIn("far", "", "ben"); got != 10000+2*room.DefaultGrantDayCap {
		t.Fatalf("ben's wallet %d after an operator's uncapped grant", got)
	}
	h.failsIn("far", "admin", "/ban @ben", "operator.only")
	h.failsIn("", "admin", "/audit", "operator.only")
	r, err := h.in("", "", "op", "/audit")
	if err != nil || !strings.Contains(r.Text, "OK") {
		t.Fatalf("operator's /audit: %q, %v", r.Text, err)
	}
	if _, err := h.in("", "", "op", "/ban @ben cheating"); err != nil {
		t.Fatal(err)
	}
	before := h.snapshot()
	h.failsIn("far", "ben", "/wallet", "banned")
	h.failsIn("far", "ben", "/join 100", "banned")
	h.failsIn("", "ben", "/wallet", "banned")
	if after := h.snapshot(); after != before {
		t.Fatalf("a banned user's commands changed the books:\nbefore %s\nafter  %s", before, after)
	}
	h.restart() // the ban is stored
	h.failsIn("far", "ben", "/wallet", "banned")
	h.failsIn("far", "op", "/ban @op", "ban.operator")
	h.mustIn("far", "op", "/unban @ben")
	h.mustIn("far", "ben", "/join 100")
	entries, err := h.store.AdminEntries(context.Background(), bot.AdminQuery{All: true})
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range entries {
		actions = append(actions, e.Action+" "+e.Target)
	}
	if got := strings.Join(actions, ", "); got != "unban ben, ban ben, grant ben, newtable " {
		t.Errorf("admin log %q", got)
	}
	h.checkBooks()
}

// The channels of one Discord server share its wallets; another server's
// are its own.
func TestChannelsOfAServerShareItsWallets(t *testing.T) {
	h := newHarness(t, 3)
	wallet := func(chat, guild string) int64 { return h.walletIn(chat, guild, "ana") }
	if a, b := wallet("chan-a", "g1"), wallet("chan-b", "g1"); a != 10000 || b != 10000 {
		t.Fatalf("ana in two channels of a server: %d and %d, want one welcome of 10,000", a, b)
	}
	if _, err := h.in("chan-a", "g1", "admin", "/grant @ana 700"); err != nil {
		t.Fatal(err)
	}
	if got := wallet("chan-b", "g1"); got != 10700 {
		t.Fatalf("ana's wallet seen from the server's other channel: %d, want 10,700", got)
	}
	if got := wallet("chan-c", "g2"); got != 10000 {
		t.Fatalf("ana's wallet in another server: %d, want its own 10,000", got)
	}
	h.checkBooks()
}

// A wallet of before communities (one for the whole bot) moves whole, once,
// to the first community the player plays in after the upgrade, instead of
// its welcome chips; no chip is created and the audit agrees.
func TestAWalletOfBeforeCommunitiesMovesOnce(t *testing.T) {
	h := newHarness(t, 3)
	ctx := context.Background()
	p, err := h.store.Player(ctx, "console", "old", "old")
	if err != nil {
		t.Fatal(err)
	}
	bank, _ := h.store.OpenAccount(ctx, bot.AccountBank, "bank", 0)
	legacy, _ := h.store.OpenAccount(ctx, bot.AccountPlayer, fmt.Sprintf("player:%d", p.ID), p.ID)
	if err := h.store.MoveOnce(ctx, fmt.Sprintf("welcome:%d", p.ID), bot.Move{From: bank, To: legacy, Amount: 12345, Reason: "welcome"}); err != nil {
		t.Fatal(err)
	}
	r, err := h.in("", "", "old", "/wallet")
	if err != nil || !strings.Contains(r.Text, "12,345") {
		t.Fatalf("private /wallet before any community: %q, %v; want the old wallet shown", r.Text, err)
	}
	if got := h.walletIn("group", "", "old"); got != 12345 {
		t.Fatalf("old's first community: %d, want the old wallet's 12,345 (and no welcome)", got)
	}
	if got := h.walletIn("other", "", "old"); got != 10000 {
		t.Fatalf("old's second community: %d, want its welcome 10,000", got)
	}
	h.restart()
	if got := h.walletIn("third", "", "old"); got != 10000 {
		t.Fatalf("old's third community after a restart: %d, want its welcome 10,000 (the old wallet moved once)", got)
	}
	if bal, _ := h.store.Balance(ctx, legacy); bal != 0 {
		t.Errorf("the old wallet holds %d after moving", bal)
	}
	// Chips that reach the old wallet later (a table of a Discord channel
	// whose server was not known yet paid them there) follow the player
	// to the next community their wallet is opened in.
	if err := h.store.Move(ctx, bot.Move{From: bank, To: legacy, Amount: 55, Reason: "cash-out"}); err != nil {
		t.Fatal(err)
	}
	if got := h.walletIn("other", "", "old"); got != 10055 {
		t.Fatalf("old's wallet after 55 chips reached the old wallet: %d, want 10,055", got)
	}
	if bal, _ := h.store.Balance(ctx, legacy); bal != 0 {
		t.Errorf("the old wallet holds %d after the sweep", bal)
	}
	h.checkBooks()
}

// A seat taken before economies names the global wallet: after the
// upgrade its chips go back to the player's wallet in the table's
// community when they leave.
func TestASeatOfBeforeCommunitiesCashesOutInItsCommunity(t *testing.T) {
	h := newHarness(t, 3)
	ctx := context.Background()
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ana", "/join 200")
	p, _ := h.store.Player(ctx, "console", "ana", "ana")
	legacy, _ := h.store.OpenAccount(ctx, bot.AccountPlayer, fmt.Sprintf("player:%d", p.ID), p.ID)
	comm, _ := h.store.Community(ctx, "console", "group", "")
	tables, err := h.store.OpenTables(ctx, comm.ID)
	if err != nil || len(tables) != 1 {
		t.Fatalf("tables %+v, %v", tables, err)
	}
	seats, _ := h.store.Seats(ctx, tables[0].ID)
	for i := range seats {
		if seats[i].PlayerID == p.ID {
			seats[i].State = strings.Replace(seats[i].State, `"account":`, fmt.Sprintf(`"account":%d,"was":`, legacy), 1)
		}
	}
	if err := h.store.SaveSeats(ctx, tables[0].ID, seats, h.clock.Now()); err != nil {
		t.Fatal(err)
	}
	h.restart()
	h.must("ana", "/leave")
	h.sleep(time.Minute)
	if bal, _ := h.store.Balance(ctx, legacy); bal != 0 {
		t.Errorf("the global wallet of before got %d", bal)
	}
	if got := h.wallet("ana"); got != 10000 {
		t.Fatalf("ana's wallet after leaving: %d, want 10,000 (the 200 back)", got)
	}
	h.checkBooks()
}

// A number of chips that is not one (/join, /topup, /grant) is refused
// with how to write chips, not with the betting forms: "/join min" was
// told to write "pot, 1/2 pot, min, max", then refused min again.
func TestABadChipCountIsNotAnsweredWithTheBettingForms(t *testing.T) {
	h := newHarness(t, 3)
	h.must("admin", "/newtable nlhe 1/2")
	h.must("ben", "/wallet")
	for _, c := range []struct{ user, line, typed string }{
		{"ana", "/join min", "min"},
		{"ana", "/join pot", "pot"},
		{"admin", "/grant @ben abc", "abc"},
	} {
		e := h.fails(c.user, c.line, "chips.bad")
		for _, lang := range []string{bot.English, bot.Spanish} {
			msg := e.Message(lang)
			if strings.Contains(msg, "1/2 pot") || strings.Contains(msg, "max") || !strings.Contains(msg, c.typed) {
				t.Errorf("%s: %s", c.line, msg)
			}
		}
	}
	h.must("ana", "/join 100")
	h.fails("ana", "/topup max", "chips.bad")
	// A bet's amount still lists its forms.
	if e := bot.FromError(bot.Errorf(bot.EInvalid, "amount.bad", "abc")); !strings.Contains(e.Message(bot.English), "1/2 pot") {
		t.Errorf("the bet's hint: %s", e.Message(bot.English))
	}
}
