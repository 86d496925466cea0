// The updates' way in: the stored cursor of handled updates, the long
// poll, and the webhook.

package telegram

import (
	"context"
	"crypto/hmac"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
	"github.com/pokerroom/pokerroom/adapters/internal/platform"
	"github.com/pokerroom/pokerroom/bot"
)

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
	secs, err := strconv.ParseInt(at, 10, 64)
	if err == nil && a.cfg.Clock.Now().Sub(time.Unix(secs, 0)) > idsAfresh {
		a.log.Info("the update cursor is over a week old; starting afresh")
		return
	}
	a.offset, a.floor = n, n
	a.lastAt = a.cfg.Clock.Now() // a cursor of an earlier version has no time: now
	if err == nil {
		a.lastAt = time.Unix(secs, 0)
	}
}

// idsAfresh is how long without updates makes Telegram number the next
// one at random (getUpdates: "If there are no new updates for at least a
// week, then identifier of the next update will be chosen randomly
// instead of sequentially").
const idsAfresh = 7 * 24 * time.Hour

// offsetKey is where this bot's cursor is stored (another bot on the same
// database has its own).
func (a *Adapter) offsetKey() string {
	return offsetKey + ":" + strconv.FormatInt(a.api.Self.ID, 10)
}

// accept decides whether update id is new: not handled before, restarts
// included. The cursor is stored (storeOffset) before the update is
// handled, so a crash loses at most the updates in hand, never applies one
// twice.
//
// An update not handled yet whose id is not past the cursor, after a week
// without updates, is Telegram numbering updates afresh: the cursor
// starts again from it (else every update would be taken for one handled
// already, and the bot would answer nothing until restarted).
func (a *Adapter) accept(id int) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	now := a.cfg.Clock.Now()
	if !a.seen[id] && id <= a.offset && now.Sub(a.lastAt) > idsAfresh {
		a.log.Info("update ids started afresh after a week without updates", "update_id", id, "cursor", a.offset)
		a.offset, a.floor = 0, 0
		clear(a.seen)
		a.seenOrder = nil
	}
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
	a.lastAt = now
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

// allowedUpdates are the kinds of update the bot asks Telegram for: typed
// messages, button presses, and its own membership of chats (removed from
// a group: onMyMember).
var allowedUpdates = []string{"message", "callback_query", "my_chat_member"}

const allowedUpdatesJSON = `["message","callback_query","my_chat_member"]`

// maxSeen is how many recent update ids are remembered.
const maxSeen = 4096

