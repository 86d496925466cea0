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
// description within 4,096; files uploaded with a message (multipart:
// payload_json and files[n]) within 25 MB in all (SetAttachmentLimit);
// modals only where Discord allows them; command
// names, descriptions and localizations as Discord checks them; per-route
// rate-limit buckets (the adapter's figure for a channel, discord.Limits:
// 5 calls per 5 s) announced in X-RateLimit-* headers, and 429s with
// retry_after when a bucket is overrun or when a test asks (Flood). An
// ephemeral reply is visible only to its user. A call to a route it does
// not implement fails the test.
package discordtest

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gorilla/websocket"
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
	permViewChannel   = 1 << 10
	permSendMessages  = 1 << 11
	// permSendInThreads is what posting in a thread takes (not Send
	// Messages); a thread has no overwrites of its own but its parent's.
	permSendInThreads = 1 << 38
)

// deniedBot is what the bot is denied in c: a thread what its parent
// denies (Discord, "Threads": a thread inherits its parent's
// permissions); s.mu is held.
func (s *Server) deniedBot(c *channel) int64 {
	d := c.denyBot
	if p := s.channels[c.Parent]; c.Parent != "" && p != nil {
		d |= p.denyBot
	}
	return d
}

// User is a Discord user.
type User struct {
	ID       string `json:"id"`
	Username string `json:"username"`
	Bot      bool   `json:"bot,omitempty"`
}

// Embed is the part of an embed the fake keeps.
type Embed struct {
	Title       string       `json:"title,omitempty"`
	Description string       `json:"description,omitempty"`
	Color       int          `json:"color,omitempty"`
	Fields      []EmbedField `json:"fields,omitempty"`
}

// EmbedField is one of an embed's fields.
type EmbedField struct {
	Name   string `json:"name"`
	Value  string `json:"value"`
	Inline bool   `json:"inline,omitempty"`
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
	// Attachments are the files uploaded with it.
	Attachments []Attachment `json:"attachments"`
}

