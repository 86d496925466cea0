package telegram_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"

	"github.com/pokerroom/pokerroom/adapters/telegram"
	"github.com/pokerroom/pokerroom/adapters/telegram/telegramtest"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
)

// Updates as Telegram's JSON, after their update_id (telegramtest.PushRaw).
const (
	anaJSON = `{"id":101,"is_bot":false,"first_name":"Ana","username":"ana"}`
	// goodTables is /tables typed by Ana in the group: a well-formed update.
	goodTables = `"message":{"message_id":901,"date":1,"chat":{"id":-100200300,"type":"supergroup","title":"Poker night"},` +
		`"from":` + anaJSON + `,"text":"/tables","entities":[{"type":"bot_command","offset":0,"length":7}]}`
	// noChat is a message without its chat.
	noChat = `"message":{"message_id":902,"date":1,"from":` + anaJSON + `,"text":"/tables"}`
	// noFrom is a button press without its user.
	noFrom = `"callback_query":{"id":"q-nofrom","chat_instance":"1","data":"x",` +
		`"message":{"message_id":1,"date":1,"chat":{"id":-100200300,"type":"supergroup","title":"Poker night"}}}`
	// numericText is a message whose text is a number: tgbotapi cannot
	// decode it (Message.Text is a string).
	numericText = `"message":{"message_id":903,"date":1,"chat":{"id":-100200300,"type":"supergroup","title":"Poker night"},` +
		`"from":` + anaJSON + `,"text":5}`
)

// tablesAnswered waits until the bot answered n /tables in the group.
func tablesAnswered(t *testing.T, fake *telegramtest.Server, n int) {
	t.Helper()
	fake.Wait(wait, fmt.Sprintf("%d answers to /tables", n), func() bool { return fake.CountText(group, "No tables here") >= n })
}

// cursorPast waits until the bot confirmed update id to Telegram (it polled
// past it) and checks that its stored cursor is at least id.
func (e *env) cursorPast(id int) {
	e.t.Helper()
	e.fake.Wait(wait, fmt.Sprintf("update %d confirmed", id), func() bool { return e.fake.Confirmed() >= id })
	v, err := e.store.Value(context.Background(), "telegram:update_offset:1")
	if err != nil {
		e.t.Fatalf("the stored cursor: %v", err)
	}
	idText, _, _ := strings.Cut(v, " ")
	if n, _ := strconv.Atoi(idText); n < id {
		e.t.Errorf("stored cursor %q, want at least %d", v, id)
	}
}

// logged reports whether a line of the log says msg with update_id id.
func (e *env) logged(msg string, id int) bool {
	for _, line := range strings.Split(e.logs.String(), "\n") {
		if strings.Contains(line, `msg="`+msg+`"`) && strings.Contains(line, fmt.Sprintf(" update_id=%d", id)) {
			return true
		}
	}
	return false
}

// A message without its chat (finding 6: it panicked the process) is
// skipped and logged with its update_id; the update after it is handled
// and the cursor moves past both.
func TestMessageWithoutChatIsSkipped(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	ids := fake.PushRaw(noChat, goodTables)
	tablesAnswered(t, fake, 1)
	e.cursorPast(ids[1])
	if !e.logged("skipping a message without its chat", ids[0]) {
		t.Errorf("update %d is not logged as skipped:\n%s", ids[0], e.logs)
	}
}

// A button press without its user (finding 6: it panicked the process) is
// skipped and logged; the update after it is handled and the cursor moves
// past both.
func TestCallbackWithoutFromIsSkipped(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	ids := fake.PushRaw(noFrom, goodTables)
	tablesAnswered(t, fake, 1)
	e.cursorPast(ids[1])
	if !e.logged("skipping a button press without its user", ids[0]) {
		t.Errorf("update %d is not logged as skipped:\n%s", ids[0], e.logs)
	}
}

