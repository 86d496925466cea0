// Package discord connects the room to Discord with
// github.com/bwmarrin/discordgo.
//
// Slash commands (registered in bulk, per guild or globally, with typed
// options, choices, table autocomplete and Spanish localizations) and
// button presses arrive as interactions on the gateway; each is
// acknowledged within Discord's 3 seconds, exactly once: with the room's
// answer when it comes in time, else deferred and completed later. The
// table is an embed with button rows, edited in place through a bot/outbox Outbox
// with Discord's limits; a custom bet or raise opens a modal showing the
// allowed range. Hole cards reach their player only: an ephemeral reply
// to the "My cards" button, and a direct message when configured.
//
// No interaction can stop the bot: a panic while one is handled (or in
// any gateway event handler) is recovered, logged with the interaction's
// id and answered, ephemerally, as an internal error; an interaction
// without its user or with data of the wrong kind is ignored.
//
// DISCORD_API_URL points REST and gateway discovery at another server (a
// fake, a proxy) through the session's own HTTP client, whose transport
// rewrites the host: discordgo's package-level endpoints are not touched.
package discord

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"github.com/pokerroom/pokerroom/adapters/internal/platform"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/outbox"
)

// Platform is the room's name for Discord.
const Platform = "discord"

// Room is what the adapter needs of the room.
type Room interface {
	Handle(ctx context.Context, cmd bot.Command) (bot.Reply, error)
	TablesIn(platform, chat string) []bot.TableChoice
	// ChatLost follows a channel (by its id; or a whole server, as
	// "guild:<server id>") the bot lost: its tables close after their
	// hand, its tournaments pause; why is logged.
	ChatLost(ctx context.Context, platform, chat, why string) error
}

// Config configures the adapter.
type Config struct {
	Token string
	// APIURL, when set, replaces https://discord.com for REST and gateway
	// discovery (a fake in tests, a proxy).
	APIURL string
	// Guilds, when set, registers the commands in these guilds (at once,
	// for development); otherwise globally.
	Guilds []string
	// ShardID and ShardCount split a large bot's guilds among processes.
	ShardID, ShardCount int
	// AdminRole, when set, makes members with this role admins too (besides
	// Manage Server and Administrator).
	AdminRole string
	// DirectMessages sends each hand's hole cards by direct message too.
	DirectMessages bool
	// DefaultLang is the room's language for chats that chose none
	// (DEFAULT_LANG: bot.English or bot.Spanish; "" is English): what the
	// adapter answers itself speaks it to a member whose client's locale
	// is no language the room speaks, as the room's answers do.
	DefaultLang string
	// DMRetry is how long a member whose direct messages were refused
	// (DMs from server members turned off) is not sent one again (default
	// 10 min): they may turn them back on.
	DMRetry time.Duration
	// AckAfter is how long an interaction waits for the room before it is
	// deferred (default 2 s: Discord allows 3).
	AckAfter time.Duration
	// ResumeWindow is how long a lost gateway connection may take to be
	// resumed (default 30 s): past it the session is taken for ended by
	// Discord (an Invalid Session answers discordgo's every RESUME) and the
	// adapter identifies anew.
	ResumeWindow time.Duration
	// LostConfirm is how long after a message refused in a channel (50001
	// Missing Access, 50013 Missing Permissions) the bot's permissions
	// there are read back before its tables are closed as lost (default
	// 5 s): an admin editing roles may take them away for a moment.
	LostConfirm time.Duration
	// CheckTimeout bounds the calls that check a /spectate target
	// (default 10 s).
	CheckTimeout time.Duration
	Limits       bot.Limits // the sending limits (default Limits, Discord's)
	State        bot.MessageIDs
	Clock        bot.Clock
	Log          *slog.Logger
	// HTTP is the base transport (default http.DefaultTransport).
	HTTP http.RoundTripper
	// MaxBackoff caps the wait between attempts to reach Discord (30 s).
	MaxBackoff time.Duration
	// MaxUsers bounds each per-user map of the adapter (admin status, the
	// latest interaction, DM channels): the least recently used entries
	// are forgotten beyond it (default 20,000).
	MaxUsers int
	// Metrics, when set, counts the adapter's outbox (messages queued
	// and sent, 429s waited out, delivery delays) with the room's.
	Metrics *bot.Metrics
}

