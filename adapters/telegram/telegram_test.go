package telegram_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"

	"golang.org/x/time/rate"

	"github.com/pokerroom/pokerroom/adapters/telegram"
	"github.com/pokerroom/pokerroom/adapters/telegram/telegramtest"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
	"github.com/pokerroom/pokerroom/cron"
	"github.com/pokerroom/pokerroom/store"
	"github.com/pokerroom/pokerroom/store/dburl"
)

const (
	token   = "123456:TEST-token-secret"
	botName = "pokerroom_test_bot"
	group   = int64(-100200300)
	ana     = int64(101) // the group's owner
	ben     = int64(102)
	cy      = int64(103)
	wait    = 20 * time.Second
)

var names = map[int64]string{ana: "Ana", ben: "Ben", cy: "Cy"}

// env is one run of the room with the Telegram adapter, on a database
// file that outlives it (a restart is a new env on the same file).
type env struct {
	t      *testing.T
	fake   *telegramtest.Server
	store  *store.Store
	room   *room.Room
	ad     *telegram.Adapter
	cancel context.CancelFunc
	done   chan error
	logs   *bottest.Buffer
	clock  *bottest.Clock
	cron   *cron.Runner
}

type options struct {
	limits   bot.Limits
	maxHands int
	// clock, when set, is the room's (a fake one the test moves) and
	// recurring schedules run on package cron's runner on it.
	clock    *bottest.Clock
	botDelay time.Duration
	// wrap, when set, is the room the adapter is given (a room that fails).
	wrap func(*room.Room) telegram.Room
	// checkTimeout and noticeEvery are the adapter's (0: its defaults).
	checkTimeout, noticeEvery time.Duration
	// owners are the room's operators ("telegram:<id>").
	owners []string
	// defaultLang is the room's DEFAULT_LANG, given to the room and the
	// adapter as main does ("": English).
	defaultLang string
}

// scale speeds up Telegram's limits in the fake, and the adapter's to match:
// the tests play at full speed under the same rules.
const scale = 50

var scaledLimits = scaled(telegram.Limits, scale)

// scaled returns l played f times faster, as the fake's clock is: the
// rates times f, the bursts (counts, not rates) as they are.
func scaled(l bot.Limits, f float64) bot.Limits {
	if l.PerGroupBurst == 0 {
		l.PerGroupBurst = l.PerGroupMin
	}
	l.PerChat *= rate.Limit(f)
	l.PerGroupMin = int(float64(l.PerGroupMin) * f)
	l.Global *= rate.Limit(f)
	return l
}

func newFake(t *testing.T) *telegramtest.Server {
	f := telegramtest.NewServer(t, token, botName)
	f.Scale = scale
	f.AddUser(telegramtest.User{ID: ana, FirstName: "Ana", Username: "ana"})
	f.AddUser(telegramtest.User{ID: ben, FirstName: "Ben", Username: "ben"})
	f.AddUser(telegramtest.User{ID: cy, FirstName: "Cy", Lang: "en"})
	f.AddGroup(group, "Poker night", ana)
	return f
}

