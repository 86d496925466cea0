// The Bot API's methods on messages: send, edit, delete, documents,
// keyboards and callback answers, with Telegram's checks of text and of who
// can be reached.

package telegramtest

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

func parseKeyboard(raw string) ([][]Button, bool, *apiError) {
	if raw == "" {
		return nil, false, nil
	}
	var m struct {
		InlineKeyboard [][]Button `json:"inline_keyboard"`
		Keyboard       any        `json:"keyboard"`
		Selective      bool       `json:"selective"`
	}
	if err := json.Unmarshal([]byte(raw), &m); err != nil {
		return nil, false, &apiError{code: 400, description: "Bad Request: can't parse reply keyboard markup JSON object"}
	}
	for _, row := range m.InlineKeyboard {
		for _, b := range row {
			if len(b.Data) > 64 {
				return nil, false, &apiError{code: 400, description: "Bad Request: BUTTON_DATA_INVALID"}
			}
			if b.Data == "" && b.URL == "" {
				return nil, false, &apiError{code: 400, description: "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard"}
			}
			if b.Text == "" {
				return nil, false, &apiError{code: 400, description: "Bad Request: inline keyboard button text must be non-empty"}
			}
		}
	}
	return m.InlineKeyboard, m.Selective || m.Keyboard != nil, nil
}

// malformed counts a message refused for its text, and returns e.
func (s *Server) malformed(e *apiError) *apiError {
	s.mu.Lock()
	s.stats.Malformed++
	s.mu.Unlock()
	return e
}

// checkText reads a message's text in its parse mode ("" or HTML) and
// applies Telegram's limits: the text it shows, or Telegram's refusal.
func checkText(text, parseMode string) (string, *apiError) {
	return checkTextMax(text, parseMode, 4096, "message is too long")
}

// checkTextMax is checkText with a limit of max characters (a caption's
// is 1,024), refused with tooLong.
func checkTextMax(text, parseMode string, max int, tooLong string) (string, *apiError) {
	shown := text
	switch parseMode {
	case "":
	case "HTML":
		plain, _, err := parseHTML(text)
		if err != nil {
			return "", &apiError{code: 400, description: "Bad Request: " + err.Error()}
		}
		shown = plain
	default:
		return "", &apiError{code: 400, description: "Bad Request: the fake reads parse_mode HTML only, not " + strconv.Quote(parseMode)}
	}
	switch {
	case strings.TrimSpace(shown) == "" && max == 4096:
		return "", &apiError{code: 400, description: "Bad Request: message text is empty"}
	case len16(shown) > max:
		return "", &apiError{code: 400, description: "Bad Request: " + tooLong}
	}
	return shown, nil
}

func (s *Server) chatParam(p url.Values) (int64, *apiError) {
	raw := p.Get("chat_id")
	if name, ok := strings.CutPrefix(raw, "@"); ok {
		s.mu.Lock()
		defer s.mu.Unlock()
		for id, g := range s.groups {
			if g.username != "" && strings.EqualFold(g.username, name) && g.migrated == 0 {
				return id, nil
			}
		}
		return 0, &apiError{code: 400, description: "Bad Request: chat not found"}
	}
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil {
		return 0, &apiError{code: 400, description: "Bad Request: chat not found"}
	}
	return id, nil
}

// reachable reports whether the bot may write to chat; s.mu is held.
func (s *Server) reachable(chat int64) *apiError {
	if g := s.groups[chat]; g != nil {
		if g.migrated != 0 {
			return &apiError{code: 400, description: "Bad Request: group chat was upgraded to a supergroup chat", migrateTo: g.migrated}
		}
		switch {
		case g.glitches > 0:
			g.glitches--
			return &apiError{code: 400, description: "Bad Request: not enough rights to send text messages to the chat"}
		case g.bot == "left" || g.bot == "kicked":
			return &apiError{code: 403, description: "Forbidden: bot is not a member of the chat"}
		case g.bot == "restricted", g.channel && g.bot != "" && (g.bot != "administrator" || g.botKind == "no_post"):
			return &apiError{code: 400, description: "Bad Request: not enough rights to send text messages to the chat"}
		}
		return nil
	}
	u := s.users[chat]
	if u == nil {
		return &apiError{code: 400, description: "Bad Request: chat not found"}
	}
	if u.Blocked {
		s.stats.Refused403++
		return &apiError{code: 403, description: "Forbidden: bot was blocked by the user"}
	}
	if !u.Started {
		s.stats.Refused403++
		return &apiError{code: 403, description: "Forbidden: bot can't initiate conversation with a user"}
	}
	return nil
}

