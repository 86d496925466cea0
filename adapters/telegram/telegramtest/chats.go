// The Bot API's methods on chats and the bot: commands, chat members, the
// webhook and its deliveries, and forum topics.

package telegramtest

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

func (s *Server) setMyCommands(p url.Values) (any, *apiError) {
	var cmds []map[string]string
	if err := json.Unmarshal([]byte(p.Get("commands")), &cmds); err != nil {
		return nil, &apiError{code: 400, description: "Bad Request: can't parse commands JSON"}
	}
	for _, c := range cmds {
		name, desc := c["command"], c["description"]
		if name == "" || len(name) > 32 || strings.ToLower(name) != name || strings.ContainsAny(name, " /@") {
			return nil, &apiError{code: 400, description: "Bad Request: BOT_COMMAND_INVALID"}
		}
		if n := utf8.RuneCountInString(desc); n < 1 || n > 256 {
			return nil, &apiError{code: 400, description: "Bad Request: BOT_COMMAND_DESCRIPTION_INVALID"}
		}
	}
	scope := "default"
	if raw := p.Get("scope"); raw != "" {
		var sc struct {
			Type string `json:"type"`
		}
		if err := json.Unmarshal([]byte(raw), &sc); err != nil || sc.Type == "" {
			return nil, &apiError{code: 400, description: "Bad Request: can't parse BotCommandScope JSON object"}
		}
		scope = sc.Type
	}
	s.mu.Lock()
	s.commands[scope+"/"+p.Get("language_code")] = cmds
	s.mu.Unlock()
	return true, nil
}

func (s *Server) getChatMember(p url.Values) (any, *apiError) {
	chat, e := s.chatParam(p)
	if e != nil {
		return nil, e
	}
	user, _ := strconv.ParseInt(p.Get("user_id"), 10, 64)
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.groups[chat]
	if g == nil {
		return nil, &apiError{code: 400, description: "Bad Request: chat not found"}
	}
	if user == botID {
		return s.botMember(g), nil
	}
	if g.channel && g.bot != "administrator" && g.bot != "" {
		return nil, &apiError{code: 400, description: "Bad Request: member list is inaccessible"}
	}
	status := "member"
	switch {
	case g.owner == user:
		status = "creator"
	case g.admins[user]:
		status = "administrator"
	case g.channel:
		status = "left"
	}
	return map[string]any{"user": s.userJSON(user), "status": status}, nil
}

// botID is the bot's user id (getMe).
const botID = 1

// botMember is the bot's own chat member; s.mu is held.
func (s *Server) botMember(g *group) map[string]any {
	self := map[string]any{"id": botID, "is_bot": true, "first_name": s.BotUser, "username": s.BotUser}
	switch {
	case g.bot == "" && g.channel, g.bot == "administrator":
		return map[string]any{"user": self, "status": "administrator", "can_post_messages": g.botKind != "no_post",
			"can_be_edited": false, "can_manage_chat": true}
	case g.bot == "":
		return map[string]any{"user": self, "status": "member"}
	case g.bot == "restricted":
		return map[string]any{"user": self, "status": "restricted", "is_member": true, "can_send_messages": false, "until_date": 0}
	}
	return map[string]any{"user": self, "status": g.bot}
}

// AddChannel creates a channel (its id should be negative) with a public
// @username (without the @, "" for a private channel), owned by owner and
// administered by admins. The bot is an administrator who may post, until
// SetBotMember says otherwise.
func (s *Server) AddChannel(id int64, username, title string, owner int64, admins ...int64) {
	s.AddGroup(id, title, owner, admins...)
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.groups[id]
	g.channel, g.username = true, username
}

// SetBotMember sets the bot's membership of a group or channel: "member"
// (a channel's plain subscriber, who cannot post), "administrator",
// "administrator no_post" (an admin without the right to post),
// "restricted" (a group member who may not send messages), "left" or
// "kicked" (the bot is not there: sends get 403).
func (s *Server) SetBotMember(chat int64, status string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.groups[chat]
	if g == nil {
		s.tb.Errorf("telegramtest: no chat %d", chat)
		return
	}
	g.bot, g.botKind, _ = strings.Cut(status, " ")
	if g.channel && g.bot == "member" {
		g.bot = "left" // a subscriber bot is no member the Bot API shows
	}
}

// SetAdmin promotes user to an administrator of group chat (admin true)
// or demotes them to a member.
func (s *Server) SetAdmin(chat, user int64, admin bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.groups[chat]
	if g == nil {
		s.tb.Errorf("telegramtest: no group %d", chat)
		return
	}
	g.admins[user] = admin
}

// SetFailing answers the next n calls of method with 500 Internal Server
// Error, as Telegram does when it fails.
func (s *Server) SetFailing(method string, n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failing[method] = n
}