func start(t *testing.T, fake *telegramtest.Server, db string, o options) *env {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	s := openStoreAt(t, db, o.clock)
	logs := &bottest.Buffer{}
	log := newLog(logs)
	if o.limits == (bot.Limits{}) {
		o.limits = scaledLimits
	}
	ad, err := telegram.New(telegram.Config{Token: token, Endpoint: fake.Endpoint(), PollTimeout: 2 * time.Second,
		Limits: o.limits, State: s, Log: log, MaxBackoff: 200 * time.Millisecond, CheckTimeout: o.checkTimeout, NoticeEvery: o.noticeEvery,
		DefaultLang: o.defaultLang})
	if err != nil {
		t.Fatal(err)
	}
	var clock bot.Clock = bot.SystemClock{}
	var sched bot.Scheduler
	var runner *cron.Runner
	pause := 100 * time.Millisecond
	if o.clock != nil {
		clock, pause = o.clock, 0
		runner = cron.NewRunner(o.clock, s, log)
		sched = cron.RoomScheduler{Runner: runner}
	}
	rm, err := room.New(room.Config{Store: s, Clock: clock, DeckSeed: 11, Seed: 5, Log: log, Scheduler: sched, BotDelay: o.botDelay,
		Outboxes:   map[string]bot.Enqueuer{telegram.Platform: ad},
		Admins:     map[string]bot.Admins{telegram.Platform: ad},
		Spectators: map[string]bot.Spectators{telegram.Platform: ad},
		Threads:    map[string]bot.Threads{telegram.Platform: ad},
		HandPause:  pause, MaxHands: o.maxHands,
		// A run of maxHands hands (a load test) goes on with the
		// practice opponents alone once the player busts.
		BotsAlone: o.maxHands > 0,
		// The tests play at machine speed (Telegram's limits 50 times
		// faster): no per-user command limit (its own tests cover it).
		CommandRate: -1, Owners: o.owners, DefaultLang: o.defaultLang})
	if err != nil {
		t.Fatal(err)
	}
	if err := rm.Start(ctx); err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, fake: fake, store: s, room: rm, ad: ad, cancel: cancel, done: make(chan error, 1), logs: logs, clock: o.clock, cron: runner}
	var r telegram.Room = rm
	if o.wrap != nil {
		r = o.wrap(rm)
	}
	go func() { e.done <- ad.Run(ctx, r) }()
	t.Cleanup(e.stop)
	return e
}

func openStore(t testing.TB, db string) *store.Store {
	t.Helper()
	return openStoreAt(t, db, nil)
}

func openStoreAt(t testing.TB, db string, clock *bottest.Clock) *store.Store {
	t.Helper()
	loc, err := dburl.Parse(db)
	if err != nil {
		t.Fatal(err)
	}
	opts := store.Options{}
	if clock != nil {
		opts.Clock = clock
	}
	s, err := store.Open(context.Background(), loc, opts)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return s
}

