package telegram

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/view"
)

// Sending: the room's messages go into the adapter's outbox (Enqueue),
// which hands each one, within Telegram's limits, to Deliver: a message
// sent, or edited in place.

// Enqueue implements bot.Enqueuer: the room's messages for Telegram go into
// the adapter's own outbox, which Run delivers within Config.Limits.
func (a *Adapter) Enqueue(m bot.Outgoing) error { return a.outbox.Enqueue(m) }

// RendersWhenSent implements bot.DeferringEnqueuer: Enqueue hands the
// room's messages to the outbox unread, which renders a table message's
// body (bot.Deferred) only when it sends that version.
func (a *Adapter) RendersWhenSent() {}

var _ bot.DeferringEnqueuer = (*Adapter)(nil)

// Deliver implements bot.Sender: it sends or edits one message.
func (a *Adapter) Deliver(ctx context.Context, m bot.Outgoing, id string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	got, err := a.deliver(ctx, m, id)
	a.revoke(err)
	chat := groupOf(m)
	if err == nil {
		a.link.Set(true, nil) // in webhook mode nothing else would say it
		if chat < 0 {
			a.found(chat)
		}
	}
	if chat < 0 && (isForbidden(err) || isMuted(err)) {
		a.lost(ctx, chat, err)
	}
	return got, err
}

// groupOf is the group (or channel) chat m is sent to, 0 for a user's
// private chat.
func groupOf(m bot.Outgoing) int64 {
	if n, ok := m.Body.(note); ok {
		if n.User == 0 {
			return n.Chat
		}
		return 0
	}
	if m.To.Private() {
		return 0
	}
	chat, _ := strconv.ParseInt(m.To.Chat, 10, 64)
	return chat
}

// lost follows a group that refused a send with 403 (the bot was removed
// or the group deleted), or with a 400 saying the bot may not write there
// (isMuted), as the my_chat_member update would have
// (onMyMember), for when that update never came: Telegram keeps updates
// 24 hours, so a bot down longer misses it. The room is told once, on the
// chat's lane, until the bot is a member again.
func (a *Adapter) lost(ctx context.Context, chat int64, err error) {
	a.mu.Lock()
	told := a.lostChats[chat]
	a.lostChats[chat] = true
	a.mu.Unlock()
	if told {
		return
	}
	why := "a send to the chat was refused: " + err.Error()
	muted := isMuted(err)
	ctx = context.WithoutCancel(ctx)
	if !a.enqueue(chat, func() {
		if muted && !a.mutedThere(chat, err) {
			a.mu.Lock()
			delete(a.lostChats, chat) // the next refusal asks again
			a.mu.Unlock()
			return
		}
		a.log.Warn(why+": its tables close after their hand, its players cashed out; its running tournaments pause", "chat", chat)
		if err := a.room.ChatLost(ctx, Platform, strconv.FormatInt(chat, 10), why); err != nil {
			a.log.Warn("could not stop the tables of a chat that refused the bot", "chat", chat, "err", err)
		}
	}) {
		a.mu.Lock()
		delete(a.lostChats, chat) // the next refusal tries again
		a.mu.Unlock()
	}
}

// mutedThere confirms a 400 refusal saying the bot may not write in chat
// (isMuted) with the bot's membership as Telegram has it, before the
// chat's tables close: Telegram has answered such 400s in error during
// its own outages, and closing every table of a group on one would cash
// out a whole room for a passing fault (a Discord refusal is confirmed
// the same way). Confirmed: the bot is gone, restricted from sending, a
// plain member where the group's default permissions forbid sending, or
// not a posting administrator of a channel. A read that fails does not
// confirm: the next refusal asks again.
func (a *Adapter) mutedThere(chat int64, refusal error) bool {
	m, err := a.api.GetChatMember(tgbotapi.GetChatMemberConfig{ChatConfigWithUser: tgbotapi.ChatConfigWithUser{ChatID: chat, UserID: a.api.Self.ID}})
	if err != nil {
		a.log.Warn("a send was refused as if the bot may not write there; its membership could not be read to confirm it: the tables go on", "chat", chat, "refusal", refusal, "err", err)
		return false
	}
	muted := m.Status == "left" || m.Status == "kicked" // a chat that is no longer the bot's to read
	if !muted {
		c, err := a.api.GetChat(tgbotapi.ChatInfoConfig{ChatConfig: tgbotapi.ChatConfig{ChatID: chat}})
		if err != nil {
			a.log.Warn("a send was refused as if the bot may not write there; the chat could not be read to confirm it: the tables go on", "chat", chat, "refusal", refusal, "err", err)
			return false
		}
		// As a spectator channel's set-up asks (botCanPost); a group's
		// plain member sends as the group's default permissions say.
		muted = botCanPost(c, m) != nil || m.Status == "member" && !c.IsChannel() && c.Permissions != nil && !c.Permissions.CanSendMessages
	}
	if !muted {
		a.log.Warn("a send was refused as if the bot may not write there, but Telegram says it may: taken for a passing error, the tables go on", "chat", chat, "refusal", refusal, "status", m.Status)
	}
	return muted
}

