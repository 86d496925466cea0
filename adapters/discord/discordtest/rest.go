// The REST API: the routes served, and their answers and errors.

package discordtest

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

type apiError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (s *Server) fail(w http.ResponseWriter, status, code int, msg string) {
	if code == 50035 {
		s.refused.Add(1)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(apiError{Code: code, Message: msg})
}

func (s *Server) ok(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	if v == nil {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	_ = json.NewEncoder(w).Encode(v)
}

var apiPrefix = regexp.MustCompile(`^/api/v\d+`)

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/ws" || r.URL.Path == "/ws/" {
		s.gateway(w, r)
		return
	}
	path := apiPrefix.ReplaceAllString(r.URL.Path, "")
	if path == r.URL.Path {
		s.tb.Errorf("discordtest: %s %s is not under /api/vN", r.Method, r.URL.Path)
		http.NotFound(w, r)
		return
	}
	body, files, ok := s.readBody(w, r)
	if !ok {
		return
	}
	parts := strings.Split(strings.Trim(path, "/"), "/")
	interaction := len(parts) >= 1 && (parts[0] == "interactions" || parts[0] == "webhooks")
	s.mu.Lock()
	defer s.mu.Unlock()
	s.upload = files
	defer func() { s.upload = nil }()
	s.stats.Calls++
	if !interaction && !(parts[0] == "gateway") {
		if r.Header.Get("Authorization") != "Bot "+s.token {
			s.fail(w, http.StatusUnauthorized, 0, "401: Unauthorized")
			return
		}
		if now := time.Now(); now.Before(s.globalUntil) {
			s.stats.RateLimited++
			s.stats.DuringGlobal++
			s.tooMany(w, time.Duration(float64(s.globalUntil.Sub(now))*s.scale), true)
			return
		}
		if s.flood > 0 {
			s.flood--
			s.stats.RateLimited++
			s.tooMany(w, s.floodAfter, false)
			return
		}
	}
	route := r.Method + " " + path
	switch {
	case r.Method == "GET" && (path == "/gateway" || path == "/gateway/bot"):
		s.ok(w, map[string]any{"url": s.wsURL(), "shards": 1,
			"session_start_limit": map[string]any{"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}})
	case r.Method == "GET" && path == "/users/@me":
		s.ok(w, s.self)
	case r.Method == "PUT" && len(parts) == 3 && parts[0] == "applications" && parts[2] == "commands":
		s.putCommands(w, parts[1], "", body)
	case r.Method == "PUT" && len(parts) == 5 && parts[0] == "applications" && parts[2] == "guilds" && parts[4] == "commands":
		s.putCommands(w, parts[1], parts[3], body)
	case r.Method == "POST" && len(parts) == 4 && parts[0] == "interactions" && parts[3] == "callback":
		s.callback(w, parts[1], parts[2], body)
	case parts[0] == "webhooks" && len(parts) >= 3 && parts[1] != s.app:
		s.fail(w, http.StatusNotFound, 10015, "Unknown Webhook")
	case len(parts) == 5 && parts[0] == "webhooks" && parts[3] == "messages":
		s.webhookMessage(w, r.Method, parts[2], parts[4], body)
	case r.Method == "POST" && len(parts) == 3 && parts[0] == "webhooks":
		s.followup(w, parts[2], body)
	case r.Method == "POST" && path == "/users/@me/channels":
		s.dmChannel(w, body)
	case r.Method == "GET" && len(parts) == 4 && parts[0] == "guilds" && parts[2] == "members":
		s.getMember(w, parts[1], parts[3])
	case r.Method == "GET" && len(parts) == 2 && parts[0] == "channels":
		s.getChannel(w, parts[1])
	case len(parts) >= 3 && parts[0] == "channels" && parts[2] == "messages":
		s.channelMessages(w, r.Method, parts, body)
	case r.Method == "POST" && len(parts) == 3 && parts[0] == "channels" && parts[2] == "threads":
		s.startThread(w, parts[1], body)
	default:
		s.tb.Errorf("discordtest: %s is not implemented", route)
		s.fail(w, http.StatusNotFound, 0, "404: Not Found")
	}
}

// getMember answers GET /guilds/{guild}/members/{user} for the bot: its
// member, with communication_disabled_until while it is timed out
// (TimeOutBot); s.mu is held.
func (s *Server) getMember(w http.ResponseWriter, guildID, user string) {
	g := s.guilds[guildID]
	if g == nil || g.removed || user != s.self.ID {
		s.fail(w, http.StatusNotFound, 10007, "Unknown Member")
		return
	}
	m := map[string]any{"user": s.self, "roles": []string{}, "joined_at": "2026-01-01T00:00:00Z"}
	if !g.timedOut.IsZero() {
		m["communication_disabled_until"] = g.timedOut.UTC().Format(time.RFC3339Nano)
	}
	s.ok(w, m)
}

// getChannel answers GET /channels/{id}: a guild's channel, else 404
// Unknown Channel (10003); s.mu is held.
func (s *Server) getChannel(w http.ResponseWriter, id string) {
	c := s.channels[id] // s.mu is held (serve)
	if c == nil || c.GuildID == "" {
		s.fail(w, http.StatusNotFound, 10003, "Unknown Channel")
		return
	}
	if s.deniedBot(c)&permViewChannel != 0 {
		s.fail(w, http.StatusForbidden, 50001, "Missing Access")
		return
	}
	s.ok(w, s.channelObject(c))
}

// channelObject is a guild channel as Discord shows it: a thread with its
// parent, its owner (who started it) and its archived state; s.mu is held.
func (s *Server) channelObject(c *channel) map[string]any {
	// Discord sends a channel's overwrites whole, [] when none (a client
	// keeps the ones it knew when the field is missing)
	o := map[string]any{"id": c.ID, "type": c.Type, "name": c.Name, "guild_id": c.GuildID, "permission_overwrites": []map[string]any{}}
	if c.denyBot != 0 {
		o["permission_overwrites"] = []map[string]any{{"id": s.self.ID, "type": 1, "allow": "0", "deny": strconv.FormatInt(c.denyBot, 10)}}
	}
	if c.Parent != "" {
		o["type"], o["parent_id"], o["owner_id"] = TypeThread, c.Parent, c.Owner
		o["thread_metadata"] = map[string]any{"archived": c.Archived, "auto_archive_duration": 1440, "locked": false,
			"archive_timestamp": "2026-01-01T00:00:00Z"}
	}
	return o
}
