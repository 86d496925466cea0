package telegram_test

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"

	"github.com/pokerroom/pokerroom/adapters/telegram"
	"github.com/pokerroom/pokerroom/adapters/telegram/telegramtest"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
)

// openTable has Ana open a table and the given users join it.
func (e *env) openTable(users ...int64) {
	e.t.Helper()
	e.say(group, ana, "/newtable nlhe 1/2")
	e.waitText(group, "Table #1 opened")
	for _, u := range users {
		e.say(group, u, "/join")
	}
}

// A user who never started the bot: the direct message with their cards
// is refused (403), the group is shown a button that starts the bot, once,
// and the game goes on; after they start it, their cards arrive privately.
func TestUserWhoNeverStartedTheBotGetsADeepLink(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.openTable(ana, ben)
	e.say(group, cy, "/join post") // dealt in hand 2 wherever the big blind is (R-SEAT-4)
	e.playHand(1)
	m := e.waitTable(2)
	if !strings.Contains(m.Text, " Cy ") {
		t.Fatalf("Cy is not dealt in hand 2:\n%s", m.Text)
	}
	notice := e.waitText(group, "Cy: I cannot send you private messages yet")
	link := ""
	for _, row := range notice.Keyboard {
		for _, b := range row {
			link = b.URL
		}
	}
	if link != "https://t.me/"+botName+"?start=cards" {
		t.Errorf("the notice's button links to %q", link)
	}
	// The popup works meanwhile.
	id, _ := fake.Press(group, m.ID, cy, "My cards")
	if a := fake.WaitAnswer(id, wait); !a.ShowAlert || !strings.Contains(a.Text, "hand 2: your cards") {
		t.Errorf("Cy's popup: %+v", a)
	}
	e.playHand(2)
	e.waitTable(3)
	// Cy follows the link: /start cards in the private chat answers the
	// cards of the hand in progress, privately.
	fake.Start(cy, "cards")
	e.waitText(cy, "hand 3: your cards")
	e.playHand(3)
	e.waitTable(4)
	e.waitText(cy, "hand 4: your cards")
	if notices := fake.CountText(group, "I cannot send you private messages yet"); notices != 1 {
		t.Errorf("the start-the-bot notice was posted %d times, want once", notices)
	}
	if st := fake.Stats(); st.Refused403 == 0 {
		t.Error("no direct message was refused: the scenario did not happen")
	}
	scanForLeaks(t, fake)
}

// A player who blocks the bot mid-session: the next cards edit is refused
// (403), the group is shown the start-the-bot button once, the game goes
// on; after they start the bot again their cards come privately again.
func TestPlayerWhoBlocksTheBot(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.openTable(ana, ben)
	e.waitText(ana, "hand 1: your cards")
	e.playHand(1)
	fake.Block(ana)
	e.waitTable(2)
	e.waitText(group, "Ana: I cannot send you private messages yet")
	e.playHand(2)
	e.waitTable(3)
	fake.Start(ana, "")
	e.playHand(3)
	e.waitTable(4)
	e.waitText(ana, "hand 4: your cards")
	if n := fake.CountText(group, "I cannot send you private messages yet"); n != 1 {
		t.Errorf("the start-the-bot notice was posted %d times, want once", n)
	}
	scanForLeaks(t, fake)
}

