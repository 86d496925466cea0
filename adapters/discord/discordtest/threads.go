// Threads and forums as members make them: a thread a member started in a
// text channel, a post in a forum channel, and a thread archived.

package discordtest

// Channel types the fake knows besides a text channel (0).
const (
	TypeThread = 11 // a public thread
	TypeForum  = 15 // a forum: only threads (posts), no messages of its own
)

// AddForum adds a forum channel to a guild (before the bot connects: it is
// in the next GUILD_CREATE).
func (s *Server) AddForum(guildID, id string) {
	s.AddChannel(guildID, id)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.channels[id].Type = TypeForum
}

// AddThread has a member start a public thread in a text channel, or a
// post in a forum channel (a thread too): the bot gets THREAD_CREATE
// (GUILDS intent), and the thread is in the guild's next GUILD_CREATE.
func (s *Server) AddThread(parent, id, owner, name string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.channels[parent]
	if p == nil || p.GuildID == "" || p.Parent != "" {
		s.tb.Fatalf("discordtest: no guild channel %s to start a thread in", parent)
	}
	c := &channel{ID: id, GuildID: p.GuildID, Name: name, Parent: parent, Owner: owner, Type: TypeThread}
	s.channels[id] = c
	s.dispatchLocked("THREAD_CREATE", s.channelObject(c))
	s.notify()
}

// ArchiveThread archives a thread, as Discord does after its inactivity
// (sooner in a busy server): its messages can no longer be edited (50083)
// until a message sent to it unarchives it.
func (s *Server) ArchiveThread(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channels[id]
	if c == nil || c.Parent == "" {
		s.tb.Fatalf("discordtest: no thread %s", id)
	}
	c.Archived = true
	s.dispatchLocked("THREAD_UPDATE", s.channelObject(c))
	s.notify()
}

// Archived reports whether a thread is archived.
func (s *Server) Archived(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channels[id]
	return c != nil && c.Archived
}

// DeleteThread deletes a thread as a moderator would: the bot gets
// THREAD_DELETE, and calls on it answer 404 Unknown Channel (10003).
func (s *Server) DeleteThread(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channels[id]
	if c == nil || c.Parent == "" {
		s.tb.Fatalf("discordtest: no thread %s", id)
	}
	delete(s.channels, id)
	s.dispatchLocked("THREAD_DELETE", map[string]any{"id": id, "guild_id": c.GuildID, "parent_id": c.Parent, "type": TypeThread})
	s.notify()
}

// DeleteChannel deletes a guild's text channel as an admin would: the bot
// gets CHANNEL_DELETE, and only that (Discord sends no THREAD_DELETE for
// the threads that go with it); calls on it, and on its threads, answer
// 404 Unknown Channel (10003).
func (s *Server) DeleteChannel(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.channels[id]
	if c == nil || c.GuildID == "" || c.Parent != "" {
		s.tb.Fatalf("discordtest: no guild channel %s", id)
	}
	obj := s.channelObject(c)
	delete(s.channels, id)
	for tid, t := range s.channels {
		if t.Parent == id {
			delete(s.channels, tid)
		}
	}
	if g := s.guilds[c.GuildID]; g != nil {
		for i, ch := range g.Channels {
			if ch == id {
				g.Channels = append(g.Channels[:i:i], g.Channels[i+1:]...)
				break
			}
		}
	}
	s.dispatchLocked("CHANNEL_DELETE", obj)
	s.notify()
}
