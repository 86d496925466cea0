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
// stored, so an update is never applied twice, restarts included.
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
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

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
	// AdminTTL is how long a chat admin check is cached (default 2 min).
	AdminTTL time.Duration
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
}

// Adapter is the Telegram side of the room.
type Adapter struct {
	cfg    Config
	log    *slog.Logger
	outbox *outbox.Outbox
	room   Room
	secret string // the webhook's secret token

	api    *tgbotapi.BotAPI // set by Run once Telegram answered
	poller *tgbotapi.BotAPI // the same bot with the long poll's timeout
	ready  chan struct{}

	mu sync.Mutex
	// The per-user maps keep the most recently used Config.MaxUsers
	// entries each: forgetting one costs at most a call to Telegram again
	// (an admin check, a direct message refused once more) or a notice.
	admins     *platform.Cache[[2]int64, adminEntry]
	lastChat   *platform.Cache[int64, int64] // user -> the group they last wrote in
	notStarted *platform.Cache[int64, bool]  // users a direct message was refused to
	noticed    *platform.Cache[int64, bool]  // users told how to start the bot
	usernames  *platform.Cache[string, int64]
	names      *platform.Cache[int64, string]
	lastCards  *platform.Cache[int64, int] // user -> their last cards message
	seen       map[int]bool                // update ids handled lately
	seenOrder  []int
	offset     int // the last update id handled
	floor      int // ids up to it were handled (by an earlier run, or long ago)
	lanes      map[int64]*lane
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
		ready: make(chan struct{}), admins: platform.NewCache[[2]int64, adminEntry](cfg.MaxUsers),
		lastChat: platform.NewCache[int64, int64](cfg.MaxUsers), notStarted: platform.NewCache[int64, bool](cfg.MaxUsers),
		noticed: platform.NewCache[int64, bool](cfg.MaxUsers), usernames: platform.NewCache[string, int64](cfg.MaxUsers),
		names: platform.NewCache[int64, string](cfg.MaxUsers), lastCards: platform.NewCache[int64, int](cfg.MaxUsers),
		seen: map[int]bool{}, lanes: map[int64]*lane{}}
	a.link = platform.Status{Name: "Telegram", Log: a.log}
	a.outbox = outbox.New(a, cfg.Limits, cfg.Clock, cfg.State)
	if cfg.Metrics != nil {
		cfg.Metrics.WatchOutbox(a.outbox)
	}
	return a, nil
}

// Enqueue implements bot.Enqueuer: the room's messages for Telegram go into
// the adapter's own outbox, which Run delivers within Config.Limits.
func (a *Adapter) Enqueue(m bot.Outgoing) error { return a.outbox.Enqueue(m) }

// Outbox is the adapter's outbox, for its counters (Queued, Stats,
// Delays); the room queues through Enqueue.
func (a *Adapter) Outbox() *outbox.Outbox { return a.outbox }

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
	outCtx, stopOut := context.WithCancel(ctx)
	defer stopOut()
	outDone := platform.RunOutbox(outCtx, a.outbox, a.log)
	var err error
	if a.cfg.WebhookURL != "" {
		err = a.serveWebhook(ctx, life)
	} else {
		err = a.poll(ctx, life)
	}
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

func (a *Adapter) loadOffset(ctx context.Context) {
	if a.cfg.State == nil {
		return
	}
	key := a.offsetKey()
	v, err := a.cfg.State.Value(ctx, key)
	if errors.Is(err, bot.ErrNotFound) {
		v, err = a.cfg.State.Value(ctx, offsetKey) // stored by an earlier version
	}
	switch {
	case errors.Is(err, bot.ErrNotFound):
		return
	case err != nil:
		a.log.Warn("could not read the update cursor: updates Telegram had not confirmed may be applied again", "err", err)
		return
	}
	idText, at, _ := strings.Cut(v, " ")
	n, err := strconv.Atoi(idText)
	if err != nil {
		a.log.Warn("the stored update cursor is unreadable; starting without it", "value", v)
		return
	}
	// After a week without updates Telegram starts update ids afresh at
	// random: an old cursor would hide every new update.
	if secs, err := strconv.ParseInt(at, 10, 64); err == nil && a.cfg.Clock.Now().Sub(time.Unix(secs, 0)) > 7*24*time.Hour {
		a.log.Info("the update cursor is over a week old; starting afresh")
		return
	}
	a.offset, a.floor = n, n
}

