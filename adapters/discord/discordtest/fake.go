// Package discordtest is an in-process fake of Discord for tests: the REST
// API a bot uses (gateway discovery, users/@me, bulk command registration,
// interaction callbacks, the original response and follow-ups, channel
// messages, DM channels) and the websocket gateway (HELLO, IDENTIFY with a
// token check, READY, GUILD_CREATE, heartbeats, RESUME, INTERACTION_CREATE),
// talked to by the real discordgo client.
//
// It enforces Discord's rules where a bot can break them: an interaction
// acknowledged after 3 seconds is unknown (10062), one acknowledged twice
// is refused (40060); components within 5 rows of 5 buttons with custom_id
// of at most 100 characters; content within 2,000 characters and an embed
// description within 4,096; modals only where Discord allows them; command
// names, descriptions and localizations as Discord checks them; per-route
// rate-limit buckets (the adapter's figure for a channel, discord.Limits:
// 5 calls per 5 s) announced in X-RateLimit-* headers, and 429s with
// retry_after when a bucket is overrun or when a test asks (Flood). An
// ephemeral reply is visible only to its user. A call to a route it does
// not implement fails the test.
package discordtest

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gorilla/websocket"

	"github.com/pokerroom/pokerroom/adapters/discord"
)

// Limits of Discord the fake enforces.
const (
	AckWindow        = 3 * time.Second
	maxContent       = 2000
	maxDescription   = 4096
	maxCustomID      = 100
	maxButtonLabel   = 80
	maxRows          = 5
	maxButtonsPerRow = 5
	tokenLifetime    = 15 * time.Minute
)

// Component types and styles used by bots.
const (
	ComponentRow       = 1
	ComponentButton    = 2
	ComponentTextInput = 4
	StyleLink          = 5
)

// Interaction types.
const (
	InteractionCommand      = 2
	InteractionComponent    = 3
	InteractionAutocomplete = 4
	InteractionModalSubmit  = 5
)

// Callback types.
const (
	CallbackMessage        = 4
	CallbackDeferred       = 5
	CallbackDeferredUpdate = 6
	CallbackUpdate         = 7
	CallbackAutocomplete   = 8
	CallbackModal          = 9
)

// FlagEphemeral marks a message only its user sees.
const FlagEphemeral = 64

// Permission bits the fake hands out.
const (
	PermAdministrator = 1 << 3
	PermManageGuild   = 1 << 5
)

// User is a Discord user.
type User struct {
	ID       string `json:"id"`
	Username string `json:"username"`
	Bot      bool   `json:"bot,omitempty"`
}

// Embed is the part of an embed the fake keeps.
type Embed struct {
	Title       string `json:"title,omitempty"`
	Description string `json:"description,omitempty"`
	Color       int    `json:"color,omitempty"`
}

// Component is a row, a button or a text input.
type Component struct {
	Type        int         `json:"type"`
	Style       int         `json:"style,omitempty"`
	Label       string      `json:"label,omitempty"`
	CustomID    string      `json:"custom_id,omitempty"`
	URL         string      `json:"url,omitempty"`
	Disabled    bool        `json:"disabled,omitempty"`
	Placeholder string      `json:"placeholder,omitempty"`
	Value       string      `json:"value,omitempty"`
	Required    bool        `json:"required,omitempty"`
	Components  []Component `json:"components,omitempty"`
}

// Message is a message as the fake keeps it: a channel message, a DM, an
// interaction's response or follow-up (ephemeral ones seen only by For).
type Message struct {
	ID          string      `json:"id"`
	ChannelID   string      `json:"channel_id"`
	Author      User        `json:"author"`
	Content     string      `json:"content"`
	Embeds      []Embed     `json:"embeds"`
	Components  []Component `json:"components"`
	Flags       int         `json:"flags"`
	Interaction string      `json:"-"` // the interaction it answers
	For         string      `json:"-"` // the only user who sees an ephemeral message
	Edits       int         `json:"-"`
	Deleted     bool        `json:"-"`
	Versions    []string    `json:"-"` // every text it showed (content and embeds)
}

// Text is what the message shows: its content and its embeds' text.
func (m *Message) Text() string {
	parts := []string{}
	if m.Content != "" {
		parts = append(parts, m.Content)
	}
	for _, e := range m.Embeds {
		if e.Title != "" {
			parts = append(parts, e.Title)
		}
		if e.Description != "" {
			parts = append(parts, e.Description)
		}
	}
	return strings.Join(parts, "\n")
}

// Buttons lists the message's buttons.
func (m *Message) Buttons() []Component {
	var out []Component
	for _, r := range m.Components {
		out = append(out, r.Components...)
	}
	return out
}

// Ephemeral reports whether only For sees the message.
func (m *Message) Ephemeral() bool { return m.Flags&FlagEphemeral != 0 }

// Modal is a modal a bot opened in answer to an interaction.
type Modal struct {
	CustomID   string      `json:"custom_id"`
	Title      string      `json:"title"`
	Components []Component `json:"components"`
}

// Response is how a bot answered an interaction.
type Response struct {
	Type    int
	Message *Message // the reply (types 4 and 5, once edited), or the updated message (7)
	Modal   *Modal
	Choices []Choice // autocomplete
}

// Choice is an autocomplete choice.
type Choice struct {
	Name  string `json:"name"`
	Value any    `json:"value"`
}

// Interaction is one interaction the fake sent to the bot.
type Interaction struct {
	ID, Token string
	Type      int
	User      User
	ChannelID string
	Created   time.Time
	Acked     bool
	Response  *Response
	Followups []*Message
	Late      bool // the bot tried to acknowledge it after the window
	Twice     bool // the bot tried to acknowledge it again
	done      chan struct{}
}