// found follows a group that took a send: one the room was told it lost
// (lost) lets the bot speak again, without a my_chat_member update when
// the chat's default permissions changed, so its next refusal is news
// again.
func (a *Adapter) found(chat int64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.lostChats[chat] {
		delete(a.lostChats, chat)
	}
}

func (a *Adapter) deliver(ctx context.Context, m bot.Outgoing, id string) (string, error) {
	switch b := m.Body.(type) {
	case note:
		return "", a.deliverNote(ctx, b)
	case bot.View:
		chat, err := a.chatOf(m.To)
		if err != nil {
			return "", err
		}
		if b.File != nil && m.To.Private() {
			return a.deliverFile(chat, b, m.Origin)
		}
		if m.To.Private() {
			return a.deliverPrivate(ctx, chat, bot.CardsTable(m.Key), b, m.Fallback)
		}
		return a.deliverView(ctx, chat, id, b, m.Thread)
	default:
		return "", fmt.Errorf("telegram: cannot send a %T", m.Body)
	}
}

func (a *Adapter) chatOf(d bot.Destination) (int64, error) {
	s := d.Chat
	if d.Private() {
		s = d.User
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("telegram: %q is not a chat id", s)
	}
	return n, nil
}

// html is a view as Telegram HTML, within a message's length.
func html(v bot.View) string { return view.HTML(bot.RichOf(v), maxText) }

// keyboard turns a view's buttons into an inline keyboard: a token becomes
// callback_data, a URL a link button.
func keyboard(rows [][]bot.Button) *tgbotapi.InlineKeyboardMarkup {
	kb := tgbotapi.InlineKeyboardMarkup{InlineKeyboard: [][]tgbotapi.InlineKeyboardButton{}}
	for _, row := range rows {
		var out []tgbotapi.InlineKeyboardButton
		for _, b := range row {
			switch {
			case b.URL != "":
				out = append(out, tgbotapi.NewInlineKeyboardButtonURL(b.Label, b.URL))
			case b.Token != "" && len(b.Token) <= maxCallbackData:
				out = append(out, tgbotapi.NewInlineKeyboardButtonData(b.Label, b.Token))
			}
		}
		if len(out) > 0 {
			kb.InlineKeyboard = append(kb.InlineKeyboard, out)
		}
	}
	return &kb
}

// deliverView sends a view to a group, or edits the message id showing it:
// "message is not modified" is success, and a table message deleted by
// someone is sent again.
func (a *Adapter) deliverView(ctx context.Context, chat int64, id string, v bot.View, thread string) (string, error) {
	text := html(v)
	kb := keyboard(v.Buttons)
	if msgID, err := strconv.Atoi(id); err == nil && id != "" {
		edit := tgbotapi.NewEditMessageText(chat, msgID, text)
		edit.ParseMode = tgbotapi.ModeHTML
		edit.ReplyMarkup = kb
		_, err := a.api.Request(edit)
		switch {
		case err == nil, isNotModified(err):
			return id, nil
		case isGone(err):
			// deleted: send it again below
		case migratedTo(err) != 0:
			// the group became a supergroup: the message goes there, anew
			a.migrate(ctx, chat, migratedTo(err))
			chat = migratedTo(err)
		default:
			return "", a.classify(err)
		}
	}
	if topic, err := strconv.Atoi(thread); err == nil && thread != "" && !a.topicGone(chat, topic) {
		got, err := a.sendToTopic(chat, topic, 0, text, kb)
		if !errors.Is(err, errTopicGone) {
			return got, err
		}
		// deleted or closed by an admin: the message goes to the chat itself
		a.log.Info("a table's forum topic is gone; its messages go to the chat itself", "chat", chat, "topic", topic, "err", err)
	}
	msg := tgbotapi.NewMessage(chat, text)
	msg.ParseMode = tgbotapi.ModeHTML
	if len(kb.InlineKeyboard) > 0 {
		msg.ReplyMarkup = kb
	}
	sent, err := a.api.Send(msg)
	if to := migratedTo(err); to != 0 {
		a.migrate(ctx, chat, to)
		msg.ChatID = to
		sent, err = a.api.Send(msg)
	}
	if err != nil {
		return "", a.classify(err)
	}
	return strconv.Itoa(sent.MessageID), nil
}