// SetLimited answers the next n calls of method with 429 Too Many
// Requests, retry_after seconds (in Telegram's time: Telegram counts them
// in whole seconds, which the fake's Scale does not shorten).
func (s *Server) SetLimited(method string, n, retryAfter int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.limited[method] = [2]int{n, retryAfter}
}

// SetSlow delays every call of method by d (0: no more), real time.
func (s *Server) SetSlow(method string, d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.slow[method] = d
}

func (s *Server) setWebhook(p url.Values) (any, *apiError) {
	u := p.Get("url")
	if u == "" {
		s.mu.Lock()
		s.webhook = ""
		s.mu.Unlock()
		return true, nil
	}
	pu, err := url.Parse(u)
	if err != nil || (pu.Scheme != "https" && pu.Scheme != "http") || pu.Host == "" {
		return nil, &apiError{code: 400, description: "Bad Request: bad webhook: An HTTPS URL must be provided for webhook"}
	}
	secret := p.Get("secret_token")
	s.mu.Lock()
	defer s.mu.Unlock()
	s.webhook, s.whSecret = u, secret
	s.setAllowed(p.Get("allowed_updates"))
	if s.whCancel != nil {
		s.whCancel()
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.whCancel = cancel
	s.bump()
	go s.deliverWebhook(ctx, u, secret)
	return true, nil
}

// deliverWebhook posts queued updates to the webhook, in order, each until
// it is accepted with 200.
func (s *Server) deliverWebhook(ctx context.Context, u, secret string) {
	client := &http.Client{Timeout: 10 * time.Second}
	for ctx.Err() == nil {
		s.mu.Lock()
		var raw json.RawMessage
		var id int
		for len(s.updates) > 0 && !s.sendable(s.updates[0]) {
			s.updates, s.updateIDs = s.updates[1:], s.updateIDs[1:] // a kind not asked for: never sent
		}
		if len(s.updates) > 0 {
			raw, id = s.updates[0], s.updateIDs[0]
		}
		ch := s.changed
		s.mu.Unlock()
		if raw == nil {
			select {
			case <-ch:
			case <-ctx.Done():
			}
			continue
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, u, strings.NewReader(string(raw)))
		req.Header.Set("Content-Type", "application/json")
		if secret != "" {
			req.Header.Set("X-Telegram-Bot-Api-Secret-Token", secret)
		}
		resp, err := client.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		if err != nil || resp.StatusCode != http.StatusOK {
			select {
			case <-time.After(100 * time.Millisecond):
			case <-ctx.Done():
			}
			continue
		}
		s.mu.Lock()
		if len(s.updateIDs) > 0 && s.updateIDs[0] == id {
			s.updates, s.updateIDs = s.updates[1:], s.updateIDs[1:]
		}
		s.mu.Unlock()
	}
}

// SetForum turns topics on in a group (a supergroup with topics).
func (s *Server) SetForum(chat int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g := s.groups[chat]; g != nil {
		g.forum = true
	}
}

func (s *Server) getChat(p url.Values) (any, *apiError) {
	chat, e := s.chatParam(p)
	if e != nil {
		return nil, e
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if g := s.groups[chat]; g != nil {
		kind := "group"
		if g.forum || chat < -1000000000000 {
			kind = "supergroup"
		}
		if g.channel {
			if g.bot == "left" || g.bot == "kicked" {
				return nil, &apiError{code: 400, description: "Bad Request: chat not found"}
			}
			kind = "channel"
		}
		out := map[string]any{"id": chat, "type": kind, "title": g.title, "is_forum": g.forum}
		if g.username != "" {
			out["username"] = g.username
		}
		return out, nil
	}
	if u := s.users[chat]; u != nil {
		return map[string]any{"id": chat, "type": "private", "first_name": u.FirstName}, nil
	}
	return nil, &apiError{code: 400, description: "Bad Request: chat not found"}
}

// createForumTopic opens a topic in a forum supergroup; a chat without
// topics refuses, as Telegram does.
func (s *Server) createForumTopic(p url.Values) (any, *apiError) {
	chat, e := s.chatParam(p)
	if e != nil {
		return nil, e
	}
	name := p.Get("name")
	if name == "" || len([]rune(name)) > 128 {
		return nil, &apiError{code: 400, description: "Bad Request: TOPIC_NAME_INVALID"}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.groups[chat]
	if g == nil || !g.forum {
		return nil, &apiError{code: 400, description: "Bad Request: the chat is not a forum"}
	}
	g.topics = append(g.topics, name)
	return map[string]any{"message_thread_id": len(g.topics), "name": name, "icon_color": 7322096}, nil
}