// A forged button, a stale one and another player's: each gets a short
// popup and changes nothing. An update delivered twice is applied once.
func TestForgedStaleForeignAndDuplicatePresses(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.openTable(ana, ben)
	e.playHand(1)
	old, _ := e.tableMessage(1)
	m := e.waitTable(2)
	who, _ := toAct(m)
	other := ana
	if who == ana {
		other = ben
	}
	before := m.Text
	check := func(what, id, want string) {
		t.Helper()
		a := fake.WaitAnswer(id, wait)
		if !a.ShowAlert || !strings.Contains(a.Text, want) {
			t.Errorf("%s: answer %+v, want a popup saying %q", what, a, want)
		}
	}
	check("forged", fake.PressData(group, m.ID, who, "v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), "")
	check("garbage", fake.PressData(group, m.ID, who, "hello"), "")
	// A button of hand 1's message: the hand is over.
	for _, row := range old.Keyboard {
		for _, b := range row {
			if b.Data != "" {
				check("stale", fake.PressData(group, old.ID, who, b.Data), "")
			}
		}
	}
	// Hand 1's message has no buttons left; use one saved from hand 2 after
	// it moves on instead, below.
	id, ok := fake.Press(group, m.ID, other, "Call")
	if !ok {
		id, _ = fake.Press(group, m.ID, other, "Check")
	}
	check("another player's button", id, "")
	// A typed action delivered twice is applied once: the second delivery
	// would be "not your turn" if applied.
	_, upd := fake.SayUpdate(group, who, "/call")
	e.fake.Wait(wait, "the call to be shown", func() bool {
		now, _ := e.tableMessage(2)
		last := lastActions(now.Text)
		return len(last) > 0 && strings.HasPrefix(last[len(last)-1], names[who]+" calls")
	})
	// The refused presses were answered before the /call was typed, and
	// the table takes its commands in order: the table showing the call is
	// the table after them. Its latest actions are the earlier ones and the
	// call only: a refused press added none.
	now, _ := e.tableMessage(2)
	got, want := lastActions(now.Text), append(lastActions(before), names[who]+" calls")
	if len(want) > 4 {
		want = want[len(want)-4:] // the table shows the last four
	}
	if len(got) != len(want) || !strings.HasPrefix(got[len(got)-1], want[len(want)-1]) ||
		strings.Join(got[:len(got)-1], " · ") != strings.Join(want[:len(want)-1], " · ") {
		t.Fatalf("after refused presses and one /call, the table's latest actions are %q, want %q then the call:\nbefore\n%s\nafter\n%s",
			got, want[:len(want)-1], before, now.Text)
	}
	fake.Redeliver(upd)
	// A later command in the same chat is handled after the redelivered
	// one: once it is answered, the duplicate had its chance.
	tables := fake.Say(group, who, "/tables")
	fake.Wait(wait, "the answer to /tables", func() bool {
		for _, m := range fake.BotMessages(group) {
			if m.ReplyTo == tables {
				return true
			}
		}
		return false
	})
	for _, msg := range fake.BotMessages(who) {
		if strings.Contains(msg.Text, "turn, not yours") || strings.Contains(msg.Text, "Nobody is to act") || strings.Contains(msg.Text, "not in this hand") {
			t.Errorf("the redelivered /call was handled again: %s got %q", names[who], msg.Text)
		}
	}
	if n := strings.Count(lastLines(e, 2), names[who]+" calls"); n != 1 {
		t.Errorf("the table shows %d calls by %s after one /call delivered twice", n, names[who])
	}
	// The stale press of hand 2's first button, now that it moved on.
	for _, row := range m.Keyboard {
		for _, b := range row {
			if b.Data != "" && strings.HasPrefix(b.Text, "Fold") {
				check("stale (an earlier action)", fake.PressData(group, m.ID, who, b.Data), "out of date")
			}
		}
	}
	for id, a := range fake.Answers() {
		if a.Times > 1 {
			t.Errorf("callback %s was answered %d times", id, a.Times)
		}
		if a.Late {
			t.Errorf("callback %s was answered too late", id)
		}
		if !a.Answered {
			t.Errorf("callback %s was never answered", id)
		}
	}
}

// A non-admin's admin command gets a short private refusal; the owner's
// works.
func TestAdminCommandsNeedAChatAdmin(t *testing.T) {
	fake := newFake(t)
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.say(group, ben, "/newtable nlhe 1/2")
	e.waitText(ben, "Only a chat admin can use /newtable")
	for _, m := range fake.BotMessages(group) {
		t.Errorf("the refusal reached the group: %q", m.Text)
	}
	// Cy never started the bot: their refusal comes as a reply in the group.
	e.say(group, cy, "/addbot")
	e.waitText(group, "Only a chat admin can use /addbot")
	e.say(group, ana, "/newtable nlhe 1/2")
	e.waitText(group, "Table #1 opened")
}

// The room restarted mid-hand (a new process on the same database, the
// same Telegram): play goes on in the same table message.
func TestRestartMidHandContinuesInTheSameMessage(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	db := filepath.Join(t.TempDir(), "room.db")
	e := start(t, fake, db, options{})
	e.openTable(ana, ben)
	m := e.waitTable(1)
	who, _ := toAct(m)
	id, _ := fake.Press(group, m.ID, who, "Call")
	fake.WaitAnswer(id, wait)
	fake.Wait(wait, "the call to show", func() bool { now, _ := e.tableMessage(1); return now.Text != m.Text })
	e.stop()

	e2 := start(t, fake, db, options{})
	e2.playHand(1)
	count := 0
	for _, msg := range fake.BotMessages(group) {
		if strings.HasPrefix(msg.Text, "Table #") && strings.Contains(msg.Text, "· hand 1\n") {
			count++
			if msg.ID != m.ID {
				t.Errorf("hand 1 continued in message %d, not %d", msg.ID, m.ID)
			}
		}
	}
	if count != 1 {
		t.Errorf("hand 1 has %d table messages after the restart, want 1", count)
	}
	e2.playHand(2)
}

// 50 hands at full speed with the fake's limits on (scaled) and a burst of
// 429s: every 429 is waited out, none is logged as an error, every summary
// arrives and the group's last table message shows the final state.
func TestFiftyHandsUnderRateLimits(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{maxHands: 50})
	e.say(group, ana, "/newtable nlhe 1/2 seats=6")
	e.waitText(group, "Table #1 opened")
	fake.Flood(5)
	e.say(group, ana, "/addbot 5")
	t0 := time.Now()
	fake.Wait(60*time.Second, "the summary of hand 50", func() bool { _, ok := e.summary(50); return ok })
	fake.Wait(wait, "the table message of hand 50 to show the hand over", func() bool {
		m, ok := e.tableMessage(50)
		return ok && strings.Contains(m.Text, "Hand over")
	})
	elapsed := time.Since(t0)
	for n := 1; n <= 50; n++ {
		if _, ok := e.summary(n); !ok {
			t.Errorf("the summary of hand %d never arrived", n)
		}
	}
	st := fake.Stats()
	if st.RateLimited == 0 {
		t.Error("no 429 was answered: the limits were not exercised")
	}
	logs := e.logs.String()
	for _, line := range strings.Split(logs, "\n") {
		if strings.Contains(line, "level=ERROR") || strings.Contains(line, "429") || strings.Contains(line, "Too Many") {
			t.Errorf("logged: %s", line)
		}
	}
	t.Logf("50 hands of 6 practice opponents in %v: %d messages sent and %d edits (%.1f per hand), %d answered 429 and waited out",
		elapsed.Round(time.Millisecond), st.Sent, st.Edits, float64(st.Sent+st.Edits)/50, st.RateLimited)
}

// Webhook mode: setWebhook with the secret token; requests without it are
// refused; updates arrive and are answered.
func TestWebhookMode(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	hook := "http://" + addr + "/telegram/hook"
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := openStore(t, filepath.Join(t.TempDir(), "room.db"))
	ad, err := telegram.New(telegram.Config{Token: token, Endpoint: fake.Endpoint(), WebhookURL: hook, WebhookListen: addr,
		Limits: scaledLimits, State: s})
	if err != nil {
		t.Fatal(err)
	}
	rm, err := room.New(room.Config{Store: s, Clock: bot.SystemClock{}, Outboxes: map[string]bot.Enqueuer{telegram.Platform: ad},
		Admins: map[string]bot.Admins{telegram.Platform: ad}})
	if err != nil {
		t.Fatal(err)
	}
	if err := rm.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer rm.Close()
	done := make(chan error, 1)
	go func() { done <- ad.Run(ctx, rm) }()
	fake.Wait(wait, "setWebhook", func() bool { return fake.Webhook() == hook })
	fake.Say(group, ana, "/newtable nlhe 1/2")
	fake.Wait(wait, "the table to open", func() bool { return fake.CountText(group, "Table #1 opened") > 0 })
	for _, c := range []struct {
		secret string
		body   string
		want   int
	}{
		{"", `{"update_id":1}`, http.StatusUnauthorized},
		{"wrong", `{"update_id":1}`, http.StatusUnauthorized},
		{ad.WebhookSecret(), `{"update_id":`, http.StatusBadRequest},
	} {
		req, _ := http.NewRequest(http.MethodPost, hook, strings.NewReader(c.body))
		if c.secret != "" {
			req.Header.Set("X-Telegram-Bot-Api-Secret-Token", c.secret)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.want {
			t.Errorf("secret %q body %q: status %d, want %d", c.secret, c.body, resp.StatusCode, c.want)
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the webhook server did not stop")
	}
	s.Close()
}

// A refused token is a clear error, without the token; an unreachable
// Telegram is retried, logged once, and Ctrl-C ends the wait.
func TestConnectionErrors(t *testing.T) {
	fake := newFake(t)
	ad, err := telegram.New(telegram.Config{Token: "999:wrong-secret", Endpoint: fake.Endpoint()})
	if err != nil {
		t.Fatal(err)
	}
	err = ad.Run(context.Background(), nopRoom{})
	if err == nil || !strings.Contains(err.Error(), "@BotFather") || strings.Contains(err.Error(), "wrong-secret") {
		t.Errorf("a wrong token: Run = %v, want a clear error without the token", err)
	}

	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	dead := "http://" + ln.Addr().String() + "/bot%s/%s"
	ln.Close()
	logs := &bottest.Buffer{}
	ad, err = telegram.New(telegram.Config{Token: token, Endpoint: dead, MaxBackoff: 20 * time.Millisecond, Log: newLog(logs)})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 700*time.Millisecond)
	defer cancel()
	start := time.Now()
	if err := ad.Run(ctx, nopRoom{}); err != nil {
		t.Errorf("Run against an unreachable endpoint returned %v, want nil at cancel", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Run took %v to honour its context", d)
	}
	out := logs.String()
	if n := strings.Count(out, "unreachable"); n != 1 {
		t.Errorf("unreachable logged %d times over several attempts, want once:\n%s", n, out)
	}
	if strings.Contains(out, token) {
		t.Error("the token reached the log")
	}
}

type nopRoom struct{}

func (nopRoom) Handle(context.Context, bot.Command) (bot.Reply, error) { return bot.Reply{}, nil }
func (nopRoom) MoveChat(context.Context, string, string, string) error { return nil }
func (nopRoom) ChatLost(context.Context, string, string, string) error { return nil }

// A stored cursor over a week old is not trusted (Telegram then starts
// update ids afresh, possibly lower): new updates are handled. A fresh one
// is, and keeps updates it covers from being applied again.
func TestUpdateCursorOverAWeekOldIsIgnored(t *testing.T) {
	for _, tc := range []struct {
		age     time.Duration
		handled bool
	}{{8 * 24 * time.Hour, true}, {time.Hour, false}} {
		fake := newFake(t)
		db := filepath.Join(t.TempDir(), "room.db")
		s := openStore(t, db)
		v := fmt.Sprintf("999999 %d", time.Now().Add(-tc.age).Unix())
		if err := s.SetValue(context.Background(), "telegram:update_offset:1", v); err != nil {
			t.Fatal(err)
		}
		s.Close()
		e := start(t, fake, db, options{})
		fake.Say(group, ana, "/tables")
		handled := false
		for deadline := time.Now().Add(3 * time.Second); !handled && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			handled = fake.CountText(group, "No tables here") > 0
		}
		if handled != tc.handled {
			t.Errorf("cursor %v old: /tables handled %v, want %v", tc.age, handled, tc.handled)
		}
		e.stop()
	}
}

// A token revoked while the bot runs stops Run with a clear error (the
// program then exits), rather than leaving a process that polls nothing.
func TestRevokedTokenStopsRun(t *testing.T) {
	fake := newFake(t)
	ad, err := telegram.New(telegram.Config{Token: token, Endpoint: fake.Endpoint(), PollTimeout: 200 * time.Millisecond,
		MaxBackoff: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- ad.Run(context.Background(), nopRoom{}) }()
	for deadline := time.Now().Add(wait); fake.Stats().Calls["getUpdates"] == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no long poll")
		}
	}
	fake.Revoke()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "revoked") || strings.Contains(err.Error(), token) {
			t.Fatalf("Run returned %v, want the revoked token named (without the token)", err)
		}
	case <-time.After(wait):
		t.Fatal("Run did not return after the token was revoked")
	}
}

