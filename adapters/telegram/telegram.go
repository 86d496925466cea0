// Package telegram connects the room to Telegram through the Bot API, with
// github.com/go-telegram-bot-api/telegram-bot-api/v5.
//
// Updates (typed commands, button presses) become bot.Commands; the room's
// views become messages with inline keyboards: one table message per hand,
// edited in place; hole cards privately, three ways (a "My cards" popup
// only the presser sees, a direct message to players who started the bot,
// and for those who did not, a t.me deep link that starts it). Everything
// sent goes through a bot/outbox Outbox with Telegram's limits, so the group is
// never flooded and a 429 is waited out.
//
// Updates come by long polling (a loop of getUpdates under the adapter's
// context) or, when a webhook URL is configured, by webhook with
// Telegram's secret-token header checked. The cursor of handled updates is
// stored, so an update is never applied twice, restarts included. The bot
// asks for its own membership changes too (my_chat_member): removed from a
// group, it has the room stop that group's tables and tournaments.
//
// No update can stop the bot: a batch is decoded update by update, and one
// that does not decode (a field of an unexpected type) is logged with its
// update_id and skipped, the cursor moving past it; an update without the
// chat or the user it should carry is skipped too; a panic while handling
// an update is recovered, logged with its update_id and answered to its
// user, when there is one, as an internal error.
package telegram

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/pokerroom/pokerroom/adapters/internal/platform"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/outbox"
)

// Platform is the room's name for Telegram.
const Platform = "telegram"

// Telegram's limits on what a bot sends.
const (
	maxText         = 4096 // characters in a message
	maxCallbackText = 200  // characters in a callback answer
	maxCallbackData = 64   // bytes of callback_data
)

// State is what the adapter keeps across restarts: the ids of the
// messages it shows (bot.MessageIDs) and its cursor of handled updates
// (bot.KV).
type State interface {
	bot.MessageIDs
	bot.KV
}

// offsetKey is where the cursor of handled updates is stored.
const offsetKey = "telegram:update_offset"

// Room is what the adapter needs of the room.
type Room interface {
	Handle(ctx context.Context, cmd bot.Command) (bot.Reply, error)
	// MoveChat follows a group upgraded to a supergroup (a new chat id).
	MoveChat(ctx context.Context, platform, from, to string) error
	// ChatLost follows a chat the bot was removed from: its tables close
	// after their hand, its tournaments pause; why is logged.
	ChatLost(ctx context.Context, platform, chat, why string) error
}

// Config configures the adapter.
type Config struct {
	Token string
	// Endpoint is tgbotapi's endpoint format, "https://host/bot%s/%s"
	// (default: the official Bot API).
	Endpoint string
	// WebhookURL, when set, receives updates by webhook on WebhookListen
	// instead of long polling.
	WebhookURL    string
	WebhookListen string
	// PollTimeout is the long poll's timeout (default 30 s).
	PollTimeout time.Duration
	// Limits are the sending limits (default Limits, Telegram's).
	Limits bot.Limits
	// AdminTTL is how long a chat admin check that said "not an admin" is
	// cached (default 2 min); an admin is asked each time.
	AdminTTL time.Duration
	// NoticeEvery is how often, at most, a user who never started the bot
	// is shown the group notice with the Start button when a command's
	// answer can only be private (default 10 min); in between each such
	// command gets a one-line reply saying so.
	NoticeEvery time.Duration
	// CheckTimeout bounds the calls that check a /spectate target
	// (default 10 s).
	CheckTimeout time.Duration
	// State keeps message ids and the update cursor (nil: memory only).
	State State
	Clock bot.Clock
	Log   *slog.Logger
	// HTTP is the HTTP client (default: a new one).
	HTTP *http.Client
	// MaxBackoff caps the wait between attempts to reach Telegram
	// (default 30 s).
	MaxBackoff time.Duration
	// MaxUsers bounds each per-user map of the adapter (names, admin
	// checks, ...): the least recently used entries are forgotten beyond
	// it (default 20,000).
	MaxUsers int
	// Metrics, when set, counts the adapter's outbox (messages queued
	// and sent, 429s waited out, delivery delays) with the room's.
	Metrics *bot.Metrics
	// DefaultLang is the room's language for chats that chose none
	// (DEFAULT_LANG: bot.English or bot.Spanish; "" is English): what the
	// adapter answers itself speaks it to a user whose client names no
	// language the room speaks, as the room's answers do.
	DefaultLang string
}

