package discord_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"

	"github.com/pokerroom/pokerroom/adapters/discord"
	"github.com/pokerroom/pokerroom/adapters/discord/discordtest"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
)

// seatTwo opens a table and seats Ana and Ben; hand 1 starts.
func (e *env) seatTwo() {
	e.t.Helper()
	e.slash(ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2"))
	e.slash(ana, "join")
	e.slash(ben, "join")
}

// actable waits for hand n's table message with someone's buttons on it.
func (e *env) actable(n int) (*discordtest.Message, string) {
	e.t.Helper()
	var m *discordtest.Message
	var who string
	e.fake.Wait(wait, fmt.Sprintf("hand %d to wait for an action", n), func() bool {
		var ok bool
		if m, ok = e.tableMessage(n); !ok {
			return false
		}
		who, ok = toAct(m)
		return ok
	})
	return m, who
}

// The bot identifies as its configured shard. The commands are registered
// in bulk in the guild, from the room's command table, with typed options,
// choices, autocomplete, Spanish descriptions, Manage Server as the
// default permission of admin commands, and servers only for the
// commands that work only in a group.
func TestCommandsAreRegisteredWithOptionsAndLocalizations(t *testing.T) {
	fake := newFake(t)
	start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{shards: [2]int{1, 2}})
	if shard, _ := fake.Identified(); shard == nil || *shard != [2]int{1, 2} {
		t.Errorf("identified as shard %v, want [1 2]", shard)
	}
	byName := map[string]map[string]any{}
	for _, c := range fake.Commands(guild) {
		byName[c["name"].(string)] = c
	}
	if len(byName) != len(bot.Commands()) {
		t.Fatalf("%d commands registered, want %d", len(byName), len(bot.Commands()))
	}
	for _, c := range bot.Commands() {
		got := byName[c.Name]
		loc, _ := got["description_localizations"].(map[string]any)
		if loc["es-ES"] != c.Description[bot.Spanish] {
			t.Errorf("/%s: Spanish description %v", c.Name, loc["es-ES"])
		}
		perm, has := got["default_member_permissions"]
		if c.Admin != has || (has && perm != "32") {
			t.Errorf("/%s: default_member_permissions %v (admin %v)", c.Name, perm, c.Admin)
		}
		// A command that works only in a group is offered in servers only.
		contexts, _ := got["contexts"].([]any)
		guildOnly := len(contexts) == 1 && contexts[0] == float64(0)
		if guildOnly != (c.Where == bot.PlaceGroup) {
			t.Errorf("/%s: contexts %v, declared for %v", c.Name, got["contexts"], c.Where)
		}
	}
	opts := byName["newtable"]["options"].([]any)
	variant := opts[0].(map[string]any)
	if variant["name"] != "variant" || len(variant["choices"].([]any)) != len(strings.Fields(bot.VariantNames)) {
		t.Errorf("/newtable's variant option: %v", variant)
	}
	join := byName["join"]["options"].([]any)
	if tbl := join[len(join)-1].(map[string]any); tbl["name"] != "table" || tbl["autocomplete"] != true {
		t.Errorf("/join's table option: %v", tbl)
	}
	if len(fake.Commands("")) != 0 {
		t.Error("commands registered globally too, with guilds configured")
	}
}

