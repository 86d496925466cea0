// Messages: the bodies bots send, checked against Discord's limits on
// content, embeds and components; channel messages, DM channels and threads.

package discordtest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
)

type messageBody struct {
	Content    *string      `json:"content"`
	Embeds     *[]Embed     `json:"embeds"`
	Components *[]Component `json:"components"`
	Flags      int          `json:"flags"`
	// a modal's, and autocomplete choices
	CustomID string   `json:"custom_id"`
	Title    string   `json:"title"`
	Choices  []Choice `json:"choices"`
}

// check applies Discord's limits on a message body.
func checkMessage(b messageBody) string {
	if b.Content != nil && len16(*b.Content) > maxContent {
		return "content: Must be 2000 or fewer in length."
	}
	if b.Embeds != nil {
		if len(*b.Embeds) > 10 {
			return "embeds: Must be 10 or fewer in length."
		}
		total := 0
		for _, e := range *b.Embeds {
			if msg := checkEmbed(e); msg != "" {
				return msg
			}
			total += len16(e.Title) + len16(e.Description)
			for _, f := range e.Fields {
				total += len16(f.Name) + len16(f.Value)
			}
		}
		if total > 6000 {
			return "embeds: Embed size exceeds maximum size of 6000"
		}
	}
	if b.Components != nil {
		return checkComponents(*b.Components, ComponentButton)
	}
	return ""
}

// checkEmbed applies Discord's limits on one embed.
func checkEmbed(e Embed) string {
	switch {
	case len16(e.Title) > 256:
		return "embeds.0.title: Must be 256 or fewer in length."
	case len16(e.Description) > maxDescription:
		return "embeds.0.description: Must be 4096 or fewer in length."
	case len(e.Fields) > 25:
		return "embeds.0.fields: Must be 25 or fewer in length."
	}
	for _, f := range e.Fields {
		switch {
		case f.Name == "" || f.Value == "":
			return "embeds.0.fields.0: This field is required"
		case len16(f.Name) > 256:
			return "embeds.0.fields.0.name: Must be 256 or fewer in length."
		case len16(f.Value) > 1024:
			return "embeds.0.fields.0.value: Must be 1024 or fewer in length."
		}
	}
	return ""
}

func checkComponents(rows []Component, want int) string {
	if len(rows) > maxRows {
		return "components: Must be 5 or fewer in length."
	}
	ids := map[string]bool{}
	for _, r := range rows {
		if r.Type != ComponentRow {
			return "components: top-level components must be action rows"
		}
		if len(r.Components) == 0 || len(r.Components) > maxButtonsPerRow {
			return "components.components: Must be between 1 and 5 in length."
		}
		for _, c := range r.Components {
			if c.Type != want {
				return fmt.Sprintf("components: component of type %d here", c.Type)
			}
			if len([]rune(c.Label)) > maxButtonLabel || (want == ComponentTextInput && len([]rune(c.Label)) > 45) {
				return "components.label: too long"
			}
			if c.Type == ComponentButton && c.Style == StyleLink {
				if c.URL == "" || c.CustomID != "" {
					return "components: a link button needs a url and no custom_id"
				}
				continue
			}
			if c.CustomID == "" || len(c.CustomID) > maxCustomID {
				return "components.custom_id: Must be between 1 and 100 in length."
			}
			if ids[c.CustomID] {
				return "components.custom_id: Component custom id cannot be duplicated"
			}
			ids[c.CustomID] = true
		}
	}
	return ""
}

func (s *Server) newMessage(channelID string, b messageBody) *Message {
	m := &Message{ID: s.id(), ChannelID: channelID, Author: s.self, Flags: b.Flags}
	s.apply(m, b)
	s.messages[m.ID] = m
	s.stats.Sent++
	return m
}

func (s *Server) apply(m *Message, b messageBody) {
	if b.Content != nil {
		m.Content = *b.Content
	}
	if b.Embeds != nil {
		m.Embeds = append([]Embed(nil), (*b.Embeds)...)
	}
	if b.Components != nil {
		m.Components = append([]Component(nil), (*b.Components)...)
	}
	s.attach(m)
	m.Versions = append(m.Versions, m.Text())
}

// decodeMessage reads a message body and applies Discord's limits; a body
// refused is answered (400) and ok is false.
func (s *Server) decodeMessage(w http.ResponseWriter, body []byte) (b messageBody, ok bool) {
	if err := json.Unmarshal(body, &b); err != nil {
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return b, false
	}
	if bad := checkMessage(b); bad != "" {
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: "+bad)
		return b, false
	}
	return b, true
}

// edit applies an edit to m and counts it.
func (s *Server) edit(m *Message, b messageBody) {
	s.apply(m, b)
	m.Edits++
	s.stats.Edits++
}

// dmChannel opens (or returns) the DM channel with a user.
func (s *Server) dmChannel(w http.ResponseWriter, body []byte) {
	var b struct {
		RecipientID string `json:"recipient_id"`
	}
	_ = json.Unmarshal(body, &b)
	u, ok := s.users[b.RecipientID]
	if !ok {
		s.fail(w, http.StatusBadRequest, 50033, "Invalid Recipient(s)")
		return
	}
	id := s.dms[u.ID]
	if id == "" {
		id = s.id()
		s.dms[u.ID] = id
		s.channels[id] = &channel{ID: id, DM: u.ID}
	}
	s.ok(w, map[string]any{"id": id, "type": 1, "recipients": []User{u}})
}

