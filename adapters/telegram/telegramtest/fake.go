// Package telegramtest is a fake Telegram Bot API: an HTTP server, run in
// process by tests, that the real tgbotapi client talks to.
//
// It implements getMe, getUpdates (long polling that honours timeout,
// offset and allowed_updates), sendMessage, editMessageText, editMessageReplyMarkup,
// answerCallbackQuery, deleteMessage, setMyCommands, getChatMember,
// sendDocument, setWebhook and deleteWebhook, with Telegram's rules: 403
// for a direct message to a user who never started the bot,
// callback_data over 64 bytes and text over 4,096 characters refused,
// "message is not modified", a callback query answered twice refused, a
// document (a multipart upload) over DocumentLimit (50 MB) or with a
// caption over 1,024 characters refused,
// selective keyboards reported, and the sending limits answered with 429
// and retry_after. The limits are Limits(): the adapter's own figures,
// telegram.Limits (about one message a second per chat, 20 a minute per
// group, 30 a second in all), not a copy of them, with Telegram's
// tolerance of a short burst in a chat (ChatBurstTolerance), unless a test
// sets others with SetLimits. They run on a clock scaled by Scale, so a
// test plays at full speed under proportionally faster limits.
//
// Tests act as users through Say, Press, Start and friends (RemoveBot: an
// admin removes the bot from a group, a my_chat_member update), and read what
// each chat shows with Messages, Transcript, Answers and Documents. A call to a
// method the fake does not implement fails the test.
package telegramtest

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"github.com/pokerroom/pokerroom/bot"
)

// TB is the part of testing.TB the fake reports through.
type TB interface {
	Errorf(format string, args ...any)
	Helper()
}

// User is a Telegram user the fake knows.
type User struct {
	ID        int64
	FirstName string
	LastName  string
	Username  string
	Lang      string // language_code
	Started   bool   // opened a private chat with the bot
	Blocked   bool   // blocked the bot (Block): nothing reaches them
}

// Button is one inline keyboard button as the fake stored it.
type Button struct {
	Text string `json:"text"`
	Data string `json:"callback_data,omitempty"`
	URL  string `json:"url,omitempty"`
}

// Message is a message in a chat, as it stands now.
type Message struct {
	ID   int
	Chat int64
	// Text is what the message shows: in HTML parse mode, the text
	// without tags, entities decoded.
	Text string
	// Source is the text as the bot sent it, ParseMode its parse_mode.
	Source, ParseMode string
	Keyboard          [][]Button
	FromBot           bool
	From              int64 // the user, when not the bot
	Deleted           bool
	Edits             int
	ReplyTo           int
	// Thread is the forum topic the message was sent to (0: the chat).
	Thread int
	// Date is when it was sent, on the real clock, given to the bot in
	// whole seconds as Telegram does ("Date the message was sent in Unix
	// time").
	Date time.Time
}

// Answer is a callback query's answer.
type Answer struct {
	Text      string
	ShowAlert bool
	Late      bool // the bot tried to answer after Telegram's window
	at        time.Time
	User      int64 // who pressed
	Answered  bool
	Times     int
}

// Stats counts what the bot did.
type Stats struct {
	Calls       map[string]int
	RateLimited int // 429 answers
	Refused403  int
	Sent        int // messages sent to chats
	Edits       int
	ToGroups    int // messages sent or edited in groups
	ToUsers     int // messages sent or edited in private chats
	// Malformed counts messages refused for their text: markup that
	// does not parse, a text too long, an unknown parse mode.
	Malformed int
}

// Server is the fake Bot API.
type Server struct {
	// Token is the bot's token; requests with another one get 401.
	Token string
	// BotUser is the bot's username.
	BotUser string
	// Scale speeds up the clock of the limits (1: real time).
	Scale float64
	// URL is the endpoint format for tgbotapi: URL + "/bot%s/%s".
	URL string

	tb      TB
	srv     *httptest.Server
	closing chan struct{}
	start   time.Time

	mu        sync.Mutex
	changed   chan struct{} // closed and replaced at every change
	limits    bot.Limits
	users     map[int64]*User
	groups    map[int64]*group
	msgs      map[int64][]*Message // chat -> messages by id-1
	history   map[int64][]string   // chat -> every text shown (sent or edited)
	updates   []json.RawMessage
	updateIDs []int
	forced    map[int]bool // redelivered: sent whatever the offset
	all       map[int]json.RawMessage
	nextUpd   int
	confirmed int
	answers   map[string]*Answer
	nextQuery int
	commands  map[string][]map[string]string // scope/lang -> commands
	webhook   string
	whSecret  string
	// allowed are the kinds of update the bot asked for (allowed_updates
	// of its last getUpdates or setWebhook; nil: Telegram's default, every
	// kind but chat_member and reactions). Telegram sends no other.
	allowed  map[string]bool
	whCancel context.CancelFunc
	stats    Stats
	chatLim  map[int64]*rate.Limiter
	groupLim map[int64]*rate.Limiter
	global   *rate.Limiter
	flood    int // answer the next n sends with 429
	revoked  bool
	docs     map[int64][]Document
	// failing answers the next calls of a method with 500; slow delays
	// each call of a method (SetFailing, SetSlow).
	failing map[string]int
	slow    map[string]time.Duration
	// limited answers the next calls of a method with 429 and its
	// retry_after in seconds (SetLimited).
	limited map[string][2]int
	// DocumentLimit is the most bytes a document may have (Telegram's 50
	// MB for bots; a test may lower it).
	DocumentLimit int
}