// Adapter is the Discord side of the room.
type Adapter struct {
	cfg    Config
	log    *slog.Logger
	outbox *outbox.Outbox
	room   Room
	s      *discordgo.Session
	appID  string
	self   string // the bot user's id (users/@me), set before the gateway opens
	// global is when the bot's global rate limit, spent, is back (unix
	// nanoseconds; rewrite sets it from a global 429).
	global *atomic.Int64

	mu sync.Mutex
	// The per-user maps keep the most recently used Config.MaxUsers
	// entries each.
	admins   *platform.Cache[[2]string, bool]         // (channel, user) -> admin, from the last interaction
	lastSeen *platform.Cache[string, lastInteraction] // user -> their latest interaction (for ephemeral notes)
	dms      *platform.Cache[string, string]          // user -> DM channel
	// formFor: an amount form (its token -> whose turn), so that a press
	// by anyone else is refused at once.
	formFor  *platform.Cache[string, formOwner]
	noDM     *platform.Cache[string, time.Time] // users who refused DMs, when
	parents  *platform.Cache[string, string]    // channel -> the channel its commands belong to (chatOf)
	gone     *platform.Cache[string, time.Time] // channels found lost when a message failed, when (channelRefused)
	timeouts *platform.Cache[string, time.Time] // servers where the bot is timed out, until when (checkTimedOut)
	hiccups  *platform.Cache[string, time.Time] // channels refused but found postable again, when (mayPostAgain)
	runCtx   context.Context                    // Run's, once it runs
	// gw is the session holding the gateway connection: s at first, a
	// new one after Discord ended s's gateway session (watchResume).
	gw *discordgo.Session
	// shakes counts the READYs and RESUMEDs of the gateway.
	shakes   int64
	wg       sync.WaitGroup
	closing  bool            // Run is stopping: no new interaction is taken
	opening  chan error      // a gateway Open in progress (connect's goroutine only)
	acked    map[string]bool // interactions being handled that were acknowledged
	handling map[string]int  // user -> their interactions being handled (a file waits for their answer)
	link     platform.Status
	// fatal carries a refusal of the token while running (tokenRefused):
	// Run stops with it.
	fatal chan error
}

// errTokenRefused is Run's error when Discord refuses the bot's token.
var errTokenRefused = errors.New("discord: the bot token was refused (401): copy it again from the Bot page of your application into DISCORD_TOKEN")

// tokenRefused reports whether err is Discord refusing the token (401),
// and if so has Run stop with errTokenRefused: nothing the bot does can
// succeed, and every call is one more invalid request.
func (a *Adapter) tokenRefused(err error) bool {
	var re *discordgo.RESTError
	if !errors.Is(err, discordgo.ErrUnauthorized) && !(errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusUnauthorized) {
		return false
	}
	select {
	case a.fatal <- errTokenRefused:
	default:
	}
	return true
}

type lastInteraction struct {
	i  *discordgo.Interaction
	at time.Time
}

