package telegram

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/pokerroom/pokerroom/bot"
)

var _ bot.Spectators = (*Adapter)(nil)

// publicName is a Telegram @username: 5 to 32 letters, digits and
// underscores, starting with a letter.
var publicName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{4,31}$`)

// SpectatorChat implements bot.Spectators: target is a chat id or a
// @username (t.me/name too), which getChat resolves to the id stored; the
// user must be its creator or an administrator (getChatMember), and the
// bot must be able to post there: a member not restricted from sending in
// a group, an administrator with the right to post in a channel. Each call
// has Config.CheckTimeout and honours ctx.
func (a *Adapter) SpectatorChat(ctx context.Context, chat, user, target string) (string, error) {
	uid, err := strconv.ParseInt(user, 10, 64)
	if err != nil {
		return "", fmt.Errorf("%w: user %q is no Telegram user", bot.ErrSpectateNotAdmin, user)
	}
	select {
	case <-a.ready:
	default:
		return "", errors.New("not connected to Telegram yet")
	}
	ctx, cancel := context.WithTimeout(ctx, a.cfg.CheckTimeout)
	defer cancel()
	api := *a.api
	api.Client = &client{ctx: ctx, http: a.cfg.HTTP, token: a.cfg.Token, timeout: a.cfg.CheckTimeout}
	var ref tgbotapi.ChatConfig
	t := strings.TrimSpace(target)
	for _, p := range []string{"https://t.me/", "http://t.me/", "t.me/", "@"} {
		if name, ok := strings.CutPrefix(t, p); ok && publicName.MatchString(name) {
			ref.SuperGroupUsername = "@" + name
		}
	}
	if ref.SuperGroupUsername == "" {
		id, err := strconv.ParseInt(t, 10, 64)
		if err != nil || id == 0 {
			return "", fmt.Errorf("%w: %q is neither a chat id nor a @username", bot.ErrSpectateNoChat, target)
		}
		ref.ChatID = id
	}
	c, err := api.GetChat(tgbotapi.ChatInfoConfig{ChatConfig: ref})
	switch {
	case isRefusal(err):
		return "", fmt.Errorf("%w: getChat: %v", bot.ErrSpectateNoChat, err)
	case err != nil:
		return "", fmt.Errorf("getChat: %w", ctxFirst(ctx, err))
	case c.IsPrivate():
		return "", fmt.Errorf("%w: %q is a private chat", bot.ErrSpectateNoChat, target)
	}
	if err := a.checkMember(&api, c.ID, uid, func(m tgbotapi.ChatMember) error {
		if m.IsCreator() || m.IsAdministrator() {
			return nil
		}
		return fmt.Errorf("%w: %s in chat %d", bot.ErrSpectateNotAdmin, m.Status, c.ID)
	}); err != nil {
		return "", err
	}
	if err := a.checkMember(&api, c.ID, api.Self.ID, func(m tgbotapi.ChatMember) error {
		return botCanPost(c, m)
	}); err != nil {
		return "", err
	}
	return strconv.FormatInt(c.ID, 10), nil
}

// checkMember asks getChatMember about user in chat and passes the member
// to check. Telegram's refusal to tell (the user is not there, the member
// list is closed to the bot) is ErrSpectateNotAdmin for a user and
// ErrSpectateNoChat for the bot itself.
func (a *Adapter) checkMember(api *tgbotapi.BotAPI, chat, user int64, check func(tgbotapi.ChatMember) error) error {
	m, err := api.GetChatMember(tgbotapi.GetChatMemberConfig{ChatConfigWithUser: tgbotapi.ChatConfigWithUser{ChatID: chat, UserID: user}})
	switch {
	case isRefusal(err) && user == api.Self.ID:
		return fmt.Errorf("%w: getChatMember (the bot): %v", bot.ErrSpectateNoChat, err)
	case isRefusal(err):
		return fmt.Errorf("%w: getChatMember: %v", bot.ErrSpectateNotAdmin, err)
	case err != nil:
		return fmt.Errorf("getChatMember: %w", err)
	}
	return check(m)
}

// botCanPost tells from the bot's own membership whether it may post in c.
func botCanPost(c tgbotapi.Chat, m tgbotapi.ChatMember) error {
	switch {
	case m.Status == "left" || m.Status == "kicked":
		return fmt.Errorf("%w: the bot is %s", bot.ErrSpectateNoChat, m.Status)
	case c.IsChannel() && !(m.IsCreator() || m.IsAdministrator() && m.CanPostMessages):
		return fmt.Errorf("%w: the bot is %s of the channel, without can_post_messages", bot.ErrSpectateCannotPost, m.Status)
	case m.Status == "restricted" && (!m.CanSendMessages || !m.IsMember):
		return fmt.Errorf("%w: the bot is restricted", bot.ErrSpectateCannotPost)
	}
	return nil
}

// isRefusal reports whether Telegram answered, refusing (400, 403): as
// opposed to not answering or failing (timeouts, 429, 5xx).
func isRefusal(err error) bool {
	var te *tgbotapi.Error
	return errors.As(err, &te) && (te.Code == http.StatusBadRequest || te.Code == http.StatusForbidden)
}

// ctxFirst is err, or ctx's own error when ctx ended first (a timeout
// reads as one).
func ctxFirst(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("%w (%v)", ctx.Err(), err)
	}
	return err
}