// A forged, another player's and a stale button, and a forged modal, are
// each answered with an ephemeral message, and nothing is applied.
func TestForgedStaleAndForeignPressesAreRefused(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.seatTwo()
	m, who := e.actable(1)
	other := ana
	if who == ana {
		other = ben
	}
	call, ok := button(m, "Call")
	if !ok {
		t.Fatalf("no Call button:\n%s", m.Text())
	}
	before := m.Text()
	refused := func(what string, r *discordtest.Response, want string) {
		t.Helper()
		if r.Type != discordtest.CallbackMessage || !r.Message.Ephemeral() || !strings.Contains(r.Message.Text(), want) {
			t.Fatalf("%s answered %+v, want an ephemeral %q", what, r.Message, want)
		}
	}
	refused("another player's button", fake.Answer(fake.Press(other, m, call), wait), "for another player")
	refused("a forged button", fake.Answer(fake.PressData(who, m, call[:len(call)-3]+"AAA"), wait), "not one of ours")
	refused("a forged amount modal", fake.Answer(fake.Submit(channel, who, &discordtest.Modal{CustomID: "amt:r:1:2:garbage",
		Components: []discordtest.Component{{Type: 1, Components: []discordtest.Component{{Type: 4, CustomID: "amount"}}}}}, "10"), wait), "not one of ours")
	if now, _ := e.tableMessage(1); now.Text() != before {
		t.Fatalf("a refused press changed the table:\n%s", now.Text())
	}
	if r := fake.Answer(fake.Press(who, m, call), wait); r.Type != discordtest.CallbackDeferredUpdate {
		t.Fatalf("the right press answered %+v", r.Message)
	}
	refused("the same press again", fake.Answer(fake.Press(who, m, call), wait), "out of date")
	if st := fake.Stats(); st.Late != 0 || st.Twice != 0 {
		t.Fatalf("interactions acknowledged late %d, twice %d", st.Late, st.Twice)
	}
}

// A member without Manage Server is refused an admin command privately;
// the configured admin role counts as admin.
func TestAdminCommandsNeedManageServerOrTheRole(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	r := e.slash(ben, "newtable", str("variant", "nlhe"), str("stakes", "1/2"))
	if !r.Message.Ephemeral() || !strings.Contains(r.Message.Text(), "Only a chat admin") {
		t.Fatalf("a member's /newtable answered %+v", r.Message)
	}
	if len(e.room.TablesIn(discord.Platform, channel)) != 0 {
		t.Fatal("a member opened a table")
	}
	r = e.slash(ana, "newtable", str("variant", "plo"), str("stakes", "1/2"), str("options", "seats=9"))
	if r.Message.Ephemeral() || !strings.Contains(r.Message.Text(), "opened") {
		t.Fatalf("the admin's /newtable answered %+v", r.Message)
	}
	// autocomplete lists the table
	a := fake.Answer(fake.Autocomplete(channel, ben, "join", "table", "om"), wait)
	if a.Type != discordtest.CallbackAutocomplete || len(a.Choices) != 1 || a.Choices[0].Value != "#1" {
		t.Fatalf("autocomplete answered %+v", a)
	}
	r = e.slash(ben, "join", str("table", "#1"), integer("buyin", 5))
	if !r.Message.Ephemeral() || !strings.Contains(r.Message.Text(), "buy-in here is") {
		t.Fatalf("a buy-in out of range answered %+v", r.Message)
	}
	// Cy has the configured admin role.
	r = e.slash(cy, "lang", str("language", "en"), discordtest.Option{Name: "channel", Type: 5, Value: true})
	if r.Message.Ephemeral() && strings.Contains(r.Message.Text(), "Only a chat admin") {
		t.Fatalf("the admin role's /lang was refused: %+v", r.Message)
	}
	if !strings.Contains(r.Message.Text(), "This chat now speaks English") {
		t.Fatalf("the admin role's /lang channel:true did not set the channel's language: %+v", r.Message)
	}
	// A member without the role sets their own language, never the channel's.
	r = e.slash(ben, "lang", str("language", "es"), discordtest.Option{Name: "channel", Type: 5, Value: true})
	if !strings.Contains(r.Message.Text(), "Only a chat admin") {
		t.Fatalf("a member's /lang channel:true was not refused: %+v", r.Message)
	}
}

// slowRoom makes the room take longer than the acknowledgement delay for
// one command.
type slowRoom struct {
	*room.Room
	slow  string
	delay time.Duration
	calls atomic.Int32
}

func (s *slowRoom) Handle(ctx context.Context, cmd bot.Command) (bot.Reply, error) {
	if cmd.Name == s.slow || (s.slow == "press" && cmd.Token != "") {
		s.calls.Add(1)
		time.Sleep(s.delay)
	}
	return s.Room.Handle(ctx, cmd)
}

