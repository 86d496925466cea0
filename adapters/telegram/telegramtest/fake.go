// Package telegramtest is a fake Telegram Bot API: an HTTP server, run in
// process by tests, that the real tgbotapi client talks to.
//
// It implements getMe, getUpdates (long polling that honours timeout and
// offset), sendMessage, editMessageText, editMessageReplyMarkup,
// answerCallbackQuery, deleteMessage, setMyCommands, getChatMember,
// sendDocument, setWebhook and deleteWebhook, with Telegram's rules: 403
// for a direct message to a user who never started the bot,
// callback_data over 64 bytes and text over 4,096 characters refused,
// "message is not modified", a callback query answered twice refused,
// selective keyboards reported, and the sending limits answered with 429
// and retry_after. The limits are Limits(): the adapter's own figures,
// telegram.Limits (about one message a second per chat, 20 a minute per
// group, 30 a second in all), not a copy of them, with Telegram's
// tolerance of a short burst in a chat (ChatBurstTolerance), unless a test
// sets others with SetLimits. They run on a clock scaled by Scale, so a
// test plays at full speed under proportionally faster limits.
//
// Tests act as users through Say, Press, Start and friends, and read what
// each chat shows with Messages, Transcript and Answers. A call to a
// method the fake does not implement fails the test.
package telegramtest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/time/rate"

	"github.com/pokerroom/pokerroom/adapters/telegram"
	"github.com/pokerroom/pokerroom/bot"
)

// TB is the part of testing.TB the fake reports through.
type TB interface {
	Errorf(format string, args ...any)
	Helper()
}

// ChatBurstTolerance is how many messages over a chat's burst (the
// adapter's PerChatBurst) the fake lets through at once by default.
// Telegram documents one message a second in a chat and that it "may allow
// short bursts that go over this limit" (Bot FAQ); the adapter does not
// count on them, so its outbox is still held to its own rate. The
// tolerance also absorbs the jitter of requests on a loaded machine: a
// strict bucket would answer 429 to a message merely overtaken on the way
// by the one sent after it, and every 429 costs a whole second (Telegram's
// retry_after is whole seconds), at any Scale.
const ChatBurstTolerance = 2

// Limits returns the limits a new Server enforces: the adapter's,
// telegram.Limits, with ChatBurstTolerance more messages at once in a chat.
func Limits() bot.Limits {
	l := telegram.Limits
	l.PerChatBurst = max(l.PerChatBurst, 1) + ChatBurstTolerance
	return l
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
	ID       int
	Chat     int64
	Text     string
	Keyboard [][]Button
	FromBot  bool
	From     int64 // the user, when not the bot
	Deleted  bool
	Edits    int
	ReplyTo  int
	// Thread is the forum topic the message was sent to (0: the chat).
	Thread int
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
	whCancel  context.CancelFunc
	stats     Stats
	chatLim   map[int64]*rate.Limiter
	groupLim  map[int64]*rate.Limiter
	global    *rate.Limiter
	flood     int // answer the next n sends with 429
	revoked   bool
	docs      map[int64][]string
}

type group struct {
	id       int64
	title    string
	admins   map[int64]bool
	owner    int64
	migrated int64 // upgraded to this supergroup: the group is read-only
	forum    bool  // a supergroup with topics
	topics   []string
}