// migratedTo is the supergroup a group was upgraded to, when err says a
// message cannot go to the group any more (0 otherwise).
func migratedTo(err error) int64 {
	var te *tgbotapi.Error
	if errors.As(err, &te) {
		return te.MigrateToChatID
	}
	return 0
}

// deliverPrivate sends a view to one user: their hole cards (each hand
// edits the previous hand's cards message: one message, no new one to
// count against Telegram's limits) or a note. A user who never started the
// bot cannot be messaged (403): the group is shown, once, a button that
// starts the bot, and the game goes on.
func (a *Adapter) deliverPrivate(ctx context.Context, user int64, table string, v bot.View, fallback *bot.Outgoing) (string, error) {
	text := html(v)
	kb := keyboard(v.Buttons)
	a.mu.Lock()
	refused := a.notStarted.Get(user)
	a.mu.Unlock()
	if v.Kind == bot.ViewCards && !refused {
		if prev := a.cardsMessage(ctx, user, table); prev != 0 {
			edit := tgbotapi.NewEditMessageText(user, prev, text)
			edit.ParseMode = tgbotapi.ModeHTML
			if len(kb.InlineKeyboard) > 0 {
				edit.ReplyMarkup = kb
			}
			_, err := a.api.Request(edit)
			switch {
			case err == nil, isNotModified(err):
				return strconv.Itoa(prev), nil
			case isForbidden(err):
				a.refused(user)
				return "", nil
			case !isGone(err):
				return "", a.classify(err)
			}
			// deleted by the user: send a new one
		}
	}
	msg := tgbotapi.NewMessage(user, text)
	msg.ParseMode = tgbotapi.ModeHTML
	if len(kb.InlineKeyboard) > 0 {
		msg.ReplyMarkup = kb
	}
	sent, err := a.direct(msg)
	switch {
	case (errors.Is(err, errNotStarted) || errors.Is(err, errRefused)) && fallback != nil:
		a.instead(*fallback) // with the button that starts the bot
		return "", nil
	case errors.Is(err, errNotStarted):
		return "", nil // they use the My cards button until they start the bot
	case errors.Is(err, errRefused):
		a.refused(user)
		return "", nil
	case err != nil:
		return "", err
	}
	if v.Kind == bot.ViewCards {
		a.setCardsMessage(ctx, user, table, sent.MessageID)
	}
	return strconv.Itoa(sent.MessageID), nil
}

// cardsMessage is the user's cards message of a table (0: none),
// remembered across restarts. Each table has its own: a player at two
// tables sees both tables' cards. table may name the seat too ("7.12",
// bot.SeatCardsKey: a new seat at a table played earlier has its own
// message); the store keeps one record a user and table (cardsStored),
// the seat in its value, so that the records do not grow with every
// seat taken.
func (a *Adapter) cardsMessage(ctx context.Context, user int64, table string) int {
	key := cardsKey(user, table)
	a.mu.Lock()
	id, ok := a.lastCards.Lookup(key)
	known := a.notStarted.Get(user)
	a.mu.Unlock()
	if ok || known || a.cfg.State == nil {
		return id
	}
	skey, seat := cardsStored(user, table)
	if v, err := a.cfg.State.MessageID(ctx, skey); err == nil {
		idText, stored, _ := strings.Cut(v, " ")
		if stored == seat {
			id, _ = strconv.Atoi(idText)
		}
	}
	a.mu.Lock()
	a.lastCards.Set(key, id)
	a.mu.Unlock()
	return id
}

func (a *Adapter) setCardsMessage(ctx context.Context, user int64, table string, id int) {
	key := cardsKey(user, table)
	a.mu.Lock()
	a.lastCards.Set(key, id)
	a.mu.Unlock()
	if a.cfg.State != nil {
		skey, seat := cardsStored(user, table)
		v := strconv.Itoa(id)
		if seat != "" {
			v += " " + seat
		}
		if err := a.cfg.State.SetMessageID(ctx, skey, v); err != nil {
			a.log.Debug("could not store the cards message id", "err", err)
		}
	}
}