// offsetKey is where this bot's cursor is stored (another bot on the same
// database has its own).
func (a *Adapter) offsetKey() string {
	return offsetKey + ":" + strconv.FormatInt(a.api.Self.ID, 10)
}

// accept decides whether update id is new: not handled before, restarts
// included. The cursor is stored (storeOffset) before the update is
// handled, so a crash loses at most the updates in hand, never applies one
// twice.
func (a *Adapter) accept(id int) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.seen[id] || id <= a.floor {
		return false
	}
	a.seen[id] = true
	a.seenOrder = append(a.seenOrder, id)
	if len(a.seenOrder) > maxSeen {
		delete(a.seen, a.seenOrder[0])
		a.floor = max(a.floor, a.seenOrder[0])
		a.seenOrder = a.seenOrder[1:]
	}
	if id > a.offset {
		a.offset = id
	}
	return true
}

// storeOffset stores the cursor (the newest update taken) with the time.
func (a *Adapter) storeOffset(ctx context.Context) {
	if a.cfg.State == nil {
		return
	}
	a.mu.Lock()
	id := a.offset
	a.mu.Unlock()
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	v := strconv.Itoa(id) + " " + strconv.FormatInt(a.cfg.Clock.Now().Unix(), 10)
	if err := a.cfg.State.SetValue(sctx, a.offsetKey(), v); err != nil {
		a.log.Warn("could not store the update cursor", "err", err)
	}
}

// maxSeen is how many recent update ids are remembered.
const maxSeen = 4096

// poll runs the long-polling loop until ctx ends; updates are handled
// under life.
func (a *Adapter) poll(ctx, life context.Context) error {
	if _, err := a.api.MakeRequest("deleteWebhook", nil); err != nil && ctx.Err() == nil {
		a.log.Warn("deleteWebhook failed", "err", err)
	}
	backoff := time.Second
	for ctx.Err() == nil {
		a.mu.Lock()
		offset := a.offset
		a.mu.Unlock()
		raws, err := a.getUpdates(offset + 1)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			var te *tgbotapi.Error
			if errors.As(err, &te) && te.Code == http.StatusUnauthorized {
				return fmt.Errorf("telegram: the bot token was revoked (401): get a new one from @BotFather")
			}
			if errors.As(err, &te) && te.RetryAfter > 0 {
				if !platform.Sleep(ctx, time.Duration(te.RetryAfter)*time.Second) {
					return nil
				}
				continue
			}
			a.link.Set(false, err)
			if !platform.Sleep(ctx, backoff) {
				return nil
			}
			backoff = min(backoff*2, a.cfg.MaxBackoff)
			continue
		}
		backoff = time.Second
		a.link.Set(true, nil)
		fresh, taken, stuck := a.take(raws)
		if taken {
			a.storeOffset(ctx) // once per batch, before any is handled
		} else if stuck {
			// Only updates whose id cannot be read: Telegram sends them
			// again at once. Never seen from the real Bot API; wait a
			// little rather than spin.
			if !platform.Sleep(ctx, a.cfg.MaxBackoff) {
				return nil
			}
		}
		for _, u := range fresh {
			a.route(life, u)
		}
	}
	return nil
}

