// The websocket gateway: HELLO, IDENTIFY, READY, GUILD_CREATE, heartbeats,
// RESUME and the events dispatched, and a test's disconnection.

package discordtest

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/gorilla/websocket"
)

var upgrader = websocket.Upgrader{CheckOrigin: func(*http.Request) bool { return true }}

type gwPayload struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  int64           `json:"s,omitempty"`
	T  string          `json:"t,omitempty"`
}

func (s *Server) gateway(w http.ResponseWriter, r *http.Request) {
	c, err := upgrader.Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer c.Close()
	s.write(c, map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 41250}})
	_, raw, err := c.ReadMessage()
	if err != nil {
		return
	}
	var p gwPayload
	if json.Unmarshal(raw, &p) != nil {
		c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4002, "Error while decoding payload."))
		return
	}
	switch p.Op {
	case 2:
		var id struct {
			Token   string  `json:"token"`
			Intents int64   `json:"intents"`
			Shard   *[2]int `json:"shard"`
		}
		_ = json.Unmarshal(p.D, &id)
		if id.Token != "Bot "+s.botToken() {
			c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."))
			return
		}
		s.mu.Lock()
		if need := s.needShards; need > 1 && (id.Shard == nil || id.Shard[1] < need) {
			s.mu.Unlock()
			c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4011, "Sharding required."))
			return
		}
		s.stats.Identifies++
		s.shard, s.intents = id.Shard, id.Intents
		s.sessionID = "session-" + s.id()
		s.seq, s.history = 0, nil
		s.conn = c
		guilds := []map[string]any{}
		for _, g := range s.guildOrder {
			guilds = append(guilds, map[string]any{"id": g, "unavailable": true})
		}
		s.dispatchLocked("READY", map[string]any{"v": 10, "user": s.self, "session_id": s.sessionID, "guilds": guilds,
			"application": map[string]any{"id": s.app, "flags": 0}, "resume_gateway_url": s.wsURL()})
		for _, gid := range s.guildOrder {
			g := s.guilds[gid]
			s.dispatchLocked("GUILD_CREATE", s.guildCreate(g))
		}
		s.mu.Unlock()
	case 6:
		var res struct {
			Token     string `json:"token"`
			SessionID string `json:"session_id"`
			Seq       int64  `json:"seq"`
		}
		_ = json.Unmarshal(p.D, &res)
		if res.Token != "Bot "+s.botToken() {
			c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4004, "Authentication failed."))
			return
		}
		s.mu.Lock()
		if res.SessionID != s.sessionID {
			s.stats.Invalid++
			s.mu.Unlock()
			s.write(c, map[string]any{"op": 9, "d": false})
			// the socket closes a moment later, whatever the client sends
			// on it meanwhile (an IDENTIFY there is not taken)
			_ = c.SetReadDeadline(time.Now().Add(200 * time.Millisecond))
			for {
				if _, _, err := c.ReadMessage(); err != nil {
					return
				}
			}
		}
		s.stats.Resumes++
		s.conn = c
		s.write(c, map[string]any{"op": 0, "t": "RESUMED", "s": s.seq, "d": map[string]any{}})
		for _, e := range s.history {
			if e.seq > res.Seq {
				s.writeRaw(c, e.raw)
			}
		}
		s.mu.Unlock()
	default:
		c.WriteMessage(websocket.CloseMessage, websocket.FormatCloseMessage(4003, "Not authenticated."))
		return
	}
	for {
		_, raw, err := c.ReadMessage()
		if err != nil {
			s.mu.Lock()
			if s.conn == c {
				s.conn = nil
			}
			s.mu.Unlock()
			return
		}
		var p gwPayload
		if json.Unmarshal(raw, &p) == nil && p.Op == 1 {
			s.write(c, map[string]any{"op": 11})
		}
	}
}

func (s *Server) wsURL() string { return "ws" + strings.TrimPrefix(s.srv.URL, "http") + "/ws" }

func (s *Server) write(c *websocket.Conn, v any) {
	raw, _ := json.Marshal(v)
	s.writeRaw(c, raw)
}

func (s *Server) writeRaw(c *websocket.Conn, raw []byte) {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	_ = c.SetWriteDeadline(time.Now().Add(5 * time.Second))
	_ = c.WriteMessage(websocket.TextMessage, raw)
}

// dispatchLocked sends an event (kept for a RESUME); s.mu is held.
func (s *Server) dispatchLocked(t string, d any) {
	s.seq++
	data, _ := json.Marshal(d)
	raw, _ := json.Marshal(gwPayload{Op: 0, T: t, S: s.seq, D: data})
	s.history = append(s.history, event{seq: s.seq, raw: raw})
	if len(s.history) > 1000 {
		s.history = s.history[1:]
	}
	if s.conn != nil {
		s.writeRaw(s.conn, raw)
	}
}

// Disconnect drops the gateway connection without a close frame (a network
// failure): the bot must RESUME. Events sent meanwhile are replayed.
func (s *Server) Disconnect() {
	s.mu.Lock()
	c := s.conn
	s.conn = nil
	s.mu.Unlock()
	if c != nil {
		c.UnderlyingConn().Close()
	}
}

// ExpireSession ends the bot's gateway session as Discord does when its
// resume window passed (or it invalidated the session): the connection
// drops, and a RESUME of it is answered with an Invalid Session (op 9,
// d=false) on a socket that then closes; only a new IDENTIFY connects.
func (s *Server) ExpireSession() {
	s.mu.Lock()
	s.sessionID = ""
	s.history = nil
	s.mu.Unlock()
	s.Disconnect()
}

// RequireShards has the gateway refuse an IDENTIFY with fewer than n
// shards, as Discord does a bot in more servers than one shard may hold
// (2,500): close 4011 Sharding required.
func (s *Server) RequireShards(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.needShards = n
}

// Connected reports whether the bot holds a gateway connection.
func (s *Server) Connected() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conn != nil
}

// guildCreate is the GUILD_CREATE of g as a bot with the GUILDS intent
// gets it: its text channels (with the overwrites DenyBot set), its
// @everyone role (BotPermissions), and of its members only the bot;
// s.mu is held.
func (s *Server) guildCreate(g *guild) map[string]any {
	chans := []map[string]any{}
	for _, ch := range g.Channels {
		c := s.channelObject(s.channels[ch]) // with the overwrites DenyBot set
		chans = append(chans, c)
	}
	roles := []map[string]any{{"id": g.ID, "name": "@everyone", "permissions": strconv.FormatInt(BotPermissions, 10), "position": 0}}
	members := []map[string]any{{"user": s.self, "roles": []string{}, "joined_at": "2026-01-01T00:00:00Z"}}
	// its active threads (Discord, "Threads": the gateway syncs active
	// threads, not archived ones)
	threads := []map[string]any{}
	for _, c := range s.channels {
		if c.GuildID == g.ID && c.Parent != "" && !c.Archived {
			threads = append(threads, s.channelObject(c))
		}
	}
	return map[string]any{"id": g.ID, "name": g.Name, "owner_id": "1", "channels": chans, "members": members, "roles": roles, "threads": threads}
}