// cardsStored is the stored key of the user's cards message of a table
// (the table without its seat: "7" of "7.12") and the seat it is of ("12";
// "" for a seat of an earlier version, whose records hold the id alone).
func cardsStored(user int64, table string) (key, seat string) {
	base, seat, _ := strings.Cut(table, ".")
	return cardsKey(user, base), seat
}

// cardsKey is where the user's cards message of a table is stored (the
// table "" for cards of no known table).
func cardsKey(user int64, table string) string {
	k := "telegram:cards:" + strconv.FormatInt(user, 10)
	if table != "" {
		k += ":" + table
	}
	return k
}

// The reasons direct cannot message a user.
var (
	errNotStarted = errors.New("telegram: the user never started the bot")
	errRefused    = errors.New("telegram: the user cannot be messaged (403)")
)

// direct sends msg to its user privately, unless they are known not to
// have started the bot (errNotStarted). A 403 marks them so (errRefused);
// other errors are classified for the outbox.
func (a *Adapter) direct(msg tgbotapi.MessageConfig) (tgbotapi.Message, error) {
	user := msg.ChatID
	a.mu.Lock()
	known := a.notStarted.Get(user)
	a.mu.Unlock()
	if known {
		return tgbotapi.Message{}, errNotStarted
	}
	sent, err := a.api.Send(msg)
	switch {
	case isForbidden(err):
		a.mu.Lock()
		a.notStarted.Set(user, true)
		a.mu.Unlock()
		return tgbotapi.Message{}, errRefused
	case err != nil:
		return tgbotapi.Message{}, a.classify(err)
	}
	return sent, nil
}

// refused notes a user the bot cannot message and, once until they start
// it, shows their group (in the forum topic they last wrote in) a button
// that does.
func (a *Adapter) refused(user int64) {
	chat, known := a.userChat(user)
	a.mu.Lock()
	a.notStarted.Set(user, true)
	told := a.noticed.Get(user)
	if known && told.IsZero() {
		a.noticed.Set(user, a.cfg.Clock.Now())
	}
	thread := ""
	if at := a.lastTopic.Get(user); at[0] == chat && at[1] > 0 {
		thread = strconv.FormatInt(at[1], 10) // the forum topic they typed in last
	}
	a.mu.Unlock()
	if !known || !told.IsZero() {
		return
	}
	a.queue(bot.Outgoing{To: bot.Destination{Platform: Platform, Chat: strconv.FormatInt(chat, 10)}, Thread: thread, Priority: bot.PriorityPrivate,
		Origin: strconv.FormatInt(chat, 10), Body: bot.View{Kind: bot.ViewNotice, Text: a.startText(user),
			Buttons: a.startButton()}})
}