// getUpdates asks for the updates from offset on (a long poll). The
// result is left as one raw message per update, for take to decode one by
// one: tgbotapi's GetUpdates decodes the batch as a whole, so one update
// it cannot decode would make the batch fail for ever.
func (a *Adapter) getUpdates(offset int) ([]json.RawMessage, error) {
	p := tgbotapi.Params{}
	p.AddNonZero("offset", offset)
	p.AddNonZero("limit", 100)
	p.AddNonZero("timeout", int(a.cfg.PollTimeout/time.Second))
	if err := p.AddInterface("allowed_updates", []string{"message", "callback_query"}); err != nil {
		return nil, err
	}
	resp, err := a.poller.MakeRequest("getUpdates", p)
	if err != nil {
		return nil, err
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(resp.Result, &raws); err != nil {
		return nil, fmt.Errorf("getUpdates: the result is not a list of updates: %w", err)
	}
	return raws, nil
}

// take decodes a batch of raw updates one by one and accepts them: fresh
// are the new ones to handle, in order. An update that does not decode is
// logged and skipped, but accepted when its update_id can be read, so the
// cursor moves past it. taken reports that the cursor moved (to be
// stored); stuck that the batch held nothing but updates without a
// readable id.
func (a *Adapter) take(raws []json.RawMessage) (fresh []tgbotapi.Update, taken, stuck bool) {
	unreadable := 0
	for _, raw := range raws {
		u, err := decodeUpdate(raw)
		if err != nil {
			if u.UpdateID == 0 {
				unreadable++
				a.log.Warn("skipping an update that does not decode and has no readable update_id", "err", err)
				continue
			}
			if a.accept(u.UpdateID) {
				taken = true
				a.log.Warn("skipping an update that does not decode", "update_id", u.UpdateID, "err", err)
			}
			continue
		}
		if a.accept(u.UpdateID) {
			taken = true
			fresh = append(fresh, u)
		}
	}
	return fresh, taken, !taken && unreadable > 0 && unreadable == len(raws)
}

// decodeUpdate decodes one update. When it does not decode, err says why
// and u holds only its update_id, if that much can be read (else 0).
func decodeUpdate(raw json.RawMessage) (u tgbotapi.Update, err error) {
	if err = json.Unmarshal(raw, &u); err == nil {
		if u.UpdateID <= 0 {
			return tgbotapi.Update{}, errors.New("no update_id")
		}
		return u, nil
	}
	var id struct {
		UpdateID int `json:"update_id"`
	}
	if json.Unmarshal(raw, &id) != nil || id.UpdateID < 0 {
		id.UpdateID = 0
	}
	return tgbotapi.Update{UpdateID: id.UpdateID}, err
}

// serveWebhook registers the webhook and serves it until ctx ends;
// updates are handled under life.
func (a *Adapter) serveWebhook(ctx, life context.Context) error {
	backoff := time.Second
	for {
		_, err := a.api.MakeRequest("setWebhook", tgbotapi.Params{"url": a.cfg.WebhookURL, "secret_token": a.secret,
			"allowed_updates": `["message","callback_query"]`})
		if err == nil {
			break
		}
		var te *tgbotapi.Error
		if errors.As(err, &te) && te.Code == http.StatusBadRequest {
			return fmt.Errorf("telegram: setWebhook refused the URL (%s): it must be a public https URL", te.Message)
		}
		a.link.Set(false, err)
		if !platform.Sleep(ctx, backoff) {
			return nil
		}
		backoff = min(backoff*2, a.cfg.MaxBackoff)
	}
	srv := webhookServer(a.cfg.WebhookListen, a.WebhookHandler(life))
	done := make(chan error, 1)
	go func() { done <- srv.ListenAndServe() }()
	a.log.Info("serving the webhook", "listen", a.cfg.WebhookListen)
	select {
	case err := <-done:
		return fmt.Errorf("telegram: webhook server: %w", err)
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
		return nil
	}
}

// webhookServer is the webhook's HTTP server on addr. Telegram posts one
// small update at a time and is answered once it is queued, so every wait
// of a request is bounded: a client that stops sending its headers or its
// body, never reads the answer, or keeps an idle connection open loses the
// connection instead of holding it (and a goroutine) for ever.
func webhookServer(addr string, h http.Handler) *http.Server {
	return &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: 20 * time.Second, IdleTimeout: 2 * time.Minute}
}