// Stats counts what the bot did.
type Stats struct {
	Calls       int // REST calls
	RateLimited int // 429s answered
	Sent        int // messages created (channel, DM, responses, follow-ups)
	Edits       int
	Late        int // acknowledgements after the window (10062)
	Twice       int // second acknowledgements (40060)
	Identifies  int
	Resumes     int
}

type guild struct {
	ID       string
	Name     string
	Channels []string
	Members  map[string]int64 // user -> permissions
	Roles    map[string][]string
}

type channel struct {
	ID, GuildID, Name string
	DM                string // the user of a DM channel
	Parent            string // a thread's channel
	Messages          []*Message
}

type bucket struct {
	remaining int
	reset     time.Time
}

// Server is the fake Discord.
type Server struct {
	tb    testing.TB
	token string
	self  User
	app   string // the application's id (not the bot user's, to catch a mix-up)
	srv   *httptest.Server
	scale float64

	mu           sync.Mutex
	next         int64
	guilds       map[string]*guild
	guildOrder   []string
	channels     map[string]*channel
	users        map[string]User
	dms          map[string]string
	commands     map[string][]json.RawMessage // "" (global) or guild -> commands
	interactions map[string]*Interaction      // by token
	messages     map[string]*Message          // by id
	buckets      map[string]*bucket
	flood        int
	floodAfter   time.Duration
	ackWindow    time.Duration
	stats        Stats

	conn      *websocket.Conn
	connMu    sync.Mutex // serializes writes to conn
	sessionID string
	seq       int64
	history   []event
	shard     *[2]int
	intents   int64
	changed   chan struct{}
}

type event struct {
	seq int64
	raw []byte
}

// NewServer starts a fake Discord with a bot user; token is the bot token
// (without "Bot ").
func NewServer(tb testing.TB, token string, self User) *Server {
	self.Bot = true
	s := &Server{tb: tb, token: token, self: self, app: "1" + self.ID, scale: 1, guilds: map[string]*guild{}, channels: map[string]*channel{},
		users: map[string]User{self.ID: self}, dms: map[string]string{}, commands: map[string][]json.RawMessage{},
		interactions: map[string]*Interaction{}, messages: map[string]*Message{}, buckets: map[string]*bucket{},
		ackWindow: AckWindow, next: 1000, changed: make(chan struct{})}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	tb.Cleanup(s.Close)
	return s
}

// Close stops the server.
func (s *Server) Close() {
	s.mu.Lock()
	c := s.conn
	s.conn = nil
	s.mu.Unlock()
	if c != nil {
		c.Close()
	}
	s.srv.CloseClientConnections()
	s.srv.Close()
}

// URL is the server's base URL: REST is under URL/api/v9/.
func (s *Server) URL() string { return s.srv.URL }

// Scale makes the fake's rate limits pass n times faster (the announced
// waits are divided by n). The acknowledgement window stays 3 s.
func (s *Server) Scale(n float64) {
	s.mu.Lock()
	s.scale = n
	s.mu.Unlock()
}

// SetAckWindow changes the acknowledgement window (a test of late acks).
func (s *Server) SetAckWindow(d time.Duration) {
	s.mu.Lock()
	s.ackWindow = d
	s.mu.Unlock()
}

// Flood answers the next n REST calls other than interaction callbacks
// with 429, retry_after d (scaled).
func (s *Server) Flood(n int, d time.Duration) {
	s.mu.Lock()
	s.flood, s.floodAfter = n, d
	s.mu.Unlock()
}

// Stats returns the counts so far.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}

// Identified returns the shard the bot identified with and its intents.
func (s *Server) Identified() (shard *[2]int, intents int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.shard, s.intents
}

// id returns a new snowflake: the time since Discord's epoch (2015) in its
// high bits, as bots read an interaction's age from its id.
func (s *Server) id() string {
	s.next++
	ms := time.Now().UnixMilli() - 1420070400000
	return strconv.FormatInt(ms<<22|(s.next&0x3fffff), 10)
}

// AddGuild adds a guild with text channels (ids given) and members with
// their permission bits.
func (s *Server) AddGuild(id, name string, channels ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := &guild{ID: id, Name: name, Channels: channels, Members: map[string]int64{}, Roles: map[string][]string{}}
	s.guilds[id] = g
	s.guildOrder = append(s.guildOrder, id)
	for _, c := range channels {
		s.channels[c] = &channel{ID: c, GuildID: id, Name: "table-" + c}
	}
}

// AddMember adds a user to a guild with permissions (and roles).
func (s *Server) AddMember(guildID string, u User, perms int64, roles ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.users[u.ID] = u
	g := s.guilds[guildID]
	if g == nil {
		s.tb.Fatalf("discordtest: no guild %s", guildID)
	}
	g.Members[u.ID] = perms
	g.Roles[u.ID] = roles
}

// Commands returns the commands registered for a guild ("" for global).
func (s *Server) Commands(guildID string) []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []map[string]any
	for _, raw := range s.commands[guildID] {
		var m map[string]any
		_ = json.Unmarshal(raw, &m)
		out = append(out, m)
	}
	return out
}

// Messages returns the messages of a channel, oldest first (deleted ones
// left out).
func (s *Server) Messages(channelID string) []*Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Message
	if c := s.channels[channelID]; c != nil {
		for _, m := range c.Messages {
			if !m.Deleted {
				cp := *m
				out = append(out, &cp)
			}
		}
	}
	return out
}

// DMs returns the direct messages the bot sent to a user.
func (s *Server) DMs(userID string) []*Message {
	s.mu.Lock()
	id := s.dms[userID]
	s.mu.Unlock()
	if id == "" {
		return nil
	}
	return s.Messages(id)
}

// Everything returns every text every version of every message showed in
// a channel as each user would see it: public messages to all, ephemeral
// ones only to their user ("" asks for what any member sees).
func (s *Server) Everything(channelID, user string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	c := s.channels[channelID]
	if c == nil {
		return nil
	}
	for _, m := range c.Messages {
		if m.Ephemeral() && m.For != user {
			continue
		}
		out = append(out, m.Versions...)
	}
	return out
}