// userChat is the group user last wrote in: remembered, else stored
// (learn, with the name the group knows them by), so that a restart does
// not forget it.
func (a *Adapter) userChat(user int64) (int64, bool) {
	a.mu.Lock()
	chat, known := a.lastChat.Lookup(user)
	a.mu.Unlock()
	if known || a.cfg.State == nil {
		return chat, known
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	v, err := a.cfg.State.Value(ctx, lastChatPrefix+strconv.FormatInt(user, 10))
	if err != nil {
		return 0, false
	}
	idText, name, _ := strings.Cut(v, " ")
	if chat, err = strconv.ParseInt(idText, 10, 64); err != nil {
		return 0, false
	}
	a.mu.Lock()
	a.lastChat.SetIfAbsent(user, chat)
	if name != "" {
		a.names.SetIfAbsent(user, name) // the notice names them as before
	}
	chat, _ = a.lastChat.Lookup(user)
	a.mu.Unlock()
	return chat, true
}

// instead shows a private notice's fallback (bot.Outgoing.Fallback: the
// notice in the group of its table or tournament, naming the player) for
// a user the bot cannot write to, with the button that starts the bot.
func (a *Adapter) instead(f bot.Outgoing) {
	f = bot.Resolved(f)
	v, ok := f.Body.(bot.View)
	if !ok {
		return
	}
	v.Buttons = a.startButtonTo("welcome")
	f.Body, f.Origin = v, f.To.Chat
	a.queue(f)
}

// startButton is the button that starts the bot (and shows the cards).
func (a *Adapter) startButton() [][]bot.Button { return a.startButtonTo("cards") }

// startButtonTo is the button that starts the bot with payload (deepLink:
// "cards" shows the cards; "welcome", as any other, the welcome).
func (a *Adapter) startButtonTo(payload string) [][]bot.Button {
	return [][]bot.Button{{{Label: "🔒 Start the bot / Iniciar el bot", URL: a.StartLink(payload)}}}
}

// privateOnly answers, in the group, a command whose answer is private
// when the user cannot be messaged: never silently. The notice with the
// Start button goes as a reply to the command at most once per
// Config.NoticeEvery per user; any other such command gets a one-line
// reply that its answer is private (with the button too). Either is one
// group message per command, as an error answer is: the user's command
// limit (USER_COMMAND_RATE) and the group's sending limits bound them.
func (a *Adapter) privateOnly(n note) {
	now := a.cfg.Clock.Now()
	a.mu.Lock()
	a.notStarted.Set(n.User, true)
	told := a.noticed.Get(n.User)
	full := told.IsZero() || now.Sub(told) >= a.cfg.NoticeEvery
	if full {
		a.noticed.Set(n.User, now)
	}
	a.mu.Unlock()
	text := a.privateNotice(n.User)
	if !full {
		text = a.privateText(n.User)
	}
	chat := strconv.FormatInt(n.Chat, 10)
	a.queue(bot.Outgoing{To: bot.Destination{Platform: Platform, Chat: chat}, Priority: bot.PriorityPrivate, Origin: chat,
		Body: note{Text: text, Chat: n.Chat, Topic: n.Topic, ReplyTo: n.ReplyTo, Start: true}})
}

// The notices to a user the bot cannot write to, each in English and in
// Spanish after the user's name (%[1]s): a user never started is one
// nobody has a language for yet.
const (
	// privateTextFmt: the one-line reply to a command whose answer is
	// private, for a user shown the notice with the Start button lately.
	privateTextFmt = "%[1]s: I answer that only in private, and I cannot write to you yet: press the button, then Start, and send it again.\n" +
		"%[1]s: eso solo lo respondo en privado y aún no puedo escribirte: pulsa el botón, luego Iniciar, y vuelve a enviarlo."
	// privateNoticeFmt: the notice with the Start button for a command
	// whose answer is private (not the cards notice: the answer asked for
	// is not the cards).
	privateNoticeFmt = "%[1]s: I cannot send you private messages yet, and I answer that only in private. Press the button below, then Start, and send it again (your cards, when you play, come privately too).\n" +
		"%[1]s: aún no puedo escribirte en privado, y eso solo lo respondo en privado. Pulsa el botón, luego Iniciar, y vuelve a enviarlo (tus cartas, cuando juegues, también te llegan en privado)."
	// startTextFmt: the cards notice.
	startTextFmt = "%[1]s: I cannot send you private messages yet. Press the button below, then Start: your cards will arrive privately. Until then, use the My cards button.\n" +
		"%[1]s: aún no puedo escribirte en privado. Pulsa el botón y luego Iniciar: tus cartas te llegarán en privado. Mientras tanto, usa el botón Mis cartas."
)

func (a *Adapter) privateText(user int64) string   { return a.toUser(privateTextFmt, user) }
func (a *Adapter) privateNotice(user int64) string { return a.toUser(privateNoticeFmt, user) }
func (a *Adapter) startText(user int64) string     { return a.toUser(startTextFmt, user) }

// toUser is format with the user's name, as the group knows it.
func (a *Adapter) toUser(format string, user int64) string {
	a.mu.Lock()
	name := a.names.Get(user)
	a.mu.Unlock()
	return fmt.Sprintf(format, name)
}

// StartLink is the deep link that opens a private chat with the bot and
// runs /start with payload.
func (a *Adapter) StartLink(payload string) string {
	name := ""
	if a.api != nil {
		name = a.api.Self.UserName
	}
	return "https://t.me/" + name + "?start=" + payload
}

// deliverNote sends an answer: privately to its user (falling back to a
// reply in the group for error answers when the user never started the
// bot), or as a reply in a chat.
func (a *Adapter) deliverNote(ctx context.Context, n note) error {
	text := view.HTMLText(n.Text, maxText)
	if n.User == 0 {
		var kb *tgbotapi.InlineKeyboardMarkup
		if n.Start {
			kb = keyboard(a.startButtonTo("welcome")) // privateOnly's: not the cards
		}
		return a.reply(ctx, n.Chat, n.Topic, n.ReplyTo, text, kb)
	}
	msg := tgbotapi.NewMessage(n.User, text)
	msg.ParseMode = tgbotapi.ModeHTML
	_, err := a.direct(msg)
	if err == nil || !(errors.Is(err, errNotStarted) || errors.Is(err, errRefused)) {
		return err
	}
	if n.Chat == 0 {
		return nil
	}
	if !n.Fallback {
		a.privateOnly(n)
		return nil
	}
	return a.reply(ctx, n.Chat, n.Topic, n.ReplyTo, text, nil)
}

// reply sends text (HTML) to chat as a reply to message replyTo, with kb's
// buttons when kb is not nil. In a forum topic (topic > 0) the topic is
// named too: a reply to a message deleted meanwhile (sent without the
// reply) would otherwise go to the General topic.
func (a *Adapter) reply(ctx context.Context, chat int64, topic, replyTo int, text string, kb *tgbotapi.InlineKeyboardMarkup) error {
	if topic > 0 && !a.topicGone(chat, topic) {
		if kb == nil {
			kb = &tgbotapi.InlineKeyboardMarkup{}
		}
		_, err := a.sendToTopic(chat, topic, replyTo, text, kb)
		if !errors.Is(err, errTopicGone) {
			return err
		}
	}
	msg := tgbotapi.NewMessage(chat, text)
	msg.ParseMode = tgbotapi.ModeHTML
	msg.ReplyToMessageID = replyTo
	if kb != nil && len(kb.InlineKeyboard) > 0 {
		msg.ReplyMarkup = kb
	}
	msg.AllowSendingWithoutReply = true
	_, err := a.api.Send(msg)
	if to := migratedTo(err); to != 0 {
		a.migrate(ctx, chat, to)
		msg.ChatID, msg.ReplyToMessageID = to, 0
		_, err = a.api.Send(msg)
	}
	if err != nil {
		return a.classify(err)
	}
	return nil
}

// classify turns Telegram's "slow down" into the outbox's RateLimitError,
// and a Telegram that cannot be reached or fails (5xx) into a wait too: the
// message is tried again, not lost.
func (a *Adapter) classify(err error) error {
	var te *tgbotapi.Error
	if errors.As(err, &te) {
		if te.Code == http.StatusTooManyRequests || te.RetryAfter > 0 {
			return &bot.RateLimitError{RetryAfter: time.Duration(max(te.RetryAfter, 1)) * time.Second}
		}
		if te.Code >= 500 {
			return &bot.RateLimitError{RetryAfter: 2 * time.Second}
		}
		return fmt.Errorf("telegram: %d %w", te.Code, te) // te.Error() is its message
	}
	// Not an answer from Telegram: it could not be reached (unless the
	// request was cancelled: a shutdown).
	if !errors.Is(err, context.Canceled) {
		a.link.Set(false, err)
	}
	return &bot.RateLimitError{RetryAfter: 2 * time.Second}
}

func isNotModified(err error) bool {
	var te *tgbotapi.Error
	return errors.As(err, &te) && te.Code == http.StatusBadRequest && strings.Contains(te.Message, "message is not modified")
}

func isGone(err error) bool {
	var te *tgbotapi.Error
	return errors.As(err, &te) && te.Code == http.StatusBadRequest &&
		(strings.Contains(te.Message, "message to edit not found") || strings.Contains(te.Message, "message to delete not found") ||
			strings.Contains(te.Message, "message can't be edited"))
}

// isForbidden reports whether err is Telegram's 403: the user blocked the
// bot, never started it, or the bot is out of the chat.
//
// tgbotapi's uploads (UploadFiles: sendDocument) return the API's error
// without its code: there the description tells, which Telegram begins
// with "Forbidden:" for every 403.
func isForbidden(err error) bool {
	var te *tgbotapi.Error
	return errors.As(err, &te) && (te.Code == http.StatusForbidden || te.Code == 0 && strings.HasPrefix(te.Message, "Forbidden:"))
}

// isMuted reports whether err is Telegram refusing the bot the right to
// write in a chat it is still in: a group that restricted (muted) it, a
// channel that took its right to post.
func isMuted(err error) bool {
	var te *tgbotapi.Error
	if !errors.As(err, &te) || te.Code != http.StatusBadRequest {
		return false
	}
	for _, s := range []string{"not enough rights to send", "CHAT_WRITE_FORBIDDEN", "have no rights to send a message", "need administrator rights in the channel chat"} {
		if strings.Contains(te.Message, s) {
			return true
		}
	}
	return false
}

// errTopicGone: a forum topic refused a message, deleted ("message thread
// not found") or closed (TOPIC_CLOSED: only admins post there).
var errTopicGone = errors.New("telegram: the forum topic is gone")

// topicGone reports whether topic of chat was found deleted.
func (a *Adapter) topicGone(chat int64, topic int) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.goneTopics[[2]int64{chat, int64(topic)}]
}