// WebhookSecret is the secret token Telegram sends with every webhook
// request (derived from the bot token: the same at every start).
func (a *Adapter) WebhookSecret() string { return a.secret }

// WebhookHandler serves Telegram's webhook requests: a request without the
// secret-token header is refused with 401.
func (a *Adapter) WebhookHandler(ctx context.Context) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "POST only", http.StatusMethodNotAllowed)
			return
		}
		got := r.Header.Get("X-Telegram-Bot-Api-Secret-Token")
		if !hmac.Equal([]byte(got), []byte(a.secret)) {
			http.Error(w, "missing or wrong secret token", http.StatusUnauthorized)
			return
		}
		var raw json.RawMessage
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20))
		if err := dec.Decode(&raw); err != nil {
			// Not JSON (a cut body): refused, Telegram sends it again.
			http.Error(w, "malformed update: "+err.Error(), http.StatusBadRequest)
			return
		}
		select {
		case <-a.ready:
		default:
			http.Error(w, "not ready", http.StatusServiceUnavailable)
			return
		}
		// JSON that is not an update Telegram would send is skipped like
		// in a polled batch, and confirmed (200): refusing it would make
		// Telegram send it, and hold back every update after it, for ever.
		fresh, taken, _ := a.take([]json.RawMessage{raw})
		if taken {
			a.storeOffset(ctx)
		}
		for _, u := range fresh {
			a.route(ctx, u)
		}
		w.WriteHeader(http.StatusOK)
	})
}

// route queues a taken update on its chat's lane: one chat's updates are
// handled in order, different chats' at once. A full lane answers "busy".
// A message without its chat and a button press without its user are
// skipped (logged). A panic, here or in the handler, is recovered
// (guard).
func (a *Adapter) route(ctx context.Context, u tgbotapi.Update) {
	defer a.guard(u.UpdateID, nil)
	received := a.cfg.Clock.Now() // the room's clock (main wires the same one), for its latency figures
	switch {
	case u.CallbackQuery != nil:
		q := u.CallbackQuery
		if q.From == nil {
			a.log.Warn("skipping a button press without its user", "update_id", u.UpdateID)
			return
		}
		key := q.From.ID
		if q.Message != nil && q.Message.Chat != nil {
			key = q.Message.Chat.ID
		}
		internal := func() {
			a.answerCallback(ctx, q.ID, bot.Translate(bot.Errorf(bot.EInternal, bot.KeyInternal), langOf(q.From)), true)
		}
		if !a.enqueue(key, func() {
			defer a.guard(u.UpdateID, internal)
			a.onCallback(ctx, q, received)
		}) {
			a.wg.Add(1)
			go func() { // not in the polling loop: a 429 would hold up every chat
				defer a.wg.Done()
				defer a.guard(u.UpdateID, nil)
				a.answerCallback(ctx, q.ID, bot.Translate(bot.Errorf(bot.EBusy, bot.KeyBusy), langOf(q.From)), true)
			}()
		}
	case u.Message != nil:
		m := u.Message
		if m.Chat == nil {
			a.log.Warn("skipping a message without its chat", "update_id", u.UpdateID)
			return
		}
		var internal func()
		if m.From != nil {
			internal = func() {
				a.tell(m.From.ID, m.Chat.ID, m.MessageID, bot.Translate(bot.Errorf(bot.EInternal, bot.KeyInternal), langOf(m.From)), true)
			}
		}
		if !a.enqueue(m.Chat.ID, func() {
			defer a.guard(u.UpdateID, internal)
			a.onMessage(ctx, m, received)
		}) && m.From != nil {
			a.tell(m.From.ID, m.Chat.ID, m.MessageID, bot.Translate(bot.Errorf(bot.EBusy, bot.KeyBusy), langOf(m.From)), true)
		}
	}
}