// An update that does not decode (a text that is a number) made the whole
// getUpdates batch undecodable, retried for ever (finding 6). Now it is
// skipped and logged with its update_id, the good update in the same batch
// after it is handled, and the cursor moves past both.
func TestUndecodableUpdateIsSkippedAndItsBatchHandled(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	ids := fake.PushRaw(numericText, goodTables) // one batch
	tablesAnswered(t, fake, 1)
	e.cursorPast(ids[1])
	if !e.logged("skipping an update that does not decode", ids[0]) {
		t.Errorf("update %d is not logged as skipped:\n%s", ids[0], e.logs)
	}
	if strings.Contains(e.logs.String(), "unreachable") {
		t.Errorf("a bad update was taken for an unreachable Telegram:\n%s", e.logs)
	}
}

// platformPanic is platform.PanicMessage (an internal package's).
const platformPanic = "recovered from a panic while handling an update"

// panicRoom is the room with a bug: any command with the argument "boom",
// and any press of a button carrying "boom", panics.
type panicRoom struct{ *room.Room }

func (r panicRoom) Handle(ctx context.Context, cmd bot.Command) (bot.Reply, error) {
	if cmd.Token == "boom" || (len(cmd.Args) > 0 && cmd.Args[0] == "boom") {
		panic("boom: a bug in the room")
	}
	return r.Room.Handle(ctx, cmd)
}

// A panic while a command or a button press is handled does not stop the
// bot: it is logged with the update_id (and no token), the user is
// answered as an internal error, and the chat's next command is handled.
func TestHandlerPanicIsAnsweredAsInternalError(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"),
		options{wrap: func(r *room.Room) telegram.Room { return panicRoom{r} }})
	_, upd := fake.SayUpdate(group, ana, "/tables boom")
	e.waitText(group, "Something went wrong on our side")
	q := fake.PressData(group, 0, ben, "boom")
	if a := fake.WaitAnswer(q, wait); !strings.Contains(a.Text, "Something went wrong on our side") || !a.ShowAlert {
		t.Errorf("the press that panicked was answered %+v, want the internal error as an alert", a)
	}
	fake.Say(group, ana, "/tables")
	tablesAnswered(t, fake, 1)
	if !e.logged(platformPanic, upd) {
		t.Errorf("the panic is not logged with update_id=%d:\n%s", upd, e.logs)
	}
	if strings.Contains(e.logs.String(), token) {
		t.Error("the token reached the log")
	}
}