// sendToTopic sends a message into a forum topic: tgbotapi v5.5.1
// predates topics (Bot API 6.3), so the request is made by hand with
// message_thread_id (and, replyTo > 0, as a reply to that message, sent
// without it when it is gone). A topic deleted is remembered (topicGone)
// and, as one closed, answered errTopicGone.
func (a *Adapter) sendToTopic(chat int64, topic, replyTo int, text string, kb *tgbotapi.InlineKeyboardMarkup) (string, error) {
	p := tgbotapi.Params{}
	p.AddNonZero64("chat_id", chat)
	p.AddNonZero("message_thread_id", topic)
	if replyTo > 0 {
		p.AddNonZero("reply_to_message_id", replyTo)
		p.AddBool("allow_sending_without_reply", true)
	}
	p["text"] = text
	p["parse_mode"] = tgbotapi.ModeHTML
	if len(kb.InlineKeyboard) > 0 {
		if err := p.AddInterface("reply_markup", kb); err != nil {
			return "", err
		}
	}
	resp, err := a.api.MakeRequest("sendMessage", p)
	var te *tgbotapi.Error
	if errors.As(err, &te) && te.Code == http.StatusBadRequest {
		switch {
		case strings.Contains(te.Message, "message thread not found"), strings.Contains(te.Message, "TOPIC_DELETED"):
			a.mu.Lock()
			a.goneTopics[[2]int64{chat, int64(topic)}] = true
			a.mu.Unlock()
			return "", fmt.Errorf("%w: %s", errTopicGone, te.Message)
		case strings.Contains(te.Message, "TOPIC_CLOSED"):
			return "", fmt.Errorf("%w: %s", errTopicGone, te.Message)
		}
	}
	if err != nil {
		return "", a.classify(err)
	}
	var sent tgbotapi.Message
	if err := json.Unmarshal(resp.Result, &sent); err != nil {
		return "", fmt.Errorf("telegram: sendMessage result: %w", err)
	}
	return strconv.Itoa(sent.MessageID), nil
}