// NewServer starts a fake Bot API; it is closed when the test ends if tb
// has a Cleanup method.
func NewServer(tb TB, token, botUser string) *Server {
	s := &Server{Token: token, BotUser: botUser, Scale: 1, tb: tb, closing: make(chan struct{}), start: time.Now(),
		changed: make(chan struct{}), limits: Limits(), users: map[int64]*User{}, groups: map[int64]*group{},
		msgs: map[int64][]*Message{}, history: map[int64][]string{}, answers: map[string]*Answer{}, nextUpd: 1000, forced: map[int]bool{}, all: map[int]json.RawMessage{},
		commands: map[string][]map[string]string{}, stats: Stats{Calls: map[string]int{}},
		chatLim: map[int64]*rate.Limiter{}, groupLim: map[int64]*rate.Limiter{}, docs: map[int64][]string{}}
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

// SetLimits replaces the limits (in Telegram's time; default Limits()).
// They are read as the adapter's outbox reads them: a zero rate is no
// limit of that kind, PerGroupBurst defaults to PerGroupMin, and
// GlobalNewOnly leaves edits out of the global limit (Telegram documents
// the 30 a second for messages; whether edits count is not said).
func (s *Server) SetLimits(l bot.Limits) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.limits = l
	s.chatLim, s.groupLim = map[int64]*rate.Limiter{}, map[int64]*rate.Limiter{}
	s.global = rate.NewLimiter(l.Global, max(l.GlobalBurst, 1))
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

// Flood answers the next n message sends with 429 whatever the limits.
func (s *Server) Flood(n int) {
	s.mu.Lock()
	s.flood = n
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

// userJSON is user id as the Bot API shows it; s.mu is held.
func (s *Server) userJSON(id int64) map[string]any {
	u := s.users[id]
	if u == nil {
		return map[string]any{"id": id, "is_bot": false, "first_name": fmt.Sprint("user", id)}
	}
	m := map[string]any{"id": u.ID, "is_bot": false, "first_name": u.FirstName}
	if u.LastName != "" {
		m["last_name"] = u.LastName
	}
	if u.Username != "" {
		m["username"] = u.Username
	}
	if u.Lang != "" {
		m["language_code"] = u.Lang
	}
	return m
}

func (s *Server) chatJSON(id int64) map[string]any {
	if g := s.groups[id]; g != nil {
		return map[string]any{"id": id, "type": "supergroup", "title": g.title}
	}
	m := map[string]any{"id": id, "type": "private"}
	if u := s.users[id]; u != nil {
		m["first_name"] = u.FirstName
	}
	return m
}

func (s *Server) messageJSON(m *Message) map[string]any {
	out := map[string]any{"message_id": m.ID, "chat": s.chatJSON(m.Chat), "date": s.start.Unix(), "text": m.Text}
	if m.FromBot {
		out["from"] = map[string]any{"id": 1, "is_bot": true, "first_name": s.BotUser, "username": s.BotUser}
	} else {
		out["from"] = s.userJSON(m.From)
	}
	if len(m.Keyboard) > 0 {
		out["reply_markup"] = map[string]any{"inline_keyboard": m.Keyboard}
	}
	if m.Text != "" && strings.HasPrefix(m.Text, "/") {
		cmd, _, _ := strings.Cut(m.Text, " ")
		out["entities"] = []map[string]any{{"type": "bot_command", "offset": 0, "length": utf8.RuneCountInString(cmd)}}
	}
	return out
}

// push queues an update; s.mu is held.
func (s *Server) push(kind string, body map[string]any) int {
	s.nextUpd++
	raw, _ := json.Marshal(map[string]any{"update_id": s.nextUpd, kind: body})
	s.updates = append(s.updates, raw)
	s.updateIDs = append(s.updateIDs, s.nextUpd)
	s.all[s.nextUpd] = raw
	s.bump()
	return s.nextUpd
}

// addMessage stores a message in chat; s.mu is held.
func (s *Server) addMessage(chat int64, m *Message) *Message {
	m.ID = len(s.msgs[chat]) + 1
	m.Chat = chat
	s.msgs[chat] = append(s.msgs[chat], m)
	if m.FromBot {
		s.history[chat] = append(s.history[chat], m.Text)
	}
	return m
}

// Say has user write text in chat (a group id, or the user's own id for
// their private chat with the bot). It returns the message id.
func (s *Server) Say(chat, user int64, text string) int {
	id, _ := s.SayUpdate(chat, user, text)
	return id
}

// SayUpdate is Say, returning the update id too.
func (s *Server) SayUpdate(chat, user int64, text string) (msg, update int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.addMessage(chat, &Message{Text: text, From: user})
	return m.ID, s.push("message", s.messageJSON(m))
}

// Start has user open the bot's private chat with /start and a payload
// (a deep link when payload is not "").
func (s *Server) Start(user int64, payload string) {
	s.mu.Lock()
	if u := s.users[user]; u != nil {
		u.Started, u.Blocked = true, false
	}
	s.mu.Unlock()
	text := "/start"
	if payload != "" {
		text += " " + payload
	}
	s.Say(user, user, text)
}

// PressData has user press a button of message msg in chat carrying data
// (which need not be one the message shows: a forged press). It returns
// the callback query's id.
func (s *Server) PressData(chat int64, msg int, user int64, data string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.press(chat, msg, user, data, "")
}

func (s *Server) press(chat int64, msg int, user int64, data, id string) string {
	if id == "" {
		s.nextQuery++
		id = "q" + strconv.Itoa(s.nextQuery)
	}
	s.answers[id] = &Answer{User: user, at: time.Now()}
	q := map[string]any{"id": id, "from": s.userJSON(user), "chat_instance": strconv.FormatInt(chat, 10), "data": data}
	if msg > 0 && msg <= len(s.msgs[chat]) {
		q["message"] = s.messageJSON(s.msgs[chat][msg-1])
	}
	s.push("callback_query", q)
	return id
}

// Press has user press the first button of message msg whose label starts
// with label. ok is false when the message shows no such button.
func (s *Server) Press(chat int64, msg int, user int64, label string) (id string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if msg <= 0 || msg > len(s.msgs[chat]) {
		return "", false
	}
	for _, row := range s.msgs[chat][msg-1].Keyboard {
		for _, b := range row {
			if strings.HasPrefix(b.Text, label) && b.Data != "" {
				return s.press(chat, msg, user, b.Data, ""), true
			}
		}
	}
	return "", false
}

// Redeliver delivers update id once more, whatever offset the bot
// confirmed: the same update twice, as after a lost getUpdates answer.
func (s *Server) Redeliver(id int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	raw, ok := s.all[id]
	if !ok {
		s.tb.Errorf("telegramtest: no update %d to deliver again", id)
		return
	}
	s.updates = append(s.updates, raw)
	s.updateIDs = append(s.updateIDs, id)
	s.forced[id] = true
	s.bump()
}

// PushRaw queues one update per fields, each the members of an update
// after its update_id, verbatim: `"message":{...}`. Malformed updates
// (a text that is a number, a message without its chat) are sent as
// given. They are queued at once, so a bot that is not busy receives
// them in one getUpdates answer. It returns their update ids.
func (s *Server) PushRaw(fields ...string) []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ids []int
	for _, f := range fields {
		s.nextUpd++
		raw := json.RawMessage(fmt.Sprintf(`{"update_id":%d,%s}`, s.nextUpd, f))
		if !json.Valid(raw) {
			s.tb.Errorf("telegramtest: PushRaw: %s is not JSON", raw)
			return ids
		}
		s.updates = append(s.updates, raw)
		s.updateIDs = append(s.updateIDs, s.nextUpd)
		s.all[s.nextUpd] = raw
		ids = append(ids, s.nextUpd)
	}
	s.bump()
	return ids
}

// Confirmed is the last update id the bot confirmed by polling past it.
func (s *Server) Confirmed() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.confirmed
}

