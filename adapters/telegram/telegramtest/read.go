// What tests read of the fake: the updates confirmed, the callback answers,
// each chat's messages and transcript, the counters, the commands, the
// webhook and the chats.

package telegramtest

import (
	"sort"
	"strings"
	"time"
)

// Confirmed is the last update id the bot confirmed by polling past it.
func (s *Server) Confirmed() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.confirmed
}

// LastUpdate is the id of the last update queued.
func (s *Server) LastUpdate() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nextUpd
}

// Answer returns the answer to callback query id.
func (s *Server) Answer(id string) Answer {
	s.mu.Lock()
	defer s.mu.Unlock()
	if a := s.answers[id]; a != nil {
		return *a
	}
	return Answer{}
}

// WaitAnswer waits until callback query id is answered.
func (s *Server) WaitAnswer(id string, timeout time.Duration) Answer {
	s.tb.Helper()
	s.Wait(timeout, "the answer to callback "+id, func() bool { return s.Answer(id).Answered })
	return s.Answer(id)
}

// Answers returns every callback answer, by query id.
func (s *Server) Answers() map[string]Answer {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]Answer{}
	for id, a := range s.answers {
		out[id] = *a
	}
	return out
}

// Messages returns the messages of chat as they stand (deleted ones
// included, marked).
func (s *Server) Messages(chat int64) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Message, len(s.msgs[chat]))
	for i, m := range s.msgs[chat] {
		out[i] = *m
		out[i].Keyboard = append([][]Button(nil), m.Keyboard...)
	}
	return out
}

// BotMessages returns the bot's messages in chat that are not deleted.
func (s *Server) BotMessages(chat int64) []Message {
	var out []Message
	for _, m := range s.Messages(chat) {
		if m.FromBot && !m.Deleted {
			out = append(out, m)
		}
	}
	return out
}

// CountText returns how many of the bot's messages in chat (not deleted)
// contain substr.
func (s *Server) CountText(chat int64, substr string) int {
	n := 0
	for _, m := range s.BotMessages(chat) {
		if strings.Contains(m.Text, substr) {
			n++
		}
	}
	return n
}

// Transcript returns every text the bot showed in chat, every version of
// an edited message included, in order.
func (s *Server) Transcript(chat int64) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.history[chat]...)
}

// Stats returns the counts so far.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.stats
	st.Calls = map[string]int{}
	for k, v := range s.stats.Calls {
		st.Calls[k] = v
	}
	return st
}

// Commands returns the commands registered for a scope type and language
// ("" for the default language).
func (s *Server) Commands(scope, lang string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, c := range s.commands[scope+"/"+lang] {
		out = append(out, c["command"])
	}
	return out
}

// Webhook returns the webhook URL set ("" when none).
func (s *Server) Webhook() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.webhook
}

// Chats returns the ids of the chats with messages, sorted.
func (s *Server) Chats() []int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []int64
	for id := range s.msgs {
		out = append(out, id)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// Topics returns the names of a group's forum topics, by thread id - 1.
func (s *Server) Topics(chat int64) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if g := s.groups[chat]; g != nil {
		return append([]string(nil), g.topics...)
	}
	return nil
}