// An interaction the room answers slowly is deferred within the window and
// completed when the room answers; never acknowledged late or twice.
func TestSlowAnswersAreDeferredThenCompleted(t *testing.T) {
	fake := newFake(t)
	slow := &slowRoom{slow: "wallet", delay: 400 * time.Millisecond}
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{ackAfter: 100 * time.Millisecond,
		wrap: func(r *room.Room) discord.Room { slow.Room = r; return slow }})
	r := e.slash(ben, "wallet")
	if r.Type != discordtest.CallbackDeferred || !r.Message.Ephemeral() || !strings.Contains(r.Message.Text(), "10,000") || r.Message.Edits != 1 {
		t.Fatalf("a slow /wallet answered type %d %+v, want deferred then edited with the balance", r.Type, r.Message)
	}
	// A slow public answer: the deferral was ephemeral, so the answer is
	// posted for the channel as a follow-up.
	slow.slow = "tables"
	it := fake.Slash(channel, ben, "tables")
	if r := fake.Answer(it, wait); r.Type != discordtest.CallbackDeferred || r.Message.Text() != "✓" {
		t.Fatalf("a slow /tables answered type %d %+v, want deferred then ✓", r.Type, r.Message)
	}
	fake.Wait(wait, "the public answer as a follow-up", func() bool {
		f := fake.Followups(it)
		return len(f) == 1 && !f[0].Ephemeral() && strings.Contains(f[0].Text(), "No tables")
	})
	slow.slow = "press"
	e.seatTwo()
	m, who := e.actable(1)
	id, _ := button(m, "My cards")
	it = fake.Press(who, m, id)
	if r := fake.Answer(it, wait); r.Type != discordtest.CallbackDeferredUpdate {
		t.Fatalf("a slow press answered type %d", r.Type)
	}
	fake.Wait(wait, "the cards as a follow-up", func() bool {
		f := fake.Followups(it)
		return len(f) == 1 && f[0].Ephemeral() && strings.Contains(f[0].Text(), "your cards")
	})
	if st := fake.Stats(); st.Late != 0 || st.Twice != 0 || slow.calls.Load() < 2 {
		t.Fatalf("late %d, twice %d, slow calls %d", st.Late, st.Twice, slow.calls.Load())
	}
}

// The gateway connection dropped mid-hand is resumed (not identified
// again) and the hand goes on; then the room restarted mid-hand continues
// in the same table message.
func TestDisconnectIsResumedAndRestartContinues(t *testing.T) {
	fake := newFake(t)
	db := filepath.Join(t.TempDir(), "room.db")
	e := start(t, fake, db, options{})
	e.seatTwo()
	m, _ := e.actable(1)
	fake.Disconnect()
	fake.Wait(wait, "the bot to resume", func() bool { return fake.Stats().Resumes == 1 && fake.Connected() })
	m2, who := e.actable(1)
	if m2.ID != m.ID {
		t.Fatal("a new table message after the resume")
	}
	call, _ := button(m2, "Call")
	if r := fake.Answer(fake.Press(who, m2, call), wait); r.Type != discordtest.CallbackDeferredUpdate {
		t.Fatalf("a press after the resume answered %+v", r.Message)
	}
	if st := fake.Stats(); st.Identifies != 1 {
		t.Fatalf("%d identifies, want 1 (the session resumed)", st.Identifies)
	}
	fake.Wait(wait, "the call on the table", func() bool {
		now, _ := e.tableMessage(1)
		return now.Text() != m2.Text()
	})
	// restart mid-hand
	m3, _ := e.actable(1)
	e.stop()
	e = start(t, fake, db, options{})
	e.playHand(1)
	count := 0
	for _, msg := range fake.Messages(channel) {
		if strings.HasPrefix(msg.Text(), "Table #") && strings.Contains(msg.Text(), "· hand 1\n") {
			count++
			if msg.ID != m3.ID {
				t.Errorf("hand 1 went on in a new table message %s (was %s)", msg.ID, m3.ID)
			}
		}
	}
	if count != 1 {
		t.Fatalf("hand 1 has %d table messages after the restart, want 1", count)
	}
}

