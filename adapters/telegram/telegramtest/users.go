// Tests acting as users: messages typed, bots started, buttons pressed and
// raw updates, each pushed as an update for getUpdates or the webhook.

package telegramtest

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

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
	out := map[string]any{"message_id": m.ID, "chat": s.chatJSON(m.Chat), "date": m.Date.Unix(), "text": m.Text}
	if m.FromBot {
		out["from"] = map[string]any{"id": 1, "is_bot": true, "first_name": s.BotUser, "username": s.BotUser}
	} else {
		out["from"] = s.userJSON(m.From)
	}
	if m.Thread != 0 {
		// A message in a forum topic (Bot API, Message: message_thread_id
		// "Unique identifier of a message thread to which the message
		// belongs", is_topic_message "True, if the message is sent to a
		// forum topic").
		out["message_thread_id"], out["is_topic_message"] = m.Thread, true
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
	if m.Date.IsZero() {
		m.Date = time.Now()
	}
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

// SayAt is Say for a message Telegram dates at (Message.date: "Date the
// message was sent"): one typed while the bot was down, delivered when it
// polls again.
func (s *Server) SayAt(chat, user int64, text string, at time.Time) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.addMessage(chat, &Message{Text: text, From: user, Date: at})
	return s.push("message", s.messageJSON(m))
}

// SayInTopic has user write text in forum topic (a thread id AddTopic or
// createForumTopic returned) of chat. It returns the message id.
func (s *Server) SayInTopic(chat int64, topic int, user int64, text string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g := s.groups[chat]; g == nil || !g.forum || topic < 1 || topic > len(g.topics) {
		s.tb.Errorf("telegramtest: no topic %d in chat %d", topic, chat)
		return 0
	}
	m := s.addMessage(chat, &Message{Text: text, From: user, Thread: topic})
	s.push("message", s.messageJSON(m))
	if g := s.groups[chat]; g.cleanCommands && strings.HasPrefix(text, "/") {
		m.Deleted = true // the update is out; the message is gone
	}
	return m.ID
}

// CleanCommands has another bot of chat delete every command a member
// types in a topic as soon as it is sent (as group managers' "clean
// commands" do): the bot gets the update, but its reply finds the
// command gone.
func (s *Server) CleanCommands(chat int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g := s.groups[chat]; g != nil {
		g.cleanCommands = true
	}
}

// AddTopic has a member open a forum topic named name in chat (SetForum
// first), and returns its thread id.
func (s *Server) AddTopic(chat int64, name string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.groups[chat]
	if g == nil || !g.forum {
		s.tb.Errorf("telegramtest: chat %d has no topics", chat)
		return 0
	}
	g.topics = append(g.topics, name)
	return len(g.topics)
}

// DeleteTopic has an admin delete forum topic of chat with its messages:
// a send to it is refused with "message thread not found" and its
// messages are gone ("message to edit not found").
func (s *Server) DeleteTopic(chat int64, topic int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.groups[chat]
	if g == nil || topic < 1 || topic > len(g.topics) {
		s.tb.Errorf("telegramtest: no topic %d in chat %d", topic, chat)
		return
	}
	if g.deleted == nil {
		g.deleted = map[int]bool{}
	}
	g.deleted[topic] = true
	for _, m := range s.msgs[chat] {
		if m.Thread == topic {
			m.Deleted = true
		}
	}
	s.bump()
}

