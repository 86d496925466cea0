// What tests read of the fake: the commands registered, each channel's
// messages and DMs, transcripts, the users and the threads.

package discordtest

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Commands returns the commands registered for a guild ("" for global).
func (s *Server) Commands(guildID string) []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []map[string]any
	for _, raw := range s.commands[guildID] {
		var m map[string]any
		_ = json.Unmarshal(raw, &m)
		out = append(out, m)
	}
	return out
}

// Messages returns the messages of a channel, oldest first (deleted ones
// left out).
func (s *Server) Messages(channelID string) []*Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*Message
	if c := s.channels[channelID]; c != nil {
		for _, m := range c.Messages {
			if !m.Deleted {
				cp := *m
				out = append(out, &cp)
			}
		}
	}
	return out
}

// DMs returns the direct messages the bot sent to a user.
func (s *Server) DMs(userID string) []*Message {
	s.mu.Lock()
	id := s.dms[userID]
	s.mu.Unlock()
	if id == "" {
		return nil
	}
	return s.Messages(id)
}

// Everything returns every text every version of every message showed in
// a channel as each user would see it: public messages to all, ephemeral
// ones only to their user ("" asks for what any member sees).
func (s *Server) Everything(channelID, user string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	c := s.channels[channelID]
	if c == nil {
		return nil
	}
	for _, m := range c.Messages {
		if m.Ephemeral() && m.For != user {
			continue
		}
		out = append(out, m.Versions...)
	}
	return out
}

// Transcript is every public message text of a channel, for debugging.
func (s *Server) Transcript(channelID string) string {
	var b strings.Builder
	for _, m := range s.Messages(channelID) {
		if !m.Ephemeral() {
			fmt.Fprintf(&b, "[%s] %s\n", m.ID, m.Text())
		}
	}
	return b.String()
}

// Users returns the ids of the users the fake knows, sorted.
func (s *Server) Users() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for id := range s.users {
		out = append(out, id)
	}
	sort.Strings(out)
	return out
}

// Threads returns the threads opened in a channel, by name, oldest first.
func (s *Server) Threads(parent string) map[string]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]string{}
	for id, c := range s.channels {
		if c.Parent == parent {
			out[id] = c.Name
		}
	}
	return out
}