// Block has user block the bot: sends and edits to their private chat get
// 403 until they start it again (Start) or unblock it (Unblock). The bot
// is told with a my_chat_member update (status kicked), as by Telegram.
func (s *Server) Block(user int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u := s.users[user]; u != nil {
		u.Blocked = true
		s.privateMember(user, "member", "kicked")
	}
}

// Unblock has user unblock the bot from their settings, without sending
// /start: messages reach them again, and the bot is told with a
// my_chat_member update (status member).
func (s *Server) Unblock(user int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if u := s.users[user]; u != nil {
		u.Blocked = false
		s.privateMember(user, "kicked", "member")
	}
}

// privateMember pushes the my_chat_member update of the bot's status in
// user's private chat going from old to status; s.mu is held.
func (s *Server) privateMember(user int64, old, status string) {
	self := map[string]any{"id": botID, "is_bot": true, "first_name": s.BotUser, "username": s.BotUser}
	s.push("my_chat_member", map[string]any{"chat": s.chatJSON(user), "from": s.userJSON(user), "date": s.start.Unix(),
		"old_chat_member": map[string]any{"user": self, "status": old}, "new_chat_member": map[string]any{"user": self, "status": status}})
}

func (s *Server) sendMessage(p url.Values) (any, *apiError) {
	chat, e := s.chatParam(p)
	if e != nil {
		return nil, e
	}
	source, mode := p.Get("text"), p.Get("parse_mode")
	text, e := checkText(source, mode)
	if e != nil {
		return nil, s.malformed(e)
	}
	kb, selective, e := parseKeyboard(p.Get("reply_markup"))
	if e != nil {
		return nil, e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if selective {
		s.tb.Errorf("telegramtest: the bot sent a reply keyboard (selective keyboards leak on desktop clients): %s", p.Get("reply_markup"))
	}
	replyTo, _ := strconv.Atoi(p.Get("reply_to_message_id"))
	thread := 0
	if v := p.Get("message_thread_id"); v != "" {
		n, err := strconv.Atoi(v)
		g := s.groups[chat]
		if err != nil || g == nil || !g.forum || n < 1 || n > len(g.topics) || g.deleted[n] {
			return nil, &apiError{code: 400, description: "Bad Request: message thread not found"}
		}
		thread = n
	} else if replyTo > 0 && replyTo <= len(s.msgs[chat]) && !s.msgs[chat][replyTo-1].Deleted {
		// A reply goes to the topic of the message it answers: "you never
		// need to specify message_thread_id explicitly when replying to a
		// message" (levlam, tdlib/telegram-bot-api#447). One to a deleted
		// message (allow_sending_without_reply) has no topic to follow.
		thread = s.msgs[chat][replyTo-1].Thread
	}
	m, e := s.post(chat, &Message{Text: text, Source: source, ParseMode: mode, Keyboard: kb, ReplyTo: replyTo, Thread: thread})
	if e != nil {
		return nil, e
	}
	return s.messageJSON(m), nil
}

// post sends the bot's message m to chat, if the chat may be written to
// and the limits allow; s.mu is held.
func (s *Server) post(chat int64, m *Message) (*Message, *apiError) {
	if e := s.reachable(chat); e != nil {
		return nil, e
	}
	if e := s.admit(chat, false); e != nil {
		return nil, e
	}
	m.FromBot = true
	m = s.addMessage(chat, m)
	s.stats.Sent++
	s.bump()
	return m, nil
}

// message finds a message of the bot; s.mu is held.
func (s *Server) message(chat int64, id int, verb string) (*Message, *apiError) {
	if id <= 0 || id > len(s.msgs[chat]) || s.msgs[chat][id-1].Deleted {
		return nil, &apiError{code: 400, description: "Bad Request: message to " + verb + " not found"}
	}
	m := s.msgs[chat][id-1]
	if !m.FromBot && verb == "edit" {
		return nil, &apiError{code: 400, description: "Bad Request: message can't be edited"}
	}
	return m, nil
}

func sameKeyboard(a, b [][]Button) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y) || (len(a) == 0 && len(b) == 0)
}