// LastUpdate is the id of the last update queued.
func (s *Server) LastUpdate() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nextUpd
}

// Answer returns the answer to callback query id.
func (s *Server) Answer(id string) Answer {
	s.mu.Lock()
	defer s.mu.Unlock()
	if a := s.answers[id]; a != nil {
		return *a
	}
	return Answer{}
}

// WaitAnswer waits until callback query id is answered.
func (s *Server) WaitAnswer(id string, timeout time.Duration) Answer {
	s.tb.Helper()
	s.Wait(timeout, "the answer to callback "+id, func() bool { return s.Answer(id).Answered })
	return s.Answer(id)
}

// Answers returns every callback answer, by query id.
func (s *Server) Answers() map[string]Answer {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]Answer{}
	for id, a := range s.answers {
		out[id] = *a
	}
	return out
}

// Messages returns the messages of chat as they stand (deleted ones
// included, marked).
func (s *Server) Messages(chat int64) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Message, len(s.msgs[chat]))
	for i, m := range s.msgs[chat] {
		out[i] = *m
		out[i].Keyboard = append([][]Button(nil), m.Keyboard...)
	}
	return out
}

// BotMessages returns the bot's messages in chat that are not deleted.
func (s *Server) BotMessages(chat int64) []Message {
	var out []Message
	for _, m := range s.Messages(chat) {
		if m.FromBot && !m.Deleted {
			out = append(out, m)
		}
	}
	return out
}

// CountText returns how many of the bot's messages in chat (not deleted)
// contain substr.
func (s *Server) CountText(chat int64, substr string) int {
	n := 0
	for _, m := range s.BotMessages(chat) {
		if strings.Contains(m.Text, substr) {
			n++
		}
	}
	return n
}

// Transcript returns every text the bot showed in chat, every version of
// an edited message included, in order.
func (s *Server) Transcript(chat int64) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.history[chat]...)
}

// Stats returns the counts so far.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.stats
	st.Calls = map[string]int{}
	for k, v := range s.stats.Calls {
		st.Calls[k] = v
	}
	return st
}

// Commands returns the commands registered for a scope type and language
// ("" for the default language).
func (s *Server) Commands(scope, lang string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, c := range s.commands[scope+"/"+lang] {
		out = append(out, c["command"])
	}
	return out
}