// In webhook mode an update that does not decode, a message without its
// chat and a press without its user are confirmed (200: Telegram would
// otherwise send them, and hold back what follows, for ever) and skipped;
// a body that is not JSON at all is still refused.
func TestWebhookSkipsMalformedUpdates(t *testing.T) {
	fake := newFake(t)
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
	defer s.Close()
	ad, err := telegram.New(telegram.Config{Token: token, Endpoint: fake.Endpoint(), WebhookURL: hook, WebhookListen: addr,
		Limits: scaledLimits, State: s})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- ad.Run(ctx, nopRoom{}) }()
	fake.Wait(wait, "setWebhook", func() bool { return fake.Webhook() == hook })
	for deadline := time.Now().Add(wait); ; time.Sleep(10 * time.Millisecond) { // the server listens after setWebhook
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the webhook server does not listen: %v", err)
		}
	}
	post := func(body string) int {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, hook, strings.NewReader(body))
		req.Header.Set("X-Telegram-Bot-Api-Secret-Token", ad.WebhookSecret())
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatalf("posting %s: %v (did the handler panic?)", body, err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	for i, body := range []string{numericText, noChat, noFrom} {
		if got := post(fmt.Sprintf(`{"update_id":%d,%s}`, 7001+i, body)); got != http.StatusOK {
			t.Errorf("update %s: status %d, want 200", body, got)
		}
	}
	if got := post(`{"update_id":`); got != http.StatusBadRequest {
		t.Errorf("a cut body: status %d, want 400", got)
	}
	v, err := s.Value(context.Background(), "telegram:update_offset:1")
	if err != nil || !strings.HasPrefix(v, "7003 ") {
		t.Errorf("stored cursor %q (%v), want past the three skipped updates (7003)", v, err)
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
}

// A 429 on the answer to a button press (retry_after seconds) is waited
// out beside the chat's updates, not in their way: the group's next
// command is answered at once, and the press's answer still goes once the
// wait is over. It held up every update of the chat for retry_after (a
// player's press queued behind it could come after their turn's time).
func TestARateLimitedButtonAnswerDoesNotHoldUpTheChat(t *testing.T) {
	const retryAfter = 4
	fake := newFake(t)
	fake.Start(ana, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.waitText(ana, "/help")
	msg := fake.Say(group, ana, "/wallet")
	e.waitText(ana, "Your wallet")
	fake.SetLimited("answerCallbackQuery", 1, retryAfter)
	q := fake.PressData(group, msg, ana, "forged-button")
	fake.Wait(wait, "the rate-limited answer", func() bool { return fake.Stats().RateLimited > 0 })
	began := time.Now()
	before := len(fake.BotMessages(ana))
	fake.Say(group, ana, "/wallet")
	fake.Wait(wait, "the next command's answer", func() bool { return len(fake.BotMessages(ana)) > before })
	if took := time.Since(began); took >= retryAfter*time.Second/2 {
		t.Errorf("the group's next command was answered after %v: held up by the button answer's retry_after (%d s)", took, retryAfter)
	}
	if a := fake.WaitAnswer(q, wait); !a.Answered || a.Text == "" {
		t.Errorf("the rate-limited press was answered %+v", a)
	}
}

// An administrator the group's owner demotes loses the admin commands at
// once: the answer "is an admin" was kept for AdminTTL (2 minutes), in
// which a demoted admin could still /grant chips. Only "not an admin" is
// kept that long (a member trying admin commands does not cost a call to
// Telegram each time).
func TestDemotedAdminLosesAdminCommandsAtOnce(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	fake.SetAdmin(group, ben, true)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.say(group, ana, "/wallet")
	e.waitText(ana, "Your wallet")
	e.say(group, ben, "/grant @ana 10")
	e.waitText(group, "Ana receives 10 chips")
	fake.SetAdmin(group, ben, false)
	e.say(group, ben, "/grant @ana 20")
	e.waitText(ben, "Only a chat admin can use /grant")
	if n := fake.CountText(group, "Ana receives 20 chips"); n != 0 {
		t.Errorf("a demoted admin granted chips %d times", n)
	}
}

// After a week without updates Telegram numbers them afresh, possibly
// lower than the cursor: a bot that ran through that week (its cursor
// fresh when it started) still handles the new updates, rather than
// taking them for ones handled already and answering nothing again.
func TestUpdateIDsStartedAfreshAfterAQuietWeekAreHandled(t *testing.T) {
	fake := newFake(t)
	clock := bottest.NewClock(time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC))
	s := openStore(t, filepath.Join(t.TempDir(), "room.db"))
	defer s.Close()
	v := fmt.Sprintf("999999 %d", clock.Now().Add(-time.Hour).Unix())
	if err := s.SetValue(context.Background(), "telegram:update_offset:1", v); err != nil {
		t.Fatal(err)
	}
	ad, err := telegram.New(telegram.Config{Token: token, Endpoint: fake.Endpoint(), PollTimeout: 200 * time.Millisecond,
		MaxBackoff: 50 * time.Millisecond, State: s, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 10)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ad.Run(ctx, recordingRoom{got}) }()
	defer func() { cancel(); <-done }()
	for deadline := time.Now().Add(wait); fake.Stats().Calls["getUpdates"] == 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("no long poll")
		}
	}
	clock.Advance(8 * 24 * time.Hour) // a quiet week
	fake.RestartUpdateIDs(5000)
	for i, text := range []string{"/tables", "/wallet"} {
		fake.Say(group, ana, text)
		select {
		case name := <-got:
			if "/"+name != text {
				t.Errorf("command %d handled as %q, want %s", i, name, text)
			}
		case <-time.After(wait):
			t.Fatalf("%s (update id %d) was never handled after the ids started afresh", text, 5000+i)
		}
	}
}