// Adapter is the Telegram side of the room.
type Adapter struct {
	// since is when Run began taking updates: a message sent more than
	// lateGrace before it waited for the bot (update.late).
	since  time.Time
	cfg    Config
	log    *slog.Logger
	outbox *outbox.Outbox
	room   Room
	secret string // the webhook's secret token

	api    *tgbotapi.BotAPI // set by Run once Telegram answered
	poller *tgbotapi.BotAPI // the same bot with the long poll's timeout
	ready  chan struct{}
	// revoked is closed when a call is refused with 401 (revoke): the
	// token was revoked, and Run stops.
	revoked    chan struct{}
	revokeOnce sync.Once

	mu sync.Mutex
	// The per-user maps keep the most recently used Config.MaxUsers
	// entries each: forgetting one costs at most a call to Telegram again
	// (an admin check, a direct message refused once more) or a notice.
	admins     *platform.Cache[[2]int64, adminEntry]
	lastChat   *platform.Cache[int64, int64]     // user -> the group they last wrote in
	lastTopic  *platform.Cache[int64, [2]int64]  // user -> the group and forum topic they last typed in (topic 0: none)
	notStarted *platform.Cache[int64, bool]      // users a direct message was refused to
	noticed    *platform.Cache[int64, time.Time] // users told how to start the bot, when
	usernames  *platform.Cache[string, int64]    // username -> the user last seen with it
	tags       *platform.Cache[int64, string]    // user -> the username they were last seen with ("": none)
	names      *platform.Cache[int64, string]
	lastCards  *platform.Cache[string, int] // cardsKey(user, table) -> their cards message of that table
	seen       map[int]bool                 // update ids handled lately
	seenOrder  []int
	offset     int       // the last update id handled
	floor      int       // ids up to it were handled (by an earlier run, or long ago)
	lastAt     time.Time // when the newest update was taken (the stored cursor's time at start)
	lanes      map[int64]*lane
	goneTopics map[[2]int64]bool // forum topics (chat, thread) found deleted: their messages go to the chat
	lostChats  map[int64]bool    // groups the bot is out of, the room told (onMyMember, lost)
	closed     bool              // Run is draining the lanes: nothing more is queued on them
	wg         sync.WaitGroup
	link       platform.Status // Telegram reachable or not (logged once per change)
}

type adminEntry struct {
	ok bool
	at time.Time
}