// Webhook returns the webhook URL set ("" when none).
func (s *Server) Webhook() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.webhook
}

// --- the HTTP side ---

type apiError struct {
	code        int
	description string
	retryAfter  int
	migrateTo   int64
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	path := strings.TrimPrefix(r.URL.Path, "/bot")
	token, method, ok := strings.Cut(path, "/")
	s.mu.Lock()
	revoked := s.revoked
	s.mu.Unlock()
	if !ok || token != s.Token || revoked {
		writeError(w, apiError{code: 401, description: "Unauthorized"})
		return
	}
	params, err := readParams(r)
	if err != nil {
		writeError(w, apiError{code: 400, description: "Bad Request: " + err.Error()})
		return
	}
	s.mu.Lock()
	s.stats.Calls[method]++
	s.mu.Unlock()
	var result any
	var aerr *apiError
	switch method {
	case "getMe":
		result = map[string]any{"id": 1, "is_bot": true, "first_name": s.BotUser, "username": s.BotUser,
			"can_join_groups": true, "can_read_all_group_messages": false, "supports_inline_queries": false}
	case "getUpdates":
		result, aerr = s.getUpdates(r.Context(), params)
	case "sendMessage":
		result, aerr = s.sendMessage(params)
	case "editMessageText", "editMessageReplyMarkup":
		result, aerr = s.editMessage(method, params)
	case "answerCallbackQuery":
		result, aerr = s.answerCallback(params)
	case "deleteMessage":
		result, aerr = s.deleteMessage(params)
	case "setMyCommands":
		result, aerr = s.setMyCommands(params)
	case "getChatMember":
		result, aerr = s.getChatMember(params)
	case "getChat":
		result, aerr = s.getChat(params)
	case "createForumTopic":
		result, aerr = s.createForumTopic(params)
	case "sendDocument":
		result, aerr = s.sendDocument(params)
	case "setWebhook":
		result, aerr = s.setWebhook(params)
	case "deleteWebhook":
		s.mu.Lock()
		s.webhook, s.whSecret = "", ""
		if s.whCancel != nil {
			s.whCancel()
			s.whCancel = nil
		}
		s.mu.Unlock()
		result = true
	default:
		s.tb.Errorf("telegramtest: the bot called %s, which the fake does not implement", method)
		aerr = &apiError{code: 404, description: "Not Found: method not found"}
	}
	if aerr != nil {
		writeError(w, *aerr)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "result": result})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, e apiError) {
	body := map[string]any{"ok": false, "error_code": e.code, "description": e.description}
	if e.retryAfter > 0 {
		body["parameters"] = map[string]any{"retry_after": e.retryAfter}
	}
	if e.migrateTo != 0 {
		body["parameters"] = map[string]any{"migrate_to_chat_id": e.migrateTo}
	}
	writeJSON(w, e.code, body)
}

// readParams reads a request's parameters: a query string, a form, a
// multipart form or a JSON object.
func readParams(r *http.Request) (url.Values, error) {
	v := r.URL.Query()
	ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	switch ct {
	case "application/json":
		var m map[string]any
		if err := json.NewDecoder(io.LimitReader(r.Body, 10<<20)).Decode(&m); err != nil {
			return nil, fmt.Errorf("malformed JSON: %v", err)
		}
		for k, x := range m {
			switch t := x.(type) {
			case string:
				v.Set(k, t)
			default:
				b, _ := json.Marshal(t)
				v.Set(k, string(b))
			}
		}
	case "multipart/form-data":
		if err := r.ParseMultipartForm(10 << 20); err != nil {
			return nil, err
		}
		for k, xs := range r.MultipartForm.Value {
			v[k] = xs
		}
		for k, fs := range r.MultipartForm.File {
			if len(fs) > 0 {
				v.Set(k, "file:"+fs[0].Filename)
			}
		}
	default:
		if err := r.ParseForm(); err != nil {
			return nil, err
		}
		for k, xs := range r.PostForm {
			v[k] = xs
		}
	}
	return v, nil
}