// recordingRoom passes the name of every command it is handed to got.
type recordingRoom struct{ got chan<- string }

func (r recordingRoom) Handle(_ context.Context, cmd bot.Command) (bot.Reply, error) {
	r.got <- cmd.Name
	return bot.Reply{}, nil
}
func (recordingRoom) MoveChat(context.Context, string, string, string) error { return nil }
func (recordingRoom) ChatLost(context.Context, string, string, string) error { return nil }

// A bot moved from webhook mode back to long polling deletes the webhook
// left behind; when that first deleteWebhook fails (a 5xx, a timeout),
// getUpdates answers 409 "can't use getUpdates method while webhook is
// active": the bot deletes the webhook again and gets its updates, rather
// than retrying getUpdates, deaf, until restarted.
func TestPollingDeletesTheWebhookAgainWhenGetUpdatesSaysItIsActive(t *testing.T) {
	fake := newFake(t)
	resp, err := http.PostForm(fake.URL+"/bot"+token+"/setWebhook", map[string][]string{"url": {"http://127.0.0.1:1/hook"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	fake.SetFailing("deleteWebhook", 1)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.say(group, ana, "/tables")
	if !fake.Wait(wait, "/tables answered", func() bool { return fake.CountText(group, "No tables here") > 0 }) {
		t.Fatalf("no update reached the bot: the webhook is %q\n%s", fake.Webhook(), e.logs)
	}
}

// A setWebhook answered 429 Too Many Requests is tried again only after
// its retry_after ("the number of seconds left to wait before the request
// can be repeated", ResponseParameters), not after the adapter's own
// shorter backoff: calling again within the wait only prolongs it.
func TestSetWebhookWaitsOutRetryAfter(t *testing.T) {
	const retryAfter = 3
	fake := newFake(t)
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
	defer s.Close()
	ad, err := telegram.New(telegram.Config{Token: token, Endpoint: fake.Endpoint(), WebhookURL: hook, WebhookListen: addr,
		Limits: scaledLimits, State: s})
	if err != nil {
		t.Fatal(err)
	}
	fake.SetLimited("setWebhook", 1, retryAfter)
	began := time.Now()
	done := make(chan error, 1)
	go func() { done <- ad.Run(ctx, nopRoom{}) }()
	if !fake.Wait(wait, "setWebhook", func() bool { return fake.Webhook() == hook }) {
		t.Fatal("the webhook was never set")
	}
	if took := time.Since(began); took < retryAfter*time.Second {
		t.Errorf("setWebhook was called again %v after the start, within the 429's retry_after (%d s)", took.Round(time.Millisecond), retryAfter)
	}
	cancel()
	<-done
}

// A token revoked while the bot serves its webhook (Telegram then stops
// calling it) is found out by the next call refused with 401: Run stops
// with a clear error, as it does when polling, instead of running on deaf
// and mute while every send is refused.
func TestRevokedTokenStopsRunInWebhookMode(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	hook := "http://" + addr + "/telegram/hook"
	s := openStore(t, filepath.Join(t.TempDir(), "room.db"))
	defer s.Close()
	ad, err := telegram.New(telegram.Config{Token: token, Endpoint: fake.Endpoint(), WebhookURL: hook, WebhookListen: addr,
		Limits: scaledLimits, State: s})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- ad.Run(ctx, nopRoom{}) }()
	if !fake.Wait(wait, "setWebhook", func() bool { return fake.Webhook() == hook }) {
		t.Fatal("the webhook was never set")
	}
	fake.Revoke()
	if err := ad.Enqueue(bot.Outgoing{To: bot.Destination{Platform: telegram.Platform, Chat: strconv.FormatInt(group, 10)},
		Priority: bot.PrioritySummary, Body: bot.View{Kind: bot.ViewNotice, Text: "Hand 1 at #1"}}); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "revoked") || strings.Contains(err.Error(), token) {
			t.Fatalf("Run returned %v, want the revoked token named (without the token)", err)
		}
	case <-time.After(wait):
		t.Fatal("Run did not return after a send was refused with 401")
	}
}