// New returns an adapter; nothing is contacted until Run.
func New(cfg Config) (*Adapter, error) {
	cfg.Token = strings.TrimSpace(cfg.Token)
	if cfg.Token == "" {
		return nil, errors.New("discord: the bot token is empty (set DISCORD_TOKEN to the token of your application's bot)")
	}
	if cfg.ShardCount < 0 || cfg.ShardID < 0 || (cfg.ShardCount > 0 && cfg.ShardID >= cfg.ShardCount) {
		return nil, fmt.Errorf("discord: shard %d of %d: the shard id must be below the shard count", cfg.ShardID, cfg.ShardCount)
	}
	var target *url.URL
	if cfg.APIURL != "" {
		u, err := url.Parse(cfg.APIURL)
		if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
			return nil, fmt.Errorf("discord: DISCORD_API_URL %q is not an http(s) URL", cfg.APIURL)
		}
		if u.Scheme == "http" && !loopback(u.Hostname()) {
			// the token goes with every request: in the clear only to this machine
			return nil, fmt.Errorf("discord: DISCORD_API_URL %q: plain http is accepted for this machine only (localhost, 127.0.0.1, ::1); use https", cfg.APIURL)
		}
		target = u
	}
	if cfg.AckAfter <= 0 {
		cfg.AckAfter = 2 * time.Second
	}
	if cfg.Limits == (bot.Limits{}) {
		cfg.Limits = Limits
	}
	if cfg.Clock == nil {
		cfg.Clock = bot.SystemClock{}
	}
	if cfg.DMRetry <= 0 {
		cfg.DMRetry = 10 * time.Minute
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.HTTP == nil {
		cfg.HTTP = http.DefaultTransport
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = 30 * time.Second
	}
	if cfg.ResumeWindow <= 0 {
		cfg.ResumeWindow = 30 * time.Second
	}
	if cfg.LostConfirm <= 0 {
		cfg.LostConfirm = 5 * time.Second
	}
	if cfg.CheckTimeout <= 0 {
		cfg.CheckTimeout = 10 * time.Second
	}
	s, err := discordgo.New("Bot " + cfg.Token)
	if err != nil {
		return nil, fmt.Errorf("discord: %w", err)
	}
	global := new(atomic.Int64)
	s.Client = &http.Client{Transport: rewrite{base: cfg.HTTP, target: target, global: global}, Timeout: 20 * time.Second}
	s.Dialer = newDialer()
	s.UserAgent = "DiscordBot (https://github.com/pokerroom/pokerroom, 1) pokerroom"
	s.Identify.Intents = discordgo.IntentsGuilds // interactions need no privileged intent
	if cfg.ShardCount > 1 {
		s.ShardID, s.ShardCount = cfg.ShardID, cfg.ShardCount
	}
	s.LogLevel = discordgo.LogError
	a := &Adapter{cfg: cfg, log: cfg.Log.With("platform", Platform), s: s, admins: platform.NewCache[[2]string, bool](cfg.MaxUsers),
		lastSeen: platform.NewCache[string, lastInteraction](cfg.MaxUsers), dms: platform.NewCache[string, string](cfg.MaxUsers),
		noDM: platform.NewCache[string, time.Time](cfg.MaxUsers), formFor: platform.NewCache[string, formOwner](cfg.MaxUsers),
		global: global, parents: platform.NewCache[string, string](cfg.MaxUsers), gone: platform.NewCache[string, time.Time](cfg.MaxUsers), timeouts: platform.NewCache[string, time.Time](cfg.MaxUsers), hiccups: platform.NewCache[string, time.Time](cfg.MaxUsers), acked: map[string]bool{}, handling: map[string]int{}, fatal: make(chan error, 1)}
	a.link = platform.Status{Name: "Discord", Log: a.log}
	a.outbox = outbox.New(a, cfg.Limits, cfg.Clock, cfg.State)
	if cfg.Metrics != nil {
		cfg.Metrics.WatchOutbox(a.outbox)
	}
	return a, nil
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// rewrite sends requests for discord.com to another server, and notes a
// global 429 in global: Discord's answer then holds every request of the
// bot ("Rate Limits": X-RateLimit-Global with Retry-After, and none of the
// bucket headers discordgo would learn it from).
type rewrite struct {
	base   http.RoundTripper
	target *url.URL
	global *atomic.Int64
}

func (t rewrite) RoundTrip(r *http.Request) (*http.Response, error) {
	if t.target != nil && (r.URL.Host == "discord.com" || strings.HasSuffix(r.URL.Host, ".discord.com")) {
		r2 := r.Clone(r.Context())
		r2.URL.Scheme, r2.URL.Host, r2.Host = t.target.Scheme, t.target.Host, t.target.Host
		r2.URL.Path = strings.TrimRight(t.target.Path, "/") + r.URL.Path
		if r2.URL.RawPath != "" {
			r2.URL.RawPath = strings.TrimRight(t.target.Path, "/") + r.URL.RawPath
		}
		r = r2
	}
	resp, err := t.base.RoundTrip(r)
	if err == nil && t.global != nil && resp.StatusCode == http.StatusTooManyRequests && resp.Header.Get("X-RateLimit-Global") != "" {
		wait := time.Second
		if secs, perr := strconv.ParseFloat(resp.Header.Get("Retry-After"), 64); perr == nil && secs > 0 {
			wait = time.Duration(secs * float64(time.Second))
		}
		t.global.Store(time.Now().Add(wait).UnixNano())
	}
	return resp, err
}

// globalWait is how long the bot's global rate limit, spent, is still
// held (rewrite).
func (a *Adapter) globalWait() time.Duration {
	return max(0, time.Until(time.Unix(0, a.global.Load())))
}

// lost has the room stop what runs in a channel, or in every channel of a
// server, the bot lost (Room.ChatLost): nobody there would see a table.
func (a *Adapter) lost(ctx context.Context, chat, why string) {
	defer a.guard("lost " + chat)
	a.log.Warn(why+": its tables close after their hand, its players cashed out; its running tournaments pause", "id", chat)
	if err := a.room.ChatLost(ctx, Platform, chat, why); err != nil {
		a.log.Warn("could not stop the tables of a channel or server the bot lost", "id", chat, "err", err)
	}
}

// threadsOf lists the threads of a channel the session's state knows.
func (a *Adapter) threadsOf(guild, channel string) []string {
	if a.s.State == nil {
		return nil
	}
	g, err := a.s.State.Guild(guild)
	if err != nil {
		return nil
	}
	a.s.State.RLock()
	defer a.s.State.RUnlock()
	var out []string
	for _, t := range g.Threads {
		if t != nil && t.ParentID == channel {
			out = append(out, t.ID)
		}
	}
	return out
}

// Outbox is the adapter's outbox, for its counters (Queued, Stats,
// Delays); the room queues through Enqueue.
func (a *Adapter) Outbox() *outbox.Outbox { return a.outbox }

// Run connects to Discord and serves the room until ctx ends. A refused
// token stops it with an error; an unreachable Discord is retried with
// backoff.
func (a *Adapter) Run(ctx context.Context, room Room) error {
	ctx, stop := context.WithCancel(ctx)
	defer stop()
	a.room = room
	a.mu.Lock()
	a.runCtx = ctx
	a.mu.Unlock()
	a.gw = a.s
	a.addHandlers(ctx, a.s)
	if err := a.connect(ctx); err != nil || ctx.Err() != nil {
		return err
	}
	a.register(ctx)
	outDone := platform.RunOutbox(ctx, a.outbox, a.log)
	var failed error
	select {
	case <-ctx.Done():
	case failed = <-a.fatal:
		a.log.Error("stopping: " + failed.Error())
		stop()
	}
	a.mu.Lock()
	a.closing = true
	a.mu.Unlock()
	// discordgo's Close takes the session's lock, which a reconnect stuck
	// on a silent gateway holds: Run does not wait for it forever.
	closed := make(chan struct{})
	go func() {
		defer close(closed)
		a.mu.Lock()
		gw := a.gw
		a.mu.Unlock()
		// No reconnect after Run returns: a reconnect loop already
		// running reads ShouldReconnectOnError without the lock, so its
		// next dial, read under the lock, is refused instead (retire).
		gw.Lock()
		gw.Dialer = refusingDialer()
		gw.Unlock()
		if err := gw.Close(); err != nil {
			a.log.Debug("closing the gateway", "err", err)
		}
	}()
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		a.log.Warn("the gateway connection did not close within 10 s; leaving it")
	}
	a.wg.Wait()
	<-outDone
	return failed
}