func (s *Server) getUpdates(ctx context.Context, p url.Values) (any, *apiError) {
	offset, _ := strconv.Atoi(p.Get("offset"))
	limit, _ := strconv.Atoi(p.Get("limit"))
	if limit <= 0 || limit > 100 {
		limit = 100
	}
	timeout, _ := strconv.Atoi(p.Get("timeout"))
	deadline := time.NewTimer(time.Duration(timeout) * time.Second)
	defer deadline.Stop()
	for {
		s.mu.Lock()
		if s.webhook != "" {
			s.mu.Unlock()
			return nil, &apiError{code: 409, description: "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first"}
		}
		if offset > 0 {
			// Updates before offset are confirmed: forget them.
			var keepU []json.RawMessage
			var keepI []int
			for i, id := range s.updateIDs {
				if id >= offset || s.forced[id] {
					keepU, keepI = append(keepU, s.updates[i]), append(keepI, id)
				}
			}
			s.updates, s.updateIDs = keepU, keepI
			if offset-1 > s.confirmed {
				s.confirmed = offset - 1
				s.bump()
			}
		}
		var out []json.RawMessage
		for i, id := range s.updateIDs {
			if len(out) < limit {
				out = append(out, s.updates[i])
			}
			if s.forced[id] {
				// Sent once more: confirmed by this answer.
				delete(s.forced, id)
				s.updates = append(s.updates[:i:i], s.updates[i+1:]...)
				s.updateIDs = append(s.updateIDs[:i:i], s.updateIDs[i+1:]...)
				break
			}
		}
		ch := s.changed
		s.mu.Unlock()
		if len(out) > 0 || timeout <= 0 {
			if out == nil {
				out = []json.RawMessage{}
			}
			return out, nil
		}
		select {
		case <-ch:
		case <-deadline.C:
			return []json.RawMessage{}, nil
		case <-ctx.Done():
			return []json.RawMessage{}, nil
		case <-s.closing:
			return []json.RawMessage{}, nil
		}
	}
}

// admit applies the sending limits to one message to chat; s.mu is held.
func (s *Server) admit(chat int64, edit bool) *apiError {
	now := s.now()
	if s.flood > 0 {
		s.flood--
		s.stats.RateLimited++
		return &apiError{code: 429, description: "Too Many Requests: retry after 1", retryAfter: 1}
	}
	var lims []*rate.Limiter
	if s.limits.Global > 0 && !(edit && s.limits.GlobalNewOnly) {
		lims = append(lims, s.global)
	}
	if s.limits.PerChat > 0 {
		l := s.chatLim[chat]
		if l == nil {
			l = rate.NewLimiter(s.limits.PerChat, max(s.limits.PerChatBurst, 1))
			s.chatLim[chat] = l
		}
		lims = append(lims, l)
	}
	if chat < 0 && s.limits.PerGroupMin > 0 {
		l := s.groupLim[chat]
		if l == nil {
			burst := s.limits.PerGroupBurst
			if burst <= 0 {
				burst = s.limits.PerGroupMin
			}
			l = rate.NewLimiter(rate.Limit(float64(s.limits.PerGroupMin)/60), burst)
			s.groupLim[chat] = l
		}
		lims = append(lims, l)
	}
	var wait time.Duration
	var rs []*rate.Reservation
	for _, l := range lims {
		r := l.ReserveN(now, 1)
		rs = append(rs, r)
		wait = max(wait, r.DelayFrom(now))
	}
	if wait > 0 {
		for _, r := range rs {
			r.CancelAt(now)
		}
		s.stats.RateLimited++
		real := time.Duration(float64(wait) / s.Scale)
		secs := int(math.Ceil(real.Seconds()))
		return &apiError{code: 429, description: fmt.Sprintf("Too Many Requests: retry after %d", max(secs, 1)), retryAfter: max(secs, 1)}
	}
	if chat < 0 {
		s.stats.ToGroups++
	} else {
		s.stats.ToUsers++
	}
	return nil
}

func parseKeyboard(raw string) ([][]Button, bool, *apiError) {
	if raw == "" {
		return nil, false, nil
	}
	var m struct {
		InlineKeyboard [][]Button `json:"inline_keyboard"`
		Keyboard       any        `json:"keyboard"`
		Selective      bool       `json:"selective"`
	}
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return nil, false, &apiError{code: 400, description: "Bad Request: can't parse reply keyboard markup JSON object"}
	}
	for _, row := range m.InlineKeyboard {
		for _, b := range row {
			if len(b.Data) > 64 {
				return nil, false, &apiError{code: 400, description: "Bad Request: BUTTON_DATA_INVALID"}
			}
			if b.Data == "" && b.URL == "" {
				return nil, false, &apiError{code: 400, description: "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard"}
			}
			if b.Text == "" {
				return nil, false, &apiError{code: 400, description: "Bad Request: inline keyboard button text must be non-empty"}
			}
		}
	}
	return m.InlineKeyboard, m.Selective || m.Keyboard != nil, nil
}