// guard, deferred, recovers a panic while update id is handled: it is
// logged (with the id; the token cut out) and, when answer is set, the
// user is answered as an internal error. The bot goes on with the next
// update.
func (a *Adapter) guard(id int, answer func()) {
	v := recover()
	if v == nil {
		return
	}
	platform.LogPanic(a.log, v, a.cfg.Token, "update_id", id)
	if answer == nil {
		return
	}
	defer func() {
		if v := recover(); v != nil {
			platform.LogPanic(a.log, v, a.cfg.Token, "update_id", id, "while", "answering")
		}
	}()
	answer()
}

// lane is one chat's queue of updates.
type lane struct{ q []func() }

const maxLane = 64

func (a *Adapter) enqueue(key int64, f func()) bool {
	a.mu.Lock()
	l := a.lanes[key]
	start := l == nil
	if start {
		l = &lane{}
		a.lanes[key] = l
	}
	if len(l.q) >= maxLane {
		a.mu.Unlock()
		return false
	}
	l.q = append(l.q, f)
	if start {
		a.wg.Add(1)
	}
	a.mu.Unlock()
	if start {
		go a.drain(key, l)
	}
	return true
}

func (a *Adapter) drain(key int64, l *lane) {
	defer a.wg.Done()
	for {
		a.mu.Lock()
		if len(l.q) == 0 {
			delete(a.lanes, key)
			a.mu.Unlock()
			return
		}
		f := l.q[0]
		l.q = l.q[1:]
		a.mu.Unlock()
		f()
	}
}

// displayName is how a user is shown at the table.
func displayName(u *tgbotapi.User) string {
	if u == nil {
		return ""
	}
	name := strings.TrimSpace(u.FirstName + " " + u.LastName)
	if name == "" {
		name = u.UserName
	}
	if utf8.RuneCountInString(name) > 24 {
		name = string([]rune(name)[:24])
	}
	return name
}

// langOf picks the room's language for a user's own messages.
func langOf(u *tgbotapi.User) string {
	if u != nil && strings.HasPrefix(strings.ToLower(u.LanguageCode), "es") {
		return bot.Spanish
	}
	return bot.English
}

// learn remembers a user's username (for /grant @name) and group.
func (a *Adapter) learn(u *tgbotapi.User, chat *tgbotapi.Chat) {
	if u == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.names.Set(u.ID, displayName(u))
	if u.UserName != "" {
		a.usernames.Set(strings.ToLower(u.UserName), u.ID)
	}
	if chat != nil && !chat.IsPrivate() {
		a.lastChat.Set(u.ID, chat.ID)
	}
}

// started notes that a user opened a private chat with the bot: direct
// messages reach them now.
func (a *Adapter) started(user int64) {
	a.mu.Lock()
	a.notStarted.Delete(user)
	a.noticed.Delete(user)
	a.mu.Unlock()
}