// Changed returns a channel closed at the next change (a message, an
// edit, an answer): for tests that wait.
func (s *Server) Changed() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.changed
}

func (s *Server) notify() {
	close(s.changed)
	s.changed = make(chan struct{})
}

// Wait waits until cond holds (checked at every change), failing the test
// after timeout.
func (s *Server) Wait(timeout time.Duration, what string, cond func() bool) {
	s.tb.Helper()
	deadline := time.After(timeout)
	for {
		ch := s.Changed()
		if cond() {
			return
		}
		select {
		case <-ch:
		case <-time.After(50 * time.Millisecond):
		case <-deadline:
			s.tb.Fatalf("discordtest: timed out waiting for %s", what)
		}
	}
}

// ---- the gateway ----

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

type gwPayload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  int64           `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

func (s *Server) gateway(w http.ResponseWriter, r *http.Request) {
	c, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer c.Close()
	s.write(c, map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 41250}})
	_, raw, err := c.ReadMessage()
	if err != nil {
		return
	}
	var p gwPayload
	if json.Unmarshal(raw, &p) != nil {
		c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4002, "Error while decoding payload."))
		return
	}
	switch p.Op {
	case 2:
		var id struct {
			Token   string  `json:"token"`
			Intents int64   `json:"intents"`
			Shard   *[2]int `json:"shard"`
		}
		_ = json.Unmarshal(p.D, &id)
		if id.Token != "Bot "+s.token {
			c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."))
			return
		}
		s.mu.Lock()
		s.stats.Identifies++
		s.shard, s.intents = id.Shard, id.Intents
		s.sessionID = "session-" + s.id()
		s.seq, s.history = 0, nil
		s.conn = c
		guilds := []map[string]any{}
		for _, g := range s.guildOrder {
			guilds = append(guilds, map[string]any{"id": g, "unavailable": true})
		}
		s.dispatchLocked("READY", map[string]any{"v": 10, "user": s.self, "session_id": s.sessionID, "guilds": guilds,
			"application": map[string]any{"id": s.app, "flags": 0}, "resume_gateway_url": s.wsURL()})
		for _, gid := range s.guildOrder {
			g := s.guilds[gid]
			chans := []map[string]any{}
			for _, ch := range g.Channels {
				chans = append(chans, map[string]any{"id": ch, "type": 0, "name": s.channels[ch].Name, "guild_id": gid})
			}
			s.dispatchLocked("GUILD_CREATE", map[string]any{"id": gid, "name": g.Name, "channels": chans, "members": []any{}, "roles": []any{}})
		}
		s.mu.Unlock()
	case 6:
		var res struct {
			Token     string `json:"token"`
			SessionID string `json:"session_id"`
			Seq       int64  `json:"seq"`
		}
		_ = json.Unmarshal(p.D, &res)
		if res.Token != "Bot "+s.token {
			c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."))
			return
		}
		s.mu.Lock()
		if res.SessionID != s.sessionID {
			s.mu.Unlock()
			s.write(c, map[string]any{"op": 9, "d": false})
			return
		}
		s.stats.Resumes++
		s.conn = c
		s.write(c, map[string]any{"op": 0, "t": "RESUMED", "s": s.seq, "d": map[string]any{}})
		for _, e := range s.history {
			if e.seq > res.Seq {
				s.writeRaw(c, e.raw)
			}
		}
		s.mu.Unlock()
	default:
		c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4003, "Not authenticated."))
		return
	}
	for {
		_, raw, err := c.ReadMessage()
		if err != nil {
			s.mu.Lock()
			if s.conn == c {
				s.conn = nil
			}
			s.mu.Unlock()
			return
		}
		var p gwPayload
		if json.Unmarshal(raw, &p) == nil && p.Op == 1 {
			s.write(c, map[string]any{"op": 11})
		}
	}
}

func (s *Server) wsURL() string { return "ws" + strings.TrimPrefix(s.srv.URL, "http") + "/ws" }

func (s *Server) write(c *websocket.Conn, v any) {
	raw, _ := json.Marshal(v)
	s.writeRaw(c, raw)
}

func (s *Server) writeRaw(c *websocket.Conn, raw []byte) {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	_ = c.SetWriteDeadline(time.Now().Add(5 * time.Second))
	_ = c.WriteMessage(websocket.TextMessage, raw)
}

// dispatchLocked sends an event (kept for a RESUME); s.mu is held.
func (s *Server) dispatchLocked(t string, d any) {
	s.seq++
	data, _ := json.Marshal(d)
	raw, _ := json.Marshal(gwPayload{Op: 0, T: t, S: s.seq, D: data})
	s.history = append(s.history, event{seq: s.seq, raw: raw})
	if len(s.history) > 1000 {
		s.history = s.history[1:]
	}
	if s.conn != nil {
		s.writeRaw(s.conn, raw)
	}
}

// Disconnect drops the gateway connection without a close frame (a network
// failure): the bot must RESUME. Events sent meanwhile are replayed.
func (s *Server) Disconnect() {
	s.mu.Lock()
	c := s.conn
	s.conn = nil
	s.mu.Unlock()
	if c != nil {
		c.UnderlyingConn().Close()
	}
}

// Connected reports whether the bot holds a gateway connection.
func (s *Server) Connected() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conn != nil
}

// ---- acting as users ----

func (s *Server) member(channelID string, u User) map[string]any {
	c := s.channels[channelID]
	if c == nil {
		s.tb.Fatalf("discordtest: no channel %s", channelID)
	}
	g := s.guilds[c.GuildID]
	perms, ok := g.Members[u.ID]
	if !ok {
		s.tb.Fatalf("discordtest: %s is not a member of guild %s", u.ID, g.ID)
	}
	roles := g.Roles[u.ID]
	if roles == nil {
		roles = []string{}
	}
	return map[string]any{"user": u, "permissions": strconv.FormatInt(perms, 10), "roles": roles, "nick": nil}
}

func (s *Server) interact(typ int, channelID, userID string, data any, message *Message) *Interaction {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[userID]
	if !ok {
		s.tb.Fatalf("discordtest: no user %s", userID)
	}
	it := &Interaction{ID: s.id(), Token: "itoken-" + s.id(), Type: typ, User: u, ChannelID: channelID, Created: time.Now(), done: make(chan struct{})}
	s.interactions[it.Token] = it
	c := s.channels[channelID]
	d := map[string]any{"id": it.ID, "application_id": s.app, "type": typ, "data": data, "channel_id": channelID,
		"token": it.Token, "version": 1, "locale": "en-US"}
	if c.GuildID != "" {
		d["guild_id"] = c.GuildID
		d["member"] = s.member(channelID, u)
		d["guild_locale"] = "en-US"
	} else {
		d["user"] = u
	}
	if message != nil {
		d["message"] = message
	}
	s.dispatchLocked("INTERACTION_CREATE", d)
	return it
}

// Interact sends an interaction of any type with any data, as a user in a
// channel: a malformed one (an option that is null, data of another
// kind) as well as a well-formed one.
func (s *Server) Interact(typ int, channelID, userID string, data any) *Interaction {
	return s.interact(typ, channelID, userID, data, nil)
}

// Option is a slash command's option as a user fills it.
type Option struct {
	Name  string
	Type  int // 3 string, 4 integer, 5 boolean, 6 user, 7 channel
	Value any
}

// Slash runs a slash command as a user in a channel.
func (s *Server) Slash(channelID, userID, name string, opts ...Option) *Interaction {
	var os []map[string]any
	for _, o := range opts {
		os = append(os, map[string]any{"name": o.Name, "type": o.Type, "value": o.Value})
	}
	return s.interact(InteractionCommand, channelID, userID, map[string]any{"id": "cmd-" + name, "name": name, "type": 1, "options": os}, nil)
}

// Autocomplete asks for an option's choices as a user types.
func (s *Server) Autocomplete(channelID, userID, name, option, typed string) *Interaction {
	return s.interact(InteractionAutocomplete, channelID, userID, map[string]any{"id": "cmd-" + name, "name": name, "type": 1,
		"options": []map[string]any{{"name": option, "type": 3, "value": typed, "focused": true}}}, nil)
}

// Press presses the button with custom_id on a message.
func (s *Server) Press(userID string, m *Message, customID string) *Interaction {
	found := false
	for _, b := range m.Buttons() {
		if b.CustomID == customID {
			found = true
		}
	}
	if !found {
		s.tb.Fatalf("discordtest: message %s has no button %q", m.ID, customID)
	}
	return s.PressData(userID, m, customID)
}

// PressData sends a button interaction with any custom_id (a forged one).
func (s *Server) PressData(userID string, m *Message, customID string) *Interaction {
	return s.interact(InteractionComponent, m.ChannelID, userID, map[string]any{"custom_id": customID, "component_type": ComponentButton}, m)
}

// Submit submits a modal with the values of its text inputs.
func (s *Server) Submit(channelID, userID string, md *Modal, values ...string) *Interaction {
	var rows []map[string]any
	i := 0
	for _, r := range md.Components {
		for _, c := range r.Components {
			v := ""
			if i < len(values) {
				v = values[i]
			}
			i++
			rows = append(rows, map[string]any{"type": 1, "components": []map[string]any{{"type": ComponentTextInput, "custom_id": c.CustomID, "value": v}}})
		}
	}
	return s.interact(InteractionModalSubmit, channelID, userID, map[string]any{"custom_id": md.CustomID, "components": rows}, nil)
}

// Answer waits for the bot's answer to an interaction: its acknowledgement,
// and for a deferred one the edit that completes it.
func (s *Server) Answer(it *Interaction, timeout time.Duration) *Response {
	s.tb.Helper()
	select {
	case <-it.done:
	case <-time.After(timeout):
		s.tb.Fatalf("discordtest: interaction %s (type %d) not answered within %v", it.ID, it.Type, timeout)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r := *it.Response
	if r.Message != nil {
		cp := *r.Message
		r.Message = &cp
	}
	return &r
}

// Followups returns the follow-up messages of an interaction.
func (s *Server) Followups(it *Interaction) []*Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Message
	for _, m := range it.Followups {
		cp := *m
		out = append(out, &cp)
	}
	return out
}

// ---- REST ----

type apiError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (s *Server) fail(w http.ResponseWriter, status, code int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(apiError{Code: code, Message: msg})
}

func (s *Server) ok(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	if v == nil {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	_ = json.NewEncoder(w).Encode(v)
}

var apiPrefix = regexp.MustCompile(`^/api/v\d+`)

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/ws" || r.URL.Path == "/ws/" {
		s.gateway(w, r)
		return
	}
	path := apiPrefix.ReplaceAllString(r.URL.Path, "")
	if path == r.URL.Path {
		s.tb.Errorf("discordtest: %s %s is not under /api/vN", r.Method, r.URL.Path)
		http.NotFound(w, r)
		return
	}
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	parts := strings.Split(strings.Trim(path, "/"), "/")
	interaction := len(parts) >= 1 && (parts[0] == "interactions" || parts[0] == "webhooks")
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stats.Calls++
	if !interaction && !(parts[0] == "gateway") {
		if r.Header.Get("Authorization") != "Bot "+s.token {
			s.fail(w, http.StatusUnauthorized, 0, "401: Unauthorized")
			return
		}
		if s.flood > 0 {
			s.flood--
			s.stats.RateLimited++
			s.tooMany(w, s.floodAfter, false)
			return
		}
	}
	route := r.Method + " " + path
	switch {
	case r.Method == "GET" && (path == "/gateway" || path == "/gateway/bot"):
		s.ok(w, map[string]any{"url": s.wsURL(), "shards": 1,
			"session_start_limit": map[string]any{"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}})
	case r.Method == "GET" && path == "/users/@me":
		s.ok(w, s.self)
	case r.Method == "PUT" && len(parts) == 3 && parts[0] == "applications" && parts[2] == "commands":
		s.putCommands(w, parts[1], "", body)
	case r.Method == "PUT" && len(parts) == 5 && parts[0] == "applications" && parts[2] == "guilds" && parts[4] == "commands":
		s.putCommands(w, parts[1], parts[3], body)
	case r.Method == "POST" && len(parts) == 4 && parts[0] == "interactions" && parts[3] == "callback":
		s.callback(w, parts[1], parts[2], body)
	case parts[0] == "webhooks" && len(parts) >= 3 && parts[1] != s.app:
		s.fail(w, http.StatusNotFound, 10015, "Unknown Webhook")
	case len(parts) == 5 && parts[0] == "webhooks" && parts[3] == "messages":
		s.webhookMessage(w, r.Method, parts[2], parts[4], body)
	case r.Method == "POST" && len(parts) == 3 && parts[0] == "webhooks":
		s.followup(w, parts[2], body)
	case r.Method == "POST" && path == "/users/@me/channels":
		s.dmChannel(w, body)
	case len(parts) >= 3 && parts[0] == "channels" && parts[2] == "messages":
		s.channelMessages(w, r.Method, parts, body)
	case r.Method == "POST" && len(parts) == 3 && parts[0] == "channels" && parts[2] == "threads":
		s.startThread(w, parts[1], body)
	default:
		s.tb.Errorf("discordtest: %s is not implemented", route)
		s.fail(w, http.StatusNotFound, 0, "404: Not Found")
	}
}

// tooMany answers 429 with retry_after d (scaled).
func (s *Server) tooMany(w http.ResponseWriter, d time.Duration, global bool) {
	secs := d.Seconds() / s.scale
	w.Header().Set("Retry-After", strconv.Itoa(int(secs+0.999)))
	w.Header().Set("X-RateLimit-Scope", "user")
	if global {
		w.Header().Set("X-RateLimit-Global", "true")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusTooManyRequests)
	_ = json.NewEncoder(w).Encode(map[string]any{"message": "You are being rate limited.", "retry_after": secs, "global": global})
}

// bucketLimit and bucketWindow are each route's bucket: the adapter's own
// figure for a channel, discord.Limits (a burst of PerChatBurst calls, one
// more every 1/PerChat seconds: 5 per 5 s), so that the fake holds the
// adapter to the figures it was built with, not to a copy of them.
var (
	bucketLimit  = discord.Limits.PerChatBurst
	bucketWindow = time.Duration(float64(discord.Limits.PerChatBurst) / float64(discord.Limits.PerChat) * float64(time.Second))
)

// take counts a call against a route's bucket (bucketLimit calls per
// bucketWindow, scaled) and announces the bucket in X-RateLimit-* headers;
// an overrun is a 429.
func (s *Server) take(w http.ResponseWriter, key string) bool {
	limit, per := bucketLimit, bucketWindow
	now := time.Now()
	window := time.Duration(float64(per) / s.scale)
	b := s.buckets[key]
	if b == nil || now.After(b.reset) {
		b = &bucket{remaining: limit, reset: now.Add(window)}
		s.buckets[key] = b
	}
	resetAfter := b.reset.Sub(now).Seconds()
	if b.remaining == 0 {
		s.stats.RateLimited++
		w.Header().Set("X-RateLimit-Bucket", key)
		s.tooMany(w, time.Duration(resetAfter*s.scale*float64(time.Second)), false)
		return false
	}
	b.remaining--
	h := w.Header()
	h.Set("X-RateLimit-Limit", strconv.Itoa(limit))
	h.Set("X-RateLimit-Remaining", strconv.Itoa(b.remaining))
	// Rounded up to the millisecond, and one more (discordgo truncates
	// the fraction): a client that waits for the time announced never
	// arrives before the bucket's own reset, however loaded the machine.
	h.Set("X-RateLimit-Reset-After", strconv.FormatFloat((math.Ceil(resetAfter*1000)+1)/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Reset", strconv.FormatFloat(math.Ceil(float64(b.reset.UnixNano())/1e6)/1000, 'f', 3, 64))
	h.Set("X-RateLimit-Bucket", key)
	return true
}

var commandName = regexp.MustCompile(`^[-_\p{Ll}\p{N}]{1,32}$`)

var locales = map[string]bool{"en-US": true, "en-GB": true, "es-ES": true, "es-419": true, "fr": true, "de": true, "pt-BR": true}

// putCommands checks and stores a bulk overwrite of commands.
func (s *Server) putCommands(w http.ResponseWriter, app, guildID string, body []byte) {
	if app != s.app {
		s.fail(w, http.StatusForbidden, 50001, "Missing Access")
		return
	}
	if guildID != "" && s.guilds[guildID] == nil {
		s.fail(w, http.StatusForbidden, 50001, "Missing Access")
		return
	}
	var cmds []json.RawMessage
	if err := json.Unmarshal(body, &cmds); err != nil {
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	if len(cmds) > 100 {
		s.fail(w, http.StatusBadRequest, 30032, "Maximum number of application commands reached (100)")
		return
	}
	type opt struct {
		Name                     string            `json:"name"`
		NameLocalizations        map[string]string `json:"name_localizations"`
		Description              string            `json:"description"`
		DescriptionLocalizations map[string]string `json:"description_localizations"`
		Type                     int               `json:"type"`
		Required                 bool              `json:"required"`
		Choices                  []json.RawMessage `json:"choices"`
		Autocomplete             bool              `json:"autocomplete"`
	}
	type cmd struct {
		opt
		Options     []opt   `json:"options"`
		Permissions *string `json:"default_member_permissions"`
	}
	seen := map[string]bool{}
	for _, raw := range cmds {
		var c cmd
		if err := json.Unmarshal(raw, &c); err != nil {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
			return
		}
		all := append([]opt{c.opt}, c.Options...)
		if len(c.Options) > 25 || seen[c.Name] {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: command "+c.Name)
			return
		}
		seen[c.Name] = true
		optional := false
		for i, o := range all {
			bad := ""
			switch {
			case !commandName.MatchString(o.Name):
				bad = "name " + o.Name
			case o.Description == "" || len([]rune(o.Description)) > 100:
				bad = "description of " + o.Name
			case len(o.Choices) > 25:
				bad = "choices of " + o.Name
			case o.Autocomplete && len(o.Choices) > 0:
				bad = "autocomplete with choices: " + o.Name
			case i > 0 && o.Required && optional:
				bad = "required option after an optional one: " + o.Name
			}
			for l, v := range o.NameLocalizations {
				if !locales[l] || !commandName.MatchString(v) {
					bad = "name localization " + l + " of " + o.Name
				}
			}
			for l, v := range o.DescriptionLocalizations {
				if !locales[l] || v == "" || len([]rune(v)) > 100 {
					bad = "description localization " + l + " of " + o.Name
				}
			}
			if bad != "" {
				s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+bad)
				return
			}
			if i > 0 && !o.Required {
				optional = true
			}
		}
		if c.Permissions != nil {
			if _, err := strconv.ParseInt(*c.Permissions, 10, 64); err != nil {
				s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: default_member_permissions")
				return
			}
		}
	}
	s.commands[guildID] = cmds
	out := []map[string]any{}
	for _, raw := range cmds {
		var m map[string]any
		_ = json.Unmarshal(raw, &m)
		m["id"], m["application_id"] = s.id(), s.app
		if guildID != "" {
			m["guild_id"] = guildID
		}
		out = append(out, m)
	}
	s.ok(w, out)
	s.notify()
}

type messageBody struct {
	Content    *string      `json:"content"`
	Embeds     *[]Embed     `json:"embeds"`
	Components *[]Component `json:"components"`
	Flags      int          `json:"flags"`
	// a modal's, and autocomplete choices
	CustomID string   `json:"custom_id"`
	Title    string   `json:"title"`
	Choices  []Choice `json:"choices"`
}

// check applies Discord's limits on a message body.
func checkMessage(b messageBody) string {
	if b.Content != nil && len([]rune(*b.Content)) > maxContent {
		return "content: Must be 2000 or fewer in length."
	}
	if b.Embeds != nil {
		if len(*b.Embeds) > 10 {
			return "embeds: Must be 10 or fewer in length."
		}
		for _, e := range *b.Embeds {
			if len([]rune(e.Description)) > maxDescription || len([]rune(e.Title)) > 256 {
				return "embeds.0.description: Must be 4096 or fewer in length."
			}
		}
	}
	if b.Components != nil {
		return checkComponents(*b.Components, ComponentButton)
	}
	return ""
}

func checkComponents(rows []Component, want int) string {
	if len(rows) > maxRows {
		return "components: Must be 5 or fewer in length."
	}
	ids := map[string]bool{}
	for _, r := range rows {
		if r.Type != ComponentRow {
			return "components: top-level components must be action rows"
		}
		if len(r.Components) == 0 || len(r.Components) > maxButtonsPerRow {
			return "components.components: Must be between 1 and 5 in length."
		}
		for _, c := range r.Components {
			if c.Type != want {
				return fmt.Sprintf("components: component of type %d here", c.Type)
			}
			if len([]rune(c.Label)) > maxButtonLabel || (want == ComponentTextInput && len([]rune(c.Label)) > 45) {
				return "components.label: too long"
			}
			if c.Type == ComponentButton && c.Style == StyleLink {
				if c.URL == "" || c.CustomID != "" {
					return "components: a link button needs a url and no custom_id"
				}
				continue
			}
			if c.CustomID == "" || len(c.CustomID) > maxCustomID {
				return "components.custom_id: Must be between 1 and 100 in length."
			}
			if ids[c.CustomID] {
				return "components.custom_id: Component custom id cannot be duplicated"
			}
			ids[c.CustomID] = true
		}
	}
	return ""
}

func (s *Server) newMessage(channelID string, b messageBody) *Message {
	m := &Message{ID: s.id(), ChannelID: channelID, Author: s.self, Flags: b.Flags}
	s.apply(m, b)
	s.messages[m.ID] = m
	s.stats.Sent++
	return m
}

func (s *Server) apply(m *Message, b messageBody) {
	if b.Content != nil {
		m.Content = *b.Content
	}
	if b.Embeds != nil {
		m.Embeds = append([]Embed(nil), (*b.Embeds)...)
	}
	if b.Components != nil {
		m.Components = append([]Component(nil), (*b.Components)...)
	}
	m.Versions = append(m.Versions, m.Text())
}

// decodeMessage reads a message body and applies Discord's limits; a body
// refused is answered (400) and ok is false.
func (s *Server) decodeMessage(w http.ResponseWriter, body []byte) (b messageBody, ok bool) {
	if err := json.Unmarshal(body, &b); err != nil {
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return b, false
	}
	if bad := checkMessage(b); bad != "" {
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+bad)
		return b, false
	}
	return b, true
}

// edit applies an edit to m and counts it.
func (s *Server) edit(m *Message, b messageBody) {
	s.apply(m, b)
	m.Edits++
	s.stats.Edits++
}

// finish marks the interaction answered for Answer (once).
func (it *Interaction) finish() {
	select {
	case <-it.done:
	default:
		close(it.done)
	}
}

// callback is an interaction's acknowledgement.
func (s *Server) callback(w http.ResponseWriter, id, token string, body []byte) {
	it := s.interactions[token]
	if it == nil || it.ID != id {
		s.fail(w, http.StatusNotFound, 10062, "Unknown interaction")
		return
	}
	if time.Since(it.Created) > s.ackWindow {
		it.Late = true
		s.stats.Late++
		s.fail(w, http.StatusNotFound, 10062, "Unknown interaction")
		return
	}
	if it.Acked {
		it.Twice = true
		s.stats.Twice++
		s.fail(w, http.StatusBadRequest, 40060, "Interaction has already been acknowledged.")
		return
	}
	var resp struct {
		Type int             `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(body, &resp); err != nil {
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	var b messageBody
	if len(resp.Data) > 0 && string(resp.Data) != "null" {
		if err := json.Unmarshal(resp.Data, &b); err != nil {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+err.Error())
			return
		}
	}
	fromMessage := it.Type == InteractionComponent || it.Type == InteractionModalSubmit
	r := &Response{Type: resp.Type}
	switch resp.Type {
	case CallbackMessage, CallbackDeferred:
		if it.Type == InteractionAutocomplete {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid interaction response type for an autocomplete")
			return
		}
		if resp.Type == CallbackMessage {
			if bad := checkMessage(b); bad != "" {
				s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+bad)
				return
			}
			if (b.Content == nil || *b.Content == "") && (b.Embeds == nil || len(*b.Embeds) == 0) {
				s.fail(w, http.StatusBadRequest, 50006, "Cannot send an empty message")
				return
			}
		}
		m := s.newMessage(it.ChannelID, b)
		m.Interaction = it.ID
		if m.Ephemeral() {
			m.For = it.User.ID
		}
		if resp.Type == CallbackDeferred {
			m.Versions = nil
		}
		s.channels[it.ChannelID].Messages = append(s.channels[it.ChannelID].Messages, m)
		r.Message = m
	case CallbackDeferredUpdate, CallbackUpdate:
		if !fromMessage {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid interaction response type: not a message component")
			return
		}
		if resp.Type == CallbackUpdate {
			if bad := checkMessage(b); bad != "" {
				s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+bad)
				return
			}
		}
	case CallbackAutocomplete:
		if it.Type != InteractionAutocomplete || len(b.Choices) > 25 {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid autocomplete result")
			return
		}
		r.Choices = b.Choices
	case CallbackModal:
		if it.Type != InteractionCommand && it.Type != InteractionComponent {
			s.fail(w, http.StatusBadRequest, 50035, "A modal cannot answer a modal or an autocomplete")
			return
		}
		var md Modal
		_ = json.Unmarshal(resp.Data, &md)
		if md.CustomID == "" || len(md.CustomID) > maxCustomID || md.Title == "" || len([]rune(md.Title)) > 45 {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: modal custom_id or title")
			return
		}
		if bad := checkComponents(md.Components, ComponentTextInput); bad != "" {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+bad)
			return
		}
		r.Modal = &md
	default:
		s.fail(w, http.StatusBadRequest, 50035, fmt.Sprintf("Invalid interaction response type %d", resp.Type))
		return
	}
	it.Acked = true
	it.Response = r
	if resp.Type != CallbackDeferred {
		close(it.done)
	}
	s.ok(w, nil)
	s.notify()
}