// 50 hands of a member against practice opponents with the fake's limits
// on and 429s forced: every 429 is waited out (none logged as an error),
// every summary arrives, no interaction is acknowledged late or twice.
func TestFiftyHandsUnderRateLimits(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{maxHands: 50})
	e.slash(ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2"))
	e.slash(ana, "join")
	e.slash(ana, "addbot", integer("count", 2))
	if r := e.slash(ana, "spectate", discordtest.Option{Name: "channel", Type: 7, Value: "601"}); !strings.Contains(r.Message.Text(), "601") {
		t.Fatalf("/spectate answered %+v", r.Message)
	}
	for n := 1; n <= 50; n++ {
		if n%10 == 1 {
			fake.Flood(3, 300*time.Millisecond*scale)
		}
		deadline := time.Now().Add(wait)
		for {
			if _, ok := e.summary(n); ok {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("hand %d did not end:\n%s", n, fake.Transcript(channel))
			}
			m, ok := e.tableMessage(n)
			if who, mine := toActOf(m, ok); mine && who == ana {
				id, ok := button(m, "Check")
				if !ok {
					id, ok = button(m, "Call")
				}
				if !ok {
					id, _ = button(m, "Fold")
				}
				if r := fake.Answer(fake.Press(ana, m, id), wait); r.Type == discordtest.CallbackDeferredUpdate {
					continue
				}
				// a stale message (its edit waits out a 429): as a player
				// would, wait until it changes before pressing again
				select {
				case <-fake.Changed():
				case <-time.After(100 * time.Millisecond):
				}
				continue
			}
			select {
			case <-fake.Changed():
			case <-time.After(50 * time.Millisecond):
			}
		}
	}
	fake.Wait(wait, "the 50 summaries in the spectator channel", func() bool {
		n := 0
		for _, m := range fake.Messages("601") {
			if strings.HasPrefix(m.Text(), "Hand ") {
				n++
			}
		}
		return n == 50
	})
	st := fake.Stats()
	if st.RateLimited < 15 || st.Late != 0 || st.Twice != 0 {
		t.Fatalf("stats %+v: want at least 15 429s, none late or twice", st)
	}
	if logs := e.logs.String(); strings.Contains(logs, "level=ERROR") || strings.Contains(logs, "not delivered") {
		t.Fatalf("errors logged:\n%s", logs)
	}
	t.Logf("50 hands: %d REST calls, %d messages (channel, DMs, interaction replies), %d edits, %d 429s; per hand %.1f calls",
		st.Calls, st.Sent, st.Edits, st.RateLimited, float64(st.Calls)/50)
}

func toActOf(m *discordtest.Message, ok bool) (string, bool) {
	if !ok {
		return "", false
	}
	return toAct(m)
}

// With direct messages on, each hand's cards arrive by DM; a member who
// refuses DMs is not asked again and plays with the My cards button.
func TestDirectMessagesCarryCardsWhenEnabled(t *testing.T) {
	fake := newFake(t)
	fake.BlockDMs(ben)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{dm: true})
	e.seatTwo()
	fake.Wait(wait, "Ana's cards by DM", func() bool {
		for _, m := range fake.DMs(ana) {
			if strings.Contains(m.Text(), "hand 1: your cards") {
				return true
			}
		}
		return false
	})
	e.playHand(1)
	e.waitTable(2)
	if n := len(fake.DMs(ben)); n != 0 {
		t.Fatalf("Ben refuses DMs, yet %d arrived", n)
	}
}

// A member who refuses direct messages is not sent one again each hand:
// each refused one is a 403, which Discord counts against the bot (10,000
// in 10 minutes and its address is banned for an hour). The refusal was
// recorded but not heeded: every hand's cards were tried again.
func TestDirectMessagesRefusedAreNotTriedEachHand(t *testing.T) {
	fake := newFake(t)
	fake.BlockDMs(ben)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{dm: true})
	e.seatTwo()
	e.playHand(1)
	e.playHand(2)
	e.waitTable(3)
	fake.Wait(wait, "Ana's cards of hand 3 by DM", func() bool {
		for _, m := range fake.DMs(ana) {
			if strings.Contains(m.Text(), "hand 3: your cards") {
				return true
			}
		}
		return false
	})
	if n := fake.Stats().DMsRefused; n != 1 {
		t.Errorf("%d direct messages to Ben were refused over three hands, want 1 (then none tried)", n)
	}
}