func (s *Server) channelMessages(w http.ResponseWriter, method string, parts []string, body []byte) {
	c := s.channels[parts[1]]
	if c == nil {
		s.fail(w, http.StatusNotFound, 10003, "Unknown Channel")
		return
	}
	if g := s.guilds[c.GuildID]; g != nil && g.removed {
		s.fail(w, http.StatusForbidden, 50001, "Missing Access")
		return
	}
	if s.deniedBot(c)&permViewChannel != 0 {
		s.fail(w, http.StatusForbidden, 50001, "Missing Access")
		return
	}
	if g := s.guilds[c.GuildID]; g != nil && time.Now().Before(g.timedOut) && method != "GET" {
		// A member timed out may not send or change messages; bots too
		// (discord/discord-api-docs#6847: 50013 Missing Permissions).
		s.fail(w, http.StatusForbidden, 50013, "Missing Permissions")
		return
	}
	if send := int64(permSendMessages); method == "POST" && (c.Parent != "" && s.deniedBot(c)&permSendInThreads != 0 || c.Parent == "" && c.denyBot&send != 0) {
		s.fail(w, http.StatusForbidden, 50013, "Missing Permissions")
		return
	}
	if c.Type == TypeForum && method == "POST" {
		// Discord, "Threads": messages cannot be sent directly in forum channels
		s.fail(w, http.StatusBadRequest, 50008, "Cannot send messages in a non-text channel")
		return
	}
	if c.Archived && method == "PATCH" {
		// Discord, "Threads": users cannot edit messages in archived threads
		s.fail(w, http.StatusBadRequest, 50083, "Thread is archived")
		return
	}
	if c.DM != "" && c.Name == "blocked" && method == "POST" {
		s.stats.DMsRefused++
		s.notify()
		s.fail(w, http.StatusForbidden, 50007, "Cannot send messages to this user")
		return
	}
	var b messageBody
	if method == "POST" || method == "PATCH" {
		var ok bool
		if b, ok = s.decodeMessage(w, body); !ok {
			return
		}
	}
	if method == "POST" && len(parts) == 3 && (b.Content == nil || *b.Content == "") && (b.Embeds == nil || len(*b.Embeds) == 0) {
		s.fail(w, http.StatusBadRequest, 50006, "Cannot send an empty message")
		return
	}
	if method == "POST" && b.Flags&FlagEphemeral != 0 {
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: a channel message cannot be ephemeral")
		return
	}
	// A valid request counts against the channel's bucket.
	if !s.take(w, "channel:"+c.ID) {
		return
	}
	switch {
	case method == "POST" && len(parts) == 3:
		c.Archived = false // Discord, "Threads": sending a message unarchives the thread
		if (b.Content == nil || *b.Content == "") && (b.Embeds == nil || len(*b.Embeds) == 0) {
			s.fail(w, http.StatusBadRequest, 50006, "Cannot send an empty message")
			return
		}
		if b.Flags&FlagEphemeral != 0 {
			s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: a channel message cannot be ephemeral")
			return
		}
		m := s.newMessage(c.ID, b)
		c.Messages = append(c.Messages, m)
		s.ok(w, m)
	case len(parts) == 4:
		m := s.messages[parts[3]]
		if m == nil || m.ChannelID != c.ID || m.Deleted {
			s.fail(w, http.StatusNotFound, 10008, "Unknown Message")
			return
		}
		switch method {
		case "PATCH":
			s.edit(m, b)
			s.ok(w, m)
		case "DELETE":
			m.Deleted = true
			s.ok(w, nil)
		case "GET":
			s.ok(w, m)
		default:
			s.tb.Errorf("discordtest: %s on a channel message is not implemented", method)
			s.fail(w, http.StatusMethodNotAllowed, 0, "405: Method Not Allowed")
			return
		}
	default:
		s.tb.Errorf("discordtest: %s /channels/%s is not implemented", method, strings.Join(parts[1:], "/"))
		s.fail(w, http.StatusNotFound, 0, "404: Not Found")
		return
	}
	s.notify()
}

// startThread opens a public thread in a guild text channel (POST
// /channels/{id}/threads without a message): name 1-100 characters, type
// 11, auto-archive after 60, 1440, 4320 or 10080 minutes.
func (s *Server) startThread(w http.ResponseWriter, parent string, body []byte) {
	var b struct {
		Name      string `json:"name"`
		Type      int    `json:"type"`
		Archive   int    `json:"auto_archive_duration"`
		Invitable *bool  `json:"invitable"`
	}
	if err := json.Unmarshal(body, &b); err != nil {
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	c := s.channels[parent] // s.mu is held by serve
	switch {
	case c == nil:
		s.fail(w, http.StatusNotFound, 10003, "Unknown Channel")
		return
	case c.GuildID == "" || c.Parent != "":
		s.fail(w, http.StatusBadRequest, 50024, "Cannot execute action on this channel type")
		return
	case c.Type == TypeForum:
		// a forum's post is a thread with its first message (message
		// required): not what a bot opening a table's thread sends
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body: message: This field is required")
		return
	case b.Name == "" || len([]rune(b.Name)) > 100 || b.Type != 11:
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	switch b.Archive {
	case 0, 60, 1440, 4320, 10080:
	default:
		s.fail(w, http.StatusBadRequest, 50035, "Invalid Form Body")
		return
	}
	id := s.id()
	s.channels[id] = &channel{ID: id, GuildID: c.GuildID, Name: b.Name, Parent: parent, Owner: s.self.ID, Type: TypeThread}
	s.ok(w, s.channelObject(s.channels[id]))
}