// poll runs the long-polling loop until ctx ends; updates are handled
// under life.
func (a *Adapter) poll(ctx, life context.Context) error {
	if _, err := a.api.MakeRequest("deleteWebhook", nil); err != nil && ctx.Err() == nil {
		a.log.Warn("deleteWebhook failed", "err", err)
	}
	backoff := time.Second
	// The updates pending when polling began come first, in batches of
	// pollLimit until one is not full: those waited for the bot.
	backlog := true
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
				return errRevoked
			}
			if errors.As(err, &te) && te.RetryAfter > 0 {
				if !platform.Sleep(ctx, time.Duration(te.RetryAfter)*time.Second) {
					return nil
				}
				continue
			}
			if errors.As(err, &te) && te.Code == http.StatusConflict && strings.Contains(te.Message, "webhook") {
				// A webhook is still set (the deleteWebhook above failed):
				// getUpdates answers nothing until it is deleted.
				a.log.Warn("a webhook is still set; deleting it again", "err", err)
				if _, err := a.api.MakeRequest("deleteWebhook", nil); err != nil && ctx.Err() == nil {
					a.log.Warn("deleteWebhook failed", "err", err)
				}
				if !platform.Sleep(ctx, backoff) {
					return nil
				}
				backoff = min(backoff*2, a.cfg.MaxBackoff)
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
		for i := range fresh {
			fresh[i].late = backlog
		}
		backlog = backlog && len(raws) >= pollLimit
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

// pollLimit is the most updates a getUpdates answers (the Bot API's
// limit, 1-100).
const pollLimit = 100

// getUpdates asks for the updates from offset on (a long poll). The
// result is left as one raw message per update, for take to decode one by
// one: tgbotapi's GetUpdates decodes the batch as a whole, so one update
// it cannot decode would make the batch fail for ever.
func (a *Adapter) getUpdates(offset int) ([]json.RawMessage, error) {
	p := tgbotapi.Params{}
	p.AddNonZero("offset", offset)
	p.AddNonZero("limit", pollLimit)
	p.AddNonZero("timeout", int(a.cfg.PollTimeout/time.Second))
	if err := p.AddInterface("allowed_updates", allowedUpdates); err != nil {
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
func (a *Adapter) take(raws []json.RawMessage) (fresh []update, taken, stuck bool) {
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
			fresh = append(fresh, update{Update: u, topic: topicOf(raw)})
		}
	}
	return fresh, taken, !taken && unreadable > 0 && unreadable == len(raws)
}

// update is a taken update with what tgbotapi v5.5.1 does not read of it:
// the forum topic its message was typed in (Bot API 6.3).
type update struct {
	tgbotapi.Update
	topic int // 0: none (not a forum, or its General topic)
	// late marks an update that may have waited for the bot: one of the
	// batches of updates pending when polling began (the first, and each
	// after a full one), or any in webhook mode. Only such a message's date
	// says when its typed command was sent (onMessage: bot.Command.Sent).
	late bool
}

// topicOf is the forum topic of an update's message: its
// message_thread_id when is_topic_message is set ("True, if the message is
// sent to a forum topic"). A supergroup's reply threads have a
// message_thread_id too, which is no topic (0).
func topicOf(raw json.RawMessage) int {
	var u struct {
		Message *struct {
			Thread int  `json:"message_thread_id"`
			Topic  bool `json:"is_topic_message"`
		} `json:"message"`
	}
	if json.Unmarshal(raw, &u) != nil || u.Message == nil || !u.Message.Topic || u.Message.Thread < 0 {
		return 0
	}
	return u.Message.Thread
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

// errRevoked: Telegram refused the bot's token (401).
var errRevoked = errors.New("telegram: the bot token was revoked (401): get a new one from @BotFather")

// revoke records a call refused with 401: the token was revoked, so a
// webhook is called no more and Run stops (a poll finds it by itself).
func (a *Adapter) revoke(err error) {
	var te *tgbotapi.Error
	if errors.As(err, &te) && te.Code == http.StatusUnauthorized {
		a.revokeOnce.Do(func() { close(a.revoked) })
	}
}

// serveWebhook registers the webhook and serves it until ctx ends;
// updates are handled under life.
func (a *Adapter) serveWebhook(ctx, life context.Context) error {
	backoff := time.Second
	for {
		_, err := a.api.MakeRequest("setWebhook", tgbotapi.Params{"url": a.cfg.WebhookURL, "secret_token": a.secret,
			"allowed_updates": allowedUpdatesJSON})
		if err == nil {
			break
		}
		var te *tgbotapi.Error
		if errors.As(err, &te) && te.Code == http.StatusBadRequest {
			return fmt.Errorf("telegram: setWebhook refused the URL (%s): it must be a public https URL", te.Message)
		}
		a.link.Set(false, err)
		pause := backoff
		if errors.As(err, &te) && te.RetryAfter > 0 { // 429: not before Telegram's wait is over
			pause = max(pause, time.Duration(te.RetryAfter)*time.Second)
		}
		if !platform.Sleep(ctx, pause) {
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
	case <-a.revoked: // Telegram calls the webhook no more
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(sctx)
		return errRevoked
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
			u.late = true // a push cannot say whether it waited: its date does (onMessage)
			a.route(ctx, u)
		}
		w.WriteHeader(http.StatusOK)
	})
}
