// Tests acting as users: slash commands, autocompletes, button presses and
// modal submissions as interactions, the answers they get, DMs blocked and
// messages deleted.

package discordtest

import (
	"strconv"
	"time"
)

func (s *Server) member(channelID string, u User) map[string]any {
	c := s.channels[channelID]
	if c == nil {
		s.tb.Fatalf("discordtest: no channel %s", channelID)
	}
	g := s.guilds[c.GuildID]
	perms, ok := g.Members[u.ID]
	if !ok {
		s.tb.Fatalf("discordtest: %s is not a member of guild %s", u.ID, g.ID)
	}
	roles := g.Roles[u.ID]
	if roles == nil {
		roles = []string{}
	}
	return map[string]any{"user": u, "permissions": strconv.FormatInt(perms, 10), "roles": roles, "nick": nil}
}

func (s *Server) interact(typ int, channelID, userID string, data any, message *Message) *Interaction {
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.users[userID]
	if !ok {
		s.tb.Fatalf("discordtest: no user %s", userID)
	}
	it := &Interaction{ID: s.id(), Token: "itoken-" + s.id(), Type: typ, User: u, ChannelID: channelID, Created: time.Now(), done: make(chan struct{})}
	s.interactions[it.Token] = it
	c := s.channels[channelID]
	d := map[string]any{"id": it.ID, "application_id": s.app, "type": typ, "data": data, "channel_id": channelID,
		"token": it.Token, "version": 1, "locale": "en-US"}
	if l := s.locales[userID]; l != "" {
		d["locale"] = l
	}
	if c.GuildID != "" {
		d["channel"] = s.channelObject(c) // the partial channel Discord sends along
		// what the bot may do there: its role's, less the overwrites
		// DenyBot set (a thread's are its parent's)
		deny := c.denyBot
		if p := s.channels[c.Parent]; p != nil {
			deny |= p.denyBot
		}
		d["app_permissions"] = strconv.FormatInt(BotPermissions&^deny, 10)
		d["guild_id"] = c.GuildID
		d["member"] = s.member(channelID, u)
		d["guild_locale"] = "en-US"
	} else {
		d["user"] = u
	}
	if message != nil {
		d["message"] = message
	}
	s.dispatchLocked("INTERACTION_CREATE", d)
	return it
}

// Interact sends an interaction of any type with any data, as a user in a
// channel: a malformed one (an option that is null, data of another
// kind) as well as a well-formed one.
func (s *Server) Interact(typ int, channelID, userID string, data any) *Interaction {
	return s.interact(typ, channelID, userID, data, nil)
}

// Option is a slash command's option as a user fills it.
type Option struct {
	Name  string
	Type  int // 3 string, 4 integer, 5 boolean, 6 user, 7 channel
	Value any
}

// Slash runs a slash command as a user in a channel.
func (s *Server) Slash(channelID, userID, name string, opts ...Option) *Interaction {
	var os []map[string]any
	for _, o := range opts {
		os = append(os, map[string]any{"name": o.Name, "type": o.Type, "value": o.Value})
	}
	return s.interact(InteractionCommand, channelID, userID, map[string]any{"id": "cmd-" + name, "name": name, "type": 1, "options": os}, nil)
}

// Autocomplete asks for an option's choices as a user types.
func (s *Server) Autocomplete(channelID, userID, name, option, typed string) *Interaction {
	return s.interact(InteractionAutocomplete, channelID, userID, map[string]any{"id": "cmd-" + name, "name": name, "type": 1,
		"options": []map[string]any{{"name": option, "type": 3, "value": typed, "focused": true}}}, nil)
}

// Press presses the button with custom_id on a message.
func (s *Server) Press(userID string, m *Message, customID string) *Interaction {
	found := false
	for _, b := range m.Buttons() {
		if b.CustomID == customID {
			found = true
		}
	}
	if !found {
		s.tb.Fatalf("discordtest: message %s has no button %q", m.ID, customID)
	}
	return s.PressData(userID, m, customID)
}

// PressData sends a button interaction with any custom_id (a forged one).
func (s *Server) PressData(userID string, m *Message, customID string) *Interaction {
	return s.interact(InteractionComponent, m.ChannelID, userID, map[string]any{"custom_id": customID, "component_type": ComponentButton}, m)
}

// Submit submits a modal with the values of its text inputs.
func (s *Server) Submit(channelID, userID string, md *Modal, values ...string) *Interaction {
	var rows []map[string]any
	i := 0
	for _, r := range md.Components {
		for _, c := range r.Components {
			v := ""
			if i < len(values) {
				v = values[i]
			}
			i++
			rows = append(rows, map[string]any{"type": 1, "components": []map[string]any{{"type": ComponentTextInput, "custom_id": c.CustomID, "value": v}}})
		}
	}
	return s.interact(InteractionModalSubmit, channelID, userID, map[string]any{"custom_id": md.CustomID, "components": rows}, nil)
}

// Answer waits for the bot's answer to an interaction: its acknowledgement,
// and for a deferred one the edit that completes it.
func (s *Server) Answer(it *Interaction, timeout time.Duration) *Response {
	s.tb.Helper()
	select {
	case <-it.done:
	case <-time.After(timeout):
		s.tb.Fatalf("discordtest: interaction %s (type %d) not answered within %v", it.ID, it.Type, timeout)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	r := *it.Response
	if r.Message != nil {
		cp := *r.Message
		r.Message = &cp
	}
	return &r
}

// Followups returns the follow-up messages of an interaction.
func (s *Server) Followups(it *Interaction) []*Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Message
	for _, m := range it.Followups {
		cp := *m
		out = append(out, &cp)
	}
	return out
}

// BlockDMs makes direct messages to a user fail (50007), as when they
// turned off DMs from server members.
func (s *Server) BlockDMs(userID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.users[userID].ID == "" {
		s.tb.Fatalf("discordtest: no user %s", userID)
	}
	id := s.dms[userID]
	if id == "" {
		id = s.id()
		s.dms[userID] = id
	}
	s.channels[id] = &channel{ID: id, DM: userID, Name: "blocked"}
}

// SetLocale sets the locale a user's client sends with each interaction
// (default en-US), such as "de" or "es-ES".
func (s *Server) SetLocale(userID, locale string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.locales[userID] = locale
}

// AllowDMs lets direct messages reach a user again (they turned DMs from
// server members back on after BlockDMs).
func (s *Server) AllowDMs(userID string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c := s.channels[s.dms[userID]]; c != nil && c.Name == "blocked" {
		c.Name = ""
	}
}

// DeleteMessage deletes a channel message as a moderator would.
func (s *Server) DeleteMessage(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if m := s.messages[id]; m != nil {
		m.Deleted = true
	}
	s.notify()
}