func (s *Server) editMessage(method string, p url.Values) (any, *apiError) {
	if p.Get("inline_message_id") != "" {
		return nil, &apiError{code: 400, description: "Bad Request: inline messages are not supported by the fake"}
	}
	chat, e := s.chatParam(p)
	if e != nil {
		return nil, e
	}
	id, _ := strconv.Atoi(p.Get("message_id"))
	source, mode := p.Get("text"), p.Get("parse_mode")
	var text string
	if method == "editMessageText" {
		if text, e = checkText(source, mode); e != nil {
			return nil, s.malformed(e)
		}
	}
	kb, selective, e := parseKeyboard(p.Get("reply_markup"))
	if e != nil {
		return nil, e
	}
	if selective {
		return nil, &apiError{code: 400, description: "Bad Request: inline keyboard expected"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if e := s.reachable(chat); e != nil {
		return nil, e // a migrated group, a user who blocked the bot
	}
	m, e := s.message(chat, id, "edit")
	if e != nil {
		return nil, e
	}
	if method == "editMessageReplyMarkup" {
		text, source, mode = m.Text, m.Source, m.ParseMode
	}
	if text == m.Text && source == m.Source && sameKeyboard(kb, m.Keyboard) {
		return nil, &apiError{code: 400, description: "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message"}
	}
	if e := s.admit(chat, true); e != nil {
		return nil, e
	}
	m.Text, m.Source, m.ParseMode, m.Keyboard = text, source, mode, kb
	m.Edits++
	s.stats.Edits++
	s.history[chat] = append(s.history[chat], text)
	s.bump()
	return s.messageJSON(m), nil
}

func (s *Server) deleteMessage(p url.Values) (any, *apiError) {
	chat, e := s.chatParam(p)
	if e != nil {
		return nil, e
	}
	id, _ := strconv.Atoi(p.Get("message_id"))
	s.mu.Lock()
	defer s.mu.Unlock()
	m, e := s.message(chat, id, "delete")
	if e != nil {
		return nil, e
	}
	m.Deleted = true
	s.bump()
	return true, nil
}

// Delete deletes a message as a chat admin would.
func (s *Server) Delete(chat int64, id int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id > 0 && id <= len(s.msgs[chat]) {
		s.msgs[chat][id-1].Deleted = true
		s.bump()
	}
}

func (s *Server) answerCallback(p url.Values) (any, *apiError) {
	id := p.Get("callback_query_id")
	text := p.Get("text")
	if utf8.RuneCountInString(text) > 200 {
		return nil, &apiError{code: 400, description: "Bad Request: MESSAGE_TOO_LONG"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	a := s.answers[id]
	if a != nil && !a.Answered && time.Since(a.at) > callbackAnswerWindow {
		a.Late = true
		a.Times++
		return nil, &apiError{code: 400, description: "Bad Request: query is too old and response timeout expired or query ID is invalid"}
	}
	if a == nil || a.Answered {
		if a != nil {
			a.Times++
		}
		return nil, &apiError{code: 400, description: "Bad Request: query is too old and response timeout expired or query ID is invalid"}
	}
	a.Answered, a.Text, a.ShowAlert = true, text, p.Get("show_alert") == "true"
	a.Times++
	s.bump()
	return true, nil
}