func (a *Adapter) onMessage(ctx context.Context, m *tgbotapi.Message, received time.Time) {
	if m.Chat == nil { // route skips it; never dereferenced below
		return
	}
	switch {
	case m.MigrateToChatID != 0: // in the old group
		a.migrate(ctx, m.Chat.ID, m.MigrateToChatID)
		return
	case m.MigrateFromChatID != 0: // in the new supergroup
		a.migrate(ctx, m.MigrateFromChatID, m.Chat.ID)
		return
	}
	if m.From == nil || m.From.IsBot || m.Text == "" {
		return
	}
	a.learn(m.From, m.Chat)
	name, args, ok := bot.ParseCommand(m.Text)
	if !ok {
		return
	}
	if fields := strings.Fields(m.Text); len(fields) > 0 && strings.Contains(fields[0], "@") {
		_, to, _ := strings.Cut(fields[0], "@")
		if !strings.EqualFold(to, a.api.Self.UserName) {
			return // a command for another bot
		}
	}
	private := m.Chat.IsPrivate()
	cmd := bot.Command{Platform: Platform, User: strconv.FormatInt(m.From.ID, 10), UserName: displayName(m.From),
		Name: name, Args: args, Received: received}
	if private {
		a.started(m.From.ID)
		if name == "start" && len(args) == 1 {
			cmd.Name, cmd.Args = deepLink(args[0])
		}
	} else {
		cmd.Chat, cmd.ChatTitle = strconv.FormatInt(m.Chat.ID, 10), m.Chat.Title
	}
	if name == "grant" {
		a.mu.Lock()
		for i, arg := range cmd.Args {
			if id, ok := a.usernames.Lookup(strings.ToLower(strings.TrimPrefix(arg, "@"))); ok && strings.HasPrefix(arg, "@") {
				cmd.Args[i] = strconv.FormatInt(id, 10)
			}
		}
		a.mu.Unlock()
	}
	reply, err := a.room.Handle(ctx, cmd)
	lang := langOf(m.From)
	switch {
	case bot.IsSilenced(err):
		// Over the user's command limit, told once already: nothing is
		// sent, so a flood costs the 30-a-second budget nothing.
	case err != nil:
		a.tell(m.From.ID, m.Chat.ID, m.MessageID, bot.Translate(err, lang), true)
	case reply.Text == "":
	case reply.Private || private:
		a.tell(m.From.ID, m.Chat.ID, m.MessageID, reply.Text, false)
	default:
		a.queue(bot.Outgoing{To: bot.Destination{Platform: Platform, Chat: strconv.FormatInt(m.Chat.ID, 10)},
			Priority: bot.PriorityPrivate, Origin: strconv.FormatInt(m.Chat.ID, 10), Body: note{Text: reply.Text, Chat: m.Chat.ID, ReplyTo: m.MessageID}})
	}
}

// migrate follows a group upgraded to a supergroup: the room moves its
// community and tables to the new chat id (once: the service message in
// each chat and a send refused with migrate_to_chat_id all lead here).
func (a *Adapter) migrate(ctx context.Context, from, to int64) {
	a.mu.Lock()
	for _, u := range a.lastChat.Keys() {
		if c, _ := a.lastChat.Lookup(u); c == from {
			a.lastChat.Set(u, to)
		}
	}
	for _, k := range a.admins.Keys() {
		if k[0] == from {
			a.admins.Delete(k)
		}
	}
	a.mu.Unlock()
	if err := a.room.MoveChat(ctx, Platform, strconv.FormatInt(from, 10), strconv.FormatInt(to, 10)); err != nil {
		a.log.Warn("could not follow the group to its supergroup", "from", from, "to", to, "err", err)
	}
}

// deepLink turns a /start payload into the command it names:
// "cards" (see my cards), "join_7" (join table 7), else help.
func deepLink(payload string) (string, []string) {
	switch {
	case payload == "cards":
		return "cards", nil
	case strings.HasPrefix(payload, "join_"):
		if _, err := strconv.ParseInt(payload[5:], 10, 64); err == nil {
			return "join", []string{"#" + payload[5:]}
		}
	}
	return "start", nil
}

// tell answers one user privately. When they never started the bot, an
// error answer (fallback) is posted as a reply in the group instead;
// anything else (their cards, their wallet) never is: they get the deep
// link to start the bot. The answer's origin is the chat the command came
// from: a flooded group's answers share the 30-a-second budget fairly with
// other chats' (bot.Outgoing.Origin).
func (a *Adapter) tell(user, chat int64, replyTo int, text string, fallback bool) {
	n := note{Text: text, User: user}
	if chat != user {
		n.Chat, n.ReplyTo, n.Fallback = chat, replyTo, fallback
	}
	a.queue(bot.Outgoing{To: bot.Destination{Platform: Platform, User: strconv.FormatInt(user, 10)}, Priority: bot.PriorityPrivate,
		Origin: strconv.FormatInt(chat, 10), Body: n})
}

