package discord_test

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/pokerroom/pokerroom/bot/room"

	"golang.org/x/time/rate"

	"github.com/pokerroom/pokerroom/adapters/discord"
	"github.com/pokerroom/pokerroom/adapters/discord/discordtest"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/bottest"
	"github.com/pokerroom/pokerroom/store"
	"github.com/pokerroom/pokerroom/store/dburl"
)

const (
	token   = "MTA-discord-bot-token.secret"
	botID   = "900"
	guild   = "500"
	channel = "600"
	ana     = "101" // manages the server
	ben     = "102"
	cy      = "103"
	wait    = 20 * time.Second
)

var names = map[string]string{ana: "Ana", ben: "Ben", cy: "Cy"}

// scale speeds up Discord's limits in the fake and the adapter alike.
const scale = 50

var scaledLimits = scaled(discord.Limits, scale)

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

func newFake(t *testing.T) *discordtest.Server {
	f := discordtest.NewServer(t, token, discordtest.User{ID: botID, Username: "pokerroom"})
	f.Scale(scale)
	f.AddGuild(guild, "Poker night", channel, "601")
	f.AddMember(guild, discordtest.User{ID: ana, Username: "Ana"}, discordtest.PermManageGuild)
	f.AddMember(guild, discordtest.User{ID: ben, Username: "Ben"}, 0)
	f.AddMember(guild, discordtest.User{ID: cy, Username: "Cy"}, 0, "777")
	return f
}

type options struct {
	maxHands int
	dm       bool
	ackAfter time.Duration
	wrap     func(*room.Room) discord.Room
	shards   [2]int
	limits   bot.Limits
	dmRetry  time.Duration
	// defaultLang is the room's DEFAULT_LANG, given to the room and the
	// adapter as main does ("": English).
	defaultLang string
	// global registers the commands globally (no DISCORD_GUILDS).
	global bool
	// resumeWindow is the adapter's ResumeWindow (default 30 s).
	resumeWindow time.Duration
}

// env is one run of the room with the Discord adapter, on a database file
// that outlives it (a restart is a new env on the same file).
type env struct {
	t      *testing.T
	fake   *discordtest.Server
	store  *store.Store
	room   *room.Room
	ad     *discord.Adapter
	cancel context.CancelFunc
	done   chan error
	logs   *bottest.Buffer
}

func start(t *testing.T, fake *discordtest.Server, db string, o options) *env {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	loc, err := dburl.Parse(db)
	if err != nil {
		t.Fatal(err)
	}
	s, err := store.Open(ctx, loc, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	logs := &bottest.Buffer{}
	log := newTextLog(logs)
	if o.limits == (bot.Limits{}) {
		o.limits = scaledLimits
	}
	guilds, scope := []string{guild}, guild
	if o.global {
		guilds, scope = nil, ""
	}
	ad, err := discord.New(discord.Config{Token: token, APIURL: fake.URL(), Guilds: guilds, Limits: o.limits,
		State: s, Log: log, MaxBackoff: 200 * time.Millisecond, DirectMessages: o.dm, AckAfter: o.ackAfter, AdminRole: "777",
		ShardID: o.shards[0], ShardCount: o.shards[1], DMRetry: o.dmRetry, DefaultLang: o.defaultLang, ResumeWindow: o.resumeWindow})
	if err != nil {
		t.Fatal(err)
	}
	rm, err := room.New(room.Config{Store: s, Clock: bot.SystemClock{}, DeckSeed: 11, Seed: 5, Log: log,
		Outboxes: map[string]bot.Enqueuer{discord.Platform: ad}, Admins: map[string]bot.Admins{discord.Platform: ad},
		Threads:    map[string]bot.Threads{discord.Platform: ad},
		Spectators: map[string]bot.Spectators{discord.Platform: ad},
		HandPause:  100 * time.Millisecond, MaxHands: o.maxHands,
		// A run of maxHands hands (a load test) goes on with the
		// practice opponents alone once the player busts.
		BotsAlone: o.maxHands > 0,
		// The tests play at machine speed (Discord's limits 50 times
		// faster): no per-user command limit (its own tests cover it).
		CommandRate: -1, DefaultLang: o.defaultLang})
	if err != nil {
		t.Fatal(err)
	}
	if err := rm.Start(ctx); err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, fake: fake, store: s, room: rm, ad: ad, cancel: cancel, done: make(chan error, 1), logs: logs}
	var r discord.Room = rm
	if o.wrap != nil {
		r = o.wrap(rm)
	}
	go func() { e.done <- ad.Run(ctx, r) }()
	t.Cleanup(e.stop)
	fake.Wait(wait, "the bot to connect and register its commands", func() bool {
		return fake.Connected() && len(fake.Commands(scope)) > 0
	})
	// and the other scope's commands emptied (in the background: a test
	// that counts the bot's calls counts from here)
	fake.Wait(wait, "the other scope's commands emptied", func() bool {
		v, err := s.Value(ctx, fmt.Sprintf("discord:commands:1%s:%d", botID, o.shards[0]))
		return err == nil && (v == guild || (o.global && v == "global"))
	})
	return e
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
	case <-time.After(15 * time.Second):
		e.t.Error("the adapter did not stop within 15 s of its context's end")
	}
	e.room.Close()
	e.store.Close()
}