// New returns an adapter; nothing is contacted until Run.
func New(cfg Config) (*Adapter, error) {
	if strings.TrimSpace(cfg.Token) == "" {
		return nil, errors.New("telegram: the bot token is empty (set TELEGRAM_TOKEN to the token from @BotFather)")
	}
	if cfg.Endpoint == "" {
		cfg.Endpoint = tgbotapi.APIEndpoint
	}
	if cfg.PollTimeout <= 0 {
		cfg.PollTimeout = 30 * time.Second
	}
	if cfg.Limits == (bot.Limits{}) {
		cfg.Limits = Limits
	}
	if cfg.AdminTTL <= 0 {
		cfg.AdminTTL = 2 * time.Minute
	}
	if cfg.NoticeEvery <= 0 {
		cfg.NoticeEvery = 10 * time.Minute
	}
	if cfg.CheckTimeout <= 0 {
		cfg.CheckTimeout = 10 * time.Second
	}
	if cfg.Clock == nil {
		cfg.Clock = bot.SystemClock{}
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.HTTP == nil {
		cfg.HTTP = &http.Client{}
	}
	if cfg.MaxBackoff <= 0 {
		cfg.MaxBackoff = 30 * time.Second
	}
	if cfg.WebhookURL != "" && cfg.WebhookListen == "" {
		return nil, errors.New("telegram: a webhook URL needs an address to listen on (TELEGRAM_WEBHOOK_LISTEN)")
	}
	mac := hmac.New(sha256.New, []byte(cfg.Token))
	mac.Write([]byte("pokerroom webhook secret"))
	a := &Adapter{cfg: cfg, log: cfg.Log.With("platform", Platform), secret: hex.EncodeToString(mac.Sum(nil)),
		ready: make(chan struct{}), revoked: make(chan struct{}), admins: platform.NewCache[[2]int64, adminEntry](cfg.MaxUsers),
		lastChat: platform.NewCache[int64, int64](cfg.MaxUsers), lastTopic: platform.NewCache[int64, [2]int64](cfg.MaxUsers), notStarted: platform.NewCache[int64, bool](cfg.MaxUsers),
		noticed: platform.NewCache[int64, time.Time](cfg.MaxUsers), usernames: platform.NewCache[string, int64](cfg.MaxUsers),
		tags:  platform.NewCache[int64, string](cfg.MaxUsers),
		names: platform.NewCache[int64, string](cfg.MaxUsers), lastCards: platform.NewCache[string, int](cfg.MaxUsers),
		seen: map[int]bool{}, lanes: map[int64]*lane{}, goneTopics: map[[2]int64]bool{}, lostChats: map[int64]bool{}}
	a.link = platform.Status{Name: "Telegram", Log: a.log}
	a.outbox = outbox.New(a, cfg.Limits, cfg.Clock, cfg.State)
	if cfg.Metrics != nil {
		cfg.Metrics.WatchOutbox(a.outbox)
	}
	return a, nil
}

// Outbox is the adapter's outbox, for its counters (Queued, Stats,
// Delays); the room queues through Enqueue.
func (a *Adapter) Outbox() *outbox.Outbox { return a.outbox }

// lateGrace is how much earlier than the bot's start a message must say it
// was sent to count as one that waited for the bot: Telegram dates
// messages in whole seconds, and its clock and this host's differ a little.
const lateGrace = 10 * time.Second

// Run connects to Telegram and serves the room until ctx ends. A refused
// token stops it with an error; an unreachable Telegram is retried with
// backoff.
func (a *Adapter) Run(ctx context.Context, room Room) error {
	a.room = room
	// life outlives ctx by the drain at shutdown: updates taken (their
	// cursor stored) are still handled and answered, within drainTimeout.
	life, endLife := context.WithCancel(context.WithoutCancel(ctx))
	defer endLife()
	if err := a.connect(ctx, life); err != nil || a.api == nil {
		return err // nil: ctx ended before Telegram answered
	}
	a.setCommands()
	a.loadOffset(ctx)
	a.since = a.cfg.Clock.Now()
	outCtx, stopOut := context.WithCancel(ctx)
	defer stopOut()
	outDone := platform.RunOutbox(outCtx, a.outbox, a.log)
	var err error
	if a.cfg.WebhookURL != "" {
		err = a.serveWebhook(ctx, life)
	} else {
		err = a.poll(ctx, life)
	}
	a.mu.Lock()
	a.closed = true // no lane starts now: the drain's Wait below is the last
	a.mu.Unlock()
	drained := make(chan struct{})
	go func() { a.wg.Wait(); close(drained) }()
	select {
	case <-drained:
	case <-time.After(drainTimeout):
		a.log.Warn("updates still being handled at shutdown; leaving them", "after", drainTimeout)
	}
	endLife()
	stopOut() // also when polling failed with ctx alive: Run returns its error
	<-outDone
	if ctx.Err() != nil {
		return nil
	}
	return err
}

// drainTimeout bounds the handling of updates taken before a shutdown.
const drainTimeout = 10 * time.Second

// connect calls getMe until Telegram answers (or ctx ends); the clients
// it builds live as long as life.
func (a *Adapter) connect(ctx, life context.Context) error {
	backoff := time.Second
	for {
		api, err := tgbotapi.NewBotAPIWithClient(a.cfg.Token, a.cfg.Endpoint,
			&client{ctx: life, http: a.cfg.HTTP, token: a.cfg.Token, timeout: 20 * time.Second})
		if err == nil {
			poller := *api
			poller.Client = &client{ctx: ctx, http: a.cfg.HTTP, token: a.cfg.Token, timeout: a.cfg.PollTimeout + 15*time.Second}
			a.api, a.poller = api, &poller
			close(a.ready)
			a.link.Set(true, nil)
			a.log.Info("connected", "bot", "@"+api.Self.UserName)
			return nil
		}
		var te *tgbotapi.Error
		if errors.As(err, &te) && (te.Code == http.StatusUnauthorized || te.Code == http.StatusNotFound) {
			return fmt.Errorf("telegram: the bot token was refused (%d %s): copy it again from @BotFather into TELEGRAM_TOKEN", te.Code, te.Message)
		}
		if ctx.Err() != nil {
			return nil
		}
		a.link.Set(false, err)
		if !platform.Sleep(ctx, backoff) {
			return nil
		}
		backoff = min(backoff*2, a.cfg.MaxBackoff)
	}
}

// setCommands registers the command menus from the room's command table,
// in English and Spanish: in groups the players' commands for everyone
// and the admins' too for chat administrators; in private chats the
// players' commands that work there.
func (a *Adapter) setCommands() {
	for _, m := range commandMenus() {
		for _, lang := range []string{"", bot.Spanish} {
			var cmds []tgbotapi.BotCommand
			for _, c := range m.cmds {
				l := lang
				if l == "" {
					l = bot.English
				}
				cmds = append(cmds, tgbotapi.BotCommand{Command: c.Name, Description: c.Description[l]})
			}
			cfg := tgbotapi.NewSetMyCommandsWithScope(m.scope, cmds...)
			cfg.LanguageCode = lang
			if _, err := a.api.Request(cfg); err != nil {
				a.log.Warn("setMyCommands failed; the command menu may be out of date", "scope", m.scope.Type, "lang", lang, "err", err)
			}
		}
	}
}

// menu is one command menu: a scope and its commands.
type menu struct {
	scope tgbotapi.BotCommandScope
	cmds  []bot.CommandInfo
}

// commandMenus are the menus of the command table's commands, by scope:
// default (every chat, so the groups' members: the players' commands),
// all_private_chats (the players' commands usable in private) and
// all_chat_administrators (the players' and the admins' commands usable
// in a group). Operators' commands are shown with the admins'.
func commandMenus() []menu {
	def := menu{scope: tgbotapi.NewBotCommandScopeDefault()}
	private := menu{scope: tgbotapi.NewBotCommandScopeAllPrivateChats()}
	admins := menu{scope: tgbotapi.NewBotCommandScopeAllChatAdministrators()}
	for _, c := range bot.Commands() {
		if c.Where != bot.PlacePrivate {
			admins.cmds = append(admins.cmds, c)
			if !c.Admin {
				def.cmds = append(def.cmds, c)
			}
		}
		if c.Where != bot.PlaceGroup && !c.Admin {
			private.cmds = append(private.cmds, c)
		}
	}
	return []menu{def, private, admins}
}