func (a *Adapter) queue(m bot.Outgoing) {
	if err := a.outbox.Enqueue(m); err != nil {
		a.log.Warn("outbox full; message dropped", "to", m.To.String())
	}
}

// note is a private answer or a reply to a command: the adapter's own
// message body.
type note struct {
	Text     string
	User     int64 // the user a private note is for
	Chat     int64 // the group the command came from (0: a private chat)
	ReplyTo  int
	Fallback bool // reply in the group when a direct message is refused
}

func (a *Adapter) onCallback(ctx context.Context, q *tgbotapi.CallbackQuery, received time.Time) {
	if q.From == nil {
		return
	}
	lang := langOf(q.From)
	cmd := bot.Command{Platform: Platform, User: strconv.FormatInt(q.From.ID, 10), UserName: displayName(q.From),
		Token: q.Data, Received: received}
	var chat *tgbotapi.Chat
	if q.Message != nil && q.Message.Chat != nil && !q.Message.Chat.IsPrivate() {
		chat = q.Message.Chat
		cmd.Chat, cmd.ChatTitle = strconv.FormatInt(chat.ID, 10), chat.Title
	}
	a.learn(q.From, chat)
	if q.Data == "" {
		a.answerCallback(ctx, q.ID, bot.Translate(bot.ErrTokenForged, lang), true)
		return
	}
	reply, err := a.room.Handle(ctx, cmd)
	switch {
	case bot.IsSilenced(err):
		// Acknowledged without text (the spinner stops): a callback answer
		// is not a chat message and costs the send budget nothing.
		a.answerCallback(ctx, q.ID, "", false)
	case err != nil:
		a.answerCallback(ctx, q.ID, bot.Translate(err, lang), true)
	default:
		a.answerCallback(ctx, q.ID, reply.Text, reply.Private)
	}
}

// answerCallback answers a button press (Telegram shows a spinner until
// it is): a popup only the presser sees when alert is set. A 429 is waited
// out once.
func (a *Adapter) answerCallback(ctx context.Context, id, text string, alert bool) {
	cfg := tgbotapi.NewCallback(id, clip(text, maxCallbackText))
	cfg.ShowAlert = alert && text != ""
	for try := 0; try < 2; try++ {
		_, err := a.api.Request(cfg)
		var te *tgbotapi.Error
		if errors.As(err, &te) && te.RetryAfter > 0 && try == 0 {
			if !platform.Sleep(ctx, time.Duration(te.RetryAfter)*time.Second) {
				return
			}
			continue
		}
		if err != nil {
			a.log.Warn("answerCallbackQuery failed", "err", err)
		}
		return
	}
}

// clip shortens s to n characters.
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// IsAdmin implements bot.Admins: the chat's creator and administrators,
// asked with getChatMember and cached for a short time.
func (a *Adapter) IsAdmin(ctx context.Context, chat, user string) (bool, error) {
	c, err1 := strconv.ParseInt(chat, 10, 64)
	u, err2 := strconv.ParseInt(user, 10, 64)
	if err1 != nil || err2 != nil {
		return false, nil
	}
	key := [2]int64{c, u}
	now := a.cfg.Clock.Now()
	a.mu.Lock()
	e, ok := a.admins.Lookup(key)
	a.mu.Unlock()
	if ok && now.Sub(e.at) < a.cfg.AdminTTL {
		return e.ok, nil
	}
	select {
	case <-a.ready:
	default:
		return false, errors.New("not connected to Telegram yet")
	}
	m, err := a.api.GetChatMember(tgbotapi.GetChatMemberConfig{ChatConfigWithUser: tgbotapi.ChatConfigWithUser{ChatID: c, UserID: u}})
	if err != nil {
		return false, fmt.Errorf("getChatMember: %w", err)
	}
	isAdmin := m.IsCreator() || m.IsAdministrator()
	a.mu.Lock()
	a.admins.Set(key, adminEntry{ok: isAdmin, at: now})
	a.mu.Unlock()
	return isAdmin, nil
}