func checkText(text string) *apiError {
	switch {
	case strings.TrimSpace(text) == "":
		return &apiError{code: 400, description: "Bad Request: message text is empty"}
	case utf8.RuneCountInString(text) > 4096:
		return &apiError{code: 400, description: "Bad Request: message is too long"}
	}
	return nil
}

func (s *Server) chatParam(p url.Values) (int64, *apiError) {
	id, err := strconv.ParseInt(p.Get("chat_id"), 10, 64)
	if err != nil {
		return 0, &apiError{code: 400, description: "Bad Request: chat not found"}
	}
	return id, nil
}

// reachable reports whether the bot may write to chat; s.mu is held.
func (s *Server) reachable(chat int64) *apiError {
	if g := s.groups[chat]; g != nil {
		if g.migrated != 0 {
			return &apiError{code: 400, description: "Bad Request: group chat was upgraded to a supergroup chat", migrateTo: g.migrated}
		}
		return nil
	}
	u := s.users[chat]
	if u == nil {
		return &apiError{code: 400, description: "Bad Request: chat not found"}
	}
	if u.Blocked {
		s.stats.Refused403++
		return &apiError{code: 403, description: "Forbidden: bot was blocked by the user"}
	}
	if !u.Started {
		s.stats.Refused403++
		return &apiError{code: 403, description: "Forbidden: bot can't initiate conversation with a user"}
	}
	return nil
}

// Block has user block the bot: sends and edits to their private chat get
// 403 until they start it again (Start).
func (s *Server) Block(user int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u := s.users[user]; u != nil {
		u.Blocked = true
	}
}