// A group upgraded to a supergroup mid-hand (a new chat id): the room
// follows it, the hand goes on in the supergroup with its table message
// sent there anew, commands typed there find the table, and nothing is
// logged as undelivered.
func TestGroupUpgradedToSupergroupKeepsItsTable(t *testing.T) {
	const super = int64(-1009998887776)
	fake := newFake(t)
	db := filepath.Join(t.TempDir(), "room.db")
	e := start(t, fake, db, options{})
	e.say(group, ana, "/newtable nlhe 1/2")
	e.waitText(group, "Table #1 opened")
	e.say(group, ana, "/join")
	e.say(group, ben, "/join")
	e.waitTable(1)
	fake.Migrate(group, super)
	// The hand goes on in the supergroup.
	var m telegramtest.Message
	fake.Wait(wait, "the table message in the supergroup", func() bool {
		for _, msg := range fake.BotMessages(super) {
			if strings.HasPrefix(msg.Text, "Table #1") {
				m = msg
				return true
			}
		}
		return false
	})
	who, ok := toAct(m)
	if !ok {
		t.Fatalf("no one to act in the supergroup's table message:\n%s", m.Text)
	}
	id, pressed := fake.Press(super, m.ID, who, "Call")
	if !pressed {
		id, _ = fake.Press(super, m.ID, who, "Check")
	}
	if a := fake.WaitAnswer(id, wait); a.ShowAlert {
		t.Fatalf("a press in the supergroup was refused: %q", a.Text)
	}
	fake.Say(super, ben, "/tables")
	fake.Wait(wait, "/tables answered in the supergroup", func() bool { return fake.CountText(super, "#1 NL Hold'em") > 0 })
	if logs := e.logs.String(); strings.Contains(logs, "not delivered") || strings.Contains(logs, "level=ERROR") {
		t.Fatalf("errors logged:\n%s", logs)
	}
	// A restart finds the table in the supergroup.
	e.stop()
	e2 := start(t, fake, db, options{})
	fake.Say(super, ana, "/tables")
	fake.Wait(wait, "/tables answered after the restart", func() bool { return fake.CountText(super, "#1 NL Hold'em") > 1 })
	if logs := e2.logs.String(); strings.Contains(logs, "level=ERROR") {
		t.Fatalf("errors logged after the restart:\n%s", logs)
	}
}