type group struct {
	id       int64
	title    string
	admins   map[int64]bool
	owner    int64
	migrated int64 // upgraded to this supergroup: the group is read-only
	forum    bool  // a supergroup with topics
	topics   []string
	deleted  map[int]bool // topics deleted (DeleteTopic)
	// cleanCommands: commands typed in a topic are deleted at once
	// (CleanCommands).
	cleanCommands bool
	channel       bool   // a channel (AddChannel): only its admins post
	username      string // its public @username, without the @ ("": none)
	// bot is the bot's membership: "" a plain member (in a channel: an
	// administrator who may post), else as SetBotMember set it.
	bot, botKind string
	// glitches is how many sends more are refused as if the bot were
	// muted while it is not (GlitchSends).
	glitches int
}

// NewServer starts a fake Bot API; it is closed when the test ends if tb
// has a Cleanup method.
func NewServer(tb TB, token, botUser string) *Server {
	s := &Server{Token: token, BotUser: botUser, Scale: 1, tb: tb, closing: make(chan struct{}), start: time.Now(),
		changed: make(chan struct{}), limits: Limits(), users: map[int64]*User{}, groups: map[int64]*group{},
		msgs: map[int64][]*Message{}, history: map[int64][]string{}, answers: map[string]*Answer{}, nextUpd: 1000, forced: map[int]bool{}, all: map[int]json.RawMessage{},
		commands: map[string][]map[string]string{}, stats: Stats{Calls: map[string]int{}},
		chatLim: map[int64]*rate.Limiter{}, groupLim: map[int64]*rate.Limiter{}, docs: map[int64][]Document{}, DocumentLimit: MaxDocument,
		failing: map[string]int{}, slow: map[string]time.Duration{}, limited: map[string][2]int{}}
	s.global = rate.NewLimiter(s.limits.Global, max(s.limits.GlobalBurst, 1))
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	s.URL = s.srv.URL
	if c, ok := tb.(interface{ Cleanup(func()) }); ok {
		c.Cleanup(s.Close)
	}
	return s
}

// Endpoint is the tgbotapi endpoint format pointing at the fake.
func (s *Server) Endpoint() string { return s.URL + "/bot%s/%s" }

// Close stops the server, ending long polls at once.
func (s *Server) Close() {
	s.mu.Lock()
	select {
	case <-s.closing:
		s.mu.Unlock()
		return
	default:
	}
	close(s.closing)
	if s.whCancel != nil {
		s.whCancel()
	}
	s.mu.Unlock()
	s.srv.Close()
}

// callbackAnswerWindow is how long Telegram waits for a callback query's
// answer before refusing it as too old (real time: Scale speeds up the
// sending limits only).
const callbackAnswerWindow = 15 * time.Second

// Revoke revokes the bot's token (/revoke in BotFather): every call gets 401.
func (s *Server) Revoke() {
	s.mu.Lock()
	s.revoked = true
	s.mu.Unlock()
}

// now is the clock of the limits.
func (s *Server) now() time.Time {
	return s.start.Add(time.Duration(float64(time.Since(s.start)) * s.Scale))
}

// AddUser makes a user known to Telegram.
func (s *Server) AddUser(u User) {
	s.mu.Lock()
	defer s.mu.Unlock()
	cp := u
	s.users[u.ID] = &cp
}

// AddGroup creates a group chat (its id should be negative) owned by owner;
// admins administer it too.
func (s *Server) AddGroup(id int64, title string, owner int64, admins ...int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := &group{id: id, title: title, admins: map[int64]bool{}, owner: owner}
	for _, a := range admins {
		g.admins[a] = true
	}
	s.groups[id] = g
}

// Migrate upgrades group old to a supergroup with id to, as Telegram does
// when a group turns on a feature of supergroups: the old group takes no
// more messages (400 with migrate_to_chat_id), members and admins are
// those of the old group, and two service messages come as updates
// (migrate_to_chat_id in the old group, migrate_from_chat_id in the new).
func (s *Server) Migrate(old, to int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.groups[old]
	if g == nil {
		s.tb.Errorf("telegramtest: no group %d to migrate", old)
		return
	}
	g.migrated = to
	admins := map[int64]bool{}
	for a := range g.admins {
		admins[a] = true
	}
	s.groups[to] = &group{id: to, title: g.title, admins: admins, owner: g.owner}
	m := s.addMessage(old, &Message{From: g.owner})
	body := s.messageJSON(m)
	delete(body, "text")
	body["migrate_to_chat_id"] = to
	s.push("message", body)
	m2 := s.addMessage(to, &Message{From: g.owner})
	body2 := s.messageJSON(m2)
	delete(body2, "text")
	body2["migrate_from_chat_id"] = old
	s.push("message", body2)
}

// bump wakes everyone waiting for a change; s.mu is held.
func (s *Server) bump() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// Wait waits until cond (which may call the fake's accessors) is true, or
// fails the test after timeout.
func (s *Server) Wait(timeout time.Duration, what string, cond func() bool) bool {
	deadline := time.After(timeout)
	for {
		s.mu.Lock()
		ch := s.changed
		s.mu.Unlock()
		ok := cond()
		if ok {
			return true
		}
		select {
		case <-ch:
		case <-deadline:
			s.tb.Helper()
			s.tb.Errorf("telegramtest: timed out after %v waiting for %s", timeout, what)
			return false
		case <-s.closing:
			return false
		}
	}
}