func (s *Server) sendMessage(p url.Values) (any, *apiError) {
	chat, e := s.chatParam(p)
	if e != nil {
		return nil, e
	}
	text := p.Get("text")
	if e := checkText(text); e != nil {
		return nil, e
	}
	kb, selective, e := parseKeyboard(p.Get("reply_markup"))
	if e != nil {
		return nil, e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if selective {
		s.tb.Errorf("telegramtest: the bot sent a reply keyboard (selective keyboards leak on desktop clients): %s", p.Get("reply_markup"))
	}
	replyTo, _ := strconv.Atoi(p.Get("reply_to_message_id"))
	thread := 0
	if v := p.Get("message_thread_id"); v != "" {
		n, err := strconv.Atoi(v)
		g := s.groups[chat]
		if err != nil || g == nil || !g.forum || n < 1 || n > len(g.topics) {
			return nil, &apiError{code: 400, description: "Bad Request: message thread not found"}
		}
		thread = n
	}
	m, e := s.post(chat, &Message{Text: text, Keyboard: kb, ReplyTo: replyTo, Thread: thread})
	if e != nil {
		return nil, e
	}
	return s.messageJSON(m), nil
}

// post sends the bot's message m to chat, if the chat may be written to
// and the limits allow; s.mu is held.
func (s *Server) post(chat int64, m *Message) (*Message, *apiError) {
	if e := s.reachable(chat); e != nil {
		return nil, e
	}
	if e := s.admit(chat, false); e != nil {
		return nil, e
	}
	m.FromBot = true
	m = s.addMessage(chat, m)
	s.stats.Sent++
	s.bump()
	return m, nil
}

func (s *Server) sendDocument(p url.Values) (any, *apiError) {
	chat, e := s.chatParam(p)
	if e != nil {
		return nil, e
	}
	doc := p.Get("document")
	if doc == "" {
		return nil, &apiError{code: 400, description: "Bad Request: there is no document in the request"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	m, e := s.post(chat, &Message{Text: p.Get("caption")})
	if e != nil {
		return nil, e
	}
	s.docs[chat] = append(s.docs[chat], doc)
	out := s.messageJSON(m)
	out["document"] = map[string]any{"file_id": fmt.Sprint("doc", len(s.docs[chat])), "file_unique_id": "u", "file_name": strings.TrimPrefix(doc, "file:")}
	return out, nil
}

// message finds a message of the bot; s.mu is held.
func (s *Server) message(chat int64, id int, verb string) (*Message, *apiError) {
	if id <= 0 || id > len(s.msgs[chat]) || s.msgs[chat][id-1].Deleted {
		return nil, &apiError{code: 400, description: "Bad Request: message to " + verb + " not found"}
	}
	m := s.msgs[chat][id-1]
	if !m.FromBot && verb == "edit" {
		return nil, &apiError{code: 400, description: "Bad Request: message can't be edited"}
	}
	return m, nil
}

func sameKeyboard(a, b [][]Button) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y) || (len(a) == 0 && len(b) == 0)
}

func (s *Server) editMessage(method string, p url.Values) (any, *apiError) {
	if p.Get("inline_message_id") != "" {
		return nil, &apiError{code: 400, description: "Bad Request: inline messages are not supported by the fake"}
	}
	chat, e := s.chatParam(p)
	if e != nil {
		return nil, e
	}
	id, _ := strconv.Atoi(p.Get("message_id"))
	text := p.Get("text")
	if method == "editMessageText" {
		if e := checkText(text); e != nil {
			return nil, e
		}
	}
	kb, selective, e := parseKeyboard(p.Get("reply_markup"))
	if e != nil {
		return nil, e
	}
	if selective {
		return nil, &apiError{code: 400, description: "Bad Request: inline keyboard expected"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if e := s.reachable(chat); e != nil {
		return nil, e // a migrated group, a user who blocked the bot
	}
	m, e := s.message(chat, id, "edit")
	if e != nil {
		return nil, e
	}
	if method == "editMessageReplyMarkup" {
		text = m.Text
	}
	if text == m.Text && sameKeyboard(kb, m.Keyboard) {
		return nil, &apiError{code: 400, description: "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message"}
	}
	if e := s.admit(chat, true); e != nil {
		return nil, e
	}
	m.Text, m.Keyboard = text, kb
	m.Edits++
	s.stats.Edits++
	s.history[chat] = append(s.history[chat], text)
	s.bump()
	return s.messageJSON(m), nil
}

func (s *Server) deleteMessage(p url.Values) (any, *apiError) {
	chat, e := s.chatParam(p)
	if e != nil {
		return nil, e
	}
	id, _ := strconv.Atoi(p.Get("message_id"))
	s.mu.Lock()
	defer s.mu.Unlock()
	m, e := s.message(chat, id, "delete")
	if e != nil {
		return nil, e
	}
	m.Deleted = true
	s.bump()
	return true, nil
}

// Delete deletes a message as a chat admin would.
func (s *Server) Delete(chat int64, id int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id > 0 && id <= len(s.msgs[chat]) {
		s.msgs[chat][id-1].Deleted = true
		s.bump()
	}
}

func (s *Server) answerCallback(p url.Values) (any, *apiError) {
	id := p.Get("callback_query_id")
	text := p.Get("text")
	if utf8.RuneCountInString(text) > 200 {
		return nil, &apiError{code: 400, description: "Bad Request: MESSAGE_TOO_LONG"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.answers[id]
	if a != nil && !a.Answered && time.Since(a.at) > callbackAnswerWindow {
		a.Late = true
		a.Times++
		return nil, &apiError{code: 400, description: "Bad Request: query is too old and response timeout expired or query ID is invalid"}
	}
	if a == nil || a.Answered {
		if a != nil {
			a.Times++
		}
		return nil, &apiError{code: 400, description: "Bad Request: query is too old and response timeout expired or query ID is invalid"}
	}
	a.Answered, a.Text, a.ShowAlert = true, text, p.Get("show_alert") == "true"
	a.Times++
	s.bump()
	return true, nil
}

func (s *Server) setMyCommands(p url.Values) (any, *apiError) {
	var cmds []map[string]string
	if err := json.Unmarshal([]byte(p.Get("commands")), &cmds); err != nil {
		return nil, &apiError{code: 400, description: "Bad Request: can't parse commands JSON"}
	}
	for _, c := range cmds {
		name, desc := c["command"], c["description"]
		if name == "" || len(name) > 32 || strings.ToLower(name) != name || strings.ContainsAny(name, " /@") {
			return nil, &apiError{code: 400, description: "Bad Request: BOT_COMMAND_INVALID"}
		}
		if n := utf8.RuneCountInString(desc); n < 1 || n > 256 {
			return nil, &apiError{code: 400, description: "Bad Request: BOT_COMMAND_DESCRIPTION_INVALID"}
		}
	}
	scope := "default"
	if raw := p.Get("scope"); raw != "" {
		var sc struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal([]byte(raw), &sc); err != nil || sc.Type == "" {
			return nil, &apiError{code: 400, description: "Bad Request: can't parse BotCommandScope JSON object"}
		}
		scope = sc.Type
	}
	s.mu.Lock()
	s.commands[scope+"/"+p.Get("language_code")] = cmds
	s.mu.Unlock()
	return true, nil
}

func (s *Server) getChatMember(p url.Values) (any, *apiError) {
	chat, e := s.chatParam(p)
	if e != nil {
		return nil, e
	}
	user, _ := strconv.ParseInt(p.Get("user_id"), 10, 64)
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.groups[chat]
	if g == nil {
		return nil, &apiError{code: 400, description: "Bad Request: chat not found"}
	}
	status := "member"
	switch {
	case g.owner == user:
		status = "creator"
	case g.admins[user]:
		status = "administrator"
	}
	return map[string]any{"user": s.userJSON(user), "status": status}, nil
}

func (s *Server) setWebhook(p url.Values) (any, *apiError) {
	u := p.Get("url")
	if u == "" {
		s.mu.Lock()
		s.webhook = ""
		s.mu.Unlock()
		return true, nil
	}
	pu, err := url.Parse(u)
	if err != nil || (pu.Scheme != "https" && pu.Scheme != "http") || pu.Host == "" {
		return nil, &apiError{code: 400, description: "Bad Request: bad webhook: An HTTPS URL must be provided for webhook"}
	}
	secret := p.Get("secret_token")
	s.mu.Lock()
	defer s.mu.Unlock()
	s.webhook, s.whSecret = u, secret
	if s.whCancel != nil {
		s.whCancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.whCancel = cancel
	s.bump()
	go s.deliverWebhook(ctx, u, secret)
	return true, nil
}

// deliverWebhook posts queued updates to the webhook, in order, each until
// it is accepted with 200.
func (s *Server) deliverWebhook(ctx context.Context, u, secret string) {
	client := &http.Client{Timeout: 10 * time.Second}
	for ctx.Err() == nil {
		s.mu.Lock()
		var raw json.RawMessage
		var id int
		if len(s.updates) > 0 {
			raw, id = s.updates[0], s.updateIDs[0]
		}
		ch := s.changed
		s.mu.Unlock()
		if raw == nil {
			select {
			case <-ch:
			case <-ctx.Done():
			}
			continue
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, strings.NewReader(string(raw)))
		req.Header.Set("Content-Type", "application/json")
		if secret != "" {
			req.Header.Set("X-Telegram-Bot-Api-Secret-Token", secret)
		}
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		if err != nil || resp.StatusCode != http.StatusOK {
			select {
			case <-time.After(100 * time.Millisecond):
			case <-ctx.Done():
			}
			continue
		}
		s.mu.Lock()
		if len(s.updateIDs) > 0 && s.updateIDs[0] == id {
			s.updates, s.updateIDs = s.updates[1:], s.updateIDs[1:]
		}
		s.mu.Unlock()
	}
}

// Chats returns the ids of the chats with messages, sorted.
func (s *Server) Chats() []int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []int64
	for id := range s.msgs {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// SetForum turns topics on in a group (a supergroup with topics).
func (s *Server) SetForum(chat int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g := s.groups[chat]; g != nil {
		g.forum = true
	}
}

// Topics returns the names of a group's forum topics, by thread id - 1.
func (s *Server) Topics(chat int64) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g := s.groups[chat]; g != nil {
		return append([]string(nil), g.topics...)
	}
	return nil
}

func (s *Server) getChat(p url.Values) (any, *apiError) {
	chat, e := s.chatParam(p)
	if e != nil {
		return nil, e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if g := s.groups[chat]; g != nil {
		kind := "group"
		if g.forum || chat < -1000000000000 {
			kind = "supergroup"
		}
		return map[string]any{"id": chat, "type": kind, "title": g.title, "is_forum": g.forum}, nil
	}
	if u := s.users[chat]; u != nil {
		return map[string]any{"id": chat, "type": "private", "first_name": u.FirstName}, nil
	}
	return nil, &apiError{code: 400, description: "Bad Request: chat not found"}
}

// createForumTopic opens a topic in a forum supergroup; a chat without
// topics refuses, as Telegram does.
func (s *Server) createForumTopic(p url.Values) (any, *apiError) {
	chat, e := s.chatParam(p)
	if e != nil {
		return nil, e
	}
	name := p.Get("name")
	if name == "" || len([]rune(name)) > 128 {
		return nil, &apiError{code: 400, description: "Bad Request: TOPIC_NAME_INVALID"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.groups[chat]
	if g == nil || !g.forum {
		return nil, &apiError{code: 400, description: "Bad Request: the chat is not a forum"}
	}
	g.topics = append(g.topics, name)
	return map[string]any{"message_thread_id": len(g.topics), "name": name, "icon_color": 7322096}, nil
}