// The fake refuses what Telegram refuses.
func TestFakeKeepsTelegramsRules(t *testing.T) {
	fake := newFake(t)
	ad, err := telegram.New(telegram.Config{Token: token, Endpoint: fake.Endpoint()})
	if err != nil {
		t.Fatal(err)
	}
	_ = ad
	long := strings.Repeat("x", 4097)
	for _, c := range []struct {
		what   string
		params map[string]string
		want   string
	}{
		{"text over 4096", map[string]string{"chat_id": fmt.Sprint(group), "text": long}, "message is too long"},
		{"callback_data over 64 bytes", map[string]string{"chat_id": fmt.Sprint(group), "text": "x",
			"reply_markup": `{"inline_keyboard":[[{"text":"b","callback_data":"` + strings.Repeat("d", 65) + `"}]]}`}, "BUTTON_DATA_INVALID"},
		{"a user who never started the bot", map[string]string{"chat_id": fmt.Sprint(cy), "text": "hi"}, "Forbidden"},
	} {
		resp, err := http.PostForm(fake.URL+"/bot"+token+"/sendMessage", toValues(c.params))
		if err != nil {
			t.Fatal(err)
		}
		var body strings.Builder
		buf := make([]byte, 4096)
		n, _ := resp.Body.Read(buf)
		body.Write(buf[:n])
		resp.Body.Close()
		if !strings.Contains(body.String(), c.want) {
			t.Errorf("%s: %s, want %q", c.what, body.String(), c.want)
		}
	}
}

// A command for another bot is ignored; a deleted table message is sent
// again at the next change, and play goes on in the new one.
func TestOtherBotsCommandsAndADeletedTableMessage(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.say(group, ana, "/newtable@some_other_bot nlhe 1/2")
	e.openTable(ana, ben)
	if opened := fake.CountText(group, "opened"); opened != 1 {
		t.Errorf("%d tables opened, want 1: the command for another bot was not ignored", opened)
	}
	m := e.waitTable(1)
	fake.Delete(group, m.ID)
	who, _ := toAct(m)
	fake.Say(group, who, "/call")
	fake.Wait(wait, "the table message of hand 1 sent again", func() bool {
		now, ok := e.tableMessage(1)
		return ok && now.ID != m.ID
	})
	e.playHand(1)
}

// lastLines is the "Last:" part of hand n's table message.
// lastActions returns the actions a table message shows last (its
// "Last:" line), oldest first.
func lastActions(text string) []string {
	for _, line := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(line, "Last: "); ok {
			return strings.Split(rest, " · ")
		}
	}
	return nil
}

func lastLines(e *env, n int) string {
	m, _ := e.tableMessage(n)
	_, last, _ := strings.Cut(m.Text, "Last:")
	return last
}
