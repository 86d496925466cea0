// The updates handled: each chat's lane, typed messages and button presses
// become the room's commands, and what the adapter learns of users and
// chats on the way (names, languages, admins).

package telegram

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
	"unicode/utf8"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
	"github.com/pokerroom/pokerroom/adapters/internal/platform"
	"github.com/pokerroom/pokerroom/bot"
	"github.com/pokerroom/pokerroom/bot/view"
)

// route queues a taken update on its chat's lane: one chat's updates are
// handled in order, different chats' at once. A full lane answers "busy".
// A message without its chat and a button press without its user are
// skipped (logged). A panic, here or in the handler, is recovered
// (guard).
func (a *Adapter) route(ctx context.Context, u update) {
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
			a.answerCallback(ctx, q.ID, bot.Translate(bot.Errorf(bot.EInternal, bot.KeyInternal), a.langOf(q.From)), true)
		}
		if !a.enqueue(key, func() {
			defer a.guard(u.UpdateID, internal)
			a.onCallback(ctx, q, received)
		}) {
			a.wg.Add(1)
			go func() { // not in the polling loop: a 429 would hold up every chat
				defer a.wg.Done()
				defer a.guard(u.UpdateID, nil)
				a.answerCallback(ctx, q.ID, bot.Translate(bot.Errorf(bot.EBusy, bot.KeyBusy), a.langOf(q.From)), true)
			}()
		}
	case u.MyChatMember != nil:
		m := u.MyChatMember
		if !a.enqueue(m.Chat.ID, func() {
			defer a.guard(u.UpdateID, nil)
			a.onMyMember(ctx, m)
		}) {
			a.log.Warn("could not queue the bot's membership change: its chat's lane is full", "update_id", u.UpdateID, "chat", m.Chat.ID)
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
				a.tell(m, u.topic, bot.Translate(bot.Errorf(bot.EInternal, bot.KeyInternal), a.langOf(m.From)), true)
			}
		}
		if !a.enqueue(m.Chat.ID, func() {
			defer a.guard(u.UpdateID, internal)
			a.onMessage(ctx, m, u.topic, u.late, received)
		}) && m.From != nil {
			a.tell(m, u.topic, bot.Translate(bot.Errorf(bot.EBusy, bot.KeyBusy), a.langOf(m.From)), true)
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
	if a.closed {
		a.mu.Unlock()
		return false
	}
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
// clientLang is the language a user's client says, "" when it says none
// the room speaks.
func clientLang(u *tgbotapi.User) string {
	if u == nil {
		return ""
	}
	switch l := strings.ToLower(u.LanguageCode); {
	case strings.HasPrefix(l, "es"):
		return bot.Spanish
	case strings.HasPrefix(l, "en"):
		return bot.English
	}
	return ""
}

// langOf is the language the adapter answers a user in itself: their
// client's, else the room's default (Config.DefaultLang), else English.
func (a *Adapter) langOf(u *tgbotapi.User) string {
	return bot.LangFor("", clientLang(u), a.cfg.DefaultLang)
}

// learn remembers a user's username (for /grant @name, /ban @name, ...)
// and group. Both ways are kept, as Telegram last showed them: the user of
// a username, and the username of a user (a user who changed or dropped
// theirs no longer answers to the old one). What changed is also stored
// (State), so that "@name" still names its user, and the group they last
// wrote in is still where they are told by name how to start the bot
// (refused), after a restart: written only when the store does not hold
// it already.
func (a *Adapter) learn(ctx context.Context, u *tgbotapi.User, chat *tgbotapi.Chat) {
	if u == nil {
		return
	}
	a.mu.Lock()
	name := displayName(u)
	prevName, hadName := a.names.Lookup(u.ID)
	a.names.Set(u.ID, name)
	username := strings.ToLower(u.UserName)
	tag, known := a.tags.Lookup(u.ID)
	storeTag := !known || tag != username
	a.tags.Set(u.ID, username)
	storeName := false
	if username != "" {
		known, ok := a.usernames.Lookup(username)
		storeName = !ok || known != u.ID
		a.usernames.Set(username, u.ID)
	}
	storeChat := false
	if chat != nil && !chat.IsPrivate() {
		last, ok := a.lastChat.Lookup(u.ID)
		storeChat = !ok || last != chat.ID || !hadName || prevName != name
		a.lastChat.Set(u.ID, chat.ID)
	}
	a.mu.Unlock()
	if a.cfg.State == nil {
		return
	}
	id := strconv.FormatInt(u.ID, 10)
	if storeChat {
		a.storeNew(ctx, u.ID, lastChatPrefix+id, strconv.FormatInt(chat.ID, 10)+" "+name)
	}
	if storeTag {
		a.storeNew(ctx, u.ID, userTagPrefix+id, username)
	}
	if storeName {
		a.storeNew(ctx, u.ID, usernamePrefix+username, id)
	}
}

// storeNew stores value under key unless the store holds it already:
// what memory does not know (after a restart, or forgotten) is read before
// it is written again.
func (a *Adapter) storeNew(ctx context.Context, user int64, key, value string) {
	if v, err := a.cfg.State.Value(ctx, key); err == nil && v == value {
		return
	}
	if err := a.cfg.State.SetValue(ctx, key, value); err != nil {
		a.log.Warn("could not store what was learnt of a user", "user", user, "key", key, "err", err)
	}
}

// usernamePrefix starts the stored key of a username's user id;
// userTagPrefix the stored key of a user's username ("" for none).
// lastChatPrefix the stored key of the group a user last wrote in and the
// name they were shown with there ("<chat id> <name>").
const (
	usernamePrefix = "telegram:username:"
	userTagPrefix  = "telegram:usertag:"
	lastChatPrefix = "telegram:lastchat:"
)

// namesPlayer reports whether a command's arguments name a player, by
// "@username" among others: /grant, /ban, /unban, /stats, /tourney dq
// and /tourney refuse.
func namesPlayer(name string, args []string) bool {
	switch name {
	case "grant", "ban", "unban", "stats":
		return true
	case "tourney":
		return len(args) > 0 && (strings.EqualFold(args[0], "dq") || strings.EqualFold(args[0], "refuse"))
	}
	return false
}

// playerArg is the index of the argument naming the player in a command
// namesPlayer accepts: the first (/grant @name 500, /ban @name reason),
// the second of /tourney dq @name and /tourney refuse @name.
func playerArg(name string) int {
	if name == "tourney" {
		return 1
	}
	return 0
}

// withMentionIDs is text with each text_mention (a user picked from the
// mention list, who may have no username) replaced by the user's id.
// Entities count UTF-16 code units.
func withMentionIDs(text string, entities []tgbotapi.MessageEntity) string {
	units := utf16.Encode([]rune(text))
	var out []uint16
	at := 0
	for _, e := range entities {
		if e.Type != "text_mention" || e.User == nil || e.Offset < at || e.Length <= 0 || e.Offset+e.Length > len(units) {
			continue
		}
		out = append(out, units[at:e.Offset]...)
		out = append(out, utf16.Encode([]rune(" "+strconv.FormatInt(e.User.ID, 10)+" "))...)
		at = e.Offset + e.Length
	}
	if out == nil {
		return text
	}
	out = append(out, units[at:]...)
	return string(utf16.Decode(out))
}

// userNamed is the user whose Telegram username is name (without "@"),
// as the adapter saw it last: remembered, else stored. ok is false for a
// username never seen, and for one whose user was seen since with another
// username (or none): who holds it now is not known.
func (a *Adapter) userNamed(ctx context.Context, name string) (int64, bool) {
	name = strings.ToLower(name)
	if name == "" {
		return 0, false
	}
	a.mu.Lock()
	id, ok := a.usernames.Lookup(name)
	a.mu.Unlock()
	if !ok {
		if id, ok = a.storedID(ctx, usernamePrefix+name); !ok {
			return 0, false
		}
		a.mu.Lock()
		a.usernames.SetIfAbsent(name, id)
		a.mu.Unlock()
	}
	a.mu.Lock()
	tag, ok := a.tags.Lookup(id)
	a.mu.Unlock()
	if !ok && a.cfg.State != nil {
		// None stored: a user last seen by an earlier version, which kept
		// only the username's user.
		v, err := a.cfg.State.Value(ctx, userTagPrefix+strconv.FormatInt(id, 10))
		if tag, ok = v, err == nil; ok {
			a.mu.Lock()
			a.tags.SetIfAbsent(id, tag)
			a.mu.Unlock()
		}
	}
	if ok && tag != name {
		return 0, false
	}
	return id, true
}

// storedID is the user id stored under key, ok false when none.
func (a *Adapter) storedID(ctx context.Context, key string) (int64, bool) {
	if a.cfg.State == nil {
		return 0, false
	}
	v, err := a.cfg.State.Value(ctx, key)
	if err != nil {
		return 0, false
	}
	id, err := strconv.ParseInt(v, 10, 64)
	return id, err == nil
}

// started notes that a user opened a private chat with the bot: direct
// messages reach them now.
func (a *Adapter) started(user int64) {
	a.mu.Lock()
	a.notStarted.Delete(user)
	a.noticed.Delete(user)
	a.mu.Unlock()
}

// onMessage handles a typed message; topic is the forum topic it was typed
// in (0: none), where a table it opens shows.
func (a *Adapter) onMessage(ctx context.Context, m *tgbotapi.Message, topic int, late bool, received time.Time) {
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
	if m.IsAutomaticForward {
		// A linked channel's post, forwarded into its discussion group by
		// Telegram (from the service user 777000, not marked a bot): no
		// one's command.
		return
	}
	if m.SenderChat != nil && !m.Chat.IsPrivate() && m.Text != "" {
		a.onBehalfOfChat(ctx, m, topic, received)
		return
	}
	if m.From == nil || m.From.IsBot || m.Text == "" {
		return
	}
	a.learn(ctx, m.From, m.Chat)
	name, args, ok := a.parseCommand(m.Text)
	if !ok {
		return
	}
	private := m.Chat.IsPrivate()
	cmd := bot.Command{Platform: Platform, User: strconv.FormatInt(m.From.ID, 10), UserName: displayName(m.From), Lang: clientLang(m.From),
		Name: name, Args: args, Received: received}
	if sent := time.Unix(int64(m.Date), 0); late && m.Date > 0 && sent.Add(lateGrace).Before(a.since) {
		// Telegram's "date the message was sent", for a message that
		// waited while the bot was down: the table does not play a hand
		// action typed before the turn it would answer began. A message
		// that came while the bot polled was sent a moment ago, whatever
		// its date says (this host's clock and Telegram's may differ).
		cmd.Sent = sent
	}
	if private {
		a.started(m.From.ID)
		if name == "start" && len(args) == 1 {
			cmd.Name, cmd.Args = deepLink(args[0])
		}
	} else {
		cmd.Chat, cmd.ChatTitle = strconv.FormatInt(m.Chat.ID, 10), m.Chat.Title
		if topic > 0 {
			cmd.Thread = strconv.Itoa(topic)
		}
		a.mu.Lock()
		a.lastTopic.Set(m.From.ID, [2]int64{m.Chat.ID, int64(topic)}) // where refused tells them how to start the bot
		a.mu.Unlock()
	}
	if namesPlayer(name, cmd.Args) {
		if text := withMentionIDs(m.Text, m.Entities); text != m.Text {
			// A member picked from the mention list (no username) is
			// their user id, whatever spaces their name has.
			if _, mentioned, ok := bot.ParseCommand(text); ok {
				cmd.Args = mentioned
			}
		}
		if err := a.namedUsers(ctx, cmd.Args, playerArg(name)); err != nil {
			a.tell(m, topic, bot.Translate(err, a.langOf(m.From)), true)
			return
		}
	}
	reply, err := a.room.Handle(ctx, cmd)
	lang := a.langOf(m.From)
	switch {
	case bot.IsSilenced(err):
		// Over the user's command limit, told once already: nothing is
		// sent, so a flood costs the 30-a-second budget nothing.
	case err != nil:
		a.tell(m, topic, bot.Translate(err, lang), true)
	case reply.Text == "":
	case reply.Private || private:
		a.tell(m, topic, reply.Text, false)
	default:
		a.queue(bot.Outgoing{To: bot.Destination{Platform: Platform, Chat: strconv.FormatInt(m.Chat.ID, 10)},
			Priority: bot.PriorityPrivate, Origin: strconv.FormatInt(m.Chat.ID, 10), Body: note{Text: reply.Text, Chat: m.Chat.ID, Topic: topic, ReplyTo: m.MessageID}})
	}
}

// namedUsers replaces the "@username" of args[at], the argument naming
// the player, by its user's id. A username not known to name one user now
// is refused (never left for the room to match against display names,
// which anyone may take). What cannot be a username ("@telegram:123",
// "@42") is left as typed, and so is every other argument: an "@name" in
// a /ban's reason is text, not the player.
func (a *Adapter) namedUsers(ctx context.Context, args []string, at int) error {
	if at >= len(args) {
		return nil
	}
	u, ok := strings.CutPrefix(args[at], "@")
	if !ok || !username.MatchString(u) {
		return nil
	}
	id, ok := a.userNamed(ctx, u)
	if !ok {
		return bot.Errorf(bot.ENotFound, "username.unknown", args[at])
	}
	args[at] = strconv.FormatInt(id, 10)
	return nil
}

// username is what a Telegram username may be: letters, digits and
// underscores, starting with a letter (5 to 32 characters; 4 for the few
// sold at auction).
var username = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]{3,31}$`)

// parseCommand reads a typed command for this bot: ok is false for text
// that is not a command, or a command for another bot ("/join@otherbot").
func (a *Adapter) parseCommand(text string) (name string, args []string, ok bool) {
	name, args, ok = bot.ParseCommand(text)
	if !ok {
		return "", nil, false
	}
	if fields := strings.Fields(text); len(fields) > 0 && strings.Contains(fields[0], "@") {
		_, to, _ := strings.Cut(fields[0], "@")
		if !strings.EqualFold(to, a.api.Self.UserName) {
			return "", nil, false
		}
	}
	return name, args, true
}

// onBehalfOfChat answers a command sent on behalf of a chat (an admin who
// remains anonymous, a member writing as a channel: Telegram sets
// sender_chat and a placeholder bot as the sender) as a reply in the
// group: the room cannot tell who sent it and runs nothing. A channel's
// post forwarded into its discussion group is not anyone's command.
func (a *Adapter) onBehalfOfChat(ctx context.Context, m *tgbotapi.Message, topic int, received time.Time) {
	name, args, ok := a.parseCommand(m.Text)
	if !ok {
		return
	}
	chat := strconv.FormatInt(m.Chat.ID, 10)
	_, err := a.room.Handle(ctx, bot.Command{Platform: Platform, Chat: chat, ChatTitle: m.Chat.Title, Name: name, Args: args, Received: received})
	if err == nil || bot.IsSilenced(err) {
		return
	}
	a.queue(bot.Outgoing{To: bot.Destination{Platform: Platform, Chat: chat}, Priority: bot.PriorityPrivate, Origin: chat,
		Body: note{Text: bot.Translate(err, bot.LangFor("", "", a.cfg.DefaultLang)), Chat: m.Chat.ID, Topic: topic, ReplyTo: m.MessageID}})
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
// other chats' (bot.Outgoing.Origin). m is the command's message (m.From
// set), topic the forum topic it was typed in (0: none).
func (a *Adapter) tell(m *tgbotapi.Message, topic int, text string, fallback bool) {
	user, chat := m.From.ID, m.Chat.ID
	n := note{Text: text, User: user}
	if chat != user {
		n.Chat, n.Topic, n.ReplyTo, n.Fallback = chat, topic, m.MessageID, fallback
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
	Topic    int   // the forum topic of Chat it came from (0: none)
	ReplyTo  int
	Fallback bool // reply in the group when a direct message is refused
	Start    bool // a reply in a group, with the button that starts the bot
}

func (a *Adapter) onCallback(ctx context.Context, q *tgbotapi.CallbackQuery, received time.Time) {
	if q.From == nil {
		return
	}
	lang := a.langOf(q.From)
	cmd := bot.Command{Platform: Platform, User: strconv.FormatInt(q.From.ID, 10), UserName: displayName(q.From), Lang: clientLang(q.From),
		Token: q.Data, Received: received}
	var chat *tgbotapi.Chat
	if q.Message != nil && q.Message.Chat != nil && !q.Message.Chat.IsPrivate() {
		chat = q.Message.Chat
		cmd.Chat, cmd.ChatTitle = strconv.FormatInt(chat.ID, 10), chat.Title
	}
	a.learn(ctx, q.From, chat)
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
// out once, beside the chat's lane: the chat's next updates are not held
// up by it.
func (a *Adapter) answerCallback(ctx context.Context, id, text string, alert bool) {
	cfg := tgbotapi.NewCallback(id, clip(view.EmojiSuits(text), maxCallbackText))
	cfg.ShowAlert = alert && text != ""
	_, err := a.api.Request(cfg)
	var te *tgbotapi.Error
	if errors.As(err, &te) && te.RetryAfter > 0 {
		a.wg.Add(1)
		go func() {
			defer a.wg.Done()
			if !platform.Sleep(ctx, time.Duration(te.RetryAfter)*time.Second) {
				return
			}
			if _, err := a.api.Request(cfg); err != nil {
				a.log.Warn("answerCallbackQuery failed", "err", err)
			}
		}()
		return
	}
	if err != nil {
		a.log.Warn("answerCallbackQuery failed", "err", err)
	}
}

// clip shortens s to n characters as the platform counts them.
func clip(s string, n int) string { return view.Clip(s, n) }

// IsAdmin implements bot.Admins: the chat's creator and administrators,
// asked with getChatMember. Only "not an admin" is cached, for
// Config.AdminTTL (a member trying admin commands does not cost a call
// each time); an admin is asked each time, so that one demoted loses the
// admin commands at once. When Telegram cannot answer, an "admin" answer
// of less than AdminTTL ago stands.
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
	if ok && !e.ok && now.Sub(e.at) < a.cfg.AdminTTL {
		return false, nil
	}
	select {
	case <-a.ready:
	default:
		return false, errors.New("not connected to Telegram yet")
	}
	m, err := a.api.GetChatMember(tgbotapi.GetChatMemberConfig{ChatConfigWithUser: tgbotapi.ChatConfigWithUser{ChatID: c, UserID: u}})
	if err != nil {
		if ok && e.ok && now.Sub(e.at) < a.cfg.AdminTTL {
			return true, nil
		}
		return false, fmt.Errorf("getChatMember: %w", err)
	}
	isAdmin := m.IsCreator() || m.IsAdministrator()
	a.mu.Lock()
	a.admins.Set(key, adminEntry{ok: isAdmin, at: now})
	a.mu.Unlock()
	return isAdmin, nil
}