// A member who refused direct messages and turns them back on gets their
// cards by DM again: the refusal is remembered for a while (DMRetry), not
// until a restart.
func TestDirectMessagesRefusedOnceAreTriedAgainLater(t *testing.T) {
	fake := newFake(t)
	fake.BlockDMs(ben)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{dm: true, dmRetry: time.Millisecond})
	e.seatTwo()
	fake.Wait(wait, "Ben's DM refused", func() bool { return fake.Stats().DMsRefused > 0 })
	fake.AllowDMs(ben)
	time.Sleep(10 * time.Millisecond) // past DMRetry
	e.playHand(1)
	e.waitTable(2)
	fake.Wait(wait, "Ben's cards of hand 2 by DM", func() bool {
		for _, m := range fake.DMs(ben) {
			if strings.Contains(m.Text(), "hand 2: your cards") {
				return true
			}
		}
		return false
	})
}

// A refused token stops Run with a clear error that does not show it; an
// unreachable Discord is retried until the context ends.
func TestRefusedTokenAndUnreachableDiscord(t *testing.T) {
	fake := newFake(t)
	ad, err := discord.New(discord.Config{Token: "wrong-secret-token", APIURL: fake.URL(), MaxBackoff: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	err = ad.Run(ctx, nil)
	if err == nil || !strings.Contains(err.Error(), "token was refused") || strings.Contains(err.Error(), "wrong-secret-token") {
		t.Fatalf("Run with a wrong token: %v", err)
	}
	logs := &bottest.Buffer{}
	ad, err = discord.New(discord.Config{Token: token, APIURL: "http://127.0.0.1:1", MaxBackoff: 50 * time.Millisecond,
		Log: newTextLog(logs)})
	if err != nil {
		t.Fatal(err)
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel2()
	done := make(chan error, 1)
	go func() { done <- ad.Run(ctx2, nil) }()
	select {
	case err := <-done:
		if err != nil && !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("Run against an unreachable Discord: %v", err)
		}
	case <-time.After(wait):
		t.Fatal("Run did not honour its context")
	}
	if n := strings.Count(logs.String(), "unreachable"); n != 1 || strings.Contains(logs.String(), token) {
		t.Fatalf("logged 'unreachable' %d times (want once), token shown: %v\n%s", n, strings.Contains(logs.String(), token), logs)
	}
	for _, c := range []discord.Config{{}, {Token: " \n"}, {Token: "x", APIURL: "ftp://x"}, {Token: "x", ShardID: 2, ShardCount: 2},
		{Token: "x", APIURL: "http://discord.example.org"}} {
		if _, err := discord.New(c); err == nil {
			t.Errorf("New(%+v) accepted a broken configuration", c)
		}
	}
}

// At real speed, with Discord's limits as they are (the channel's bucket:
// 5 messages per 5 s), eight messages to one channel all arrive, in order,
// without a single 429: the outbox's pace and discordgo's reading of the
// X-RateLimit headers keep within the bucket.
func TestChannelBucketAtRealSpeed(t *testing.T) {
	fake := newFake(t)
	fake.Scale(1)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{limits: discord.Limits})
	for i := 1; i <= 8; i++ {
		if err := e.ad.Enqueue(bot.Outgoing{To: bot.Destination{Platform: discord.Platform, Chat: "601"}, Priority: bot.PrioritySummary,
			Body: bot.View{Kind: bot.ViewSummary, Text: fmt.Sprintf("News %d\nline", i)}}); err != nil {
			t.Fatal(err)
		}
	}
	fake.Wait(wait, "eight messages in the channel", func() bool { return len(fake.Messages("601")) == 8 })
	for i, m := range fake.Messages("601") {
		if !strings.HasPrefix(m.Text(), fmt.Sprintf("News %d", i+1)) {
			t.Fatalf("message %d is %q: out of order", i+1, m.Text())
		}
	}
	if n := fake.Stats().RateLimited; n != 0 {
		t.Fatalf("%d 429s at real speed, want none", n)
	}
}