// addHandlers has s's gateway events handled: interactions, the servers,
// channels and threads the bot lost, and the connection's ups and downs.
func (a *Adapter) addHandlers(ctx context.Context, s *discordgo.Session) {
	s.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
		a.mu.Lock()
		if a.closing || ctx.Err() != nil || ic.Interaction == nil {
			a.mu.Unlock()
			return
		}
		a.wg.Add(1)
		a.mu.Unlock()
		defer a.wg.Done()
		a.handleInteraction(ctx, ic.Interaction)
	})
	s.AddHandler(func(_ *discordgo.Session, g *discordgo.GuildDelete) {
		if g.Guild != nil && !g.Unavailable { // unavailable: an outage, not a removal
			a.lost(ctx, "guild:"+g.ID, "the bot was removed from the server") // not the channel of the server's id
		}
	})
	s.AddHandler(func(_ *discordgo.Session, c *discordgo.ChannelDelete) {
		if c.Channel != nil && c.GuildID != "" {
			a.lost(ctx, c.ID, "the channel was deleted")
			// its threads go with it, without a THREAD_DELETE each: a
			// member's thread is a chat of its own (chatOf)
			for _, id := range a.threadsOf(c.GuildID, c.ID) {
				a.lost(ctx, id, "the channel of the thread was deleted")
			}
		}
	})
	s.AddHandler(func(_ *discordgo.Session, c *discordgo.ThreadDelete) {
		if c.Channel == nil || c.GuildID == "" {
			return
		}
		a.mu.Lock()
		parent, known := a.parents.Lookup(c.ID)
		a.mu.Unlock()
		if !known || parent == c.ID { // not a tournament table's (Deliver shows that one in its channel)
			a.lost(ctx, c.ID, "the thread was deleted")
		}
	})
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Resumed) {
		defer a.guard("resumed")
		a.shook()
		a.log.Info("gateway session resumed")
	})
	s.AddHandler(func(_ *discordgo.Session, _ *discordgo.Ready) { a.shook() })
	// A gateway connection lost: was it the token (reset by its owner,
	// the gateway closing with 4004)? discordgo would retry it forever.
	s.AddHandler(func(s *discordgo.Session, _ *discordgo.Disconnect) {
		a.mu.Lock()
		if a.closing || ctx.Err() != nil || s != a.gw { // not a retired session's
			a.mu.Unlock()
			return
		}
		a.wg.Add(2)
		shakes := a.shakes
		a.mu.Unlock()
		go a.watchResume(ctx, s, shakes)
		defer a.wg.Done()
		defer a.guard("disconnect")
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if _, err := a.s.User("@me", discordgo.WithContext(c)); err != nil {
			a.tokenRefused(err)
		}
	})
}