// slash runs a slash command and returns the bot's answer.
func (e *env) slash(user, name string, opts ...discordtest.Option) *discordtest.Response {
	e.t.Helper()
	return e.fake.Answer(e.fake.Slash(channel, user, name, opts...), wait)
}

func str(name, v string) discordtest.Option { return discordtest.Option{Name: name, Type: 3, Value: v} }
func integer(name string, v int) discordtest.Option {
	return discordtest.Option{Name: name, Type: 4, Value: v}
}

var handRE = regexp.MustCompile(`· hand (\d+)\n`)

// tableMessage returns the channel's table message of hand n.
func (e *env) tableMessage(n int) (*discordtest.Message, bool) {
	for _, m := range e.fake.Messages(channel) {
		if m.Ephemeral() || !strings.HasPrefix(m.Text(), "Table #") {
			continue
		}
		if mm := handRE.FindStringSubmatch(m.Text()); mm != nil && mm[1] == fmt.Sprint(n) {
			return m, true
		}
	}
	return nil, false
}

func (e *env) waitTable(n int) *discordtest.Message {
	e.t.Helper()
	var got *discordtest.Message
	e.fake.Wait(wait, fmt.Sprintf("the table message of hand %d", n), func() bool {
		var ok bool
		got, ok = e.tableMessage(n)
		return ok
	})
	return got
}

// toAct returns who the table message shows to act, when their buttons
// are there.
func toAct(m *discordtest.Message) (string, bool) {
	for _, line := range strings.Split(m.Text(), "\n") {
		if strings.HasPrefix(line, "▶") {
			for id, n := range names {
				if strings.Contains(line, " "+n+" ") {
					return id, len(m.Buttons()) > 1
				}
			}
		}
	}
	return "", false
}

func button(m *discordtest.Message, prefix string) (string, bool) {
	for _, b := range m.Buttons() {
		if strings.HasPrefix(b.Label, prefix) {
			return b.CustomID, true
		}
	}
	return "", false
}

func (e *env) summary(n int) (string, bool) {
	for _, m := range e.fake.Messages(channel) {
		if strings.HasPrefix(m.Text(), fmt.Sprintf("Hand %d at #", n)) {
			return m.Text(), true
		}
	}
	return "", false
}

// playHand plays hand n to its end by pressing Check, else Call, for
// whoever is to act, and returns its summary.
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
		id, ok := button(m, "Check")
		if !ok {
			id, ok = button(m, "Call")
		}
		if !ok {
			e.t.Fatalf("hand %d: no Check or Call button for %s in\n%s", n, names[who], m.Text())
		}
		r := e.fake.Answer(e.fake.Press(who, m, id), wait)
		if r.Type != discordtest.CallbackDeferredUpdate {
			// the message moved on since it was read: read it again
			time.Sleep(20 * time.Millisecond)
		}
	}
	e.t.Fatalf("hand %d did not end within %v:\n%s", n, wait, e.fake.Transcript(channel))
	return ""
}

var cardsRE = regexp.MustCompile(`hand (\d+): your cards (.+)$`)

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