// RestartUpdateIDs has the next update's id be next, as Telegram does
// after a week without updates (getUpdates: "If there are no new updates
// for at least a week, then identifier of the next update will be chosen
// randomly instead of sequentially"); next may be lower than the ids
// before.
func (s *Server) RestartUpdateIDs(next int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextUpd = next - 1
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

// RemoveBot takes the bot out of group chat, as by user by: kicked (status
// "kicked", by an admin) or left ("left"). Sends to the chat get 403 from
// then on, and the bot is told with a my_chat_member update (sent only
// when the bot asked for that kind in allowed_updates, as Telegram does).
func (s *Server) RemoveBot(chat, by int64, status string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.groups[chat]
	if g == nil {
		s.tb.Errorf("telegramtest: no group %d", chat)
		return 0
	}
	old := s.botMember(g)
	g.bot, g.botKind = status, ""
	self := map[string]any{"id": botID, "is_bot": true, "first_name": s.BotUser, "username": s.BotUser}
	return s.push("my_chat_member", map[string]any{"chat": s.chatJSON(chat), "from": s.userJSON(by), "date": s.start.Unix(),
		"old_chat_member": old, "new_chat_member": map[string]any{"user": self, "status": status, "until_date": 0}})
}

// GlitchSends refuses the next n sends to chat with 400 "not enough
// rights to send text messages to the chat" while the bot's membership
// stays what it is (getChatMember and getChat say it may send): the
// answers Telegram has given in error during outages of its own.
func (s *Server) GlitchSends(chat int64, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g := s.groups[chat]; g != nil {
		g.glitches = n
	}
}

// MuteBot has an admin (by) of group chat restrict the bot (muted true:
// a "restricted" member with is_member true and can_send_messages false,
// as the Bot API's ChatMemberRestricted) or lift it (a plain "member"
// again). Sends to a muted bot's chat get 400 "not enough rights to send
// text messages to the chat"; the bot is told with a my_chat_member
// update either way.
func (s *Server) MuteBot(chat, by int64, muted bool) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.groups[chat]
	if g == nil {
		s.tb.Errorf("telegramtest: no group %d", chat)
		return 0
	}
	old := s.botMember(g)
	g.bot, g.botKind = "", ""
	if muted {
		g.bot = "restricted"
	}
	return s.push("my_chat_member", map[string]any{"chat": s.chatJSON(chat), "from": s.userJSON(by), "date": s.start.Unix(),
		"old_chat_member": old, "new_chat_member": s.botMember(g)})
}

// MemberUpdate sends the bot a my_chat_member update of chat whose member
// is user, not the bot (status: "kicked", "left", ...): Telegram sends
// none such, but a bot must not take one for its own removal.
func (s *Server) MemberUpdate(chat, by, user int64, status string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.push("my_chat_member", map[string]any{"chat": s.chatJSON(chat), "from": s.userJSON(by), "date": s.start.Unix(),
		"old_chat_member": map[string]any{"user": s.userJSON(user), "status": "member"},
		"new_chat_member": map[string]any{"user": s.userJSON(user), "status": status, "until_date": 0}})
}

// defaultKinds are the kinds of update Telegram sends a bot that named
// none in allowed_updates.
var defaultKinds = map[string]bool{"message": true, "edited_message": true, "channel_post": true, "edited_channel_post": true,
	"inline_query": true, "chosen_inline_result": true, "callback_query": true, "shipping_query": true,
	"pre_checkout_query": true, "poll": true, "poll_answer": true, "my_chat_member": true, "chat_join_request": true}

// setAllowed records the allowed_updates parameter of a getUpdates or
// setWebhook call (a JSON list; absent or empty: the default); s.mu is
// held. Like Telegram, a call without it keeps the last setting.
func (s *Server) setAllowed(param string) {
	if param == "" {
		return
	}
	var kinds []string
	if json.Unmarshal([]byte(param), &kinds) != nil {
		return
	}
	if len(kinds) == 0 {
		s.allowed = nil
		return
	}
	s.allowed = map[string]bool{}
	for _, k := range kinds {
		s.allowed[k] = true
	}
}

// sendable reports whether an update is of a kind the bot asked for; an
// update of no kind the fake can read (a malformed one) is sent as it is.
// s.mu is held.
func (s *Server) sendable(raw json.RawMessage) bool {
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return true
	}
	for k := range fields {
		if k == "update_id" {
			continue
		}
		if s.allowed != nil {
			return s.allowed[k]
		}
		return defaultKinds[k] || !knownKind(k)
	}
	return true
}

// knownKind reports whether k is a kind of update Telegram has.
func knownKind(k string) bool {
	return defaultKinds[k] || k == "chat_member" || k == "message_reaction" || k == "message_reaction_count" ||
		k == "chat_boost" || k == "removed_chat_boost"
}