// connect checks the token (users/@me) and opens the gateway, retrying an
// unreachable Discord with backoff.
func (a *Adapter) connect(ctx context.Context) error {
	backoff := time.Second
	for {
		err := a.open(ctx)
		if err == nil {
			a.link.Set(true, nil)
			return nil
		}
		var re *discordgo.RESTError
		var ce *websocket.CloseError
		if errors.Is(err, discordgo.ErrUnauthorized) || (errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusUnauthorized) ||
			(errors.As(err, &ce) && ce.Code == 4004) {
			return errTokenRefused
		}
		if refused := gatewayRefused(err); refused != nil {
			return refused
		}
		if ctx.Err() != nil {
			return nil
		}
		a.link.Set(false, redact(err))
		if !platform.Sleep(ctx, backoff) {
			return nil
		}
		backoff = min(backoff*2, a.cfg.MaxBackoff)
	}
}

func (a *Adapter) open(ctx context.Context) error {
	me, err := a.s.User("@me", discordgo.WithContext(ctx))
	if err != nil {
		return err
	}
	a.appID, a.self = me.ID, me.ID
	// discordgo's Open has no context: one attempt runs at a time, and an
	// attempt that outlived its wait is waited for again, not doubled.
	if a.opening == nil {
		done := make(chan error, 1)
		go func() { done <- a.s.Open() }()
		a.opening = done
	}
	select {
	case err := <-a.opening:
		a.opening = nil
		if err != nil && !errors.Is(err, discordgo.ErrWSAlreadyOpen) {
			return err
		}
	case <-ctx.Done():
		go func(done chan error) {
			if <-done == nil {
				_ = a.s.Close()
			}
		}(a.opening)
		return nil
	case <-time.After(45 * time.Second):
		return errors.New("discord: the gateway did not answer within 45 s")
	}
	// The application's id (for commands and interaction webhooks) comes
	// with READY; it is the bot user's id for applications made since 2019.
	a.s.State.RLock()
	if app := a.s.State.Ready.Application; app != nil && app.ID != "" {
		a.appID = app.ID
	}
	a.s.State.RUnlock()
	a.log.Info("connected", "bot", me.Username)
	return nil
}

// register overwrites the application commands in bulk: in the configured
// guilds (at once), else globally (Discord spreads them within an hour).
func (a *Adapter) register(ctx context.Context) {
	cmds := applicationCommands()
	scopes := a.cfg.Guilds
	if len(scopes) == 0 {
		scopes = []string{""}
	}
	for _, g := range scopes {
		if _, err := a.s.ApplicationCommandBulkOverwrite(a.appID, g, cmds, discordgo.WithContext(ctx)); err != nil {
			a.log.Warn("registering the commands failed; the command list may be out of date", "guild", g, "err", err)
		}
	}
	// the other scope's commands, left from a run before, would show every
	// command twice: emptied in the background (a global bot's servers may
	// be many)
	a.wg.Add(1)
	go func() {
		defer a.wg.Done()
		defer a.guard("clearing the other scope's commands")
		a.clearOtherScopes(ctx, scopes)
	}()
}

// IsAdmin implements bot.Admins: Manage Server, Administrator or the
// configured role, as the member's last interaction in the channel said
// (every command arrives with the member's permissions).
func (a *Adapter) IsAdmin(_ context.Context, chat, user string) (bool, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.admins.Get([2]string{chat, user}), nil
}