func newLog(w io.Writer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func toValues(m map[string]string) url.Values {
	v := url.Values{}
	for k, x := range m {
		v.Set(k, x)
	}
	return v
}

func (e *env) stop() {
	if e.cancel == nil {
		return
	}
	e.cancel()
	e.cancel = nil
	select {
	case err := <-e.done:
		if err != nil {
			e.t.Errorf("adapter stopped with %v", err)
		}
	case <-time.After(10 * time.Second):
		e.t.Error("the adapter did not stop within 10 s of its context's end")
	}
	if e.cron != nil {
		e.cron.Stop()
	}
	e.room.Close()
	e.store.Close()
}

// say has user type text in chat and waits until the update is taken.
func (e *env) say(chat, user int64, text string) {
	e.fake.Say(chat, user, text)
}

// reply waits for the bot's next message in chat after n messages, whose
// text contains want.
func (e *env) waitText(chat int64, want string) telegramtest.Message {
	e.t.Helper()
	var got telegramtest.Message
	e.fake.Wait(wait, fmt.Sprintf("a message in %d containing %q", chat, want), func() bool {
		for _, m := range e.fake.BotMessages(chat) {
			if strings.Contains(m.Text, want) {
				got = m
				return true
			}
		}
		return false
	})
	return got
}

var handRE = regexp.MustCompile(`· hand (\d+)`)

// tableMessage returns the group's message for hand n.
func (e *env) tableMessage(n int) (telegramtest.Message, bool) {
	for _, m := range e.fake.BotMessages(group) {
		if strings.HasPrefix(m.Text, "Table #") {
			if mm := handRE.FindStringSubmatch(m.Text); mm != nil && mm[1] == strconv.Itoa(n) {
				return m, true
			}
		}
	}
	return telegramtest.Message{}, false
}

// toAct returns who the table message shows to act, with a button to press.
func toAct(m telegramtest.Message) (int64, bool) {
	for _, line := range strings.Split(m.Text, "\n") {
		if strings.HasPrefix(line, "▶") {
			for id, n := range names {
				if strings.Contains(line, " "+n+" ") {
					return id, len(m.Keyboard) > 1
				}
			}
		}
	}
	return 0, false
}

// playHand plays hand n to its end by pressing Check, else Call, for
// whoever is to act, and returns the hand's summary.
func (e *env) playHand(n int) string {
	e.t.Helper()
	deadline := time.Now().Add(wait)
	for time.Now().Before(deadline) {
		if s, ok := e.summary(n); ok {
			return s
		}
		m, ok := e.tableMessage(n)
		if !ok {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		who, ok := toAct(m)
		if !ok {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		id, pressed := e.fake.Press(group, m.ID, who, "Check")
		if !pressed {
			id, pressed = e.fake.Press(group, m.ID, who, "Call")
		}
		if !pressed {
			// The message may have moved on between the read and the
			// press (an edit delivered late by the outbox): read it again.
			if now, ok := e.tableMessage(n); ok && now.Text != m.Text {
				continue
			}
			if _, ok := e.summary(n); ok {
				continue
			}
			e.t.Fatalf("hand %d: no Check or Call button for %s in\n%s", n, names[who], m.Text)
		}
		a := e.fake.WaitAnswer(id, wait)
		if a.ShowAlert {
			// A press on a message that moved on since: try again.
			time.Sleep(20 * time.Millisecond)
		}
	}
	e.t.Fatalf("hand %d did not end within %v", n, wait)
	return ""
}

func (e *env) summary(n int) (string, bool) {
	for _, m := range e.fake.BotMessages(group) {
		if strings.HasPrefix(m.Text, fmt.Sprintf("Hand %d at #", n)) {
			return m.Text, true
		}
	}
	return "", false
}

var cardsRE = regexp.MustCompile(`hand (\d+): your cards (.+)$`)

// Three users in a group: the owner opens a table, all join, hands are
// played with buttons to a showdown; each sees their own cards in the My
// cards popup (and, having started the bot, by direct message); the
// summary is posted; the table message of a hand is one message edited in
// place.
func TestThreeUsersPlayWithButtons(t *testing.T) {
	fake := newFake(t)
	fake.Start(ana, "")
	fake.Start(ben, "")
	fake.Start(cy, "")
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	e.waitText(ana, "/help cash") // the /start answer: help, its general topic
	e.say(group, ana, "/newtable@"+botName+" nlhe 1/2")
	e.waitText(group, "Table #1 opened")
	for _, u := range []int64{ana, ben, cy} {
		e.say(group, u, "/join")
	}
	// Hand 1 is dealt to the first two; Cy waits for the big blind.
	e.playHand(1)
	var showdown string
	for n := 2; n <= 6 && showdown == ""; n++ {
		m := e.waitTable(n)
		// Each player in the hand sees their cards in the popup, and the
		// same cards arrived privately.
		for _, u := range []int64{ana, ben, cy} {
			if !dealtIn(m.Text, names[u]) {
				continue
			}
			id, ok := fake.Press(group, m.ID, u, "My cards")
			if !ok {
				t.Fatalf("hand %d: no My cards button:\n%s", n, m.Text)
			}
			a := fake.WaitAnswer(id, wait)
			if !a.ShowAlert || !strings.Contains(a.Text, fmt.Sprintf("hand %d: your cards", n)) {
				t.Errorf("hand %d: %s's My cards answer = %+v, want a popup with their cards", n, names[u], a)
			}
			dm := e.waitText(u, fmt.Sprintf("hand %d: your cards", n))
			if dm.Text != a.Text {
				t.Errorf("hand %d: %s's popup says %q, their private message %q", n, names[u], a.Text, dm.Text)
			}
		}
		s := e.playHand(n)
		if strings.Contains(s, " shows ") {
			showdown = s
		}
		// One table message for the hand, edited in place.
		count := 0
		for _, msg := range fake.BotMessages(group) {
			if strings.HasPrefix(msg.Text, "Table #") && strings.Contains(msg.Text, fmt.Sprintf("· hand %d\n", n)) {
				count++
				if msg.Edits == 0 {
					t.Errorf("hand %d: the table message was never edited", n)
				}
			}
		}
		if count != 1 {
			t.Errorf("hand %d has %d table messages, want 1", n, count)
		}
	}
	if showdown == "" || !strings.Contains(showdown, " wins ") {
		t.Fatalf("no showdown summary in hands 2-6 (last: %q)", showdown)
	}
	// Only the previous hand's cards message stays in a private chat.
	live := 0
	for _, m := range fake.BotMessages(ana) {
		if strings.Contains(m.Text, "your cards") {
			live++
		}
	}
	if live != 1 {
		t.Errorf("Ana's private chat keeps %d cards messages, want 1 (older ones deleted)", live)
	}
	scanForLeaks(t, fake)
	st := fake.Stats()
	hands := 0
	for n := 1; ; n++ {
		if _, ok := e.summary(n); !ok {
			break
		}
		hands++
	}
	t.Logf("%d hands at human pace (every action shown): %.1f group messages (sends and edits) and %.1f private messages per hand",
		hands, float64(st.ToGroups)/float64(hands), float64(st.ToUsers)/float64(hands))
	// The command menus were registered from the command table, admin
	// commands for admins only.
	if got := fake.Commands("default", ""); !contains(got, "join") || contains(got, "newtable") {
		t.Errorf("default commands = %v", got)
	}
	if got := fake.Commands("all_chat_administrators", "es"); !contains(got, "newtable") || !contains(got, "join") {
		t.Errorf("admin commands (es) = %v", got)
	}
	// In private chats: what works there (no group-only, no admin command).
	if got := fake.Commands("all_private_chats", ""); !contains(got, "wallet") || !contains(got, "cards") || contains(got, "tourney") || contains(got, "newtable") {
		t.Errorf("private chat commands = %v", got)
	}
	if strings.Contains(e.logs.String(), token) {
		t.Error("the token reached the log")
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func (e *env) waitTable(n int) telegramtest.Message {
	e.t.Helper()
	var m telegramtest.Message
	e.fake.Wait(wait, fmt.Sprintf("the table message of hand %d", n), func() bool {
		var ok bool
		m, ok = e.tableMessage(n)
		if !ok {
			return false
		}
		_, ok = toAct(m)
		return ok
	})
	return m
}

// scanForLeaks checks every text the group was ever shown and every popup:
// a player's hole cards appear in the group only where that player shows
// dealtIn reports whether the table message shows name dealt in: seated,
// and not waiting for the big blind (R-SEAT-4: Cy, joining a running game,
// comes in when the big blind reaches him).
func dealtIn(table, name string) bool {
	for _, l := range strings.Split(table, "\n") {
		if strings.Contains(l, " "+name+" ") && !strings.Contains(l, "waits for the big blind") {
			return true
		}
	}
	return false
}

// them, and a popup shows only the presser's own cards.
func scanForLeaks(t *testing.T, fake *telegramtest.Server) {
	t.Helper()
	type holding struct {
		user  int64
		cards string
	}
	byHand := map[string][]holding{}
	for _, u := range []int64{ana, ben, cy} {
		for _, m := range fake.Messages(u) {
			if mm := cardsRE.FindStringSubmatch(m.Text); m.FromBot && mm != nil {
				byHand[mm[1]] = append(byHand[mm[1]], holding{u, mm[2]})
			}
		}
	}
	if len(byHand) == 0 {
		t.Fatal("no cards were dealt privately: nothing to scan")
	}
	for _, text := range fake.Transcript(group) {
		hand := ""
		if mm := handRE.FindStringSubmatch(text); mm != nil {
			hand = mm[1]
		} else if strings.HasPrefix(text, "Hand ") {
			hand = strings.Fields(text)[1]
		}
		for _, h := range byHand[hand] {
			for _, line := range strings.Split(text, "\n") {
				if strings.Contains(line, h.cards) && !(strings.Contains(line, names[h.user]) && strings.Contains(line, "shows "+h.cards)) {
					t.Errorf("hand %s: %s's cards %s are in a group message without a showdown:\n%s", hand, names[h.user], h.cards, text)
				}
			}
		}
	}
	for id, a := range fake.Answers() {
		mm := cardsRE.FindStringSubmatch(a.Text)
		if mm == nil {
			continue
		}
		for _, h := range byHand[mm[1]] {
			if h.cards == mm[2] && h.user != a.User {
				t.Errorf("popup %s shows %s's cards to user %d", id, names[h.user], a.User)
			}
		}
	}
}