// OpenThread implements bot.Threads: a forum topic in a supergroup with
// topics turned on; "" for any other chat (its tables show in the chat).
func (a *Adapter) OpenThread(ctx context.Context, chat, title string) (string, error) {
	id, err := strconv.ParseInt(chat, 10, 64)
	if err != nil {
		return "", fmt.Errorf("telegram: %q is not a chat id", chat)
	}
	if err := ctx.Err(); err != nil {
		return "", err
	}
	select {
	case <-a.ready:
	default:
		return "", errors.New("telegram: not connected yet")
	}
	api := a.api
	p := tgbotapi.Params{}
	p.AddNonZero64("chat_id", id)
	resp, err := api.MakeRequest("getChat", p)
	if err != nil {
		return "", a.classify(err)
	}
	var info struct {
		IsForum bool `json:"is_forum"`
	}
	if err := json.Unmarshal(resp.Result, &info); err != nil {
		return "", fmt.Errorf("telegram: getChat result: %w", err)
	}
	if !info.IsForum {
		return "", nil
	}
	p = tgbotapi.Params{}
	p.AddNonZero64("chat_id", id)
	p["name"] = clip(title, 128)
	resp, err = api.MakeRequest("createForumTopic", p)
	if err != nil {
		return "", a.classify(err)
	}
	var topic struct {
		ID int `json:"message_thread_id"`
	}
	if err := json.Unmarshal(resp.Result, &topic); err != nil || topic.ID == 0 {
		return "", fmt.Errorf("telegram: createForumTopic result %s: %v", resp.Result, err)
	}
	return strconv.Itoa(topic.ID), nil
}