// Three members play with slash commands and buttons: each sees their
// cards only in their ephemeral reply, summaries are posted, the table
// message is one message edited in place, a raise through the modal works
// and one out of range is refused with the range.
func TestThreeMembersPlayWithSlashCommandsAndButtons(t *testing.T) {
	fake := newFake(t)
	e := start(t, fake, filepath.Join(t.TempDir(), "room.db"), options{})
	r := e.slash(ana, "newtable", str("variant", "nlhe"), str("stakes", "1/2"))
	if r.Type != discordtest.CallbackMessage || r.Message.Ephemeral() || !strings.Contains(r.Message.Text(), "Table #1 opened") {
		t.Fatalf("/newtable answered %+v", r.Message)
	}
	for _, u := range []string{ana, ben, cy} {
		if r := e.slash(u, "join"); r.Message == nil {
			t.Fatalf("/join by %s: no answer", names[u])
		}
	}
	e.playHand(1)
	type dealt struct {
		hand  int
		cards string
	}
	var seen []dealt
	modalDone, showdown := false, ""
	for n := 2; n <= 8 && (showdown == "" || !modalDone); n++ {
		m := e.waitTable(n)
		for _, u := range []string{ana, ben, cy} {
			if !dealtIn(m.Text(), names[u]) {
				continue
			}
			id, ok := button(m, "My cards")
			if !ok {
				t.Fatalf("hand %d: no My cards button:\n%s", n, m.Text())
			}
			a := fake.Answer(fake.Press(u, m, id), wait)
			mm := cardsRE.FindStringSubmatch(a.Message.Text())
			if a.Type != discordtest.CallbackMessage || !a.Message.Ephemeral() || a.Message.For != u || mm == nil || mm[1] != fmt.Sprint(n) {
				t.Fatalf("hand %d: %s's My cards answer %+v, want an ephemeral reply with their cards", n, names[u], a.Message)
			}
			seen = append(seen, dealt{n, mm[2]})
		}
		if !modalDone {
			modalDone = e.raiseThroughModal(n)
		}
		s := e.playHand(n)
		if strings.Contains(s, " shows ") {
			showdown = s
		}
		count := 0
		for _, msg := range fake.Messages(channel) {
			if strings.HasPrefix(msg.Text(), "Table #") && strings.Contains(msg.Text(), fmt.Sprintf("· hand %d\n", n)) {
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
	if showdown == "" || !modalDone {
		t.Fatalf("no showdown (%q) or no raise through the modal in hands 2-8:\n%s", showdown, fake.Transcript(channel))
	}
	// What any member sees: no hole card before it is shown at showdown,
	// and no "your cards" at all.
	for _, v := range fake.Everything(channel, "") {
		if strings.Contains(v, "your cards") {
			t.Fatalf("a private answer is public: %q", v)
		}
		for _, d := range seen {
			if strings.Contains(v, fmt.Sprintf("Table #1 · NL Hold'em 1/2 · hand %d\n", d.hand)) && strings.Contains(v, d.cards) && !strings.Contains(v, "shows "+d.cards) {
				t.Fatalf("hand %d: cards %s visible in the channel:\n%s", d.hand, d.cards, v)
			}
		}
	}
	if st := fake.Stats(); st.Late != 0 || st.Twice != 0 {
		t.Fatalf("interactions acknowledged late %d, twice %d", st.Late, st.Twice)
	}
	if _, intents := fake.Identified(); intents != 1 {
		t.Errorf("identified with intents %d, want only GUILDS (1)", intents)
	}
}

// raiseThroughModal, when the player to act at hand n may raise, opens the
// amount modal, submits an amount out of range (refused with the range)
// and then the minimum (applied). It reports whether it did.
func (e *env) raiseThroughModal(n int) bool {
	e.t.Helper()
	m, ok := e.tableMessage(n)
	if !ok {
		return false
	}
	who, ok := toAct(m)
	if !ok {
		return false
	}
	id, ok := button(m, "✏️ Raise")
	if !ok {
		return false
	}
	// Another member's press is refused at once, privately, saying whose
	// turn it is: no form opens for them to type into (issue 23).
	other := ana
	if other == who {
		other = ben
	}
	if no := e.fake.Answer(e.fake.Press(other, m, id), wait); no.Type == discordtest.CallbackModal || no.Message == nil ||
		!no.Message.Ephemeral() || !strings.Contains(no.Message.Text(), "turn, not yours") {
		e.t.Fatalf("another member's press of Raise… answered %+v, want an ephemeral refusal naming whose turn it is", no)
	}
	r := e.fake.Answer(e.fake.Press(who, m, id), wait)
	if r.Type != discordtest.CallbackModal || r.Modal == nil || !strings.Contains(r.Modal.Components[0].Components[0].Label, "–") {
		e.t.Fatalf("the Raise button opened %+v, want a modal with the range", r)
	}
	bad := e.fake.Answer(e.fake.Submit(channel, who, r.Modal, "100000"), wait)
	if bad.Message == nil || !bad.Message.Ephemeral() || !strings.Contains(bad.Message.Text(), "between") {
		e.t.Fatalf("a raise out of range answered %+v", bad.Message)
	}
	label := r.Modal.Components[0].Components[0].Label
	lo := regexp.MustCompile(`\((\d[\d,]*)–`).FindStringSubmatch(label)
	if lo == nil {
		e.t.Fatalf("no range in %q", label)
	}
	ok2 := e.fake.Answer(e.fake.Submit(channel, who, r.Modal, strings.ReplaceAll(lo[1], ",", "")), wait)
	if ok2.Type != discordtest.CallbackDeferredUpdate {
		e.t.Fatalf("a raise in range answered %+v", ok2.Message)
	}
	e.fake.Wait(wait, "the raise on the table", func() bool {
		m, _ := e.tableMessage(n)
		s, over := e.summary(n)
		return strings.Contains(m.Text(), "raises to "+lo[1]) || (over && strings.Contains(s, "raise"))
	})
	return true
}

func newTextLog(w *bottest.Buffer) *slog.Logger {
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelInfo}))
}