// webhookMessage reads or edits an interaction's original response or a
// follow-up.
func (s *Server) webhookMessage(w http.ResponseWriter, method, token, msgID string, body []byte) {
	it := s.interactions[token]
	if it == nil || time.Since(it.Created) > tokenLifetime {
		s.fail(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return
	}
	var m *Message
	if msgID == "@original" {
		if it.Response != nil {
			m = it.Response.Message
		}
	} else {
		for _, f := range it.Followups {
			if f.ID == msgID {
				m = f
			}
		}
	}
	if m == nil {
		s.fail(w, http.StatusNotFound, 10008, "Unknown Message")
		return
	}
	switch method {
	case "GET":
		s.ok(w, m)
	case "PATCH":
		b, ok := s.decodeMessage(w, body)
		if !ok {
			return
		}
		s.edit(m, b)
		if msgID == "@original" && it.Response.Type == CallbackDeferred {
			it.finish()
		}
		s.ok(w, m)
		s.notify()
	case "DELETE":
		m.Deleted = true
		if msgID == "@original" && it.Response.Type == CallbackDeferred {
			it.finish() // the deferral is done with: nothing to show
		}
		s.ok(w, nil)
		s.notify()
	default:
		s.tb.Errorf("discordtest: %s on a webhook message is not implemented", method)
		s.fail(w, http.StatusMethodNotAllowed, 0, "405: Method Not Allowed")
	}
}

// followup creates a follow-up message of an acknowledged interaction.
func (s *Server) followup(w http.ResponseWriter, token string, body []byte) {
	it := s.interactions[token]
	if it == nil || time.Since(it.Created) > tokenLifetime {
		s.fail(w, http.StatusNotFound, 10015, "Unknown Webhook")
		return
	}
	if !it.Acked {
		s.fail(w, http.StatusBadRequest, 40060, "Interaction has not been acknowledged")
		return
	}
	b, ok := s.decodeMessage(w, body)
	if !ok {
		return
	}
	if r := it.Response; r != nil && r.Type == CallbackDeferred && len(r.Message.Versions) == 0 {
		// Discord: the first follow-up of a deferred reply replaces its
		// "thinking…" message (keeping the deferral's flags).
		s.edit(r.Message, b)
		it.finish()
		s.ok(w, r.Message)
		s.notify()
		return
	}
	m := s.newMessage(it.ChannelID, b)
	m.Interaction = it.ID
	if m.Ephemeral() {
		m.For = it.User.ID
	}
	it.Followups = append(it.Followups, m)
	s.channels[it.ChannelID].Messages = append(s.channels[it.ChannelID].Messages, m)
	s.ok(w, m)
	s.notify()
}

// dmChannel opens (or returns) the DM channel with a user.
func (s *Server) dmChannel(w http.ResponseWriter, body []byte) {
	var b struct {
		RecipientID string `json:"recipient_id"`
	}
	_ = json.Unmarshal(body, &b)
	u, ok := s.users[b.RecipientID]
	if !ok {
		s.fail(w, http.StatusBadRequest, 50033, "Invalid Recipient(s)")
		return
	}
	id := s.dms[u.ID]
	if id == "" {
		id = s.id()
		s.dms[u.ID] = id
		s.channels[id] = &channel{ID: id, DM: u.ID}
	}
	s.ok(w, map[string]any{"id": id, "type": 1, "recipients": []User{u}})
}

// BlockDMs makes direct messages to a user fail (50007), as when they
// turned off DMs from server members.
func (s *Server) BlockDMs(userID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.users[userID].ID == "" {
		s.tb.Fatalf("discordtest: no user %s", userID)
	}
	id := s.dms[userID]
	if id == "" {
		id = s.id()
		s.dms[userID] = id
	}
	s.channels[id] = &channel{ID: id, DM: userID, Name: "blocked"}
}

func (s *Server) channelMessages(w http.ResponseWriter, method string, parts []string, body []byte) {
	c := s.channels[parts[1]]
	if c == nil {
		s.fail(w, http.StatusNotFound, 10003, "Unknown Channel")
		return
	}
	if c.DM != "" && c.Name == "blocked" && method == "POST" {
		s.fail(w, http.StatusForbidden, 50007, "Cannot send messages to this user")
		return
	}
	var b messageBody
	if method == "POST" || method == "PATCH" {
		var ok bool
		if b, ok = s.decodeMessage(w, body); !ok {
			return
		}
	}
	if method == "POST" && len(parts) == 3 && (b.Content == nil || *b.Content == "") && (b.Embeds == nil || len(*b.Embeds) == 0) {
		s.fail(w, http.StatusBadRequest, 50006, "Cannot send an empty message")
		return
	}
	if method == "POST" && b.Flags&FlagEphemeral != 0 {
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: a channel message cannot be ephemeral")
		return
	}
	// A valid request counts against the channel's bucket.
	if !s.take(w, "channel:"+c.ID) {
		return
	}
	switch {
	case method == "POST" && len(parts) == 3:
		if (b.Content == nil || *b.Content == "") && (b.Embeds == nil || len(*b.Embeds) == 0) {
			s.fail(w, http.StatusBadRequest, 50006, "Cannot send an empty message")
			return
		}
		if b.Flags&FlagEphemeral != 0 {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: a channel message cannot be ephemeral")
			return
		}
		m := s.newMessage(c.ID, b)
		c.Messages = append(c.Messages, m)
		s.ok(w, m)
	case len(parts) == 4:
		m := s.messages[parts[3]]
		if m == nil || m.ChannelID != c.ID || m.Deleted {
			s.fail(w, http.StatusNotFound, 10008, "Unknown Message")
			return
		}
		switch method {
		case "PATCH":
			s.edit(m, b)
			s.ok(w, m)
		case "DELETE":
			m.Deleted = true
			s.ok(w, nil)
		case "GET":
			s.ok(w, m)
		default:
			s.tb.Errorf("discordtest: %s on a channel message is not implemented", method)
			s.fail(w, http.StatusMethodNotAllowed, 0, "405: Method Not Allowed")
			return
		}
	default:
		s.tb.Errorf("discordtest: %s /channels/%s is not implemented", method, strings.Join(parts[1:], "/"))
		s.fail(w, http.StatusNotFound, 0, "404: Not Found")
		return
	}
	s.notify()
}

// DeleteMessage deletes a channel message as a moderator would.
func (s *Server) DeleteMessage(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if m := s.messages[id]; m != nil {
		m.Deleted = true
	}
	s.notify()
}

// Transcript is every public message text of a channel, for debugging.
func (s *Server) Transcript(channelID string) string {
	var b strings.Builder
	for _, m := range s.Messages(channelID) {
		if !m.Ephemeral() {
			fmt.Fprintf(&b, "[%s] %s\n", m.ID, m.Text())
		}
	}
	return b.String()
}

// Users returns the ids of the users the fake knows, sorted.
func (s *Server) Users() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for id := range s.users {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// startThread opens a public thread in a guild text channel (POST
// /channels/{id}/threads without a message): name 1-100 characters, type
// 11, auto-archive after 60, 1440, 4320 or 10080 minutes.
func (s *Server) startThread(w http.ResponseWriter, parent string, body []byte) {
	var b struct {
		Name      string `json:"name"`
		Type      int    `json:"type"`
		Archive   int    `json:"auto_archive_duration"`
		Invitable *bool  `json:"invitable"`
	}
	if err := json.Unmarshal(body, &b); err != nil {
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	c := s.channels[parent] // s.mu is held by serve
	switch {
	case c == nil:
		s.fail(w, http.StatusNotFound, 10003, "Unknown Channel")
		return
	case c.GuildID == "" || c.Parent != "":
		s.fail(w, http.StatusBadRequest, 50024, "Cannot execute action on this channel type")
		return
	case b.Name == "" || len([]rune(b.Name)) > 100 || b.Type != 11:
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	switch b.Archive {
	case 0, 60, 1440, 4320, 10080:
	default:
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	id := s.id()
	s.channels[id] = &channel{ID: id, GuildID: c.GuildID, Name: b.Name, Parent: parent}
	s.ok(w, map[string]any{"id": id, "type": 11, "guild_id": c.GuildID, "parent_id": parent, "name": b.Name})
}

// Threads returns the threads opened in a channel, by name, oldest first.
func (s *Server) Threads(parent string) map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]string{}
	for id, c := range s.channels {
		if c.Parent == parent {
			out[id] = c.Name
		}
	}
	return out
}