// Text is what the message shows: its content and its embeds' text
// (title, description, fields), markdown read as Discord reads it
// (Shown).
func (m *Message) Text() string {
	parts := []string{}
	if m.Content != "" {
		parts = append(parts, Shown(m.Content))
	}
	for _, e := range m.Embeds {
		for _, p := range []string{e.Title, e.Description} {
			if p != "" {
				parts = append(parts, Shown(p))
			}
		}
		for _, f := range e.Fields {
			if f.Name != blankName {
				parts = append(parts, Shown(f.Name))
			}
			if f.Value != blankName {
				parts = append(parts, Shown(f.Value))
			}
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
	// Invalid counts the RESUMEs of an ended session (ExpireSession)
	// answered with an Invalid Session (op 9).
	Invalid int
	// Refused counts bodies refused as an invalid form (50035): content,
	// an embed or a component beyond Discord's limits.
	Refused int
	// DMsRefused counts direct messages refused (50007: BlockDMs).
	DMsRefused int
	// DuringGlobal counts the calls made while the global rate limit was
	// spent (FloodGlobal), each one more 429: Discord counts them toward
	// its invalid requests (10,000 in 10 minutes ban the bot's IP).
	DuringGlobal int
}

type guild struct {
	removed  bool      // the bot was removed (RemoveBot): its channels answer 403
	timedOut time.Time // the bot is timed out until then (TimeOutBot)
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
	Owner             string // who started a thread (owner_id)
	Type              int    // 0 text, 11 public thread, 15 forum
	Archived          bool   // a thread archived (ArchiveThread)
	denyBot           int64  // permissions the channel denies the bot (DenyBot)
	Messages          []*Message
}

type bucket struct {
	remaining int
	reset     time.Time
}

// Server is the fake Discord.
type Server struct {
	// refused counts bodies refused with Discord's "Invalid Form Body"
	// (50035): a limit or a required field broken.
	refused atomic.Int64
	tb      testing.TB
	token   string
	self    User
	app     string // the application's id (not the bot user's, to catch a mix-up)
	srv     *httptest.Server
	scale   float64

	mu           sync.Mutex
	next         int64
	guilds       map[string]*guild
	guildOrder   []string
	channels     map[string]*channel
	users        map[string]User
	locales      map[string]string // user -> their client's locale (SetLocale; default en-US)
	dms          map[string]string
	commands     map[string][]json.RawMessage // "" (global) or guild -> commands
	interactions map[string]*Interaction      // by token
	messages     map[string]*Message          // by id
	buckets      map[string]*bucket
	flood        int
	floodAfter   time.Duration
	globalUntil  time.Time // the bot's global rate limit is spent until then (FloodGlobal)
	ackWindow    time.Duration
	stats        Stats
	attachLimit  int          // the most bytes of one message's files
	upload       []Attachment // the files of the request being served

	conn      *websocket.Conn
	connMu    sync.Mutex // serializes writes to conn
	sessionID string
	seq       int64
	history   []event
	shard     *[2]int
	intents   int64
	// needShards: an IDENTIFY with fewer shards is closed 4011 (RequireShards).
	needShards int
	changed    chan struct{}
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
		users: map[string]User{self.ID: self}, locales: map[string]string{}, dms: map[string]string{}, commands: map[string][]json.RawMessage{},
		interactions: map[string]*Interaction{}, messages: map[string]*Message{}, buckets: map[string]*bucket{},
		ackWindow: AckWindow, next: 1000, changed: make(chan struct{}), attachLimit: MaxAttachment}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	tb.Cleanup(s.Close)
	return s
}

// ResetToken gives the bot a new token, as its owner's Reset Token on the
// application's Bot page: the old one is refused from then on (401 on
// REST, 4004 on the gateway).
func (s *Server) ResetToken(token string) {
	s.mu.Lock()
	s.token = token
	s.mu.Unlock()
}

// botToken is the bot's token now (ResetToken changes it while the
// gateway's handlers read it).
func (s *Server) botToken() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.token
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

// Stats returns the counts so far.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.stats
	st.Refused = int(s.refused.Load())
	return st
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

// BotPermissions are the permissions of every guild's @everyone role, so
// the bot's: View Channels, Send Messages, Embed Links, Read Message
// History, Create Public Threads and Send Messages in Threads (the invite
// link's 309237730304).
const BotPermissions = 309237730304

// DenyBot denies the bot perms in a channel (a permission overwrite for
// its member): in the next GUILD_CREATE, in a CHANNEL_UPDATE when the bot
// is connected, and in the channel's answers: without View Channel every
// call on its messages is 403 Missing Access (50001), without Send
// Messages a message sent is 403 Missing Permissions (50013).
func (s *Server) DenyBot(channelID string, perms int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channels[channelID]
	if c == nil {
		s.tb.Fatalf("discordtest: no channel %s", channelID)
	}
	c.denyBot = perms
	if s.conn != nil {
		s.dispatchLocked("CHANNEL_UPDATE", s.channelObject(c))
	}
}

// DenyBotUnseen is DenyBot without the CHANNEL_UPDATE: the gateway never
// told the bot (it was reconnecting, or resumed past the event), and its
// state still has the channel's old overwrites; the channel's answers
// (GET /channels/{id}) have the new ones.
func (s *Server) DenyBotUnseen(channelID string, perms int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channels[channelID]
	if c == nil {
		s.tb.Fatalf("discordtest: no channel %s", channelID)
	}
	c.denyBot = perms
}

// TimeOutBot has a moderator time the bot out in guild id for d (a
// member's communication_disabled_until): until then every message the
// bot sends or edits in the guild is refused 403 Missing Permissions
// (50013), as Discord does with bots (discord/discord-api-docs#6847),
// whatever its permissions.
func (s *Server) TimeOutBot(id string, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.guilds[id]
	if g == nil {
		s.tb.Fatalf("discordtest: no guild %s", id)
	}
	g.timedOut = time.Now().Add(d)
}

// AddChannel adds a text channel to a guild (before the bot connects:
// it is in the next GUILD_CREATE).
func (s *Server) AddChannel(guildID, id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.guilds[guildID]
	if g == nil {
		s.tb.Fatalf("discordtest: no guild %s", guildID)
	}
	g.Channels = append(g.Channels, id)
	s.channels[id] = &channel{ID: id, GuildID: guildID, Name: "table-" + id}
}

// RemoveBot removes the bot from a guild, as an admin kicking it: a
// GUILD_DELETE event (without unavailable: not an outage) reaches the bot,
// and its calls to the guild's channels get 403 (50001 Missing Access).
func (s *Server) RemoveBot(guildID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.guilds[guildID]
	if g == nil {
		s.tb.Fatalf("discordtest: no guild %s", guildID)
	}
	g.removed = true
	s.dispatchLocked("GUILD_DELETE", map[string]any{"id": guildID})
	s.notify()
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
